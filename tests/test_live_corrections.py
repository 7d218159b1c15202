"""Corrections against a real Redis: undo, replace with the later turns replayed
on top, refusals that change nothing, the history, Idempotency-Key, tokens."""

from __future__ import annotations

import copy

import pytest
from api_helpers import EXAMPLE_1, EXAMPLE_1_SHEET, bearer, create_game, new_record, post_turn, problem, whole_log
from worker_games import keltis_goal_area

from scoring import Game, Refused

# Turn 0 of EXAMPLE_1 with the small figure instead of the large one: anna's
# later red 5 still moves "the" red figure, and her figures count single.
SMALL_OPENING = copy.deepcopy(EXAMPLE_1["turns"][0])
SMALL_OPENING["actions"][0]["figure"] = "small"
# Turn 0 as a discard: anna's red 5 at turn 4 then names no figure for an empty path.
DISCARD_OPENING = {"player": "anna", "actions": [{"type": "discard", "card": {"color": "red", "value": 3}},
                                                 {"type": "draw", "from": "deck"}]}


def correct(client, created: dict, body: dict, version: int | None = None, token: str | None = None, **headers):
    version = created["version"] if version is None else version
    return client.post(f"/api/v1/games/{created['id']}/corrections", json=body,
                       headers={**bearer(token or created["token"]), "If-Match": f'"{version}"', **headers})


def game_of(client, created: dict) -> dict:
    return client.get(f"/api/v1/games/{created['id']}", headers=bearer(created["token"])).get_json()


def stored(redis_client) -> dict:
    return {key: redis_client.dump(key) for key in redis_client.keys("game:*")}


def with_turn(record: dict, index: int, turn: dict | None) -> dict:
    """``record`` with turn ``index`` replaced (or dropped when ``turn`` is None)."""
    turns = copy.deepcopy(record["turns"])
    if turn is None:
        del turns[index]
    else:
        turns[index] = turn
    return {**record, "turns": turns}


def test_undo_drops_the_last_turn_and_logs_who_and_what(client):
    created = create_game(client, EXAMPLE_1)
    answer = correct(client, created, {"undo": True, "by": "anna's phone"})
    assert answer.status_code == 201, answer.get_json()
    assert answer.headers["ETag"] == '"6"'
    expected = Game.replay(with_turn(EXAMPLE_1, 4, None)).scoresheet()
    told = answer.get_json()
    assert (told["version"], told["scoresheet"]) == (6, expected)
    assert expected != EXAMPLE_1_SHEET
    game = game_of(client, created)
    assert game["version"] == 6 and game["scoresheet"] == expected
    # The answer is the correction's news: the game as a fetch would show it.
    shown = ("version", "state", "decision", "scoresheet", "history")
    assert {key: told[key] for key in shown} == {key: game[key] for key in shown}
    assert told["turns"] == game["record"]["turns"]
    assert game["record"]["turns"] == EXAMPLE_1["turns"][:4]
    assert game["decision"]["player"] == "anna"
    # Listed: the undone turn (with its turn, which the record no longer holds) and the undo.
    assert game["history"]["entries"] == [
        {"version": 5, "kind": "turn", "turn": EXAMPLE_1["turns"][4]},
        {"version": 6, "kind": "correction", "undo": True, "by": "anna's phone"}]
    assert game["history"]["holds"] == [0, 1, 2, 3, None, None]
    assert [entry["kind"] for entry in whole_log(game["history"])] == ["turn"] * 5 + ["correction"]


