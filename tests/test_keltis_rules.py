"""Every Keltis rule id and every shared one it uses: a refused case with its
position and details, and the accepted case next to it (rules §13)."""

import json
from pathlib import Path

import pytest

from keltis_games import Table, bonus_table, clover, discard, draw, play, reveal
from scoring import Game, Refused
from scoring.cards import ALL_CARDS
from scoring.keltis import RULESET as KELTIS
from scoring.keltis.messages import MESSAGES

EXAMPLES = Path(__file__).parent / "data" / "keltis"


def refusal(record: dict):
    with pytest.raises(Refused) as refused:
        Game.replay(record)
    return refused.value.violation


def where(violation) -> tuple:
    return violation.rule, violation.turn, violation.action


def example(number: int) -> dict:
    return json.loads((EXAMPLES / f"example{number}.json").read_text())["record"]


def opened() -> Table:
    """Anna's large figure on red 1 (bare), Ben's turn next."""
    table = Table()
    table.turn(play("red", 3, figure="large"))
    return table


# -- keltis.row.direction ---------------------------------------------------------


def test_row_direction_ascending_refused_and_open_row_accepted():
    record = example(4)
    violation = refusal(record)
    assert where(violation) == ("keltis.row.direction", 7, 0)
    assert violation.message() == "Your purple row ascends: the next purple card must be 4 or higher."
    Game.replay({**record, "turns": record["turns"][:7]})  # Anna's 5 on her open 6, 6


def test_row_direction_descending():
    table = Table()
    for value in (7, 7, 4):
        table.turn(play("red", value, **({"figure": "small"} if value == 7 and not table.record["turns"] else {})))
        table.turn(discard("blue", value))
    violation = refusal(table.with_turn("anna", play("red", 5), reveal("red", 4, "none"), draw()))
    assert where(violation) == ("keltis.row.direction", 6, 0)
    assert violation.details == {"color": "red", "row": [7, 7, 4], "card": {"color": "red", "value": 5}}
    assert violation.message() == "Your red row descends: the next red card must be 4 or lower."
    Game.replay(table.with_turn("anna", play("red", 4), reveal("red", 4, "none"), draw()))


# -- entering, occupied paths, figures --------------------------------------------


def test_path_occupied_on_play():
    table = opened()
    table.turn(discard("blue", 1))
    violation = refusal(table.with_turn("anna", play("red", 4, figure="small"), reveal("red", 2, "none"), draw()))
    assert where(violation) == ("keltis.path.occupied", 2, 0)
    assert violation.details == {"path": "red"}
    Game.replay(table.with_turn("anna", play("red", 4, figure=None), reveal("red", 2, "none"), draw()))


def test_path_occupied_on_clover():
    table = Table(setup={"tiles": {"red": {"1": "clover"}}})
    violation = refusal(table.with_turn("anna", play("red", 3, figure="small"), clover("red", figure="large")))
    assert where(violation) == ("keltis.path.occupied", 0, 1)
    Game.replay(table.with_turn("anna", play("red", 3, figure="small"), clover("red"), reveal("red", 2, "none"),
                                draw()))


def test_figure_missing_on_play():
    violation = refusal(Table().with_turn("anna", play("red", 3), reveal("red", 1, "none"), draw()))
    assert where(violation) == ("keltis.figure.missing", 0, 0)
    assert violation.message() == "Say which figure enters the red path: small or large."


def test_figure_missing_and_entering_on_clover_with_the_option():
    table = Table(options={"clover_can_enter": True}, setup={"tiles": {"red": {"1": "clover"}}})
    violation = refusal(table.with_turn("anna", play("red", 3, figure="small"), clover("blue")))
    assert where(violation) == ("keltis.figure.missing", 0, 1)
    game = Game.replay(table.with_turn("anna", play("red", 3, figure="small"), clover("blue", figure="large"),
                                       reveal("blue", 1, "none"), draw()))
    assert {"path": "blue", "row": 1, "large": True} in game.view()["players"]["anna"]["figures"]


def test_figure_unavailable():
    table = opened()
    table.turn(discard("blue", 1))
    violation = refusal(table.with_turn("anna", play("green", 3, figure="large"), reveal("green", 1, "none"), draw()))
    assert where(violation) == ("keltis.figure.unavailable", 2, 0)
    assert violation.details == {"figure": "large", "small_left": 4, "large_left": 0}
    assert violation.message() == "You have no large figure left on the start stone."
    Game.replay(table.with_turn("anna", play("green", 3, figure="small"), reveal("green", 1, "none"), draw()))


