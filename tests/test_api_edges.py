"""The edges of every request, through the Flask app: text that UTF-8
cannot hold, a body in another charset, request targets and headers over
the application's limits. (tests/test_http_edges.py sends the same through
the server stack that `brehon serve` runs.)"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from api_helpers import OPENING, bearer, create_game, new_record, problem
from orakel_games import SAMPLE_BOARD

from api import MAX_HEADER, MAX_HEADERS, MAX_URL
from api.bodies import MAX_DIGITS
from scoring import Game, Refused

LONE = "\ud800"


def send(client, url: str, body, headers: dict | None = None, method: str = "POST"):
    """``body`` as JSON text with \\u escapes, as a client may send a lone surrogate."""
    return client.open(url, method=method, data=json.dumps(body), headers=headers or {},
                       content_type="application/json")


def invalid_text(answer, pointer: str) -> dict:
    body = problem(answer, 422)
    assert body["type"] == "/problems/invalid-text" and body["pointer"] == pointer
    assert pointer in body["detail"]
    return body


def test_a_lone_surrogate_in_a_record_is_422_naming_the_field(client, redis_client):
    record = new_record()
    record["players"][1]["name"] = LONE
    invalid_text(send(client, "/api/v1/games", record), "/players/1/name")
    assert redis_client.keys("game:*") == []


def test_a_lone_surrogate_in_a_turn_or_a_correction_is_422_and_changes_nothing(client):
    created = create_game(client, new_record())
    headers = {**bearer(created["token"]), "If-Match": '"0"'}
    turn = {**OPENING, "actions": [*OPENING["actions"][:2], {"type": "draw", "from": "deck", "note": "\udc00"}]}
    invalid_text(send(client, f"/api/v1/games/{created['id']}/turns", turn, headers), "/actions/2/note")
    invalid_text(send(client, f"/api/v1/games/{created['id']}/corrections", {"undo": True, "by": "\udc00"}, headers),
                 "/by")
    invalid_text(send(client, f"/api/v1/games/{created['id']}/check", {"player": LONE, "actions": []}, headers),
                 "/player")
    game = client.get(f"/api/v1/games/{created['id']}", headers=bearer(created["token"])).get_json()
    assert game["version"] == 0 and game["history"] == {"start": None, "seconds": [], "holds": [], "entries": []}


def test_a_lone_surrogate_in_a_key_is_named_too(client):
    invalid_text(send(client, "/api/v1/tally", {"game": "keltis", "players": [{LONE: 1}]}), "/players/0/\\ud800")


def test_a_board_with_a_lone_surrogate_is_neither_valid_nor_stored(client):
    board = {**SAMPLE_BOARD, "name": LONE}
    invalid_text(send(client, "/api/v1/boards/check", {"game": "keltis-orakel", "board": board}), "/board/name")
    invalid_text(send(client, "/api/v1/boards", {"game": "keltis-orakel", "board": board}), "/board/name")
    assert client.get("/api/v1/boards").get_json() == []


def test_a_qr_code_of_a_lone_surrogate_is_422(client):
    invalid_text(send(client, "/api/v1/qr", {"text": "https://x/#g=1" + LONE}), "/text")


def test_text_outside_the_basic_plane_is_fine(client):
    record = new_record()
    record["players"][0]["name"] = "Ånna 🐉"
    created = create_game(client, record)
    game = client.get(f"/api/v1/games/{created['id']}", headers=bearer(created["token"])).get_json()
    assert game["record"]["players"][0]["name"] == "Ånna 🐉"


@pytest.mark.parametrize("charset", ["latin-1", "iso-8859-1", "utf-16", "ascii"])
def test_a_body_in_another_charset_is_415(client, redis_client, charset):
    body = json.dumps(new_record(), ensure_ascii=False).encode("latin-1")
    answer = client.post("/api/v1/games", data=body, content_type=f"application/json; charset={charset}")
    assert "UTF-8" in problem(answer, 415)["detail"]
    assert redis_client.keys("game:*") == []


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                    max_leaves=12)
TURNISH = st.fixed_dictionaries({}, optional={"player": JSON | st.text(max_size=5), "actions": st.lists(
    st.dictionaries(st.text(max_size=8), JSON, max_size=3) | JSON, max_size=3), "note": JSON})


def test_the_engine_alone_judges_a_turn_body(client, redis_client):
    # The API reads the body as JSON and hands it on: its answer is the engine's.
    created = create_game(client, new_record())
    before = {key: redis_client.dump(key) for key in redis_client.keys("game:*")}

    @settings(max_examples=60, deadline=None)
    @given(body=JSON | TURNISH)
    def judged(body):
        answer = client.post(f"/api/v1/games/{created['id']}/turns", json=body,
                             headers={**bearer(created["token"]), "If-Match": '"0"'})
        with pytest.raises(Refused) as refused:
            Game.replay(new_record()).play(body)
        assert problem(answer, 422)["violations"] == [refused.value.violation.to_json("en")]

    judged()
    assert {key: redis_client.dump(key) for key in redis_client.keys("game:*")} == before


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_a_turn_that_is_not_utf_8_is_refused_unread(client, encoding):
    # Python's json.loads takes UTF-16 and UTF-32 bytes as well; the API reads UTF-8 alone.
    created = create_game(client, new_record())
    answer = client.post(f"/api/v1/games/{created['id']}/turns", data=json.dumps(OPENING).encode(encoding),
                         content_type="application/json", headers={**bearer(created["token"]), "If-Match": '"0"'})
    assert problem(answer, 400)["title"] == "Malformed JSON"
    game = client.get(f"/api/v1/games/{created['id']}", headers=bearer(created["token"])).get_json()
    assert game["version"] == 0


@pytest.mark.parametrize("charset", ["utf-8", "UTF-8", "utf8"])
def test_utf_8_may_say_so(client, charset):
    body = json.dumps(new_record(), ensure_ascii=False).encode()
    assert client.post("/api/v1/games", data=body, content_type=f"application/json; charset={charset}").status_code == 201


def test_a_request_target_over_the_limit_is_414(client):
    problem(client.get("/api/v1/rulesets?" + "x" * MAX_URL), 414)
    problem(client.get("/" + "x" * MAX_URL), 414)
    assert client.get("/api/v1/rulesets?" + "x" * (MAX_URL - 30)).status_code == 200


def test_too_many_or_too_long_header_fields_are_431(client):
    created = create_game(client, new_record())
    url = f"/api/v1/games/{created['id']}"
    body = problem(client.get(url, headers=bearer("t" * MAX_HEADER)), 431)
    assert body["header"] == "Authorization"
    many = {f"X-Filler-{n}": "1" for n in range(MAX_HEADERS)}
    problem(client.get(url, headers={**bearer(created["token"]), **many}), 431)
    assert client.get(url, headers=bearer(created["token"])).status_code == 200


def long_integer(digits: int) -> str:
    return "7" * digits


@pytest.mark.parametrize("route, body, pointer", [
    ("/api/v1/tally", '{"game": "keltis", "players": [{"id": "anna", "track": %s}]}', "/players/0/track"),
    ("/api/v1/games", '{"format": "brehon/1", "game": "keltis", "options": {"x": %s}}', "/options/x"),
    ("/api/v1/games", '[%s]', "/0"),
    ("/api/v1/boards", '{"game": "keltis-orakel", "board": {"tiles": [-%s]}}', "/board/tiles/0"),
    ("/api/v1/boards/check", '{"game": "keltis-orakel", "board": %s}', "/board"),
])
def test_an_integer_longer_than_python_reads_is_422_naming_the_field(client, redis_client, route, body, pointer):
    answer = client.post(route, data=body % long_integer(MAX_DIGITS + 1), content_type="application/json")
    problem_body = problem(answer, 422)
    assert (problem_body["type"], problem_body["pointer"]) == ("/problems/invalid-number", pointer)
    assert f"{MAX_DIGITS + 1} digits" in problem_body["detail"]
    assert redis_client.keys("game:*") == [] and client.get("/api/v1/boards").get_json() == []
    # One digit fewer is read, and the schema or the rules answer it.
    answer = client.post(route, data=body % long_integer(MAX_DIGITS), content_type="application/json")
    assert answer.status_code < 500 and answer.get_json().get("type") != "/problems/invalid-number"


def test_an_integer_longer_than_python_reads_in_a_turn_changes_nothing(client):
    created = create_game(client, new_record())
    headers = {**bearer(created["token"]), "If-Match": '"0"'}
    turn = json.dumps(OPENING).replace('"value": 3', f'"value": {long_integer(MAX_DIGITS + 1)}')
    for route in ("turns", "check"):
        answer = client.post(f"/api/v1/games/{created['id']}/{route}", data=turn, content_type="application/json",
                             headers=headers)
        assert problem(answer, 422)["pointer"] == "/actions/0/card/value"
    game = client.get(f"/api/v1/games/{created['id']}", headers=bearer(created["token"])).get_json()
    assert game["version"] == 0


def test_digits_in_a_string_are_only_text(client):
    record = new_record()
    record["players"][0]["name"] = long_integer(MAX_DIGITS + 1)
    answer = client.post("/api/v1/games", json=record)
    assert answer.get_json().get("type") != "/problems/invalid-number"
    assert answer.get_json()["violations"][0]["details"]["pointer"] == "/players/0/name"  # too long a name


@pytest.mark.parametrize("media_type", ["application/problem+json", "application/merge-patch+json",
                                        "text/json", "application/json-seq"])
def test_a_body_of_another_json_type_is_415_and_not_stored(client, redis_client, media_type):
    answer = client.post("/api/v1/games", data=json.dumps(new_record()), content_type=media_type)
    assert "application/json" in problem(answer, 415)["detail"]
    assert redis_client.keys("game:*") == []


@pytest.mark.parametrize("route, body", [("/api/v1/games", {"game": "keltis"}),
                                         ("/api/v1/boards", {"game": "", "board": None}),
                                         ("/api/v1/tally", {"game": "keltis"})])
def test_retry_after_is_only_on_a_429_or_a_503(client, route, body):
    # The rate-limited routes say their limit on every answer, and when to try again only over it.
    answer = client.post(route, json=body)
    assert answer.status_code == 422 and "X-RateLimit-Limit" in answer.headers
    assert "Retry-After" not in answer.headers
    assert "Retry-After" not in client.post("/api/v1/games", json=new_record()).headers