def test_a_replace_that_holds_replays_the_later_turns_and_changes_the_sheet(client):
    created = create_game(client, EXAMPLE_1)
    answer = correct(client, created, {"replace": 0, "turn": SMALL_OPENING, "by": "ben"})
    assert answer.status_code == 201, answer.get_json()
    expected = Game.replay(with_turn(EXAMPLE_1, 0, SMALL_OPENING)).scoresheet()
    assert answer.get_json()["scoresheet"] == expected != EXAMPLE_1_SHEET
    game = game_of(client, created)
    assert game["record"]["turns"] == [SMALL_OPENING] + EXAMPLE_1["turns"][1:]
    assert game["scoresheet"] == expected
    assert game["history"]["entries"] == [
        {"version": 1, "kind": "turn", "turn": EXAMPLE_1["turns"][0]},  # the turn replaced
        {"version": 6, "kind": "correction", "replace": 0, "by": "ben"}]
    assert game["history"]["holds"] == [None, 1, 2, 3, 4, 0]
    assert game["record"]["turns"][0] == SMALL_OPENING  # the turn it holds, sent once
    # the record as it now stands imports again with the same sheet
    record = client.get(f"/api/v1/games/{created['id']}/record", headers=bearer(created["token"])).get_json()
    assert create_game(client, record)["scoresheet"] == expected


def test_a_replace_that_breaks_a_later_turn_is_refused_with_its_violation_and_changes_nothing(client, redis_client):
    created = create_game(client, EXAMPLE_1)
    before = stored(redis_client)
    with pytest.raises(Refused) as refused:
        Game.replay(with_turn(EXAMPLE_1, 0, DISCARD_OPENING))
    answer = correct(client, created, {"replace": 0, "turn": DISCARD_OPENING, "by": "ben"})
    (violation,) = problem(answer, 422)["violations"]
    assert violation == refused.value.violation.to_json()
    assert violation["turn"] == 4  # the later turn that no longer holds, not the replaced one
    assert stored(redis_client) == before
    assert game_of(client, created)["version"] == 5


def test_a_replacement_turn_that_is_itself_illegal_is_refused_at_its_index(client, redis_client):
    created = create_game(client, EXAMPLE_1)
    before = stored(redis_client)
    ben_first = {**EXAMPLE_1["turns"][1]}
    (violation,) = problem(correct(client, created, {"replace": 0, "turn": ben_first, "by": "x"}), 422)["violations"]
    assert (violation["rule"], violation["turn"]) == ("turn.order", 0)
    assert stored(redis_client) == before


@pytest.mark.parametrize("body, pointer", [
    ({"undo": True}, "/by"),
    ({"undo": True, "replace": 1, "turn": SMALL_OPENING, "by": "x"}, ""),
    ({"replace": 1, "by": "x"}, ""),
    ({"turn": SMALL_OPENING, "by": "x"}, ""),
    ({"by": "x"}, ""),
    ({"undo": True, "by": ""}, "/by"),
    ({"replace": -1, "turn": SMALL_OPENING, "by": "x"}, "/replace"),
    ({"replace": 0, "turn": {"player": "anna"}, "by": "x"}, "/turn/actions"),
    ({"undo": True, "by": "x", "why": "oops"}, "/why"),
    # JSON true and whole numbers only: marshmallow alone took these for true and 0
    ({"undo": "yes", "by": "x"}, "/undo"),
    ({"undo": 1, "by": "x"}, "/undo"),
    ({"replace": "0", "turn": SMALL_OPENING, "by": "x"}, "/replace"),
    ({"replace": 0.0, "turn": SMALL_OPENING, "by": "x"}, "/replace"),
])
def test_a_malformed_correction_is_record_invalid_naming_the_field(client, body, pointer):
    created = create_game(client, EXAMPLE_1)
    (violation,) = problem(correct(client, created, body), 422)["violations"]
    assert violation["rule"] == "record.invalid"
    assert violation["details"]["pointer"] == pointer
    assert violation["details"]["reason"].startswith(pointer or "/")
    assert ".." not in violation["message"]  # marshmallow's full stop and the message's
    assert (violation["turn"], violation["action"]) == (None, None)
    assert game_of(client, created)["version"] == 5


def test_there_must_be_a_turn_to_undo_or_replace(client):
    created = create_game(client, new_record())
    (violation,) = problem(correct(client, created, {"undo": True, "by": "x"}), 422)["violations"]
    assert (violation["rule"], violation["details"]["pointer"]) == ("record.invalid", "/undo")
    created = create_game(client, EXAMPLE_1)
    body = {"replace": 5, "turn": SMALL_OPENING, "by": "x"}
    (violation,) = problem(correct(client, created, body), 422)["violations"]
    assert (violation["rule"], violation["details"]["pointer"]) == ("record.invalid", "/replace")


