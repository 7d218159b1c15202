"""Shared fixtures: a Redis server of the test session's own, a Redis
Cluster of its own, the app, a client.

The Redis runs on a free port (never 6379, never the machine's own server)
with a temporary data directory and an append-only file, as ``brehon
serve`` runs it. Every test starts with it flushed. Helpers that test
files import live in ``api_helpers.py``: ``from conftest import`` is
ambiguous once a subdirectory has a conftest of its own.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import redis

from api import create_app
from brehon.redis_cluster import LocalCluster
from brehon.redis_server import INSTALL_HINT, RedisServer, redis_server_binary
from store.redis_conn import connect


# -- markers: `make check` runs what needs none of them ------------------------------

BROWSER_TESTS = Path(__file__).parent / "browser"
#: Modules whose every test needs a Redis Cluster, or kills a process with kill -9;
#: single tests elsewhere carry @pytest.mark.kill themselves.
CLUSTER_MODULES = {"test_cluster.py", "test_failover.py"}
KILL_MODULES = {"test_failover.py", "test_serve_recovery.py"}


def pytest_collection_modifyitems(items):
    """Mark ``browser``, ``cluster`` and ``kill`` by where a test is and what it
    uses, so a new test in tests/browser/ or on the cluster fixtures is marked
    without anyone remembering to."""
    for item in items:
        if BROWSER_TESTS in item.path.parents:
            item.add_marker(pytest.mark.browser)
        callspec = getattr(item, "callspec", None)
        on_cluster = callspec is not None and callspec.params.get("store_url") == "cluster"
        if item.path.name in CLUSTER_MODULES or "redis_cluster" in item.fixturenames or on_cluster:
            item.add_marker(pytest.mark.cluster)
        if item.path.name in KILL_MODULES:
            item.add_marker(pytest.mark.kill)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    """A redis-server started for this test session; yields the running server."""
    if redis_server_binary() is None:
        pytest.fail(INSTALL_HINT)
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory):
    """A Redis Cluster of three masters with a replica each, started for this
    test session on free ports (formed once: about six seconds)."""
    if redis_server_binary() is None:
        pytest.fail(INSTALL_HINT)
    cluster = LocalCluster(tmp_path_factory.mktemp("cluster")).start()
    yield cluster
    cluster.stop()


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


# -- the store on either kind of Redis --------------------------------------------


@pytest.fixture(params=["redis", "cluster"])
def store_url(request, redis_url) -> str:
    """The games' Redis of a store test, once a single Redis and once the
    session's Redis Cluster (the queue and limits stay on the single one)."""
    return request.getfixturevalue("redis_cluster").url if request.param == "cluster" else redis_url


@pytest.fixture
def store_client(store_url, redis_url):
    """A client of the store test's Redis (RedisCluster for the cluster), every
    game flushed (on each master of a cluster) before the test."""
    client = connect(store_url)
    client.flushdb()
    redis.Redis.from_url(redis_url).flushdb()
    yield client
    client.close()


@pytest.fixture
def store_app(store_client, store_url, redis_url):
    """A fresh application whose games are on ``store_url``."""
    return create_app({"TESTING": True, "REDIS_URL": store_url, "BREHON_QUEUE_URL": redis_url,
                       "BREHON_LIMITS_URL": redis_url})
