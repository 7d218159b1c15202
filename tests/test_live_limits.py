"""Limits against a real Redis: rate limits answer 429 problem+json with
Retry-After (set low through create_app's test_config), a game holds at most
2,000 turns, a body at most 1 MiB."""

from __future__ import annotations

import json
import time

import pytest
from api_helpers import EXAMPLE_1, OPENING, TALLY, bearer, create_game, new_record, post_turn, problem

from api import create_app
from api.bodies import MAX_BODY
from tables import MAX_TURNS
from brehon.redis_server import RedisServer


@pytest.fixture
def limited(redis_client, redis_url):
    """A client of an app whose every rate limit is 2 per minute."""
    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "BREHON_LIMIT_CREATE": "2 per minute",
                      "BREHON_LIMIT_TURNS": "2 per minute", "BREHON_LIMIT_CHECKS": "2 per minute",
                      "BREHON_LIMIT_TALLIES": "2 per minute"})
    return app.test_client()


@pytest.fixture
def counters(tmp_path):
    """A Redis of its own for the counters, keeping nothing on disk, as `brehon serve` starts one."""
    server = RedisServer(tmp_path / "limits", durable=False).start()
    yield server
    server.stop()


def too_many(answer) -> dict:
    body = problem(answer, 429)
    assert body["type"] == "/problems/rate-limited"
    assert 1 <= int(answer.headers["Retry-After"]) <= 60
    assert answer.headers["X-RateLimit-Remaining"] == "0" and int(answer.headers["X-RateLimit-Limit"]) >= 1
    return body


def test_game_creation_is_limited_per_client_address(limited):
    for _ in range(2):
        create_game(limited, new_record())
    too_many(limited.post("/api/v1/games", json=new_record()))
    other = limited.post("/api/v1/games", json=new_record(), environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 201


def test_turns_and_corrections_share_one_limit_per_game(limited):
    created = create_game(limited, new_record())
    neighbour = create_game(limited, EXAMPLE_1)
    assert post_turn(limited, created, OPENING).status_code == 201
    url = f"/api/v1/games/{created['id']}/corrections"
    undo = limited.post(url, json={"undo": True, "by": "anna"}, headers={**bearer(created["token"]), "If-Match": '"1"'})
    assert undo.status_code == 201
    too_many(post_turn(limited, created, OPENING, version=2))
    version = limited.get(f"/api/v1/games/{created['id']}", headers=bearer(created["token"])).get_json()["version"]
    assert version == 2  # the refused turn was not logged
    assert post_turn(limited, neighbour, {"player": "ben", "actions": []}).status_code == 422  # its own count


def test_checks_are_limited_per_game(limited):
    created = create_game(limited, new_record())
    url, headers = f"/api/v1/games/{created['id']}/check", bearer(created["token"])
    for _ in range(2):
        assert limited.post(url, json=OPENING, headers=headers).status_code == 200
    too_many(limited.post(url, json=OPENING, headers=headers))


def test_checks_and_turns_spend_budgets_of_their_own(redis_client, redis_url):
    # The check route needs the table token as writes do, yet writes nothing:
    # a composer checking on every tap must not use up the table's turns.
    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "BREHON_LIMIT_TURNS": "2 per minute",
                      "BREHON_LIMIT_CHECKS": "3 per minute"})
    client = app.test_client()
    created = create_game(client, new_record())
    url, headers = f"/api/v1/games/{created['id']}/check", bearer(created["token"])
    for _ in range(3):
        answer = client.post(url, json=OPENING, headers=headers)
        assert answer.status_code == 200 and answer.headers["X-RateLimit-Limit"] == "3"
    assert post_turn(client, created, OPENING).status_code == 201
    assert post_turn(client, created, {"player": "ben", "actions": []}, version=1).status_code == 422
    too_many(client.post(url, json=OPENING, headers=headers))
    too_many(post_turn(client, created, {"player": "ben", "actions": []}, version=1))


