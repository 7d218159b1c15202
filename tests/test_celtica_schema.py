"""record.invalid for Celtica records and turns, and the tally with its bad input."""

import pytest

from scoring import Game, Refused, tally

from celtica_games import record, turn


def invalid(rec: dict) -> tuple:
    with pytest.raises(Refused) as caught:
        Game.replay(rec)
    violation = caught.value.violation
    assert violation.rule == "record.invalid"
    assert violation.message("en").startswith("The record is not valid: ")
    return violation.turn, violation.action, violation.details["pointer"]


@pytest.mark.parametrize("change, pointer", [
    ({"format": "brehon/2"}, "/format"),
    ({"options": {"overshoot": "wrap"}}, "/options/overshoot"),
    ({"options": {"experience_alone": "yes"}}, "/options/experience_alone"),
    ({"options": {"experience_needs_druid_card": 1}}, "/options/experience_needs_druid_card"),
    ({"options": {"bonus": True}}, "/options/bonus"),
    ({"players": [{"id": "anna", "name": "Anna"}]}, "/players"),
    ({"players": [{"id": f"p{i}", "name": "P"} for i in range(6)]}, "/players"),
    ({"players": [{"id": "anna", "name": "Anna"}, {"id": "anna", "name": "Ann"}]}, "/players/1/id"),
    ({"players": [{"id": "Anna!", "name": "Anna"}, {"id": "ben", "name": "Ben"}]}, "/players/0/id"),
    ({"players": [{"id": "anna\n", "name": "Anna"}, {"id": "ben", "name": "Ben"}]}, "/players/0/id"),
    ({"turns": {}}, "/turns"),
    ({"colour": "red"}, "/colour"),
])
def test_record_frame(change, pointer):
    assert invalid({**record([]), **change}) == (None, None, pointer)


def test_turn_object_faults_have_no_action():
    assert invalid(record([turn("zoe")])) == (0, None, "/turns/0/player")
    assert invalid(record([{"player": "anna"}])) == (0, None, "/turns/0/actions")
    assert invalid(record([{"player": "anna", "actions": {}}])) == (0, None, "/turns/0/actions")


@pytest.mark.parametrize("action, pointer", [
    ({"type": "fly"}, "/type"),
    ({"druid": "red", "cards": 1}, "/type"),
    ("move", ""),
    ({"type": "move", "druid": "blue", "cards": 1}, "/druid"),
    ({"type": "move", "cards": 1}, "/druid"),
    ({"type": "move", "druid": "red", "cards": -1}, "/cards"),
    ({"type": "move", "druid": "red", "cards": True}, "/cards"),
    ({"type": "move", "druid": "red", "cards": 1.0}, "/cards"),
    ({"type": "move", "druid": "red", "cards": 1, "experience": "1"}, "/experience"),
    ({"type": "move", "druid": "red", "cards": 1, "experience": None}, "/experience"),
    ({"type": "move", "druid": "red", "cards": 1, "steps": 1}, "/steps"),
    ({"type": "take", "parts": "n"}, "/parts"),
    ({"type": "take", "parts": ["n", None]}, "/parts/1"),
    ({"type": "give", "parts": ["north"]}, "/parts/0"),
    ({"type": "reveal", "parts": ["n", "x"]}, "/parts/1"),
    ({"type": "cult", "draw": "yes"}, "/draw"),
    ({"type": "cult"}, "/draw"),
    ({"type": "swap", "give": "n"}, "/take"),
    ({"type": "swap", "give": 1, "take": "n"}, "/give"),
    ({"type": "buy", "part": "centre"}, "/part"),
])
def test_action_faults(action, pointer):
    rec = record([turn("anna", {"type": "move", "druid": "red", "cards": 1}, action)])
    assert invalid(rec) == (0, 1, "/turns/0/actions/1" + pointer)


def test_fields_that_are_fine():
    rec = record([turn("anna", {"type": "move", "druid": "red", "cards": 1, "experience": 0},
                       {"type": "take", "parts": ["n"]}, {"type": "reveal", "parts": [None]}),
                  turn("ben", {"type": "move", "druid": "grey", "cards": 2}, {"type": "cult", "draw": None})],
                 options={"overshoot": "forbid", "experience_alone": False, "experience_needs_druid_card": False})
    assert Game.replay(rec).state.active == "anna"


