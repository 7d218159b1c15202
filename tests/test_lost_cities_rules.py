"""Every Lost Cities rule id and every shared one it uses: a refused case
with its position and details, and the accepted case next to it (rules
§11); the record's schema (§11.5), setup (§3.2), the tally's checks (§13)
and the exit codes of ``brehon replay`` and ``brehon tally``."""

import copy
import json

import pytest

from brehon.cli import main
from lost_cities_games import Table, discard, draw, play, record
from scoring import RULESETS, Game, Refused, tally
from scoring.lost_cities.messages import MESSAGES


def refusal(data: dict):
    with pytest.raises(Refused) as refused:
        Game.replay(data)
    return refused.value.violation


def where(violation) -> tuple:
    return violation.rule, violation.turn, violation.action


def opened() -> Table:
    """Anna's red expedition holds a wager and red 4; Ben's turn."""
    table = Table()
    table.turn(play("red", "wager"), draw())
    table.turn(discard("blue", 3), draw())
    table.turn(play("red", 4), draw())
    return table


def test_the_rule_ids_are_the_closed_list_of_the_rules_file():
    assert set(MESSAGES) == {"lost-cities.row.ascending", "lost-cities.row.wager_late",
                             "lost-cities.draw.empty_pile", "lost-cities.draw.just_discarded"}
    assert RULESETS["lost-cities"].describe()["rules"] == sorted([
        *MESSAGES, "record.invalid", "setup.invalid", "turn.order", "turn.incomplete", "turn.unexpected",
        "game.over", "card.exhausted", "card.not_in_hand"])


# -- lost-cities.row.ascending, lost-cities.row.wager_late (§7.1) -----------------------------


def test_row_ascending_refused_below_the_highest_number_and_a_higher_one_accepted():
    table = opened()
    table.turn(discard("green", 2), draw())  # Ben
    violation = refusal(table.with_turn(play("red", 3), draw()))
    assert where(violation) == ("lost-cities.row.ascending", 4, 0)
    assert violation.details == {"color": "red", "expedition": ["wager", 4], "highest": 4,
                                 "card": {"color": "red", "value": 3}}
    assert violation.message() == "Your red expedition has reached 4: the next red card must be higher than 4."
    Game.replay(table.with_turn(play("red", 9), draw()))  # values need not be consecutive