def test_a_flood_of_bad_tokens_never_spends_the_tables_budget(client):
    # Anyone who knows a game's id (every spectator) once stopped its table:
    # 600 bad tokens in a second used up its 600 turns a minute.
    created = create_game(client, new_record())
    url, stranger = f"/api/v1/games/{created['id']}/turns", {**bearer("not-a-token"), "If-Match": '"0"'}
    answers = [client.post(url, json=OPENING, headers=stranger).status_code for _ in range(700)]
    # Failed authentications are counted per address: 120 a minute get their 404, the rest 429.
    assert (answers.count(404), answers.count(429)) == (120, 580)
    too_many(client.post(url, json=OPENING, headers=stranger))
    assert post_turn(client, created, OPENING).status_code == 201  # the table, on the same address, plays on
    checks = f"/api/v1/games/{created['id']}/check"
    assert client.post(checks, json=OPENING, headers=bearer(created["token"])).status_code == 200
    # Another address's first wrong token is a plain 404, as for an unknown game.
    elsewhere = client.post(url, json=OPENING, headers=stranger, environ_base={"REMOTE_ADDR": "192.0.2.9"})
    problem(elsewhere, 404)


def test_a_stranger_spends_nothing_of_a_game_at_its_limit(limited):
    created = create_game(limited, new_record())
    url = f"/api/v1/games/{created['id']}/check"
    for _ in range(5):
        problem(limited.post(url, json=OPENING, headers=bearer("not-a-token")), 404)
    for _ in range(2):
        assert limited.post(url, json=OPENING, headers=bearer(created["token"])).status_code == 200
    too_many(limited.post(url, json=OPENING, headers=bearer(created["token"])))


def test_a_spectator_spends_nothing_of_the_tables_budgets(limited):
    created = create_game(limited, new_record())
    spectator = bearer(created["spectator_token"])
    for _ in range(3):
        problem(limited.post(f"/api/v1/games/{created['id']}/check", json=OPENING, headers=spectator), 403)
        problem(limited.post(f"/api/v1/games/{created['id']}/turns", json=OPENING,
                             headers={**spectator, "If-Match": '"0"'}), 403)
    assert limited.post(f"/api/v1/games/{created['id']}/check", json=OPENING,
                        headers=bearer(created["token"])).status_code == 200
    assert post_turn(limited, created, OPENING, version=0).status_code == 201


def test_tallies_are_limited_per_client_address(limited):
    for _ in range(2):
        assert limited.post("/api/v1/tally", json=TALLY).status_code == 200
    too_many(limited.post("/api/v1/tally", json=TALLY))
    assert limited.post("/api/v1/tally", json=TALLY, environ_base={"REMOTE_ADDR": "192.0.2.8"}).status_code == 200


def test_the_default_limits_let_a_table_play(client):
    created = create_game(client, new_record())
    url, headers = f"/api/v1/games/{created['id']}/check", bearer(created["token"])
    for _ in range(30):
        assert client.post(url, json=OPENING, headers=headers).status_code == 200


