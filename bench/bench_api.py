"""API benchmark: turns per second and latency on loopback, next to a bare route.

Starts its own Redis (append-only, ``appendfsync always``, as ``brehon
serve`` runs it) and gunicorn with the same threaded workers as ``brehon
serve``, serving the product app plus one bare route that does a single
Redis GET and SET: the ceiling of this server stack. Then, for 1, 4 and 16
tables playing at once (a thread each, keep-alive connections), every table
creates a game and logs a 150-turn 4-player legal game turn by turn with
If-Match; the same number of requests then goes to the bare route.

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
    store = app.extensions["brehon.store"]

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
        started = time.perf_counter()
        self.http.request("POST", path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
        answer = self.http.getresponse()
        payload = answer.read()
        return answer.status, json.loads(payload), time.perf_counter() - started


def play_table(port: int, record: dict, latencies: list[float], by_turn: list[list[float]]) -> None:
    """Create a game and log every turn of ``record``; note each turn's latency."""
    client = Connection(port)
    status, created, _ = client.post("/api/v1/games", {**record, "turns": []})
    assert status == 201, created
    auth = {"Authorization": f"Bearer {created['token']}"}
    for version, turn in enumerate(record["turns"]):
        status, answer, took = client.post(f"/api/v1/games/{created['id']}/turns", turn,
                                           {**auth, "If-Match": f'"{version}"'})
        assert status == 201, answer
        latencies.append(took)
        by_turn[version].append(took)


def hit_bare(port: int, count: int, latencies: list[float]) -> None:
    client = Connection(port)
    for _ in range(count):
        status, _, took = client.post("/bench/bare", {})
        assert status == 200
        latencies.append(took)


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
            for tables in (int(part) for part in args.tables.split(",")):
                latencies: list[float] = []
                by_turn: list[list[float]] = [[] for _ in record["turns"]]
                seconds = run_threads(play_table, [(port, record, latencies, by_turn)] * tables)
                print(row("turn", tables, latencies, seconds))
                bare: list[float] = []
                seconds = run_threads(hit_bare, [(port, len(record["turns"]), bare)] * tables)
                print(row("bare", tables, bare, seconds))
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
