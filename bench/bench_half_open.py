"""Half-open connections against a table: does a turn still get answered?

Starts its own Redis and ``brehon serve`` on a free loopback port, creates
a 4-player Keltis game, then for each count N holds N connections from this
machine that each send a request line and one header and then nothing
(half-open: the server waits for the rest of the head), and meanwhile
logs turns one after another with a client timeout of ``--timeout``
seconds. It prints, for each N, how many turns were answered and how long
they took; then it closes the N connections before the next count.

Run: ``.venv/bin/python bench/bench_half_open.py [--counts 0,300,520,1000,2000] [--turns 5] [--timeout 10]``
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from brehon.redis_server import RedisServer, free_port  # noqa: E402
from bench_keltis import long_game  # noqa: E402
from timing import percentile, wait_ready  # noqa: E402

HALF_OPEN = b"GET /api/v1/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\n"


def hold(port: int, count: int) -> list[socket.socket]:
    """``count`` connections, each having sent a request line and one header."""
    held = []
    for _ in range(count):
        connection = socket.create_connection(("127.0.0.1", port), timeout=10)
        connection.sendall(HALF_OPEN)
        held.append(connection)
    return held


def turn(port: int, game: dict, body: dict, version: int, timeout: float) -> float | None:
    """Seconds until the turn was answered 201, or None (timed out, refused)."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("POST", f"/api/v1/games/{game['id']}/turns", body=json.dumps(body),
                           headers={"Content-Type": "application/json", "Authorization": f"Bearer {game['token']}",
                                    "If-Match": f'"{version}"'})
        answer = connection.getresponse()
        answer.read()
        return time.perf_counter() - started if answer.status == 201 else None
    except OSError:
        return None
    finally:
        connection.close()


def known_version(port: int, game: dict) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", f"/api/v1/games/{game['id']}", headers={"Authorization": f"Bearer {game['token']}"})
    version = json.loads(connection.getresponse().read())["version"]
    connection.close()
    return version


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="0,300,520,1000,2000", help="numbers of half-open connections")
    parser.add_argument("--turns", type=int, default=5, help="turns logged while each count is held")
    parser.add_argument("--timeout", type=float, default=10.0, help="the turn's client timeout, seconds")
    args = parser.parse_args()
    counts = [int(count) for count in args.counts.split(",")]
    _, most = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (most, most))
    turns = long_game(turns=args.turns * len(counts))["turns"]
    with tempfile.TemporaryDirectory() as data:
        redis_server = RedisServer(Path(data) / "redis").start()
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "brehon.cli", "serve", "--port", str(port),
                                   "--data", str(Path(data) / "serve")],
                                  env={**os.environ, "REDIS_URL": redis_server.url}, cwd=ROOT,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            wait_ready(port, server)
            client = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            client.request("POST", "/api/v1/games", body=json.dumps({**long_game(), "turns": []}),
                           headers={"Content-Type": "application/json"})
            game = json.loads(client.getresponse().read())
            client.close()
            print(f"brehon serve on {os.cpu_count()} CPUs, loopback; each turn's client waits {args.timeout:g} s")
            for count in counts:
                version = known_version(port, game)  # a turn that timed out may have been logged since
                held = hold(port, count)
                took = []
                for _ in range(args.turns):
                    seconds = turn(port, game, turns[version], version, args.timeout)
                    if seconds is not None:
                        took.append(seconds)
                        version += 1
                for connection in held:
                    connection.close()
                answered = f"{len(took)}/{args.turns} turns answered"
                if took:
                    answered += f", p50 {percentile(took, 0.5) * 1000:.1f} ms, max {max(took) * 1000:.1f} ms"
                print(f"{count:5d} half-open: {answered}", flush=True)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
            redis_server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
