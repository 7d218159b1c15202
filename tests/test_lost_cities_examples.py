"""The worked examples, fragments and tally of rules/lost-cities.md §13-§14,
exactly as printed."""

import copy
import json

import pytest

import examples
from brehon.cli import main
from lost_cities_games import Table, discard, draw, play, record
from scoring import Game, Refused, replay, tally
from scoring.lost_cities.state import COLORS


def example(number: int) -> dict:
    return examples.example("lost_cities", f"example{number}")


@pytest.mark.parametrize("number", [1, 2, 3])
def test_worked_example_gives_the_printed_sheet(number):
    data = example(number)
    assert replay(data["record"]) == data["sheet"]


def test_example_1_deck_and_a_known_card_played():
    game = Game.replay(example(1)["record"])
    view = game.view()
    # The rules file says "five deck draws; the deck holds 39", but its record draws from the
    # deck in six of its seven turns (turn 4 draws from the blue pile): 44 - 6 = 38.
    assert view["deck"] == 38
    assert view["piles"]["white"] == [10] and view["piles"]["blue"] == []
    assert view["players"]["anna"]["expeditions"]["red"] == ["wager", 3]
    assert view["players"]["anna"]["hand"] == {"known": [], "unknown": 8}
    after_pile_draw = Game.replay({**example(1)["record"], "turns": example(1)["record"]["turns"][:5]}).view()
    assert after_pile_draw["players"]["anna"]["hand"] == {"known": [{"color": "blue", "value": 4}], "unknown": 7}


# -- example 2: one more turn of Ben's, in each version of the table ---------------------------

GREEN_2 = discard("green", 2)
VERSIONS = [
    ([play("green", 5), draw()], ("lost-cities.row.ascending", 7, 0)),
    ([play("green", "wager"), draw()], ("lost-cities.row.wager_late", 7, 0)),
    ([discard("white", 10), draw()], ("card.exhausted", 7, 0)),
    ([play("blue", 4), draw()], ("card.exhausted", 7, 0)),
    ([GREEN_2, draw("green")], ("lost-cities.draw.just_discarded", 7, 1)),
    ([GREEN_2, draw("yellow")], ("lost-cities.draw.empty_pile", 7, 1)),
    ([GREEN_2], ("turn.incomplete", 7, 1)),
    ([draw(), GREEN_2], ("turn.unexpected", 7, 0)),
]


@pytest.mark.parametrize("actions, answer", VERSIONS)
def test_example_2_refusals(actions, answer):
    extended = copy.deepcopy(example(1)["record"])
    extended["turns"].append({"player": "ben", "actions": actions})
    with pytest.raises(Refused) as refused:
        Game.replay(extended)
    violation = refused.value.violation
    assert (violation.rule, violation.turn, violation.action) == answer


def test_example_2_ben_may_take_the_white_10_anna_discarded_earlier():
    extended = copy.deepcopy(example(1)["record"])
    extended["turns"].append({"player": "ben", "actions": [GREEN_2, draw("white")]})
    view = Game.replay(extended).view()
    assert view["players"]["ben"]["hand"]["known"] == [{"color": "white", "value": 10}]
    assert view["piles"] == {"yellow": [], "blue": [], "white": [], "green": [2], "red": []}


def test_example_2_a_turn_of_anna_is_out_of_order():
    extended = copy.deepcopy(example(1)["record"])
    extended["turns"].append({"player": "anna", "actions": [GREEN_2, draw()]})
    with pytest.raises(Refused) as refused:
        Game.replay(extended)
    violation = refused.value.violation
    assert (violation.rule, violation.turn, violation.action) == ("turn.order", 7, None)
    assert violation.details == {"expected": "ben", "got": "anna"}
    assert violation.message() == "It is Ben's turn, not Anna's."


def test_example_2_message_in_german_and_spanish():
    with pytest.raises(Refused) as refused:
        Game.replay(example(2)["record"])
    violation = refused.value.violation
    assert violation.message("de") == "Deine Expedition Grün steht bei 8: die nächste Karte in Grün muss höher als 8 sein."
    assert violation.message("es") == ("Tu expedición de color verde ya llega a 8: la siguiente carta de ese color "
                                       "debe ser mayor que 8.")


