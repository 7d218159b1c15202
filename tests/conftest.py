"""Shared fixtures: a Redis server of the test session's own, the app, a client.

The Redis runs on a free port (never 6379, never the machine's own server)
with a temporary data directory and an append-only file, as ``brehon
serve`` runs it. Every test starts with it flushed.
"""

from __future__ import annotations

import copy

import pytest
import redis

from api import create_app
from api.redis_server import INSTALL_HINT, RedisServer, redis_server_binary


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    """A redis-server started for this test session; yields the running server."""
    if redis_server_binary() is None:
        pytest.fail(INSTALL_HINT)
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def redis_url(redis_server) -> str:
    """The URL of the session's Redis."""
    return redis_server.url


@pytest.fixture
def redis_client(redis_url):
    """A client of the session's Redis, flushed before the test."""
    client = redis.Redis.from_url(redis_url)
    client.flushall()
    yield client
    client.close()


@pytest.fixture
def app(redis_client, redis_url):
    """A fresh application on the flushed test Redis."""
    return create_app({"TESTING": True, "REDIS_URL": redis_url})


@pytest.fixture
def client(app):
    return app.test_client()


# -- helpers other test files use ---------------------------------------------


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
