"""record.invalid (rules §13.5) and setup.invalid (rules §3.2) for Keltis records."""

import copy

import pytest

from keltis_games import discard, draw, play
from scoring import Game, Refused

BASE = {
    "format": "brehon/1", "game": "keltis", "options": {},
    "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
    "board": None, "setup": {"tiles": {}, "tiles_complete": False},
    "turns": [{"player": "anna", "actions": [discard("red", 1), draw()]}],
}


def refused(record) -> tuple:
    with pytest.raises(Refused) as caught:
        Game.replay(record)
    violation = caught.value.violation
    return violation.rule, violation.turn, violation.action, violation.details.get("pointer")


def changed(path: list, value, delete: bool = False) -> dict:
    record = copy.deepcopy(BASE)
    target = record
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return record


def test_the_base_record_is_valid():
    assert Game.replay(BASE).scoresheet()["status"] == "in_progress"


@pytest.mark.parametrize("record, pointer", [
    (changed(["extra"], 1), "/extra"),
    (changed(["turns"], None, delete=True), "/turns"),
    (changed(["format"], "brehon/2"), "/format"),
    (changed(["options"], {"tie_break": "coin"}), "/options/tie_break"),
    (changed(["options"], {"redraw_own_discard": "yes"}), "/options/redraw_own_discard"),
    (changed(["options"], {"goblins": True}), "/options/goblins"),
    (changed(["players"], [{"id": "anna", "name": "Anna"}]), "/players"),
    (changed(["players", 1, "id"], "Ben!"), "/players/1/id"),
    (changed(["players", 1, "id"], "ben\n"), "/players/1/id"),  # the whole id must fit, not a first line
    (changed(["players", 1, "id"], "anna"), "/players/1/id"),
    (changed(["players", 1, "name"], ""), "/players/1/name"),
    (changed(["board"], {"id": "x"}), "/board"),
    (changed(["setup", "layout"], {}), "/setup/layout"),
    (changed(["setup", "tiles"], {"orange": {}}), "/setup/tiles/orange"),
    (changed(["setup", "tiles"], {"red": {"10": "wish"}}), "/setup/tiles/red/10"),
    (changed(["setup", "tiles"], {"red": {"0": "wish"}}), "/setup/tiles/red/0"),
    (changed(["setup", "tiles"], {"red": {"2": "gold"}}), "/setup/tiles/red/2"),
    (changed(["setup", "tiles"], []), "/setup/tiles"),
    (changed(["setup", "tiles_complete"], "yes"), "/setup/tiles_complete"),
    (changed(["turns"], {}), "/turns"),
])
def test_record_faults_outside_the_turns(record, pointer):
    assert refused(record) == ("record.invalid", None, None, pointer)


def test_a_player_id_is_refused_in_words_that_say_what_fits():
    with pytest.raises(Refused) as caught:
        Game.replay(changed(["players", 1, "id"], "ben\n"))
    assert caught.value.violation.message("en") == (
        "The record is not valid: /players/1/id must be 1 to 32 of a-z, 0-9, _ and -, starting with a letter or digit.")


def test_record_faults_come_in_the_order_of_the_rules_file():
    record = changed(["options"], {"goblins": True})
    record["players"] = []
    record["board"] = 1
    assert refused(record)[3] == "/options/goblins"
    record["options"] = {}
    assert refused(record)[3] == "/players"


@pytest.mark.parametrize("turn, action, pointer", [
    ({"player": "cleo", "actions": []}, None, "/player"),
    ({"player": "anna"}, None, "/actions"),
    ({"player": "anna", "actions": {}}, None, "/actions"),
    ({"player": "anna", "actions": [], "note": 1}, None, "/note"),
    ({"player": "anna", "actions": [discard("red", 1), {"type": "pass"}]}, 1, "/actions/1/type"),
    ({"player": "anna", "actions": ["discard"]}, 0, "/actions/0"),
    ({"player": "anna", "actions": [{**discard("red", 1), "figure": None}]}, 0, "/actions/0/figure"),
    ({"player": "anna", "actions": [discard("red", 11)]}, 0, "/actions/0/card/value"),
    ({"player": "anna", "actions": [discard("red", True)]}, 0, "/actions/0/card/value"),
    ({"player": "anna", "actions": [discard("orange", 1)]}, 0, "/actions/0/card/color"),
    ({"player": "anna", "actions": [{"type": "discard", "card": {"color": "red"}}]}, 0, "/actions/0/card/value"),
    ({"player": "anna", "actions": [play("red", 1, figure="medium")]}, 0, "/actions/0/figure"),
    ({"player": "anna", "actions": [play("red", 1, bonus="orange")]}, 0, "/actions/0/bonus"),
    ({"player": "anna", "actions": [{"type": "clover"}]}, 0, "/actions/0/path"),
    ({"player": "anna", "actions": [{"type": "clover", "path": None, "figure": "small"}]}, 0, "/actions/0/figure"),
    ({"player": "anna", "actions": [{"type": "clover", "path": "red", "figure": 1}]}, 0, "/actions/0/figure"),
    ({"player": "anna", "actions": [{"type": "reveal", "path": "red", "row": 0, "tile": "wish"}]}, 0,
     "/actions/0/row"),
    ({"player": "anna", "actions": [{"type": "reveal", "path": "red", "row": "1", "tile": "wish"}]}, 0,
     "/actions/0/row"),
    ({"player": "anna", "actions": [{"type": "reveal", "path": "red", "row": 1, "tile": "gold"}]}, 0,
     "/actions/0/tile"),
    ({"player": "anna", "actions": [{"type": "reveal", "path": None, "row": 1, "tile": "none"}]}, 0,
     "/actions/0/path"),
    ({"player": "anna", "actions": [{"type": "draw", "from": "pile"}]}, 0, "/actions/0/from"),
])
def test_turn_faults_name_the_turn_and_the_action(turn, action, pointer):
    record = copy.deepcopy(BASE)
    record["turns"].append({"player": "ben", "actions": [discard("red", 2), draw()]})
    record["turns"].append(turn)
    assert refused(record) == ("record.invalid", 2, action, "/turns/2" + pointer)


