"""Board profiles (rules §2) and the setup (rules §3): every check, in order."""

import copy

import pytest

from scoring import RULESETS, Game, Refused, RuleBroken
from scoring.celtica.state import KINDS

from celtica_games import SAMPLE_BOARD, record, turn

CELTICA = RULESETS["celtica"]


def board_fault(board) -> tuple:
    with pytest.raises(RuleBroken) as caught:
        CELTICA.validate_board(board)
    assert caught.value.rule == "board.invalid"
    return caught.value.details["check"], caught.value.details["index"]


def path(*kinds: str) -> dict:
    """A board of these kinds, with 1 amulet symbol wherever one is needed."""
    return {"locations": [{"kind": kind} if kind in ("start", "cult") else {"kind": kind, "parts": 1}
                          for kind in kinds]}


def test_sample_board_is_valid_without_warnings():
    assert CELTICA.validate_board(SAMPLE_BOARD) == []
    assert CELTICA.needs_board and CELTICA.describe()["needs_board"] is True


@pytest.mark.parametrize("board, index", [
    (None, None), ([], None), ({"locations": []} | {"extra": 1}, None), ({"name": "x"}, None),
    ({"name": "", "locations": path("start", "goal")["locations"]}, None),
    ({"name": "x" * 81, "locations": path("start", "goal")["locations"]}, None),
    ({"name": 5, "locations": path("start", "goal")["locations"]}, None),
    ({"locations": {"0": {"kind": "start"}}}, None),
    ({"locations": [{"kind": "start"}, 5]}, 1),
    ({"locations": [{"kind": "start"}, {"kind": "goal", "parts": 1, "symbols": 2}]}, 1),
    ({"locations": [{"kind": "start", "label": ""}, {"kind": "goal", "parts": 1}]}, 0),
    ({"locations": [{"kind": "start"}, {"kind": "goal", "parts": 1, "label": "x" * 41}]}, 1),
])
def test_shape(board, index):
    assert board_fault(board) == ("shape", index)


def test_shape_comes_before_length_and_kinds():
    assert board_fault({"locations": [{"kind": "harbour"}, 7]}) == ("shape", 1)
    assert board_fault({"locations": [{"kind": "harbour", "label": "Harbour"}]}) == ("length", None)


def test_length():
    assert board_fault(path("start")) == ("length", None)
    assert board_fault(path("start", *["village"] * 59, "goal")) == ("length", None)
    assert CELTICA.validate_board(path("start", *["village"] * 58, "goal"))[0]["details"] == {"count": 60}


@pytest.mark.parametrize("kinds_or_board, expected", [
    ({"locations": [{"kind": "start"}, {"kind": "harbour"}, {"kind": "goal", "parts": 1}]}, ("kind", 1)),
    ({"locations": [{"kind": "start"}, {"parts": 1}, {"kind": "goal", "parts": 1}]}, ("kind", 1)),
    ({"locations": [{"kind": "start"}, {"kind": 3}, {"kind": "goal", "parts": 1}]}, ("kind", 1)),
    (path("village", "goal"), ("start_first", 0)),
    (path("start", "village", "start", "goal"), ("start_unique", 2)),
    (path("start", "village", "ruin"), ("goal_last", 2)),
    (path("start", "goal", "village", "goal"), ("goal_unique", 1)),
    ({"locations": [{"kind": "start"}, {"kind": "castle"}, {"kind": "goal", "parts": 1}]}, ("parts_missing", 1)),
    ({"locations": [{"kind": "start"}, {"kind": "goal"}]}, ("parts_missing", 1)),
    ({"locations": [{"kind": "start"}, {"kind": "ruin", "parts": 0}, {"kind": "goal", "parts": 1}]},
     ("parts_range", 1)),
    ({"locations": [{"kind": "start"}, {"kind": "ruin", "parts": 10}, {"kind": "goal", "parts": 1}]},
     ("parts_range", 1)),
    ({"locations": [{"kind": "start"}, {"kind": "goal", "parts": True}]}, ("parts_range", 1)),
    ({"locations": [{"kind": "start"}, {"kind": "goal", "parts": 1.5}]}, ("parts_range", 1)),
    ({"locations": [{"kind": "start", "parts": 1}, {"kind": "goal", "parts": 1}]}, ("parts_forbidden", 0)),
    ({"locations": [{"kind": "start"}, {"kind": "cult", "parts": 2}, {"kind": "goal", "parts": 1}]},
     ("parts_forbidden", 1)),
    # a null count is a count given, and a wrong one (the module docstring's choice)
    ({"locations": [{"kind": "start"}, {"kind": "goal", "parts": None}]}, ("parts_range", 1)),
    ({"locations": [{"kind": "start", "parts": None}, {"kind": "goal", "parts": 1}]}, ("parts_forbidden", 0)),
])
def test_location_checks(kinds_or_board, expected):
    assert board_fault(kinds_or_board) == expected


