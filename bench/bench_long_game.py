"""Long games: the size of GET /games/{id} and the cost of a turn as a game grows.

A Keltis game of 2 players whose turns cycle cards through the discard
piles (discard, draw it back), so it can last 950 turns. For each length
it creates the game from a record of that many turns, then times, in the
application (Flask's test client, on a Redis of its own), a turn followed
by a GET of the game as a table does, and prints the GET's size. The
goals: a GET of a 950-turn game under 150 KB, and turns that cost about
the same however long the game is.

Run: ``.venv/bin/python bench/bench_long_game.py [--rounds 60]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from api import create_app  # noqa: E402
from brehon.redis_server import RedisServer  # noqa: E402

COLORS = ("red", "yellow", "green", "blue", "purple")
LENGTHS = (0, 300, 600, 950)


def turn(index: int) -> dict:
    color = COLORS[(index // 2) % len(COLORS)]
    return {"player": ("anna", "ben")[index % 2], "actions": [
        {"type": "discard", "card": {"color": color, "value": 3 + index % 2}},
        {"type": "draw", "from": color}]}


def record(turns: int) -> dict:
    return {"format": "brehon/1", "game": "keltis", "options": {}, "board": None,
            "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
            "setup": {"tiles": {}, "tiles_complete": False}, "turns": [turn(index) for index in range(turns)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60, help="turns timed at each length")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = RedisServer(Path(folder) / "redis").start()
        limits = RedisServer(Path(folder) / "limits", durable=False).start()  # as brehon serve runs them
        try:
            client = create_app({"REDIS_URL": server.url, "BREHON_LIMITS_URL": limits.url,
                                 "BREHON_LIMIT_TURNS": "100000 per minute"}).test_client()
            print(f"{'turns':>6}  {'GET KB':>7}  {'turn ms p50':>11}  {'GET ms p50':>10}")
            for length in LENGTHS:
                created = client.post("/api/v1/games", json=record(length)).get_json()
                headers = {"Authorization": f"Bearer {created['token']}"}
                url = f"/api/v1/games/{created['id']}"
                posting, getting = [], []
                version = created["version"]
                for index in range(length, length + args.rounds):
                    started = time.perf_counter()
                    answer = client.post(f"{url}/turns", json=turn(index), headers={**headers, "If-Match": f'"{version}"'})
                    posted = time.perf_counter()
                    assert answer.status_code == 201, answer.get_json()
                    version = answer.get_json()["version"]
                    size = len(client.get(url, headers=headers).get_data())
                    getting.append(time.perf_counter() - posted)
                    posting.append(posted - started)
                print(f"{length:>6}  {size / 1024:7.1f}  {1000 * statistics.median(posting):11.2f}"
                      f"  {1000 * statistics.median(getting):10.2f}")
        finally:
            limits.stop()
            server.stop()


if __name__ == "__main__":
    main()
