"""Board profiles (§3), setup (§4), the record schema (§7, §13, §14.2) and the tally (§15)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings

from orakel_games import SAMPLE_BOARD, board_with, boards, discard, draw, new_record, refusal, turn, with_turns
from scoring import Game, Refused, tally
from scoring.engine import RuleBroken
from scoring.keltis_orakel import RULESET
from scoring.keltis_orakel.board import board_problems


def board_check(board) -> tuple[str, dict]:
    """The rule and details a record embedding ``board`` is refused with."""
    rule, turn_index, action, details = refusal(new_record(board=board) | {"board": board})
    assert (turn_index, action) == (None, None)
    return rule, details


def changed(mutate) -> dict:
    board = copy.deepcopy(SAMPLE_BOARD)
    mutate(board)
    return board


BAD_BOARDS = {
    "shape": [
        [1, 2],
        changed(lambda b: b.pop("green_numbers")),
        changed(lambda b: b.update(fields={})),
        changed(lambda b: b.update(extra=1)),
        changed(lambda b: b.update(name=7)),
    ],
    "field_shape": [
        changed(lambda b: b["fields"].__setitem__(3, "green")),
        changed(lambda b: b["fields"][3].update(colour="green")),
        changed(lambda b: b["fields"][3].update(kind="tiny")),
        changed(lambda b: b["fields"][3].update(value=1.5)),
        changed(lambda b: b["fields"][3].update(value=True)),
        changed(lambda b: b["fields"][3].pop("value")),
    ],
    "start": [
        changed(lambda b: b["fields"][0].update(kind="small", color="red")),
        changed(lambda b: b["fields"][3].update(kind="start")),
        changed(lambda b: b["fields"][0].update(color="red")),
        changed(lambda b: b["fields"][0].update(value=1)),
        changed(lambda b: b["fields"][0].update(stones=1)),
        changed(lambda b: b.update(fields=[])),
    ],
    "center": [
        changed(lambda b: b["fields"][35].update(kind="small", stones=0)),
        changed(lambda b: b["fields"][20].update(kind="center", stones=1)),
        changed(lambda b: b["fields"][35].update(stones=2)),
        changed(lambda b: b["fields"][35].pop("stones")),
        changed(lambda b: b["fields"][35].update(stones=1.0)),  # only an integer is a stone count
    ],
    "color": [
        changed(lambda b: b["fields"][3].update(color=None)),
        changed(lambda b: b["fields"][3].update(color="orange")),
        changed(lambda b: b["fields"][3].pop("color")),
    ],
    "small": [
        changed(lambda b: b["fields"][3].update(kind="large", stones=2)),
        changed(lambda b: b["fields"][3].update(stones=1)),
    ],
    "large": [
        changed(lambda b: b["fields"][7].update(stones=3)),
        changed(lambda b: b["fields"][7].update(stones=2.0)),
        changed(lambda b: b["fields"].insert(8, {"kind": "large", "color": "red", "value": 0, "stones": 2})),
    ],
    "oracle_from": [board_with(oracle_from=0), board_with(oracle_from=36), board_with(oracle_from="30"),
                    board_with(oracle_from=True)],
    "wishing_stone_table": [board_with(wishing_stone_table=[0] * 9), board_with(wishing_stone_table=[0.5] * 10)],
    "green_numbers": [board_with(green_numbers=[1] * 10), board_with(green_numbers=[1] * 10 + [-1])],
}


@pytest.mark.parametrize("check,board", [(check, board) for check, cases in BAD_BOARDS.items() for board in cases])
def test_board_checks(check, board):
    rule, details = board_check(board)
    assert (rule, details["check"]) == ("board.invalid", check)
    assert details["pointer"].startswith("/board")
    with pytest.raises(RuleBroken) as broken:
        RULESET.validate_board(board)
    assert broken.value.details["check"] == check


def test_board_problems_lists_every_problem_in_order():
    board = changed(lambda b: (b["fields"][3].update(color="orange"), b.update(oracle_from=0, green_numbers=[])))
    assert [problem["check"] for problem in board_problems(board)] == ["color", "oracle_from", "green_numbers"]
    assert board_problems(board)[0]["pointer"] == "/fields/3/color"
    assert board_problems(SAMPLE_BOARD) == []


def test_sample_board_has_no_warnings_and_warnings_reach_the_sheet():
    assert RULESET.validate_board(SAMPLE_BOARD) == []
    odd = changed(lambda b: (b["fields"][1].update(value=0), b["fields"][3].update(value=-9),
                             b["fields"][2].update(color="red"), b.update(wishing_stone_table=[1, -4, -5, 1, 3, 6, 8, 10, 12, 15])))
    codes = [warning["code"] for warning in RULESET.validate_board(odd)]
    assert codes == ["keltis-orakel.board.values_decrease", "keltis-orakel.board.early_not_negative",
                     "keltis-orakel.board.color_repeat", "keltis-orakel.board.wishing_table"]
    sheet = Game.replay(new_record(board=odd)).scoresheet()
    assert [warning["code"] for warning in sheet["warnings"]] == codes
    assert sheet["warnings"][0]["details"] == {"fields": [2, 3]}  # field 1 now 0, field 3 now -9
    assert sheet["warnings"][2]["details"] == {"pairs": [[1, 2]]}
    assert "warnings" not in Game.replay(new_record()).scoresheet()
    lopsided = board_with(colors={index: "red" for index in (2, 4, 6, 9)})
    assert "keltis-orakel.board.color_balance" in [w["code"] for w in RULESET.validate_board(lopsided)]


@settings(max_examples=30, deadline=None)
@given(board=boards())
def test_random_boards_pass_the_checks(board):
    assert board_problems(board) == []
    assert isinstance(RULESET.validate_board(board), list)


BAD_SETUPS = {
    "shape": [[], {"tiles": [], "tiles_complete": False}, {"tiles": {}, "tiles_complete": 1}, {"layout": {}}],
    "field": [{"tiles": {"7": "goblin"}}, {"tiles": {"01": "goblin"}}, {"tiles": {"+1": "goblin"}},
              {"tiles": {"36": "goblin"}}, {"tiles": {" 1": "goblin"}}, {"tiles": {"0": "goblin"}},
              {"tiles": {"1\n": "goblin"}}],
    "tile": [{"tiles": {"1": "none"}}, {"tiles": {"1": "dragon"}}, {"tiles": {"1": None}},
             {"tiles": {"1": ["goblin"]}}],
    "count": [{"tiles": {"1": "goblin", "2": "goblin", "3": "goblin", "4": "goblin"}},
              {"tiles": {"1": "clover-red", "2": "clover-red"}}],
    "complete": [{"tiles": {"1": "goblin"}, "tiles_complete": True}],
}


@pytest.mark.parametrize("check,setup", [(check, setup) for check, cases in BAD_SETUPS.items() for setup in cases])
def test_setup_checks(check, setup):
    rule, turn_index, action, details = refusal(new_record() | {"setup": setup})
    assert (rule, turn_index, action, details["check"]) == ("setup.invalid", None, None, check)


def test_setups_accepted():
    for setup in (None, {}, {"tiles_complete": False}, {"tiles": {"1": "mirror", "34": "points-4"}}):
        Game.replay(new_record() | {"setup": setup})
    small = [index for index, spot in enumerate(SAMPLE_BOARD["fields"]) if spot["kind"] == "small"]
    tiles = ["points-1"] * 4 + ["points-2"] * 6 + ["points-3"] * 4 + ["points-4"] * 2 + [
        f"clover-{color}" for color in ("red", "yellow", "green", "blue", "purple")] + ["spiral", "goblin", "mirror"] * 3
    full = {"tiles": {str(spot): tile for spot, tile in zip(small, tiles)}, "tiles_complete": True}
    assert all(spot["tile"] is not None for spot in Game.replay(new_record() | {"setup": full}).view()["fields"]
               if spot["kind"] == "small")


def action_turn(*actions) -> dict:
    return with_turns(new_record(), turn("anna", *actions))


BAD_RECORDS = [
    (new_record() | {"format": "brehon/2"}, "/format", None, None),
    (new_record() | {"game": "keltis-orakel", "extra": 1}, "/extra", None, None),
    (new_record(options={"colour": 1}), "/options/colour", None, None),
    (new_record(options={"goblin_scores": [1, 2]}), "/options/goblin_scores", None, None),
    (new_record(options={"two_player_removed": 94}), "/options/two_player_removed", None, None),
    (new_record(options={"stones_per_landing": 2}), "/options/stones_per_landing", None, None),
    (new_record(options={"stones_per_landing": 1.0}), "/options/stones_per_landing", None, None),
    (new_record(options={"spiral_to_start": "yes"}), "/options/spiral_to_start", None, None),
    (new_record(options={"play_without_move": "always"}), "/options/play_without_move", None, None),
    (new_record(players=1), "/players", None, None),
    (new_record() | {"players": [{"id": "anna\n", "name": "Anna"}, {"id": "ben", "name": "Ben"}]},
     "/players/0/id", None, None),
    (new_record() | {"board": None}, "/board", None, None),
    ({k: v for k, v in new_record().items() if k != "board"}, "/board", None, None),
    (new_record() | {"turns": {}}, "/turns", None, None),
    (with_turns(new_record(), {"player": "zoe", "actions": []}), "/turns/0/player", 0, None),
    (with_turns(new_record(), {"player": "anna"}), "/turns/0/actions", 0, None),
    (action_turn("play"), "/turns/0/actions/0", 0, 0),
    (action_turn({"type": "pass"}), "/turns/0/actions/0/type", 0, 0),
    (action_turn({"type": "play", "card": {"color": "red", "value": 3}, "figure": 0, "priestess": 2}),
     "/turns/0/actions/0/priestess", 0, 0),
    (action_turn({"type": "play", "card": {"color": "red", "value": 11}, "figure": 0}), "/turns/0/actions/0/card/value", 0, 0),
    (action_turn({"type": "play", "card": {"color": "red", "value": 1}, "figure": "0"}), "/turns/0/actions/0/figure", 0, 0),
    (action_turn({"type": "play", "card": {"color": "red", "value": 1}, "steps": 1}), "/turns/0/actions/0/steps", 0, 0),
    (action_turn(discard("red", 1), {"type": "draw", "from": "pile"}), "/turns/0/actions/1/from", 0, 1),
    (action_turn({"type": "reveal", "field": 1, "tile": "dragon"}), "/turns/0/actions/0/tile", 0, 0),
    (action_turn({"type": "reveal", "field": True, "tile": "goblin"}), "/turns/0/actions/0/field", 0, 0),
    (action_turn({"type": "spiral", "to": "back"}), "/turns/0/actions/0/to", 0, 0),
    (action_turn({"type": "goblin", "hand": {"color": "red", "value": 1}, "row": "red"}), "/turns/0/actions/0/row", 0, 0),
    (action_turn({"type": "goblin", "row": "pink"}), "/turns/0/actions/0/row", 0, 0),
    (action_turn({"type": "goblin", "hand": {"color": "red"}}), "/turns/0/actions/0/hand/value", 0, 0),
    (action_turn({"type": "discard", "card": {"color": "red", "value": 1}, "figure": 0}), "/turns/0/actions/0/figure", 0, 0),
]


@pytest.mark.parametrize("record,pointer,turn_index,action", BAD_RECORDS)
def test_record_schema(record, pointer, turn_index, action):
    rule, got_turn, got_action, details = refusal(record)
    assert (rule, details["pointer"], got_turn, got_action) == ("record.invalid", pointer, turn_index, action)


def test_record_schema_comes_before_board_and_setup():
    broken = with_turns(new_record() | {"board": [1], "setup": []}, {"player": "zoe", "actions": []})
    assert refusal(broken)[0] == "record.invalid"
    assert refusal(new_record() | {"board": [1], "setup": []})[0] == "board.invalid"
    # null keys are the same as absent ones
    Game.replay(with_turns(new_record(), turn("anna", {"type": "play", "card": {"color": "red", "value": 1},
                                                       "figure": 0, "priestess": None},
                                               {"type": "reveal", "field": 1, "tile": "points-1"}, draw())))
    Game.replay(with_turns(new_record(), turn("anna", discard("red", 1), draw()), turn("ben", discard("red", 2), draw())))


# -- the tally ---------------------------------------------------------------------


def tally_input(**changes) -> dict:
    data = {"game": "keltis-orakel", "options": {}, "board": copy.deepcopy(SAMPLE_BOARD), "players": [
        {"id": "anna", "name": "Anna", "fields": [0, 12, 31], "stones_held": 3, "mirrors": 1, "track": 17},
        {"id": "ben", "fields": [35, 35, 35], "stones_held": 0, "mirrors": 0, "track": 0},
        {"id": "carla", "fields": [1, 2, 7], "stones_held": 1, "mirrors": 2, "track": 9},
    ]}
    data.update(changes)
    return data


def test_tally_worked_numbers():
    sheet = tally(tally_input())
    assert sheet["status"] == "finished" and sheet["end_reason"] is None and sheet["game"] == "keltis-orakel"
    anna, ben, carla = sheet["players"]
    # Anna: 17 + (0 + 1 + 11) + table[3] = 1, times (1 + 1 mirror) = 2 -> 31
    assert anna == {"id": "anna", "total": 31, "rank": 2, "breakdown": {
        "track": 17, "figures": 12, "wishing_stones": 2, "stones_held": 3, "mirrors": 1}}
    assert ben["total"] == 45 and ben["rank"] == 1
    # Carla: 9 + (-4 - 4 - 1) + (-4) * 3 = -12
    assert carla["total"] == -12 and carla["breakdown"]["wishing_stones"] == -12
    assert sheet["winners"] == ["ben"]
    tied = tally_input(players=[dict(tally_input()["players"][1], id=name) for name in ("a1", "b2")])
    assert tally(tied)["winners"] == ["a1", "b2"]


def players_with(index: int, **changes) -> list:
    players = tally_input()["players"]
    players[index] = {**players[index], **changes}
    return players


@pytest.mark.parametrize("data,pointer", [
    (tally_input(players=players_with(0, fields=[0, 1])), "/players/0/fields"),
    (tally_input(players=players_with(0, fields=[0, 1, 36])), "/players/0/fields/2"),
    (tally_input(players=players_with(1, stones_held=10)), "/players/1/stones_held"),
    (tally_input(players=players_with(1, stones_held=7)), "/players"),
    (tally_input(players=players_with(1, mirrors=1)), "/players"),
    (tally_input(players=players_with(1, mirrors=4)), "/players/1/mirrors"),
    (tally_input(players=players_with(1, track=True)), "/players/1/track"),
    (tally_input(players=players_with(1, extra=1)), "/players/1/extra"),
    (tally_input(players=players_with(1, id="Ben!")), "/players/1/id"),
    (tally_input(players=players_with(1, id="ben\n")), "/players/1/id"),
    (tally_input(players=tally_input()["players"][:1]), "/players"),
    (tally_input(options={"nope": 1}), "/options/nope"),
    ({k: v for k, v in tally_input().items() if k != "board"}, "/board"),
])
def test_tally_bad_input(data, pointer):
    with pytest.raises(Refused) as refused:
        tally(data)
    assert refused.value.violation.rule == "record.invalid"
    assert refused.value.violation.details["pointer"] == pointer


def test_tally_bad_board_and_warnings():
    with pytest.raises(Refused) as refused:
        tally(tally_input(board=board_with(oracle_from=0)))
    assert refused.value.violation.rule == "board.invalid"
    assert refused.value.violation.details["check"] == "oracle_from"
    odd = board_with(wishing_stone_table=[1, -4, -2, 1, 3, 6, 8, 10, 12, 15])
    assert [w["code"] for w in tally(tally_input(board=odd))["warnings"]] == ["keltis-orakel.board.wishing_table"]


def test_views_carry_the_documented_keys():
    table = Game.replay(with_turns(new_record(), turn("anna", discard("red", 1), draw()))).view()
    assert set(table) == {"turn", "active", "decision", "over", "end_reason", "draw_pile", "priestess", "piles",
                          "fields", "players"}
    assert table["turn"] == 1 and table["active"] == "ben" and table["decision"] == "main"
    assert set(table["fields"][0]) == {"index", "kind", "color", "value", "tile", "stones"}
    assert set(table["players"]["anna"]) == {"figures", "rows", "stones_held", "mirrors", "track", "track_sources",
                                             "goblin_scored", "hand"}
