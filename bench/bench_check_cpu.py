"""``POST /check`` of a turn at turn 120 of a 4-player Keltis game: its CPU in process.

As ``bench/bench_turn_cpu.py``: the product app plus the bare route
(``bench_api.bench_app``), called as WSGI in this process against a Redis
of its own that keeps nothing on disk; each request's CPU is the time its
thread ran (``time.thread_time_ns``: waiting for Redis does not count), the
garbage collector off while requests run. The game is created with the
first 120 turns of ``bench_keltis.long_game()`` (seed 2008) logged one by
one (``POST /turns``, so Redis holds what a table's game has), then the
turn 120 is checked as the composer asks, with none, some and all of its
actions, ``--calls`` checks in each of ``--rounds`` rounds, each followed by
one bare request. The first check of the game is shown apart (whatever the
process had to load for it); the figures are medians of the rest, per
number of actions, with each round's median for the spread.

Run: ``.venv/bin/python bench/bench_check_cpu.py [--rounds 5] [--calls 100]``
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from werkzeug.test import EnvironBuilder  # noqa: E402

from bench_api import bench_app  # noqa: E402
from bench_keltis import long_game  # noqa: E402
from bench_turn_cpu import cpu_of  # noqa: E402
from brehon.redis_server import RedisServer  # noqa: E402

AT = 120
#: The target of issue 20, from the process's cache of folded games.
TARGET_MS = 1.5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=100, help="checks per round (the game's limit is 1200 a minute)")
    args = parser.parse_args()
    record = long_game(turns=AT + 1)
    with tempfile.TemporaryDirectory() as data:
        redis_server = RedisServer(Path(data) / "redis", durable=False).start()
        limits_server = RedisServer(Path(data) / "limits", durable=False).start()
        os.environ.update(REDIS_URL=redis_server.url, BREHON_LIMITS_URL=limits_server.url)
        try:
            app = bench_app()
            client = app.test_client()
            # Logged turn by turn, as at a table: what Redis holds (the log, a
            # snapshot every few versions) is what a table's game has.
            created = client.post("/api/v1/games", json={**record, "turns": []}).get_json()
            for version, turn in enumerate(record["turns"][:AT]):
                logged = client.post(f"/api/v1/games/{created['id']}/turns", json=turn,
                                     headers={"Authorization": f"Bearer {created['token']}",
                                              "If-Match": f'"{version}"'})
                assert logged.status_code == 201, logged.get_json()

            whole = record["turns"][AT]

            def check(size):  # a fresh environ each time: a body is read once
                turn = {**whole, "actions": whole["actions"][:size]}
                return EnvironBuilder(path=f"/api/v1/games/{created['id']}/check", method="POST",
                                      data=json.dumps(turn), content_type="application/json",
                                      headers={"Authorization": f"Bearer {created['token']}"}).get_environ()

            def bare():
                return EnvironBuilder(path="/bench/bare", method="POST", data="{}",
                                      content_type="application/json").get_environ()

            first = None
            sizes = range(len(whole["actions"]) + 1)  # as the composer asks: no action yet, ... the whole turn
            rounds: list[dict] = []
            for _ in range(args.rounds):
                checks: dict[int, list[int]] = {size: [] for size in sizes}
                bares = []
                requests = [(size, check(size), bare()) for _ in range(args.calls // len(sizes)) for size in sizes]
                gc.disable()
                try:
                    for size, check_request, bare_request in requests:
                        took, status = cpu_of(app, check_request)
                        assert status.startswith("200"), status
                        if first is None:
                            first = took
                        else:
                            checks[size].append(took)
                        took, status = cpu_of(app, bare_request)
                        assert status.startswith("200"), status
                        bares.append(took)
                finally:
                    gc.enable()
                rounds.append({"bare": statistics.median(bares) / 1e6,
                               **{size: statistics.median(checks[size]) / 1e6 for size in sizes}})
        finally:
            redis_server.stop()
            limits_server.stop()
    print(f"POST /check of turn {AT} of a 4-player Keltis game (its first 0 to {len(whole['actions'])} actions, "
          f"as the composer asks), in process; {args.rounds} rounds of {args.calls} checks")
    print(f"first check of the game: {first / 1e6:.2f} ms of CPU")
    worst = []
    for size in sizes:
        medians = [figures[size] for figures in rounds]
        worst.append(statistics.median(medians))
        print(f"  {size} actions: median {statistics.median(medians):.2f} ms "
              f"(rounds {min(medians):.2f} to {max(medians):.2f})")
    bares = [figures["bare"] for figures in rounds]
    print(f"  bare route: {statistics.median(bares):.2f} ms")
    met = "met" if max(worst) <= TARGET_MS else "NOT met"
    print(f"the dearest: {max(worst):.2f} ms; target <= {TARGET_MS} ms: {met}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