def test_figure_unavailable_on_clover_with_the_option():
    table = Table(options={"clover_can_enter": True}, setup={"tiles": {"red": {"1": "clover"}}})
    violation = refusal(table.with_turn("anna", play("red", 3, figure="large"), clover("blue", figure="large")))
    assert where(violation) == ("keltis.figure.unavailable", 0, 1)


# -- the end-of-path bonus ---------------------------------------------------------------


def test_bonus_missing_and_declined():
    table = bonus_table()
    violation = refusal(table.with_turn("ben", play("green", 1), draw()))
    assert where(violation) == ("keltis.bonus.missing", len(table.record["turns"]), 0)
    assert violation.details == {"color": "green"}
    Game.replay(table.with_turn("ben", play("green", 1, bonus=None), draw()))


def test_bonus_unexpected_when_entering_and_when_stepping():
    violation = refusal(Table().with_turn("anna", play("red", 3, figure="large", bonus="blue")))
    assert where(violation) == ("keltis.bonus.unexpected", 0, 0)
    table = opened()
    table.turn(discard("blue", 1))
    violation = refusal(table.with_turn("anna", play("red", 4, bonus="blue"), reveal("red", 2, "none"), draw()))
    assert where(violation) == ("keltis.bonus.unexpected", 2, 0)
    assert violation.message() == "Your red figure is not on the end stone, so this card gives no bonus step."
    Game.replay(table.with_turn("anna", play("red", 4, bonus=None), reveal("red", 2, "none"), draw()))


def test_move_no_figure_for_bonus_and_clover():
    table = bonus_table()
    violation = refusal(table.with_turn("ben", play("green", 1, bonus="red"), draw()))
    assert where(violation) == ("keltis.move.no_figure", len(table.record["turns"]), 0)
    assert violation.details == {"path": "red"}
    table = Table(setup={"tiles": {"red": {"1": "clover"}}})
    violation = refusal(table.with_turn("anna", play("red", 3, figure="small"), clover("blue")))
    assert where(violation) == ("keltis.move.no_figure", 0, 1)


def test_move_at_end_for_bonus_and_clover():
    table = bonus_table()
    turn = len(table.record["turns"])
    assert where(refusal(table.with_turn("ben", play("green", 1, bonus="green"), draw()))) == \
        ("keltis.move.at_end", turn, 0)
    table.turn(play("yellow", 6))  # the large figure to the known bare yellow 4
    table.turn(discard("red", 5))
    violation = refusal(table.with_turn("ben", play("yellow", 7), reveal("yellow", 5, "clover"), clover("green")))
    assert where(violation) == ("keltis.move.at_end", turn + 2, 2)
    assert violation.message() == "Your figure on the green path is on the end stone and cannot move further."
    game = Game.replay(table.with_turn("ben", play("yellow", 7), reveal("yellow", 5, "clover"), clover("yellow"),
                                       reveal("yellow", 6, "wish"), draw()))
    assert game.scoresheet()["players"][1]["breakdown"]["stones_held"] == 2  # green 9 and yellow 6


# -- drawing ---------------------------------------------------------------------------------


def test_draw_empty():
    violation = refusal(Table().with_turn("anna", play("red", 3, figure="large"), reveal("red", 1, "none"),
                                          draw("blue")))
    assert where(violation) == ("keltis.draw.empty", 0, 2)
    assert violation.details == {"pile": "blue"}
    assert violation.message() == "The blue discard pile is empty."


def test_draw_own_discard_only_with_the_option_off():
    strict = Table(options={"redraw_own_discard": False})
    violation = refusal(strict.with_turn("anna", discard("blue", 4), draw("blue")))
    assert where(violation) == ("keltis.draw.own_discard", 0, 1)
    assert violation.details == {"pile": "blue", "card": {"color": "blue", "value": 4}}
    strict.turn(discard("blue", 4))
    Game.replay(strict.with_turn("ben", discard("red", 1), draw("blue")))  # fed in an earlier turn
    game = Game.replay(Table().with_turn("anna", discard("blue", 4), draw("blue")))
    assert game.view()["players"]["anna"]["hand"] == {"known": [{"color": "blue", "value": 4}], "unknown": 7}


