"""The worked examples and fragments of rules/keltis.md §16, exactly as printed."""


import pytest

import examples
from keltis_games import Table, bonus_table, clover, discard, draw, goal_table, play, reveal
from scoring import Game, Refused, replay
from scoring.cards import ALL_CARDS

def example(number: int) -> dict:
    return examples.example("keltis", f"example{number}")


@pytest.mark.parametrize("number", range(1, 7))
def test_worked_example_gives_the_printed_sheet(number):
    data = example(number)
    assert replay(data["record"]) == data["sheet"]


def test_example_3_with_wishing_stones_breaking_the_tie():
    record = example(3)["record"]
    record["options"] = {"tie_break": "wishing_stones"}
    sheet = replay(record)
    assert [player["rank"] for player in sheet["players"]] == [2, 2, 1]
    assert sheet["winners"] == ["cleo"]


def test_example_4_message_in_german_and_spanish():
    with pytest.raises(Refused) as refused:
        Game.replay(example(4)["record"])
    violation = refused.value.violation
    assert violation.message("de") == "Deine Reihe in Lila steigt: die nächste Karte in Lila muss 4 oder höher sein."
    assert violation.message("es") == "Tu fila morada asciende: la siguiente carta morada debe ser 4 o más alta."


def test_example_5_view_shows_known_hand_and_stones():
    record = example(5)["record"]
    view = Game.replay({**record, "turns": record["turns"][:3]}).view()
    assert view["players"]["anna"]["hand"] == {"known": [{"color": "green", "value": 6}], "unknown": 7}
    assert view["stones"]["red"]["1"] == {"tile": "wish", "taken": True}
    assert view["stones"]["yellow"]["9"] == {"tile": "points-3", "taken": False}
    assert view["stones"]["blue"]["5"] == {"tile": None, "taken": False}
    assert view["active"] == "ben" and view["turn"] == 3 and view["decision"] == "main"


# -- fragments ---------------------------------------------------------------------


def test_fragment_end_of_path_bonus():
    table = bonus_table()
    before = Game.replay(table.record).scoresheet()["players"][1]["breakdown"]["figures"]
    assert before == 10 - 4
    bonus_turn = [play("green", 1, bonus="yellow"), draw()]
    record = table.with_turn("ben", *bonus_turn)
    game = Game.replay(record)
    assert game.scoresheet()["players"][1]["breakdown"]["figures"] == 10 + 2
    yellow = [figure for figure in game.view()["players"]["ben"]["figures"] if figure["path"] == "yellow"]
    assert yellow == [{"path": "yellow", "row": 4, "large": True}]

    table.turn(*bonus_turn)
    table.turn(discard("red", 2))
    declined = Game.replay(table.with_turn("ben", play("green", 0, bonus=None), draw()))
    assert declined.view()["players"]["ben"]["rows"]["green"]["cards"][-1] == 0
    assert declined.scoresheet()["players"][1]["breakdown"]["figures"] == 12
    with pytest.raises(Refused) as refused:
        Game.replay(table.with_turn("ben", play("green", 3, bonus=None), draw()))
    assert (refused.value.violation.rule, refused.value.violation.action) == ("keltis.row.direction", 0)


def test_fragment_game_ends_in_the_goal_area():
    table = goal_table()
    assert Game.replay(table.record).view()["goal_area"] == 4
    game = Game.replay(table.with_turn("cleo", play("purple", 6)))
    sheet = game.scoresheet()
    assert (sheet["status"], sheet["end_reason"]) == ("finished", "goal_area")
    cleo = sheet["players"][2]["breakdown"]
    assert cleo["figures"] == 12 and cleo["track"] == 0  # the points-3 of purple 7 is not scored
    assert game.decision().name == "over" and game.view()["active"] is None

    with pytest.raises(Refused) as refused:
        Game.replay(table.with_turn("cleo", play("purple", 6), draw()))
    violation = refused.value.violation
    assert (violation.rule, violation.turn, violation.action) == ("game.over", len(table.record["turns"]), 1)
    assert violation.details == {"end_reason": "goal_area"}


def test_fragment_the_fifth_figure_arriving_through_a_clover_ends_the_turn_with_that_action():
    table = goal_table({"red": {"1": "clover"}})
    ending = [play("red", 0, figure="small"), clover("purple")]  # red 1 is a clover; purple 6 -> 7
    game = Game.replay(table.with_turn("cleo", *ending))
    assert (game.scoresheet()["status"], game.scoresheet()["end_reason"]) == ("finished", "goal_area")
    assert game.scoresheet()["players"][2]["breakdown"]["track"] == 0  # purple 7's points-3 not applied
    turn = len(table.record["turns"])
    for extra in (draw(), reveal("purple", 7, "points-3"), clover(None)):
        with pytest.raises(Refused) as refused:
            Game.replay(table.with_turn("cleo", *ending, extra))
        violation = refused.value.violation
        assert (violation.rule, violation.turn, violation.action) == ("game.over", turn, 2)
    record = table.with_turn("cleo", *ending)
    record["turns"].append({"player": "anna", "actions": [discard("red", 9), draw()]})
    with pytest.raises(Refused) as refused:
        Game.replay(record)
    violation = refused.value.violation
    assert (violation.rule, violation.turn, violation.action) == ("game.over", turn + 1, None)
    assert violation.details == {"end_reason": "goal_area"}


@pytest.mark.parametrize("players, deck", [(3, 86), (4, 78)])
def test_deck_exhausted_at_the_86th_or_78th_draw(players, deck):
    table = Table(("anna", "ben", "cleo", "dara")[:players])
    assert Game.replay(table.record).view()["draw_pile"] == deck
    cards = iter(ALL_CARDS + ALL_CARDS)
    for _ in range(deck - 1):
        table.turn(discard(*next(cards)))
    assert Game.replay(table.record).scoresheet()["status"] == "in_progress"
    table.turn(discard(*next(cards)))
    sheet = Game.replay(table.record).scoresheet()
    assert (sheet["status"], sheet["end_reason"]) == ("finished", "deck_exhausted")


def test_fragment_deck_exhausted_at_the_64th_draw():
    table = Table()
    cards = iter(ALL_CARDS + ALL_CARDS)
    for _ in range(63):
        table.turn(discard(*next(cards)))
    assert Game.replay(table.record).scoresheet()["status"] == "in_progress"
    table.turn(discard(*next(cards)), draw("blue"))  # pile draws do not count
    table.turn(discard(*next(cards)))
    sheet = Game.replay(table.record).scoresheet()
    assert (sheet["status"], sheet["end_reason"]) == ("finished", "deck_exhausted")
    with pytest.raises(Refused) as refused:
        Game.replay(table.with_turn("anna", discard(*next(cards)), draw()))
    violation = refused.value.violation
    assert (violation.rule, violation.turn, violation.action) == ("game.over", 65, None)
