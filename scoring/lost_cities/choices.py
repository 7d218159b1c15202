"""The legal answers of an open Lost Cities decision (rules §12), for the
check route and the composer: per decision its ``choices`` summary and
every legal action."""

from __future__ import annotations

from ..engine import JSON
from .score import row_fault
from .state import LostCitiesState, value_json

Choices = tuple[JSON, list[JSON]]


def main_choices(state: LostCitiesState) -> Choices:
    """Per colour the values that may be played, and every card that may be
    discarded: the cards the hand may hold (§7.3), the plays also by §7.1."""
    player, supply = state.active, state.supply
    expeditions = state.expeditions[player]
    holdable = supply.possible_cards(player)
    plays: JSON = {color: [] for color in state.colors}
    actions: list[JSON] = []
    for card in holdable:
        color, value = card
        if row_fault(color, expeditions[color], value) is None:
            plays[color].append(value_json(value))
            actions.append({"type": "play", "card": supply.cards.json(card)})
    discards = [supply.cards.json(card) for card in holdable]
    actions += [{"type": "discard", "card": card} for card in discards]
    return {"play": plays, "discard": discards}, actions


def draw_choices(state: LostCitiesState) -> Choices:
    """The deck and every non-empty pile but the one this turn discarded to."""
    sources = state.supply.draw_sources(redraw_own_discard=False)
    return {"from": sources}, [{"type": "draw", "from": source} for source in sources]
