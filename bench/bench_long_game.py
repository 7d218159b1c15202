"""Long games: the size of GET /games/{id} and the cost of a turn as a game grows.

A Keltis game of 2 players whose turns cycle cards through the discard
piles (discard, draw it back), so it can last 950 turns. For each length
it creates the game from a record of that many turns, then times, in the
application (Flask's test client, on a Redis of its own), a turn followed
by a GET of the game as a table does, one such turn at each length in turn.
It prints the size of the GET of the game of that length, and each
length's turn cost against the first (× first). The goals: a GET of a
950-turn game under 150 KB, and turns that cost about the same however
long the game is.

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


class Table:
    """A game of ``length`` turns, played on: the size of its first GET, and
    the time of each turn and of the GET after it."""

    def __init__(self, client, length: int):
        self.client, self.length = client, length
        created = client.post("/api/v1/games", json=record(length)).get_json()
        self.headers = {"Authorization": f"Bearer {created['token']}"}
        self.url = f"/api/v1/games/{created['id']}"
        self.version = created["version"]
        self.size = len(client.get(self.url, headers=self.headers).get_data())
        self.posting: list[float] = []
        self.getting: list[float] = []

    def play(self) -> None:
        started = time.perf_counter()
        answer = self.client.post(f"{self.url}/turns", json=turn(self.version),
                                  headers={**self.headers, "If-Match": f'"{self.version}"'})
        posted = time.perf_counter()
        assert answer.status_code == 201, answer.get_json()
        self.version = answer.get_json()["version"]
        self.client.get(self.url, headers=self.headers)
        self.getting.append(time.perf_counter() - posted)
        self.posting.append(posted - started)


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
            games = [Table(client, length) for length in LENGTHS]
            for _ in range(args.rounds):  # one turn at each length in turn: the machine's load falls on all alike
                for table in games:
                    table.play()
            print(f"{'turns':>6}  {'GET KB':>7}  {'turn ms p50':>11}  {'× first':>7}  {'GET ms p50':>10}")
            first = statistics.median(games[0].posting)
            for table in games:
                turn_ms = statistics.median(table.posting)
                print(f"{table.length:>6}  {table.size / 1024:7.1f}  {1000 * turn_ms:11.2f}  {turn_ms / first:7.2f}"
                      f"  {1000 * statistics.median(table.getting):10.2f}")
        finally:
            limits.stop()
            server.stop()


if __name__ == "__main__":
    main()
