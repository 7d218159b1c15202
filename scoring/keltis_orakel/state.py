"""The Orakel state (§2): plain dataclasses, dicts and lists, so it survives
``copy.deepcopy`` and ``pickle``."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import Supply, direction
from ..engine import JSON
from .board import Board


@dataclass
class Seat:
    """One player's pieces and points."""

    figures: list[int]
    rows: dict[str, list[int]]
    #: per colour: the direction a card gave the row, kept when a goblin
    #: takes cards off it (§7.1.1, ``row_direction: "kept"``); 0 none yet
    kept: dict[str, int]
    track: int
    sources: dict[str, int]
    stones_held: int = 0
    mirrors: int = 0
    goblin_scored: bool = False


@dataclass
class OrakelState:
    """Everything a replay knows (§2), plus the open decision of the turn."""

    board: Board
    options: JSON
    players: list[str]
    seats: dict[str, Seat]
    supply: Supply
    #: per field: the tile laid there at setup when known, else None
    tiles: list[str | None]
    #: per field: whether its mirror has been taken
    taken: list[bool]
    #: per field: wishing stones left
    stones: list[int]
    #: tile id -> small fields known to hold it (taken mirrors included)
    known_tiles: Counter[str]
    priestess: int = 0
    turn: int = 0
    active: str = ""  # whose turn is open (the last player's once the game is over)
    end_reason: str | None = None
    # the open turn
    decision: str = "main"
    pending: int = 0  # the field of an open reveal, spiral or goblin
    mover: int = 0  # which of the active player's figures moves
    turn_start: int = 0  # where that figure stood before the card move
    draws: int = 0  # cards still to draw
    clovers: int = 0  # clover moves in this turn (the summary's chains)

    def row_direction(self, player: str, color: str) -> int:
        """The direction of ``player``'s row of ``color`` (§7.1.1): the kept
        one, or with ``row_direction: "from_cards"`` the cards' own."""
        seat = self.seats[player]
        if self.options["row_direction"] == "kept":
            return seat.kept[color]
        return direction(seat.rows[color])

    def row_directions(self, player: str) -> dict[str, int]:
        return {color: self.row_direction(player, color) for color in self.seats[player].rows}
