"""Keltis engine benchmark: replays of a long random legal game.

Builds a 150-turn 4-player game with a fixed seed, choosing among the
actions ``decision()`` lists (nothing about the tile layout known at the
start, so reveals are part of it), then times full replays of the record
(schema checks included) and ``decision()`` at the game's midpoint.

Run: ``.venv/bin/python bench/bench_keltis.py``
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.keltis import RULESET as KELTIS  # noqa: E402
from timing import random_turns, report_engine  # noqa: E402

SEED = 2008
PLAYERS = 4
TURNS = 150


def long_game(seed: int = SEED, players: int = PLAYERS, turns: int = TURNS) -> dict:
    """A random legal record of ``turns`` turns. Discards and draws from the
    piles are favoured so that the deck and the goal area last that long."""
    ids = [f"p{number}" for number in range(players)]
    record = {"format": "brehon/1", "game": "keltis", "options": {},
              "players": [{"id": player, "name": player.upper()} for player in ids],
              "board": None, "setup": {}, "turns": []}
    state = KELTIS.start(record["players"], KELTIS.default_options({}), None, None)
    return random_turns(KELTIS, record, state, turns, seed, _choose)


def _choose(decision, rng: random.Random) -> list[dict]:
    options = decision.actions
    if decision.name == "main":
        plays = [action for action in options if action["type"] == "play"]
        if plays and rng.random() < 0.35:
            return plays
        return [action for action in options if action["type"] == "discard"]
    if decision.name == "draw" and len(options) > 1 and rng.random() < 0.8:
        return options[1:]  # a discard pile rather than the deck
    return options


def main() -> None:
    report_engine("keltis", long_game(), SEED)


if __name__ == "__main__":
    main()