def test_a_correction_needs_the_current_version_and_the_table_token(client):
    created = create_game(client, EXAMPLE_1)
    url = f"/api/v1/games/{created['id']}/corrections"
    problem(client.post(url, json={"undo": True, "by": "x"}, headers=bearer(created["token"])), 428)
    any_version = {**bearer(created["token"]), "If-Match": "*"}
    problem(client.post(url, json={"undo": True, "by": "x"}, headers=any_version), 428)
    stale = problem(correct(client, created, {"undo": True, "by": "x"}, version=4), 412)
    assert stale["version"] == 5
    problem(correct(client, created, {"undo": True, "by": "x"}, token=created["spectator_token"]), 403)
    problem(correct(client, created, {"undo": True, "by": "x"}, token="not-the-token"), 404)
    assert game_of(client, created)["version"] == 5


def test_an_idempotent_correction_is_logged_once(client, redis_client):
    created = create_game(client, EXAMPLE_1)
    body = {"undo": True, "by": "anna"}
    first = correct(client, created, body, **{"Idempotency-Key": "undo-1"})
    again = correct(client, created, body, **{"Idempotency-Key": "undo-1"})  # the answer was lost
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json() and again.headers["Idempotent-Replayed"] == "true"
    game = game_of(client, created)
    assert game["version"] == 6 and len(game["record"]["turns"]) == 4
    assert redis_client.ttl(f"game:{{{created['id']}}}:idem") >= 24 * 3600
    other = correct(client, created, {"undo": True, "by": "ben"}, version=6, **{"Idempotency-Key": "undo-1"})
    assert problem(other, 422)["type"] == "/problems/idempotency-key-reused"
    assert game_of(client, created)["version"] == 6


def test_turns_and_corrections_interleave_in_one_log(client):
    created = create_game(client, EXAMPLE_1)
    last = EXAMPLE_1["turns"][4]
    assert correct(client, created, {"undo": True, "by": "anna"}).status_code == 201
    assert post_turn(client, created, last, version=6).status_code == 201
    assert correct(client, created, {"replace": 0, "turn": SMALL_OPENING, "by": "ben"}, version=7).status_code == 201
    game = game_of(client, created)
    log = whole_log(game["history"])
    assert [entry["kind"] for entry in log[5:]] == ["correction", "turn", "correction"]
    assert game["record"]["turns"] == [SMALL_OPENING] + EXAMPLE_1["turns"][1:]
    assert game["scoresheet"] == Game.replay(game["record"]).scoresheet()
    # Which turn as it stands each entry holds: the first turn was replaced
    # (by the last entry), the fifth undone, then logged again.
    assert [entry["holds"] for entry in log] == [None, 1, 2, 3, None, None, 4, 0]
    # Each turn is sent once: an entry that holds one leaves it to the record,
    # and only the entries that are not a turn that stands are listed.
    assert [entry["version"] for entry in game["history"]["entries"]] == [1, 5, 6, 8]
    assert [entry.get("turn") for entry in log] == [
        EXAMPLE_1["turns"][0], None, None, None, EXAMPLE_1["turns"][4], None, None, None]


def test_undoing_the_last_turn_of_a_finished_game_reopens_it(client):
    record = keltis_goal_area()
    created = create_game(client, record)
    assert created["scoresheet"]["status"] == "finished"
    answer = correct(client, created, {"undo": True, "by": "cleo"})
    assert answer.status_code == 201
    assert answer.get_json()["scoresheet"]["status"] == "in_progress"
    game = game_of(client, created)
    assert game["decision"]["player"] == record["turns"][-1]["player"]
    summary = client.get(f"/api/v1/games/{created['id']}/summary", headers=bearer(created["token"]))
    assert problem(summary, 409)
    # the closing turn logged again ends the game again
    assert post_turn(client, created, record["turns"][-1], version=answer.get_json()["version"]).status_code == 201
    assert game_of(client, created)["scoresheet"] == created["scoresheet"]
