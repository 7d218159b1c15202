"""A turn's own CPU time next to the bare route's, in one process.

``bench/bench_api.py`` measures what a table waits for, which includes
the fsync of Redis and whatever else the machine is doing. This measures
only what the application spends: the product app plus the bare route
(``bench_api.bench_app``), called as WSGI in this process with no server
around it, against a Redis that keeps nothing on disk. Each request's CPU
time is the time its thread ran (``time.thread_time_ns``: waiting for Redis
does not count), and the garbage collector is off while requests run, so
that a collection does not land on one of them. Games of 150 turns (4-player
Keltis, ``bench_keltis.long_game``) are logged turn by turn, each turn
followed by one bare request; the first game warms up and is not counted.

Run: ``.venv/bin/python bench/bench_turn_cpu.py [--games 12]``
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from werkzeug.test import EnvironBuilder  # noqa: E402

from bench_api import in_process  # noqa: E402
from bench_keltis import long_game  # noqa: E402


def cpu_of(app, environ: dict) -> tuple[int, str]:
    """The thread's CPU nanoseconds for one request through ``app``, and its status."""
    statuses = []
    started = time.thread_time_ns()
    b"".join(app.wsgi_app(environ, lambda status, headers, exc_info=None: statuses.append(status)))
    return time.thread_time_ns() - started, statuses[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    args = parser.parse_args()
    record = long_game(turns=150)
    with in_process() as app:
        client = app.test_client()
        turns: list[int] = []
        bare: list[int] = []
        for game in range(args.games + 1):
            created = client.post("/api/v1/games", json={**record, "turns": []},
                                  environ_base={"REMOTE_ADDR": f"10.0.{game}.1"}).get_json()
            headers = {"Authorization": f"Bearer {created['token']}"}
            turn_requests = [
                EnvironBuilder(path=f"/api/v1/games/{created['id']}/turns", method="POST", data=json.dumps(turn),
                               content_type="application/json",
                               headers={**headers, "If-Match": f'"{version}"'}).get_environ()
                for version, turn in enumerate(record["turns"])]
            bare_requests = [EnvironBuilder(path="/bench/bare", method="POST", data="{}",
                                            content_type="application/json").get_environ()
                             for _ in record["turns"]]
            gc.disable()
            try:
                for turn_request, bare_request in zip(turn_requests, bare_requests):
                    took, status = cpu_of(app, turn_request)
                    assert status.startswith("201"), status
                    if game:
                        turns.append(took)
                    took, status = cpu_of(app, bare_request)
                    assert status.startswith("200"), status
                    if game:
                        bare.append(took)
            finally:
                gc.enable()
    turn, ceiling = statistics.median(turns) / 1000, statistics.median(bare) / 1000
    print(f"{len(turns)} turns and as many bare requests, in-process, {args.games} games of {len(record['turns'])} turns")
    print(f"CPU per request, median: turn {turn:.0f} us, bare {ceiling:.0f} us; "
          f"the turn's own work {turn - ceiling:.0f} us, ratio {turn / ceiling:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
