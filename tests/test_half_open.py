"""Slow and greedy clients cannot stall the table (issues 23 and 30):
``brehon serve`` answers a turn while thousands of connections from one
address each send part of a request and then nothing, whatever its framing.
gunicorn's gthread worker gave each of them a thread, and about 520 stopped
every answer; brehon/gunicorn_worker.py gathers each request in its event
loop before a thread takes it (bench/bench_half_open.py measures it)."""

from __future__ import annotations

import http.client
import inspect
import json
import resource
import selectors
import socket
from contextlib import ExitStack, nullcontext
from types import SimpleNamespace

import pytest
from api_helpers import OPENING, bearer, new_record, served
from gunicorn.config import Config
from gunicorn.workers.gthread import TConn, ThreadWorker

from api.bodies import MAX_BODY
from brehon import gunicorn_internals, gunicorn_worker
from brehon.gunicorn_worker import BUDGET, HEAD_BUFFER, ChunkedBody, HeadFirstWorker, Refused, WaitingConn
from brehon.serve import serve

HOST = b"Host: 127.0.0.1\r\n"
HALF_OPEN = b"GET /api/v1/rulesets HTTP/1.1\r\n" + HOST
#: Slow clients, each sending this and then nothing, and how many (more
#: than the 512 threads of brehon serve, for each kind that gthread gave a
#: thread, unread or half read).
SLOW = [
    (HALF_OPEN, 2000),  # half a head
    (b"POST /api/v1/tally HTTP/1.1\r\n" + HOST + b"Content-Length: 500\r\n\r\n{", 500),  # half a body
    (b"GET /api/v1/server HTTP/1.1\r\n" + HOST + b"\r\n" + HALF_OPEN, 300),  # a request and half the next
    (b"POST /api/v1/tally HTTP/1.1\r\n" + HOST + b"Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n", 600),  # chunked
]
#: Clients that ask for 100 Continue and then send no body.
EXPECTING = 600
EXPECT = b"POST /api/v1/tally HTTP/1.1\r\n" + HOST + b"Content-Length: 500\r\nExpect: 100-continue\r\n\r\n"
#: Clients that send many requests at once and never read an answer.
PIPELINING, PIPELINED = 100, 50


