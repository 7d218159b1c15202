"""A finished game is compacted by its summary job (store/compaction.py):
little room in Redis, and every GET route, export and import as before,
on a single Redis and on a Redis Cluster."""

from __future__ import annotations

import random

import pytest
from api_helpers import InProcessWorker, bearer
from redis.cluster import RedisCluster

from scoring import Game
from scoring.keltis import RULESET as KELTIS
from store.summaries import QUEUE

#: The bound of issue 14: a finished 150-turn Keltis game (its summary, a
#: cache the summary job rebuilds, aside), in bytes of Redis memory.
BOUND = 8 * 1024


def finished_keltis(seed: int, slow_turns: int = 50) -> dict:
    """A finished random legal 4-player Keltis game: discards and draws from
    the piles for ``slow_turns`` turns (so that it lasts), plays after."""
    rng = random.Random(seed)
    ids = [f"p{number}" for number in range(4)]
    record = {"format": "brehon/1", "game": "keltis", "options": {},
              "players": [{"id": player, "name": player.upper()} for player in ids],
              "board": None, "setup": {}, "turns": []}
    state = KELTIS.start(record["players"], KELTIS.default_options({}), None, None)
    while KELTIS.decision(state).name != "over":
        index = len(record["turns"])
        slow = index < slow_turns
        player = ids[index % len(ids)]
        KELTIS.begin_turn(state, player)
        actions = []
        while not (decision := KELTIS.decision(state)).can_end:
            options = decision.actions
            if decision.name == "main":
                plays = [action for action in options if action["type"] == "play"]
                discards = [action for action in options if action["type"] == "discard"]
                options = (discards or plays) if slow else (plays or discards)
            elif decision.name == "draw" and len(options) > 1 and slow:
                options = options[1:]  # a discard pile rather than the deck
            action = rng.choice(options)
            KELTIS.apply(state, action)
            actions.append(action)
        KELTIS.end_turn(state)
        record["turns"].append({"player": player, "actions": actions})
    return record


def game_of_150_turns() -> dict:
    for seed in range(200):
        record = finished_keltis(seed)
        if 150 <= len(record["turns"]) <= 160:
            return record
    raise AssertionError("no finished game of 150 to 160 turns")


@pytest.fixture
def app(store_app):
    return store_app


def memory(client, game_id: str) -> dict[str, int]:
    """Bytes of Redis memory per key of the game (its summary named ``summary``)."""
    pattern = f"game:{{{game_id}}}:*"
    keys = client.keys(pattern, target_nodes=RedisCluster.PRIMARIES) if isinstance(client, RedisCluster) \
        else client.keys(pattern)
    return {key.decode().split(":")[2]: client.memory_usage(key, samples=0) for key in keys}


def run_summary_jobs(redis_url: str, store_url: str, monkeypatch) -> None:
    import redis

    monkeypatch.setenv("REDIS_URL", store_url)  # as `brehon worker` has it: the games may be on a cluster
    queue = redis.Redis.from_url(redis_url)
    InProcessWorker([QUEUE], connection=queue).work(burst=True)