def test_locations_in_index_order_then_the_order_of_the_table():
    # location 1 breaks start_unique and parts_forbidden: the table's order wins;
    # location 2 breaks kind, but location 1 comes first
    board = {"locations": [{"kind": "start"}, {"kind": "start", "parts": 2}, {"kind": "hill"},
                           {"kind": "goal", "parts": 1}]}
    assert board_fault(board) == ("start_unique", 1)


def test_warnings():
    assert [warning["code"] for warning in CELTICA.validate_board(path("start", "goal"))] == [
        "length_not_19", "no_ruin", "no_cult", "no_find_site"]
    warning = CELTICA.validate_board(path("start", "ruin", "cult", "castle", "goal"))
    assert warning == [{"code": "length_not_19", "message": "The printed board has 19 locations; this profile has 5.",
                        "details": {"count": 5}}]


def test_board_refusal_in_a_record_with_its_message():
    rec = record([], board=path("start", "village", "start", "goal"))
    with pytest.raises(Refused) as caught:
        Game.replay(rec)
    assert caught.value.sheet()["violations"] == [{
        "rule": "board.invalid", "turn": None, "action": None, "message": "The board profile is not valid: location 2 is a second start.",
        "details": {"check": "start_unique", "index": 2}}]
    messages = {
        "length": (path("start"), "The board profile is not valid: a board needs between 2 and 60 locations; this one has 1."),
        "parts_missing": ({"locations": [{"kind": "start"}, {"kind": "castle"}, {"kind": "goal", "parts": 1}]},
                          "The board profile is not valid: location 1 (castle) needs the number of amulet symbols it shows."),
        "shape": ({"locations": 3}, "The board profile is not valid: it is not in the expected shape."),
        "goal_last": (path("start", "village"), "The board profile is not valid: the last location must be the goal."),
    }
    for check, (board, message) in messages.items():
        with pytest.raises(Refused) as caught:
            Game.replay(record([], board=board))
        violation = caught.value.violation
        assert violation.details["check"] == check and violation.message("en") == message
        assert "{" not in violation.message("de") and "{" not in violation.message("es")


def test_a_record_without_board_is_refused_by_the_board_check():
    rec = record([])
    del rec["board"]
    with pytest.raises(Refused) as caught:
        Game.replay(rec)
    assert (caught.value.violation.rule, caught.value.violation.details) == (
        "board.invalid", {"check": "shape", "index": None})


def test_schema_faults_in_turns_come_before_the_board():
    rec = record([turn("anna", {"type": "fly"})], board=path("start"))
    with pytest.raises(Refused) as caught:
        Game.replay(rec)
    assert caught.value.violation.rule == "record.invalid"


# -- setup ---------------------------------------------------------------------------


def setup_fault(setup, players: int = 2) -> tuple:
    rec = record([], players=players)
    if setup is MISSING:
        del rec["setup"]
    else:
        rec["setup"] = setup
    with pytest.raises(Refused) as caught:
        Game.replay(rec)
    violation = caught.value.violation
    assert (violation.rule, violation.turn, violation.action) == ("setup.invalid", None, None)
    assert "{" not in violation.message("de") and "{" not in violation.message("es")
    return violation.details, violation.message("en")


MISSING = object()
GOOD_PARTS = {"anna": ["n", "s"], "ben": ["center", "w"]}


@pytest.mark.parametrize("setup", [MISSING, None, [], {"parts": GOOD_PARTS, "tiles": {}},
                                   {"parts": GOOD_PARTS, "display": "n"}])
def test_setup_shape(setup):
    assert setup_fault(setup) == ({"check": "shape"}, "This setup cannot exist: it is not in the expected shape.")