# -- turns ----------------------------------------------------------------------------------------


def test_turn_order():
    violation = refusal(Table().with_turn("ben", discard("red", 1), draw()))
    assert where(violation) == ("turn.order", 0, None)
    assert violation.message() == "It is Anna's turn, not Ben's."  # the record's names, not the ids
    Game.replay(Table().with_turn("anna", discard("red", 1), draw()))


@pytest.mark.parametrize("actions, decision", [
    ([], "main"),
    ([discard("red", 1)], "draw"),
    ([play("red", 1, figure="small"), reveal("red", 1, "clover")], "clover"),
])
def test_turn_incomplete(actions, decision):
    violation = refusal(Table().with_turn("anna", *actions))
    assert where(violation) == ("turn.incomplete", 0, len(actions))
    assert violation.details == {"decision": decision}


@pytest.mark.parametrize("actions, decision, kind", [
    ([draw()], "main", "draw"),
    ([clover(None)], "main", "clover"),
    ([discard("red", 1), play("red", 2, figure="small")], "draw", "play"),
    ([play("red", 1, figure="small"), reveal("red", 1, "clover"), discard("red", 2)], "clover", "discard"),
    ([discard("red", 1), draw(), reveal("red", 1, "none")], "done", "reveal"),
    ([discard("red", 1), draw(), draw()], "done", "draw"),
])
def test_turn_unexpected(actions, decision, kind):
    violation = refusal(Table().with_turn("anna", *actions))
    assert where(violation) == ("turn.unexpected", 0, len(actions) - 1)
    assert violation.details == {"decision": decision, "type": kind}


# -- reveals ------------------------------------------------------------------------------------


def test_reveal_required_by_another_action_another_stone_and_the_end_of_the_turn():
    table = Table()
    for actions, position in [
        ([play("red", 3, figure="large"), draw()], 1),
        ([play("red", 3, figure="large"), reveal("red", 2, "none"), draw()], 1),
        ([play("red", 3, figure="large")], 1),
    ]:
        violation = refusal(table.with_turn("anna", *actions))
        assert where(violation) == ("reveal.required", 0, position)
        assert violation.details == {"path": "red", "row": 1}
    assert violation.message() == "Which tile lies on red 1? Add a reveal for it."
    Game.replay(table.with_turn("anna", play("red", 3, figure="large"), reveal("red", 1, "none"), draw()))


def test_reveal_mismatch_on_a_known_and_on_a_taken_stone():
    table = opened()
    violation = refusal(table.with_turn("ben", reveal("red", 1, "wish"), discard("blue", 1), draw()))
    assert where(violation) == ("reveal.mismatch", 1, 0)
    assert violation.details == {"path": "red", "row": 1, "known": "none", "revealed": "wish"}
    assert violation.message() == "Red 1 holds none, not wish."
    record = example(5)
    record["turns"][0]["actions"][3]["tile"] = "wish"  # the wishing stone was just taken
    assert where(refusal(record)) == ("reveal.mismatch", 0, 3)
    Game.replay(table.with_turn("ben", reveal("red", 1, "none"), discard("blue", 1), draw()))


def test_reveal_impossible_none_on_an_end_stone():
    violation = refusal(Table().with_turn("anna", reveal("red", 9, "none"), discard("red", 1), draw()))
    assert where(violation) == ("reveal.impossible", 0, 0)
    assert violation.details["tile"] == "none" and violation.details["row"] == 9
    Game.replay(Table().with_turn("anna", reveal("red", 9, "clover"), discard("red", 1), draw()))


def test_reveal_impossible_a_21st_bare_stone():
    bare = [reveal(path, row, "none") for path in ("red", "yellow", "green", "blue", "purple") for row in (1, 2, 3, 4)]
    violation = refusal(Table().with_turn("anna", *bare, reveal("red", 5, "none"), discard("red", 1), draw()))
    assert where(violation) == ("reveal.impossible", 0, 20)
    Game.replay(Table().with_turn("anna", *bare, reveal("red", 5, "wish"), discard("red", 1), draw()))


