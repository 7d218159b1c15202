"""The actions of GET /api/v1/rulesets as JSON Schema: every action the
engine offers or accepts in the worked examples fits its game's schema, and
a malformed one does not (an offline client composes from these)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

import scoring

DATA = Path(__file__).parent / "data"
# Every game's worked examples ({"record", "sheet"} each: tests/examples.py).
RECORDS = [path for game in ("keltis", "orakel", "celtica") for path in sorted((DATA / game).glob("*.json"))]


def record_of(path: Path) -> dict:
    return json.loads(path.read_text())["record"]


def fits(game: str, action: dict) -> bool:
    schemas = scoring.RULESETS[game].describe()["actions"]
    if action.get("type") not in schemas:
        return False
    try:
        jsonschema.validate(action, schemas[action["type"]])
    except jsonschema.ValidationError:
        return False
    return True


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
])
def test_a_malformed_action_does_not_fit(game, action):
    assert not fits(game, action)
