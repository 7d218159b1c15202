"""``brehon serve`` under crashes (issue 13 §2): a part killed with ``kill -9``
is started again while the others go on, the table keeps logging turns when
the part logs none, nothing acknowledged is lost; a gunicorn worker whose
master is gone stops at once; one data directory serves one ``brehon serve``.

One ``brehon serve`` (its own Redis servers, data directory and port) for
the module; each test plays a game of its own on it.
"""

from __future__ import annotations

import http.client
import itertools
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import redis
from api_helpers import bearer, new_record
from keltis_games import discard, draw
from process_helpers import alive, command_line, descendants, parent

from brehon.redis_server import free_port
from scoring.cards import COLORS

BIN = Path(sys.executable).parent
#: Seconds any one wait for the server may take before the test gives up.
WAIT = 60.0


class Served:
    def __init__(self, process: subprocess.Popen, port: int, data: Path, log: Path):
        self.process, self.port, self.data, self.log = process, port, data, log

    def call(self, method: str, path: str, body=None, headers: dict | None = None) -> tuple[int, dict]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT)
        try:
            data = json.dumps(body).encode() if body is not None else None
            connection.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
            answer = connection.getresponse()
            return answer.status, json.loads(answer.read() or b"null")
        finally:
            connection.close()

    def part(self, name: str) -> int:
        """The pid of one part now: ``games`` or ``limits`` (Redis), ``worker``,
        ``master`` (gunicorn) or ``web`` (a gunicorn worker)."""
        found = sorted(pid for pid in descendants(self.process.pid) if alive(pid) and self._is(pid, name))
        assert found, f"no {name} runs"
        return found[0]

    def _is(self, pid: int, name: str) -> bool:
        line = command_line(pid)
        if name in ("games", "limits"):
            if "redis-server" not in line:
                return False
            port = int(line.split(":")[-1].split()[0])
            folder = redis.Redis(port=port, socket_timeout=5).config_get("dir")["dir"]
            return Path(folder).name == ("redis" if name == "games" else "limits")
        if name == "worker":
            return "brehon.cli worker" in line
        if "gunicorn" not in line:
            return False
        return (parent(pid) == self.process.pid) == (name == "master")

    def back(self, name: str, gone: int) -> int:
        """Wait until ``name`` runs again in a process other than ``gone``."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            found = [pid for pid in descendants(self.process.pid) if pid != gone and alive(pid) and self._is_safe(pid, name)]
            if found:
                return found[0]
            time.sleep(0.1)
        pytest.fail(f"the {name} did not come back")

    def _is_safe(self, pid: int, name: str) -> bool:
        try:
            return self._is(pid, name)
        except (OSError, redis.RedisError, ValueError, IndexError):
            return False  # just starting, or just gone


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve")
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "BREHON_LIMITS_URL")}
    log = folder / "serve.log"
    with open(log, "w") as written:
        process = subprocess.Popen([str(BIN / "brehon"), "serve", "--port", str(port), "--data", str(folder / "data")],
                                   stdout=subprocess.PIPE, stderr=written, text=True, env=env)
    try:
        for line in process.stdout:
            if "Brehon is running" in line:
                break
        else:
            pytest.fail(f"brehon serve did not come up: {log.read_text()}")
        yield Served(process, port, folder / "data", log)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stdout.close()


def turns():
    """Legal Keltis turns for anna and ben, for as long as a test needs:
    each discards a card no one discarded yet and draws from the deck."""
    cards = itertools.product(range(11), COLORS)
    for player, (value, color) in zip(itertools.cycle(("anna", "ben")), cards):
        yield {"player": player, "actions": [discard(color, value), draw()]}


class Table:
    """One game on the served app, logging turns as a table does: each turn
    with its own Idempotency-Key, sent again until it is acknowledged."""

    def __init__(self, served: Served):
        self.served = served
        status, created = served.call("POST", "/api/v1/games", new_record())
        assert status == 201, created
        self.id, self.token, self.version = created["id"], created["token"], 0
        self.turns = turns()
        self.acknowledged: list[dict] = []

    def log(self) -> int:
        """Log the next turn; the number of tries it took."""
        turn, key = next(self.turns), str(uuid.uuid4())
        deadline = time.monotonic() + WAIT
        for tries in itertools.count(1):
            try:
                status, body = self.served.call("POST", f"/api/v1/games/{self.id}/turns", turn,
                                                {**bearer(self.token), "If-Match": f'"{self.version}"',
                                                 "Idempotency-Key": key})
            except OSError:
                status, body = None, None  # the server is away for a moment
            if status == 201:
                self.version = body["version"]
                self.acknowledged.append(turn)
                return tries
            assert status in (None, 503), (status, body)  # away for a moment: never a 500
            assert time.monotonic() < deadline, "the turn was never acknowledged"
            time.sleep(0.1)

    def stored(self) -> list[dict]:
        status, game = self.served.call("GET", f"/api/v1/games/{self.id}", headers=bearer(self.token))
        assert status == 200
        return game["record"]["turns"]


#: part -> whether the table logs turns while it is down (it logs none itself).
PARTS = {"limits": True, "worker": True, "web": False, "master": False, "games": False}


@pytest.mark.parametrize("name", list(PARTS))
def test_a_part_killed_comes_back_and_nothing_acknowledged_is_lost(served, name):
    table = Table(served)
    for _ in range(3):
        assert table.log() == 1
    victim = served.part(name)
    os.kill(victim, signal.SIGKILL)
    tries = [table.log() for _ in range(5)]
    if PARTS[name]:
        assert tries == [1] * 5  # not one turn waited for the part
    served.back(name, victim)
    assert table.log() >= 1
    assert table.stored() == table.acknowledged
    assert served.process.poll() is None  # serve itself never stopped
    if name != "web":  # a gunicorn worker is gunicorn's to start again
        assert "stopped (killed by SIGKILL); starting it again" in served.log.read_text()


def test_a_gunicorn_worker_whose_master_is_gone_stops_at_once(served):
    """An orphaned worker would hold the port and keep sending heartbeats on
    event streams that hear no new turn: the stream must end instead."""
    table = Table(served)
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=WAIT)
    connection.request("GET", f"/api/v1/games/{table.id}/events", headers=bearer(table.token))
    stream = connection.getresponse()
    assert stream.readline().startswith(b"retry:")
    master = served.part("master")
    os.kill(master, signal.SIGKILL)
    rest = []
    for line in iter(stream.readline, b""):  # until the server closes the stream
        rest.append(line)
    connection.close()
    assert b": heartbeat\n" not in rest
    served.back("master", master)
    assert table.log() >= 1


def test_a_second_serve_on_the_same_data_directory_refuses_to_start(served):
    second = subprocess.run([str(BIN / "brehon"), "serve", "--port", str(free_port()), "--data", str(served.data)],
                            capture_output=True, text=True, timeout=WAIT,
                            env={key: value for key, value in os.environ.items() if key != "REDIS_URL"})
    assert second.returncode == 1
    lines = second.stderr.strip().splitlines()
    assert len(lines) == 1 and str(served.data.resolve()) in lines[0]
    assert served.process.poll() is None
    assert Table(served).log() == 1


def test_serve_keeps_the_secret_that_signs_the_snapshots_in_its_data_directory(served):
    secret = served.data / "secret"
    assert secret.stat().st_mode & 0o777 == 0o600 and len(secret.read_bytes()) == 32
