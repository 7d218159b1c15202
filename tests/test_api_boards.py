"""Boards, the tally and the rulesets routes; a game created from a stored board."""

from __future__ import annotations

import copy

import pytest

import scoring
from scoring import answers
from api_helpers import TALLY, bearer, create_game, problem

from api import create_app
from orakel_games import SAMPLE_BOARD
from orakel_games import new_record as orakel_record

def test_a_board_is_checked_stored_and_read_back(client):
    answer = client.post("/api/v1/boards", json={"game": "keltis-orakel", "board": SAMPLE_BOARD})
    assert answer.status_code == 201
    stored = answer.get_json()
    assert stored["game"] == "keltis-orakel" and stored["board"] == SAMPLE_BOARD
    assert stored["warnings"] == scoring.RULESETS["keltis-orakel"].validate_board(SAMPLE_BOARD)
    assert answer.headers["Location"].endswith(stored["id"])
    again = client.post("/api/v1/boards", json={"game": "keltis-orakel", "board": SAMPLE_BOARD}).get_json()
    assert again["id"] == stored["id"]
    assert client.get(f"/api/v1/boards/{stored['id']}").get_json() == {
        "id": stored["id"], "game": "keltis-orakel", "board": SAMPLE_BOARD}
    listed = client.get("/api/v1/boards?game=keltis-orakel").get_json()
    assert [board["id"] for board in listed] == [stored["id"]]
    assert client.get("/api/v1/boards?game=celtica").get_json() == []
    problem(client.get("/api/v1/boards/unknown"), 404)


def test_the_first_store_answers_a_board_token_that_deletes_it(client, redis_client):
    body = {"game": "keltis-orakel", "board": SAMPLE_BOARD}
    first = client.post("/api/v1/boards", json=body)
    assert first.status_code == 201
    stored = first.get_json()
    token, url = stored["token"], f"/api/v1/boards/{stored['id']}"
    assert len(token) >= 22 and token.encode() not in b"".join(redis_client.hvals("boards"))  # only its hash is kept
    again = client.post("/api/v1/boards", json=body)
    assert again.status_code == 200 and "token" not in again.get_json()  # a repeat stores nothing and owns nothing
    assert again.get_json()["id"] == stored["id"]
    assert "token" not in client.get(url).get_json()
    for wrong in ({}, bearer("not-the-token"), bearer(created_game_token(client))):
        problem(client.delete(url, headers=wrong), 404)
    assert client.get(url).status_code == 200
    game = create_game(client, orakel_record(board={"id": stored["id"]}))
    answer = client.delete(url, headers=bearer(token))
    assert answer.status_code == 204 and answer.get_data() == b""
    problem(client.get(url), 404)
    problem(client.delete(url, headers=bearer(token)), 404)
    assert client.get("/api/v1/boards").get_json() == []
    # A game made from it keeps its copy; a new record can no longer name it.
    kept = client.get(f"/api/v1/games/{game['id']}", headers=bearer(game["token"])).get_json()
    assert kept["record"]["board"] == SAMPLE_BOARD
    problem(client.post("/api/v1/games", json=orakel_record(board={"id": stored["id"]})), 422)


def created_game_token(client) -> str:
    return create_game(client, orakel_record())["token"]


def test_a_stored_board_has_bounded_size_and_name(client):
    long_name = {**SAMPLE_BOARD, "name": "n" * 81}
    for route in ("/api/v1/boards", "/api/v1/boards/check"):
        body = problem(client.post(route, json={"game": "keltis-orakel", "board": long_name}), 422)
        assert body["pointer"] == "/board/name" and "80" in body["detail"]
        padded = {**SAMPLE_BOARD, "fields": SAMPLE_BOARD["fields"] * 20}  # ~30 KiB
        assert "16384" in problem(client.post(route, json={"game": "keltis-orakel", "board": padded}), 413)["detail"]
    assert client.get("/api/v1/boards").get_json() == []
    assert client.post("/api/v1/boards", json={"game": "keltis-orakel",
                                               "board": {**SAMPLE_BOARD, "name": "n" * 80}}).status_code == 201


