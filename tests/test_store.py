"""The store on a real Redis: durability, snapshots, key layout, boards."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import pickle
import random

import pytest
import redis
from redis.cluster import RedisCluster
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import scoring
from api import create_app
from brehon.redis_server import RedisServer
from scoring.history import CORRECTION, TURN, turns_of
from store import Append, Idempotency, KeyReused, Missing, Stale, Store
from store.keys import game_key
from store.snapshots import SNAPSHOT_EVERY, Folds
from store.tokens import derived
from scoring.history import history_of
from api_helpers import bearer, create_game, new_record, post_turn, whole_log
from keltis_games import random_game


@pytest.fixture
def redis_client(store_client):
    """Every test here runs on a single Redis and on a Redis Cluster (conftest.py)."""
    return store_client


@pytest.fixture
def app(store_app):
    return store_app


def lrange_calls(client) -> int:
    """LRANGE commands the server ran so far (on every master of a cluster)."""
    if isinstance(client, RedisCluster):
        stats = client.info("commandstats", target_nodes=RedisCluster.PRIMARIES)
        return sum(node.get("cmdstat_lrange", {}).get("calls", 0) for node in stats.values())
    return client.info("commandstats").get("cmdstat_lrange", {}).get("calls", 0)


def all_keys(client, pattern: str) -> list[bytes]:
    """KEYS on the server, or on every master of a cluster."""
    if isinstance(client, RedisCluster):
        return client.keys(pattern, target_nodes=RedisCluster.PRIMARIES)
    return client.keys(pattern)


def legal_turns(count: int, players: int = 4) -> dict:
    """A legal record of exactly ``count`` turns (the first seed whose game lasts that long)."""
    for seed in range(100):
        record = random_game(random.Random(seed), players=players, turns=count).record
        if len(record["turns"]) == count:
            return record
    raise AssertionError(f"no random game lasted {count} turns")


@pytest.mark.kill
def test_turns_answered_201_survive_kill_9_of_redis(tmp_path):
    server = RedisServer(tmp_path / "redis").start()
    try:
        config = redis.Redis.from_url(server.url).config_get("append*")
        assert config["appendonly"] == "yes" and config["appendfsync"] == "always"
        app = create_app({"TESTING": True, "REDIS_URL": server.url})
        client = app.test_client()
        record = legal_turns(50)
        created = create_game(client, {**record, "turns": []})
        for version, turn in enumerate(record["turns"]):
            answer = post_turn(client, created, turn, version=version)
            assert answer.status_code == 201, answer.get_json()
        server.kill()
        server.start()  # same port, same data directory
        client = create_app({"TESTING": True, "REDIS_URL": server.url}).test_client()
        game = client.get(f"/api/v1/games/{created['id']}", headers=bearer(created["token"])).get_json()
        assert game["version"] == 50
        assert game["record"]["turns"] == record["turns"]
        assert game["scoresheet"] == scoring.replay(record)
    finally:
        server.stop()


def test_redis_keeps_its_files_under_a_relative_data_directory(tmp_path, monkeypatch):
    # `brehon serve` defaults to ./var: redis-server changes into its --dir
    # before it opens its log, so a relative path must not be passed on as is.
    monkeypatch.chdir(tmp_path)
    server = RedisServer("var/redis").start()
    try:
        redis.Redis.from_url(server.url).set("kept", "yes")
    finally:
        server.stop()
    assert (tmp_path / "var" / "redis" / "redis.log").exists()
    assert list((tmp_path / "var" / "redis").rglob("*.aof*"))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_a_refused_turn_leaves_the_stored_game_byte_for_byte_unchanged(client, redis_client, seed, players):
    rng = random.Random(seed)
    game = random_game(rng, players=players, turns=40, illegal=0.2)
    assume(game.refused)
    index, before, action, rule = rng.choice(game.refused)
    record = game.record
    created = create_game(client, {**record, "turns": record["turns"][:index]})

    def stored_game() -> dict:
        # Every key of the game (not its write count, which a refused turn spends as a logged one does).
        return {key: redis_client.dump(key) for key in all_keys(redis_client, f"game:{{{created['id']}}}:*")}

    stored = stored_game()
    turn = {"player": record["turns"][index]["player"], "actions": [*before, action]}
    answer = post_turn(client, created, turn)
    assert answer.status_code == 422
    assert answer.get_json()["violations"][0]["rule"] == rule
    assert answer.headers["X-RateLimit-Remaining"] == str(int(answer.headers["X-RateLimit-Limit"]) - 1)
    assert stored_game() == stored


def test_a_turn_costs_no_log_read_when_the_snapshot_is_current(client, redis_client, app):
    record = legal_turns(30, players=2)
    created = create_game(client, {**record, "turns": record["turns"][:-1]})

    before = lrange_calls(redis_client)
    assert post_turn(client, created, record["turns"][-1]).status_code == 201
    assert lrange_calls(redis_client) == before


def test_a_stale_or_missing_snapshot_falls_back_to_replay(app, redis_client):
    store: Store = app.extensions["brehon.tables"].store
    record = legal_turns(12, players=3)
    client = app.test_client()
    created = create_game(client, record)
    expected = scoring.replay(record)
    snapshot_key = game_key(created["id"], "snapshot")
    redis_client.set(snapshot_key, b"not a pickle")
    store.folds = Folds()  # as another process, which folded nothing yet
    assert store.load(created["id"]).game.scoresheet() == expected
    redis_client.delete(snapshot_key)
    store.folds = Folds()
    table = store.load(created["id"])
    assert table.version == 12 and table.game.scoresheet() == expected
    assert table.game.turns_played == 12
    # the replayed fold is kept, so the next load reads no log, in this process or another
    assert redis_client.exists(snapshot_key)
    logged = store.log.entries(created["id"])[-1]["at"]
    assert table.logged == logged  # when the last entry was logged: a turn's news and played_at need it
    reads = lrange_calls(redis_client)
    assert store.load(created["id"]).game.scoresheet() == expected
    store.folds = Folds()
    resumed = store.load(created["id"])
    assert resumed.game.scoresheet() == expected and resumed.logged == logged  # the snapshot keeps it
    assert lrange_calls(redis_client) == reads


def test_a_snapshot_is_written_every_16_versions_and_after_a_correction(redis_client, store_url, redis_url, tmp_path):
    # Pickling and signing the state on every turn cost a sixth of a turn.
    secret = tmp_path / "secret"
    secret.write_bytes(b"s" * 32)
    config = {"TESTING": True, "REDIS_URL": store_url, "BREHON_QUEUE_URL": redis_url, "BREHON_LIMITS_URL": redis_url,
              "BREHON_SECRET_FILE": str(secret)}
    app = create_app(config)
    client = app.test_client()
    record = legal_turns(20, players=3)
    created = create_game(client, {**record, "turns": []})
    snapshot_key = game_key(created["id"], "snapshot")
    snapshots = [redis_client.get(snapshot_key)]
    for version, turn in enumerate(record["turns"]):
        assert post_turn(client, created, turn, version=version).status_code == 201
        snapshots.append(redis_client.get(snapshot_key))
    assert [index for index in range(1, 21) if snapshots[index] != snapshots[index - 1]] == [SNAPSHOT_EVERY]
    # A load reads the turns after the snapshot, never the log before it.
    log_key = game_key(created["id"], "log")
    redis_client.lset(log_key, 0, b"not an entry")
    fresh = create_app(config)  # another process: nothing folded in its memory
    table = fresh.extensions["brehon.tables"].store.load(created["id"])
    assert table.version == 20 and table.game.scoresheet() == scoring.replay(record)
    assert table.logged == json.loads(redis_client.lindex(log_key, -1))["at"]  # the turns after the snapshot's
    redis_client.lset(log_key, 0, json.dumps({"kind": "turn", "turn": record["turns"][0], "at": "2026-01-01T00:00:00Z"}))
    undo = client.post(f"/api/v1/games/{created['id']}/corrections", json={"undo": True, "by": "anna"},
                       headers={**bearer(created["token"]), "If-Match": '"20"'})
    assert undo.status_code == 201
    assert redis_client.get(snapshot_key) != snapshots[-1]  # the correction's fold, at once
    again = fresh.extensions["brehon.tables"].store.load(created["id"])
    assert again.version == 21 and again.game.scoresheet() == scoring.replay({**record, "turns": record["turns"][:-1]})


class _Planted:
    """A pickle that, once loaded, writes a file: code that Redis should never run."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (open, (self.marker, "w"))


