"""Slow and greedy clients against a table: does a turn still get answered?

For each attack below, starts a Redis and a ``brehon serve`` of its own on a
free loopback port, creates a game, lets the attack run for ``--seconds``
from this machine (another process, no token), and meanwhile plays the real
client: it posts a turn every 2 s and waits at most 2 s for each (issue 30).
It prints, for each attack, how many turns were answered (with p50 and max),
and the resident memory of gunicorn's workers (summed) before the attack,
at its highest during it, and 5 s after its connections closed.

The attacks (issue 30's table, and issue 23's half-open heads):

- ``half-open``: 2,000 connections each send a request line and one header, then nothing.
- ``chunked``: 600 connections each send a chunked body, one chunk every 15 s.
- ``heads``: 600 connections each send a head of more than 64 KiB (66,000
  bytes at once), then more of it a byte a second, never its end.
- ``expect``: 600 connections send ``Expect: 100-continue`` and never the body.
- ``bodies``: 1,500 connections each declare 1 MiB and send 900 KiB of it.
- ``pipelined``: 600 connections each send 200 requests at once and never read an answer.

A connection the server closes is opened again on the attack's next round
(every 15 s for ``chunked``, every second for ``heads`` and ``expect``);
``bodies``, ``pipelined`` and ``half-open`` open theirs once.

Run: ``.venv/bin/python bench/bench_half_open.py [--attacks chunked,heads] [--seconds 30] [--scale 1]``
(``--root DIR`` serves the checkout in DIR instead, to measure an older worker
the same way; ``--scale 0.5`` halves every attack's connections;
``--server granian|uvicorn|hypercorn`` serves the same app, on the same
Redis, with another server of 2 workers and 256 threads each, to compare:
``pip install granian uvicorn a2wsgi hypercorn`` first, bench/wsgi_candidates.py.)
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import resource
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from brehon.redis_server import RedisServer, free_port  # noqa: E402
from bench_keltis import long_game  # noqa: E402
from timing import percentile, wait_ready  # noqa: E402

#: The real client: a turn every TURN_EVERY seconds, each waited for TURN_WAIT seconds.
TURN_EVERY, TURN_WAIT = 2.0, 2.0
#: Seconds after the attack's connections closed when the memory is read again.
SETTLE = 5.0

HOST = b"Host: 127.0.0.1\r\n"


@dataclass(frozen=True)
class Attack:
    connections: int
    #: What each connection sends at once when it opens.
    opening: bytes
    #: What each connection sends every ``every`` seconds after (b"": nothing).
    then: bytes = b""
    every: float = 1.0
    #: Whether a connection the server closed is opened again.
    again: bool = True
    #: Whether the attacker reads what the server sends (a pipeliner never does).
    reads: bool = True


ATTACKS = {
    "half-open": Attack(2000, b"GET /api/v1/rulesets HTTP/1.1\r\n" + HOST, again=False),
    "chunked": Attack(600, b"POST /api/v1/tally HTTP/1.1\r\n" + HOST
                      + b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{\r\n",
                      then=b"1\r\n \r\n", every=15.0),
    "heads": Attack(600, b"GET /api/v1/rulesets HTTP/1.1\r\n" + HOST + b"X-Padding: " + b"a" * 66_000,
                    then=b"a", every=1.0),
    "expect": Attack(600, b"POST /api/v1/tally HTTP/1.1\r\n" + HOST + b"Content-Type: application/json\r\n"
                     b"Content-Length: 500\r\nExpect: 100-continue\r\n\r\n", every=1.0),
    "bodies": Attack(1500, b"POST /api/v1/tally HTTP/1.1\r\n" + HOST + b"Content-Type: application/json\r\n"
                     b"Content-Length: 1048576\r\n\r\n" + b" " * (900 * 1024), again=False),
    "pipelined": Attack(600, b"GET /api/v1/rulesets HTTP/1.1\r\n" + HOST + b"\r\n", again=False, reads=False),
}
PIPELINED = 200

#: The other servers measured (``--server``), each with 2 workers of 256 threads, as brehon serve's gunicorn.
CANDIDATES = {
    "granian": lambda port: [str(Path(sys.executable).with_name("granian")), "--interface", "wsgi", "--workers", "2",
                             "--blocking-threads", "256", "--host", "127.0.0.1", "--port", str(port),
                             "--factory", "api:create_app"],
    "uvicorn": lambda port: [sys.executable, "-m", "uvicorn", "--factory", "--workers", "2", "--host", "127.0.0.1",
                             "--port", str(port), "--app-dir", str(ROOT / "bench"), "wsgi_candidates:asgi"],
    "hypercorn": lambda port: [sys.executable, "-m", "hypercorn", "--workers", "2", "--bind", f"127.0.0.1:{port}",
                               "bench.wsgi_candidates:wsgi"],
}


def attack(port: int, name: str, attack: Attack, connections: int, ready, stop) -> None:
    """Run in a process of its own (the real client's timings stay its own):
    open the connections, set ``ready``, then keep the attack up until ``stop``."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
    opening = attack.opening * (PIPELINED if name == "pipelined" else 1)
    selector = selectors.DefaultSelector()
    held: list[socket.socket | None] = [None] * connections

    def open_one(index: int) -> None:
        try:
            connection = socket.create_connection(("127.0.0.1", port), timeout=10)
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            connection.sendall(opening)
            connection.setblocking(False)
        except OSError:
            return
        held[index] = connection
        if attack.reads:
            selector.register(connection, selectors.EVENT_READ, index)

    def close_one(index: int) -> None:
        connection = held[index]
        if connection is not None:
            if attack.reads:
                selector.unregister(connection)
            connection.close()
            held[index] = None

    for index in range(connections):
        open_one(index)
    ready.set()
    next_round = time.monotonic() + attack.every
    while not stop.is_set():
        for key, _ in selector.select(timeout=min(0.2, max(0.0, next_round - time.monotonic()))):
            try:
                if key.fileobj.recv(65536):  # type: ignore[union-attr]
                    continue  # an answer (100 Continue, a refusal): its close follows
            except BlockingIOError:
                continue
            except OSError:
                pass
            close_one(key.data)
        if time.monotonic() < next_round:
            continue
        next_round += attack.every
        for index, connection in enumerate(held):
            if connection is None:
                if attack.again:
                    open_one(index)
            elif attack.then:
                try:
                    connection.send(attack.then)
                except BlockingIOError:
                    pass
                except OSError:
                    close_one(index)
    for index in range(connections):
        close_one(index)


def turn(port: int, game: dict, body: dict, version: int) -> tuple[float | None, str]:
    """Seconds until the turn was answered 201 (else None), and what happened."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TURN_WAIT)
    try:
        connection.request("POST", f"/api/v1/games/{game['id']}/turns", body=json.dumps(body),
                           headers={"Content-Type": "application/json", "Authorization": f"Bearer {game['token']}",
                                    "If-Match": f'"{version}"'})
        answer = connection.getresponse()
        answer.read()
        return (time.perf_counter() - started if answer.status == 201 else None), str(answer.status)
    except OSError as error:
        return None, type(error).__name__
    finally:
        connection.close()


def known_version(port: int, game: dict) -> int | None:
    """The game's version now (a turn that timed out may have been logged since), if it says in time."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TURN_WAIT)
    try:
        connection.request("GET", f"/api/v1/games/{game['id']}", headers={"Authorization": f"Bearer {game['token']}"})
        return json.loads(connection.getresponse().read())["version"]
    except (OSError, ValueError, KeyError):
        return None
    finally:
        connection.close()


def workers_memory(server: subprocess.Popen) -> float:
    """MiB resident in the server's workers: gunicorn's (the children of its
    master, a child of ``brehon serve``), or another server's children."""
    children: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                names[int(entry.name)] = (entry / "cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            parent = int(stat.rpartition(")")[2].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    masters = [pid for pid in children.get(server.pid, []) if "gunicorn" in names.get(pid, "")]
    workers = [worker for master in masters for worker in children.get(master, [])] if masters \
        else children.get(server.pid, [])
    total = 0
    for worker in workers:
        try:
            status = Path(f"/proc/{worker}/status").read_text()
        except OSError:
            continue
        total += next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
    return total / 1024


def new_game(port: int, record: dict) -> dict:
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    client.request("POST", "/api/v1/games", body=json.dumps({**record, "turns": []}),
                   headers={"Content-Type": "application/json"})
    game = json.loads(client.getresponse().read())
    client.close()
    return game


def measure(port: int, server: subprocess.Popen, name: str, connections: int, seconds: float, record: dict) -> str:
    game = new_game(port, record)
    for _ in range(20):  # every worker has answered (its memory is its own) before it is read
        known_version(port, game)
    before = workers_memory(server)
    context = multiprocessing.get_context("fork")
    ready, stop = context.Event(), context.Event()
    attacker = context.Process(target=attack, args=(port, name, ATTACKS[name], connections, ready, stop))
    attacker.start()
    ready.wait(timeout=300)
    during = workers_memory(server)
    took: list[float] = []
    failures: dict[str, int] = {}
    tried = 0
    version: int | None = 0
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        started = time.monotonic()
        if version is None:
            version = known_version(port, game)
        if version is not None:
            tried += 1
            seconds_taken, outcome = turn(port, game, record["turns"][version], version)
            if seconds_taken is None:
                failures[outcome] = failures.get(outcome, 0) + 1
                version = None
            else:
                took.append(seconds_taken)
                version += 1
        else:
            tried += 1
            failures["no version"] = failures.get("no version", 0) + 1
        during = max(during, workers_memory(server))
        time.sleep(max(0.0, started + TURN_EVERY - time.monotonic()))
    stop.set()
    attacker.join(timeout=60)
    time.sleep(SETTLE)
    after = workers_memory(server)
    answered = f"{len(took)}/{tried} turns answered"
    if took:
        answered += f", p50 {percentile(took, 0.5) * 1000:.0f} ms, max {max(took) * 1000:.0f} ms"
    if failures:
        answered += " (not: " + ", ".join(f"{count} {what}" for what, count in sorted(failures.items())) + ")"
    return (f"{name:9s} {connections:5d} connections: {answered}; "
            f"workers' memory {before:.0f} -> {during:.0f} -> {after:.0f} MiB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attacks", default=",".join(ATTACKS), help="which attacks, in order")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long each attack lasts")
    parser.add_argument("--scale", type=float, default=1.0, help="share of each attack's connections")
    parser.add_argument("--root", default=str(ROOT), help="the checkout whose brehon serve is measured")
    parser.add_argument("--server", default="brehon", choices=["brehon", *CANDIDATES], help="which server serves the app")
    args = parser.parse_args()
    _, most = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (most, most))
    record = long_game()
    print(f"{args.server} ({args.root}) on {os.cpu_count()} CPUs, loopback; open-file limit {most}; "
          f"a turn every {TURN_EVERY:g} s, each waited for {TURN_WAIT:g} s; {args.seconds:g} s per attack; "
          "a server of its own for each attack", flush=True)
    for name in args.attacks.split(","):
        connections = max(1, round(ATTACKS[name].connections * args.scale))
        with tempfile.TemporaryDirectory() as data:
            redis_server = RedisServer(Path(data) / "redis").start()
            port = free_port()
            secret = Path(data) / "secret"
            secret.write_bytes(os.urandom(32))
            command = CANDIDATES[args.server](port) if args.server in CANDIDATES else [
                sys.executable, "-m", "brehon.cli", "serve", "--port", str(port), "--data", str(Path(data) / "serve")]
            server = subprocess.Popen(command, env={**os.environ, "REDIS_URL": redis_server.url,
                                                    "BREHON_SECRET_FILE": str(secret), "PYTHONPATH": str(ROOT)},
                                      cwd=args.root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                      start_new_session=True)
            try:
                wait_ready(port, server)
                print(measure(port, server, name, connections, args.seconds, record), flush=True)
            finally:
                server.send_signal(signal.SIGTERM)
                try:
                    server.wait(timeout=60)
                except subprocess.TimeoutExpired:  # granian, after the 900 KiB bodies
                    os.killpg(server.pid, signal.SIGKILL)
                    server.wait()
                redis_server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
