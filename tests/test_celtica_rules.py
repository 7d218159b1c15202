"""Every Celtica rule id, and every shared one Celtica raises: a refused
case with its position and details, and an accepted case next to it.
Some cases need a table that only a very long game reaches; they start a
game and then set the counts directly, keeping every conservation law."""

import pickle

import pytest

from scoring import Game, Refused
from scoring.answers import check_game
from scoring.celtica.messages import MESSAGES
from scoring.celtica.state import KINDS
from scoring.messages import render

from celtica_games import (cult, conservation, give, load, move, record, reveal, take, turn)

SHORT_BOARD = {"locations": [{"kind": "start"}, {"kind": "village", "parts": 1}, {"kind": "goal", "parts": 2}]}
RAISED: dict[str, dict] = {}  # rule -> details of a refusal seen in this module (for the message test)


def refused(rec: dict) -> tuple:
    with pytest.raises(Refused) as caught:
        Game.replay(rec)
    violation = caught.value.violation
    RAISED.setdefault(violation.rule, {**violation.details, **violation.words})
    return violation.rule, violation.turn, violation.action, violation.details


def accepted(rec: dict) -> Game:
    game = Game.replay(rec)
    conservation(game.state)
    return game


def refused_on(game: Game, played: dict) -> tuple:
    """Play ``played`` on a copy; the game itself must not change."""
    before = pickle.dumps(game.state)
    trial = game.copy()
    with pytest.raises(Refused) as caught:
        trial.play(played)
    assert pickle.dumps(game.state) == before
    violation = caught.value.violation
    RAISED.setdefault(violation.rule, {**violation.details, **violation.words})
    return violation.rule, violation.turn, violation.action, violation.details


def complete_game(turns: int) -> dict:
    rec = load("complete_game")["record"]
    return {**rec, "turns": rec["turns"][:turns]}


# -- moves -----------------------------------------------------------------------


def test_move_empty():
    assert refused(record([turn("anna", move("red", 0))])) == ("celtica.move.empty", 0, 0, {})
    assert refused(record([turn("anna", move("red", 0, 0))]))[0] == "celtica.move.empty"
    accepted(record([turn("anna", move("red", 1), take("n"))]))


def test_move_cards():
    assert refused(record([turn("anna", move("red", 6))])) == ("celtica.move.cards", 0, 0, {"held": 5, "cards": 6})
    accepted(record([turn("anna", move("red", 5), take("n"))]))


def test_move_experience():
    assert refused(record([turn("anna", move("red", 1, 1))])) == (
        "celtica.move.experience", 0, 0, {"usable": 0, "experience": 1})
    turns = [turn("anna", move("red", 3), give("n")), turn("ben", move("grey", 1), take("n"))]
    assert refused(record(turns + [turn("anna", move("red", 0, 2))])) == (
        "celtica.move.experience", 2, 0, {"usable": 1, "experience": 2})
    game = accepted(record(turns + [turn("anna", move("red", 0, 1), take("center", "e"))]))
    assert game.state.druids["red"] == 4 and game.state.experience_discard["red"] == 1


def test_move_experience_alone_option():
    turns = [turn("anna", move("red", 3), give("n")), turn("ben", move("grey", 1), take("n"))]
    options = {"experience_alone": False}
    assert refused(record(turns + [turn("anna", move("red", 0, 1))], options=options)) == (
        "celtica.move.experience_alone", 2, 0, {"druid": "red"})
    accepted(record(turns + [turn("anna", move("red", 1, 1), take("center"))], options=options))


def test_move_overshoot_forbid_and_cap():
    rec = record([turn("anna", move("red", 3))], board=SHORT_BOARD, options={"overshoot": "forbid"})
    assert refused(rec) == ("celtica.move.overshoot", 0, 0, {"druid": "red", "left": 2, "steps": 3})
    capped = accepted(record([turn("anna", move("red", 3), take("n", "e"))], board=SHORT_BOARD))
    assert capped.state.druids["red"] == 2 and capped.view()["final_round"] is True
    # a druid already in the goal is never an overshoot; its cards are just played
    in_goal = accepted(record([turn("anna", move("red", 2), take("n", "e")), turn("ben", move("red", 4))],
                              board=SHORT_BOARD, options={"overshoot": "forbid"}))
    assert in_goal.state.druids["red"] == 2 and in_goal.state.druid_discard["red"] == 6