def test_row_wager_late_after_a_number_and_three_wagers_in_a_row_accepted():
    table = opened()
    table.turn(discard("green", 2), draw())
    violation = refusal(table.with_turn(play("red", "wager"), draw()))
    assert where(violation) == ("lost-cities.row.wager_late", 4, 0)
    assert violation.details == {"color": "red", "expedition": ["wager", 4], "card": {"color": "red", "value": "wager"}}
    assert violation.message("de").startswith("Deine Expedition Rot enthält schon Zahlenkarten;")
    wagers = Table()
    for _ in range(3):
        wagers.turn(play("blue", "wager"), draw())
        wagers.turn(discard("green", 2 + len(wagers.record["turns"]) // 2), draw())
    wagers.turn(play("blue", 2), draw())  # any number after wagers
    sheet = Game.replay(wagers.record).scoresheet()
    assert sheet["players"][0]["breakdown"]["blue"] == (2 - 20) * 4


def test_an_equal_value_is_the_card_already_laid_and_refused_as_exhausted_first():
    table = opened()
    table.turn(discard("green", 2), draw())
    assert where(refusal(table.with_turn(play("red", 4), draw()))) == ("card.exhausted", 4, 0)


# -- lost-cities.draw.empty_pile, lost-cities.draw.just_discarded (§6.3) ----------------------


def test_draw_from_an_empty_pile():
    violation = refusal(Table().with_turn(discard("red", 5), draw("yellow")))
    assert where(violation) == ("lost-cities.draw.empty_pile", 0, 1)
    assert violation.details == {"pile": "yellow"}
    assert violation.message("es") == "La pila de descarte de color amarillo está vacía."


def test_the_card_just_discarded_may_not_be_taken_back_but_an_earlier_discard_may():
    table = Table()
    violation = refusal(table.with_turn(discard("red", "wager"), draw("red")))
    assert where(violation) == ("lost-cities.draw.just_discarded", 0, 1)
    assert violation.details == {"pile": "red", "card": {"color": "red", "value": "wager"}}
    assert violation.message() == ("You cannot take back the red wager card you just discarded; "
                                   "draw from the deck or another pile.")
    assert violation.message("de").startswith("Du darfst die eben abgelegte Karte Wettkarte Rot nicht")
    table.turn(discard("red", 5), draw())
    table.turn(discard("blue", 5), draw("red"))  # Ben takes Anna's red 5
    table.turn(discard("red", 6), draw())
    table.turn(discard("green", 9), draw())
    table.turn(discard("red", 7), draw("green"))  # a pile fed a turn before, by the other player
    Game.replay(table.record)


# -- card.exhausted, card.not_in_hand (§7.3) -----------------------------------------------------


def test_card_exhausted_for_a_number_card_seen_anywhere_in_a_pile():
    table = Table()
    table.turn(discard("white", 6), draw())
    table.turn(discard("white", 8), draw())  # white 6 lies under the 8
    violation = refusal(table.with_turn(play("white", 6), draw()))
    assert where(violation) == ("card.exhausted", 2, 0)
    assert violation.details == {"card": {"color": "white", "value": 6}, "copies": 1}
    assert violation.message() == "The white 6 is already seen elsewhere; it cannot be in your hand."
    assert violation.message("de") == "Die Karte Weiß 6 liegt schon anderswo; sie kann nicht in deiner Hand sein."


def test_a_known_card_of_the_other_hand_is_seen_and_a_known_card_of_ones_own_is_played():
    table = Table()
    table.turn(discard("white", 6), draw())
    table.turn(discard("green", 3), draw("white"))  # Ben holds the white 6, known
    assert where(refusal(table.with_turn(discard("white", 6), draw()))) == ("card.exhausted", 2, 0)
    table.turn(discard("green", 4), draw())
    table.turn(play("white", 6), draw())  # Ben plays his known card
    game = Game.replay(table.record)
    assert game.view()["players"]["ben"]["hand"] == {"known": [], "unknown": 8}


def test_card_not_in_hand_and_the_accepted_known_card():
    table = Table()
    for value in range(2, 10):
        table.turn(discard("yellow", value), draw())
        table.turn(discard("blue", value), draw("yellow"))
    table.turn(discard("white", 2), draw())
    violation = refusal(table.with_turn(discard("green", 10), draw()))
    assert where(violation) == ("card.not_in_hand", 17, 0)
    assert violation.details == {"card": {"color": "green", "value": 10},
                                 "known": [{"color": "yellow", "value": value} for value in range(2, 10)]}
    Game.replay(table.with_turn(discard("yellow", 9), draw()))


# -- turn.order, turn.incomplete, turn.unexpected, game.over (§5) --------------------------------


def test_turn_order():
    violation = refusal(Table().with_turn(discard("red", 5), draw(), player="ben"))
    assert where(violation) == ("turn.order", 0, None)
    assert violation.details == {"expected": "anna", "got": "ben"}


@pytest.mark.parametrize("actions, position, decision", [
    ([], 0, "main"),
    ([discard("red", 5)], 1, "draw"),
])
def test_turn_incomplete_names_where_the_missing_action_belongs(actions, position, decision):
    violation = refusal(Table().with_turn(*actions))
    assert where(violation) == ("turn.incomplete", 0, position)
    assert violation.details == {"decision": decision}
    assert "{" not in violation.message("de")


@pytest.mark.parametrize("actions, position, decision, kind", [
    ([draw()], 0, "main", "draw"),
    ([discard("red", 5), play("red", 6)], 1, "draw", "play"),
    ([discard("red", 5), draw(), draw()], 2, "done", "draw"),
    ([play("red", 5), draw(), discard("red", 6)], 2, "done", "discard"),
])
def test_turn_unexpected(actions, position, decision, kind):
    violation = refusal(Table().with_turn(*actions))
    assert where(violation) == ("turn.unexpected", 0, position)
    assert violation.details == {"decision": decision, "type": kind}


def ended() -> Table:
    table = Table()
    cards = [(color, value) for color in ("yellow", "blue", "white", "green", "red") for value in range(2, 11)]
    for color, value in cards[:44]:
        table.turn(discard(color, value), draw())
    return table


def test_game_over_for_a_later_turn_and_for_an_action_after_the_last_draw():
    table = ended()
    assert Game.replay(table.record).scoresheet()["status"] == "finished"
    violation = refusal(table.with_turn(discard("red", 10), draw()))
    assert where(violation) == ("game.over", 44, None)
    assert violation.message() == "The game is over (the draw pile is empty); nothing more can be played."
    last = copy.deepcopy(table.record)
    last["turns"][-1]["actions"].append(discard("red", 10))
    violation = refusal(last)
    assert where(violation) == ("game.over", 43, 2)
    assert violation.details == {"end_reason": "deck_exhausted"}


def test_the_deck_with_purple_holds_56():
    table = Table(options={"purple": True})
    cards = [(color, value) for color in ("yellow", "blue", "white", "green", "red", "purple")
             for value in range(2, 11)] + [("yellow", "wager")]
    for color, value in cards:
        table.turn(discard(color, value), draw())
    assert len(cards) == 55 and Game.replay(table.record).view()["deck"] == 1
    table.turn(discard("yellow", "wager"), draw())
    assert Game.replay(table.record).scoresheet()["end_reason"] == "deck_exhausted"


# -- setup.invalid (§3.2) --------------------------------------------------------------------------


def test_setup_carry_names_a_player_of_the_record_before_its_bounds():
    violation = refusal(record(setup={"carry": {"anna": 5000, "zoe": 3}}))
    assert where(violation) == ("setup.invalid", None, None)
    assert violation.details["player"] == "zoe"
    violation = refusal(record(setup={"carry": {"ben": 1001}}))
    assert where(violation) == ("setup.invalid", None, None)
    assert violation.details["player"] == "ben"
    assert "Ben" not in violation.details["reason"] and "{" not in violation.message("es")
    sheet = Game.replay(record(setup={"carry": {"anna": -1000, "ben": 1000}})).scoresheet()
    assert [player["total"] for player in sheet["players"]] == [-1000, 1000]


# -- record.invalid (§11.5) --------------------------------------------------------------------------


def with_turn(*actions, **fields) -> dict:
    return Table(**fields).with_turn(*actions)


@pytest.mark.parametrize("data, pointer, position", [
    (record(extra=1), "/extra", (None, None)),
    (record(options={"purple": "yes"}), "/options/purple", (None, None)),
    (record(options={"colours": 6}), "/options/colours", (None, None)),
    (record(players=[{"id": "anna", "name": "Anna"}]), "/players", (None, None)),
    (record(players=[{"id": "a", "name": "A"}, {"id": "b", "name": "B"}, {"id": "c", "name": "C"}]), "/players",
     (None, None)),
    (record(board={"name": "x"}), "/board", (None, None)),
    (record(setup={"tiles": {}}), "/setup/tiles", (None, None)),
    (record(setup={"carry": []}), "/setup/carry", (None, None)),
    (record(setup={"carry": {"anna": True}}), "/setup/carry/anna", (None, None)),
    (record(setup={"carry": {"anna": 2.0}}), "/setup/carry/anna", (None, None)),
    (with_turn(play("red", 11), draw()), "/turns/0/actions/0/card/value", (0, 0)),
    (with_turn(play("red", 1), draw()), "/turns/0/actions/0/card/value", (0, 0)),
    (with_turn(play("red", 2.0), draw()), "/turns/0/actions/0/card/value", (0, 0)),
    (with_turn(play("red", True), draw()), "/turns/0/actions/0/card/value", (0, 0)),
    (with_turn(play("red", "Wager"), draw()), "/turns/0/actions/0/card/value", (0, 0)),
    (with_turn(play("purple", 5), draw()), "/turns/0/actions/0/card/color", (0, 0)),
    (with_turn(discard("red", 5), draw("purple")), "/turns/0/actions/1/from", (0, 1)),
    (with_turn(discard("red", 5), {"type": "draw", "from": "deck", "card": None}), "/turns/0/actions/1/card",
     (0, 1)),
    (with_turn({"type": "pass"}), "/turns/0/actions/0/type", (0, 0)),
    (with_turn({"type": "play", "card": {"color": "red"}}), "/turns/0/actions/0/card/value", (0, 0)),
])
def test_record_invalid(data, pointer, position):
    violation = refusal(data)
    assert (violation.rule, violation.turn, violation.action) == ("record.invalid", *position)
    assert violation.details["pointer"] == pointer


def test_a_purple_card_with_the_option_is_fine():
    Game.replay(with_turn(play("purple", 5), draw("deck"), options={"purple": True}))


def test_an_unknown_player_in_a_turn_is_the_turn_at_fault():
    data = Table().with_turn(discard("red", 5), draw(), player="zoe")
    violation = refusal(data)
    assert where(violation) == ("record.invalid", 0, None)
    assert violation.details["pointer"] == "/turns/0/player"


def test_the_schema_is_checked_in_full_before_any_rule():
    table = Table()
    table.turn(draw())  # turn.unexpected, but...
    table.turn(discard("red", 5), draw())
    data = table.with_turn(play("red", 11), draw())  # ...a malformed card in a later turn comes first
    assert where(refusal(data)) == ("record.invalid", 2, 0)


# -- the open decision (§12) -------------------------------------------------------------------------


def test_the_open_decision_and_its_legal_choices():
    table = opened()
    game = Game.replay(table.record)
    decision = game.decision()
    assert decision.name == "main" and decision.player == "ben"
    # Ben may lay anything unseen; red 4 and the blue 3 are seen (Anna's expedition, the blue pile)
    assert decision.choices["play"]["red"] == ["wager", 2, 3, 5, 6, 7, 8, 9, 10]
    assert decision.choices["play"]["blue"] == ["wager", 2, 4, 5, 6, 7, 8, 9, 10]
    assert {"color": "red", "value": 4} not in decision.choices["discard"]
    assert len(decision.choices["discard"]) == 5 * 10 - 2  # the three wagers of a colour are one choice
    checked = game.check({"player": "ben", "actions": [discard("green", 7)]})
    assert checked["legal"] and not checked["complete"]
    assert checked["decision"].name == "draw"
    assert checked["decision"].choices == {"from": ["deck", "blue"]}  # not green, just discarded
    anna = Game.replay(table.with_turn(discard("red", 7), draw()))
    assert anna.decision().choices["play"]["red"] == [5, 6, 8, 9, 10]  # 7 is seen, no wager after 4
    done = game.check({"player": "ben", "actions": [discard("green", 7), draw()]})
    assert done["complete"] and done["decision"].name == "done" and done["decision"].actions == []


def test_every_listed_action_is_accepted():
    game = Game.replay(opened().record)
    for action in game.decision().actions:
        checked = game.check({"player": "ben", "actions": [action]})
        assert checked["legal"], action
        for follow in checked["decision"].actions:
            assert game.check({"player": "ben", "actions": [action, follow]})["complete"], (action, follow)


# -- exit codes of brehon replay and brehon tally ----------------------------------------------------


def run(tmp_path, capsys, command, data) -> tuple[int, dict | None]:
    path = tmp_path / "input.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    code = main([command, str(path)])
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else None


def test_replay_exit_codes(tmp_path, capsys):
    assert run(tmp_path, capsys, "replay", opened().record)[0] == 0
    code, sheet = run(tmp_path, capsys, "replay", with_turn(play("purple", 5), draw()))
    assert code == 1 and sheet["violations"][0]["rule"] == "record.invalid"
    code, sheet = run(tmp_path, capsys, "replay", record(options={"colours": 6}))
    assert code == 1 and sheet["violations"][0]["rule"] == "record.invalid"
    assert run(tmp_path, capsys, "replay", {**record(), "format": "brehon/2"})[0] == 2
    assert run(tmp_path, capsys, "replay", "not json")[0] == 2


# -- the tally (§13) ------------------------------------------------------------------------------------


def tally_of(anna: dict, ben: dict | None = None, **fields) -> dict:
    return {"game": "lost-cities", "options": {}, "players": [{"id": "anna", "expeditions": anna},
                                                              {"id": "ben", "expeditions": ben or {}}], **fields}


def tally_refusal(data):
    with pytest.raises(Refused) as refused:
        tally(data)
    return refused.value.violation


@pytest.mark.parametrize("data, pointer", [
    (tally_of({}, extra=1), "/extra"),
    (tally_of({}, board={"id": "x"}), "/board"),
    (tally_of({"purple": [5]}), "/players/0/expeditions/purple"),
    (tally_of({"red": [11]}), "/players/0/expeditions/red/0"),
    (tally_of({"red": ["Wager"]}), "/players/0/expeditions/red/0"),
    (tally_of({"red": [True]}), "/players/0/expeditions/red/0"),
    (tally_of({"red": 5}), "/players/0/expeditions/red"),
    (tally_of({}, options={"purple": 1}), "/options/purple"),
    ({"game": "lost-cities", "players": [{"id": "anna", "expeditions": {}}]}, "/players"),
    ({"game": "lost-cities", "players": [{"id": "anna", "expeditions": {}, "earlier_rounds": 1001},
                                         {"id": "ben", "expeditions": {}}]}, "/players/0/earlier_rounds"),
    ({"game": "lost-cities", "players": [{"id": "anna"}, {"id": "ben", "expeditions": {}}]},
     "/players/0/expeditions"),
    (tally_of({"red": [5, 5]}), "/players/0/expeditions/red/1"),  # check 2 before check 3
    (tally_of({"red": [7]}, {"red": [2, 7]}), "/players/1/expeditions/red/1"),
    (tally_of({"red": ["wager", "wager"]}, {"red": ["wager", "wager"]}), "/players/1/expeditions/red/1"),
])
def test_tally_record_invalid(data, pointer):
    violation = tally_refusal(data)
    assert (violation.rule, violation.turn, violation.action) == ("record.invalid", None, None)
    assert violation.details["pointer"] == pointer


def test_tally_row_order_faults_name_the_player_in_seating_and_colour_order():
    violation = tally_refusal(tally_of({"red": [3, 2], "yellow": [4, "wager"]}, {"blue": [9, 8]}))
    assert (violation.rule, violation.turn, violation.action) == ("lost-cities.row.wager_late", None, None)
    assert violation.details == {"color": "yellow", "expedition": [4], "card": {"color": "yellow", "value": "wager"},
                                 "player": "anna"}
    violation = tally_refusal(tally_of({}, {"blue": [3, 9, 8]}))
    assert violation.rule == "lost-cities.row.ascending"
    assert violation.details == {"color": "blue", "expedition": [3, 9], "highest": 9,
                                 "card": {"color": "blue", "value": 8}, "player": "ben"}


def test_tally_with_purple_and_the_8_card_bonus():
    sheet = tally(tally_of({"purple": ["wager", "wager", "wager", *range(2, 11)]},
                           {"red": list(range(2, 10))}, options={"purple": True}))
    assert sheet["players"][0]["breakdown"]["purple"] == 156
    assert sheet["players"][1]["breakdown"] == {"yellow": 0, "blue": 0, "white": 0, "green": 0, "red": 44,
                                                "purple": 0, "earlier_rounds": 0}
    assert sheet["status"] == "finished" and sheet["end_reason"] is None


def test_tally_ties_share_the_rank():
    sheet = tally(tally_of({"red": [10]}, {"blue": [10]}))
    assert [player["rank"] for player in sheet["players"]] == [1, 1] and sheet["winners"] == ["anna", "ben"]


def test_tally_exit_codes(tmp_path, capsys):
    code, sheet = run(tmp_path, capsys, "tally", tally_of({"red": [3, 2]}))
    assert code == 2 and sheet["violations"][0]["rule"] == "lost-cities.row.ascending"
    code, sheet = run(tmp_path, capsys, "tally", tally_of({"red": ["wager", 3, "wager"]}))
    assert code == 2 and sheet["violations"][0]["rule"] == "lost-cities.row.wager_late"
    code, sheet = run(tmp_path, capsys, "tally", tally_of({"red": [3, 3]}))
    assert code == 2 and sheet["violations"][0]["rule"] == "record.invalid"
    assert run(tmp_path, capsys, "tally", tally_of({"red": [3]}))[0] == 0


def test_known_cards_are_listed_in_the_order_of_the_game_s_colours():
    table = Table()
    table.turn(discard("red", 5), draw())
    table.turn(discard("blue", 2), draw("red"))
    table.turn(discard("yellow", 3), draw())
    table.turn(discard("blue", 3), draw("yellow"))
    hand = Game.replay(table.record).view()["players"]["ben"]["hand"]
    assert hand == {"known": [{"color": "yellow", "value": 3}, {"color": "red", "value": 5}], "unknown": 6}


def test_the_examples_of_section_7_3():
    # Anna discards yellow 9: Ben's yellow 9 is exhausted, and stays so once Anna takes it back
    table = Table()
    table.turn(discard("yellow", 9), draw())
    assert where(refusal(table.with_turn(play("yellow", 9), draw()))) == ("card.exhausted", 1, 0)
    table.turn(discard("green", 2), draw())
    table.turn(discard("green", 3), draw("yellow"))  # Anna takes it back
    assert where(refusal(table.with_turn(discard("yellow", 9), draw()))) == ("card.exhausted", 3, 0)
    table.turn(discard("red", 2), draw())
    Game.replay(table.with_turn(play("yellow", 9), draw()))  # she may play it
    # two blue wagers laid by Ben, one in the blue pile
    table = Table()
    table.turn(discard("blue", "wager"), draw())
    table.turn(play("blue", "wager"), draw())
    table.turn(discard("red", 2), draw())
    table.turn(play("blue", "wager"), draw())
    assert where(refusal(table.with_turn(play("blue", "wager"), draw()))) == ("card.exhausted", 4, 0)
    table.turn(discard("red", 3), draw("blue"))  # Anna takes the pile's wager
    table.turn(discard("red", 4), draw())
    table.turn(play("blue", "wager"), draw())  # Anna plays the wager she took
    assert Game.replay(table.record).view()["players"]["anna"]["expeditions"]["blue"] == ["wager"]
    assert where(refusal(table.with_turn(discard("blue", "wager"), draw()))) == ("card.exhausted", 7, 0)