# -- tally -----------------------------------------------------------------------------


def tally_of(players, **extra) -> dict:
    return tally({"game": "celtica", "options": {}, "board": None, "players": players, **extra})


def bad_tally(players, **extra) -> str:
    with pytest.raises(Refused) as caught:
        tally_of(players, **extra)
    assert caught.value.violation.rule == "record.invalid"
    return caught.value.violation.details["pointer"]


def test_tally_ties_share_ranks_and_parts_do_not_count():
    sheet = tally_of([{"id": "anna", "parts": {"n": 2, "s": 1}}, {"id": "ben", "parts": {"w": 2, "e": 1}},
                      {"id": "cleo", "parts": {"n": 1, "s": 1, "w": 1, "e": 1}},
                      {"id": "dirk", "parts": {}}])
    assert [(p["rank"], p["breakdown"]["incomplete"]) for p in sheet["players"]] == [
        (2, [2, 1]), (2, [2, 1]), (1, [4]), (4, [])]
    assert sheet["winners"] == ["cleo"] and sheet["status"] == "finished" and sheet["end_reason"] is None


def test_tally_complete_amulets_beat_any_incomplete_ones():
    full = dict.fromkeys(["center", "n", "ne", "e", "se", "s", "sw", "w", "nw"], 1)
    sheet = tally_of([{"id": "anna", "parts": {kind: 9 for kind in full}}, {"id": "ben", "parts": full}],
                     board={"locations": [{"kind": "start"}, {"kind": "goal", "parts": 1}]})
    assert [p["breakdown"] for p in sheet["players"]] == [
        {"complete": 9, "incomplete": []}, {"complete": 1, "incomplete": []}]
    assert [p["total"] for p in sheet["players"]] == [9, 1]
    level = tally_of([{"id": "anna", "parts": full | {"n": 2}}, {"id": "ben", "parts": full | {"s": 2}}])
    assert [p["rank"] for p in level["players"]] == [1, 1] and level["winners"] == ["anna", "ben"]


@pytest.mark.parametrize("players, pointer", [
    ([{"id": "anna", "parts": {"x": 1}}, {"id": "ben", "parts": {}}], "/players/0/parts/x"),
    ([{"id": "anna", "parts": {"n": 11}}, {"id": "ben", "parts": {}}], "/players/0/parts/n"),
    ([{"id": "anna", "parts": {"n": -1}}, {"id": "ben", "parts": {}}], "/players/0/parts/n"),
    ([{"id": "anna", "parts": {"n": True}}, {"id": "ben", "parts": {}}], "/players/0/parts/n"),
    ([{"id": "anna", "parts": {"n": 6}}, {"id": "ben", "parts": {"n": 5}}], "/players/1/parts/n"),
    ([{"id": "anna", "parts": {}}], "/players"),
    ([{"id": f"p{i}", "parts": {}} for i in range(6)], "/players"),
    ([{"id": "anna", "parts": {}}, {"id": "anna", "parts": {}}], "/players/1/id"),
    ([{"id": "Anna", "parts": {}}, {"id": "ben", "parts": {}}], "/players/0/id"),
    ([{"id": "anna\n", "parts": {}}, {"id": "ben", "parts": {}}], "/players/0/id"),
    ([{"parts": {}}, {"id": "ben", "parts": {}}], "/players/0/id"),
    ([{"id": "anna"}, {"id": "ben", "parts": {}}], "/players/0/parts"),
    ([{"id": "anna", "parts": {}, "name": "A"}, {"id": "ben", "parts": {}}], "/players/0/name"),
    ([{"id": "anna", "parts": [1]}, {"id": "ben", "parts": {}}], "/players/0/parts"),
])
def test_tally_bad_input(players, pointer):
    assert bad_tally(players) == pointer


def test_tally_bad_options_and_board():
    players = [{"id": "anna", "parts": {}}, {"id": "ben", "parts": {}}]
    assert bad_tally(players, options={"overshoot": 3}) == "/options/overshoot"
    with pytest.raises(Refused) as caught:
        tally_of(players, board={"locations": [{"kind": "start"}]})
    assert caught.value.violation.rule == "board.invalid"
    assert tally({"game": "celtica", "players": players})["winners"] == ["anna", "ben"]
