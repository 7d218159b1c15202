"""Every rule id of rules/keltis-orakel.md §14: one refused and one accepted case each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orakel_games import board_with, discard, draw, new_record, play, refusal, reveal, turn, with_turns
from scoring import Game, Refused
from scoring.keltis_orakel import RULESET
from scoring.keltis_orakel.messages import MESSAGES
from scoring.messages import SHARED

DATA = Path(__file__).parent / "data" / "orakel"
TWO = new_record()
#: purple only on field 1 (the sample's purple fields recoloured)
PURPLE_ONCE = board_with(colors={1: "purple", 5: "red", 10: "yellow", 15: "green", 19: "blue",
                                 21: "red", 27: "yellow", 33: "green"})
FAR_PRIESTESS = board_with(green_numbers=[35] * 11)


def accepted(record: dict) -> Game:
    return Game.replay(record)


def position(record: dict) -> tuple:
    rule, turn_index, action, _ = refusal(record)
    return rule, turn_index, action


def spiral(to):
    return {"type": "spiral", "to": to}


def goblin(**answer):
    return {"type": "goblin", **answer}


# -- the game's own rules ------------------------------------------------------


def test_row_direction():
    base = with_turns(TWO, turn("anna", play("red", 5, figure=0), reveal(1, "points-1"), draw()),
                      turn("ben", discard("blue", 0), draw()),
                      turn("anna", play("red", 7, figure=1), draw()),
                      turn("ben", discard("blue", 1), draw()))
    assert refusal(with_turns(base, turn("anna", play("red", 6, figure=0), draw()))) == (
        "keltis-orakel.row.direction", 4, 0, {"row": [5, 7], "card": {"color": "red", "value": 6}})
    game = accepted(with_turns(base, turn("anna", play("red", 7, figure=0), draw())))
    assert game.view()["players"]["anna"]["rows"]["red"] == {"cards": [5, 7, 7], "direction": "ascending"}


def test_figure_not_there():
    for field in (3, 99, -1):
        assert refusal(with_turns(TWO, turn("anna", play("red", 5, figure=field), draw()))) == (
            "keltis-orakel.figure.not_there", 0, 0, {"field": field})
    accepted(with_turns(TWO, turn("anna", play("red", 5, figure=0), reveal(1, "points-1"), draw())))


def test_move_no_field():
    base = with_turns(new_record(board=PURPLE_ONCE), turn("anna", play("purple", 3, figure=0), reveal(1, "points-1"), draw()),
                      turn("ben", discard("blue", 0), draw()))
    assert refusal(with_turns(base, turn("anna", play("purple", 4, figure=1), draw()))) == (
        "keltis-orakel.move.no_field", 2, 0, {"field": 1, "color": "purple"})
    accepted(with_turns(base, turn("anna", play("purple", 4, figure=0), draw())))


def stuck(options: dict | None = None) -> dict:
    """Anna's three figures on field 1, the only purple field; a purple 10 has green number 0."""
    board = {**PURPLE_ONCE, "green_numbers": [5, 4, 4, 3, 3, 3, 2, 2, 2, 1, 0]}
    return with_turns(new_record(board=board, options=options),
                      turn("anna", play("purple", 1, figure=0), reveal(1, "points-1"), draw()),
                      turn("ben", discard("blue", 0), draw()),
                      turn("anna", play("purple", 2, figure=0), draw()),
                      turn("ben", discard("blue", 1), draw()),
                      turn("anna", play("purple", 3, figure=0), draw()),
                      turn("ben", discard("blue", 2), draw()))


def test_move_required():
    assert refusal(with_turns(TWO, turn("anna", play("red", 5), draw()))) == (
        "keltis-orakel.move.required", 0, 0, {"card": {"color": "red", "value": 5}})
    game = accepted(with_turns(stuck(), turn("anna", play("purple", 10), draw())))
    assert game.view()["players"]["anna"]["rows"]["purple"]["cards"] == [1, 2, 3, 10]
    # a purple 9 could still move the priestess
    assert position(with_turns(stuck(), turn("anna", play("purple", 9), draw()))) == ("keltis-orakel.move.required", 6, 0)
    never = stuck({"play_without_move": "never"})
    assert position(with_turns(never, turn("anna", play("purple", 10), draw()))) == ("keltis-orakel.move.required", 6, 0)


