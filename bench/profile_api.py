"""Where a turn's time goes on a loaded server: cProfile around the WSGI app.

Starts Redis and gunicorn as ``bench/bench_api.py`` does, but with one
worker (so that one process holds every request's profile) serving the
bench app wrapped in a profiler: each request is profiled on its own thread
in CPU time (``time.thread_time``: the time the thread ran, not the time it
waited for the GIL or for Redis), and the profiles add up per route. Then
``--tables`` tables log their turns at once, and the same number of
requests goes to the bare route, each route profiled apart. Prints each
route's CPU milliseconds per request and, for the turn, the functions that
cost most (inclusive, then own time), as shares of the turn's CPU time.

Run: ``.venv/bin/python bench/profile_api.py [--tables 16] [--turns 150] [--top 40]``
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_api import Connection, Table, bench_app, run_threads  # noqa: E402
from bench_keltis import long_game  # noqa: E402
from brehon.redis_server import RedisServer, free_port  # noqa: E402
from brehon.serve import THREADS  # noqa: E402
from timing import wait_ready  # noqa: E402


def profiled_app():
    """The bench app, each request profiled in its thread's CPU time; the
    profiles add up per route, and ``GET /bench/profile/<route>`` answers
    them (``turn`` or ``bare``) as pstats text with the request count first."""
    app = bench_app()
    inner = app.wsgi_app
    totals: dict[str, list] = {}
    lock = threading.Lock()

    def route_of(environ) -> str | None:
        path = environ.get("PATH_INFO", "")
        return "turn" if path.endswith("/turns") else "bare" if path == "/bench/bare" else None

    def wsgi(environ, start_response):
        route = route_of(environ)
        if route is None:
            return inner(environ, start_response)
        profile = cProfile.Profile(time.thread_time)
        profile.enable()
        try:
            return list(inner(environ, start_response))  # the body is made inside the profile
        finally:
            profile.disable()
            with lock:
                stats, count = totals.get(route, (None, 0))
                if stats is None:
                    stats = pstats.Stats(profile)
                else:
                    stats.add(profile)
                totals[route] = [stats, count + 1]

    @app.get("/bench/profile/<route>")
    def report(route: str):
        with lock:
            stats, count = totals.get(route, (None, 0))
        out = io.StringIO()
        if stats is not None:
            stats.stream = out
            stats.sort_stats("cumulative").print_stats(TOP)
            stats.sort_stats("tottime").print_stats(TOP)
            out.write(f"\nTOTAL {stats.total_tt}\n")
        return f"COUNT {count}\n{out.getvalue()}"

    app.wsgi_app = wsgi  # type: ignore[method-assign]
    return app


TOP = int(os.environ.get("BENCH_PROFILE_TOP", "40"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--turns", type=int, default=150)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    record = long_game(turns=args.turns)
    with tempfile.TemporaryDirectory() as data:
        redis_server = RedisServer(Path(data) / "redis").start()
        limits_server = RedisServer(Path(data) / "limits", durable=False).start()
        port = free_port()
        env = {**os.environ, "REDIS_URL": redis_server.url, "BREHON_LIMITS_URL": limits_server.url,
               "BENCH_PROFILE_TOP": str(args.top)}
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--worker-class", "gthread", "--workers", "1",
             "--threads", str(THREADS), "--bind", f"127.0.0.1:{port}", "--chdir", str(ROOT / "bench"),
             "--pythonpath", str(ROOT), "profile_api:profiled_app()"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_ready(port, server)
            tables = [Table(port, record) for _ in range(args.tables)]
            by_turn: list[list[float]] = [[] for _ in record["turns"]]
            run_threads(Table.play, [(table, len(record["turns"]), [], by_turn) for table in tables])
            run_threads(Table.hit_bare, [(table, len(record["turns"]), []) for table in tables])
            client = Connection(port)
            reports = {}
            for route in ("bare", "turn"):
                client.http.request("GET", f"/bench/profile/{route}")
                reports[route] = client.http.getresponse().read().decode()
        finally:
            server.terminate()
            server.wait(10)
            redis_server.stop()
            limits_server.stop()
    for route, text in reports.items():
        count = int(text.split("\n", 1)[0].split()[1])
        total = float(text.rsplit("TOTAL ", 1)[1])
        print(f"{route}: {count} requests, {1000 * total / count:.2f} ms of CPU each (in the app, under cProfile)")
    print(reports["turn"].split("\n", 1)[1].rsplit("\nTOTAL", 1)[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
