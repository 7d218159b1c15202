"""The edges through the server stack `brehon serve` runs (gunicorn in
front of the app): a chunked body over the limit, a long request target,
many or long header fields. Every answer is problem+json."""

from __future__ import annotations

import json
import socket

import pytest
from api_helpers import new_record, served
from orakel_games import SAMPLE_BOARD

from api import MAX_HEADERS, MAX_URL
from api.bodies import MAX_BODY

@pytest.fixture(scope="module")
def server(redis_url, tmp_path_factory):
    """``brehon serve`` on the session's Redis (its database 2); its (host, port)."""
    with served(redis_url, 2, tmp_path_factory.mktemp("serve")) as address:
        yield address


def raw(server, head: bytes, chunks: list[bytes] = ()) -> tuple[int, dict, bytes]:
    """Send ``head`` (and ``chunks`` with chunked transfer coding) on a
    socket of its own; answers (status, headers, body)."""
    with socket.create_connection(server, timeout=30) as connection:
        connection.sendall(head)
        try:
            for chunk in chunks:
                connection.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            if chunks:
                connection.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # the server may answer and close before the body is all sent
        answer = b""
        while b"\r\n\r\n" not in answer or not _complete(answer):
            part = connection.recv(65536)
            if not part:
                break
            answer += part
    head_text, _, body = answer.partition(b"\r\n\r\n")
    lines = head_text.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def _complete(answer: bytes) -> bool:
    head, _, body = answer.partition(b"\r\n\r\n")
    for line in head.decode("latin-1").split("\r\n"):
        if line.lower().startswith("content-length:"):
            return len(body) >= int(line.split(":")[1])
    return True


def request(method: str, target: str, headers: dict | None = None, chunked: bool = False) -> bytes:
    fields = {"Host": "127.0.0.1", "Connection": "close", **(headers or {})}
    if chunked:
        fields |= {"Content-Type": "application/json", "Transfer-Encoding": "chunked"}
    return (f"{method} {target} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in fields.items()) + "\r\n").encode()


def assert_problem(answer: tuple[int, dict, bytes], status: int) -> dict:
    got, headers, body = answer
    assert got == status, body[:300]
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == status and problem["detail"]
    return problem


def in_chunks(data: bytes, size: int = 64 * 1024) -> list[bytes]:
    return [data[start:start + size] for start in range(0, len(data), size)]


def test_a_chunked_body_within_the_limit_is_read(server):
    body = json.dumps(new_record()).encode()
    status, _, answer = raw(server, request("POST", "/api/v1/games", chunked=True), in_chunks(body, 100))
    assert status == 201, answer


def test_a_chunked_body_over_the_limit_is_413(server):
    body = json.dumps(new_record(notes="x" * MAX_BODY)).encode()
    assert_problem(raw(server, request("POST", "/api/v1/games", chunked=True), in_chunks(body)), 413)


def test_a_valid_board_padded_past_the_limit_in_chunks_is_413(server):
    body = json.dumps({"game": "keltis-orakel", "board": SAMPLE_BOARD}).encode() + b" " * (2 * MAX_BODY)
    assert_problem(raw(server, request("POST", "/api/v1/boards/check", chunked=True), in_chunks(body)), 413)


@pytest.mark.parametrize("length", [MAX_URL + 1, 8000, 9000, 20_000])
def test_a_long_request_target_is_414_problem_json(server, length):
    """Up to gunicorn's longest request line the app answers; beyond it
    (9,000 and 20,000 bytes) gunicorn itself, in problem+json too. Either
    way the server answers the next request."""
    assert_problem(raw(server, request("GET", "/api/v1/rulesets?" + "x" * length)), 414)
    assert raw(server, request("GET", "/api/v1/rulesets"))[0] == 200


def test_a_head_gunicorn_cannot_read_is_problem_json(server):
    """gunicorn's other refusals (here more than its 500 header fields) are problem+json too."""
    many = {f"X-Filler-{n}": "1" for n in range(600)}
    assert_problem(raw(server, request("GET", "/api/v1/rulesets", many)), 431)
    assert_problem(raw(server, b"GET /api/v1/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Name: 1\r\n\r\n"), 400)


def test_a_10_kb_token_is_431_problem_json(server):
    assert_problem(raw(server, request("GET", "/api/v1/games/abc", {"Authorization": "Bearer " + "t" * 10_000})), 431)


def test_200_header_fields_are_431_problem_json(server):
    many = {f"X-Filler-{n}": "1" for n in range(2 * MAX_HEADERS)}
    assert_problem(raw(server, request("GET", "/api/v1/rulesets", many)), 431)
