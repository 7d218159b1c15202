"""Lost Cities records for the tests: a small builder for hand-written
rounds (:class:`Table`) and random legal rounds for the property tests.

The generator walks the engine's own decisions: at every point it picks
one of ``decision().actions``, so every round it writes is legal by
construction. With ``illegal`` > 0 it also throws in random actions of any
shape the schema allows; those the engine accepts are kept, those it
refuses are remembered with their position so tests can replay them.

``rng`` is anything with the ``random.Random`` interface: hypothesis's
``st.randoms()`` in the properties, so every choice is a data draw.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from scoring import Game
from scoring.engine import RuleBroken
from scoring.lost_cities.state import COLORS, PURPLE

PLAYERS = [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}]
VALUES = ("wager", *range(2, 11))


def card(color: str, value) -> dict:
    return {"color": color, "value": value}


def play(color: str, value) -> dict:
    return {"type": "play", "card": card(color, value)}


def discard(color: str, value) -> dict:
    return {"type": "discard", "card": card(color, value)}


def draw(source: str = "deck") -> dict:
    return {"type": "draw", "from": source}


def record(turns: list[dict] | None = None, **fields) -> dict:
    return {"format": "brehon/1", "game": "lost-cities", "options": {}, "players": copy.deepcopy(PLAYERS),
            "board": None, "setup": {}, "turns": turns or [], **fields}


class Table:
    """A round written turn by turn; players alternate, Anna first."""

    def __init__(self, **fields):
        self.record = record(**fields)

    @property
    def next_player(self) -> str:
        return PLAYERS[len(self.record["turns"]) % 2]["id"]

    def turn(self, *actions: dict) -> "Table":
        self.record["turns"].append({"player": self.next_player, "actions": list(actions)})
        return self

    def with_turn(self, *actions: dict, player: str | None = None) -> dict:
        """The record with one more turn, the table unchanged."""
        extended = copy.deepcopy(self.record)
        extended["turns"].append({"player": player or self.next_player, "actions": list(actions)})
        return extended


@dataclass
class RandomGame:
    record: dict
    #: (turn index, the legal actions of that turn before it, the refused action, rule id)
    refused: list[tuple[int, list[dict], dict, str]] = field(default_factory=list)
    #: random actions the engine took, with the decision that was open
    accepted_extra: list[tuple[dict, object]] = field(default_factory=list)
    game: Game | None = None  # the round after its last turn, as the generator ran it


def random_action(rng, colors: tuple[str, ...]) -> dict:
    """Any action the schema accepts, legal or not."""
    kind = rng.choice(["play", "discard", "draw"])
    if kind == "draw":
        return draw(rng.choice(["deck", *colors]))
    return {"type": kind, "card": card(rng.choice(colors), rng.choice(VALUES))}


def random_setup(rng) -> dict | None:
    return rng.choice([None, {}, {"carry": {"anna": rng.randint(-1000, 1000)}},
                       {"carry": {"anna": rng.randint(-200, 200), "ben": rng.randint(-200, 200)}}])


def random_game(rng, turns: int, illegal: float = 0.0, purple: bool | None = None) -> RandomGame:
    """A legal round of at most ``turns`` turns (fewer when the deck runs out)."""
    purple = rng.random() < 0.5 if purple is None else purple
    colors = (*COLORS, PURPLE) if purple else COLORS
    made = record(options={"purple": True} if purple else rng.choice([{}, None, {"purple": False}]),
                  setup=random_setup(rng))
    game = Game.replay(made)
    out = RandomGame(made)
    for index in range(turns):
        if game.is_over:
            break
        player = game.decision().player
        actions: list[dict] = []
        state = game.copy()
        state.ruleset.begin_turn(state.state, player)
        while True:
            decision = state.ruleset.decision(state.state)
            if decision.name in ("done", "over"):
                break
            if illegal and rng.random() < illegal:
                attempt = random_action(rng, colors)
                try:
                    state.ruleset.apply(state.state, attempt)
                    actions.append(attempt)
                    out.accepted_extra.append((attempt, decision))
                    continue
                except RuleBroken as broken:
                    out.refused.append((index, list(actions), attempt, broken.rule))
            action = rng.choice(decision.actions)
            state.ruleset.apply(state.state, action)
            actions.append(action)
        turn = {"player": player, "actions": actions}
        game.play(turn)
        made["turns"].append(turn)
    out.game = game
    return out
