"""Live table benchmark: 200 listeners on one game, turns posted at 5 per second.

Starts its own Redis and ``brehon serve`` on a free loopback port (the
gunicorn sizing of brehon/serve.py), creates a 4-player Keltis game, opens the
event stream of the game for every listener (one socket each, read by one
thread), then posts the
turns of a seeded legal game at a steady rate, reading the game (GET, the
normal traffic beside the streams) after every turn. For each turn and each
listener it notes the time from just before the POST was sent to the moment
that listener read the event. One run; bounded by ``--turns`` and a timeout.

Run: ``.venv/bin/python bench/bench_events.py [--listeners 200] [--turns 100] [--rate 5]``
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from brehon.serve import THREADS, WORKERS  # noqa: E402
from brehon.redis_server import RedisServer, free_port  # noqa: E402
from bench_keltis import long_game  # noqa: E402
from timing import percentile, wait_ready  # noqa: E402

#: Seconds the whole run may take beyond the posting itself.
SLACK = 60.0
#: The goal: every listener has every event within this many seconds (p99).
GOAL = 0.250


class Crowd(threading.Thread):
    """The listeners: one socket each, all read by this one thread (so the
    benchmark's own threads do not queue for the interpreter lock), noting
    when each listener read each event id."""

    EVENT_ID = re.compile(rb"(?:^|\n)id: (\d+)\n")

    def __init__(self, port: int, game: dict, count: int):
        super().__init__(daemon=True)
        self.seen: list[dict[int, float]] = [{} for _ in range(count)]
        self.live = threading.Event()
        self.stopping = False
        self.selector = selectors.DefaultSelector()
        request = (f"GET /api/v1/games/{game['id']}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   f"Authorization: Bearer {game['token']}\r\nAccept: text/event-stream\r\n\r\n").encode()
        for number in range(count):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(request)
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ, number)

    def run(self) -> None:
        tails = [b""] * len(self.seen)
        opened = set()
        while not self.stopping:
            for key, _ in self.selector.select(timeout=0.5):
                number = key.data
                try:
                    data = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                at = time.perf_counter()
                text = tails[number] + data
                for match in self.EVENT_ID.finditer(text):
                    self.seen[number].setdefault(int(match[1]), at)
                tails[number] = text[-32:]  # an id cut between two reads is found next time
                if number not in opened and b"retry:" in text:
                    opened.add(number)
                    if len(opened) == len(self.seen):
                        self.live.set()

    def close(self) -> None:
        self.stopping = True
        self.join()
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()


def call(connection: http.client.HTTPConnection, method: str, path: str, body: dict | None = None,
         headers: dict | None = None) -> tuple[int, dict, float]:
    started = time.perf_counter()
    data = json.dumps(body).encode() if body is not None else None
    connection.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
    answer = connection.getresponse()
    payload = json.loads(answer.read())
    return answer.status, payload, time.perf_counter() - started


def run(port: int, listeners: int, turns: list[dict], rate: float) -> dict:
    """The measured run; answers the figures."""
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    record = {**long_game(), "turns": []}
    status, game, _ = call(client, "POST", "/api/v1/games", record)
    assert status == 201, game
    crowd = Crowd(port, game, listeners)
    crowd.start()
    if not crowd.live.wait(SLACK):
        raise SystemExit("not every listener could connect")
    auth = {"Authorization": f"Bearer {game['token']}"}
    sent: dict[int, float] = {}
    answered: dict[int, float] = {}
    posts, reads = [], []
    started = time.perf_counter()
    for index, turn in enumerate(turns):
        time.sleep(max(0.0, started + index / rate - time.perf_counter()))
        sent[index + 1] = time.perf_counter()
        status, answer, took = call(client, "POST", f"/api/v1/games/{game['id']}/turns", turn,
                                    {**auth, "If-Match": f'"{index}"'})
        assert status == 201, answer
        answered[index + 1] = time.perf_counter()
        posts.append(took)
        status, _, took = call(client, "GET", f"/api/v1/games/{game['id']}", headers=auth)
        assert status == 200
        reads.append(took)
    deadline = time.perf_counter() + 5.0
    while time.perf_counter() < deadline and any(len(seen) < len(turns) for seen in crowd.seen):
        time.sleep(0.05)
    crowd.close()
    delays = [seen[version] - at for seen in crowd.seen for version, at in sent.items() if version in seen]
    # The same, counted from the moment the POST was answered: what the
    # streams add to the turn itself (negative when the event came first).
    fanout = [seen[version] - at for seen in crowd.seen for version, at in answered.items() if version in seen]
    return {"delays": delays, "fanout": fanout, "missing": listeners * len(turns) - len(delays), "posts": posts,
            "reads": reads, "seconds": time.perf_counter() - started}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listeners", type=int, default=200)
    parser.add_argument("--turns", type=int, default=100)
    parser.add_argument("--rate", type=float, default=5.0, help="turns per second")
    args = parser.parse_args()
    turns = long_game(turns=args.turns)["turns"]
    with tempfile.TemporaryDirectory() as data:
        redis_server = RedisServer(Path(data) / "redis").start()
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "brehon.cli", "serve", "--port", str(port)],
                                  env={**os.environ, "REDIS_URL": redis_server.url}, cwd=ROOT,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            wait_ready(port, server)
            figures = run(port, args.listeners, turns, args.rate)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
            redis_server.stop()
    delays, ms = figures["delays"], 1000
    print(f"brehon serve: gunicorn {WORKERS} workers x {THREADS} threads (brehon/gunicorn_worker.py); {os.cpu_count()} CPUs; loopback; "
          f"load average {os.getloadavg()[0]:.1f} (the machine's other work counts against every figure)")
    print(f"{args.listeners} listeners, {len(turns)} turns at {args.rate:g}/s in {figures['seconds']:.1f} s: "
          f"{len(delays)} events read, {figures['missing']} missing")
    print(f"event delay  p50 {percentile(delays, 0.5) * ms:7.1f} ms  p99 {percentile(delays, 0.99) * ms:7.1f} ms  "
          f"max {max(delays) * ms:7.1f} ms")
    print(f"after 201    p50 {percentile(figures['fanout'], 0.5) * ms:7.1f} ms  "
          f"p99 {percentile(figures['fanout'], 0.99) * ms:7.1f} ms")
    print(f"POST turn    p50 {percentile(figures['posts'], 0.5) * ms:7.1f} ms  "
          f"p99 {percentile(figures['posts'], 0.99) * ms:7.1f} ms")
    print(f"GET game     p50 {percentile(figures['reads'], 0.5) * ms:7.1f} ms  "
          f"p99 {percentile(figures['reads'], 0.99) * ms:7.1f} ms")
    met = figures["missing"] == 0 and percentile(delays, 0.99) <= GOAL
    print(f"goal: every listener gets each event within {GOAL * ms:.0f} ms (p99): {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