@pytest.fixture
def open_files():
    """Room for the held connections in this process's open-file limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = sum(count for _, count in SLOW) + EXPECTING + PIPELINING + 1024
    if soft != resource.RLIM_INFINITY and soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.fail(f"the open-file limit's hard limit is {hard}: this test holds {wanted} connections")
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


def held(stack: ExitStack, address, sent: bytes) -> socket.socket:
    connection = stack.enter_context(socket.create_connection(address, timeout=60))
    connection.sendall(sent)
    return connection


def test_a_turn_is_answered_while_thousands_of_clients_send_half_a_request(redis_url, tmp_path, open_files):
    with served(redis_url, 4, tmp_path) as address, ExitStack() as stack:
        status, created = call(address[1], "POST", "/api/v1/games", new_record())
        assert status == 201, created
        for sent, count in SLOW:
            for _ in range(count):
                held(stack, address, sent)
        for _ in range(PIPELINING):
            held(stack, address, (b"GET /api/v1/server HTTP/1.1\r\n" + HOST + b"\r\n") * PIPELINED)
        for _ in range(EXPECTING):  # the loop answers each: no thread waits for the body
            assert held(stack, address, EXPECT).recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"
        status, answer = call(address[1], "POST", f"/api/v1/games/{created['id']}/turns", OPENING,
                              {**bearer(created["token"]), "If-Match": '"0"'})
        assert status == 201, answer
        assert answer["version"] == 1


def read_answer(answers) -> tuple[bytes, dict, bytes]:
    """One HTTP answer from a socket's file: its status line, its header fields and its body."""
    status = answers.readline()
    fields = {}
    while (line := answers.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        fields[name.strip().lower().decode()] = value.strip().decode()
    return status, fields, answers.read(int(fields.get("content-length", 0)))


@pytest.fixture(scope="module")
def server(redis_url, tmp_path_factory):
    """``brehon serve`` on the session's Redis (its database 4); its (host, port)."""
    with served(redis_url, 4, tmp_path_factory.mktemp("serve")) as address:
        yield address


def test_a_request_sent_behind_another_is_answered_once_its_rest_comes(server):
    # The loop gathers it (gthread would hand it to a thread at once).
    with socket.create_connection(server, timeout=60) as client:
        answers = client.makefile("rb")
        client.sendall(b"GET /api/v1/server HTTP/1.1\r\n" + HOST + b"\r\n" + HALF_OPEN)
        status, _, body = read_answer(answers)
        assert status.startswith(b"HTTP/1.1 200") and json.loads(body)["version"]
        client.sendall(b"Accept: application/json\r\n\r\n")
        status, _, body = read_answer(answers)
        assert status.startswith(b"HTTP/1.1 200") and isinstance(json.loads(body), list)  # the rulesets


def test_pipelined_requests_are_answered_in_order(server):
    with socket.create_connection(server, timeout=60) as client:
        answers = client.makefile("rb")
        record = json.dumps(new_record()).encode()
        client.sendall(b"GET /api/v1/server HTTP/1.1\r\n" + HOST + b"\r\n"
                       + b"POST /api/v1/games HTTP/1.1\r\n" + HOST + b"Content-Type: application/json\r\n"
                       + b"Transfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\n\r\n" % (len(record), record)
                       + b"GET /api/v1/rulesets HTTP/1.1\r\n" + HOST + b"\r\n")
        assert [read_answer(answers)[0].split()[1] for _ in range(3)] == [b"200", b"201", b"200"]


def test_the_loop_answers_100_continue_once_and_reads_the_body(server):
    record = json.dumps(new_record()).encode()
    with socket.create_connection(server, timeout=60) as client:
        answers = client.makefile("rb")
        client.sendall(b"POST /api/v1/games HTTP/1.1\r\n" + HOST + b"Content-Type: application/json\r\n"
                       b"Expect: 100-continue\r\nContent-Length: %d\r\n\r\n" % len(record))
        assert answers.readline() == b"HTTP/1.1 100 Continue\r\n" and answers.readline() == b"\r\n"
        client.sendall(record)
        status, _, body = read_answer(answers)
        assert status.startswith(b"HTTP/1.1 201"), body  # and no second 100 Continue before it


def test_a_head_over_64_kib_is_431_from_the_loop(server):
    with socket.create_connection(server, timeout=60) as client:
        client.sendall(HALF_OPEN + b"X-Padding: " + b"a" * HEAD_BUFFER)
        status, fields, body = read_answer(client.makefile("rb"))
    assert status.startswith(b"HTTP/1.1 431") and fields["content-type"] == "application/problem+json"
    assert json.loads(body)["detail"] == f"The request's head is over {HEAD_BUFFER} bytes."  # the loop's words


def test_bodies_past_the_budget_close_the_oldest_with_503(server):
    """Each worker holds at most BUDGET bytes of unfinished requests; beyond,
    the connections that waited longest are answered 503 and closed, and
    the newest are still gathered. Enough 900 KiB bodies that one worker
    (of 2) is past its budget whichever way they are shared."""
    part = 900 * 1024
    count = 2 * (BUDGET // part + 1)
    with ExitStack() as stack:
        clients = [held(stack, server, b"POST /api/v1/tally HTTP/1.1\r\n" + HOST
                        + b"Content-Length: %d\r\n\r\n" % MAX_BODY + b" " * part) for _ in range(count)]
        selector = selectors.DefaultSelector()
        for client in clients:
            selector.register(client, selectors.EVENT_READ)
        ready = selector.select(timeout=60)
        assert ready, "no connection was refused"
        status, fields, body = read_answer(ready[0][0].fileobj.makefile("rb"))
        assert status.startswith(b"HTTP/1.1 503") and fields["retry-after"] == str(gunicorn_worker.RETRY_AFTER)
        assert clients.index(ready[0][0].fileobj) < count - 1  # not the newest
        assert call(server[1], "GET", "/api/v1/server")[0] == 200


@pytest.fixture
def waiting():
    """A connection gathered in the loop, and its client's end."""
    near, far = socket.socketpair()
    with near, far:
        yield WaitingConn(Config(), near, ("127.0.0.1", 1), ("127.0.0.1", 2)), far


@pytest.mark.parametrize("request_bytes, whole", [
    (b"GET / HTTP/1.1\r\nHost: x\r\n", False),  # the half-open head
    (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", True),
    (b"POST /t HTTP/1.1\r\nContent-Length: 5\r\n\r\nab", False),  # its body is on the way
    (b"POST /t HTTP/1.1\r\ncontent-length: 5\r\n\r\nabcde", True),
    (b"POST /t HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", False),  # the chunks are on the way
    (b"POST /t HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n", False),
    (b"POST /t HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2;x=y\r\nab\r\n0\r\n\r\n", True),
    (b"POST /t HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\nX-T: 1\r\n", False),  # trailers
    (b"POST /t HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\nX-T: 1\r\n\r\n", True),
    (b"POST /t HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", True),  # gunicorn refuses it, as it is
    (b"POST /t HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n", False),  # answered 100 Continue
    (b"POST /t HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n", True),  # gunicorn refuses it
    (b"POST /t HTTP/1.1\r\nContent-Length: " + b"9" * 5000 + b"\r\n\r\n", True),  # gunicorn refuses it
])
def test_the_event_loop_waits_for_a_whole_request(waiting, request_bytes, whole):
    conn, client = waiting
    conn.gathered += request_bytes
    assert conn.whole(SimpleNamespace(cfg=conn.cfg)) is whole
    client.setblocking(False)
    with pytest.raises(BlockingIOError) if b"Expect" not in request_bytes else nullcontext():
        assert client.recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"


@pytest.mark.parametrize("request_bytes", [
    b"GET /" + b"a" * HEAD_BUFFER,  # a head too long
    b"POST /t HTTP/1.1\r\nContent-Length: %d\r\n\r\n" % (MAX_BODY + 1),  # a body too large, announced
    b"POST /t HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n" % (MAX_BODY + 1),  # or sent
])
def test_the_event_loop_refuses_what_it_will_not_gather(waiting, request_bytes):
    conn, _ = waiting
    conn.gathered += request_bytes
    with pytest.raises(Refused):
        conn.whole(SimpleNamespace(cfg=conn.cfg))


def test_a_chunked_body_sent_a_byte_at_a_time_is_whole_at_its_end():
    body = b"3\r\nabc\r\n10\r\n" + b"x" * 16 + b"\r\n0\r\n\r\n"
    gathered = bytearray(b"HEAD")
    chunked = ChunkedBody(len(gathered))
    ends = []
    for byte in body:
        gathered.append(byte)
        ends.append(chunked.end(gathered))
    assert ends[:-1] == [None] * (len(body) - 1) and ends[-1] == len(gathered)


def test_brehon_serve_refuses_a_gunicorn_without_what_the_worker_extends(monkeypatch, tmp_path, capsys):
    monkeypatch.delattr(ThreadWorker, "murder_pending")
    assert serve("127.0.0.1", 0, str(tmp_path), None, None) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "gunicorn 27." in error and "ThreadWorker.murder_pending" in error
    assert not (tmp_path / "brehon.lock").exists()  # refused before it started anything


def test_every_gunicorn_method_the_worker_overrides_is_checked():
    checked = gunicorn_internals.EXTENDS["gunicorn.workers.gthread"]
    for ours, theirs in ((HeadFirstWorker, ThreadWorker), (WaitingConn, TConn)):
        overridden = {name for name, value in vars(ours).items() if inspect.isfunction(value) and hasattr(theirs, name)}
        assert overridden <= set(checked[theirs.__name__]), overridden - set(checked[theirs.__name__])