def test_priestess_finished():
    base = with_turns(new_record(board=FAR_PRIESTESS), turn("anna", play("red", 0, priestess=35), draw()))
    assert accepted(base).view()["priestess"] == 35
    assert refusal(with_turns(base, turn("ben", play("red", 1, priestess=1), draw()))) == (
        "keltis-orakel.priestess.finished", 1, 0, {})


def test_priestess_range():
    for steps in (6, 0, -2):
        assert refusal(with_turns(TWO, turn("anna", play("red", 0, priestess=steps), draw()))) == (
            "keltis-orakel.priestess.range", 0, 0, {"steps": steps, "green": 5})
    game = accepted(with_turns(TWO, turn("anna", play("red", 0, priestess=5), draw())))
    assert game.view()["priestess"] == 5
    no_green = new_record(board=board_with(green_numbers=[0] * 11))
    with pytest.raises(Refused) as refused:
        Game.replay(with_turns(no_green, turn("anna", play("red", 0, priestess=1), draw())))
    assert refused.value.violation.message("en") == "This card cannot move the priestess."
    assert refused.value.violation.message("de") == "Diese Karte kann die Priesterin nicht bewegen."


def test_priestess_past_center():
    base = with_turns(new_record(board=FAR_PRIESTESS), turn("anna", play("red", 0, priestess=30), draw()))
    assert refusal(with_turns(base, turn("ben", play("red", 1, priestess=6), draw()))) == (
        "keltis-orakel.priestess.past_center", 1, 0, {"from": 30, "steps": 6, "center": 35})
    accepted(with_turns(base, turn("ben", play("red", 1, priestess=5), draw())))


def test_priestess_bonus_once_for_own_figures_only():
    base = with_turns(TWO, turn("anna", play("red", 0, figure=0), reveal(1, "points-1"), draw()),
                      turn("ben", play("red", 1, priestess=1), draw()))
    assert accepted(base).view()["players"]["ben"]["track"] == 0
    game = accepted(with_turns(TWO, turn("anna", play("red", 0, figure=0), reveal(1, "points-1"), draw()),
                               turn("ben", discard("blue", 0), draw()),
                               turn("anna", play("red", 1, figure=0), draw()),
                               turn("ben", discard("blue", 1), draw()),
                               turn("anna", play("yellow", 0, priestess=1), draw())))
    assert game.view()["players"]["anna"]["track_sources"] == {"start": 0, "tiles": 2, "priestess": 5, "goblin": 0}


SPIRAL_SETUP = {"tiles": {"3": "spiral", "1": "points-1"}}


def on_spiral(options: dict | None = None) -> dict:
    """Anna's figure moved 0 -> 1 last turn; now green takes it 1 -> 3 (spiral)."""
    return with_turns(new_record(setup=SPIRAL_SETUP, options=options),
                      turn("anna", play("red", 0, figure=0), draw()), turn("ben", discard("blue", 0), draw()))


def test_spiral_not_behind():
    for to in (3, 4, -1):
        assert refusal(with_turns(TWO | {"setup": SPIRAL_SETUP}, turn("anna", play("green", 0, figure=0), spiral(to), draw()))) == (
            "keltis-orakel.spiral.not_behind", 0, 1, {"spiral": 3, "to": to})
    game = accepted(with_turns(TWO | {"setup": SPIRAL_SETUP},
                               turn("anna", play("green", 0, figure=0), spiral(2), reveal(2, "points-2"), draw())))
    assert game.view()["players"]["anna"]["figures"] == [2, 0, 0]
    assert game.view()["players"]["anna"]["track"] == 2


def test_spiral_turn_start():
    assert refusal(with_turns(TWO | {"setup": SPIRAL_SETUP}, turn("anna", play("green", 0, figure=0), spiral(0), draw()))) == (
        "keltis-orakel.spiral.turn_start", 0, 1, {"to": 0})
    assert position(with_turns(on_spiral(), turn("anna", play("green", 1, figure=1), spiral(1), draw()))) == (
        "keltis-orakel.spiral.turn_start", 2, 1)
    game = accepted(with_turns(on_spiral(), turn("anna", play("green", 1, figure=1), spiral(None), draw())))
    assert game.view()["players"]["anna"]["figures"] == [3, 0, 0]


def test_spiral_start_field():
    assert refusal(with_turns(on_spiral(), turn("anna", play("green", 1, figure=1), spiral(0), draw()))) == (
        "keltis-orakel.spiral.start_field", 2, 1, {})
    allowed = on_spiral({"spiral_to_start": True})
    game = accepted(with_turns(allowed, turn("anna", play("green", 1, figure=1), spiral(0), draw())))
    assert game.view()["players"]["anna"]["figures"] == [0, 0, 0]


