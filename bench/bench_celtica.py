"""Celtica engine benchmark: replays of a long complete 5-player game.

Builds a complete random legal game on the sample board with a fixed seed,
choosing among the actions ``decision()`` lists. Short moves are favoured
(one or two druid cards) so the game runs many rounds, and most refills are
revealed. Then it times full replays of the record (schema, board and setup
checks included) and ``decision()`` at the game's midpoint.

Run: ``.venv/bin/python bench/bench_celtica.py``
"""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import Game  # noqa: E402
from scoring.celtica import RULESET as CELTICA  # noqa: E402
from scoring.celtica.state import KINDS  # noqa: E402
from timing import seconds_per_call  # noqa: E402

SEED = 2006
PLAYERS = 5
BOARD = json.loads((Path(__file__).resolve().parent.parent / "tests" / "data" / "boards" / "celtica-sample.json").read_text())


def long_game(seed: int = SEED, players: int = PLAYERS) -> dict:
    """A complete random legal record, played to the end of its end phase."""
    rng = random.Random(seed)
    ids = [f"p{number}" for number in range(players)]
    pool = [kind for kind in KINDS for _ in range(10)]
    rng.shuffle(pool)
    setup = {"display": pool[:9], "parts": {player: pool[9 + 2 * i: 11 + 2 * i] for i, player in enumerate(ids)}}
    record = {"format": "brehon/1", "game": "celtica", "options": {},
              "players": [{"id": player, "name": player.upper()} for player in ids],
              "board": BOARD, "setup": setup, "turns": []}
    state = CELTICA.start(record["players"], CELTICA.default_options({}), BOARD, setup)
    while state.phase != "over":
        player = state.active
        CELTICA.begin_turn(state, player)
        actions = []
        while True:
            decision = CELTICA.decision(state)
            if not decision.actions or (decision.can_end and rng.random() < 0.2):
                break
            options = decision.actions
            if decision.name == "move":
                short = [action for action in options if action["cards"] + action.get("experience", 0) <= 2]
                options = short or options
            elif decision.name == "reveal":
                options = options[1:] or options  # name the first part drawn
            elif decision.name == "end" and rng.random() < 0.5:
                break
            action = rng.choice(options)
            CELTICA.apply(state, action)
            actions.append(action)
        CELTICA.end_turn(state)
        record["turns"].append({"player": player, "actions": actions})
    return record


def main() -> None:
    record = long_game()
    turns = len(record["turns"])
    actions = sum(len(turn["actions"]) for turn in record["turns"])
    sheet = Game.replay(record).scoresheet()
    print(f"game: {turns} turns, {actions} actions, {sheet['status']} ({sheet['end_reason']})")

    per_replay, _ = seconds_per_call(lambda: Game.replay(record), 200)
    print(f"replay: {1 / per_replay:.0f} replays/s, {per_replay * 1000:.2f} ms per replay")

    middle = {**record, "turns": record["turns"][: turns // 2]}
    game = Game.replay(middle)
    for name, state in (("move", game.state), ("take", _after_move_to_find_site(game))):
        per_call, decision = seconds_per_call(lambda: CELTICA.decision(state), 2000)
        print(f"decision() at mid-game ({name}, {len(decision.actions)} actions): "
              f"{per_call * 1000:.3f} ms per call")


def _after_move_to_find_site(game: Game):
    """The mid-game state after a move that stops on a find site (a take is open)."""
    for move in CELTICA.decision(game.state).actions:
        state = copy.deepcopy(game.state)
        CELTICA.begin_turn(state, state.active)
        CELTICA.apply(state, move)
        if state.decision == "take" and state.need > 1:
            return state
    return game.state


if __name__ == "__main__":
    main()
