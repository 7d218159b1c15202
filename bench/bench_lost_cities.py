"""Lost Cities engine benchmark: replays of a long random legal round.

Builds an 80-turn round with a fixed seed, choosing among the actions
``decision()`` lists (plays favoured, and now and then a pile rather than
the deck, so the round lasts), then times full replays of the record
(schema checks included) and ``decision()`` and ``check()`` at its midpoint.

Run: ``.venv/bin/python bench/bench_lost_cities.py``
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.lost_cities import RULESET as LOST_CITIES  # noqa: E402
from timing import random_turns, report_engine  # noqa: E402

SEED = 1999
TURNS = 80


def long_round(seed: int = SEED, turns: int = TURNS) -> dict:
    """A random legal record of ``turns`` turns (the deck's 44 cards last that long)."""
    record = {"format": "brehon/1", "game": "lost-cities", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": None, "setup": {}, "turns": []}
    state = LOST_CITIES.start(record["players"], LOST_CITIES.default_options({}), None, None)
    return random_turns(LOST_CITIES, record, state, turns, seed, _choose)


def _choose(decision, rng: random.Random) -> list[dict]:
    options = decision.actions
    if decision.name == "main":
        plays = [action for action in options if action["type"] == "play"]
        return plays if plays and rng.random() < 0.5 else [action for action in options if action["type"] == "discard"]
    if decision.name == "draw" and len(options) > 1 and rng.random() < 0.5:
        return options[1:]  # a discard pile rather than the deck
    return options[:1]


def main() -> None:
    report_engine("lost-cities", long_round(), SEED)


if __name__ == "__main__":
    main()
