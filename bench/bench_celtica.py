"""Celtica engine benchmark: replays of a long complete 5-player game.

Builds a complete random legal game on the sample board with a fixed seed,
choosing among the actions ``decision()`` lists. Short moves are favoured
(one or two druid cards) so the game runs many rounds, and most refills are
revealed. Then it times full replays of the record (schema, board and setup
checks included) and ``decision()`` at the game's midpoint.

Then the open take (issue 12 §3): ``check`` of a move onto a find site
showing 9 parts, on displays from all unknown to all known, with both values
of ``take_count``: the answer's JSON size and the time of the engine's
``check()`` plus JSON encoding. Target: under 20 KB and under 20 ms each.

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
from scoring.celtica.choices import build_parts  # noqa: E402
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
    # take_count "exactly": the game this benchmark has always played
    record = {"format": "brehon/1", "game": "celtica", "options": {"take_count": "exactly"},
              "players": [{"id": player, "name": player.upper()} for player in ids],
              "board": BOARD, "setup": setup, "turns": []}
    state = CELTICA.start(record["players"], CELTICA.default_options(record["options"]), BOARD, setup)
    while state.phase != "over":
        player = state.active
        CELTICA.begin_turn(state, player)
        actions = []
        while True:
            decision = CELTICA.decision(state)
            if (decision.listed and not decision.actions) or (decision.can_end and rng.random() < 0.2):
                break
            options = decision.actions
            if not decision.listed and decision.name in ("take", "give"):
                options = [{"type": decision.name, "parts": build_parts(decision.choices, rng.choice)}]
            elif decision.name == "move":
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

    for take_count in ("up_to", "exactly"):
        for name, display in DISPLAYS:
            answers, actions, size, ms = take_check(display, take_count)
            print(f"check of a take, village showing 9, {name}, take_count {take_count}: "
                  f"{answers} legal takes, {actions} listed, {size} bytes, {ms:.2f} ms")


#: (name, display of the setup) for the take benchmark: unknown spaces are None
DISPLAYS = (
    ("all unknown", [None] * 9),
    ("5 known, 4 unknown", ["center", "n", "n", "e", "se", None, None, None, None]),
    ("all known, 9 kinds", list(KINDS)),
    ("all known, 3 kinds", ["n", "n", "n", "e", "e", "e", "w", "w", "w"]),
)


def take_check(display: list, take_count: str) -> tuple[int, int, int, float]:
    """The open take after a move onto a village showing 9 parts: the number
    of legal takes, of actions listed, the answer's size in bytes, and ms
    per check() with its JSON."""
    board = copy.deepcopy(BOARD)
    board["locations"][1] = {"kind": "village", "parts": 9}
    parts = {"anna": ["center", "n"], "ben": ["s", "sw"]}
    setup = {"parts": parts} if all(kind is None for kind in display) else {"display": display, "parts": parts}
    record = {"format": "brehon/1", "game": "celtica", "options": {"take_count": take_count},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": board, "setup": setup, "turns": []}
    game = Game.replay(record)
    turn = {"player": "anna", "actions": [{"type": "move", "druid": "red", "cards": 1}]}

    def answer() -> bytes:
        checked = game.check(turn)
        return json.dumps({"legal": checked["legal"], "complete": checked["complete"],
                           "violations": [violation.to_json() for violation in checked["violations"]],
                           "decision": checked["decision"].to_json()}, separators=(",", ":")).encode()

    per_call, body = seconds_per_call(answer, 5)
    decision = json.loads(body)["decision"]
    return decision["choices"]["answers"], len(decision["actions"]), len(body), per_call * 1000


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
