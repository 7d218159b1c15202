"""Keltis: Das Orakel engine benchmark: replays of a long random legal game.

Builds a 150-turn 4-player game on the sample board with a fixed seed,
choosing among the actions ``decision()`` lists (no tile known at the start,
so owed reveals are part of it, and now and then a free reveal), then times
full replays of the record (schema, board and setup checks included) and
``decision()`` with its legal actions at the game's midpoint.

Run: ``.venv/bin/python bench/bench_orakel.py``
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.keltis_orakel import RULESET as ORAKEL  # noqa: E402
from timing import random_turns, report_engine  # noqa: E402

SEED = 2010
PLAYERS = 4
TURNS = 150
BOARD = Path(__file__).resolve().parent.parent / "tests" / "data" / "boards" / "keltis-orakel-sample.json"


def long_game(seed: int = SEED, players: int = PLAYERS, turns: int = TURNS) -> dict:
    """A random legal record of ``turns`` turns. Discards and draws from the
    piles are favoured so that the deck and the oracle area last that long."""
    ids = [f"p{number}" for number in range(players)]
    record = {"format": "brehon/1", "game": "keltis-orakel", "options": {},
              "players": [{"id": player, "name": player.upper()} for player in ids],
              "board": json.loads(BOARD.read_text()), "setup": {}, "turns": []}
    state = ORAKEL.start(record["players"], ORAKEL.default_options({}), record["board"], None)
    return random_turns(ORAKEL, record, state, turns, seed, _choose)


def _choose(decision, rng: random.Random) -> list[dict]:
    options = decision.actions
    if decision.optional and rng.random() < 0.05:
        return decision.optional
    if decision.name == "main":
        plays = [action for action in options if action["type"] == "play"]
        if plays and rng.random() < 0.4:
            return plays
        return [action for action in options if action["type"] == "discard"]
    if decision.name == "draw" and len(options) > 1 and rng.random() < 0.8:
        return options[1:]  # a discard pile rather than the deck
    return options


def main() -> None:
    report_engine("keltis-orakel", long_game(), SEED,
                  lambda decision: f" ({len(decision.actions)} actions, {len(decision.optional)} free reveals)")


if __name__ == "__main__":
    main()
