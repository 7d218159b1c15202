"""Lost Cities scores (rules §9) and the tally of final expeditions (§13)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from .. import schema
from ..engine import JSON, Option, RuleBroken
from ..ranking import scoresheet
from .state import NUMBERS, WAGER, WAGER_WORD, WAGERS, LostCitiesState, card_set, value_json, values_json

COST = 20  # what starting an expedition costs
BONUS = 20  # for an expedition of at least BONUS_CARDS cards, wagers included
BONUS_CARDS = 8
CARRY = 1000  # the bound of points carried from earlier rounds (rules §3.2, §13)


def expedition_score(values: list[int]) -> int:
    """(numbers - 20) x (1 + wagers), plus 20 for 8 cards or more; 0 unstarted."""
    if not values:
        return 0
    wagers = values.count(WAGER)
    numbers = sum(values) - wagers * WAGER
    return (numbers - COST) * (1 + wagers) + (BONUS if len(values) >= BONUS_CARDS else 0)


def score_row(player: str, colors: tuple[str, ...], expeditions: dict[str, list[int]], carry: int) -> JSON:
    """One sheet row: a key per colour of the game and ``earlier_rounds``."""
    breakdown = {color: expedition_score(expeditions.get(color, [])) for color in colors}
    breakdown["earlier_rounds"] = carry
    return {"id": player, "total": sum(breakdown.values()), "breakdown": breakdown}


def sheet(game: str, state: LostCitiesState) -> JSON:
    """The score sheet of a state: finished with ``end_reason`` once over."""
    rows = [score_row(player, state.colors, state.expeditions[player], state.carry[player])
            for player in state.players]
    return scoresheet(game, state.end_reason, rows, [row["total"] for row in rows])


def row_fault(color: str, expedition: list[int], value: int) -> RuleBroken | None:
    """Why ``value`` may not follow ``expedition`` (rules §7.1), or None."""
    numbers = [laid for laid in expedition if laid != WAGER]
    card = {"color": color, "value": value_json(value)}
    if value == WAGER:
        if numbers:
            return RuleBroken("lost-cities.row.wager_late",
                              {"color": color, "expedition": values_json(expedition), "card": card})
        return None
    if numbers and value <= numbers[-1]:  # the numbers of a legal row ascend: the last is the highest
        return RuleBroken("lost-cities.row.ascending", {"color": color, "expedition": values_json(expedition),
                                                        "highest": numbers[-1], "card": card})
    return None


def tally(game: str, data: JSON, options: tuple[Option, ...], defaults: Callable[[JSON], JSON]) -> JSON:
    """A finished sheet from the final expeditions (rules §13), checked in
    its order: the shape, that the cards exist, that each row could be laid."""
    schema.expect_object(data, "", ("game", "players"), ("options", "board"))
    colors = card_set(defaults(schema.expect_options(data.get("options"), options))["purple"]).colors
    if data.get("board") is not None:
        raise schema.invalid("/board", "must be null for lost-cities, which has no board")
    schema.expect_player_ids(data["players"], "/players", 2, 2, with_names=False)
    rows: list[tuple[str, dict[str, list[int]], int]] = []
    for index, player in enumerate(data["players"]):
        where = f"/players/{index}"
        schema.expect_object(player, where, ("id", "expeditions"), ("earlier_rounds",))
        expeditions = schema.expect_object(player["expeditions"], f"{where}/expeditions", optional=colors)
        laid = {color: [_value(value, f"{where}/expeditions/{color}/{number}")
                        for number, value in enumerate(schema.expect_list(expeditions[color],
                                                                          f"{where}/expeditions/{color}"))]
                for color in colors if color in expeditions}
        carry = schema.expect_int(player.get("earlier_rounds", 0), f"{where}/earlier_rounds", -CARRY, CARRY)
        rows.append((player["id"], laid, carry))
    _check_cards_exist(rows, colors)
    for index, (player, laid, _) in enumerate(rows):
        for color in colors:
            values = laid.get(color, [])
            for number, value in enumerate(values):
                broken = row_fault(color, values[:number], value)
                if broken is not None:
                    broken.details["player"] = player
                    raise broken
    sheet_rows = [score_row(player, colors, laid, carry) for player, laid, carry in rows]
    return scoresheet(game, None, sheet_rows, [row["total"] for row in sheet_rows], finished=True)


def _value(value: Any, pointer: str) -> int:
    """A card value of a tally: 2-10 or ``"wager"`` (kept as WAGER)."""
    if type(value) is str and value == WAGER_WORD:
        return WAGER
    if not (schema.is_int(value) and value in NUMBERS):
        raise schema.invalid(pointer, f'must be an integer from {NUMBERS[0]} to {NUMBERS[-1]} or "{WAGER_WORD}"')
    return int(value)


def _check_cards_exist(rows: list[tuple[str, dict[str, list[int]], int]], colors: tuple[str, ...]) -> None:
    """``record.invalid`` at the first card that cannot exist: a number card
    listed twice, or a fourth wager of a colour (rules §13 check 2)."""
    seen: Counter[tuple[str, int]] = Counter()
    for index, (_, laid, _) in enumerate(rows):
        for color in colors:
            for number, value in enumerate(laid.get(color, [])):
                seen[color, value] += 1
                pointer = f"/players/{index}/expeditions/{color}/{number}"
                if value == WAGER and seen[color, value] > WAGERS:
                    raise schema.invalid(pointer, f"is a fourth {color} wager card; there are {WAGERS}")
                if value != WAGER and seen[color, value] > 1:
                    raise schema.invalid(pointer, f"is the {color} {value} again; there is one")
