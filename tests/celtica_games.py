"""Records, random boards and random legal Celtica games for the tests.

``random_game`` plays a whole game by picking, decision after decision,
one of the actions ``decision()`` lists (Hypothesis draws every choice, so
failures shrink), ending a turn whenever the decision allows it and the
draw says so. It checks the conservation laws after every action and
hands back the record and the running :class:`Game`.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from hypothesis import strategies as st
from hypothesis.strategies._internal.strategies import SampledFromStrategy

from examples import example
from scoring import Game
from scoring.celtica.choices import build_parts
from scoring.celtica.state import (COPIES, DISPLAY, DRUID_CARDS, DRUIDS, EXPERIENCE_CARDS, KINDS, CelticaState,
                                   unseen)

SAMPLE_BOARD = json.loads((Path(__file__).parent / "data" / "boards" / "celtica-sample.json").read_text())
IDS = ("anna", "ben", "cleo", "dirk", "emma")


def load(name: str) -> dict:
    """A worked example of §17: ``{"record", "sheet"}`` (tests/examples.py)."""
    return example("celtica", name)


def record(turns: list[dict], players: int = 2, setup: dict | None = None, board: dict | None = None,
           options: dict | None = None) -> dict:
    """A record on the sample board (by default) with a fully known setup."""
    ids = IDS[:players]
    if setup is None:
        starts = (["n", "s"], ["center", "w"], ["se", "se"], ["ne", "sw"], ["nw", "e"])
        setup = {"display": list(KINDS), "parts": {player: starts[i] for i, player in enumerate(ids)}}
    return {
        "format": "brehon/1", "game": "celtica", "options": options or {},
        "players": [{"id": player, "name": player.title()} for player in ids],
        "board": copy.deepcopy(board or SAMPLE_BOARD), "setup": setup, "turns": turns,
    }


def turn(player: str, *actions: dict) -> dict:
    return {"player": player, "actions": list(actions)}


def move(druid: str, cards: int, experience: int | None = None) -> dict:
    action = {"type": "move", "druid": druid, "cards": cards}
    if experience is not None:
        action["experience"] = experience
    return action


def take(*parts: str) -> dict:
    return {"type": "take", "parts": list(parts)}


def give(*parts: str) -> dict:
    return {"type": "give", "parts": list(parts)}


def reveal(*parts: str | None) -> dict:
    return {"type": "reveal", "parts": list(parts)}


def cult(draw: bool | None) -> dict:
    return {"type": "cult", "draw": draw}


def conservation(state: CelticaState) -> None:
    """Rules §1.1: 60 druid cards, 20 experience cards, 90 parts."""
    hands = state.seats.values()
    assert state.druid_deck >= 0 and min(state.druid_discard.values()) >= 0
    assert state.druid_deck + sum(state.druid_discard.values()) + sum(h.druid_cards for h in hands) \
        == len(DRUIDS) * DRUID_CARDS
    experience = state.experience_deck + sum(state.experience_discard.values()) + state.experience_spent
    assert experience + sum(len(h.experience) for h in hands) == len(DRUIDS) * EXPERIENCE_CARDS
    assert state.supply >= 0 and state.unknown >= 0
    assert state.displayed() <= DISPLAY
    for kind in KINDS:
        assert min(state.display[kind], state.ruin[kind], *(h.parts[kind] for h in hands)) >= 0
        assert 0 <= unseen(state, kind) <= COPIES
    assert sum(unseen(state, kind) for kind in KINDS) == state.supply + state.unknown


@st.composite
def boards(draw) -> dict:
    """Random valid board profiles (rules §2.1)."""
    middle = draw(st.lists(st.sampled_from(("village", "castle", "monastery", "ruin", "cult")),
                           min_size=0, max_size=24))
    locations = [{"kind": "start"}]
    for kind in middle:
        location = {"kind": kind}
        if kind != "cult":
            location["parts"] = draw(st.integers(1, 4) | st.integers(1, 9))
        locations.append(location)
    locations.append({"kind": "goal", "parts": draw(st.integers(1, 9))})
    return {"name": "random", "locations": locations}


@st.composite
def setups(draw, players: int) -> dict:
    """A display (some spaces unknown) and starting parts within the counts."""
    pool = [kind for kind in KINDS for _ in range(COPIES)]
    drawn = draw(st.permutations(pool))[: DISPLAY + 2 * players]
    display = [kind if draw(st.booleans()) else None for kind in drawn[:DISPLAY]]
    parts = {IDS[i]: drawn[DISPLAY + 2 * i: DISPLAY + 2 * i + 2] for i in range(players)}
    out = {"parts": parts}
    if any(kind is not None for kind in display):
        out["display"] = display
    return out


OPTION_CHOICES = {
    "overshoot": ("cap", "forbid"),
    "experience_alone": (False, True),
    "experience_needs_druid_card": (False, True),
    "take_count": ("up_to", "exactly"),
}
OPTIONS = st.fixed_dictionaries({}, optional={name: st.sampled_from(values) for name, values in OPTION_CHOICES.items()})


def play_turn(draw, game: Game, check=conservation) -> dict:
    """One legal turn for the player whose turn it is, built from
    ``decision().actions``, or a take or give too many to list from its
    choices part by part; conservation is checked after every action."""
    ruleset, state = game.ruleset, copy.deepcopy(game.state)
    player = state.active
    ruleset.begin_turn(state, player)
    actions = []
    while True:
        decision = ruleset.decision(state)
        assert ruleset.view(state)["decision"] == decision.name
        if (decision.listed and not decision.actions) or (decision.can_end and draw(st.booleans())):
            break
        if decision.listed or decision.name not in ("take", "give"):
            action = draw(st.sampled_from(decision.actions))
        else:
            action = {"type": decision.name,
                      "parts": build_parts(decision.choices, lambda offered: draw(st.sampled_from(offered)))}
        ruleset.apply(state, action)
        check(state)
        actions.append(action)
    return {"player": player, "actions": actions}


def random_game(draw, players: int, board: dict | None = None, setup: dict | None = None,
                options: dict | None = None, max_turns: int = 400) -> tuple[dict, Game]:
    """A random legal game played to its end (or ``max_turns``)."""
    rec = record([], players=players, board=board, setup=setup, options=options)
    game = Game.start(rec)
    while not game.is_over and len(rec["turns"]) < max_turns:
        played = play_turn(draw, game)
        game.play(played)
        conservation(game.state)
        rec["turns"].append(played)
    return rec, game


# -- the same from a seeded random.Random (tests that must run the same each time) --------


def seeded(rng):
    """A ``draw`` for :func:`play_turn` and :func:`random_game` from ``rng``
    (``random.Random``'s interface) instead of Hypothesis: they draw only
    from ``sampled_from`` and ``booleans``."""
    def draw(strategy):
        if isinstance(strategy, SampledFromStrategy):
            return rng.choice(strategy.elements)
        assert repr(strategy) == "booleans()", f"seeded() cannot draw {strategy!r}"
        return rng.random() < 0.5
    return draw


def random_setup(rng, players: int) -> dict:
    """What :func:`setups` draws: a display (some spaces unknown) and starting parts."""
    drawn = rng.sample([kind for kind in KINDS for _ in range(COPIES)], DISPLAY + 2 * players)
    display = [kind if rng.random() < 0.5 else None for kind in drawn[:DISPLAY]]
    setup: dict = {"parts": {IDS[i]: drawn[DISPLAY + 2 * i: DISPLAY + 2 * i + 2] for i in range(players)}}
    if any(kind is not None for kind in display):
        setup["display"] = display
    return setup


def random_options(rng) -> dict:
    """Some house rules switched on."""
    return {name: rng.choice(values) for name, values in OPTION_CHOICES.items() if rng.random() < 0.5}


def random_action(rng) -> dict:
    """Any action of the schema's shapes, legal or not, now and then a malformed one."""
    def parts(most: int, blank: tuple = ()) -> list:
        return [rng.choice((*blank, *KINDS)) for _ in range(rng.randint(0, most))]

    return rng.choice([
        {"type": "move", "druid": rng.choice(DRUIDS), "cards": rng.randint(0, 7), "experience": rng.randint(0, 3)},
        {"type": "take", "parts": parts(4)},
        {"type": "give", "parts": parts(3)},
        {"type": "reveal", "parts": parts(4, (None,))},
        {"type": "cult", "draw": rng.choice([None, False, True])},
        {"type": "swap", "give": rng.choice(KINDS), "take": rng.choice(KINDS)},
        {"type": "buy", "part": rng.choice(KINDS)},
        {"type": "move", "druid": rng.choice(KINDS)},
    ])