def test_a_schema_fault_in_a_later_turn_comes_before_a_rule_fault_in_an_earlier_one():
    record = copy.deepcopy(BASE)
    record["turns"][0] = {"player": "ben", "actions": []}  # turn.order, once the schema holds
    record["turns"].append({"player": "ben", "actions": [discard("red", 11)]})
    assert refused(record)[:3] == ("record.invalid", 1, 0)


def test_record_invalid_message():
    with pytest.raises(Refused) as caught:
        Game.replay(changed(["board"], {"id": "x"}))
    assert caught.value.violation.message() == (
        "The record is not valid: /board must be null for keltis, which has no board profile.")


# -- setup.invalid ---------------------------------------------------------------------


def layout(ends: bool = True, **counts) -> dict:
    """Tiles of the given kinds laid on the end stones first (unless not
    ``ends``), then on rows 1-8 row by row."""
    rows = (9, *range(1, 9)) if ends else range(1, 9)
    stones = [(path, row) for row in rows for path in ("red", "yellow", "green", "blue", "purple")]
    listing: dict = {}
    tiles = [kind.replace("_", "-") for kind, count in counts.items() for _ in range(count)]
    for (path, row), tile in zip(stones, tiles):
        listing.setdefault(path, {})[str(row)] = tile
    return listing


FULL = dict(wish=9, clover=9, points_1=2, points_2=3, points_3=2)


@pytest.mark.parametrize("setup, reason", [
    ({"tiles": {"red": {"2": "none"}}}, "red 2 is listed as none, but setup lists only tiles"),
    ({"tiles": layout(wish=10)}, "10 wish tiles are listed, but there are only 9"),
    ({"tiles": layout(ends=False, wish=9, clover=9, points_2=3)}, "21 tiles are listed on rows 1-8, but only 20 stones there hold one"),
    ({"tiles": layout(**{**FULL, "points_3": 1}), "tiles_complete": True},
     "tiles_complete needs all 2 points-3 tiles, but 1 listed"),
])
def test_setup_invalid(setup, reason):
    record = changed(["setup"], setup)
    with pytest.raises(Refused) as caught:
        Game.replay(record)
    violation = caught.value.violation
    assert (violation.rule, violation.turn, violation.action) == ("setup.invalid", None, None)
    assert violation.details == {"reason": reason}
    assert violation.message() == f"This setup cannot exist: {reason}."


def test_a_complete_layout_and_a_missing_setup_are_valid():
    complete = {"tiles": {path: {**rows} for path, rows in layout(**FULL).items()}, "tiles_complete": True}
    stones = [(path, row) for path in complete["tiles"] for row in complete["tiles"][path]]
    assert len(stones) == 25
    assert all(complete["tiles"][path].get("9") for path in ("red", "yellow", "green", "blue", "purple"))
    view = Game.replay(changed(["setup"], complete)).view()
    assert view["stones"]["red"]["8"]["tile"] == "none"
    for setup in (None, {}):
        record = changed(["setup"], setup)
        assert Game.replay(record).view()["stones"]["red"]["1"]["tile"] is None
    record = changed(["setup"], None, delete=True)
    assert Game.replay(record).view()["stones"]["red"]["9"]["tile"] is None


def test_a_turn_fault_names_the_same_field_in_its_pointer_and_its_reason():
    record = copy.deepcopy(BASE)
    record["turns"].append({"player": "ben", "actions": [discard("red", 11)]})
    with pytest.raises(Refused) as caught:
        Game.replay(record)
    details = caught.value.violation.details
    assert details["pointer"] == "/turns/1/actions/0/card/value"
    assert details["reason"] == "/turns/1/actions/0/card/value must be an integer from 0 to 10"
    record["turns"][1] = "not a turn"
    with pytest.raises(Refused) as caught:
        Game.replay(record)
    assert caught.value.violation.details == {"pointer": "/turns/1", "reason": "/turns/1 must be an object"}


def test_an_unknown_key_is_escaped_in_the_pointer():
    assert refused(changed(["a/b~c"], 1)) == ("record.invalid", None, None, "/a~1b~0c")
