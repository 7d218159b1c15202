"""The worked examples of rules/keltis-orakel.md §17, exactly as printed."""

from __future__ import annotations


import pytest

import examples
from scoring import Game, Refused, replay



def example(number: int) -> dict:
    return examples.example("orakel", f"example{number}")


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_worked_example_answers_as_printed(number):
    data = example(number)
    assert replay(data["record"]) == data["sheet"]


def test_example_1_step_by_step():
    record = example(1)["record"]
    after_anna = Game.replay({**record, "turns": record["turns"][:1]})
    table = after_anna.view()
    assert table["players"]["anna"]["figures"] == [4, 0, 0]
    assert [table["fields"][spot]["tile"] for spot in (1, 4)] == ["clover-blue", "points-3"]
    assert table["players"]["anna"]["track"] == 3
    # Ben's spiral on field 3: 1 and 2 (0 is his turn start and the start field)
    ben = Game.replay({**record, "turns": record["turns"][:1]})
    answer = ben.check({"player": "ben", "actions": record["turns"][1]["actions"][:2]})
    assert answer["decision"].name == "spiral"
    assert answer["decision"].choices == {"field": 3, "to": [1, 2, None]}
    final = Game.replay(record).view()
    assert final["priestess"] == 4
    assert final["players"]["anna"]["track_sources"] == {"start": 0, "tiles": 3, "priestess": 5, "goblin": 0}


def test_example_2_goblins_rows_and_piles():
    record = example(2)["record"]
    after_turn_3 = Game.replay({**record, "turns": record["turns"][:4]}).view()
    # the goblin took the 5 off [3, 5]: the row stays ascending (§7.1.1)
    assert after_turn_3["players"]["anna"]["rows"]["purple"] == {"cards": [3], "direction": "ascending"}
    from_cards = {**record, "options": {"row_direction": "from_cards"}, "turns": record["turns"][:4]}
    assert Game.replay(from_cards).view()["players"]["anna"]["rows"]["purple"] == {"cards": [3], "direction": None}
    assert after_turn_3["piles"]["purple"] == [5]
    ben = after_turn_3["players"]["ben"]
    assert ben["hand"] == {"known": [{"color": "yellow", "value": 8}], "unknown": 7}
    final = Game.replay(record).view()
    anna = final["players"]["anna"]
    assert anna["goblin_scored"] and anna["track_sources"]["goblin"] == 10
    assert sorted(anna["figures"]) == [5, 5, 10]
    assert anna["hand"]["known"] == [{"color": "green", "value": 2}]
    assert final["fields"][2]["tile"] == "none"  # Ben took the mirror


def test_example_3_ends_without_the_last_tile_or_draw():
    game = Game.replay(example(3)["record"])
    assert game.is_over
    table = game.view()
    assert table["over"] and table["end_reason"] == "oracle_player" and table["decision"] == "over"
    assert table["players"]["anna"]["track"] == 12
    assert game.decision().name == "over"
    with pytest.raises(Refused) as refused:
        game.copy().play({"player": "ben", "actions": [{"type": "discard", "card": {"color": "red", "value": 1}}]})
    assert (refused.value.violation.rule, refused.value.violation.turn, refused.value.violation.action) == (
        "game.over", 11, None)


def test_example_4_message_in_three_languages():
    with pytest.raises(Refused) as refused:
        Game.replay(example(4)["record"])
    violation = refused.value.violation
    assert violation.message("en") == "Your purple row ascends: the next purple card must be 4 or higher."
    assert violation.message("de") == "Deine Reihe in Lila steigt: die nächste Karte in Lila muss 4 oder höher sein."
    assert violation.message("es") == "Tu fila morada asciende: la siguiente carta morada debe ser 4 o más alta."


def test_example_4_with_directions_from_the_cards():
    """§17.4's last paragraph: with ``row_direction: "from_cards"`` the goblin
    gave the row back its freedom, so the refusal comes two turns later."""
    record = {**example(4)["record"], "options": {"row_direction": "from_cards"}}
    with pytest.raises(Refused) as refused:
        Game.replay(record)
    violation = refused.value.violation
    assert (violation.rule, violation.turn, violation.action) == ("keltis-orakel.row.direction", 6, 0)
    assert violation.details == {"row": [4, 2], "card": {"color": "purple", "value": 3}, "direction": "descending"}
    assert violation.message("en") == "Your purple row descends: the next purple card must be 2 or lower."
    assert violation.message("de") == "Deine Reihe in Lila fällt: die nächste Karte in Lila muss 2 oder niedriger sein."