def test_example_3_one_purple_wager_is_left_unseen():
    data = example(3)["record"]
    game = Game.replay(data)
    assert game.view()["deck"] == 56 - 4
    assert game.view()["piles"]["purple"] == ["wager"]
    assert {"color": "purple", "value": "wager"} in game.decision().choices["discard"]
    table = Table(options={"purple": True}, setup=data["setup"])
    table.record["turns"] = copy.deepcopy(data["turns"])
    table.turn(discard("purple", "wager"), draw())  # Anna: the third one
    Game.replay(table.record)
    with pytest.raises(Refused) as refused:
        Game.replay(table.with_turn(discard("purple", "wager"), draw()))
    violation = refused.value.violation
    assert (violation.rule, violation.turn, violation.action) == ("card.exhausted", 5, 0)
    assert violation.details == {"card": {"color": "purple", "value": "wager"}, "copies": 3}
    assert violation.message() == "All three purple wager cards are already seen elsewhere; none can be in your hand."
    assert violation.message("de") == "Alle drei Wettkarten Lila liegen schon anderswo; keine kann in deiner Hand sein."


# -- example 4: a hand of known cards -----------------------------------------------------------


def known_hand() -> Table:
    """Ben takes Anna's yellow discard eight turns in a row, each time
    discarding an unknown blue card: all 8 cards of his hand are known."""
    table = Table()
    for value in range(2, 10):
        table.turn(discard("yellow", value), draw())
        table.turn(discard("blue", value), draw("yellow"))
    table.turn(discard("white", 2), draw())
    return table


def test_example_4_a_hand_of_known_cards_can_only_play_one_of_them():
    table = known_hand()
    game = Game.replay(table.record)
    assert game.view()["players"]["ben"]["hand"]["unknown"] == 0
    with pytest.raises(Refused) as refused:
        Game.replay(table.with_turn(play("red", 7), draw()))
    violation = refused.value.violation
    assert (violation.rule, violation.turn, violation.action) == ("card.not_in_hand", 17, 0)
    assert violation.details["known"] == [{"color": "yellow", "value": value} for value in range(2, 10)]
    assert violation.message() == "Every card in your hand is known, and none of them is red 7."
    # every copy seen comes first
    with pytest.raises(Refused) as refused:
        Game.replay(table.with_turn(play("blue", 5), draw()))
    assert refused.value.violation.rule == "card.exhausted"
    assert refused.value.violation.message("es") == \
        "La carta 5 azul ya está a la vista en otro lugar; no puede estar en tu mano."
    # one of them is fine; and after a deck draw any unseen card is possible again
    table.turn(play("yellow", 5), draw())
    table.turn(discard("white", 3), draw())
    table.turn(play("red", 7), draw())
    Game.replay(table.record)


def test_example_4_the_open_decision_offers_only_the_known_cards():
    table = known_hand()
    game = Game.replay(table.record)
    choices = game.decision().choices
    known = [{"color": "yellow", "value": value} for value in range(2, 10)]
    assert choices["discard"] == known
    assert choices["play"] == {"yellow": list(range(2, 10)), "blue": [], "white": [], "green": [], "red": []}


# -- the end of the deck -----------------------------------------------------------------------


def deck_of_one() -> Table:
    """43 deck draws: the deck holds one card and it is Ben's turn."""
    table = Table()
    cards = [(color, value) for color in COLORS for value in range(2, 11) if (color, value) != ("yellow", 2)]
    for color, value in cards[:43]:
        table.turn(discard(color, value), draw())
    return table


def test_fragment_the_last_deck_card_ends_the_round():
    table = deck_of_one()
    game = Game.replay(table.record)
    assert game.view()["deck"] == 1 and game.decision().player == "ben"
    table.turn(discard("yellow", 2), draw())
    sheet = replay(table.record)
    assert sheet["status"] == "finished" and sheet["end_reason"] == "deck_exhausted"
    with pytest.raises(Refused) as refused:
        Game.replay(table.with_turn(play("red", "wager"), draw()))
    violation = refused.value.violation
    assert (violation.rule, violation.turn, violation.action) == ("game.over", 44, None)
    assert violation.details == {"end_reason": "deck_exhausted"}


