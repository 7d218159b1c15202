"""The fixed Keltis board (rules §1, §3): paths, stones, tiles, and the
checks of a tile layout given at setup (§3.2)."""

from __future__ import annotations

from collections import Counter

from ..cards import COLORS
from ..engine import RuleBroken

PATHS = COLORS
ROWS = range(1, 10)
END_ROW = 9
GOAL_ROW = 7  # rows 7, 8 and 9 are the goal area
GOAL_AREA_END = 5  # the 5th figure in the goal area ends the game
ROW_VALUES = (0, -4, -3, -2, 1, 2, 3, 6, 7, 10)
WISHING_STONES = (-4, -3, 2, 3, 6, 10)  # index: stones held, 5 or more -> 10
STOCK = {"wish": 9, "clover": 9, "points-1": 2, "points-2": 3, "points-3": 2}
TILES = (*STOCK, "none")
DARK_STONES = 20  # stones of rows 1-8 that start with a tile
BARE_STONES = 40 - DARK_STONES  # stones of rows 1-8 that start bare
SMALL_FIGURES = 4
DRAW_PILE = {2: 64, 3: 86, 4: 78}
SIZES = ("small", "large")

Layout = list[tuple[str, int, str]]  # (path, row, tile) as setup lists them


def layout_of(setup: dict[str, dict[str, dict[str, str]]]) -> Layout:
    """The tiles a (valid) setup lists."""
    return [(path, int(row), tile) for path, rows in setup.get("tiles", {}).items() for row, tile in rows.items()]


def check_layout(listed: Layout, complete: bool) -> None:
    """The checks of rules §3.2, in order: ``setup.invalid`` at the first fault."""
    def refuse(reason: str) -> RuleBroken:
        return RuleBroken("setup.invalid", {"reason": reason})

    for path, row, tile in listed:
        if tile == "none":
            raise refuse(f"{path} {row} is listed as none, but setup lists only tiles")
    kinds = Counter(tile for _, _, tile in listed)
    for kind, stock in STOCK.items():
        if kinds[kind] > stock:
            raise refuse(f"{kinds[kind]} {kind} tiles are listed, but there are only {stock}")
    dark = sum(row < END_ROW for _, row, _ in listed)
    if dark > DARK_STONES:
        raise refuse(f"{dark} tiles are listed on rows 1-8, but only {DARK_STONES} stones there hold one")
    if complete:
        # All 25 tiles with at most 20 on rows 1-8 leaves one on every end stone.
        for kind, stock in STOCK.items():
            if kinds[kind] != stock:
                raise refuse(f"tiles_complete needs all {stock} {kind} tiles, but {kinds[kind]} listed")