def test_setup_checks_with_messages():
    assert setup_fault({"display": ["n"] * 8, "parts": GOOD_PARTS}) == (
        {"check": "display_length", "count": 8}, "This setup cannot exist: the display has 9 spaces; the setup lists 8.")
    assert setup_fault({"display": ["n"] * 8 + ["north"], "parts": GOOD_PARTS}) == (
        {"check": "part_id", "value": "north"}, "This setup cannot exist: north is not an amulet part.")
    assert setup_fault({"parts": {"anna": ["n", 7], "ben": ["n", "s"]}}) == (
        {"check": "part_id", "value": 7}, "This setup cannot exist: 7 is not an amulet part.")
    assert setup_fault({"parts": {"anna": ["n", None], "ben": ["n", "s"]}})[1] == "This setup cannot exist: null is not an amulet part."
    players = "This setup cannot exist: every player, and only the players, must have starting parts."
    assert setup_fault({"display": [None] * 9}) == ({"check": "players"}, players)
    assert setup_fault({"parts": {"anna": ["n", "s"]}}) == ({"check": "players"}, players)
    assert setup_fault({"parts": GOOD_PARTS | {"cleo": ["n", "s"]}}) == ({"check": "players"}, players)
    assert setup_fault({"parts": ["n", "s"]}) == ({"check": "players"}, players)
    assert setup_fault({"parts": {"anna": ["n"], "ben": ["n", "s"]}}) == (
        {"check": "player_parts", "player": "anna"}, "This setup cannot exist: Anna must start with exactly 2 parts.")
    assert setup_fault({"parts": {"anna": ["n", "s"], "ben": "ns"}})[0] == {"check": "player_parts", "player": "ben"}
    assert setup_fault({"display": ["n"] * 9, "parts": {"anna": ["n", "n"], "ben": ["center", "w"]}}) == (
        {"check": "counts", "part": "n", "count": 11}, "This setup cannot exist: there are only 10 n parts; the setup uses 11.")


def test_setup_check_order():
    # a bad part id is found before a missing player
    assert setup_fault({"parts": {"anna": ["x", "n"]}})[0]["check"] == "part_id"
    assert setup_fault({"display": ["n"] * 8 + ["x"], "parts": {"anna": ["n"]}})[0]["check"] == "part_id"
    assert setup_fault({"display": ["x"], "parts": GOOD_PARTS})[0]["check"] == "display_length"


def test_setup_limits_accepted():
    five = {player: ["s", "s"] for player in ("anna", "ben", "cleo", "dirk", "emma")}
    game = Game.replay(record([], players=5, setup={"parts": five}))
    view = game.view()
    assert view["display"]["unknown"] == 9 and view["supply"] == 90 - 9 - 10
    assert view["druid_deck"] == 35 and all(seat["druid_cards"] == 5 for seat in view["players"].values())
    assert view["experience_deck"] == 20 and view["round"] == 1 and view["active"] == "anna"
    assert set(view["druids"].values()) == {0}
    display = {"display": ["n"] * 8 + [None], "parts": {"anna": ["n", "n"], "ben": ["s", "s"]}}
    assert Game.replay(record([], setup=copy.deepcopy(display))).view()["display"]["known"]["n"] == 8
    assert sorted(Game.replay(record([], setup=display)).view()["display"]["known"]) == sorted(KINDS)


def test_every_problem_of_a_board_is_listed_in_the_order_of_the_checks():
    board = {"locations": [{"kind": "village", "parts": 3}, {"kind": "start"}, {"kind": "castle"},
                           {"kind": "cult", "parts": 2}, {"kind": "village"}]}
    problems = [(broken.rule, broken.details["check"], broken.details["index"])
                for broken in CELTICA.board_problems(board)]
    assert problems == [
        ("board.invalid", "start_first", 0), ("board.invalid", "start_unique", 1),
        ("board.invalid", "parts_missing", 2), ("board.invalid", "parts_forbidden", 3),
        ("board.invalid", "goal_last", 4), ("board.invalid", "parts_missing", 4)]
    with pytest.raises(RuleBroken) as first:
        CELTICA.validate_board(board)
    assert first.value.details == {"check": "start_first", "index": 0}