# -- find sites, ruins, cult sites, reveals ------------------------------------------


def test_take_count_up_to():
    """§5.2's example, ``take_count: "up_to"`` (the default): the monastery at
    4 shows 2 and the display is full."""
    for parts in (["n", "se"], ["n"], []):
        for options in ({}, {"take_count": "up_to"}):
            accepted(record([turn("anna", move("red", 4), take(*parts))], options=options))
    rec = record([turn("anna", move("red", 4), take("n", "se", "e"))])
    assert refused(rec) == ("celtica.take.count", 0, 1, {"need": 2, "got": 3})
    with pytest.raises(Refused) as refusal:
        Game.replay(rec)
    assert refusal.value.violation.message("en") == "You may take at most 2 parts here; you took 3."
    assert refused(record([turn("anna", move("red", 1), take("n", "s"))])) == (
        "celtica.take.count", 0, 1, {"need": 1, "got": 2})


def test_an_empty_take_from_a_full_display_draws_nothing():
    game = accepted(record([turn("anna", move("red", 4), take())]))
    assert game.state.displayed() == 9 and game.state.seats["anna"].parts["n"] == 1
    assert refused(record([turn("anna", move("red", 4), take(), reveal("n"))]))[:3] == ("turn.unexpected", 0, 2)
    fewer = accepted(record([turn("anna", move("red", 4), take("n"), reveal("e"))]))  # one taken, one drawn
    assert fewer.state.display["e"] == 2


def test_take_count_exactly():
    """With ``take_count: "exactly"`` only a list of 2 is legal there."""
    exactly = {"take_count": "exactly"}
    accepted(record([turn("anna", move("red", 4), take("n", "se"))], options=exactly))
    for parts in (["n"], []):
        rec = record([turn("anna", move("red", 4), take(*parts))], options=exactly)
        assert refused(rec) == ("celtica.take.count", 0, 1, {"need": 2, "got": len(parts)})
    with pytest.raises(Refused) as refusal:
        Game.replay(record([turn("anna", move("red", 4), take("n"))], options=exactly))
    assert refusal.value.violation.message("en") == "You must take 2 parts here; you took 1."
    assert refused(record([turn("anna", move("red", 4), take("n", "se", "e"))], options=exactly)) == (
        "celtica.take.count", 0, 1, {"need": 2, "got": 3})


def test_display_missing():
    setup = {"display": ["center", "ne", "e", "se", "s", "sw", "w", "nw", "center"],
             "parts": {"anna": ["n", "s"], "ben": ["center", "w"]}}
    assert refused(record([turn("anna", move("red", 1), take("n"))], setup=setup)) == (
        "celtica.display.missing", 0, 1, {"part": "n"})
    unknown_space = {**setup, "display": ["center", "ne", "e", "se", "s", "sw", "w", "nw", None]}
    game = accepted(record([turn("anna", move("red", 1), take("n"))], setup=unknown_space))
    assert game.state.seats["anna"].parts["n"] == 2 and game.state.unknown == 1  # the refill is unknown


def test_display_missing_when_every_copy_is_held():
    setup = {"parts": {player: ["s", "s"] for player in ("anna", "ben", "cleo", "dirk", "emma")}}
    assert refused(record([turn("anna", move("red", 1), take("s"))], players=5, setup=setup)) == (
        "celtica.display.missing", 0, 1, {"part": "s"})
    accepted(record([turn("anna", move("red", 1), take("n"))], players=5, setup=setup))


def test_give_count_and_holding_missing():
    assert refused(record([turn("anna", move("red", 3), give())])) == (
        "celtica.give.count", 0, 1, {"need": 1, "got": 0})
    assert refused(record([turn("anna", move("red", 3), give("w"))])) == (
        "celtica.holding.missing", 0, 1, {"part": "w"})
    game = accepted(record([turn("anna", move("red", 3), give("s"))]))
    assert game.state.ruin["s"] == 1 and game.state.seats["anna"].experience == [0]


