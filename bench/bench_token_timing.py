"""Timing of a stranger's guesses: does the time of a 404 say whether a game exists?

Starts its own Redis and gunicorn with the same threaded workers as ``brehon
serve``, creates a game and reads it once with its token (so the process
that answers holds it folded, as it does a game being played), then sends
over one keep-alive connection, taking turns, ``GET /api/v1/games/<id>``
with a random token for an id that names no game and for the game's id.
Both must be 404; their latency percentiles must match. The rate limit of
bad tokens is raised so that every guess is answered, not 429.

Run: ``.venv/bin/python bench/bench_token_timing.py [--samples 300]``
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from brehon.redis_server import RedisServer, free_port  # noqa: E402
from brehon.serve import THREADS, WORKERS  # noqa: E402
from timing import percentile, wait_ready  # noqa: E402

#: Guesses of each kind sent first and not counted (connections, caches).
WARM_UP = 50

RECORD = {"format": "brehon/1", "game": "keltis", "options": {}, "board": None, "setup": {}, "turns": [],
          "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}]}


def request(connection: http.client.HTTPConnection, method: str, path: str, token: str,
            body: dict | None = None) -> tuple[int, float]:
    """Send one request; its status and its seconds, from sending to the last byte read."""
    headers = {"Authorization": f"Bearer {token}"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    started = time.perf_counter()
    connection.request(method, path, body=data, headers=headers)
    answer = connection.getresponse()
    answer.read()
    return answer.status, time.perf_counter() - started


def measure(port: int, samples: int) -> dict[str, list[float]]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("POST", "/api/v1/games", body=json.dumps(RECORD), headers={"Content-Type": "application/json"})
    created = json.loads(connection.getresponse().read())
    status, _ = request(connection, "GET", f"/api/v1/games/{created['id']}", created["token"])
    assert status == 200, status
    paths = {"unknown id": lambda: f"/api/v1/games/{secrets.token_hex(8)}",
             "known id, wrong token": lambda: f"/api/v1/games/{created['id']}"}
    took: dict[str, list[float]] = {kind: [] for kind in paths}
    for index in range(WARM_UP + samples):
        for kind, path in paths.items():  # taking turns: the machine's other load falls on both alike
            status, seconds = request(connection, "GET", path(), secrets.token_urlsafe(24))
            assert status == 404, (kind, status)
            if index >= WARM_UP:
                took[kind].append(seconds)
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        redis_server = RedisServer(Path(data) / "redis").start()
        limits_server = RedisServer(Path(data) / "limits", durable=False).start()  # as `brehon serve` runs it
        port = free_port()
        env = {**os.environ, "REDIS_URL": redis_server.url, "BREHON_LIMITS_URL": limits_server.url,
               "BREHON_LIMIT_BAD_TOKENS": "1000000 per minute"}
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--worker-class", "gthread", "--workers", str(WORKERS),
             "--threads", str(THREADS), "--bind", f"127.0.0.1:{port}", "--pythonpath", str(ROOT),
             "api:create_app()"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_ready(port, server)
            took = measure(port, args.samples)
        finally:
            server.terminate()
            server.wait(10)
            redis_server.stop()
            limits_server.stop()
    print(f"gunicorn gthread {WORKERS} workers x {THREADS} threads, one keep-alive connection, "
          f"{args.samples} samples each after {WARM_UP} not counted, {os.cpu_count()} CPUs")
    print(f"{'GET /api/v1/games/<id>, random token':<38} {'p10 ms':>7} {'p50 ms':>7} {'p90 ms':>7}")
    for kind, seconds in took.items():
        print(f"{kind:<38} " + " ".join(f"{percentile(seconds, share) * 1000:>7.2f}" for share in (0.1, 0.5, 0.9)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
