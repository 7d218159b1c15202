"""Shared fixtures: a Redis server of the test session's own, the app, a client.

The Redis runs on a free port (never 6379, never the machine's own server)
with a temporary data directory and an append-only file, as ``brehon
serve`` runs it. Every test starts with it flushed. Helpers that test
files import live in ``api_helpers.py``: ``from conftest import`` is
ambiguous once a subdirectory has a conftest of its own.
"""

from __future__ import annotations

import pytest
import redis

from api import create_app
from brehon.redis_server import INSTALL_HINT, RedisServer, redis_server_binary


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
    """A client of the session's Redis, its database flushed before the test
    (other databases belong to servers other tests started)."""
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    yield client
    client.close()


@pytest.fixture
def app(redis_client, redis_url):
    """A fresh application on the flushed test Redis."""
    return create_app({"TESTING": True, "REDIS_URL": redis_url})


@pytest.fixture
def client(app):
    return app.test_client()