def test_ruin_refused_example_and_its_repair():
    rec = load("ruin_refused")["record"]
    assert refused(rec) == ("celtica.give.count", 3, 1, {"need": 1, "got": 2})
    rec["turns"][3]["actions"][1] = give("s")
    game = accepted(rec)
    assert sum(game.state.seats["anna"].parts.values()) == 0
    assert len(game.state.seats["anna"].experience) == 1  # one played, a second received


def test_ruin_with_no_part_held_still_gives_experience():
    ruins = {"locations": [{"kind": "start"}, {"kind": "ruin", "parts": 2}, {"kind": "ruin", "parts": 2},
                           {"kind": "goal", "parts": 1}]}
    game = accepted(record([turn("anna", move("red", 1), give("n", "s")),
                            turn("ben", move("grey", 1), give("center", "w")),
                            turn("anna", move("white", 1), give())], board=ruins))
    assert refused(record([turn("anna", move("red", 1), give("n"))], board=ruins))[3] == {"need": 2, "got": 1}
    assert game.state.seats["anna"].experience == [0, 2]
    assert game.state.ruin["n"] == game.state.ruin["s"] == game.state.ruin["w"] == 1


def test_cult_draw_and_no_card():
    game = accepted(record([turn("anna", move("red", 2), cult(True)), turn("ben", move("grey", 2), cult(None))]))
    assert game.state.seats["anna"].druid_cards == 4 and game.state.druid_deck == 49
    assert game.state.seats["ben"].druid_cards == 3
    # every druid card in a hand: nothing is left to draw
    empty = Game.start(record([]))
    state = empty.state
    state.druid_deck, state.experience_deck = 0, 18
    state.seats["anna"].druid_cards, state.seats["anna"].experience = 55, [-1, -1]
    conservation(state)
    assert refused_on(empty, turn("anna", move("red", 0, 2), cult(True))) == ("celtica.cult.no_card", 0, 1, {})
    empty.play(turn("anna", move("red", 0, 2), cult(False)))


def test_cult_draw_reshuffles_the_discard_pile():
    game = Game.start(record([]))
    state = game.state
    state.druid_deck, state.druid_discard["grey"] = 0, 50
    game.play(turn("anna", move("red", 2), cult(True)))
    # the two red cards of the move lie on the discard pile too when it is shuffled in
    assert state.druid_deck == 51 and sum(state.druid_discard.values()) == 0
    conservation(state)


def test_reveal_count():
    assert refused(record([turn("anna", move("red", 1), take("n"), reveal("e", "e"))])) == (
        "celtica.reveal.count", 0, 2, {"drawn": 1, "listed": 2})
    game = accepted(record([turn("anna", move("red", 1), take("n"), reveal("e"))]))
    assert game.state.display["e"] == 2


def test_reveal_impossible():
    setup = {"display": ["n"] * 8 + ["s"], "parts": {"anna": ["n", "n"], "ben": ["center", "w"]}}
    assert refused(record([turn("anna", move("red", 1), take("n"), reveal("n"))], setup=setup)) == (
        "reveal.impossible", 0, 2, {"part": "n"})
    accepted(record([turn("anna", move("red", 1), take("n"), reveal("s"))], setup=setup))


def supply_of_one() -> Game:
    """A table whose supply holds one ``w`` and whose ruin pile holds two ``s``."""
    game = Game.start(record([]))
    state = game.state
    state.supply, state.ruin["s"] = 1, 2
    for kind in KINDS:
        state.seats["anna"].parts[kind] = 9 - (kind == "s") * 2 - (kind == "w")
        state.seats["ben"].parts[kind] = 0
    conservation(state)
    return game


def test_refill_runs_out_of_supply_and_takes_the_ruin_pile():
    game = supply_of_one()
    assert refused_on(game, turn("anna", move("red", 4), take("center", "n"), reveal("s", "w"))) == (
        "reveal.impossible", 0, 2, {"part": "s"})
    # the first part drawn is the supply's last one, a w; the second comes from the ruin pile
    assert game.copy().check(turn("anna", move("red", 4), take("center", "n")))["decision"].choices == {
        "drawn": 2, "from": [{"pile": "supply", "count": 1, "max": {"w": 1}},
                             {"pile": "ruin", "count": 1, "max": {"s": 2}}]}
    game.play(turn("anna", move("red", 4), take("center", "n"), reveal(None, "s")))
    view = game.view()
    assert view["display"]["known"]["w"] == 2 and view["display"]["known"]["s"] == 2  # the null was the w
    assert view["display"]["unknown"] == 0 and view["supply"] == 1 and sum(view["ruin"].values()) == 0
    conservation(game.state)