def test_reveal_impossible_a_10th_wishing_stone():
    wishes = [reveal(path, 9, "wish") for path in ("red", "yellow", "green", "blue", "purple")]
    wishes += [reveal("red", row, "wish") for row in (1, 2, 3, 4)]
    violation = refusal(Table().with_turn("anna", *wishes, reveal("red", 5, "wish"), discard("red", 1), draw()))
    assert where(violation) == ("reveal.impossible", 0, 9)
    assert violation.details["reason"] == "all 9 wish tiles are already known to lie elsewhere"


def test_reveal_impossible_a_21st_tile_on_rows_1_to_8_owed_by_an_arrival():
    tiles = ["wish"] * 9 + ["clover"] * 9 + ["points-2"] * 2
    stones = [(path, row) for path in ("yellow", "green", "blue", "purple") for row in range(1, 9)][:20]
    listing: dict = {}
    for (path, row), tile in zip(stones, tiles):
        listing.setdefault(path, {})[str(row)] = tile
    table = Table(setup={"tiles": listing})
    violation = refusal(table.with_turn("anna", play("red", 3, figure="large"), reveal("red", 1, "points-3")))
    assert where(violation) == ("reveal.impossible", 0, 1)
    assert violation.details["reason"] == "20 stones of rows 1-8 are already known to hold tiles"
    Game.replay(table.with_turn("anna", play("red", 3, figure="large"), reveal("red", 1, "none"), draw()))
    Game.replay(table.with_turn("anna", reveal("red", 9, "points-3"), discard("red", 1), draw()))


# -- cards ----------------------------------------------------------------------------------------


def test_card_exhausted_and_the_known_copy_still_playable():
    record = example(6)
    violation = refusal(record)
    assert where(violation) == ("card.exhausted", 2, 0)
    record["turns"][2] = {"player": "anna", "actions": [discard("red", 1), draw()]}
    record["turns"].append({"player": "ben", "actions": [discard("yellow", 6), draw()]})
    Game.replay(record)


def test_card_not_in_hand_once_all_eight_cards_are_known():
    table = Table()
    for value in range(8):
        table.turn(discard("red", value), draw_from="red")  # each discard taken straight back
        table.turn(discard("blue", value))
    violation = refusal(table.with_turn("anna", discard("green", 1), draw()))
    assert where(violation) == ("card.not_in_hand", 16, 0)
    assert violation.message() == "Every card in your hand is known, and none of them is green 1."
    Game.replay(table.with_turn("anna", discard("red", 5), draw()))


# -- game over ---------------------------------------------------------------------------------------


def test_game_over_after_the_deck_ran_out():
    table = Table()
    for color, value in (ALL_CARDS + ALL_CARDS)[:64]:
        table.turn(discard(color, value))
    violation = refusal(table.with_turn("anna", discard("purple", 10), draw()))
    assert where(violation) == ("game.over", 64, None)
    assert violation.message() == "The game is over (the draw pile is empty); nothing more can be played."
    assert violation.message("de") == "Das Spiel ist vorbei (Nachziehstapel leer); es kann nichts mehr gespielt werden."


# -- messages ---------------------------------------------------------------------------------------


def test_every_rule_has_a_message_in_three_languages_with_the_same_placeholders():
    import string

    def fields(template):
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    for rule, templates in MESSAGES.items():
        assert set(templates) == {"en", "de", "es"}, rule
        assert fields(templates["de"]) == fields(templates["en"]) == fields(templates["es"]), rule
    assert {rule for rule in MESSAGES if rule.startswith("keltis.")} == {
        "keltis.row.direction", "keltis.path.occupied", "keltis.figure.missing", "keltis.figure.unavailable",
        "keltis.bonus.missing", "keltis.bonus.unexpected", "keltis.move.no_figure", "keltis.move.at_end",
        "keltis.draw.empty", "keltis.draw.own_discard"}
    assert "board.invalid" not in KELTIS.describe()["rules"]


# -- options ---------------------------------------------------------------------------------------


def test_point_tiles_stay_or_go_with_the_first_arrival():
    record = example(3)
    shared = Game.replay(record)
    assert [p["breakdown"]["track"] for p in shared.scoresheet()["players"]] == [1, 1, 0]
    record["options"] = {"point_tiles_stay": False}
    taken = Game.replay(record)
    assert [p["breakdown"]["track"] for p in taken.scoresheet()["players"]] == [1, 0, 0]
    assert taken.view()["stones"]["purple"]["1"] == {"tile": "points-1", "taken": True}
    assert shared.view()["stones"]["purple"]["1"] == {"tile": "points-1", "taken": False}