def test_a_planted_pickle_never_runs(client, redis_client, tmp_path):
    record = legal_turns(12, players=3)
    created = create_game(client, record)
    marker = tmp_path / "ran"
    planted = pickle.dumps(_Planted(marker))
    for raw in (planted, b"\0" * 32 + planted):  # bare, and behind a signature that does not hold
        redis_client.set(f"game:{{{created['id']}}}:snapshot", raw)
        game = client.get(f"/api/v1/games/{created['id']}", headers=bearer(created["token"])).get_json()
        assert game["scoresheet"] == scoring.replay(record)
    assert not marker.exists()


def test_a_snapshot_copied_from_another_game_or_version_is_not_served(client, redis_client):
    record = legal_turns(12, players=3)
    other = legal_turns(12, players=4)
    mine = create_game(client, record)
    theirs = create_game(client, other)  # the same version, another game
    older = create_game(client, {**record, "turns": record["turns"][:11]})
    snapshot = redis_client.get(f"game:{{{theirs['id']}}}:snapshot")
    redis_client.set(f"game:{{{mine['id']}}}:snapshot", snapshot)
    game = client.get(f"/api/v1/games/{mine['id']}", headers=bearer(mine["token"])).get_json()
    assert game["scoresheet"] == scoring.replay(record) != scoring.replay(other)
    # a snapshot of the game itself at version 11, copied over version 12, is only older: turn 12 is played on it
    redis_client.set(f"game:{{{mine['id']}}}:snapshot", redis_client.get(f"game:{{{older['id']}}}:snapshot"))
    assert client.get(f"/api/v1/games/{mine['id']}", headers=bearer(mine["token"])).get_json()["scoresheet"] \
        == scoring.replay(record)
    redis_client.set(f"game:{{{older['id']}}}:snapshot", redis_client.get(f"game:{{{mine['id']}}}:snapshot"))
    turn = record["turns"][11]
    assert post_turn(client, older, turn, version=11).status_code == 201  # its own state, not the copy's