def test_a_refill_reveal_too_large_to_list_grows_entry_by_entry():
    """Issue 28 §2: the check with its last action still being built answers
    the entries that reveal may name next, pile by pile (the composer shows
    only these); each whole reveal so built is legal."""
    game = supply_of_one()
    begun = [move("red", 4), take("center", "n")]

    def grown(*parts):
        answer = check_game(game.copy(), turn("anna", *begun, reveal(*parts)), "en", building=True)
        return [action["parts"] for action in answer["decision"]["next"]]

    assert grown() == [[None], ["w"]]  # the supply's last part first
    assert grown("w") == [["w", None], ["w", "s"]]  # then the ruin pile's
    assert grown("w", "s") == [["w", "s"]]  # every part drawn named: the reveal itself
    assert grown("s") == [] and grown("w", "w") == []  # no legal reveal begins so
    for parts in ([None, None], ["w", "s"], [None, "s"]):
        assert game.copy().check(turn("anna", *begun, reveal(*parts)))["legal"]


def test_unrevealed_refill_after_a_run_out():
    game = supply_of_one()
    game.play(turn("anna", move("red", 4), take("center", "n")))
    assert game.view()["display"]["known"]["w"] == 2 and game.view()["display"]["unknown"] == 1
    conservation(game.state)


# -- end phase ---------------------------------------------------------------------


def test_end_experience_swap_and_buy():
    assert refused(complete_game(22) | {"turns": complete_game(22)["turns"] + [
        turn("cleo", {"type": "swap", "give": "center", "take": "w"})]}) == (
        "celtica.end.experience", 22, 0, {"action": "swap", "need": 1, "have": 0})
    base = complete_game(24)
    assert refused({**base, "turns": base["turns"] + [turn("emma", {"type": "buy", "part": "s"})]}) == (
        "celtica.end.experience", 24, 0, {"action": "buy", "need": 2, "have": 1})
    game = accepted(base)
    assert game.decision().name == "end"
    swaps = [action for action in game.decision().actions if action["type"] == "swap"]
    assert swaps and not [action for action in game.decision().actions if action["type"] == "buy"]
    game.play(turn("emma", swaps[0]))
    assert game.state.experience_spent == 3  # Dirk's two and Emma's one


def test_end_phase_swap_needs_the_part_given_and_a_display_part():
    base = complete_game(26)
    missing = turn("ben", {"type": "swap", "give": "w", "take": "s"})
    assert refused({**base, "turns": base["turns"] + [missing]}) == (
        "celtica.holding.missing", 26, 0, {"part": "w"})
    game = Game.replay(base)
    absent = [kind for kind in KINDS if kind not in game.decision().choices["kinds"]]
    assert absent  # the display is fully known here, so some kind is certainly not on it
    wrong = turn("ben", {"type": "swap", "give": "center", "take": absent[0]})
    assert refused({**base, "turns": base["turns"] + [wrong]}) == (
        "celtica.display.missing", 26, 0, {"part": absent[0]})


def test_end_turn_refill_and_reveal():
    base = complete_game(23)  # Dirk's end turn: buy w, reveal s
    dirk = load("complete_game")["record"]["turns"][23]
    assert refused({**base, "turns": base["turns"] + [
        turn("dirk", dirk["actions"][0], reveal("s"), {"type": "buy", "part": "n"})]}) == (
        "turn.unexpected", 23, 2, {"type": "buy", "expected": []})
    assert refused({**base, "turns": base["turns"] + [turn("dirk", dirk["actions"][0], reveal("s", "n"))]})[0] \
        == "celtica.reveal.count"
    unrevealed = accepted({**base, "turns": base["turns"] + [turn("dirk", dirk["actions"][0])]})
    assert unrevealed.state.unknown == 1


# -- turn frame ----------------------------------------------------------------------


