"""The Keltis tally (rules §15): worked numbers and bad input."""

import copy

import pytest

from scoring import Refused, tally

WORKED = {"game": "keltis", "options": {"tie_break": "wishing_stones"}, "board": None,
          "players": [
              {"id": "anna", "figures": [{"row": 9, "large": True}, {"row": 7, "large": False}],
               "stones_held": 3, "track": 5},
              {"id": "ben", "figures": [], "stones_held": 0, "track": 0}]}


def small(row):
    return {"row": row, "large": False}


def large(row):
    return {"row": row, "large": True}


def test_worked_numbers():
    sheet = tally(WORKED)
    assert sheet == {
        "game": "keltis", "status": "finished", "end_reason": None,
        "players": [
            {"id": "anna", "total": 34, "rank": 1,
             "breakdown": {"track": 5, "figures": 26, "wishing_stones": 3, "stones_held": 3}},
            {"id": "ben", "total": -4, "rank": 2,
             "breakdown": {"track": 0, "figures": 0, "wishing_stones": -4, "stones_held": 0}}],
        "winners": ["anna"],
    }


@pytest.mark.parametrize("figures, stones, track, expected", [
    ([small(6), small(5), large(3)], 2, 1, (1, 2, 4)),
    ([large(8), small(1), small(1)], 6, 0, (6, 10, 16)),
    ([large(0), small(9)], 1, 3, (10, -3, 10)),
])
def test_more_rows(figures, stones, track, expected):
    data = {"game": "keltis", "players": [
        {"id": "anna", "figures": figures, "stones_held": stones, "track": track},
        {"id": "ben", "figures": [], "stones_held": 0, "track": 0}]}
    row = tally(data)["players"][0]
    assert (row["breakdown"]["figures"], row["breakdown"]["wishing_stones"], row["total"]) == expected


def test_ties_shared_by_default_and_broken_by_wishing_stones():
    data = {"game": "keltis", "players": [
        {"id": "anna", "figures": [small(5)], "stones_held": 0, "track": 4},  # 2 - 4 + 4 = 2
        {"id": "ben", "figures": [small(4)], "stones_held": 2, "track": 0},  # 1 + 2 + 0 = 3
        {"id": "cleo", "figures": [small(5)], "stones_held": 1, "track": 3}]}  # 2 - 3 + 3 = 2
    assert [p["rank"] for p in tally(data)["players"]] == [2, 1, 2]
    data["players"][1]["stones_held"] = 0  # ben: 1 - 4 = -3
    assert [p["rank"] for p in tally(data)["players"]] == [1, 3, 1]
    assert tally(data)["winners"] == ["anna", "cleo"]
    data["options"] = {"tie_break": "wishing_stones"}
    assert [p["rank"] for p in tally(data)["players"]] == [2, 3, 1]


def bad(path, value, delete=False):
    data = copy.deepcopy(WORKED)
    target = data
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize("data, pointer", [
    (bad(["extra"], 1), "/extra"),
    (bad(["players"], None, delete=True), "/players"),
    (bad(["options"], {"tie_break": "age"}), "/options/tie_break"),
    (bad(["options"], {"speed": 1}), "/options/speed"),
    (bad(["board"], {}), "/board"),
    (bad(["players"], WORKED["players"][:1]), "/players"),
    (bad(["players", 1, "id"], "anna"), "/players/1/id"),
    (bad(["players", 1, "id"], "ben\n"), "/players/1/id"),
    (bad(["players", 1, "name"], "Ben"), "/players/1/name"),
    (bad(["players", 1, "track"], None, delete=True), "/players/1/track"),
    (bad(["players", 1, "track"], -1), "/players/1/track"),
    (bad(["players", 1, "track"], True), "/players/1/track"),
    (bad(["players", 1, "stones_held"], 10), "/players/1/stones_held"),
    (bad(["players", 1, "figures"], [small(1)] * 6), "/players/1/figures"),
    (bad(["players", 1, "figures"], [large(1), large(2)]), "/players/1/figures"),
    (bad(["players", 1, "figures"], [small(1)] * 5), "/players/1/figures"),
    (bad(["players", 1], "ben"), "/players/1"),
    (bad(["players", 1, "figures"], [small(10)]), "/players/1/figures/0/row"),
    (bad(["players", 1, "figures"], [{"row": 1, "large": 0}]), "/players/1/figures/0/large"),
    (bad(["players", 1, "figures"], [{"row": 1}]), "/players/1/figures/0/large"),
    (bad(["players", 1, "stones_held"], 7), "/players"),  # 3 + 7 > 9 wishing stones
    (bad(["players", 1, "figures"], [small(7), small(8), small(9), large(9)]), "/players"),  # 6 in the goal area
])
def test_bad_input_is_record_invalid(data, pointer):
    with pytest.raises(Refused) as refused:
        tally(data)
    violation = refused.value.violation
    assert (violation.rule, violation.turn, violation.action) == ("record.invalid", None, None)
    assert violation.details["pointer"] == pointer
