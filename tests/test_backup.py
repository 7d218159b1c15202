"""``brehon backup DIR`` and ``brehon restore DIR``: a store of games of every
kind (with corrections, a summary, a stored board) goes out as JSON lines
and comes back answering every route byte for byte, tokens included."""

from __future__ import annotations

import json
import os
import stat

import redis
from api_helpers import EXAMPLE_1, OPENING, InProcessWorker, bearer, create_game, new_record, post_turn
from orakel_games import SAMPLE_BOARD
from worker_games import finished_records

from api import create_app
from brehon.cli import main
from brehon.redis_server import RedisServer
from store import SummaryQueue
from store.answers import IDEMPOTENCY_SECONDS
from store.backup import BOARDS, GAMES

SMALL_OPENING = {"player": "anna", "actions": [
    {"type": "play", "card": {"color": "red", "value": 3}, "figure": "small"},
    {"type": "reveal", "path": "red", "row": 1, "tile": "none"},
    {"type": "draw", "from": "deck"}]}


def _correct(client, created: dict, body: dict, version: int) -> int:
    answer = client.post(f"/api/v1/games/{created['id']}/corrections", json=body,
                         headers={**bearer(created["token"]), "If-Match": f'"{version}"'})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["version"]


def _answers(client, games: list[dict]) -> dict:
    """What every route of every game answers (the body's bytes), and the boards."""
    seen = {"boards": client.get("/api/v1/boards").get_data()}
    for created in games:
        for token in (created["token"], created["spectator_token"]):
            base = f"/api/v1/games/{created['id']}"
            for path in ("", "/record", "/scoresheet", "/scoresheet?format=csv", "/summary"):
                answer = client.get(base + path, headers=bearer(token))
                seen[(created["id"], token, path)] = (answer.status_code, answer.get_data())
    return seen


def test_a_backup_restores_every_game_and_board_as_it_was(client, redis_client, tmp_path, monkeypatch, capsys,
                                                         redis_url):
    monkeypatch.setenv("REDIS_URL", redis_url)
    board = client.post("/api/v1/boards", json={"game": "keltis-orakel", "board": SAMPLE_BOARD}).get_json()
    games = [create_game(client, record) for record in finished_records().values()]
    InProcessWorker([SummaryQueue(redis_client).queue], connection=redis_client).work(burst=True)
    corrected = create_game(client, EXAMPLE_1)
    version = _correct(client, corrected, {"undo": True, "by": "anna"}, 5)
    _correct(client, corrected, {"replace": 0, "turn": SMALL_OPENING, "by": "ben"}, version)
    games.append(corrected)
    before = _answers(client, games)
    summaries = [before[key][0] for key in before if key != "boards" and key[2] == "/summary"]
    assert summaries.count(200) == 6  # the three finished games, for both tokens

    folder = tmp_path / "backup"
    assert main(["backup", str(folder)]) == 0
    assert "4 games and 1 boards" in capsys.readouterr().out
    lines = (folder / "games.jsonl").read_text().splitlines()
    assert sorted(json.loads(line)["id"] for line in lines) == sorted(created["id"] for created in games)
    assert [json.loads(line)["id"] for line in (folder / "boards.jsonl").read_text().splitlines()] == [board["id"]]

    redis_client.flushdb()
    assert main(["restore", str(folder)]) == 0
    assert _answers(client, games) == before
    assert main(["restore", str(folder)]) == 1  # into a store that is not empty: refused
    assert "not empty" in capsys.readouterr().err
    # The board's token still deletes it.
    assert client.delete(f"/api/v1/boards/{board['id']}", headers=bearer(board["token"])).status_code == 204


def test_a_backup_is_readable_by_its_owner_only_whatever_the_umask(client, tmp_path, monkeypatch, redis_url):
    monkeypatch.setenv("REDIS_URL", redis_url)
    create_game(client, EXAMPLE_1)
    folder = tmp_path / "backup"
    old = os.umask(0)  # a umask that would leave everything open to everyone
    try:
        assert main(["backup", str(folder)]) == 0
        (folder / GAMES).chmod(0o666)  # a copy made open before: the next backup closes it again
        folder.chmod(0o777)
        assert main(["backup", str(folder)]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert {stat.S_IMODE((folder / name).stat().st_mode) for name in (GAMES, BOARDS)} == {0o600}


def test_a_turn_resent_after_a_restore_gets_its_first_answer(client, tmp_path, monkeypatch, redis_url):
    """The phone sent a turn, the server logged it, the answer was lost; the
    store is restored from a backup into a fresh Redis; the phone resends
    the turn with the same Idempotency-Key: the first 201, not a 412."""
    monkeypatch.setenv("REDIS_URL", redis_url)
    created = create_game(client, new_record())
    first = post_turn(client, created, OPENING, **{"Idempotency-Key": "turn-1"})
    assert first.status_code == 201
    folder = tmp_path / "backup"
    assert main(["backup", str(folder)]) == 0
    fresh = RedisServer(tmp_path / "fresh", durable=False).start()
    try:
        monkeypatch.setenv("REDIS_URL", fresh.url)
        assert main(["restore", str(folder)]) == 0
        restored = create_app({"TESTING": True, "REDIS_URL": fresh.url}).test_client()
        again = post_turn(restored, created, OPENING, **{"Idempotency-Key": "turn-1"})
        assert again.status_code == 201, again.get_json()
        assert again.get_json() == first.get_json() and again.headers["Idempotent-Replayed"] == "true"
        # They expire when they would have: the restore kept the moment, not a new lifetime.
        left = redis.Redis.from_url(fresh.url).ttl(f"game:{{{created['id']}}}:idem")
        assert 0 < left <= IDEMPOTENCY_SECONDS
        # Another body under that key is still no repeat.
        other = post_turn(restored, created, {**OPENING, "actions": OPENING["actions"][::2]},
                          **{"Idempotency-Key": "turn-1"})
        assert other.status_code == 422 and other.get_json()["type"] == "/problems/idempotency-key-reused"
        stored = restored.get(f"/api/v1/games/{created['id']}", headers=bearer(created["token"])).get_json()
        assert stored["version"] == 1
    finally:
        fresh.stop()