def test_turn_order():
    assert refused(record([turn("ben", move("red", 1), take("n"))])) == (
        "turn.order", 0, None, {"expected": "anna", "player": "ben"})
    assert refused(complete_game(22) | {"turns": complete_game(22)["turns"] + [turn("dirk")]})[:3] == (
        "turn.order", 22, None)


def test_turn_incomplete():
    assert refused(record([turn("anna")])) == ("turn.incomplete", 0, 0, {"decision": "move"})
    assert refused(record([turn("anna", move("red", 1))])) == ("turn.incomplete", 0, 1, {"decision": "take"})
    assert refused(record([turn("anna", move("red", 3))]))[3] == {"decision": "give"}
    assert refused(record([turn("anna", move("red", 2))]))[3] == {"decision": "cult"}
    accepted(record([turn("anna", move("red", 1), take("n"))]))  # the reveal is optional


def test_turn_unexpected():
    assert refused(record([turn("anna", move("red", 1), cult(True))])) == (
        "turn.unexpected", 0, 1, {"type": "cult", "expected": ["take"]})
    assert refused(record([turn("anna", take("n"))])) == (
        "turn.unexpected", 0, 0, {"type": "take", "expected": ["move"]})
    assert refused(record([turn("anna", move("red", 3), give("n"), move("grey", 1))])) == (
        "turn.unexpected", 0, 2, {"type": "move", "expected": []})
    in_goal = [turn("anna", move("red", 2), take("n", "e")), turn("ben", move("red", 1), take("s"))]
    assert refused(record(in_goal, board=SHORT_BOARD)) == (
        "turn.unexpected", 1, 1, {"type": "take", "expected": []})
    base = complete_game(22)
    assert refused({**base, "turns": base["turns"] + [turn("cleo", move("red", 1))]}) == (
        "turn.unexpected", 22, 0, {"type": "move", "expected": ["swap", "buy"]})
    assert refused({**base, "turns": base["turns"] + [turn("cleo", reveal("n"))]}) == (
        "turn.unexpected", 22, 0, {"type": "reveal", "expected": ["swap", "buy"]})


def test_reveal_after_a_take_that_drew_nothing():
    game = Game.start(record([]))
    state = game.state
    for kind in KINDS:  # supply and ruin pile empty: the display is all that is left
        state.seats["anna"].parts[kind] += 9 - state.seats["anna"].parts[kind] - state.seats["ben"].parts[kind]
    state.supply = 0
    conservation(state)
    assert refused_on(game, turn("anna", move("red", 1), take("n"), reveal("n"))) == (
        "turn.unexpected", 0, 2, {"type": "reveal", "expected": []})
    game.play(turn("anna", move("red", 1), take("n")))
    assert game.view()["display"]["known"]["n"] == 0 and game.state.displayed() == 8


def test_game_over():
    rec = load("complete_game")["record"]
    assert refused({**rec, "turns": rec["turns"] + [turn("cleo")]}) == ("game.over", 27, None, {})


# -- colours -------------------------------------------------------------------------


def test_card_exhausted_druid_cards():
    base = complete_game(9)  # 12 red druid cards are in the discard pile
    assert refused({**base, "turns": base["turns"] + [turn("ben", move("red", 1))]}) == (
        "card.exhausted", 9, 0, {"druid": "red", "deck": "druid", "seen": 12, "total": 12})
    assert Game.replay(base).view()["druid_discard"]["red"] == 12
    assert not [action for action in Game.replay(base).decision().actions if action["druid"] == "red"]


def test_card_exhausted_experience_cards():
    game = Game.start(record([]))
    state = game.state
    state.experience_deck, state.experience_discard["red"] = 15, 4
    state.seats["anna"].experience = [-1]
    conservation(state)
    assert refused_on(game, turn("anna", move("red", 0, 1))) == (
        "card.exhausted", 0, 0, {"druid": "red", "deck": "experience", "seen": 4, "total": 4})
    game.play(turn("anna", move("grey", 0, 1), take("n")))


def test_no_experience_card_left_to_receive():
    game = Game.start(record([]))
    state = game.state
    state.experience_deck, state.seats["ben"].experience = 0, list(range(-20, 0))
    conservation(state)
    game.play(turn("anna", move("red", 3), give("n")))
    assert state.seats["anna"].experience == [] and state.experience_deck == 0