def test_spiral_without_targets_opens_no_decision():
    # a spiral on field 1 reached from the start: no destination at all
    record = new_record(setup={"tiles": {"1": "spiral"}})
    game = accepted(with_turns(record, turn("anna", play("red", 0, figure=0), draw())))
    assert game.view()["players"]["anna"]["figures"] == [1, 0, 0]
    assert position(with_turns(record, turn("anna", play("red", 0, figure=0), spiral(None), draw()))) == (
        "turn.unexpected", 0, 1)


GOBLIN = new_record(setup={"tiles": {"5": "goblin"}})


def test_goblin_empty_row():
    assert refusal(with_turns(GOBLIN, turn("anna", play("purple", 3, figure=0), goblin(row="red"), draw()))) == (
        "keltis-orakel.goblin.empty_row", 0, 1, {"row": "red"})
    game = accepted(with_turns(GOBLIN, turn("anna", play("purple", 3, figure=0), goblin(row="purple"), draw())))
    table = game.view()
    assert table["players"]["anna"]["rows"]["purple"]["cards"] == []
    assert table["piles"]["purple"] == [3]


def test_goblin_hand_discard_means_two_draws():
    record = with_turns(GOBLIN, turn("anna", play("purple", 3, figure=0), goblin(hand={"color": "red", "value": 4}),
                                     draw(), draw("red")))
    table = accepted(record).view()
    assert table["players"]["anna"]["hand"] == {"known": [{"color": "red", "value": 4}], "unknown": 7}
    one_draw = with_turns(GOBLIN, turn("anna", play("purple", 3, figure=0), goblin(hand={"color": "red", "value": 4}), draw()))
    assert position(one_draw) == ("turn.incomplete", 0, 3)
    declined = with_turns(GOBLIN, turn("anna", play("purple", 3, figure=0), goblin(hand=None, row=None), draw()))
    accepted(declined)


def test_goblin_scoring_once_on_three_goblins():
    setup = {"tiles": {"5": "goblin", "10": "goblin"}}
    base = with_turns(new_record(setup=setup), turn("anna", play("purple", 1, figure=0), goblin(), draw()),
                      turn("ben", discard("blue", 0), draw()),
                      turn("anna", play("purple", 2, figure=0), goblin(), draw()),
                      turn("ben", discard("blue", 1), draw()),
                      turn("anna", play("purple", 3, figure=0), goblin(), draw()))
    assert accepted(base).view()["players"]["anna"]["track_sources"]["goblin"] == 5  # one goblin field
    later = with_turns(base, turn("ben", discard("blue", 2), draw()),
                       turn("anna", play("purple", 4, figure=5), goblin(), draw()))
    anna = accepted(later).view()["players"]["anna"]
    assert anna["goblin_scored"] and anna["track"] == 5  # never scores again
    custom = with_turns(new_record(setup=setup, options={"goblin_scores": [1, 2, 3]}), *base["turns"])
    assert accepted(custom).scoresheet()["players"][0]["breakdown"]["track"] == 1


def test_draw_empty_pile():
    assert refusal(with_turns(TWO, turn("anna", discard("red", 3), draw("yellow")))) == (
        "keltis-orakel.draw.empty_pile", 0, 1, {"pile": "yellow"})
    game = accepted(with_turns(TWO, turn("anna", discard("red", 3), draw("red"))))
    assert game.view()["players"]["anna"]["hand"]["known"] == [{"color": "red", "value": 3}]


def test_draw_own_discard():
    strict = new_record(options={"redraw_own_discard": False})
    assert refusal(with_turns(strict, turn("anna", discard("red", 3), draw("red")))) == (
        "keltis-orakel.draw.own_discard", 0, 1, {"pile": "red", "card": {"color": "red", "value": 3}})
    with pytest.raises(Refused) as refused:
        Game.replay(with_turns(strict, turn("anna", discard("red", 3), draw("red"))))
    assert refused.value.violation.message("en") == "You put this red 3 there in this turn and may not take it back."
    game = accepted(with_turns(strict, turn("anna", discard("red", 3), draw()), turn("ben", discard("blue", 3), draw("red")),
                               turn("anna", discard("red", 4), draw("blue"))))
    assert game.view()["piles"]["red"] == [4]
    goblin_row = new_record(setup={"tiles": {"5": "goblin"}}, options={"redraw_own_discard": False})
    assert position(with_turns(goblin_row, turn("anna", play("purple", 3, figure=0), goblin(row="purple"), draw("purple")))) == (
        "keltis-orakel.draw.own_discard", 0, 2)


