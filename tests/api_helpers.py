"""Helpers for tests that drive the API: records, tokens, creating games, posting turns."""

from __future__ import annotations

import contextlib
import copy
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from rq import SimpleWorker

from store.summaries import PromptStop

ROOT = Path(__file__).resolve().parent.parent


class InProcessWorker(PromptStop, SimpleWorker):
    """rq's SimpleWorker (the jobs run in the test's process), stopping as
    promptly as ``brehon worker`` does (store.summaries.PromptStop)."""


#: ``served(..., **UNLIMITED)``: high enough that a test's many requests meet the API, not the rate limits.
UNLIMITED = {name: "1000000 per minute" for name in (
    "BREHON_LIMIT_CREATE", "BREHON_LIMIT_TURNS", "BREHON_LIMIT_CHECKS", "BREHON_LIMIT_TALLIES",
    "BREHON_LIMIT_BOARDS", "BREHON_LIMIT_BAD_TOKENS")}


@contextlib.contextmanager
def served(redis_url: str, database: int, log_dir: Path, host: str = "127.0.0.1",
           brehon: Path | None = None, **env: str) -> Iterator[tuple[str, int]]:
    """``brehon serve --host host`` on a free port, on ``database`` of the
    session's Redis (the rq worker it starts must not take other tests'
    jobs), with ``env`` added to its environment, and a data directory of
    its own (each serve locks its directory); yields the (host, port) to
    reach it on this machine. ``brehon``: another installation's command,
    run from ``log_dir`` (outside the checkout), not this environment's."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    environment = {**os.environ, "REDIS_URL": redis_url.rsplit("/", 1)[0] + f"/{database}", **env}
    log = open(log_dir / "serve.log", "w")
    command = brehon or Path(sys.executable).with_name("brehon")
    process = subprocess.Popen([str(command), "serve", "--host", host, "--port", str(port), "--data", str(log_dir / "data")],
                               cwd=log_dir if brehon else ROOT, env=environment,
                               stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/rulesets", timeout=1)
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"brehon serve did not come up: see {log.name}")
            time.sleep(0.2)
    try:
        yield "127.0.0.1", port  # 0.0.0.0 answers there too
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
        log.close()


def bearer(token: str) -> dict:
    """The Authorization header of a game token."""
    return {"Authorization": f"Bearer {token}"}


def new_record(game: str = "keltis", players=("anna", "ben"), turns=(), **fields) -> dict:
    """A small valid record of ``game`` with ``turns``."""
    record = {
        "format": "brehon/1",
        "game": game,
        "options": {},
        "players": [{"id": player, "name": player.title()} for player in players],
        "board": None,
        "setup": {"tiles": {}, "tiles_complete": False},
        "turns": list(copy.deepcopy(turns)),
    }
    record.update(fields)
    return record


def create_game(client, record: dict) -> dict:
    """POST a record; assert 201 and answer the created game (id, token, ...)."""
    answer = client.post("/api/v1/games", json=record)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def post_turn(client, created: dict, turn: dict, version: int | None = None, **headers):
    """POST one turn on ``version`` (the game's known version by default)."""
    version = created["version"] if version is None else version
    return client.post(f"/api/v1/games/{created['id']}/turns", json=turn,
                       headers={**bearer(created["token"]), "If-Match": f'"{version}"', **headers})


def whole_log(history: dict) -> list[dict]:
    """Every log entry of a GET's ``history``, oldest first, read as the PWA
    reads it (frontend/js/history.js): the listed entries, each other one a
    turn that stands, and each with the ``holds`` the server gives it."""
    listed = {entry["version"] - 1: entry for entry in history["entries"]}
    return [{**listed.get(index, {"kind": "turn"}), "holds": holds} for index, holds in enumerate(history["holds"])]


def problem(answer, status: int) -> dict:
    """Assert ``answer`` is a problem+json of ``status``; return its body."""
    assert answer.status_code == status, answer.get_data(as_text=True)
    assert answer.mimetype == "application/problem+json"
    body = answer.get_json()
    assert body["status"] == status
    assert body["title"] and body["detail"] and body["type"]
    return body


# -- records of rules/keltis.md §16 and CONTRACT.md §7 ----------------------------

OPENING = {"player": "anna", "actions": [
    {"type": "play", "card": {"color": "red", "value": 3}, "figure": "large"},
    {"type": "reveal", "path": "red", "row": 1, "tile": "none"},
    {"type": "draw", "from": "deck"}]}

# rules/keltis.md §16, example 1, and its score sheet.
EXAMPLE_1 = new_record(turns=[
    OPENING,
    {"player": "ben", "actions": [{"type": "play", "card": {"color": "green", "value": 8}, "figure": "small"}, {"type": "reveal", "path": "green", "row": 1, "tile": "wish"}, {"type": "draw", "from": "deck"}]},
    {"player": "anna", "actions": [{"type": "discard", "card": {"color": "blue", "value": 4}}, {"type": "draw", "from": "deck"}]},
    {"player": "ben", "actions": [{"type": "play", "card": {"color": "green", "value": 8}}, {"type": "reveal", "path": "green", "row": 2, "tile": "points-2"}, {"type": "draw", "from": "blue"}]},
    {"player": "anna", "actions": [{"type": "play", "card": {"color": "red", "value": 5}}, {"type": "reveal", "path": "red", "row": 2, "tile": "clover"}, {"type": "clover", "path": "red"}, {"type": "reveal", "path": "red", "row": 3, "tile": "none"}, {"type": "draw", "from": "deck"}]},
])
EXAMPLE_1_SHEET = {
    "game": "keltis", "status": "in_progress", "end_reason": None,
    "players": [
        {"id": "anna", "total": -8, "rank": 2, "breakdown": {"track": 0, "figures": -4, "wishing_stones": -4, "stones_held": 0}},
        {"id": "ben", "total": -4, "rank": 1, "breakdown": {"track": 2, "figures": -3, "wishing_stones": -3, "stones_held": 1}},
    ],
    "winners": ["ben"],
}

# Example 6: the third turn plays a yellow 6 whose copies are both seen.
EXAMPLE_6 = new_record(turns=[
    {"player": "anna", "actions": [{"type": "discard", "card": {"color": "yellow", "value": 6}}, {"type": "draw", "from": "deck"}]},
    {"player": "ben", "actions": [{"type": "play", "card": {"color": "yellow", "value": 6}, "figure": "small"}, {"type": "reveal", "path": "yellow", "row": 1, "tile": "none"}, {"type": "draw", "from": "yellow"}]},
    {"player": "anna", "actions": [{"type": "play", "card": {"color": "yellow", "value": 6}, "figure": "small"}, {"type": "draw", "from": "deck"}]},
])

TALLY = {"game": "keltis", "options": {"tie_break": "wishing_stones"}, "board": None, "players": [
    {"id": "anna", "figures": [{"row": 9, "large": True}, {"row": 7, "large": False}], "stones_held": 3, "track": 5},
    {"id": "ben", "figures": [], "stones_held": 0, "track": 0}]}
