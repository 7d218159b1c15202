"""Connecting to the games' Redis: one server, or a Redis Cluster, and the
writes that are acknowledged only once they are durable.

``REDIS_URL`` names a single Redis as ``redis://host:port/db`` (or
``rediss://``), and a Redis Cluster as ``redis+cluster://host:port`` (or
``rediss+cluster://``) with any one of its nodes: redis-py's
``RedisCluster`` learns the others. The scheme says which, rather than a
probe at start, so that a URL means the same whether the node answers yet
or not, and a plain ``redis://`` never sends a game's keys to a cluster
node that answers ``MOVED`` for most of them.

Durability of a write (a turn, a correction, a new game):

- single Redis: the append-only file with ``appendfsync always``
  (``brehon serve``'s own; an operator's must be set so): the reply comes
  after the fsync.
- cluster: the master replies after its own fsync (the same setting), then
  ``WAITAOF 1 1`` (Redis 7.2 and newer: on the disk of a replica too) or
  ``WAIT 1`` (older: in a replica's memory) on the same connection. A write
  that no replica confirms within :data:`REPLICA_TIMEOUT_MS` raises
  :class:`NotReplicated`: it may have landed, and may be lost if the
  master dies now; the client asks again with its Idempotency-Key.
"""

from __future__ import annotations

import time
from typing import Any, cast

import redis
from redis.cluster import RedisCluster
from redis.exceptions import (AskError, ClusterError, NoScriptError, ReadOnlyError, RedisClusterException,
                              ResponseError, SlotNotCoveredError, TryAgainError)

CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}

#: How long a write waits for a replica to confirm it.
REPLICA_TIMEOUT_MS = 1000
#: Connections one process's client opens to a Redis (to each node of a
#: cluster) at most. redis-py 8 allows 100 unless told, and past them a
#: command fails (MaxConnectionsError, a 503): a gunicorn worker of
#: ``brehon serve`` runs 256 threads, and 200 event streams opening at once
#: took more than 100 (bench/bench_events.py, now and then).
MAX_CONNECTIONS = 1024
#: Tries of a write whose slot moved (a failover): each after a fresh look at the cluster.
MOVED_TRIES = 20
MOVED_PAUSE = 0.1

Client = redis.Redis | RedisCluster


class NotReplicated(Exception):
    """No replica confirmed the write in time: it is not acknowledged."""


#: What redis-py raises while the store is away for a moment: a Redis
#: down or restarting (a dropped connection, a timeout, LOADING), or a
#: master of a cluster failing over (its slots MOVED or ASKed elsewhere,
#: CLUSTERDOWN, MASTERDOWN, TRYAGAIN, READONLY from the old master now a
#: replica, a slot no node covers yet). Nothing new was acknowledged: the
#: same request, with its Idempotency-Key, may be sent again.
UNAVAILABLE: tuple[type[Exception], ...] = (redis.ConnectionError, redis.TimeoutError, ClusterError, AskError,
                                            TryAgainError, ReadOnlyError, SlotNotCoveredError)
#: The replies of those errors, when they come as a plain ResponseError.
UNAVAILABLE_REPLIES = ("MOVED", "ASK", "CLUSTERDOWN", "MASTERDOWN", "TRYAGAIN", "READONLY", "LOADING")
#: What a cluster client says when its look at the cluster fails halfway
#: through a failover (redis-py gives these no class of their own).
UNSETTLED_CLUSTER = ("Redis Cluster cannot be connected", "could not agree on a valid slots cache",
                     "All slots are not covered")
#: Every class :func:`unavailable` looks into: the API answers these, and
#: lets through as a 500 what is not :func:`unavailable`.
REDIS_ERRORS: tuple[type[Exception], ...] = (redis.RedisError, RedisClusterException)


def unavailable(error: BaseException) -> bool:
    """Whether ``error`` means the store is away for a moment (503 and a
    retry), rather than a fault of the code (500)."""
    if isinstance(error, UNAVAILABLE):
        return True
    if isinstance(error, RedisClusterException):
        return isinstance(error.__cause__, UNAVAILABLE) or any(words in str(error) for words in UNSETTLED_CLUSTER)
    return isinstance(error, ResponseError) and str(error).startswith(UNAVAILABLE_REPLIES)


def is_cluster_url(url: str) -> bool:
    return url.partition("://")[0] in CLUSTER_SCHEMES


