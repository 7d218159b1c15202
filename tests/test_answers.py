"""scoring/answers.py gives exactly what the command line and the API answer
(the phone's engine calls the same functions): for every record of
tests/data, ``brehon replay`` and ``brehon tally`` print the functions'
sheets, and the check route, GET /games/{id} and POST /games answer their
JSON, compared as the one text :func:`scoring.answers.dumps` writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from api_helpers import EXAMPLE_1, EXAMPLE_6, OPENING, TALLY, bearer, create_game
from brehon.cli import main
from scoring import answers
from scoring.history import after_turns, history_of, logged_at
from scoring.news import news_since
from scoring.messages import LANGUAGES

DATA = Path(__file__).parent / "data"
FILES = sorted(path for path in DATA.glob("*/*.json") if path.parent.name != "boards")


def wrapped(path: Path) -> dict:
    return json.loads(path.read_text())


def printed(capsys, tmp_path, command: str, data) -> tuple[int, str]:
    """What ``brehon <command>`` prints for ``data`` as a file, and its exit code."""
    path = tmp_path / "input.json"
    path.write_text(json.dumps(data))
    code = main([command, str(path)])
    return code, capsys.readouterr().out


def same(answer, body) -> None:
    """Both answers are one and the same JSON text."""
    assert answers.dumps(body) == answers.dumps(answer)


# -- brehon replay, brehon tally --------------------------------------------------


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_brehon_replay_prints_what_answers_replay_gives(capsys, tmp_path, path):
    record = wrapped(path)["record"]
    code, out = printed(capsys, tmp_path, "replay", record)
    same(answers.replay(record), json.loads(out))
    assert answers.replay(record) == wrapped(path)["sheet"]
    assert code == (1 if wrapped(path)["sheet"]["status"] == "rejected" else 0)
    # the file as it is wraps the record: exit 2, naming where the record is
    code, out = printed(capsys, tmp_path, "replay", wrapped(path))
    same(answers.replay(wrapped(path)), json.loads(out))
    assert code == 2 and '"record"' in json.loads(out)["violations"][0]["message"]


@pytest.mark.parametrize("data, code", [([1, 2], 2), ({**EXAMPLE_1, "format": "brehon/2"}, 2), ("brehon/1", 2),
                                        ({**EXAMPLE_1, "game": "ludo"}, 1), (EXAMPLE_6, 1), (EXAMPLE_1, 0)])
def test_brehon_replay_of_what_is_no_record_or_a_refused_one(capsys, tmp_path, data, code):
    assert printed(capsys, tmp_path, "replay", data) == (code, json.dumps(answers.replay(data), ensure_ascii=False,
                                                                          indent=2) + "\n")


@pytest.mark.parametrize("data, code", [(TALLY, 0), ({**TALLY, "game": "ludo"}, 2), ({**TALLY, "players": 3}, 2),
                                        ([], 2)])
def test_brehon_tally_prints_what_answers_tally_gives(capsys, tmp_path, data, code):
    exit_code, out = printed(capsys, tmp_path, "tally", data)
    same(answers.tally(data), json.loads(out))
    assert exit_code == code and (answers.tally(data)["status"] == "rejected") == (code == 2)


# -- the check route ------------------------------------------------------------------


def played(path: Path) -> dict:
    """The record of ``path`` up to its refused turn, if it has one: a game the server can hold."""
    record, sheet = wrapped(path)["record"], wrapped(path)["sheet"]
    if sheet["status"] == "rejected":
        record = {**record, "turns": record["turns"][:sheet["violations"][0]["turn"]]}
    return record


def checks(path: Path):
    """(at, turn) for every prefix of every turn of the file's record (its
    refused turn included), and two turns after the last."""
    turns = wrapped(path)["record"]["turns"]
    for at, turn in enumerate(turns[:len(played(path)["turns"]) + 1]):
        for end in range(len(turn["actions"]) + 1):
            yield at, {**turn, "actions": turn["actions"][:end]}
    players = [player["id"] for player in played(path)["players"]]
    for player in players[:2]:
        yield None, {"player": player, "actions": []}


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_the_check_route_answers_what_answers_check_gives(client, path):
    record = played(path)
    created = create_game(client, record)
    headers = bearer(created["token"])
    asked = 0
    for n, (at, turn) in enumerate(checks(path)):
        lang = LANGUAGES[n % 3]
        query = "" if at is None else f"?at={at}"
        answer = client.post(f"/api/v1/games/{created['id']}/check{query}", json=turn,
                             headers={**headers, "Accept-Language": lang})
        assert answer.status_code == 200, answer.get_json()
        same(answers.check(record, turn, lang, at), answer.get_json())
        asked += 1
    assert asked > len(record["turns"])
    # where the route refuses: no turn at all, and a moment the game never had
    for lang in LANGUAGES:
        for query, body in (("", {"player": "nobody", "actions": []}), ("?at=0", {"actions": []}),
                            (f"?at={len(record['turns']) + 1}", {"player": "x", "actions": []}),
                            ("?at=-1", {"player": "x", "actions": []})):
            answer = client.post(f"/api/v1/games/{created['id']}/check{query}", json=body,
                                 headers={**headers, "Accept-Language": lang})
            at = int(query[4:]) if query else None
            assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
            same(answers.check(record, body, lang, at), answer.get_json())


def test_the_check_of_a_record_the_rules_refuse_is_the_refusal_post_games_answers(client):
    for lang in LANGUAGES:
        answer = client.post("/api/v1/games", json=EXAMPLE_6, headers={"Accept-Language": lang})
        assert answer.status_code == 422
        same(answers.check(EXAMPLE_6, OPENING, lang), answer.get_json())
        same(answers.game_view(EXAMPLE_6, lang), answer.get_json())


# -- the game's view ----------------------------------------------------------------------


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_game_view_is_get_games_without_the_server_s_own(app, client, path):
    record = played(path)
    created = create_game(client, record)
    url, headers = f"/api/v1/games/{created['id']}", bearer(created["token"])
    if record["turns"]:  # a correction, so that the history lists an entry
        undone = client.post(f"{url}/corrections", json={"undo": True, "by": "anna"},
                             headers={**headers, "If-Match": f'"{created["version"]}"'})
        assert undone.status_code == 201, undone.get_json()
    got = client.get(url, headers=headers).get_json()
    entries = app.extensions["brehon.tables"].store.log.entries(created["id"])
    own = ("id", "round", "follows", "next")  # the store's: the phone's (frontend/js/local.js) adds them too
    same(answers.game_view(record, "de", entries), {key: value for key, value in got.items() if key not in own})
    # without the log: the record's turns as they stand, with no version and no history
    alone = {key: value for key, value in got.items() if key not in (*own, "version", "history")}
    same(answers.game_view(got["record"], "es"), alone)


# -- the writes of a game that lives on the phone: what the server's writes answer ----------

#: Corrections of EXAMPLE_1 (5 turns), each with the status the server answers: the kinds,
#: the refusals of its body (each field at fault), of a turn it names not, of a later turn.
CORRECTIONS = [
    ({"undo": True, "by": "anna"}, 201),
    ({"replace": 0, "turn": {**EXAMPLE_1["turns"][0], "actions": EXAMPLE_1["turns"][0]["actions"]}, "by": "ben"}, 201),
    ({"replace": 0, "turn": {"player": "anna", "actions": [{"type": "discard", "card": {"color": "red", "value": 3}},
                                                          {"type": "draw", "from": "deck"}]}, "by": "ben"}, 422),
    ({"replace": 5, "turn": EXAMPLE_1["turns"][0], "by": "ben"}, 422),
    ({"by": "x"}, 422),
    ({"undo": True, "replace": 1, "turn": EXAMPLE_1["turns"][0], "by": "x"}, 422),
    ({"replace": 1, "by": "x"}, 422),
    ({"undo": True}, 422),
    ({"undo": True, "by": ""}, 422),
    ({"undo": True, "by": "x" * 81}, 422),
    ({"undo": "yes", "by": "x"}, 422),
    ({"undo": True, "by": 7}, 422),
    ({"replace": -1, "turn": EXAMPLE_1["turns"][0], "by": "x"}, 422),
    ({"replace": True, "turn": EXAMPLE_1["turns"][0], "by": "x"}, 422),
    ({"replace": 0, "turn": None, "by": "x"}, 422),
    ({"replace": 0, "turn": {"player": "anna"}, "by": "x"}, 422),
    ({"replace": 0, "turn": {"player": "anna", "actions": [1]}, "by": "x"}, 422),
    ({"replace": 0, "turn": {"player": "anna", "actions": [], "note": 1}, "by": "x"}, 422),
    ({"undo": True, "by": "x", "why": "a typo"}, 422),
    (["undo"], 422),
]


@pytest.mark.parametrize("body, status", CORRECTIONS)
def test_a_correction_is_answered_as_answers_write_answers_it(app, client, body, status):
    created = create_game(client, EXAMPLE_1)
    store = app.extensions["brehon.tables"].store
    entries = store.log.entries(created["id"])
    answer = client.post(f"/api/v1/games/{created['id']}/corrections", json=body,
                         headers={**bearer(created["token"]), "If-Match": '"5"', "Accept-Language": "de"})
    assert answer.status_code == status, answer.get_json()
    at = store.log.entries(created["id"])[-1]["at"] if status == 201 else "2024-05-01T19:00:00Z"
    written = answers.write({**EXAMPLE_1, "turns": []}, entries, "correction", body, "de", at)
    if status == 201:
        same(written["news"], answer.get_json())
        assert written["entry"] == store.log.entries(created["id"])[-1]
        assert written["record"]["turns"] == answer.get_json()["turns"]
    else:
        same(written, answer.get_json())


def test_a_turn_is_answered_as_answers_write_answers_it(app, client):
    record = {**EXAMPLE_1, "turns": EXAMPLE_1["turns"][:4]}
    created = create_game(client, record)
    store = app.extensions["brehon.tables"].store
    entries = store.log.entries(created["id"])
    for turn, status in [({"player": "ben", "actions": []}, 422), (EXAMPLE_1["turns"][4], 201)]:
        answer = client.post(f"/api/v1/games/{created['id']}/turns", json=turn,
                             headers={**bearer(created["token"]), "If-Match": '"4"', "Accept-Language": "es"})
        assert answer.status_code == status, answer.get_json()
        at = store.log.entries(created["id"])[-1]["at"]
        written = answers.write({**record, "turns": []}, entries, "turn", turn, "es", at)
        same(written.get("news", written), answer.get_json())
    # a repeated key's answer: the news of the version it made, told again
    log = store.log.entries(created["id"])
    same(answers.told(record, log, 5), answer.get_json())


def test_the_history_after_turns_is_the_history_of_the_log_with_them():
    turns = EXAMPLE_1["turns"]
    log = [{"kind": "turn", "turn": turns[0], "at": "2024-05-01T19:00:00Z"},
           {"kind": "turn", "turn": turns[1], "at": "2024-05-01T19:00:40Z"},
           {"kind": "correction", "undo": True, "by": "ben", "replaced": {"index": 1, "turn": turns[1]},
            "at": "2024-05-01T19:01:00Z"}]
    more = [{"kind": "turn", "turn": turn, "at": at} for turn, at in
            zip(turns[1:4], ["2024-05-01T19:02:15Z", "2024-05-01T19:02:15Z", "2024-05-01T19:40:01Z"])]
    for cut in range(len(log) + 1):
        since = log[:cut]
        held = len(answers.turns_of(since))
        assert after_turns(history_of(since), [entry["at"] for entry in more], held) == history_of([*since, *more])
    assert after_turns({"start": None, "entries": []}, ["2024-05-01T19:00:00Z"], 0) is None  # kept before holds
    # what tests/js/news.test.mjs takes the referee to answer
    history = {"start": "2024-05-01T19:00:00Z", "seconds": [0, 40, 20], "holds": [0, None, None], "entries": []}
    assert after_turns(history, ["2024-05-01T19:02:15Z"], 1) == {**history, "seconds": [0, 40, 20, 75],
                                                                 "holds": [0, None, None, 1]}
    assert after_turns({"start": None, "seconds": [], "holds": [], "entries": []}, ["2024-05-01T19:02:15Z"], 0) == {
        "start": "2024-05-01T19:02:15Z", "seconds": [0], "holds": [0], "entries": []}


def test_turns_queued_offline_are_logged_as_the_server_logs_a_played_at():
    """Played at 19:02:30.7 (in UTC+2), 18:50 and 19:30, arriving at 19:05:
    the first is kept to its second, the second (before it) at the first's
    time, the third, "played" after it arrived, at its arrival."""
    history = {"start": "2024-05-01T19:00:00Z", "seconds": [0, 40, 20], "holds": [0, None, None], "entries": []}
    played = ["2024-05-01T21:02:30.700+02:00", "2024-05-01T18:50:00Z", "2024-05-01T19:30:00Z"]
    arrival = "2024-05-01T19:05:00Z"
    assert after_turns(history, played, 1, arrival) == {**history, "seconds": [0, 40, 20, 90, 0, 150],
                                                        "holds": [0, None, None, 1, 2, 3]}
    before, ats = "2024-05-01T19:01:00Z", []
    for at in played:
        before = logged_at(at, before, arrival)
        ats.append(before)
    assert ats == ["2024-05-01T19:02:30Z", "2024-05-01T19:02:30Z", "2024-05-01T19:05:00Z"]


def test_a_turns_news_carries_what_it_adds_to_the_history():
    turns = EXAMPLE_1["turns"]
    log = [{"kind": "turn", "turn": turns[0], "at": "2024-05-01T19:00:00Z"},
           {"kind": "turn", "turn": turns[1], "at": "2024-05-01T19:00:40Z"},
           {"kind": "correction", "undo": True, "by": "ben", "replaced": {"index": 1, "turn": turns[1]},
            "at": "2024-05-01T19:01:00Z"},
           {"kind": "turn", "turn": turns[1], "at": "2024-05-01T19:02:15Z"}]
    told = news_since({**EXAMPLE_1, "turns": []}, log, 0)
    assert [one.get("in_history") for one in told] == [{"seconds": 0, "holds": 0, "start": "2024-05-01T19:00:00Z"},
                                                        {"seconds": 40, "holds": 1},
                                                        None, {"seconds": 75, "holds": 1}]
