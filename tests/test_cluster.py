"""Brehon on a Redis Cluster (three masters, a replica each) through two API
hosts: games spread over the masters, events and Idempotency-Keys cross
hosts, racing turns on two hosts give one winner; and ``brehon serve`` on
a cluster, its metrics counted across its processes."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import redis
from prometheus_client.parser import text_string_to_metric_families
from api_helpers import EXAMPLE_1, OPENING, bearer, new_record
import test_live_events
from test_live_events import call, correct, create, post_turn, start_hosts, stop_hosts
from worker_games import keltis_goal_area

from brehon.redis_server import free_port
from store.redis_conn import DurableWrites, connect, unavailable

# A fixture of test_live_events, taken by name; an import would be redefined by each test's argument.
listeners = test_live_events.listeners



def start_cluster_hosts(count: int, cluster_url: str, plain_url: str) -> tuple[list[subprocess.Popen], list[int]]:
    """``count`` API processes on the cluster; the queue and the limits on the plain Redis."""
    return start_hosts(count, REDIS_URL=cluster_url, BREHON_QUEUE_URL=plain_url, BREHON_LIMITS_URL=plain_url)


@pytest.fixture(scope="module")
def hosts(redis_cluster, redis_url):
    """Two API hosts on the session's cluster."""
    started, ports = start_cluster_hosts(2, redis_cluster.url, redis_url)
    yield ports
    stop_hosts(started)


def log_of(cluster, game_id: str) -> list[dict]:
    """The game's log as the cluster holds it (read from the game's master)."""
    client = connect(cluster.url)
    try:
        return [json.loads(raw) for raw in client.lrange(f"game:{{{game_id}}}:log", 0, -1)]
    finally:
        client.close()


def test_games_fall_on_different_masters_and_each_host_serves_every_game(hosts, redis_cluster):
    a, b = hosts
    masters = {}
    while len(set(masters.values())) < 2:
        assert len(masters) < 40, "forty games on one master of three"
        created = create(a, new_record())
        masters[created["id"]] = redis_cluster.master_of(f"game:{{{created['id']}}}:log").port
        status, game, _ = call(b, "GET", f"/api/v1/games/{created['id']}", headers=bearer(created["token"]))
        assert status == 200 and game["version"] == 0
    assert len(set(masters.values())) >= 2


def test_a_turn_through_one_host_reaches_the_other_hosts_stream_and_resumes_on_either(hosts, listeners):
    a, b = hosts
    created = create(a, new_record())
    on_b = listeners(b, created)
    status, answer, _ = post_turn(a, created, OPENING, 0)
    assert status == 201
    event = on_b.next()
    assert (event["id"], event["event"]) == ("1", "turn")
    assert event["data"]["turn"] == OPENING and event["data"]["scoresheet"] == answer["scoresheet"]
    on_b.close()
    turns = EXAMPLE_1["turns"]
    assert post_turn(b, created, turns[1], 1)[0] == 201
    assert post_turn(a, created, turns[2], 2)[0] == 201
    # Last-Event-ID resumes on either host, the other's turns included, and nothing more.
    resumed = [listeners(port, created, last_event_id=1) for port in (a, b)]
    for listener in resumed:
        assert [listener.next()["id"] for _ in range(2)] == ["2", "3"]
    assert correct(a, created, {"undo": True, "by": "anna"}, 3)[0] == 201
    assert all(listener.next_is(4, "correction") for listener in resumed)


def test_the_same_idempotency_key_on_both_hosts_logs_the_turn_once(hosts, redis_cluster):
    a, b = hosts
    created = create(a, new_record())
    key = {"Idempotency-Key": "turn-1-of-the-table"}
    first = post_turn(a, created, OPENING, 0, **key)
    again = post_turn(b, created, OPENING, 0, **key)
    assert first[0] == again[0] == 201
    assert again[1] == first[1] and again[2].get("Idempotent-Replayed") == "true"
    assert [entry["turn"] for entry in log_of(redis_cluster, created["id"])] == [OPENING]


