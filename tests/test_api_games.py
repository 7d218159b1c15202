"""The game routes against a real Redis: create, read, turns, check, score sheet, record."""

from __future__ import annotations

import copy
import json
import random
import threading
import uuid
import zlib
from pathlib import Path

import pytest

from api import create_app
from api_helpers import (EXAMPLE_1, EXAMPLE_1_SHEET, EXAMPLE_6, OPENING, bearer, create_game, new_record,
                         post_turn, problem, whole_log)
import celtica_games
from keltis_games import random_game
from scoring import Game, Refused
from scoring.answers import check_game
from store import SummaryQueue

DATA = Path(__file__).parent / "data"


def game_url(created: dict, tail: str = "") -> str:
    return f"/api/v1/games/{created['id']}{tail}"


# -- create -------------------------------------------------------------------


def test_create_replays_the_record_and_answers_the_sheet(client):
    created = create_game(client, EXAMPLE_1)
    assert created["version"] == 5
    assert created["scoresheet"] == EXAMPLE_1_SHEET
    assert created["token"] != created["spectator_token"]


def test_create_refuses_a_record_naming_turn_action_and_rule(client):
    answer = client.post("/api/v1/games", json=EXAMPLE_6)
    body = problem(answer, 422)
    assert body["violations"] == [{
        "rule": "card.exhausted", "turn": 2, "action": 0,
        "message": "Both yellow 6 cards are already seen elsewhere; this one cannot be in your hand.",
        "details": {"card": {"color": "yellow", "value": 6}},
    }]


def test_create_refuses_a_schema_fault_with_its_pointer(client):
    record = new_record(options={"no_such_option": True})
    body = problem(client.post("/api/v1/games", json=record), 422)
    (violation,) = body["violations"]
    assert violation["rule"] == "record.invalid"
    assert violation["details"]["pointer"] == "/options/no_such_option"
    assert (violation["turn"], violation["action"]) == (None, None)


def named(*names: str) -> dict:
    return new_record(players=("anna", "ben", "cara")[:len(names)]) | {
        "players": [{"id": player, "name": name} for player, name in zip(("anna", "ben", "cara"), names)]}


@pytest.mark.parametrize("name", [
    "Ben\nBen", "Ben\x00", "Be\tn", "\u202eneB", "Ben\u2066x\u2069", "B\u200ben", "Be\u200dn", "\ufeffBen",
    "Be\u2028n", "B\x85en"])
def test_a_name_with_a_control_bidi_or_zero_width_character_is_refused_naming_it(client, redis_client, name):
    (violation,) = problem(client.post("/api/v1/games", json=named("Anna", name)), 422)["violations"]
    assert violation["rule"] == "record.invalid" and violation["details"]["pointer"] == "/players/1/name"
    assert "U+" in violation["details"]["reason"]
    assert redis_client.keys("game:*") == []


@pytest.mark.parametrize("names", [("Anna", ""), ("Anna", "   "), ("Anna", "x" * 41), ("Anna", 7)])
def test_a_blank_or_long_name_is_refused(client, names):
    (violation,) = problem(client.post("/api/v1/games", json=named(*names)), 422)["violations"]
    assert violation["rule"] == "record.invalid" and violation["details"]["pointer"] == "/players/1/name"


@pytest.mark.parametrize("names", [("Anna", "Ben", "Anna"), ("Anna", "Ben", " ANNA "),
                                   ("Zoë", "Ben", "Zoe\u0308")])  # the same once NFC: ë and e + combining diaeresis
def test_two_players_cannot_have_the_same_name(client, names):
    (violation,) = problem(client.post("/api/v1/games", json=named(*names)), 422)["violations"]
    assert violation["details"]["pointer"] == "/players/2/name"
    assert "another player's name" in violation["details"]["reason"]


def test_a_name_is_kept_trimmed_and_normalised(client):
    created = create_game(client, named("  Zoe\u0308 ", "x" * 38 + "  ", "=1+1"))
    record = client.get(game_url(created, "/record"), headers=bearer(created["token"])).get_json()
    assert [player["name"] for player in record["players"]] == ["Zoë", "x" * 38, "=1+1"]
    csv = client.get(game_url(created, "/scoresheet?format=csv"), headers=bearer(created["token"])).get_data(as_text=True)
    assert "'=1+1" in csv and "\n=1+1" not in csv  # a formula stays neutralised


def test_a_replayed_record_judges_names_as_the_api_does(tmp_path, capsys):
    from brehon.cli import main

    path = tmp_path / "record.json"
    path.write_text(json.dumps(named("Anna", "Be\u202en")))
    assert main(["replay", str(path)]) == 1
    (violation,) = json.loads(capsys.readouterr().out)["violations"]
    assert violation["details"]["pointer"] == "/players/1/name"