def test_board_creation_is_limited_per_client_address(redis_client, redis_url):
    client = create_app({"TESTING": True, "REDIS_URL": redis_url, "BREHON_LIMIT_BOARDS": "2 per hour"}).test_client()
    for n in range(2):
        board = {**SAMPLE_BOARD, "name": f"board {n}"}
        assert client.post("/api/v1/boards", json={"game": "keltis-orakel", "board": board}).status_code == 201
    answer = client.post("/api/v1/boards", json={"game": "keltis-orakel", "board": SAMPLE_BOARD})
    assert problem(answer, 429)["type"] == "/problems/rate-limited"
    elsewhere = client.post("/api/v1/boards", json={"game": "keltis-orakel", "board": SAMPLE_BOARD},
                            environ_base={"REMOTE_ADDR": "192.0.2.5"})
    assert elsewhere.status_code == 201


def test_a_board_breaking_its_constraints_is_board_invalid(client):
    broken = copy.deepcopy(SAMPLE_BOARD)
    broken["fields"] = broken["fields"][:5]
    body = problem(client.post("/api/v1/boards", json={"game": "keltis-orakel", "board": broken}), 422)
    (violation,) = body["violations"]
    assert violation["rule"] == "board.invalid" and violation["turn"] is None
    assert client.get("/api/v1/boards").get_json() == []


@pytest.mark.parametrize("change,check,pointer", [
    (lambda board: board["fields"][3].update(color="orange"), "color", "/board/fields/3/color"),
    (lambda board: board["fields"][7].update(stones=2.0), "large", "/board/fields/7/stones"),
    (lambda board: board.update(oracle_from=0), "oracle_from", "/board/oracle_from"),
])
def test_a_refused_board_names_the_field_in_the_body(client, change, check, pointer):
    """The profile sits at /board of the body, as in a record: its pointers say so."""
    broken = copy.deepcopy(SAMPLE_BOARD)
    change(broken)
    body = problem(client.post("/api/v1/boards", json={"game": "keltis-orakel", "board": broken}), 422)
    (violation,) = body["violations"]
    assert violation["details"]["check"] == check and violation["details"]["pointer"] == pointer
    record = {**orakel_record(), "board": broken}
    assert violation == scoring.replay(record)["violations"][0]
    (violation,) = problem(client.post("/api/v1/boards", json={"game": "keltis-orakel", "board": []}),
                           422)["violations"]
    assert violation["details"] == {"check": "shape", "pointer": "/board", "reason": "/board must be an object"}


def test_a_board_body_needs_game_and_board(client):
    (violation,) = problem(client.post("/api/v1/boards", json={"board": SAMPLE_BOARD}), 422)["violations"]
    assert violation["rule"] == "record.invalid" and violation["details"]["pointer"] == "/game"
    (violation,) = problem(client.post("/api/v1/boards", json={"game": "chess", "board": {}}), 422)["violations"]
    assert violation["details"]["pointer"] == "/game"
    (violation,) = problem(client.post("/api/v1/boards", json={"game": "keltis", "board": {}}), 422)["violations"]
    assert violation["rule"] == "record.invalid"  # Keltis has no board profile


def test_a_game_names_a_stored_board_by_id_and_keeps_a_copy(client):
    board_id = client.post("/api/v1/boards", json={"game": "keltis-orakel", "board": SAMPLE_BOARD}).get_json()["id"]
    record = orakel_record(players=3)
    created = create_game(client, {**record, "board": {"id": board_id}})
    stored = client.get(f"/api/v1/games/{created['id']}/record", headers=bearer(created["token"])).get_json()
    assert stored["board"] == SAMPLE_BOARD
    assert created["scoresheet"] == scoring.replay(record)


