"""The legal answers of an open Keltis decision (rules §14), for the check
route and the PWA: per decision its ``choices`` summary and every legal
action."""

from __future__ import annotations

from ..cards import COLORS, VALUES, card_json, row_allows
from ..engine import JSON
from .board import END_ROW, PATHS, SIZES
from .state import KeltisState

Choices = tuple[JSON, list[JSON]]


def main_choices(state: KeltisState) -> Choices:
    """Per colour the playable values and what a play would move; the
    discardable cards."""
    player = state.active
    seat, supply = state.seats[player], state.supply
    plays: JSON = {}
    discards: list[JSON] = []
    actions: list[JSON] = []
    sizes = [size for size in SIZES if seat.left(size)]
    for color in COLORS:
        holdable = [value for value in VALUES if supply.could_hold(player, (color, value))]
        discards += [card_json((color, value)) for value in holdable]
        values = [value for value in holdable if row_allows(seat.rows[color], value)]
        figure = seat.figures.get(color)
        extras: list[JSON]
        if figure is None:
            plays[color] = {"values": values, "move": "enter", "figures": sizes}
            extras = [{"figure": size} for size in sizes]
        elif figure.row < END_ROW:
            plays[color] = {"values": values, "move": "step", "to_row": figure.row + 1}
            extras = [{}]
        else:
            targets = [path for path, other in seat.figures.items() if other.row < END_ROW]
            plays[color] = {"values": values, "move": "bonus", "bonus": targets}
            extras = [{"bonus": path} for path in (None, *targets)]
        actions += [{"type": "play", "card": card_json((color, value)), **extra}
                    for value in values for extra in extras]
    actions += [{"type": "discard", "card": card} for card in discards]
    return {"play": plays, "discard": discards}, actions


def clover_choices(state: KeltisState) -> Choices:
    """The paths a clover may name, entering ones with the option, and null."""
    seat = state.seats[state.active]
    paths = [path for path in PATHS if path in seat.figures and seat.figures[path].row < END_ROW]
    actions: list[JSON] = [{"type": "clover", "path": path} for path in paths]
    choices: JSON = {"paths": paths, "decline": True}
    if state.options["clover_can_enter"]:
        sizes = [size for size in SIZES if seat.left(size)]
        entering = [path for path in PATHS if path not in seat.figures] if sizes else []
        choices.update(enter=entering, figures=sizes)
        actions += [{"type": "clover", "path": path, "figure": size} for path in entering for size in sizes]
    actions.append({"type": "clover", "path": None})
    return choices, actions


def draw_choices(state: KeltisState) -> Choices:
    """The deck and every pile that may be drawn from."""
    sources = state.supply.draw_sources(state.options["redraw_own_discard"])
    return {"from": sources}, [{"type": "draw", "from": source} for source in sources]


def unknown_stones(state: KeltisState) -> tuple[JSON, list[JSON]]:
    """``path -> row -> [tile ids]`` of every stone still unknown, and those
    free reveals as actions (reveals that only confirm a known stone change
    nothing and are left out)."""
    unknown: JSON = {}
    reveals: list[JSON] = []
    for path in PATHS:
        for row, tile in enumerate(state.laid[path]):
            if row and tile is None:
                tiles = state.possible_tiles(row)
                unknown.setdefault(path, {})[str(row)] = tiles
                reveals += [{"type": "reveal", "path": path, "row": row, "tile": tile} for tile in tiles]
    return unknown, reveals