def test_messages_follow_accept_language(client):
    answer = client.post("/api/v1/games", json=EXAMPLE_6, headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    (violation,) = problem(answer, 422)["violations"]
    assert violation["message"].startswith("Beide Karten")
    answer = client.post("/api/v1/games", json=EXAMPLE_6, headers={"Accept-Language": "es"})
    assert problem(answer, 422)["violations"][0]["message"].startswith("Las dos cartas")


def test_a_created_game_round_trips_through_its_record(client):
    created = create_game(client, EXAMPLE_1)
    record = client.get(game_url(created, "/record"), headers=bearer(created["token"])).get_json()
    assert record == EXAMPLE_1
    again = create_game(client, record)
    assert again["scoresheet"] == created["scoresheet"] and again["id"] != created["id"]


# -- read ---------------------------------------------------------------------


def test_get_game_answers_record_state_version_decision_and_history(client):
    created = create_game(client, EXAMPLE_1)
    answer = client.get(game_url(created), headers=bearer(created["token"]))
    assert answer.status_code == 200
    assert answer.headers["ETag"] == '"5"'
    game = answer.get_json()
    assert game["version"] == 5
    assert game["record"] == EXAMPLE_1
    assert game["decision"]["name"] == "main" and game["decision"]["player"] == "ben"
    # Five turns that stand, logged at once: each is sent once, in the record, and its time once.
    history = game["history"]
    assert history["start"].endswith("Z") and history["seconds"] == [0] * 5 and history["entries"] == []
    assert [entry["holds"] for entry in whole_log(history)] == list(range(len(EXAMPLE_1["turns"])))
    assert game["scoresheet"] == EXAMPLE_1_SHEET
    assert isinstance(game["state"], dict) and game["state"]
    again = client.get(game_url(created), headers={**bearer(created["token"]), "If-None-Match": '"5"'})
    assert again.status_code == 304


@pytest.mark.parametrize("path", ["", "/record", "/scoresheet", "/scoresheet?format=csv"])
def test_a_read_of_the_version_a_phone_holds_is_304(client, path):
    created = create_game(client, EXAMPLE_1)
    headers = bearer(created["token"])
    first = client.get(game_url(created, path), headers=headers)
    assert first.status_code == 200 and first.headers["ETag"] == '"5"'
    again = client.get(game_url(created, path), headers={**headers, "If-None-Match": '"5"'})
    assert (again.status_code, again.get_data(), again.headers["ETag"]) == (304, b"", '"5"')
    ben = {"player": "ben", "actions": [{"type": "discard", "card": {"color": "red", "value": 0}},
                                        {"type": "draw", "from": "deck"}]}
    assert post_turn(client, created, ben, version=5).status_code == 201
    assert client.get(game_url(created, path), headers={**headers, "If-None-Match": '"5"'}).status_code == 200


def test_a_compressed_game_keeps_its_version_as_its_etag(client):
    created = create_game(client, EXAMPLE_1)
    answer = client.get(game_url(created), headers={**bearer(created["token"]), "Accept-Encoding": "gzip"})
    assert answer.headers["Content-Encoding"] == "gzip" and answer.headers["ETag"] == '"5"'
    game = json.loads(zlib.decompress(answer.get_data(), 16 + zlib.MAX_WBITS))
    assert game == client.get(game_url(created), headers=bearer(created["token"])).get_json()
    assert int(answer.headers["Content-Length"]) < len(json.dumps(game)) / 4


def test_a_950_turn_game_is_read_in_under_150_kb(client):
    """Each fact once: the turns in the record, the log's times as seconds
    between entries. (Turns that cycle cards through the discard piles let
    a game of two last that long.)"""
    colors = ("red", "yellow", "green", "blue", "purple")
    turns = [{"player": ("anna", "ben")[n % 2], "actions": [
        {"type": "discard", "card": {"color": colors[n // 2 % 5], "value": 3 + n % 2}},
        {"type": "draw", "from": colors[n // 2 % 5]}]} for n in range(950)]
    created = create_game(client, new_record(turns=turns))
    body = client.get(game_url(created), headers=bearer(created["token"])).get_data()
    assert len(body) < 150 * 1024
    assert body.count(b'"actions":[{"type":"discard"') == 950  # each turn once


def test_scoresheet_as_json_csv_and_pdf(client):
    created = create_game(client, EXAMPLE_1)
    headers = bearer(created["spectator_token"])
    assert client.get(game_url(created, "/scoresheet"), headers=headers).get_json() == EXAMPLE_1_SHEET
    csv = client.get(game_url(created, "/scoresheet?format=csv"), headers=headers)
    assert csv.status_code == 200 and csv.mimetype == "text/csv"
    lines = csv.get_data(as_text=True).splitlines()
    assert len(lines) == 3 and "anna" in lines[1] and "-8" in lines[1]
    pdf = client.get(game_url(created, "/scoresheet?format=pdf"), headers=headers)
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf" and pdf.data.startswith(b"%PDF")
    body = problem(client.get(game_url(created, "/scoresheet?format=xls"), headers=headers), 422)
    assert body["detail"].startswith("format:") and "violations" not in body


# -- tokens -------------------------------------------------------------------


@pytest.mark.parametrize("tail", ["", "/scoresheet", "/record"])
def test_a_wrong_or_missing_token_is_a_404(client, tail):
    created = create_game(client, EXAMPLE_1)
    problem(client.get(game_url(created, tail)), 404)
    problem(client.get(game_url(created, tail), headers=bearer("not-the-token")), 404)
    problem(client.get(game_url(created, tail), headers={"Authorization": created["token"]}), 404)
    unknown = {**created, "id": "0000000000000000"}
    assert problem(client.get(game_url(unknown, tail), headers=bearer(created["token"])), 404)["detail"] == \
        problem(client.get(game_url(created, tail), headers=bearer("x")), 404)["detail"]


def redis_calls(redis_client) -> dict[str, int]:
    """How many times Redis ran each command so far (INFO commandstats)."""
    return {name: stats["calls"] for name, stats in redis_client.info("commandstats").items()}


@pytest.mark.parametrize("method, tail, body", [("GET", "", None), ("POST", "/turns", OPENING)])
def test_a_strangers_guess_costs_the_same_whether_the_game_exists_or_not(client, redis_client, method, tail, body):
    """Timing must not tell whether a game exists: a wrong token for a known
    game, even one this process holds folded, and any token for an unknown
    id send Redis the same commands (bench/bench_token_timing.py times them)."""
    created = create_game(client, EXAMPLE_1)
    client.get(game_url(created), headers=bearer(created["token"]))  # folded here, as a game being played is

    def commands(game_id: str) -> dict[str, int]:
        before = redis_calls(redis_client)
        problem(client.open(f"/api/v1/games/{game_id}{tail}", method=method, json=body,
                            headers={**bearer(uuid.uuid4().hex), "If-Match": '"5"'}), 404)
        after = redis_calls(redis_client)
        return {name: calls - before.get(name, 0) for name, calls in after.items() if calls != before.get(name, 0)}

    commands(uuid.uuid4().hex[:16])  # the first guess also starts the rate limit's count of bad tokens
    known, unknown = commands(created["id"]), commands(uuid.uuid4().hex[:16])
    assert known == unknown and known.get("cmdstat_hgetall") == 1, (known, unknown)


@pytest.mark.parametrize("method, tail, body", [
    ("GET", "/summary", None), ("GET", "/events", None), ("POST", "/turns", OPENING), ("POST", "/check", OPENING),
    ("POST", "/corrections", {"undo": True, "by": "x"}), ("POST", "/next", None),
])
def test_every_route_of_a_game_answers_a_stranger_as_if_there_were_no_game(client, method, tail, body):
    created, other = create_game(client, EXAMPLE_1), create_game(client, EXAMPLE_1)
    unknown = {**created, "id": "0000000000000000"}
    headers = {"If-Match": '"5"'}
    answers = [client.open(game_url(game, tail), method=method, json=body, headers={**headers, **auth})
               for game, auth in [(unknown, bearer(created["token"])), (created, {}), (created, bearer("x")),
                                  (created, bearer(other["token"])), (created, bearer(other["spectator_token"]))]]
    bodies = [problem(answer, 404) for answer in answers]
    assert all(body == bodies[0] for body in bodies)
    assert client.get(game_url(created), headers=bearer(created["token"])).get_json()["version"] == 5


@pytest.mark.parametrize("tail", ["/turns", "/check", "/corrections"])
@pytest.mark.parametrize("data", [b"{not json", b'{"nonsense": 1}', b"[1, 2]", b'{"player": "\\ud800"}',
                                  b'{"player": ' + b"9" * 5000 + b"}"])
def test_a_stranger_or_a_spectator_learns_nothing_from_a_bad_body(client, tail, data):
    # The token is checked before the body is looked at: 404 (or the
    # spectator's 403) whatever the body, never its 400 or 422.
    created = create_game(client, EXAMPLE_1)
    for auth, status in [({}, 404), (bearer("x"), 404), (bearer(created["spectator_token"]), 403)]:
        problem(client.post(game_url(created, tail), data=data, content_type="application/json",
                            headers={"If-Match": '"5"', **auth}), status)
    table = client.post(game_url(created, tail), data=data, content_type="application/json",
                        headers={"If-Match": '"5"', **bearer(created["token"])})
    assert table.status_code in (400, 422) and table.mimetype == "application/problem+json"


def test_the_spectator_token_reads_but_never_writes(client):
    created = create_game(client, new_record())
    spectator = bearer(created["spectator_token"])
    assert client.get(game_url(created), headers=spectator).status_code == 200
    problem(client.post(game_url(created, "/check"), json=OPENING, headers=spectator), 403)
    answer = client.post(game_url(created, "/turns"), json=OPENING, headers={**spectator, "If-Match": '"0"'})
    problem(answer, 403)
    assert client.get(game_url(created), headers=spectator).get_json()["version"] == 0


def test_only_the_token_hash_is_stored(client, redis_client):
    created = create_game(client, new_record())
    for key in redis_client.keys("*"):
        dumped = redis_client.dump(key)
        assert created["token"].encode() not in dumped
        assert created["spectator_token"].encode() not in dumped


# -- turns ----------------------------------------------------------------------


def test_a_turn_is_logged_on_the_current_version(client):
    created = create_game(client, new_record())
    answer = post_turn(client, created, OPENING)
    assert answer.status_code == 201
    assert answer.headers["ETag"] == '"1"'
    body = answer.get_json()
    assert body["version"] == 1
    anna = body["scoresheet"]["players"][0]
    assert anna["breakdown"]["figures"] == -8  # the large figure on red 1: -4 x 2


def test_turns_played_one_by_one_score_as_the_whole_record(client):
    created = create_game(client, new_record())
    for version, turn in enumerate(EXAMPLE_1["turns"]):
        answer = post_turn(client, created, turn, version=version)
        assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["scoresheet"] == EXAMPLE_1_SHEET


def test_a_turn_needs_if_match(client):
    created = create_game(client, new_record())
    answer = client.post(game_url(created, "/turns"), json=OPENING, headers=bearer(created["token"]))
    problem(answer, 428)


@pytest.mark.parametrize("empty", ["", "   "])
def test_an_empty_if_match_is_no_if_match(client, empty):
    created = create_game(client, new_record())
    for path, body in (("/turns", OPENING), ("/corrections", {"undo": True, "by": "Anna"})):
        answer = client.post(game_url(created, path), json=body, headers={**bearer(created["token"]), "If-Match": empty})
        assert problem(answer, 428)["type"] == "/problems/version-required"
    assert client.get(game_url(created), headers=bearer(created["token"])).get_json()["version"] == 0


def test_a_turn_must_name_its_version_not_any(client):
    # "*" matches every version: a turn composed on an old one would be logged on the new.
    created = create_game(client, new_record())
    assert post_turn(client, created, OPENING, version=0).status_code == 201
    url, headers = game_url(created, "/turns"), bearer(created["token"])
    body = problem(client.post(url, json=OPENING, headers={**headers, "If-Match": "*"}), 428)
    assert body["type"] == "/problems/version-required" and "If-Match: *" in body["detail"]
    # A "*" in a list is no wildcard: only the versions named count.
    problem(client.post(url, json=OPENING, headers={**headers, "If-Match": '"0", *'}), 412)
    assert client.get(game_url(created), headers=headers).get_json()["version"] == 1


@pytest.mark.parametrize("if_match", ['W/""', '""', '"one"', '"0", "1"', "0", 'W/"0"', '"00"', '"0" "0"'])
def test_an_if_match_that_names_no_single_version_is_stale(client, if_match):
    created = create_game(client, new_record())
    answer = client.post(game_url(created, "/turns"), json=OPENING,
                         headers={**bearer(created["token"]), "If-Match": if_match})
    # Only one strong ETag is a version: a list naming the game's version too is none.
    assert answer.status_code == 412, answer.get_data()
    assert client.get(game_url(created), headers=bearer(created["token"])).get_json()["version"] == 0


def test_a_process_that_wrote_a_game_last_still_sees_what_another_logged(redis_client, redis_url):
    """Each process keeps the games it loaded or wrote folded at their
    version (store.snapshots.Folds): a turn logged through another process
    meanwhile makes a turn on that version stale, and one on the new version holds."""
    one = create_app({"TESTING": True, "REDIS_URL": redis_url}).test_client()
    other = create_app({"TESTING": True, "REDIS_URL": redis_url}).test_client()
    created = create_game(one, new_record())
    turns = EXAMPLE_1["turns"]
    assert post_turn(one, created, turns[0], version=0).status_code == 201
    problem(one.post(game_url(created, "/turns"), json=turns[1],
                     headers={**bearer("not-a-token"), "If-Match": '"1"'}), 404)  # a stranger, even so
    assert post_turn(other, created, turns[1], version=1).status_code == 201
    assert problem(post_turn(one, created, turns[1], version=1), 412)["version"] == 2
    assert post_turn(one, created, turns[2], version=2).status_code == 201
    assert post_turn(other, created, turns[3], version=3).status_code == 201
    assert post_turn(one, created, turns[4], version=4).status_code == 201
    game = one.get(game_url(created), headers=bearer(created["token"])).get_json()
    assert game["record"]["turns"] == turns and game["scoresheet"] == EXAMPLE_1_SHEET


def test_a_refused_turn_on_a_game_moved_on_elsewhere_is_412_not_its_refusal(redis_client, redis_url):
    # The process judges a turn on its own fold of the game; when another
    # process logged meanwhile, the turn was composed on an old version.
    one = create_app({"TESTING": True, "REDIS_URL": redis_url}).test_client()
    other = create_app({"TESTING": True, "REDIS_URL": redis_url}).test_client()
    created = create_game(one, new_record())
    assert one.get(game_url(created), headers=bearer(created["token"])).status_code == 200  # folded at 0
    assert post_turn(other, created, OPENING, version=0).status_code == 201
    illegal = {"player": "anna", "actions": [{"type": "draw", "from": "deck"}]}
    assert problem(post_turn(one, created, illegal, version=0), 412)["version"] == 1


def test_a_stale_version_is_412_with_the_current_state(client):
    created = create_game(client, new_record())
    assert post_turn(client, created, OPENING, version=0).status_code == 201
    ben = {"player": "ben", "actions": [{"type": "discard", "card": {"color": "blue", "value": 1}}, {"type": "draw", "from": "deck"}]}
    answer = post_turn(client, created, ben, version=0)
    body = problem(answer, 412)
    assert body["version"] == 1 and answer.headers["ETag"] == '"1"'
    assert body["decision"]["player"] == "ben"
    assert body["scoresheet"]["players"][0]["breakdown"]["figures"] == -8
    assert "state" in body


def test_two_clients_racing_on_one_version_get_one_201_and_one_412(app, redis_url):
    created = create_game(app.test_client(), new_record())

    def discard(player, color, value):
        return {"player": player, "actions": [{"type": "discard", "card": {"color": color, "value": value}},
                                              {"type": "draw", "from": "deck"}]}

    for round_ in range(10):  # many rounds: each must have exactly one winner
        turns = [discard("anna", "purple", round_), discard("anna", "yellow", round_)]
        barrier = threading.Barrier(2)
        statuses: list[int] = []

        def send(turn):
            client = app.test_client()
            barrier.wait()
            statuses.append(post_turn(client, created, turn, version=round_ * 2).status_code)

        threads = [threading.Thread(target=send, args=(turn,)) for turn in turns]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(statuses) == [201, 412]
        game = app.test_client().get(game_url(created), headers=bearer(created["token"])).get_json()
        assert game["version"] == round_ * 2 + 1
        # ben's turn, so that the next round is anna's again
        ben = discard("ben", "green", round_)
        assert post_turn(app.test_client(), created, ben, version=round_ * 2 + 1).status_code == 201


def test_a_refused_turn_is_422_with_its_violation(client):
    created = create_game(client, new_record())
    ben_first = {**OPENING, "player": "ben"}
    body = problem(post_turn(client, created, ben_first), 422)
    assert body["violations"][0]["rule"] == "turn.order"
    assert body["violations"][0]["turn"] == 0 and body["violations"][0]["action"] is None
    unfinished = {"player": "anna", "actions": OPENING["actions"][:2]}
    (violation,) = problem(post_turn(client, created, unfinished), 422)["violations"]
    assert (violation["rule"], violation["turn"], violation["action"]) == ("turn.incomplete", 0, 2)


@pytest.mark.parametrize("turn, pointer, action", [
    ({"actions": []}, "/player", None),
    ({"player": "anna"}, "/actions", None),
    ({"player": "anna", "actions": {}}, "/actions", None),
    ({"player": "anna", "actions": [OPENING["actions"][0], 7]}, "/actions/1", 1),
    ({"player": "anna", "actions": [], "extra": 1}, "/extra", None),
    ({"player": 5, "extra": 1}, "/extra", None),
    ({"player": 5}, "/actions", None),
    ({"player": "zoe", "actions": 3}, "/player", None),
    ([], "", None),
])
def test_a_malformed_turn_is_record_invalid_naming_the_field(client, turn, pointer, action):
    created = create_game(client, EXAMPLE_1)
    (violation,) = problem(post_turn(client, created, turn), 422)["violations"]
    assert violation["rule"] == "record.invalid"
    assert violation["details"]["pointer"] == pointer
    assert violation["turn"] == 5 and violation["action"] == action
    # the envelope check answers exactly as the engine's play of that turn would
    with pytest.raises(Refused) as engine:
        Game.replay(EXAMPLE_1).play(turn)
    assert violation == engine.value.violation.to_json()


def test_an_engine_schema_fault_inside_an_action_names_it(client):
    created = create_game(client, new_record())
    turn = {"player": "anna", "actions": [{"type": "play", "card": {"color": "red", "value": 11}, "figure": "large"}]}
    (violation,) = problem(post_turn(client, created, turn), 422)["violations"]
    assert violation["rule"] == "record.invalid" and violation["action"] == 0
    assert violation["details"]["pointer"] == "/actions/0/card/value"


def test_refused_and_stale_turns_leave_the_stored_game_byte_for_byte_unchanged(client, redis_client):
    created = create_game(client, EXAMPLE_1)
    before = {key: redis_client.dump(key) for key in redis_client.keys("game:*")}
    refusals = [
        post_turn(client, created, {**OPENING, "player": "anna"}),  # not anna's turn
        post_turn(client, created, {"player": "ben", "actions": [{"type": "play", "card": {"color": "green", "value": 9}}]}),
        post_turn(client, created, {"player": "ben"}),
        post_turn(client, created, {"player": "ben", "actions": []}, version=3),
        client.post(game_url(created, "/turns"), json={"player": "ben", "actions": []}, headers=bearer(created["token"])),
        client.post(game_url(created, "/check"), json={"player": "ben", "actions": []}, headers=bearer(created["token"])),
    ]
    assert [answer.status_code for answer in refusals] == [422, 422, 422, 412, 428, 200]
    after = {key: redis_client.dump(key) for key in redis_client.keys("game:*")}
    assert after == before


def test_a_turn_that_ends_the_game_enqueues_the_summary(client, redis_client):
    game = random_game(random.Random(7), players=2, turns=400)
    assert len(game.record["turns"]) < 400  # the game ended
    last = game.record["turns"][-1]
    record = {**game.record, "turns": game.record["turns"][:-1]}
    created = create_game(client, record)
    answer = post_turn(client, created, last)
    assert answer.status_code == 201
    assert answer.get_json()["scoresheet"]["status"] == "finished"
    version = answer.get_json()["version"]
    assert SummaryQueue(redis_client).find(created["id"], version) is not None


# -- idempotency ----------------------------------------------------------------


def test_a_repeated_idempotency_key_gets_the_first_answer_and_logs_nothing(client, redis_client):
    created = create_game(client, new_record())
    first = post_turn(client, created, OPENING, **{"Idempotency-Key": "turn-0-abc"})
    assert first.status_code == 201
    log = redis_client.lrange(f"game:{{{created['id']}}}:log", 0, -1)
    again = post_turn(client, created, OPENING, **{"Idempotency-Key": "turn-0-abc"})
    assert again.status_code == 201 and again.get_json() == first.get_json()
    assert again.headers["ETag"] == '"1"'
    assert redis_client.lrange(f"game:{{{created['id']}}}:log", 0, -1) == log
    other = copy.deepcopy(OPENING)
    other["actions"][0]["card"]["value"] = 4
    problem(post_turn(client, created, other, **{"Idempotency-Key": "turn-0-abc"}), 422)
    # a new key on the old version is simply stale
    problem(post_turn(client, created, OPENING, **{"Idempotency-Key": "turn-0-new"}), 412)
    ttl = redis_client.ttl(f"game:{{{created['id']}}}:idem")
    assert ttl >= 24 * 3600


def test_one_turn_sent_twice_at_once_with_its_key_is_logged_once(app, redis_client):
    created = create_game(app.test_client(), new_record())
    for version in range(12):  # several rounds, so that both requests often pass the first look
        player = ("anna", "ben")[version % 2]
        turn = {"player": player, "actions": [{"type": "discard", "card": {"color": "blue", "value": version % 11}},
                                              {"type": "draw", "from": "deck"}]}
        barrier = threading.Barrier(2)
        answers = []

        def send():
            client = app.test_client()
            barrier.wait()
            answers.append(post_turn(client, created, turn, version=version, **{"Idempotency-Key": f"k{version}"}))

        threads = [threading.Thread(target=send) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert [answer.status_code for answer in answers] == [201, 201]
        assert answers[0].get_json() == answers[1].get_json()
        assert answers[0].get_json()["version"] == version + 1
        assert redis_client.llen(f"game:{{{created['id']}}}:log") == version + 1


def test_a_game_created_twice_with_one_key_is_created_once(app, client, redis_client):
    key = {"Idempotency-Key": "new-game-7f3a-2b9c-41d0-8e6f"}
    first = client.post("/api/v1/games", json=EXAMPLE_1, headers=key)
    assert first.status_code == 201
    stored = sorted(redis_client.keys("game:*"))
    again = client.post("/api/v1/games", json=EXAMPLE_1, headers=key)
    assert again.status_code == 201 and again.get_json() == first.get_json()
    assert again.headers["Location"] == first.headers["Location"] and again.headers["ETag"] == '"5"'
    assert sorted(redis_client.keys("game:*")) == stored
    created = first.get_json()
    assert client.get(game_url(created), headers=bearer(created["spectator_token"])).status_code == 200
    # neither the key nor a token is kept in Redis, only their hashes
    dump = b"".join(redis_client.dump(name) or b"" for name in redis_client.keys("*"))
    assert not any(secret.encode() in dump for secret in (key["Idempotency-Key"], created["token"], created["spectator_token"]))
    problem(client.post("/api/v1/games", json=new_record(), headers=key), 422)  # the key with another body
    assert client.post("/api/v1/games", json=EXAMPLE_1).get_json()["id"] != created["id"]  # no key: a new game
    # two at once with one key: one game, both told about it
    barrier, answers = threading.Barrier(2), []

    def send():
        barrier.wait()
        answers.append(app.test_client().post("/api/v1/games", json=EXAMPLE_1, headers={"Idempotency-Key": "race-c6e1e0b2-6a0f-4c5e"}))

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [answer.status_code for answer in answers] == [201, 201]
    assert answers[0].get_json() == answers[1].get_json()
    assert len(redis_client.keys("game:*:record")) == 3


@pytest.mark.parametrize("key", ["1", "new-game-7f3a", "x" * 21, "a uuid with spaces in it", "é" * 30, "k" * 201])
def test_a_creation_key_must_be_unguessable(client, redis_client, key):
    # A creation's key is global: whoever repeats it gets the first game's table token.
    body = problem(client.post("/api/v1/games", json=new_record(), headers={"Idempotency-Key": key}), 400)
    assert "22" in body["detail"]
    assert redis_client.keys("game:*") == []


def test_a_uuid_is_a_good_creation_key(client):
    key = {"Idempotency-Key": str(uuid.uuid4())}
    first = client.post("/api/v1/games", json=new_record(), headers=key)
    assert first.status_code == 201
    assert client.post("/api/v1/games", json=new_record(), headers=key).get_json() == first.get_json()


def test_an_idempotency_key_has_a_sensible_length(client):
    created = create_game(client, new_record())
    problem(post_turn(client, created, OPENING, **{"Idempotency-Key": "x" * 201}), 400)
    problem(post_turn(client, created, OPENING, **{"Idempotency-Key": ""}), 400)


# -- check --------------------------------------------------------------------


def test_check_answers_an_unfinished_turn_without_logging_it(client, redis_client):
    created = create_game(client, new_record())
    before = {key: redis_client.dump(key) for key in redis_client.keys("game:*")}
    url, headers = game_url(created, "/check"), bearer(created["token"])
    answer = client.post(url, json={"player": "anna", "actions": OPENING["actions"][:1]}, headers=headers).get_json()
    assert answer["legal"] is True and answer["complete"] is False and answer["violations"] == []
    assert answer["decision"]["name"] == "reveal"
    assert {"type": "reveal", "path": "red", "row": 1, "tile": "none"} in answer["decision"]["actions"]
    answer = client.post(url, json=OPENING, headers=headers).get_json()
    assert answer["legal"] is True and answer["complete"] is True
    bad = {"player": "anna", "actions": [OPENING["actions"][0], {"type": "draw", "from": "deck"}]}
    answer = client.post(url, json=bad, headers={**headers, "Accept-Language": "es"}).get_json()
    assert answer["legal"] is False and answer["complete"] is False
    (violation,) = answer["violations"]
    assert (violation["rule"], violation["turn"], violation["action"]) == ("reveal.required", 0, 1)
    assert violation == Game.replay(new_record()).check(bad)["violations"][0].to_json("es")
    assert answer["decision"]["name"] == "reveal"
    assert {key: redis_client.dump(key) for key in redis_client.keys("game:*")} == before


def test_check_at_an_earlier_turn_checks_against_the_game_before_it(client, redis_client):
    created = create_game(client, EXAMPLE_1)
    before = {key: redis_client.dump(key) for key in redis_client.keys("game:*")}
    headers = bearer(created["token"])
    third = EXAMPLE_1["turns"][2]  # Anna's discard: turn 2, and Ben is next now
    answer = client.post(game_url(created, "/check?at=2"), json=third, headers=headers).get_json()
    earlier = Game.replay({**EXAMPLE_1, "turns": EXAMPLE_1["turns"][:2]})
    expected = earlier.check(third)
    assert answer["legal"] is True and answer["complete"] is True
    assert answer["decision"] == (expected["decision"].to_json() if expected["decision"] else None)
    (now,) = client.post(game_url(created, "/check"), json=third, headers=headers).get_json()["violations"]
    assert (now["rule"], now["turn"]) == ("turn.order", 5)
    # A refusal names turn k, as the replacement of turn k would be.
    (violation,) = client.post(game_url(created, "/check?at=2"), json=EXAMPLE_1["turns"][1],
                               headers=headers).get_json()["violations"]
    assert (violation["rule"], violation["turn"], violation["action"]) == ("turn.order", 2, None)
    (violation,) = problem(client.post(game_url(created, "/check?at=2"), json={"player": "anna"}, headers=headers),
                           422)["violations"]
    assert (violation["rule"], violation["turn"]) == ("record.invalid", 2)
    # at=5 is the game as it stands; beyond it, or below 0, there is no such moment.
    assert client.post(game_url(created, "/check?at=5"), json=third, headers=headers).get_json()["violations"] == [now]
    assert "5 turns" in problem(client.post(game_url(created, "/check?at=6"), json=third, headers=headers), 422)["detail"]
    problem(client.post(game_url(created, "/check?at=-1"), json=third, headers=headers), 422)
    assert {key: redis_client.dump(key) for key in redis_client.keys("game:*")} == before


def test_check_building_answers_what_a_take_too_many_to_list_may_grow_into(client, redis_client):
    """Issue 28 §2: ?building=true checks the turn but its last action, a take
    still being built, and the decision's ``next`` says what it may become."""
    board = {"locations": [{"kind": "start"}, {"kind": "castle", "parts": 9}, {"kind": "goal", "parts": 1}]}
    record = celtica_games.record([], board=board, setup={"parts": {"anna": ["n", "s"], "ben": ["e", "w"]}})
    created, keltis = create_game(client, record), create_game(client, EXAMPLE_1)
    headers = bearer(created["token"])
    before = {key: redis_client.dump(key) for key in redis_client.keys("game:*")}
    begun = celtica_games.turn("anna", celtica_games.move("red", 1), celtica_games.take("n", "n"))
    answer = client.post(game_url(created, "/check?building=true"), json=begun, headers=headers).get_json()
    assert answer == check_game(Game.replay(record), begun, "en", building=True)
    assert answer["legal"] is True and answer["decision"]["name"] == "take" and answer["decision"]["listed"] is False
    assert {"type": "take", "parts": ["n", "n", "e"]} in answer["decision"]["next"]
    assert answer["decision"]["next"][-1] == {"type": "take", "parts": ["n", "n"]}  # up to 9: it may stop here
    played = client.post(game_url(created, "/check"), json=begun, headers=headers).get_json()
    assert played["decision"]["name"] != "take"  # without it, the take of 2 parts is checked as played
    # A decision listed in full grows nothing; a value that is no boolean is the query's fault.
    listed = client.post(game_url(keltis, "/check?at=0&building=true"), json=EXAMPLE_1["turns"][0],
                         headers=bearer(keltis["token"])).get_json()
    assert listed["decision"]["next"] == []
    assert "building" in problem(client.post(game_url(created, "/check?building=maybe"), json=begun, headers=headers),
                                 422)["detail"]
    assert {key: redis_client.dump(key) for key in redis_client.keys("game:*")} == before


def test_the_check_answer_s_table_shows_where_a_clover_on_a_known_tile_moved_the_figure(client):
    # Field 1 holds a yellow clover, field 2 a point tile, both known: Anna's red 0 takes her figure
    # from the start to 1, the clover carries it on to 2, and no decision says so (the next is the draw).
    board = json.loads((DATA / "orakel" / "example1.json").read_text())["record"]["board"]
    record = new_record("keltis-orakel", board=board, setup={"tiles": {"1": "clover-yellow", "2": "points-1"}})
    created = create_game(client, record)
    play = {"player": "anna", "actions": [{"type": "play", "card": {"color": "red", "value": 0}, "figure": 0}]}
    answer = client.post(game_url(created, "/check"), json=play, headers=bearer(created["token"])).get_json()
    assert answer["legal"] is True and answer["decision"]["name"] == "draw"
    anna = answer["table"]["players"]["anna"]
    assert sorted(anna["figures"]) == [0, 0, 2] and anna["track"] == 1
    # the shape of the game's state, which stays as it was
    game = client.get(game_url(created, ""), headers=bearer(created["token"])).get_json()
    assert set(answer["table"]) == set(game["state"])
    assert game["state"]["players"]["anna"]["figures"] == [0, 0, 0]


def test_a_csv_read_again_varies_by_language_even_when_unchanged(client):
    created = create_game(client, EXAMPLE_1)
    headers = {**bearer(created["token"]), "Accept-Language": "de"}
    first = client.get(game_url(created, "/scoresheet?format=csv"), headers=headers)
    again = client.get(game_url(created, "/scoresheet?format=csv"), headers={**headers, "If-None-Match": '"5"'})
    assert again.status_code == 304 and first.headers["Content-Language"] == "de"
    # A cache keeps one copy per language: the 304 says so, as the 200 did
    # (werkzeug leaves Content-Language, an entity header, out of a 304).
    assert "Accept-Language" in first.headers["Vary"] and "Accept-Language" in again.headers["Vary"]