# -- shared rules --------------------------------------------------------------


def test_turn_order():
    assert refusal(with_turns(TWO, turn("ben", discard("red", 3), draw()))) == (
        "turn.order", 0, None, {"expected": "anna", "got": "ben"})
    accepted(with_turns(TWO, turn("anna", discard("red", 3), draw()), turn("ben", discard("red", 3), draw())))


def test_turn_incomplete():
    assert refusal(with_turns(TWO, turn("anna", play("red", 5, figure=0), reveal(1, "points-1")))) == (
        "turn.incomplete", 0, 2, {"decision": "draw"})
    assert position(with_turns(TWO, turn("anna"))) == ("turn.incomplete", 0, 0)
    assert position(with_turns(GOBLIN, turn("anna", play("purple", 3, figure=0)))) == ("turn.incomplete", 0, 1)


def test_turn_unexpected():
    assert refusal(with_turns(TWO, turn("anna", draw()))) == (
        "turn.unexpected", 0, 0, {"decision": "main", "type": "draw"})
    assert position(with_turns(TWO, turn("anna", spiral(None)))) == ("turn.unexpected", 0, 0)
    assert position(with_turns(TWO, turn("anna", goblin()))) == ("turn.unexpected", 0, 0)
    assert position(with_turns(TWO, turn("anna", discard("red", 1), draw(), draw()))) == ("turn.unexpected", 0, 2)
    assert position(with_turns(TWO, turn("anna", discard("red", 1), draw(), reveal(1, "points-1")))) == (
        "turn.unexpected", 0, 2)
    assert position(with_turns(TWO, turn("anna", discard("red", 1), discard("red", 2)))) == ("turn.unexpected", 0, 1)


def test_game_over():
    record = json.loads((DATA / "example_3.json").read_text())["record"]
    accepted(record)
    last = record["turns"][-1]
    extra_action = {**record, "turns": [*record["turns"][:-1], {**last, "actions": [*last["actions"], draw()]}]}
    assert refusal(extra_action) == ("game.over", 10, 1, {"end_reason": "oracle_player"})
    assert position(with_turns(record, turn("ben", discard("red", 3), draw()))) == ("game.over", 11, None)


def test_reveal_required():
    assert refusal(with_turns(TWO, turn("anna", play("red", 5, figure=0), draw()))) == (
        "reveal.required", 0, 1, {"field": 1})
    assert position(with_turns(TWO, turn("anna", play("red", 5, figure=0), reveal(2, "points-1"), draw()))) == (
        "reveal.required", 0, 1)
    assert position(with_turns(TWO, turn("anna", play("red", 5, figure=0)))) == ("reveal.required", 0, 1)
    # the clover's next arrival needs its own reveal
    assert position(with_turns(TWO, turn("anna", play("red", 5, figure=0), reveal(1, "clover-blue"), draw()))) == (
        "reveal.required", 0, 2)


def test_reveal_mismatch():
    known = new_record(setup={"tiles": {"1": "points-1"}})
    assert refusal(with_turns(known, turn("anna", reveal(1, "points-2"), discard("red", 1), draw()))) == (
        "reveal.mismatch", 0, 0, {"field": 1, "known": "points-1", "tile": "points-2"})
    assert position(with_turns(known, turn("anna", reveal(1, "none"), discard("red", 1), draw()))) == ("reveal.mismatch", 0, 0)
    accepted(with_turns(known, turn("anna", reveal(1, "points-1"), discard("red", 1), draw())))
    mirror = new_record(setup={"tiles": {"2": "mirror"}})
    taken = turn("anna", play("yellow", 0, figure=0), reveal(2, "mirror"), draw())
    assert position(with_turns(mirror, taken)) == ("reveal.mismatch", 0, 1)
    with pytest.raises(Refused) as refused:
        Game.replay(with_turns(mirror, taken))
    assert refused.value.violation.message("en") == "Field 2 is empty: its mirror has been taken."
    game = accepted(with_turns(mirror, turn("anna", play("yellow", 0, figure=0), reveal(2, "none"), draw())))
    assert game.scoresheet()["players"][0]["breakdown"]["mirrors"] == 1
    # a second figure on the bare field takes nothing
    again = with_turns(mirror, turn("anna", play("yellow", 0, figure=0), draw()), turn("ben", play("yellow", 1, figure=0), draw()))
    assert [row["breakdown"]["mirrors"] for row in accepted(again).scoresheet()["players"]] == [1, 0]