def test_an_unknown_board_id_is_refused(client):
    body = problem(client.post("/api/v1/games", json={**orakel_record(), "board": {"id": "nope"}}), 422)
    (violation,) = body["violations"]
    assert violation["rule"] == "record.invalid" and violation["details"]["pointer"] == "/board/id"
    # a Keltis board id is no Orakel board
    keltis_free = client.post("/api/v1/boards", json={"game": "keltis-orakel", "board": SAMPLE_BOARD}).get_json()
    record = {**orakel_record(), "game": "keltis", "board": {"id": keltis_free["id"]}}
    problem(client.post("/api/v1/games", json=record), 422)


@pytest.mark.parametrize("change, pointer", [
    ({"game": "ludo"}, "/game"),
    ({"options": {"nope": 1}}, "/options/nope"),
    ({"players": [{"id": "Anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}]}, "/players/0/id"),
    ({"players": [{"id": "anna\n", "name": "Anna"}, {"id": "ben", "name": "Ben"}]}, "/players/0/id"),
])
def test_a_fault_checked_before_the_board_is_reported_before_an_unknown_board_id(client, change, pointer):
    record = {**orakel_record(), **change, "board": {"id": "nope"}}
    (violation,) = problem(client.post("/api/v1/games", json=record), 422)["violations"]
    assert (violation["rule"], violation["details"]["pointer"]) == ("record.invalid", pointer)
    with pytest.raises(scoring.Refused) as engine:  # as brehon replay finds it with any board
        scoring.Game.replay({**record, "board": SAMPLE_BOARD})
    assert violation == engine.value.violation.to_json()


def test_the_board_warnings_stay_on_every_score_sheet_the_api_answers(client):
    # the answer schema used to drop the sheet's "warnings" (keltis-orakel.md §3.3)
    board = copy.deepcopy(SAMPLE_BOARD)
    board["wishing_stone_table"][0] = 1
    record = orakel_record(board=board)
    expected = scoring.replay(record)
    assert [warning["code"] for warning in expected["warnings"]] == ["keltis-orakel.board.wishing_table"]
    created = create_game(client, record)
    assert created["scoresheet"] == expected
    url, headers = f"/api/v1/games/{created['id']}", bearer(created["token"])
    assert client.get(url, headers=headers).get_json()["scoresheet"] == expected
    assert client.get(f"{url}/scoresheet", headers=headers).get_json() == expected
    tally = {"game": "keltis-orakel", "options": {}, "board": board, "players": [
        {"id": "anna", "fields": [0, 12, 31], "stones_held": 3, "mirrors": 1, "track": 17},
        {"id": "ben", "fields": [0, 0, 0], "stones_held": 0, "mirrors": 0, "track": 0}]}
    assert client.post("/api/v1/tally", json=tally).get_json() == scoring.tally(tally)


def test_the_tally_answers_a_finished_sheet(client):
    sheet = client.post("/api/v1/tally", json=TALLY).get_json()
    assert sheet["status"] == "finished" and sheet["end_reason"] is None
    assert [(player["id"], player["total"], player["rank"]) for player in sheet["players"]] == [
        ("anna", 34, 1), ("ben", -4, 2)]
    assert sheet["winners"] == ["anna"]


@pytest.mark.parametrize("bad", [
    {"game": "keltis"},
    {**TALLY, "extra": 1},
    {**TALLY, "players": [1]},
    {**TALLY, "options": []},
    {"players": []},
    [],
    {**TALLY, "game": 5},
    {**TALLY, "players": [{**TALLY["players"][0], "id": "anna\n"}, *TALLY["players"][1:]]},
])
def test_a_refused_tally_is_worded_as_the_engine_words_it(client, bad):
    (violation,) = problem(client.post("/api/v1/tally", json=bad), 422)["violations"]
    with pytest.raises(scoring.Refused) as engine:
        scoring.tally(bad)
    assert violation == engine.value.violation.to_json()


def test_bad_tally_input_is_record_invalid(client):
    bad = copy.deepcopy(TALLY)
    bad["players"][0]["stones_held"] = 12
    (violation,) = problem(client.post("/api/v1/tally", json=bad), 422)["violations"]
    assert violation["rule"] == "record.invalid" and (violation["turn"], violation["action"]) == (None, None)
    (violation,) = problem(client.post("/api/v1/tally", json={"game": "keltis"}), 422)["violations"]
    assert violation["details"]["pointer"] == "/players"
    problem(client.post("/api/v1/tally", json={**TALLY, "game": "ludo"}), 422)


def test_rulesets_describe_every_registered_game(client):
    described = client.get("/api/v1/rulesets").get_json()
    assert [game["game"] for game in described] == sorted(scoring.RULESETS)
    keltis = next(game for game in described if game["game"] == "keltis")
    engine = scoring.RULESETS["keltis"].describe()
    assert {key: keltis[key] for key in engine if key != "options"} == {key: value for key, value in engine.items() if key != "options"}
    # Each option as the engine has it (the English doc is the engine's), with its words added.
    for option, said in zip(engine["options"], keltis["options"], strict=True):
        assert option.items() <= said.items()
    tie_break = next(option for option in keltis["options"] if option["name"] == "tie_break")
    assert {"name": "tie_break", "type": "string", "default": "shared", "label": "Equal totals"}.items() <= tie_break.items()
    assert tie_break["choice_labels"] == ["share the rank", "more wishing stones rank higher"]
    assert "keltis.row.direction" in keltis["rules"]
    assert keltis["pieces"]["paths"] == ["red", "yellow", "green", "blue", "purple"]
    # How many of each tile the box holds, for the set-up's sheet of tiles still left (rules/keltis.md §1).
    assert keltis["pieces"]["stock"] == {"wish": 9, "clover": 9, "points-1": 2, "points-2": 3, "points-3": 2}
    assert keltis["pieces"]["dark_stones"] == 20
    orakel = next(game for game in described if game["game"] == "keltis-orakel")
    assert sum(orakel["pieces"]["stock"].values()) == 30 and orakel["pieces"]["stock"]["mirror"] == 3


def test_rulesets_say_the_options_in_the_language_asked_for(client):
    described = client.get("/api/v1/rulesets", headers={"Accept-Language": "de"}).get_json()
    keltis = next(game for game in described if game["game"] == "keltis")
    tie_break = next(option for option in keltis["options"] if option["name"] == "tie_break")
    assert tie_break["label"] == "Gleichstand"
    assert tie_break["doc"] == "Wie gleiche Summen gewertet werden."
    assert tie_break["choice_labels"][1] == "mehr Wunschsteine gehen vor"
    # Every option of every game has its words in every language.
    for lang in ("en", "de", "es"):
        for game in client.get("/api/v1/rulesets", headers={"Accept-Language": lang}).get_json():
            for option in game["options"]:
                assert option["label"] and option["doc"], (lang, game["game"], option["name"])
                assert len(option.get("choice_labels", [])) == len(option.get("choices", []))


@pytest.mark.parametrize("game, name, default, other", [
    ("keltis-orakel", "row_direction", "kept", "from_cards"),
    ("celtica", "take_count", "up_to", "exactly"),
])
def test_rulesets_explain_the_options_of_issue_12(client, game, name, default, other):
    docs = set()
    for lang in ("en", "de", "es"):
        described = client.get("/api/v1/rulesets", headers={"Accept-Language": lang}).get_json()
        option = next(option for option in next(g for g in described if g["game"] == game)["options"]
                      if option["name"] == name)
        assert (option["type"], option["default"], option["choices"]) == ("string", default, [default, other])
        assert option["doc"] and "\n" not in option["doc"] and len(set(option["choice_labels"])) == 2
        docs.add(option["doc"])
    assert len(docs) == 3  # its own words in each language


def test_a_board_check_answers_the_verdict_and_stores_nothing(client, redis_client):
    checked = client.post("/api/v1/boards/check", json={"game": "keltis-orakel", "board": SAMPLE_BOARD})
    assert checked.status_code == 200
    assert checked.get_json() == {"valid": True, "violations": [],
                                  "warnings": scoring.RULESETS["keltis-orakel"].validate_board(SAMPLE_BOARD)}
    early = copy.deepcopy(SAMPLE_BOARD)
    early["fields"][1]["value"] = 2  # a board that holds, with a warning
    verdict = client.post("/api/v1/boards/check", json={"game": "keltis-orakel", "board": early}).get_json()
    assert verdict["valid"] is True
    assert "keltis-orakel.board.early_not_negative" in [warning["code"] for warning in verdict["warnings"]]
    broken = copy.deepcopy(SAMPLE_BOARD)
    broken["fields"][3]["color"] = "orange"
    verdict = client.post("/api/v1/boards/check", json={"game": "keltis-orakel", "board": broken},
                          headers={"Accept-Language": "de"}).get_json()
    refused = problem(client.post("/api/v1/boards", json={"game": "keltis-orakel", "board": broken},
                                  headers={"Accept-Language": "de"}), 422)
    assert verdict == {"valid": False, "violations": refused["violations"], "warnings": []}
    assert verdict["violations"][0]["details"]["pointer"] == "/board/fields/3/color"
    # The phone's referee answers a board check with the same function, word for word.
    assert answers.check_board({"game": "keltis-orakel", "board": broken}, "de") == verdict
    unknown = problem(client.post("/api/v1/boards/check", json={"game": "chess", "board": SAMPLE_BOARD}), 422)
    assert answers.check_board({"game": "chess", "board": SAMPLE_BOARD})["violations"] == unknown["violations"]
    assert redis_client.keys("boards") == [] and client.get("/api/v1/boards").get_json() == []


def test_a_board_check_says_its_warnings_in_the_request_s_language(client):
    """The person entering a board reads its warnings in the app's language,
    from the server and from the phone's referee alike; the codes and
    details stay as they are, and English stays the default."""
    short = {"locations": [{"kind": "start"}, {"kind": "goal", "parts": 1}]}
    early = copy.deepcopy(SAMPLE_BOARD)
    early["fields"][1]["value"] = 2
    said = {}
    for game, board in (("celtica", short), ("keltis-orakel", early)):
        for lang in ("en", "de", "es"):
            verdict = client.post("/api/v1/boards/check", json={"game": game, "board": board},
                                  headers={"Accept-Language": lang}).get_json()
            assert verdict["valid"] is True and verdict["warnings"]
            assert answers.check_board({"game": game, "board": board}, lang) == verdict
            said[game, lang] = verdict["warnings"]
        english = said[game, "en"]
        assert english == scoring.RULESETS[game].validate_board(board)  # the default, as the rules file words it
        for lang in ("de", "es"):
            assert [(w["code"], w["details"]) for w in said[game, lang]] == [(w["code"], w["details"]) for w in english]
            assert all(w["message"] != e["message"] for w, e in zip(said[game, lang], english))
    assert said["celtica", "de"][1]["message"] == "Dieser Plan hat keine Ruine."
    assert said["celtica", "es"][0]["message"] == "El tablero impreso tiene 19 lugares; este perfil tiene 2."


def test_a_board_check_lists_every_problem_and_a_stored_board_refusal_the_first(client):
    broken = copy.deepcopy(SAMPLE_BOARD)
    broken["fields"][0]["value"] = 3  # the start's value
    broken["green_numbers"] = [1]
    verdict = client.post("/api/v1/boards/check", json={"game": "keltis-orakel", "board": broken}).get_json()
    assert verdict["valid"] is False and verdict["warnings"] == []
    assert [(v["rule"], v["details"]["check"], v["details"]["pointer"]) for v in verdict["violations"]] == [
        ("board.invalid", "start", "/board/fields/0/value"),
        ("board.invalid", "green_numbers", "/board/green_numbers")]
    body = problem(client.post("/api/v1/boards", json={"game": "keltis-orakel", "board": broken}), 422)
    assert body["violations"] == verdict["violations"][:1]
