"""The legal answers of an open Orakel decision (§6), for the check route
and the PWA: its ``choices`` summary and every complete legal action."""

from __future__ import annotations

from ..cards import COLORS, card_json, row_allows
from ..engine import JSON, Decision
from .board import NONE, TILE_COUNTS, TILES
from .state import OrakelState


def decision(state: OrakelState) -> Decision:
    """The open decision with every complete legal action answering it."""
    name = state.decision
    if state.end_reason is not None:
        return Decision("over", None, {"end_reason": state.end_reason}, can_end=True)
    player = state.active
    if name == "complete":
        return Decision(name, player, {}, can_end=True)
    if name == "reveal":
        tiles = tiles_left(state)
        return Decision(name, player, {"field": state.pending, "tiles": tiles},
                        [{"type": "reveal", "field": state.pending, "tile": tile} for tile in tiles])
    optional = free_reveals(state)
    if name == "main":
        choices, actions = main_choices(state)
    elif name == "spiral":
        targets = [*spiral_targets(state, state.pending), None]
        choices = {"field": state.pending, "to": targets}
        actions = [{"type": "spiral", "to": to} for to in targets]
    elif name == "goblin":
        rows = [color for color, cards in state.seats[player].rows.items() if cards]
        hand = [card_json(card) for card in state.supply.possible_cards(player)]
        choices = {"field": state.pending, "rows": rows, "hand": hand, "decline": True}
        actions = ([{"type": "goblin", "hand": card} for card in hand]
                   + [{"type": "goblin", "row": color} for color in rows] + [{"type": "goblin"}])
    else:
        sources = state.supply.draw_sources(state.options["redraw_own_discard"])
        choices = {"count": state.draws, "sources": sources}
        actions = [{"type": "draw", "from": source} for source in sources]
    return Decision(name, player, choices, actions, optional)


def spiral_targets(state: OrakelState, spiral: int) -> list[int]:
    """§8.4: fields behind the spiral, not the turn start, not 0 unless allowed."""
    low = 0 if state.options["spiral_to_start"] else 1
    return [spot for spot in range(low, spiral) if spot != state.turn_start]


def tiles_left(state: OrakelState) -> list[str]:
    return [tile for tile in TILES if state.known_tiles[tile] < TILE_COUNTS[tile]]


def free_reveals(state: OrakelState) -> list[JSON]:
    """Every free reveal that agrees with what is known (§7.3)."""
    left = tiles_left(state)
    reveals = []
    for spot, kind in enumerate(state.board.kinds):
        if kind != "small":
            continue
        if state.taken[spot]:
            reveals.append({"type": "reveal", "field": spot, "tile": NONE})
        elif state.tiles[spot] is not None:
            reveals.append({"type": "reveal", "field": spot, "tile": state.tiles[spot]})
        else:
            reveals.extend({"type": "reveal", "field": spot, "tile": tile} for tile in left)
    return reveals


def main_choices(state: OrakelState) -> tuple[JSON, list[JSON]]:
    """The ``main`` decision: playable cards with where they move, and discards."""
    board, player = state.board, state.active
    seat = state.seats[player]
    center, priestess = board.center, state.priestess
    places = sorted(set(seat.figures))
    never = state.options["play_without_move"] == "never"
    holdable = state.supply.possible_cards(player)
    plays: list[JSON] = []
    playable: dict[str, list[int]] = {color: [] for color in COLORS}
    for color, value in holdable:
        if not row_allows(seat.rows[color], value):
            continue
        playable[color].append(value)
        card = {"color": color, "value": value}
        ahead = board.ahead[color]
        moves = [{"type": "play", "card": card, "figure": place} for place in places if ahead[place] is not None]
        reach = min(board.green[value], center - priestess)
        moves.extend({"type": "play", "card": card, "priestess": steps} for steps in range(1, reach + 1))
        if not moves and not never:
            moves.append({"type": "play", "card": card})
        plays.extend(moves)
    discards = [{"type": "discard", "card": card_json(card)} for card in holdable]
    choices = {
        "playable": playable,
        "figures": {str(place): {color: board.ahead[color][place] for color in COLORS} for place in places},
        "priestess": {"field": priestess,
                      "reach": [min(green, center - priestess) for green in board.green]},
        "discardable": [card_json(card) for card in holdable],
    }
    return choices, plays + discards
