"""The actions of GET /api/v1/rulesets as JSON Schema: every action the
engine offers or accepts in the worked examples fits its game's schema, and
a malformed one does not (an offline client composes from these)."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring import RuleBroken
from scoring.celtica import rules as celtica_rules
from scoring.keltis import rules as keltis_rules
from scoring.keltis_orakel import rules as orakel_rules
from scoring.lost_cities import rules as lost_cities_rules

DATA = Path(__file__).parent / "data"
# Every game's worked examples ({"record", "sheet"} each: tests/examples.py).
RECORDS = [path for game in ("keltis", "orakel", "celtica", "lost_cities") for path in sorted((DATA / game).glob("*.json"))]


def record_of(path: Path) -> dict:
    return json.loads(path.read_text())["record"]


@functools.cache
def validators(game: str) -> dict[str, jsonschema.protocols.Validator]:
    """One validator per action type of ``game``, each schema checked once:
    jsonschema.validate checks the schema itself again on every call."""
    built = {}
    for kind, action_schema in scoring.RULESETS[game].describe()["actions"].items():
        cls = jsonschema.validators.validator_for(action_schema)
        cls.check_schema(action_schema)
        built[kind] = cls(action_schema)
    return built


def fits(game: str, action: dict) -> bool:
    validator = validators(game).get(action.get("type"))
    return validator is not None and validator.is_valid(action)


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.name)
def test_every_offered_and_logged_action_fits(path):
    record = record_of(path)
    game = scoring.Game.replay({**record, "turns": []})
    for turn in record["turns"]:
        for count in range(len(turn["actions"]) + 1):
            checked = game.check({"player": turn["player"], "actions": turn["actions"][:count]})
            if not checked["legal"]:
                break  # a refused example: its prefix up to the refusal was seen
            decision = checked["decision"]
            for action in [*decision.actions, *decision.optional]:
                assert fits(record["game"], action), action
        for action in turn["actions"]:
            assert fits(record["game"], action), action
        try:
            game.play(turn)
        except scoring.Refused:
            return  # a refused example ends here


@pytest.mark.parametrize("game, action", [
    ("keltis", {"type": "play", "card": {"color": "orange", "value": 3}}),
    ("keltis", {"type": "draw"}),
    ("keltis", {"type": "reveal", "path": "red", "row": 10, "tile": "wish"}),
    ("keltis-orakel", {"type": "play", "card": {"color": "red", "value": 3}, "figure": "small"}),
    ("celtica", {"type": "take", "parts": ["up"]}),
    ("celtica", {"type": "fly"}),
    ("lost-cities", {"type": "play", "card": {"color": "red", "value": 1}}),
    ("lost-cities", {"type": "discard", "card": {"color": "red", "value": "Wager"}}),
    ("lost-cities", {"type": "draw", "from": "orange"}),
])
def test_a_malformed_action_does_not_fit(game, action):
    assert not fits(game, action)


# -- a replay's one-step recognisers (scoring/shapes.py) ------------------------
# A replay passes an action its type's recogniser knows valid without the
# checks that name a fault. Both are built from the game's one declaration
# of its actions (rules.ACTIONS), by different code: a compiled expression
# and a loop of checks; so they must agree on every action: a recognised
# action passes the checks, and any action that passes them is recognised
# (else a replay would lose its speed without a test noticing).

CARDS = [{"color": color, "value": value} for color in ("red", "purple", "orange", None)
         for value in (0, 10, 11, -1, 2, "wager")]
VALUES = st.sampled_from([
    None, True, False, 0, 1, 9, 10, 35, 36, -1, 1.0, "1", "deck", "red", "purple", "orange", "small", "large",
    "medium", "wish", "clover", "points-3", "none", "mirror", "goblin", "clover-red", [], {}, ["red"],
    *CARDS, {"color": "red"}, {"color": "red", "value": True}, {"color": "red", "value": 3.0},
    {"color": "red", "value": 3, "copy": 1}, {"value": 3, "colour": "red"},
    "wager", "Wager", "white", {"color": "white", "value": "wager"}, {"color": "red", "value": "Wager"},
    {"color": "red", "value": ["wager"]},
])


def values_of(fragment: dict):
    """Values the JSON Schema ``fragment`` of an action's key allows."""
    if "enum" in fragment:
        return st.sampled_from(fragment["enum"])
    if "oneOf" in fragment:
        return st.one_of(*(values_of(choice) for choice in fragment["oneOf"]))
    kind = fragment["type"]
    if kind == "null":
        return st.none()
    if kind == "object":
        return st.fixed_dictionaries({key: values_of(value) for key, value in fragment["properties"].items()})
    if kind == "array":
        return st.lists(values_of(fragment["items"]), max_size=fragment.get("maxItems", 9))
    assert "integer" in kind, fragment
    numbers = st.integers(fragment["minimum"], fragment["maximum"])
    return st.one_of(numbers, st.none()) if "null" in kind else numbers


def actions_of(game: str, shapes):
    """Actions of each type, each value one the game's action schema allows
    or any of ``VALUES``: with every required key and some optional ones,
    with any of its keys, or with one key too many; and anything else."""
    schemas = scoring.RULESETS[game].action_schemas
    keys = sorted({key for required, optional in shapes.fields.values() for key in (*required, *optional)})
    typed = []
    for kind, (required, optional) in shapes.fields.items():
        values = {key: st.one_of(values_of(schemas[kind]["properties"][key]), VALUES) for key in (*required, *optional)}
        well_keyed = st.fixed_dictionaries({"type": st.just(kind), **{key: values[key] for key in required}},
                                           optional={key: values[key] for key in optional})
        foreign = [key for key in (*keys, "extra") if key not in values]
        typed += [well_keyed, st.fixed_dictionaries({"type": st.just(kind)}, optional=values),
                  st.builds(lambda action, key, value: {**action, key: value}, well_keyed, st.sampled_from(foreign), VALUES)]
    anything = st.fixed_dictionaries({}, optional={key: VALUES for key in ("type", *keys)})
    return st.one_of(*typed, anything, VALUES)


def recognised(actions, action) -> bool:
    """Whether a replay passes ``action`` without the checks that name a fault."""
    try:
        return actions.recognisers[action["type"]](action)
    except (KeyError, TypeError):  # as Actions.expect_turn
        return False


def passes_the_checks(actions, action) -> bool:
    try:
        actions.check(action, 0)
    except RuleBroken:
        return False
    return True


@pytest.mark.parametrize("game, actions", [
    ("keltis", keltis_rules.ACTIONS),
    ("keltis-orakel", orakel_rules.ACTIONS),
    ("celtica", celtica_rules.ACTIONS),
    *(("lost-cities", lost_cities_rules.ACTIONS[purple]) for purple in (False, True)),
], ids=["keltis", "keltis-orakel", "celtica", "lost-cities", "lost-cities-purple"])
@settings(max_examples=500, deadline=None)
@given(data=st.data())
def test_the_recogniser_agrees_with_the_checks(game, actions, data):
    action = data.draw(actions_of(game, actions))
    assert recognised(actions, action) == passes_the_checks(actions, action), action