def test_fragment_a_pile_draw_leaves_the_last_deck_card():
    table = deck_of_one()
    table.turn(discard("yellow", 2), draw("blue"))
    game = Game.replay(table.record)
    assert not game.is_over and game.view()["deck"] == 1 and game.decision().player == "anna"


# -- the tally ----------------------------------------------------------------------------------


TALLY = {"game": "lost-cities", "options": {},
         "players": [
             {"id": "anna", "expeditions": {"yellow": ["wager", 3, 5, 9],
                                            "blue": ["wager", "wager", 2, 4, 6, 7, 8, 10]},
              "earlier_rounds": 20},
             {"id": "ben", "expeditions": {"white": [4, 5, 6, 7], "green": ["wager"],
                                           "red": [6, 7, 8, 9, 10]}}]}
TALLY_SHEET = {"game": "lost-cities", "status": "finished", "end_reason": None,
               "players": [
                   {"id": "anna", "total": 85, "rank": 1, "breakdown": {"yellow": -6, "blue": 71, "white": 0,
                                                                        "green": 0, "red": 0, "earlier_rounds": 20}},
                   {"id": "ben", "total": -18, "rank": 2, "breakdown": {"yellow": 0, "blue": 0, "white": 2,
                                                                        "green": -40, "red": 20, "earlier_rounds": 0}}],
               "winners": ["anna"]}


def test_tally_worked_numbers(tmp_path, capsys):
    assert tally(TALLY) == TALLY_SHEET
    path = tmp_path / "tally.json"
    path.write_text(json.dumps(TALLY))
    assert main(["tally", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == TALLY_SHEET


@pytest.mark.parametrize("row, score", [
    ([5], -15),
    (["wager"], -40),
    (["wager", "wager", "wager"], -80),
    (["wager", 3, 5, 9], -6),
    ([2, 3, 4, 5, 6, 7, 8, 9], 44),
    (["wager", "wager", "wager", 2, 3, 4, 5, 6], 20),
    (["wager", "wager", "wager", 2, 3, 4, 5, 6, 7, 8, 9, 10], 156),
    (["wager", 2, 3, 4, 5, 6, 7], 14),
    ([], 0),
])
def test_the_scoring_table_of_section_9(row, score):
    sheet = tally({"game": "lost-cities", "players": [{"id": "anna", "expeditions": {"red": row}},
                                                      {"id": "ben", "expeditions": {}}]})
    assert sheet["players"][0]["breakdown"]["red"] == score == sheet["players"][0]["total"]


def test_a_record_with_no_turns_gives_every_player_their_carry():
    sheet = replay(record(setup={"carry": {"ben": 7}}))
    assert sheet["status"] == "in_progress"
    assert [(player["id"], player["total"], player["rank"]) for player in sheet["players"]] == \
        [("anna", 0, 2), ("ben", 7, 1)]
    assert sheet["players"][0]["breakdown"] == {color: 0 for color in COLORS} | {"earlier_rounds": 0}


# -- what the summary reads ------------------------------------------------------------------------


def chronicled(data: dict):
    game = Game.start(data)
    chronicle = game.ruleset.chronicle(data, game.state)
    for index, turn in enumerate(data["turns"]):
        game.play(turn)
        chronicle.turn_played(index, turn, game.state)
    return game, chronicle


def test_the_summary_reads_cards_played_per_colour_and_points_per_expedition():
    game, chronicle = chronicled(example(1)["record"])
    assert chronicle.cards_played() == {"yellow": 0, "blue": 1, "white": 0, "green": 2, "red": 2}
    sheet = game.scoresheet()
    assert chronicle.sources(sheet, game.state)["anna"] == sheet["players"][0]["breakdown"]
    assert chronicle.end(sheet) is None and chronicle.longest_chain() is None
    _, purple = chronicled(example(3)["record"])
    assert purple.cards_played()["purple"] == 3


def test_the_summary_names_the_turn_that_used_up_the_deck():
    table = deck_of_one()
    table.turn(discard("yellow", 2), draw())
    game, chronicle = chronicled(table.record)
    assert chronicle.end(game.scoresheet()) == {"reason": "deck_exhausted", "turn": 43, "player": "ben"}
