"""The Keltis state (rules §4) and what is known of the tile layout (§6.4).

Plain dataclasses, lists and dicts: it survives ``copy.deepcopy`` and
``pickle``. Stones are kept per path as lists indexed by row (index 0, the
start stone, is unused): the laid-out tile (``None`` while unknown) and
whether that tile was taken.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..cards import COLORS, Supply
from ..engine import JSON, RuleBroken
from .board import BARE_STONES, DARK_STONES, END_ROW, SMALL_FIGURES, STOCK, TILES


@dataclass
class Figure:
    """A figure on a path: its row (1-9) and whether it is the large one."""

    row: int
    large: bool


@dataclass
class Seat:
    """One player's side of the table (rules §4)."""

    rows: dict[str, list[int]] = field(default_factory=lambda: {color: [] for color in COLORS})
    figures: dict[str, Figure] = field(default_factory=dict)  # path -> figure
    small_left: int = SMALL_FIGURES
    large_left: int = 1
    stones_held: int = 0
    track: int = 0

    def left(self, size: str) -> int:
        return self.large_left if size == "large" else self.small_left


@dataclass
class KeltisState:
    """Everything the referee knows of one game (rules §4), and the open turn."""

    players: list[str]
    options: JSON
    seats: dict[str, Seat]
    supply: Supply
    laid: dict[str, list[str | None]]  # path -> row -> laid-out tile, None unknown
    taken: dict[str, list[bool]]  # path -> row -> the tile was taken
    known_kinds: Counter[str] = field(default_factory=Counter)  # laid-out tiles known, by kind
    known_bare: int = 0  # known bare stones on rows 1-8
    known_dark: int = 0  # known tiles on rows 1-8
    goal_area: int = 0
    turn: int = 0  # turns played
    active: str = ""  # whose turn is open (the last player's once the game is over)
    end_reason: str | None = None
    # the open turn
    decision: str = "main"
    pending: tuple[str, int] | None = None  # the stone an open reveal decision names
    clovers: int = 0  # clover steps taken in this turn (the summary's chains)

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    def content(self, path: str, row: int) -> str | None:
        """What lies on a stone now: a tile id, ``none``, or None if unknown."""
        return "none" if self.taken[path][row] else self.laid[path][row]

    # -- what is known of the layout (§6.4) ----------------------------------

    def record_tile(self, path: str, row: int, tile: str) -> None:
        """A stone's laid-out content becomes known."""
        self.laid[path][row] = tile
        if tile == "none":
            self.known_bare += 1
            return
        self.known_kinds[tile] += 1
        if row < END_ROW:
            self.known_dark += 1

    def impossible(self, row: int, tile: str) -> str | None:
        """Why no complete layout has ``tile`` on an unknown stone of ``row``
        (rules §6.4 (a)-(d)), or None when one does."""
        if tile == "none":
            if row == END_ROW:
                return "every end stone holds a tile"
            if self.known_bare >= BARE_STONES:
                return f"{BARE_STONES} stones of rows 1-8 are already known to be bare"
            return None
        if self.known_kinds[tile] >= STOCK[tile]:
            return f"all {STOCK[tile]} {tile} tiles are already known to lie elsewhere"
        if row < END_ROW and self.known_dark >= DARK_STONES:
            return f"{DARK_STONES} stones of rows 1-8 are already known to hold tiles"
        return None

    def check_unknown_reveal(self, path: str, row: int, tile: str) -> None:
        reason = self.impossible(row, tile)
        if reason is not None:
            raise RuleBroken("reveal.impossible", {"path": path, "row": row, "tile": tile, "reason": reason},
                             thing=tile, place={"color": path, "value": row}, variant=_bare(tile))

    def possible_tiles(self, row: int) -> list[str]:
        """The tile ids §6.4 still allows on an unknown stone of ``row``."""
        return [tile for tile in TILES if self.impossible(row, tile) is None]


def _bare(tile: str) -> str | None:
    """The message variant of a reveal of nothing (``none``)."""
    return "bare" if tile == "none" else None
