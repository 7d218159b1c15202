"""API benchmark: turns per second and latency on loopback, next to a bare route.

Starts its own Redis (append-only, ``appendfsync always``, as ``brehon
serve`` runs it) and gunicorn with the same threaded workers as ``brehon
serve``, serving the product app plus one bare route that does a single
Redis GET and SET: the ceiling of this server stack. Then, for 1, 4 and 16
tables playing at once (a thread each, keep-alive connections), every table
creates a game and logs a 150-turn 4-player legal game turn by turn with
If-Match; the same number of requests goes to the bare route. The two take
turns in blocks of :data:`BLOCK` requests per table, so that the load of
other work on the machine falls on both alike.

Run: ``.venv/bin/python bench/bench_api.py [--turns N] [--tables 1,4,16]``
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from api import create_app  # noqa: E402
from brehon.serve import THREADS, WORKERS  # noqa: E402
from brehon.redis_server import RedisServer, free_port  # noqa: E402
from bench_keltis import long_game  # noqa: E402
from timing import percentile, wait_ready  # noqa: E402


def bench_app():
    """The product app plus the bare route (only here, never in the product)."""
    app = create_app()
    store = app.extensions["brehon.tables"].store

    @app.post("/bench/bare")
    def bare():
        store.redis.get("bench:bare")
        store.redis.set("bench:bare", "x")
        return {"ok": True}

    return app


class Connection:
    """A keep-alive JSON client of one table."""

    def __init__(self, port: int):
        self.http = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def post(self, path: str, body: dict, headers: dict | None = None) -> tuple[int, dict, float]:
        data = json.dumps(body).encode()
        headers = {"Content-Type": "application/json", **(headers or {})}
        started = time.perf_counter()
        try:
            self.http.request("POST", path, body=data, headers=headers)
        except (BrokenPipeError, ConnectionResetError):
            # gunicorn closes a connection idle for its keep-alive time (a
            # table waiting for the others): the request was never read.
            self.http.close()
            started = time.perf_counter()
            self.http.request("POST", path, body=data, headers=headers)
        answer = self.http.getresponse()
        payload = answer.read()
        return answer.status, json.loads(payload), time.perf_counter() - started


#: Requests per table in one block of turns or of bare requests.
BLOCK = 10


class Table:
    """One table's keep-alive connection and game."""

    def __init__(self, port: int, record: dict):
        self.client = Connection(port)
        self.turns = record["turns"]
        status, created, _ = self.client.post("/api/v1/games", {**record, "turns": []})
        assert status == 201, created
        self.path = f"/api/v1/games/{created['id']}/turns"
        self.auth = {"Authorization": f"Bearer {created['token']}"}
        self.version = 0

    def play(self, count: int, latencies: list[float], by_turn: list[list[float]]) -> None:
        """Log the next ``count`` turns; note each turn's latency."""
        for version in range(self.version, min(self.version + count, len(self.turns))):
            status, answer, took = self.client.post(self.path, self.turns[version],
                                                    {**self.auth, "If-Match": f'"{version}"'})
            assert status == 201, answer
            latencies.append(took)
            by_turn[version].append(took)
            self.version = version + 1

    def hit_bare(self, count: int, latencies: list[float]) -> None:
        for _ in range(count):
            status, _, took = self.client.post("/bench/bare", {})
            assert status == 200
            latencies.append(took)


def play_table(port: int, record: dict, latencies: list[float], by_turn: list[list[float]]) -> None:
    """Create a game and log every turn of ``record``; note each turn's latency."""
    Table(port, record).play(len(record["turns"]), latencies, by_turn)


def run_threads(target, args_per_thread) -> float:
    threads = [threading.Thread(target=target, args=args) for args in args_per_thread]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - started


def row(name: str, tables: int, latencies: list[float], seconds: float) -> str:
    return (f"{name:<6} {tables:>6} {len(latencies):>8} {len(latencies) / seconds:>10.0f} "
            f"{percentile(latencies, 0.5) * 1000:>9.2f} {percentile(latencies, 0.99) * 1000:>9.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=150)
    parser.add_argument("--tables", default="1,4,16")
    args = parser.parse_args()
    record = long_game(turns=args.turns)
    with tempfile.TemporaryDirectory() as data:
        redis_server = RedisServer(Path(data) / "redis").start()
        limits_server = RedisServer(Path(data) / "limits", durable=False).start()  # as `brehon serve` runs it
        port = free_port()
        env = {**os.environ, "REDIS_URL": redis_server.url, "BREHON_LIMITS_URL": limits_server.url}
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--worker-class", "gthread", "--workers", str(WORKERS),
             "--threads", str(THREADS), "--bind", f"127.0.0.1:{port}", "--chdir", str(ROOT / "bench"),
             "--pythonpath", str(ROOT), "bench_api:bench_app()"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_ready(port, server)
            print(f"gunicorn gthread {WORKERS} workers x {THREADS} threads, Redis appendfsync always, "
                  f"{len(record['turns'])}-turn 4-player Keltis game per table, {os.cpu_count()} CPUs")
            print(f"{'route':<6} {'tables':>6} {'requests':>8} {'req/s':>10} {'p50 ms':>9} {'p99 ms':>9}")
            for count in (int(part) for part in args.tables.split(",")):
                tables = [Table(port, record) for _ in range(count)]
                latencies: list[float] = []
                bare: list[float] = []
                by_turn: list[list[float]] = [[] for _ in record["turns"]]
                turn_seconds = bare_seconds = 0.0
                for _ in range(0, len(record["turns"]), BLOCK):
                    turn_seconds += run_threads(Table.play, [(table, BLOCK, latencies, by_turn) for table in tables])
                    bare_seconds += run_threads(Table.hit_bare, [(table, BLOCK, bare) for table in tables])
                print(row("turn", count, latencies, turn_seconds))
                print(row("bare", count, bare, bare_seconds))
                early = statistics.median(took for turn in by_turn[:10] for took in turn)
                late = statistics.median(took for turn in by_turn[-10:] for took in turn)
                print(f"{'':<6} {'':>6} turn p50 ratio to bare: {percentile(latencies, 0.5) / percentile(bare, 0.5):.2f}; "
                      f"median of turns 1-10: {early * 1000:.2f} ms, of the last 10: {late * 1000:.2f} ms")
        finally:
            server.terminate()
            server.wait(10)
            redis_server.stop()
            limits_server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
