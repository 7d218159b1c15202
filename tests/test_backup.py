"""``brehon backup DIR`` and ``brehon restore DIR``: a store of games of every
kind (with corrections, a summary, a stored board) goes out as JSON lines
and comes back answering every route byte for byte, tokens included."""

from __future__ import annotations

import json

from api_helpers import EXAMPLE_1, InProcessWorker, bearer, create_game
from orakel_games import SAMPLE_BOARD
from worker_games import finished_records

from brehon.cli import main
from store import SummaryQueue

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
