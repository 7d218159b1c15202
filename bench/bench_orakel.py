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

from scoring import Game  # noqa: E402
from scoring.keltis_orakel import RULESET as ORAKEL  # noqa: E402
from timing import random_turns, seconds_per_call  # noqa: E402

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
    record = long_game()
    actions = sum(len(turn["actions"]) for turn in record["turns"])
    Game.replay(record)  # warm up
    per_replay, _ = seconds_per_call(lambda: Game.replay(record), 200)
    middle = Game.replay({**record, "turns": record["turns"][: TURNS // 2]})
    per_decision, decision = seconds_per_call(middle.decision, 200)
    turn = record["turns"][TURNS // 2]
    per_check, _ = seconds_per_call(lambda: middle.check(turn), 1000)
    print(f"keltis-orakel: {PLAYERS} players, {TURNS} turns, {actions} actions, seed {SEED}")
    print(f"replays per second: {1 / per_replay:.0f}")
    print(f"ms per replay: {1000 * per_replay:.2f}")
    print(f"ms per decision() at turn {TURNS // 2}: {1000 * per_decision:.3f} "
          f"({len(decision.actions)} actions, {len(decision.optional)} free reveals)")
    print(f"ms per check() of turn {TURNS // 2} ({len(turn['actions'])} actions): {1000 * per_check:.3f}")


if __name__ == "__main__":
    main()
