"""Half-open connections cannot stall the table (issue 23): ``brehon serve``
answers a turn while 2,000 connections from one address each sent a
request line and one header and then nothing (and 500 more a head and part
of a body, and 300 a whole request with the start of the next). gunicorn's gthread worker
gave each of them a thread, and about 520 stopped every answer
(bench/bench_half_open.py measures it); brehon/gunicorn_worker.py reads a
request in its event loop before a thread takes it."""

from __future__ import annotations

import http.client
import json
import resource
import socket

import pytest
from api_helpers import OPENING, bearer, new_record, served

from api.bodies import MAX_BODY
from brehon.gunicorn_worker import HEAD_BUFFER, complete

HELD = 2000
HALF_OPEN = b"GET /api/v1/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\n"
#: The same trick one step on: a whole head, and a body that never comes.
STALLED_BODIES = 500
HALF_BODY = b"POST /api/v1/tally HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 500\r\n\r\n{"
#: And one more: a whole request, answered, with the start of the next sent behind it.
PIPELINED = 300
HALF_NEXT = b"GET /api/v1/server HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + HALF_OPEN


@pytest.fixture
def open_files():
    """Room for the held connections in this process's open-file limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = HELD + STALLED_BODIES + PIPELINED + 1024
    if soft != resource.RLIM_INFINITY and soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.fail(f"the open-file limit's hard limit is {hard}: this test holds {HELD} connections")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def call(port: int, method: str, path: str, body=None, headers: dict | None = None) -> tuple[int, dict]:
    """One JSON request, with a client that waits long (whether it is answered counts, not when)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request(method, path, body=json.dumps(body) if body is not None else None,
                           headers={"Content-Type": "application/json", **(headers or {})})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read() or b"null")
    finally:
        connection.close()


def test_a_turn_is_answered_while_2000_connections_sit_half_open(redis_url, tmp_path, open_files):
    with served(redis_url, 4, tmp_path) as (host, port):
        status, created = call(port, "POST", "/api/v1/games", new_record())
        assert status == 201, created
        held = []
        try:
            for sent in [HALF_OPEN] * HELD + [HALF_BODY] * STALLED_BODIES + [HALF_NEXT] * PIPELINED:
                connection = socket.create_connection((host, port), timeout=60)
                connection.sendall(sent)
                held.append(connection)
            status, answer = call(port, "POST", f"/api/v1/games/{created['id']}/turns", OPENING,
                                  {**bearer(created["token"]), "If-Match": '"0"'})
            assert status == 201, answer
            assert answer["version"] == 1
        finally:
            for connection in held:
                connection.close()


@pytest.mark.parametrize("request_bytes, whole", [
    (b"GET / HTTP/1.1\r\nHost: x\r\n", False),  # the half-open head
    (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", True),
    (b"POST /t HTTP/1.1\r\nContent-Length: 5\r\n\r\nab", False),  # its body is on the way
    (b"POST /t HTTP/1.1\r\ncontent-length: 5\r\n\r\nabcde", True),
    (b"POST /t HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", True),  # a thread reads the chunks
    (b"POST /t HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n", True),  # it waits for us
    (b"POST /t HTTP/1.1\r\nContent-Length: %d\r\n\r\n" % (MAX_BODY + 1), True),  # refused unread: 413
    (b"GET /" + b"a" * HEAD_BUFFER, True),  # a head too long: a thread reads the rest
    (b"POST /t HTTP/1.1\r\nContent-Length: " + b"9" * 5000 + b"\r\n\r\n", True),  # gunicorn refuses it
])
def test_the_event_loop_waits_for_a_whole_small_request(request_bytes, whole):
    assert complete(request_bytes) is whole


def read_answer(answers) -> tuple[bytes, bytes]:
    """One HTTP answer from a socket's file: its status line and its body."""
    status = answers.readline()
    length = 0
    while (line := answers.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    return status, answers.read(length)


def test_a_request_sent_behind_another_is_answered_once_its_rest_comes(redis_url, tmp_path):
    # The loop gathers it (gthread would hand it to a thread at once).
    with served(redis_url, 4, tmp_path) as (host, port), socket.create_connection((host, port), timeout=60) as client:
        answers = client.makefile("rb")
        client.sendall(HALF_NEXT)
        status, body = read_answer(answers)
        assert status.startswith(b"HTTP/1.1 200") and json.loads(body)["version"]
        client.sendall(b"Accept: application/json\r\n\r\n")
        status, body = read_answer(answers)
        assert status.startswith(b"HTTP/1.1 200") and isinstance(json.loads(body), list)  # the rulesets