def test_reveal_impossible():
    for field in (0, 7, 35, 36, -1):
        assert position(with_turns(TWO, turn("anna", reveal(field, "points-1"), discard("red", 1), draw()))) == (
            "reveal.impossible", 0, 0)
    assert refusal(with_turns(TWO, turn("anna", reveal(1, "none"), discard("red", 1), draw())))[3]["tile"] == "none"
    goblins = new_record(setup={"tiles": {"1": "goblin", "2": "goblin", "3": "goblin"}})
    assert position(with_turns(goblins, turn("anna", reveal(4, "goblin"), discard("red", 1), draw()))) == (
        "reveal.impossible", 0, 0)
    accepted(with_turns(goblins, turn("anna", reveal(4, "mirror"), discard("red", 1), draw())))


def test_card_exhausted():
    base = with_turns(TWO, turn("anna", discard("red", 3), draw()), turn("ben", discard("red", 3), draw()))
    assert refusal(with_turns(base, turn("anna", play("red", 3, figure=0), reveal(1, "points-1"), draw()))) == (
        "card.exhausted", 2, 0, {"card": {"color": "red", "value": 3}})
    assert position(with_turns(base, turn("anna", discard("red", 3), draw()))) == ("card.exhausted", 2, 0)
    # a copy taken back from the pile is the taker's known card
    taken = with_turns(base, turn("anna", discard("blue", 0), draw("red")), turn("ben", discard("blue", 1), draw()))
    accepted(with_turns(taken, turn("anna", play("red", 3, figure=0), reveal(1, "points-1"), draw())))
    assert position(with_turns(taken, turn("anna", discard("blue", 2), draw()),
                               turn("ben", discard("red", 3), draw()))) == ("card.exhausted", 5, 0)


def all_known_hand() -> dict:
    """Anna discards an unknown card and takes Ben's blue discard, eight times."""
    turns = [turn("anna", discard("red", 0), draw())]
    for number in range(8):
        turns.append(turn("ben", discard("blue", number), draw()))
        turns.append(turn("anna", discard("red", number + 1), draw("blue")))
    return with_turns(TWO, *turns)


def test_card_not_in_hand():
    record = all_known_hand()
    table = accepted(record).view()
    assert table["players"]["anna"]["hand"]["unknown"] == 0
    with_ben = with_turns(record, turn("ben", discard("yellow", 0), draw()))
    assert refusal(with_turns(with_ben, turn("anna", discard("yellow", 5), draw()))) == (
        "card.not_in_hand", 18, 0, {"card": {"color": "yellow", "value": 5}})
    accepted(with_turns(with_ben, turn("anna", discard("blue", 4), draw())))


# -- movement, stones and the end -----------------------------------------------


def test_wishing_stones_per_landing():
    turns = (turn("anna", play("red", 0, figure=0), reveal(1, "points-1"), draw()), turn("ben", discard("blue", 0), draw()),
             turn("anna", play("red", 1, figure=1), draw()))
    table = accepted(with_turns(TWO, *turns)).view()
    assert table["players"]["anna"]["figures"] == [7, 0, 0]
    assert table["players"]["anna"]["stones_held"] == 1 and table["fields"][7]["stones"] == 1
    everything = new_record(options={"stones_per_landing": "all"})
    table = accepted(with_turns(everything, *turns)).view()
    assert table["players"]["anna"]["stones_held"] == 2 and table["fields"][7]["stones"] == 0
    # Ben's figure reaches the emptied field: nothing left to take
    later = with_turns(everything, *turns, turn("ben", play("red", 5, figure=0), draw()),
                       turn("anna", discard("blue", 1), draw()), turn("ben", play("red", 6, figure=1), draw()))
    ben = accepted(later).view()["players"]["ben"]
    assert ben["figures"] == [7, 0, 0] and ben["stones_held"] == 0


