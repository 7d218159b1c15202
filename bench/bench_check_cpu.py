"""``POST /check`` of a turn at turn 120 of a 4-player Keltis game: its CPU in process.

As ``bench/bench_turn_cpu.py``: the product app plus the bare route
(``bench_api.bench_app``), called as WSGI in this process against a Redis
of its own that keeps nothing on disk; each request's CPU is the time its
thread ran (``time.thread_time_ns``: waiting for Redis does not count), the
garbage collector off while requests run. The game is created with the
first 120 turns of ``bench_keltis.long_game()`` (seed 2008), then the
complete turn 120 is checked ``--calls`` times in each of ``--rounds``
rounds, each check followed by one bare request. The first check of the
game is shown apart (whatever the process had to load for it); the figure
is the median of the rest, with the median of each round for the spread.

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
            created = client.post("/api/v1/games", json={**record, "turns": record["turns"][:AT]}).get_json()
            check = EnvironBuilder(path=f"/api/v1/games/{created['id']}/check", method="POST",
                                   data=json.dumps(record["turns"][AT]), content_type="application/json",
                                   headers={"Authorization": f"Bearer {created['token']}"})
            bare = EnvironBuilder(path="/bench/bare", method="POST", data="{}", content_type="application/json")
            first = None
            rounds: list[tuple[float, float]] = []
            for _ in range(args.rounds):
                checks, bares = [], []
                gc.disable()
                try:
                    for _ in range(args.calls):
                        took, status = cpu_of(app, check.get_environ())
                        assert status.startswith("200"), status
                        if first is None:
                            first = took
                        else:
                            checks.append(took)
                        took, status = cpu_of(app, bare.get_environ())
                        assert status.startswith("200"), status
                        bares.append(took)
                finally:
                    gc.enable()
                rounds.append((statistics.median(checks) / 1e6, statistics.median(bares) / 1e6))
        finally:
            redis_server.stop()
            limits_server.stop()
    medians = [check for check, _ in rounds]
    print(f"POST /check of turn {AT} ({len(record['turns'][AT]['actions'])} actions), 4-player Keltis, in process; "
          f"{args.rounds} rounds of {args.calls} checks")
    print(f"first check of the game: {first / 1e6:.2f} ms of CPU")
    print("median per round: " + ", ".join(f"{check:.2f} ms (bare {bare:.2f})" for check, bare in rounds))
    print(f"median over the rounds: {statistics.median(medians):.2f} ms ({min(medians):.2f} to {max(medians):.2f}); "
          f"target <= {TARGET_MS} ms: {'met' if statistics.median(medians) <= TARGET_MS else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