def test_a_snapshot_holds_only_for_the_secret_it_was_signed_with(redis_client, store_url, redis_url, tmp_path):
    urls = {"REDIS_URL": store_url, "BREHON_QUEUE_URL": redis_url, "BREHON_LIMITS_URL": redis_url}
    secret = tmp_path / "secret"
    secret.write_bytes(b"s" * 32)
    record = legal_turns(12, players=3)
    one = create_app({"TESTING": True, **urls, "BREHON_SECRET_FILE": str(secret)})
    created = create_game(one.test_client(), record)
    again = create_app({"TESTING": True, **urls, "BREHON_SECRET_FILE": str(secret)})
    reads = lrange_calls(redis_client)
    assert again.extensions["brehon.tables"].store.load(created["id"]).game.scoresheet() == scoring.replay(record)
    assert lrange_calls(redis_client) == reads  # the snapshot served
    stranger = create_app({"TESTING": True, **urls})  # a secret of its own
    assert stranger.extensions["brehon.tables"].store.load(created["id"]).game.scoresheet() == scoring.replay(record)
    assert lrange_calls(redis_client) > reads  # replayed


def test_a_stranger_costs_no_fold_and_writes_nothing(app, redis_client):
    store: Store = app.extensions["brehon.tables"].store
    client = app.test_client()
    created = create_game(client, legal_turns(12, players=3))
    snapshot_key = game_key(created["id"], "snapshot")
    redis_client.set(snapshot_key, b"stale")  # as after an engine change: the next fold replays the log
    reads = lrange_calls(redis_client)
    store.folds = Folds()  # as another process, which folded nothing yet
    for token in (None, "not-the-token"):
        with pytest.raises(Missing):
            store.load(created["id"], token, needs_token=True)
    assert client.get(f"/api/v1/games/{created['id']}", headers=bearer("x")).status_code == 404
    assert lrange_calls(redis_client) == reads
    assert redis_client.get(snapshot_key) == b"stale"
    assert store.load(created["id"], created["spectator_token"], needs_token=True).version == 12