def test_oracle_total_with_three_players():
    record = new_record(players=3, board=board_with(oracle_from=1), setup={"tiles": {"1": "points-1"}})
    turns = [turn("anna", play("red", 0, figure=0), draw()), turn("ben", play("red", 0, figure=0), draw()),
             turn("carla", discard("blue", 0), draw()),
             turn("anna", play("red", 1, figure=0), draw()), turn("ben", play("red", 1, figure=0), draw())]
    sheet = accepted(with_turns(record, *turns)).scoresheet()
    assert sheet["status"] == "in_progress"
    game = accepted(with_turns(record, *turns, turn("carla", play("red", 2, figure=0))))
    sheet = game.scoresheet()
    assert (sheet["status"], sheet["end_reason"]) == ("finished", "oracle_total")
    assert sheet["players"][2]["breakdown"]["track"] == 0  # the last tile was not used


def test_deck_exhausted_ends_at_once():
    tiny = new_record(options={"two_player_removed": 93})
    game = accepted(with_turns(tiny, turn("anna", discard("red", 0), draw())))
    assert game.scoresheet()["end_reason"] == "deck_exhausted"
    assert game.view()["draw_pile"] == 0
    second_draw = new_record(options={"two_player_removed": 93}, setup={"tiles": {"5": "goblin"}})
    late = with_turns(second_draw, turn("anna", play("purple", 3, figure=0), goblin(hand={"color": "red", "value": 0}),
                                        draw(), draw()))
    assert position(late) == ("game.over", 0, 3)


def test_play_starts_with_a_full_deck():
    assert accepted(new_record()).view()["draw_pile"] == 64
    assert accepted(new_record(players=3)).view()["draw_pile"] == 86
    assert accepted(new_record(players=4)).view()["draw_pile"] == 78
    assert accepted(new_record(options={"two_player_removed": 0})).view()["draw_pile"] == 94


# -- decisions -------------------------------------------------------------------


def test_decisions_list_their_choices():
    game = accepted(new_record(setup={"tiles": {"5": "goblin", "3": "spiral"}}))
    main = game.decision()
    assert main.name == "main" and main.player == "anna" and not main.can_end
    assert {"type": "play", "card": {"color": "red", "value": 0}, "figure": 0} in main.actions
    assert {"type": "play", "card": {"color": "red", "value": 0}, "priestess": 5} in main.actions
    assert {"type": "discard", "card": {"color": "red", "value": 0}} in main.actions
    assert main.choices["figures"]["0"]["red"] == 1
    assert main.choices["priestess"] == {"field": 0, "reach": [5, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1]}
    assert {"type": "reveal", "field": 5, "tile": "goblin"} in main.optional
    check = game.check(turn("anna", play("red", 0, figure=0)))
    assert check["decision"].name == "reveal"
    assert check["decision"].choices["field"] == 1 and "none" not in check["decision"].choices["tiles"]
    assert check["decision"].optional == []
    goblin_check = game.check(turn("anna", play("purple", 4, figure=0)))["decision"]
    assert goblin_check.name == "goblin" and goblin_check.choices["rows"] == ["purple"]
    assert {"type": "goblin"} in goblin_check.actions and {"type": "goblin", "row": "purple"} in goblin_check.actions
    drawing = game.check(turn("anna", discard("red", 3)))["decision"]
    assert drawing.name == "draw" and drawing.choices == {"count": 1, "sources": ["deck", "red"]}
    strict = accepted(new_record(options={"redraw_own_discard": False}))
    assert strict.check(turn("anna", discard("red", 3)))["decision"].choices["sources"] == ["deck"]
    complete = game.check(turn("anna", discard("red", 3), draw()))
    assert complete["complete"] and complete["decision"].name == "complete" and complete["decision"].can_end


def test_messages_exist_in_three_languages_for_every_rule():
    raised = {
        "keltis-orakel.row.direction", "keltis-orakel.figure.not_there", "keltis-orakel.move.no_field",
        "keltis-orakel.move.required", "keltis-orakel.priestess.finished", "keltis-orakel.priestess.range",
        "keltis-orakel.priestess.past_center", "keltis-orakel.spiral.not_behind", "keltis-orakel.spiral.turn_start",
        "keltis-orakel.spiral.start_field", "keltis-orakel.goblin.empty_row", "keltis-orakel.draw.empty_pile",
        "keltis-orakel.draw.own_discard",
    }
    assert raised == {rule for rule in MESSAGES if rule.startswith("keltis-orakel.")}
    for rule in raised | {"turn.order", "turn.incomplete", "turn.unexpected", "game.over", "reveal.required",
                          "reveal.mismatch", "reveal.impossible", "card.exhausted", "card.not_in_hand"}:
        assert set({**SHARED, **MESSAGES}[rule]) >= {"en", "de", "es"}, rule
    assert RULESET.describe()["needs_board"] is True