def test_experience_deck_reshuffles_when_empty():
    game = Game.start(record([]))
    state = game.state
    state.experience_deck, state.experience_spent, state.experience_discard["grey"] = 0, 12, 3
    state.seats["ben"].experience = [-1] * 5
    conservation(state)
    game.play(turn("anna", move("red", 3), give("n")))
    assert state.experience_deck == 14 and state.experience_spent == 0 and state.seats["anna"].experience == [0]


# -- rounds and the end of the game ------------------------------------------------------


def test_experience_needs_druid_card_house_rule():
    turns = [turn("anna", move("red", 3), give("n")), turn("ben", move("grey", 1), take("n")),
             turn("anna", move("white", 2), cult(False)), turn("ben", move("grey", 1), cult(False))]
    default = Game.replay(record(turns))
    assert default.state.active == "ben"
    house = Game.replay(record(turns, options={"experience_needs_druid_card": False}))
    assert house.state.active == "anna"
    house.play(turn("anna", move("black", 0, 1), take("center")))
    assert house.state.active == "ben"


def test_all_druids_in_goal_ends_at_once():
    board = {"locations": [{"kind": "start"}, {"kind": "goal", "parts": 1}]}
    turns = [turn(player, move(druid, 1), take(part))
             for player, druid, part in zip(["anna", "ben"] * 3, ["red", "grey", "white", "brown", "black"],
                                            ["n", "ne", "e", "se", "s"])]
    game = accepted(record(turns, board=board))
    view = game.view()
    assert view["phase"] == "end" and view["end_reason"] == "all_druids_in_goal" and view["active"] == "ben"
    assert game.scoresheet()["end_reason"] is None
    game.play(turn("ben"))
    game.play(turn("anna"))
    assert game.scoresheet()["status"] == "finished" and game.scoresheet()["end_reason"] == "all_druids_in_goal"


def test_parts_exhausted_ends_at_once():
    game = Game.start(record([]))
    state = game.state
    for kind in KINDS:  # one n on the display, nothing in the supply or the ruin pile
        state.display[kind] = 0
        state.seats["anna"].parts[kind] = 10 - state.seats["ben"].parts[kind] - (kind == "n")
    state.display["n"], state.supply = 1, 0
    conservation(state)
    game.play(turn("anna", move("red", 1), take("n")))
    assert game.view()["end_reason"] == "parts_exhausted" and game.view()["phase"] == "end"
    assert game.state.active == "ben"


def test_all_druids_in_goal_wins_over_parts_exhausted():
    board = {"locations": [{"kind": "start"}, {"kind": "goal", "parts": 1}]}
    game = Game.start(record([], board=board))
    state = game.state
    for kind in KINDS:
        state.display[kind] = 0
        state.seats["anna"].parts[kind] = 10 - state.seats["ben"].parts[kind] - (kind == "n")
    state.display["n"], state.supply = 1, 0
    state.druids.update(grey=1, white=1, brown=1, black=1)
    game.play(turn("anna", move("red", 1), take("n")))
    assert game.view()["end_reason"] == "all_druids_in_goal"


# -- messages ------------------------------------------------------------------------


def test_messages_exist_in_three_languages_and_fill_every_placeholder():
    assert set(RAISED) >= {rule for rule in MESSAGES if rule.startswith("celtica.")} | {
        "turn.order", "turn.incomplete", "turn.unexpected", "game.over", "reveal.impossible", "card.exhausted"}
    for rule, values in RAISED.items():
        for lang in ("en", "de", "es"):
            text = render("celtica", rule, lang, values)
            assert text and "{" not in text, (rule, lang, text)


def test_english_messages_as_the_rules_file_words_them():
    assert render("celtica", "turn.order", "en", {"expected": "anna", "player": "ben", "got": "ben"}) == \
        "It is anna's turn, not ben's."
    assert render("celtica", "card.exhausted", "en", {"druid": "red", "deck": "druid", "seen": 12, "total": 12,
                                                      "variant": "counted"}) == \
        "No more red druid cards can be in your hand: 12 of 12 are in the discard pile."
    assert render("celtica", "card.exhausted", "de", {"druid": "red", "deck": "experience", "seen": 4,
                                                      "total": 4, "variant": "counted"}).startswith(
        "Keine weitere Erfahrungskarte in Rot")