def endless(turns: int) -> dict:
    """A legal Keltis record of ``turns`` turns: each player discards a card
    and takes it back from its pile, so the game never ends."""
    return new_record(turns=[
        {"player": player, "actions": [{"type": "discard", "card": {"color": "red", "value": value}},
                                       {"type": "draw", "from": "red"}]}
        for player, value in (("anna", 3), ("ben", 4)) * (turns // 2)])


def test_a_game_holds_at_most_2000_turns(client):
    full = create_game(client, endless(MAX_TURNS))
    assert full["version"] == MAX_TURNS == 2000
    body = problem(post_turn(client, full, endless(2)["turns"][0]), 422)
    (violation,) = body["violations"]
    assert (violation["rule"], violation["turn"], violation["action"]) == ("record.invalid", 2000, None)
    assert violation["details"]["pointer"] == "/turns" and "2000" in violation["message"]
    # an undo makes room for one turn again
    url = f"/api/v1/games/{full['id']}/corrections"
    headers = {**bearer(full["token"]), "If-Match": f'"{MAX_TURNS}"'}
    assert client.post(url, json={"undo": True, "by": "x"}, headers=headers).status_code == 201
    assert post_turn(client, full, endless(2)["turns"][1], version=MAX_TURNS + 1).status_code == 201


def test_a_record_of_more_than_2000_turns_is_refused(client, redis_client):
    (violation,) = problem(client.post("/api/v1/games", json=endless(MAX_TURNS + 2)), 422)["violations"]
    assert (violation["rule"], violation["turn"], violation["details"]["pointer"]) == ("record.invalid", None, "/turns")
    assert redis_client.keys("game:*") == []


def test_a_body_over_1_mib_is_413(client):
    record = new_record(notes="x" * MAX_BODY)
    assert len(json.dumps(record)) > MAX_BODY == 1024 * 1024
    problem(client.post("/api/v1/games", json=record), 413)
    created = create_game(client, new_record())
    turn = {**OPENING, "padding": "x" * MAX_BODY}
    problem(post_turn(client, created, turn), 413)


def test_counts_go_to_the_limits_redis_when_one_is_named(redis_client, redis_url, counters):
    # `brehon serve` counts in a Redis that keeps nothing on disk, so a turn
    # pays one fsync (its log entry) and not a second one for a counter.
    import redis

    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "BREHON_LIMITS_URL": counters.url,
                      "BREHON_LIMIT_CREATE": "1 per minute"})
    client = app.test_client()
    create_game(client, new_record())
    too_many(client.post("/api/v1/games", json=new_record()))
    assert redis.Redis.from_url(counters.url).keys("LIMITS:*/brehon/*")
    assert not redis_client.keys("LIMITS:*")
    assert redis.Redis.from_url(counters.url).config_get("appendonly") == {"appendonly": "no"}


def test_a_turn_is_counted_in_the_limits_redis_and_costs_the_games_redis_one_write(redis_client, redis_url,
                                                                                   counters):
    # flask-limiter counts a game's writes in the limits' Redis, which keeps
    # nothing on disk; the games' Redis sees the turn's one script and nothing else.
    import redis

    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "BREHON_LIMITS_URL": counters.url,
                      "BREHON_LIMIT_TURNS": "5 per minute"})
    client = app.test_client()
    created = create_game(client, EXAMPLE_1 | {"turns": []})
    assert post_turn(client, created, EXAMPLE_1["turns"][0], version=0).status_code == 201
    limits = redis.Redis.from_url(counters.url)
    redis_client.config_resetstat()
    for version in (1, 2, 3):
        answer = post_turn(client, created, EXAMPLE_1["turns"][version], version=version)
        assert answer.status_code == 201
        assert answer.headers["X-RateLimit-Limit"] == "5"
        assert answer.headers["X-RateLimit-Remaining"] == str(5 - 1 - version)
        assert 0 < int(answer.headers["X-RateLimit-Reset"]) - time.time() <= 61
    assert limits.keys(f"LIMITS:*{created['id']}*")
    calls = {name: stats["calls"] for name, stats in redis_client.info("commandstats").items()}
    # Besides the script's own commands (RPUSH, PUBLISH...), nothing: no read, no second request.
    assert calls["cmdstat_evalsha"] == 3 and calls["cmdstat_rpush"] == 3
    assert not {"cmdstat_get", "cmdstat_lrange", "cmdstat_hgetall", "cmdstat_exec", "cmdstat_incr"} & set(calls)



@pytest.mark.kill
def test_turns_are_logged_while_the_limits_redis_is_away(redis_client, redis_url, counters):
    # The counters may be lost; the turns may not wait for them.
    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "BREHON_LIMITS_URL": counters.url,
                      "BREHON_LIMIT_TURNS": "2 per minute"})
    client = app.test_client()
    created = create_game(client, new_record())
    counters.kill()
    assert post_turn(client, created, OPENING).status_code == 201  # counted in this process's memory
    assert post_turn(client, created, {"player": "ben", "actions": []}, version=1).status_code == 422
    too_many(post_turn(client, created, {"player": "ben", "actions": []}, version=1))