def test_two_creations_with_one_key_that_both_passed_the_first_look_keep_one_game(app, redis_client):
    store: Store = app.extensions["brehon.tables"].store
    record = new_record()
    key = Idempotency("k", "hash of the body")
    assert store.created(key) is None
    first = store.create(record, scoring.Game.replay(record), key)
    assert store.create(record, scoring.Game.replay(record), key) == first  # the loser answers the winner's game
    assert [name.decode() for name in all_keys(redis_client, "game:*:record")] == [game_key(first[0], "record")]
    assert store.created(key) == first
    with pytest.raises(KeyReused):
        store.created(Idempotency("k", "another body"))


def test_every_key_of_a_game_shares_its_hash_tag(client, redis_client):
    created = create_game(client, new_record())
    post_turn(client, created, {"player": "anna", "actions": [
        {"type": "discard", "card": {"color": "red", "value": 1}}, {"type": "draw", "from": "deck"}]},
        **{"Idempotency-Key": "k1"})
    keys = {key.decode() for key in all_keys(redis_client, f"*{{{created['id']}}}*")}
    assert keys == {f"game:{{{created['id']}}}:{part}" for part in ("record", "log", "auth", "snapshot", "idem")}


def test_append_only_on_the_version_seen(app):
    store: Store = app.extensions["brehon.tables"].store
    record = legal_turns(2, players=2)
    game = scoring.Game.replay({**record, "turns": []})
    game_id, *_ = store.create({**record, "turns": []}, game)
    write = Append(0, {"kind": TURN, "turn": record["turns"][0], "at": "2026-12-01T19:00:00Z"}, "{}")
    assert store.log.append(game_id, write) == 1
    with pytest.raises(Stale) as stale:
        store.log.append(game_id, write)
    assert stale.value.version == 1
    assert len(store.log.entries(game_id)) == 1
    with pytest.raises(Missing):
        store.load("no-such-game")


def test_boards_are_stored_once_by_content(app):
    store: Store = app.extensions["brehon.tables"].store
    first, token = store.boards.save("keltis-orakel", {"fields": [1, 2]})
    assert token and store.boards.save("keltis-orakel", {"fields": [1, 2]}) == (first, None)
    assert store.boards.get(first) == {"game": "keltis-orakel", "board": {"fields": [1, 2]}}
    other, _ = store.boards.save("celtica", {"route": []})
    assert [board["id"] for board in store.boards.all("celtica")] == [other]
    assert len(store.boards.all()) == 2
    with pytest.raises(Missing):
        store.boards.get("nope")
    # Only the first store's token deletes it.
    for wrong in (None, "", "not-the-token"):
        with pytest.raises(Missing):
            store.boards.delete(first, wrong)
    store.boards.delete(first, token)
    assert [board["id"] for board in store.boards.all()] == [other]
    with pytest.raises(Missing):
        store.boards.delete(first, token)


def test_the_project_never_talks_to_the_machines_redis(redis_url):
    assert not redis_url.endswith(":6379/0")
    assert redis.Redis.from_url(redis_url).ping()


def test_a_creation_token_needs_the_servers_secret_not_only_the_idempotency_key(app, redis_client):
    # A creation's tokens come from its Idempotency-Key so that a repeat can
    # answer them again; a short key ("1") must still not make them guessable
    # from the key and the game id, which a stranger may know.
    store = app.extensions["brehon.tables"].store
    game_id, token, spectator, _ = store.create(new_record(), scoring.Game.replay(new_record()), Idempotency("1", "body"))
    from_key_alone = hmac.new(b"1", f"{game_id}:table".encode(), hashlib.sha256).digest()
    assert token != base64.urlsafe_b64encode(from_key_alone[:24]).decode()
    assert derived(redis_client.get("secret"), "1", game_id, "table") == token
    assert derived(b"another server" * 3, "1", game_id, "table") != token
    assert store.created(Idempotency("1", "body"))[1:3] == (token, spectator)