def connect(url: str) -> Client:
    """A client of ``url``: ``RedisCluster`` for a ``redis+cluster://`` URL, else ``Redis``."""
    scheme, _, rest = url.partition("://")
    if scheme in CLUSTER_SCHEMES:
        return RedisCluster.from_url(f"{CLUSTER_SCHEMES[scheme]}://{rest}", max_connections=MAX_CONNECTIONS)
    return redis.Redis.from_url(url, max_connections=MAX_CONNECTIONS)


def is_cluster(client: Client) -> bool:
    return isinstance(client, RedisCluster)


def server_version(client: Client) -> tuple[int, ...]:
    """The Redis version of (a node of) the server, as numbers."""
    if is_cluster(client):
        info = client.info("server", target_nodes=RedisCluster.RANDOM)
    else:
        info = client.info("server")
    return tuple(int(part) for part in str(info["redis_version"]).split(".")[:2])


def publish_command(client: Client) -> str:
    """How a game's events are published: ``SPUBLISH`` (sharded: heard on
    the game's own shard only) on a cluster of Redis 7 or newer, else
    ``PUBLISH`` (on a cluster of older servers every node broadcasts it)."""
    return "SPUBLISH" if is_cluster(client) and server_version(client) >= (7, 0) else "PUBLISH"


class DurableWrites:
    """Runs a game's write scripts so that they return only once durable.

    Every key a script is given shares the game's hash tag ``{<id>}``, so on
    a cluster the whole script runs on the one master of that slot, and the
    wait for its replica goes over the same connection (WAIT counts the
    writes of the connection that asks)."""

    def __init__(self, client: Client, replica_timeout_ms: int = REPLICA_TIMEOUT_MS):
        self.client = client
        self.cluster = is_cluster(client)
        self.timeout_ms = replica_timeout_ms
        # The command that waits for a replica, once the server's version is known.
        self._wait: tuple[Any, ...] | None = None

    def run(self, script, keys: list[str], args: list):
        """Run ``script`` (a registered redis-py Script) and answer what it returns."""
        if not self.cluster:
            return script(keys=keys, args=args)
        cluster = cast(RedisCluster, self.client)
        for _ in range(MOVED_TRIES):
            node = cluster.get_node_from_key(keys[0])
            connection = cluster.get_redis_connection(node)
            try:
                outcome, confirmed = self._run_on(connection, script, keys, args)
            except (redis.ConnectionError, redis.TimeoutError):
                # The master may be gone: look again next time, and let this
                # request fail (it may or may not have landed).
                _look_again(cluster)
                raise
            if isinstance(outcome, Exception) and unavailable(outcome):
                # Refused before it ran (redis-py parses MOVED, CLUSTERDOWN,
                # TRYAGAIN, READONLY... into classes of their own, without
                # the word): the slot is getting a new master.
                time.sleep(MOVED_PAUSE)
                _look_again(cluster)
                continue
            if isinstance(outcome, Exception):
                raise outcome
            if confirmed < 1:
                raise NotReplicated(keys[0])
            return outcome
        raise redis.ConnectionError(f"the slot of {keys[0]} found no master")

    def _run_on(self, connection: redis.Redis, script, keys: list[str], args: list) -> tuple:
        """The script and the wait in one pipeline, so on one connection."""
        wait = self._wait_command(connection)
        for _ in range(2):
            with connection.pipeline(transaction=False) as pipe:
                pipe.evalsha(script.sha, len(keys), *keys, *args)
                pipe.execute_command(*wait)
                outcome, confirmed = pipe.execute(raise_on_error=False)
            if isinstance(outcome, NoScriptError):  # first use on this node
                connection.script_load(script.script)
                continue
            if isinstance(confirmed, list):  # WAITAOF: [local fsyncs, replica fsyncs]
                confirmed = min(confirmed[0], confirmed[1])
            return outcome, confirmed if isinstance(confirmed, int) else 0
        raise NoScriptError(f"the script could not be loaded on {connection}")

    def _wait_command(self, connection: redis.Redis) -> tuple[Any, ...]:
        if self._wait is None:
            version = server_version(connection)
            self._wait = ("WAITAOF", 1, 1, self.timeout_ms) if version >= (7, 2) else ("WAIT", 1, self.timeout_ms)
        return self._wait


def _look_again(cluster: RedisCluster) -> None:
    """Learn the cluster's slots anew; while it is still failing over that
    look may fail too, and the next one is tried on the next request."""
    try:
        cluster.nodes_manager.initialize()
    except REDIS_ERRORS as error:
        if not unavailable(error):
            raise
