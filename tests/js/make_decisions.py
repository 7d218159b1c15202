"""Write tests/js/decisions.json: real open decisions, as the engine lists
them (``POST /check``'s ``decision``), for the composer's tests in Node.

Run again when a decision's shape changes:
    .venv/bin/python tests/js/make_decisions.py
"""

from __future__ import annotations

import json
from pathlib import Path

from scoring import Game
from scoring.answers import check_game

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data"

# The second player's first decision of each game (the first turn logged),
# for Keltis the decision after that player's card went on a path, and for
# Celtica the refill after a take of two parts (too many reveals to list).
SOURCES = {
    "keltis": ("keltis/example1.json", []),
    "keltis-after-play": ("keltis/example1.json", [{"type": "play", "card": {"color": "green", "value": 8}, "figure": "small"}]),
    "keltis-orakel": ("orakel/example1.json", []),
    "celtica": ("celtica/opening.json", []),
    "celtica-refill": ("celtica/opening.json", [{"type": "move", "druid": "grey", "cards": 4},
                                                {"type": "take", "parts": ["n", "se"]}]),
}


# The reveals begun (its parts so far) whose next steps the engine grew for
# the refill's test (check ?building=true), keyed as the composer keeps them.
GROWN = {"celtica-refill": [["w"], ["w", "w"], [None]]}


def grown(game: Game, player: str, actions: list[dict], begun: list) -> list[dict]:
    turn = {"player": player, "actions": [*actions, {"type": "reveal", "parts": begun}]}
    return check_game(game.copy(), turn, "en", building=True)["decision"]["next"]


def decision(name: str, path: str, actions: list[dict]) -> dict:
    stored = json.loads((DATA / path).read_text())
    record = stored.get("record", stored)
    game = Game.replay({**record, "turns": record["turns"][:1]})
    player = record["turns"][1]["player"]
    whole = game.check({"player": player, "actions": actions})["decision"].to_json()
    # The optional reveals are left out: the composer narrows `actions`, or
    # builds from `choices` what is not listed.
    keys = ("name", "player", "actions", "can_end", "listed") + (() if whole["listed"] else ("choices", "next"))
    picks = [[{"key": f"parts.{at}", "value": value} for at, value in enumerate(begun)] for begun in GROWN.get(name, [])]
    steps = {json.dumps(each, separators=(",", ":")): grown(game, player, actions, [pick["value"] for pick in each])
             for each in picks}
    return {key: whole[key] for key in keys} | ({"grown": steps} if steps else {})


if __name__ == "__main__":
    decisions = {name: decision(name, path, actions) for name, (path, actions) in SOURCES.items()}
    (HERE / "decisions.json").write_text(json.dumps(decisions, separators=(",", ":")) + "\n")