def test_racing_turns_on_two_hosts_have_exactly_one_winner(hosts, redis_cluster):
    a, b = hosts
    other = {"player": "anna", "actions": [{"type": "discard", "card": {"color": "blue", "value": 2}},
                                           {"type": "draw", "from": "deck"}]}
    for _ in range(10):
        created = create(a, new_record())
        answers = {}
        start = threading.Barrier(2)

        def send(port: int, turn: dict) -> None:
            start.wait()
            answers[port] = post_turn(port, created, turn, 0)

        threads = [threading.Thread(target=send, args=(a, OPENING)), threading.Thread(target=send, args=(b, other))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        statuses = sorted(answer[0] for answer in answers.values())
        assert statuses == [201, 412], answers
        winner = OPENING if answers[a][0] == 201 else other
        loser = answers[b] if winner is OPENING else answers[a]
        assert loser[1]["version"] == 1
        assert [entry["turn"] for entry in log_of(redis_cluster, created["id"])] == [winner]


def scrape(port: int) -> str:
    """The text of GET /metrics."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", "/metrics")
        return connection.getresponse().read().decode()
    finally:
        connection.close()


def test_open_streams_are_counted_on_the_host_that_holds_them(hosts, listeners):
    a, b = hosts

    def open_streams(port: int) -> float:
        return next(found.value for family in text_string_to_metric_families(scrape(port))
                    for found in family.samples if found.name == "brehon_event_streams_open")

    created = create(a, new_record())
    before = open_streams(b)
    stream = listeners(b, created)
    assert open_streams(b) == before + 1
    stream.close()


def test_brehon_serve_on_a_cluster_starts_no_redis_for_the_games_and_counts_every_process(tmp_path, redis_cluster):

    port, data = free_port(), tmp_path / "data"
    env = {key: value for key, value in os.environ.items()
           if key not in ("BREHON_LIMITS_URL", "BREHON_QUEUE_URL", "PROMETHEUS_MULTIPROC_DIR")}
    env["REDIS_URL"] = redis_cluster.url
    serve = subprocess.Popen([str(Path(sys.executable).parent / "brehon"), "serve", "--port", str(port),
                              "--data", str(data)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                             env=env)
    try:
        assert any("Brehon is running" in line for line in serve.stdout)
        # Its own Redis only for the queue (durable) and the limits: the games are the cluster's.
        assert sorted(path.name for path in data.iterdir() if path.is_dir()) == ["limits", "metrics", "queue"]
        created = create(port, new_record())
        assert post_turn(port, created, OPENING, 0)[0] == 201
        finished = create(port, keltis_goal_area())
        assert connect(redis_cluster.url).exists(f"game:{{{finished['id']}}}:record")
        path = f"/api/v1/games/{finished['id']}/summary"
        deadline = time.monotonic() + 30
        while call(port, "GET", path, headers=bearer(finished["token"]))[0] != 200:
            assert time.monotonic() < deadline, "the worker wrote no summary"
            time.sleep(0.1)

        def counted() -> dict:
            text = scrape(port)
            return {(found.name, tuple(sorted(found.labels.items()))): found.value
                    for family in text_string_to_metric_families(text) for found in family.samples}

        # The job's duration is counted as it ends, just after it stored the summary (and compacted).
        deadline = time.monotonic() + 30
        while counted().get(("brehon_summary_job_seconds_count", ()), 0) < 1:
            assert time.monotonic() < deadline, "the worker's job duration was never counted"
            time.sleep(0.1)
        # Whichever of gunicorn's two workers answers, it counts every process's.
        for _ in range(4):
            seen = counted()
            assert seen[("brehon_turns_logged_total", (("game", "keltis"), ("kind", "turn")))] == 1
            assert seen[("brehon_summary_job_seconds_count", ())] >= 1  # observed in the rq worker
        serve.send_signal(signal.SIGINT)
        assert serve.wait(30) == 0
    finally:
        if serve.poll() is None:
            serve.kill()
            serve.wait()
        serve.stdout.close()


def test_a_write_sent_to_the_slots_old_master_runs_once_on_its_new_one(redis_cluster):
    """After a failover a host still sends a game's write to the master it
    knew: refused there (MOVED, which redis-py raises without the word), it
    is run on the slot's master, once."""
    client = connect(redis_cluster.url)
    try:
        key = "{moved}:count"
        client.delete(key)
        script = client.register_script("return redis.call('INCR', KEYS[1])")
        slot = client.keyslot(key)
        master = client.nodes_manager.slots_cache[slot][0]
        client.nodes_manager.slots_cache[slot] = [node for node in client.get_primaries() if node.name != master.name]
        assert DurableWrites(client).run(script, [key], []) == 1
        assert client.get(key) == b"1"
    finally:
        client.close()


def test_the_errors_of_a_failover_are_unavailable_and_a_fault_of_ours_is_not(redis_cluster):
    key = "{moved}:name"
    master = redis_cluster.master_of(key)
    other = next(node for node in redis_cluster.running() if node is not master)
    with redis_cluster.client(other) as elsewhere, pytest.raises(redis.RedisError) as moved:
        elsewhere.set(key, "x")  # MOVED, or from a replica of another master MOVED too
    assert unavailable(moved.value)
    with redis.Redis(port=free_port(), socket_connect_timeout=1) as nobody, pytest.raises(redis.ConnectionError) as gone:
        nobody.ping()
    assert unavailable(gone.value)
    client = connect(redis_cluster.url)
    try:
        client.set(key, "x")
        with pytest.raises(redis.ResponseError) as wrong_type:
            client.lpush(key, "y")
        assert not unavailable(wrong_type.value)
        with pytest.raises(redis.exceptions.RedisClusterException) as cross_slot:
            client.eval("return 1", 2, "{a}", "{b}")
        assert not unavailable(cross_slot.value)
    finally:
        client.close()
