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

from scoring import Game
from scoring.celtica.state import (COPIES, DISPLAY, DRUID_CARDS, DRUIDS, EXPERIENCE_CARDS, KINDS, CelticaState,
                                   unseen)

DATA = Path(__file__).parent / "data" / "celtica"
SAMPLE_BOARD = json.loads((Path(__file__).parent / "data" / "boards" / "celtica-sample.json").read_text())
IDS = ("anna", "ben", "cleo", "dirk", "emma")


def load(name: str) -> dict:
    """A stored example: ``<name>.record.json`` or ``<name>.sheet.json``."""
    return json.loads((DATA / f"{name}.json").read_text())


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


OPTIONS = st.fixed_dictionaries({}, optional={
    "overshoot": st.sampled_from(("cap", "forbid")),
    "experience_alone": st.booleans(),
    "experience_needs_druid_card": st.booleans(),
})


def play_turn(draw, game: Game, check=conservation) -> dict:
    """One legal turn for the player whose turn it is, built from
    ``decision().actions``; conservation is checked after every action."""
    ruleset, state = game.ruleset, copy.deepcopy(game.state)
    player = state.active
    ruleset.begin_turn(state, player)
    actions = []
    while True:
        decision = ruleset.decision(state)
        assert ruleset.view(state)["decision"] == decision.name
        if not decision.actions or (decision.can_end and draw(st.booleans())):
            break
        action = draw(st.sampled_from(decision.actions))
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
