"""The open decision (rules §14), the check route's answer, and the view."""

import copy
import json
import pickle
from pathlib import Path

from keltis_games import Table, bonus_table, clover, discard, draw, play, reveal
from scoring import Game

EXAMPLE_2 = json.loads((Path(__file__).parent / "data" / "keltis" / "example2.json").read_text())["record"]


def test_the_opening_decision():
    game = Game.start(Table().record)
    decision = game.decision()
    assert (decision.name, decision.player, decision.can_end) == ("main", "anna", False)
    assert decision.choices["play"]["red"] == {"values": list(range(11)), "move": "enter",
                                               "figures": ["small", "large"]}
    assert len(decision.choices["discard"]) == 55
    assert len(decision.actions) == 5 * 11 * 2 + 55
    assert {"type": "play", "card": {"color": "red", "value": 0}, "figure": "large"} in decision.actions
    # 40 stones of rows 1-8 may hold any of the 6, the 5 end stones any tile but none
    assert len(decision.optional) == 40 * 6 + 5 * 5
    assert decision.choices["reveals"]["red"]["9"] == ["wish", "clover", "points-1", "points-2", "points-3"]


def test_main_choices_follow_the_row_the_cards_seen_and_the_end_stone():
    table = bonus_table()
    table.turn(play("green", 1, bonus="yellow"))
    table.turn(discard("green", 1))  # the other green 1
    decision = Game.replay(table.record).decision()
    green = decision.choices["play"]["green"]
    assert green == {"values": [0], "move": "bonus", "bonus": ["yellow"]}
    assert {"type": "play", "card": {"color": "green", "value": 0}, "bonus": None} in decision.actions
    assert decision.choices["play"]["yellow"]["move"] == "step"
    assert decision.choices["play"]["yellow"]["to_row"] == 5
    assert {"color": "green", "value": 1} not in decision.choices["discard"]


def test_reveal_decision_lists_one_action_per_possible_tile():
    check = Game.start(Table().record).check({"player": "anna", "actions": [play("red", 3, figure="large")]})
    decision = check["decision"]
    assert check["legal"] and not check["complete"]
    assert decision.name == "reveal"
    assert decision.choices == {"path": "red", "row": 1, "tiles": ["wish", "clover", "points-1", "points-2",
                                                                   "points-3", "none"]}
    assert [action["tile"] for action in decision.actions] == decision.choices["tiles"]
    assert decision.optional == []


def test_clover_decision_with_and_without_entering():
    turn = {"player": "anna", "actions": [play("red", 7, figure="small")]}
    plain = Game.replay({**EXAMPLE_2, "turns": EXAMPLE_2["turns"][:2]})
    decision = plain.check(turn)["decision"]
    assert decision.name == "clover"
    assert decision.choices["paths"] == ["red", "blue"]
    assert decision.actions[-1] == {"type": "clover", "path": None}
    entering = Game.replay({**EXAMPLE_2, "options": {"clover_can_enter": True}, "turns": EXAMPLE_2["turns"][:2]})
    decision = entering.check(turn)["decision"]
    assert decision.choices["enter"] == ["yellow", "green", "purple"]
    assert decision.choices["figures"] == ["small"]  # the large one is on blue
    assert {"type": "clover", "path": "green", "figure": "small"} in decision.actions


def test_draw_decision_without_the_own_discard_pile():
    table = Table(options={"redraw_own_discard": False})
    table.turn(discard("red", 1))
    decision = Game.replay(table.record).check({"player": "ben", "actions": [discard("blue", 2)]})["decision"]
    assert decision.choices == {"from": ["deck", "red"], "reveals": decision.choices["reveals"]}
    assert decision.actions == [draw("deck"), draw("red")]


def test_done_and_over():
    check = Game.start(Table().record).check({"player": "anna", "actions": [discard("red", 1), draw()]})
    assert check["complete"] and check["decision"].name == "done" and check["decision"].can_end
    check = Game.start(Table().record).check({"player": "ben", "actions": []})
    assert not check["legal"] and check["violations"][0].rule == "turn.order"
    table = Table()
    for value in range(64):
        table.turn(discard(("red", "blue", "green", "yellow", "purple", "red")[value // 11], value % 11))
    decision = Game.replay(table.record).decision()
    assert (decision.name, decision.player, decision.actions) == ("over", None, [])


def test_a_refused_action_leaves_the_decision_of_the_legal_prefix():
    check = Game.start(Table().record).check({"player": "anna", "actions": [discard("red", 1), draw("blue")]})
    assert not check["legal"]
    assert check["violations"][0].rule == "keltis.draw.empty"
    assert check["decision"].name == "draw"


def test_view_shape():
    record = {**EXAMPLE_2, "turns": EXAMPLE_2["turns"][:3]}
    view = Game.replay(record).view()
    assert set(view) == {"turn", "active", "decision", "over", "end_reason", "draw_pile", "goal_area", "piles",
                         "stones", "players"}
    assert (view["turn"], view["active"], view["decision"], view["over"]) == (3, "ben", "main", False)
    assert view["draw_pile"] == 64 - 3
    anna = view["players"]["anna"]
    assert anna["figures"] == [{"path": "blue", "row": 2, "large": True}, {"path": "red", "row": 2, "large": False}]
    assert anna["start"] == {"small": 3, "large": 0}
    assert anna["rows"]["red"] == {"cards": [7], "direction": None}
    assert anna["track"] == 2 and anna["stones_held"] == 0
    assert view["stones"]["red"]["2"] == {"tile": "points-2", "taken": False}
    assert view["stones"]["yellow"]["2"] == {"tile": "wish", "taken": False}
    json.dumps(view)


def test_view_row_directions():
    table = Table()
    table.turn(play("red", 3, figure="small"))
    table.turn(play("blue", 8, figure="small"))
    table.turn(play("red", 5))
    table.turn(play("blue", 2))
    rows = {player: data["rows"] for player, data in Game.replay(table.record).view()["players"].items()}
    assert rows["anna"]["red"]["direction"] == "ascending"
    assert rows["ben"]["blue"]["direction"] == "descending"


def test_states_survive_deepcopy_and_pickle():
    table = Table()
    table.turn(discard("red", 1), draw_from="red")
    table.turn(play("green", 4, figure="large"), reveal("green", 2, "clover"))
    game = Game.replay(table.record)
    for twin in (copy.deepcopy(game.state), pickle.loads(pickle.dumps(game.state))):
        assert pickle.dumps(twin) == pickle.dumps(game.state)
    clone = game.copy()
    clone.play({"player": "anna", "actions": [discard("red", 1), draw()]})
    assert game.turns_played == 2 and clone.turns_played == 3


def test_free_reveals_at_every_open_decision_change_nothing_else():
    table = Table(setup={"tiles": {"red": {"1": "clover"}}})
    actions = [reveal("blue", 3, "wish"), play("red", 2, figure="small"), reveal("blue", 4, "none"),
               clover(None), reveal("blue", 5, "points-1"), draw()]
    game = Game.replay(table.with_turn("anna", *actions))
    view = game.view()
    assert [view["stones"]["blue"][row]["tile"] for row in ("3", "4", "5")] == ["wish", "none", "points-1"]
    assert view["players"]["anna"]["stones_held"] == 0 and view["players"]["anna"]["track"] == 0
