"""Turns through one and two API hosts on a Redis Cluster, beside one host
on a single Redis, in one run.

Starts a Redis Cluster of three masters with a replica each (append-only,
``appendfsync always``; a turn is answered once a replica confirmed it:
``WAIT`` before Redis 7.2, ``WAITAOF`` after), a plain Redis for the queue
and the limits, and a single durable Redis as ``brehon serve`` runs it.
Each API host is gunicorn as ``brehon serve`` runs it. ``--tables`` tables
each log a 150-turn 4-player Keltis game turn by turn with If-Match; with
two hosts, the tables alternate between them. This machine has few cores
and runs every host and every Redis on them: read the ratios, not the
speed-up that more machines would give.

Also measured: the price of the failover promise, a write followed by
``WAIT 1`` on a cluster master against the same write alone.

Run: ``.venv/bin/python bench/bench_cluster.py [--tables 8]``
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import redis  # noqa: E402

from bench_api import play_table, run_threads  # noqa: E402
from bench_keltis import long_game  # noqa: E402
from brehon.redis_cluster import LocalCluster  # noqa: E402
from brehon.redis_server import RedisServer, free_port  # noqa: E402
from brehon.serve import THREADS, WORKERS  # noqa: E402
from timing import percentile, wait_ready  # noqa: E402

WRITES = 1000


def start_host(env: dict) -> tuple[subprocess.Popen, int]:
    port = free_port()
    host = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--worker-class", "gthread", "--workers", str(WORKERS),
         "--threads", str(THREADS), "--bind", f"127.0.0.1:{port}", "--preload", "api:create_app()"],
        cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_ready(port, host)
    return host, port


def measure(name: str, ports: list[int], record: dict, tables: int) -> None:
    latencies: list[float] = []
    by_turn: list[list[float]] = [[] for _ in record["turns"]]
    seconds = run_threads(play_table, [(ports[table % len(ports)], record, latencies, by_turn)
                                       for table in range(tables)])
    print(f"{name:<28} {len(latencies):>6} {len(latencies) / seconds:>8.0f} "
          f"{percentile(latencies, 0.5) * 1000:>8.2f} {percentile(latencies, 0.99) * 1000:>8.2f}")


def replica_wait_cost(cluster: LocalCluster) -> tuple[float, float]:
    """p50 seconds of a write of a turn's size (its entry and snapshot, about
    4 KB) alone, and followed by WAIT 1 on the same connection, one round trip."""
    master = cluster.client(cluster.master_of("bench:{wait}"))
    alone, waited = [], []
    for _ in range(WRITES):
        for wait, times in ((False, alone), (True, waited)):
            started = time.perf_counter()
            with master.pipeline(transaction=False) as pipe:
                pipe.set("bench:{wait}", "x" * 4096)
                if wait:
                    pipe.execute_command("WAIT", 1, 1000)
                assert pipe.execute()[-1]
            times.append(time.perf_counter() - started)
    master.close()
    return percentile(alone, 0.5), percentile(waited, 0.5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    args = parser.parse_args()
    record = long_game()
    hosts: list[subprocess.Popen] = []
    with tempfile.TemporaryDirectory() as data:
        cluster = LocalCluster(Path(data) / "cluster").start()
        plain = RedisServer(Path(data) / "plain").start()
        single = RedisServer(Path(data) / "single").start()
        try:
            version = redis.Redis.from_url(single.url).info("server")["redis_version"]
            print(f"Redis {version}; gunicorn gthread {WORKERS} workers x {THREADS} threads per host; "
                  f"{args.tables} tables x {len(record['turns'])} turns; {os.cpu_count()} CPUs")
            print(f"{'':<28} {'turns':>6} {'turns/s':>8} {'p50 ms':>8} {'p99 ms':>8}")
            host, port = start_host({"REDIS_URL": single.url, "BREHON_LIMITS_URL": plain.url})
            hosts.append(host)
            measure("single Redis, 1 host", [port], record, args.tables)
            host.terminate()
            host.wait(10)
            # One secret for both hosts: each verifies the snapshots the other signed.
            secret = Path(data) / "secret"
            secret.write_bytes(os.urandom(32))
            on_cluster = {"REDIS_URL": cluster.url, "BREHON_QUEUE_URL": plain.url, "BREHON_LIMITS_URL": plain.url,
                          "BREHON_SECRET_FILE": str(secret)}
            first, first_port = start_host(on_cluster)
            hosts.append(first)
            measure("cluster 3+3, 1 host", [first_port], record, args.tables)
            second, second_port = start_host(on_cluster)
            hosts.append(second)
            measure("cluster 3+3, 2 hosts", [first_port, second_port], record, args.tables)
            alone, waited = replica_wait_cost(cluster)
            print(f"a write on a cluster master: p50 {alone * 1000:.3f} ms alone, {waited * 1000:.3f} ms with WAIT 1 "
                  f"(the failover promise costs {(waited - alone) * 1000:.3f} ms per turn here)")
        finally:
            for host in hosts:
                if host.poll() is None:
                    host.terminate()
                    host.wait(10)
            cluster.stop()
            plain.stop()
            single.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