def test_idempotency_answers_of_150_writes_take_under_10_kb_and_still_answer_repeats(client, redis_client):
    """A repeat needs the status and the version; the log has the score sheet.
    150 writes with a key each: the 130 turns of a game, then the last turn
    undone and logged again ten times."""
    record = legal_turns(130, players=4)
    created = create_game(client, {**record, "turns": []})
    first, version = {}, 0

    def write(path: str, body: dict) -> None:
        nonlocal version
        key = f"{created['id']}-{version}-{'k' * 20}"
        answer = client.post(f"/api/v1/games/{created['id']}/{path}", json=body, headers={
            **bearer(created["token"]), "If-Match": f'"{version}"', "Idempotency-Key": key})
        assert answer.status_code == 201, answer.get_json()
        first[key] = (path, body, version, answer.get_json())
        version += 1

    for turn in record["turns"]:
        write("turns", turn)
    for _ in range(10):
        write("corrections", {"undo": True, "by": "p0"})
        write("turns", record["turns"][-1])
    assert len(first) == 150
    kept = list(redis_client.scan_iter(f"game:{{{created['id']}}}:idem*"))
    used = sum(redis_client.memory_usage(key) for key in kept)
    print(f"idempotency answers of 150 writes: {used} bytes")
    assert used < 10 * 1024
    for key in list(first)[::29]:  # early and late keys, after the game moved on
        path, body, version, answer = first[key]
        again = client.post(f"/api/v1/games/{created['id']}/{path}", json=body, headers={
            **bearer(created["token"]), "If-Match": f'"{version}"', "Idempotency-Key": key})
        assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
        assert again.get_json() == answer and again.headers["ETag"] == f'"{version + 1}"'
    assert redis_client.llen(f"game:{{{created['id']}}}:log") == 150


def test_the_history_gives_each_entry_its_seconds_after_the_one_before():
    entries = [{"kind": TURN, "turn": {"n": n}, "at": at} for n, at in enumerate(
        ["2026-03-01T19:00:00Z", "2026-03-01T19:00:07Z", "2026-03-01T19:00:07Z", "2026-03-01T19:01:02Z",
         "2026-03-01T20:01:02Z"])]
    history = history_of(entries)
    assert history == {"start": "2026-03-01T19:00:00Z", "seconds": [0, 7, 0, 55, 3600], "holds": [0, 1, 2, 3, 4],
                       "entries": []}
    assert history_of([]) == {"start": None, "seconds": [], "holds": [], "entries": []}


@st.composite
def logs(draw) -> list[dict]:
    """Logs of turns, undos and replacements, as corrections make them."""
    entries: list[dict] = []
    standing = 0
    for n in range(draw(st.integers(0, 30))):
        move = draw(st.sampled_from(["turn", "turn", "undo", "replace"] if standing else ["turn"]))
        if move == "turn":
            entries.append({"kind": TURN, "turn": {"n": n}})
            standing += 1
        elif move == "undo":
            entries.append({"kind": CORRECTION, "undo": True, "by": "p0"})
            standing -= 1
        else:
            entries.append({"kind": CORRECTION, "replace": draw(st.integers(0, standing - 1)), "turn": {"n": n},
                            "by": "p0"})
    return [{**entry, "at": "2026-03-01T19:00:00Z"} for entry in entries]


@given(logs())
@settings(max_examples=200)
def test_the_history_read_as_the_pwa_reads_it_gives_every_entry_its_turn(entries):
    """Whatever the corrections, each entry of the whole log, read as the PWA
    reads it, holds the turn that entry logged, at its index in the turns as
    they stand; and only the entries that are not a turn that stands are sent."""
    turns = turns_of(entries)
    history = history_of(entries)
    log = whole_log(history)
    assert len(log) == len(entries)
    for entry, shown in zip(entries, log):
        if shown["holds"] is not None:
            assert "turn" not in shown and turns[shown["holds"]] == entry["turn"]
        elif "turn" in entry:
            assert shown["turn"] == entry["turn"]
    assert sorted(shown["holds"] for shown in log if shown["holds"] is not None) == list(range(len(turns)))
    assert len(history["entries"]) == len(entries) - sum(
        1 for entry, shown in zip(entries, log) if entry["kind"] == TURN and shown["holds"] is not None)
