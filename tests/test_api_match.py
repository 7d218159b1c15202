"""A match of several rounds (Lost Cities: one record a round), against a real
Redis: ``POST /games/{id}/next`` starts the next round once, opened with the
round's tokens, and the round before names it (``next``)."""

from __future__ import annotations

import random
import threading

import pytest
from api_helpers import EXAMPLE_1, bearer, create_game, problem
from lost_cities_games import discard, draw, random_game, record

from api import create_app
from store import Store
from store.backup import backup, restore


def finished_round(seed: int = 3) -> dict:
    made = random_game(random.Random(seed), turns=200).record  # to the deck's last card
    return {**made, "options": made["options"] or {}}


def url(created: dict, tail: str = "") -> str:
    return f"/api/v1/games/{created['id']}{tail}"


def read(client, created: dict, token: str | None = None, game_id: str | None = None):
    return client.get(f"/api/v1/games/{game_id or created['id']}", headers=bearer(token or created["token"]))


def test_the_next_round_carries_the_totals_and_opens_with_the_round_s_tokens(client):
    """Round 2 names round 1 (``follows``) and round 1 names round 2 (``next``)."""
    first = create_game(client, finished_round())
    assert read(client, first).get_json()["next"] is None
    answer = client.post(url(first, "/next"), headers=bearer(first["token"]))
    assert answer.status_code == 201, answer.get_json()
    second = answer.get_json()["id"]
    assert answer.headers["Location"] == f"/api/v1/games/{second}"
    assert read(client, first).get_json()["next"] == second
    game = read(client, first, game_id=second).get_json()
    totals = {player["id"]: player["total"] for player in first["scoresheet"]["players"]}
    assert game["record"]["setup"] == {"carry": totals}
    assert game["record"]["turns"] == [] and game["version"] == 0
    assert game["record"]["players"] == read(client, first).get_json()["record"]["players"]
    assert {p["id"]: p["breakdown"]["earlier_rounds"] for p in game["scoresheet"]["players"]} == totals
    assert game["next"] is None  # a round just begun has none
    assert (game["follows"], game["round"]) == (first["id"], 2)
    assert read(client, first).get_json()["follows"] is None and read(client, first).get_json()["round"] == 1
    # The spectator's token opens it too, for reading only.
    spectated = read(client, first, token=first["spectator_token"], game_id=second)
    assert spectated.status_code == 200
    turn = {"player": "anna", "actions": [discard("red", 5), draw()]}
    refused = client.post(f"/api/v1/games/{second}/turns", json=turn,
                          headers={**bearer(first["spectator_token"]), "If-Match": '"0"'})
    assert problem(refused, 403)["type"] == "/problems/read-only-token"
    played = client.post(f"/api/v1/games/{second}/turns", json=turn, headers={**bearer(first["token"]), "If-Match": '"0"'})
    assert played.status_code == 201


def test_asked_again_it_answers_the_same_round(client):
    first = create_game(client, finished_round())
    made = client.post(url(first, "/next"), headers=bearer(first["token"])).get_json()["id"]
    again = client.post(url(first, "/next"), headers=bearer(first["token"]))
    assert again.status_code == 200 and again.get_json() == {"id": made}


def test_a_third_round_follows_the_second(client):
    made = finished_round()
    first = create_game(client, made)
    second = {**first, "id": client.post(url(first, "/next"), headers=bearer(first["token"])).get_json()["id"]}
    # Round 2 deals as round 1 did: the same turns, posted one by one.
    same_deal = {**made, "setup": read(client, second).get_json()["record"]["setup"]}
    played = create_game(client, same_deal)
    for version, turn in enumerate(same_deal["turns"]):
        answer = client.post(url(second, "/turns"), json=turn, headers={**bearer(first["token"]), "If-Match": f'"{version}"'})
        assert answer.status_code == 201, answer.get_json()
    assert read(client, second).get_json()["scoresheet"] == played["scoresheet"]
    third = client.post(url(second, "/next"), headers=bearer(first["token"])).get_json()["id"]
    game = read(client, first, game_id=third).get_json()
    assert (game["follows"], game["round"]) == (second["id"], 3)
    assert game["record"]["setup"]["carry"] == {p["id"]: p["total"] for p in played["scoresheet"]["players"]}


def test_two_phones_starting_the_next_round_at_once_start_one(app, redis_client):
    first = create_game(app.test_client(), finished_round())
    barrier = threading.Barrier(2)
    answers: list = []

    def start():
        client = app.test_client()
        barrier.wait()
        answers.append(client.post(url(first, "/next"), headers=bearer(first["token"])))

    threads = [threading.Thread(target=start) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answer.status_code for answer in answers) == [200, 201]
    assert len({answer.get_json()["id"] for answer in answers}) == 1
    # The round that lost the race is gone: two games in the store, no more.
    assert len(list(redis_client.scan_iter("game:{*}:record"))) == 2


def test_a_round_not_over_has_no_next_round(client, redis_client):
    playing = create_game(client, record([{"player": "anna", "actions": [discard("red", 5), draw()]}]))
    body = problem(client.post(url(playing, "/next"), headers=bearer(playing["token"])), 409)
    assert body["type"] == "/problems/no-next-round"
    assert "not over" in body["detail"]
    assert read(client, playing).get_json()["next"] is None
    assert len(list(redis_client.scan_iter("game:{*}:record"))) == 1


def test_a_game_not_played_in_rounds_has_no_next_round(client):
    keltis = create_game(client, EXAMPLE_1)
    body = problem(client.post(url(keltis, "/next"), headers=bearer(keltis["token"])), 409)
    assert body["type"] == "/problems/no-next-round"
    assert "not played in rounds" in body["detail"]


@pytest.mark.parametrize("who", ["stranger", "spectator", "nobody"])
def test_only_the_table_starts_the_next_round(client, redis_client, who):
    first = create_game(client, finished_round())
    headers = {"stranger": bearer("not-a-token"), "spectator": bearer(first["spectator_token"]), "nobody": {}}[who]
    answer = client.post(url(first, "/next"), headers=headers)
    status = 403 if who == "spectator" else 404
    assert problem(answer, status)
    assert read(client, first).get_json()["next"] is None
    assert len(list(redis_client.scan_iter("game:{*}:record"))) == 1
    # Another game's token links nothing either.
    other = create_game(client, finished_round(4))
    assert problem(client.post(url(first, "/next"), headers=bearer(other["token"])), 404)


def test_a_backup_keeps_the_next_round(client, redis_client, redis_url, tmp_path):
    first = create_game(client, finished_round())
    second = client.post(url(first, "/next"), headers=bearer(first["token"])).get_json()["id"]
    assert backup(Store.from_url(redis_url), tmp_path) == (2, 0)
    redis_client.flushdb()
    assert restore(Store.from_url(redis_url), tmp_path) == (2, 0)
    restored = create_app({"TESTING": True, "REDIS_URL": redis_url}).test_client()
    assert read(restored, first).get_json()["next"] == second
    assert read(restored, first, game_id=second).get_json()["follows"] == first["id"]
