"""The worked examples and fragments of rules/keltis.md §16, exactly as printed."""

import json
from pathlib import Path

import pytest

from keltis_games import Table, discard, draw, play, reveal
from scoring import Game, Refused, replay
from scoring.cards import ALL_CARDS

EXAMPLES = Path(__file__).parent / "data" / "keltis"


def example(number: int) -> dict:
    return json.loads((EXAMPLES / f"example{number}.json").read_text())


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
    assert violation.message("es") == "Tu fila morado asciende: la siguiente carta morado debe ser 4 o más alta."


def test_example_5_view_shows_known_hand_and_stones():
    record = example(5)["record"]
    view = Game.replay({**record, "turns": record["turns"][:3]}).view()
    assert view["players"]["anna"]["hand"] == {"known": [{"color": "green", "value": 6}], "unknown": 7}
    assert view["stones"]["red"]["1"] == {"tile": "wish", "taken": True}
    assert view["stones"]["yellow"]["9"] == {"tile": "points-3", "taken": False}
    assert view["stones"]["blue"]["5"] == {"tile": None, "taken": False}
    assert view["active"] == "ben" and view["turn"] == 3 and view["decision"] == "main"


# -- fragments ---------------------------------------------------------------------


def bonus_table() -> Table:
    """Ben: small figure on green 9 (row 10, 9, ... 2), large figure on yellow 3."""
    table = Table()
    anna_cards = iter([("blue", value) for value in range(11)] + [("red", 0), ("red", 1)])
    bens_plays = [play("green", 10, figure="small"), *(play("green", value) for value in range(9, 1, -1)),
                  play("yellow", 5, figure="large"), play("yellow", 5), play("yellow", 6)]
    for number, ben_play in enumerate(bens_plays):
        anna = [reveal("yellow", 4, "none")] if number == 0 else []
        table.turn(*anna, discard(*next(anna_cards)))
        table.turn(ben_play)
    table.turn(discard(*next(anna_cards)))
    return table


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


def goal_table() -> Table:
    """Four figures on row 7 (Anna red, yellow; Ben green, blue), Cleo's large
    figure on purple 6 with the row 0, 1, 2, 3, 4, 4; purple 7 holds points-3."""
    table = Table(("anna", "ben", "cleo"), setup={"tiles": {"purple": {"7": "points-3"}}})
    anna = [play("red", 0, figure="small"), *(play("red", v) for v in range(1, 7)),
            play("yellow", 0, figure="small"), *(play("yellow", v) for v in range(1, 7))]
    ben = [play("green", 0, figure="small"), *(play("green", v) for v in range(1, 7)),
           play("blue", 0, figure="small"), *(play("blue", v) for v in range(1, 7))]
    cleo = [play("purple", 0, figure="large"), *(play("purple", v) for v in (1, 2, 3, 4, 4))]
    cleo += [discard("purple", value) for value in (7, 8, 9, 10, 7, 8, 9, 10)]
    for anna_play, ben_play, cleo_action in zip(anna, ben, cleo):
        table.turn(anna_play)
        table.turn(ben_play)
        table.turn(cleo_action)
    table.turn(discard("red", 10))
    table.turn(discard("green", 10))
    return table


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
