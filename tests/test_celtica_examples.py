"""The worked examples of rules/celtica.md §17 (and §12), as printed."""

import pytest

from scoring import Game, replay, tally
from scoring.celtica.score import amulets
from scoring.celtica.state import KINDS

from celtica_games import load

EXAMPLES = ["opening", "unknown_display", "complete_game", "ruin_refused"]


def prefix(name: str, turns: int) -> Game:
    """The example's game after its first ``turns`` turns."""
    rec = load(f"{name}.record")
    return Game.replay({**rec, "turns": rec["turns"][:turns]})


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_sheet_as_printed(name):
    assert replay(load(f"{name}.record")) == load(f"{name}.sheet")


def test_opening_state_after_turn_5():
    view = prefix("opening", 6).view()
    assert view["druids"] == {"red": 3, "grey": 6, "white": 1, "brown": 0, "black": 1}
    assert view["round"] == 2 and view["druid_deck"] == 40 and view["active"] == "ben"
    assert {player: seat["druid_cards"] for player, seat in view["players"].items()} == {"anna": 5, "ben": 5}
    assert {player: seat["experience"] for player, seat in view["players"].items()} == {"anna": 0, "ben": 0}
    known = {kind: n for kind, n in view["display"]["known"].items() if n}
    assert known == {"center": 1, "ne": 2, "e": 2, "se": 1, "s": 2, "nw": 1}
    assert view["display"]["unknown"] == 0
    assert view["supply"] == 70
    assert {kind: n for kind, n in view["ruin"].items() if n} == {"s": 1}
    assert view["players"]["anna"]["amulets"] == [["center", "n", "sw", "w"], ["n"]]
    assert view["players"]["ben"]["amulets"] == [["center", "n", "se", "sw", "w"]]


def test_opening_turn_3_leaves_one_unknown_space_and_turn_4_uses_it():
    after_3 = prefix("opening", 4).view()
    assert after_3["display"]["unknown"] == 1
    assert after_3["active"] == "anna"  # Ben is out of round 1
    after_4 = prefix("opening", 5).view()
    assert after_4["display"]["unknown"] == 0
    assert after_4["players"]["anna"]["experience"] == 0 and after_4["players"]["anna"]["druid_cards"] == 1


def test_opening_experience_card_is_stamped_with_its_turn():
    game = prefix("opening", 3)
    assert game.state.seats["anna"].experience == [2]
    assert game.view()["players"]["anna"]["by_location"]["ruin"] == {"gained": 0, "lost": 1}


def test_unknown_display_druid_cards_by_turn():
    # after turn 6 (nobody holds a card) round 2 is dealt at once: 5 each
    expected = [(3, 5, 5), (3, 2, 5), (3, 2, 0), (0, 2, 0), (0, 1, 0), (0, 1, 0), (5, 5, 5), (5, 5, 3)]
    for played, counts in enumerate(expected, start=1):
        view = prefix("unknown_display", played).view()
        assert tuple(view["players"][p]["druid_cards"] for p in ("anna", "ben", "cleo")) == counts, played
    view = prefix("unknown_display", 8).view()
    assert view["round"] == 2 and view["druid_deck"] == 29 and view["active"] == "anna"
    assert view["display"]["unknown"] == 9  # every take used an unknown space and no refill was revealed


def test_complete_game_rounds_and_decks():
    after_round_1 = prefix("complete_game", 8)
    assert after_round_1.view()["round"] == 2 and after_round_1.view()["druid_deck"] == 10
    assert after_round_1.view()["active"] == "anna"
    assert after_round_1.state.seats["dirk"].experience == [3, 6]
    after_cult = prefix("complete_game", 10)
    assert after_cult.view()["druid_deck"] == 9
    assert after_cult.view()["druid_discard"]["red"] == 12
    round_3 = prefix("complete_game", 15).view()
    assert round_3["round"] == 3 and round_3["active"] == "cleo"
    assert round_3["druid_deck"] == 35 and sum(round_3["druid_discard"].values()) == 0


def test_complete_game_final_round_and_end_phase():
    goal = prefix("complete_game", 17).view()
    assert goal["final_round"] is True and goal["druids"]["red"] == 18
    ended = prefix("complete_game", 22)
    view = ended.view()
    assert view["phase"] == "end" and view["end_reason"] == "round_after_goal" and view["active"] == "cleo"
    assert ended.scoresheet()["status"] == "in_progress" and ended.scoresheet()["end_reason"] is None
    assert ended.decision().name == "end"
    over = prefix("complete_game", 27)
    assert over.view()["over"] is True and over.decision().name == "over"
    final = over.view()["players"]
    held = {player: sorted(kind for kind in KINDS if seat["parts"][kind]) for player, seat in final.items()}
    assert held["anna"] == sorted(["center", "n", "ne", "s"])
    assert held["ben"] == sorted(kind for kind in KINDS if kind != "w")
    assert held["cleo"] == sorted(kind for kind in KINDS if kind not in ("sw", "nw"))
    assert held["dirk"] == sorted(["center", "n", "se", "s", "w"])
    assert held["emma"] == sorted(["center", "n", "ne", "e", "se"])


def test_ranking_example_of_section_12():
    # every kind once, six kinds twice; Anna has two kinds, Ben one kind a third time
    parts_ben = dict.fromkeys(KINDS, 1) | dict.fromkeys(("center", "n", "ne", "e", "se", "s"), 2) | {"center": 3}
    parts_anna = parts_ben | {"n": 3}
    sheet = tally({"game": "celtica", "options": {}, "board": None,
                   "players": [{"id": "anna", "parts": parts_anna}, {"id": "ben", "parts": parts_ben}]})
    assert [p["breakdown"] for p in sheet["players"]] == [
        {"complete": 1, "incomplete": [6, 2]}, {"complete": 1, "incomplete": [6, 1]}]
    assert [p["rank"] for p in sheet["players"]] == [1, 2] and sheet["winners"] == ["anna"]


def test_section_9_packing_example():
    assert amulets(dict.fromkeys(KINDS, 0) | {"center": 1, "n": 2, "s": 1}) == [["center", "n", "s"], ["n"]]


def test_section_15_tally_example():
    sheet = tally({"game": "celtica", "options": {}, "board": None, "players": [
        {"id": "anna", "parts": {"center": 1, "n": 2, "ne": 1, "e": 1, "se": 1, "s": 1, "sw": 1, "w": 1, "nw": 1}},
        {"id": "ben", "parts": {"n": 3, "s": 2}}]})
    assert sheet == {"game": "celtica", "status": "finished", "end_reason": None, "players": [
        {"id": "anna", "total": 1, "rank": 1, "breakdown": {"complete": 1, "incomplete": [1]}},
        {"id": "ben", "total": 0, "rank": 2, "breakdown": {"complete": 0, "incomplete": [2, 2, 1]}}],
        "winners": ["anna"]}