def answers(client, created: dict, turns: int) -> dict:
    """What every GET route (and check?at=k) of the game answers."""
    path, headers = f"/api/v1/games/{created['id']}", bearer(created["token"])
    found = {}
    for name, url in (("game", path), ("record", f"{path}/record"), ("sheet", f"{path}/scoresheet"),
                      ("csv", f"{path}/scoresheet?format=csv"), ("pdf", f"{path}/scoresheet?format=pdf"),
                      ("summary", f"{path}/summary")):
        answer = client.get(url, headers=headers)
        found[name] = (answer.status_code, answer.get_data())
    for at in (0, turns // 2, turns - 1):
        record = client.get(f"{path}/record", headers=headers).get_json()
        answer = client.post(f"{path}/check?at={at}", json=record["turns"][at], headers=headers)
        found[f"check at {at}"] = (answer.status_code, answer.get_data())
    stream = client.get(f"{path}/events", headers={**headers, "Last-Event-ID": str(turns - 2)}, buffered=False)
    chunks = iter(stream.response)
    found["events"] = [next(chunks) for _ in range(3)]  # the retry line, then the last two turns
    stream.close()
    return found


def test_a_finished_150_turn_keltis_game_takes_under_8_kb_and_answers_as_before(
        client, store_client, store_url, redis_url, monkeypatch):
    record = game_of_150_turns()
    assert Game.replay(record).is_over
    created = client.post("/api/v1/games", json=record).get_json()
    turns = len(record["turns"])
    before = memory(store_client, created["id"])
    assert set(before) == {"record", "log", "auth", "snapshot"}
    run_summary_jobs(redis_url, store_url, monkeypatch)  # the summary, then the compaction
    after = memory(store_client, created["id"])
    assert set(after) == {"record", "archive", "auth", "summary"}
    game = sum(size for part, size in after.items() if part != "summary")  # as `before` counts it
    assert game < BOUND and sum(before.values()) > 10 * game, after
    summary = f"game:{{{created['id']}}}:summary:{turns}"
    assert store_client.hexists(summary, "zjson") and not store_client.hexists(summary, "json")
    # Every answer as it is after the summary job, again from the compacted game.
    compacted = answers(client, created, turns)
    assert compacted["summary"][0] == 200 and compacted["pdf"][0] == 200
    assert compacted["events"][1].startswith(f"id: {turns - 1}\n".encode())
    store = client.application.extensions["brehon.tables"].store
    store.log.thaw(created["id"])  # the log back as a list: the same answers
    assert answers(client, created, turns) == compacted
    assert store.log.compact(created["id"], turns)
    assert answers(client, created, turns) == compacted


def test_a_compacted_game_imports_again_and_takes_a_correction(client, store_client, store_url, redis_url,
                                                               monkeypatch):
    record = game_of_150_turns()
    created = client.post("/api/v1/games", json=record).get_json()
    run_summary_jobs(redis_url, store_url, monkeypatch)
    headers = bearer(created["token"])
    exported = client.get(f"/api/v1/games/{created['id']}/record", headers=headers).get_json()
    assert exported["turns"] == record["turns"]
    again = client.post("/api/v1/games", json=exported)
    assert again.status_code == 201 and again.get_json()["scoresheet"] == created["scoresheet"]
    turns = len(record["turns"])
    undo = client.post(f"/api/v1/games/{created['id']}/corrections", json={"undo": True, "by": "p0"},
                       headers={**headers, "If-Match": f'"{turns}"'})
    assert undo.status_code == 201, undo.get_json()
    assert undo.get_json()["version"] == turns + 1
    assert set(memory(store_client, created["id"])) == {"record", "log", "auth", "snapshot", "summary"}  # thawed
    game = client.get(f"/api/v1/games/{created['id']}", headers=headers).get_json()
    assert game["record"]["turns"] == record["turns"][:-1] and len(game["history"]["seconds"]) == turns + 1


def test_a_compacted_game_is_backed_up_with_its_whole_log(redis_url, monkeypatch, tmp_path):
    # A backup reads every game in one transaction, so of a single Redis (README).
    import json

    import redis

    from api import create_app
    from store.backup import backup

    plain = redis.Redis.from_url(redis_url)
    plain.flushdb()
    app = create_app({"TESTING": True, "REDIS_URL": redis_url})
    record = game_of_150_turns()
    created = app.test_client().post("/api/v1/games", json=record).get_json()
    run_summary_jobs(redis_url, redis_url, monkeypatch)
    assert plain.exists(f"game:{{{created['id']}}}:archive")
    backup(app.extensions["brehon.tables"].store, tmp_path)
    (saved,) = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert [entry["turn"] for entry in saved["log"]] == record["turns"]
    assert saved["summaries"][str(len(record["turns"]))]["json"]["turns"] == len(record["turns"])
