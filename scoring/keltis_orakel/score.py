"""Orakel scores (§12) and the tally of final positions (§15)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import schema
from ..engine import JSON, Option, RuleBroken
from ..ranking import scoresheet
from .board import Board, board_warnings
from .messages import GAME
from .state import OrakelState


def sheet_row(board: Board, player: str, figures: list[int], stones: int, mirrors: int, track: int) -> JSON:
    """One score sheet row (§12)."""
    figure_points = sum(board.values[spot] for spot in figures)
    wishing = board.wishing[stones] * (1 + mirrors)
    return {
        "id": player,
        "total": track + figure_points + wishing,
        "breakdown": {"track": track, "figures": figure_points, "wishing_stones": wishing,
                      "stones_held": stones, "mirrors": mirrors},
    }


def sheet(state: OrakelState) -> JSON:
    rows = [sheet_row(state.board, player, seat.figures, seat.stones_held, seat.mirrors, seat.track)
            for player, seat in state.seats.items()]
    warnings = board_warnings(state.board)
    extra: JSON = {"warnings": warnings} if warnings else {}
    return scoresheet(GAME, state.end_reason, rows, [row["total"] for row in rows], **extra)


def tally(data: JSON, options: tuple[Option, ...], check_options: Callable[[JSON], None],
          problems: Callable[[Any], list[RuleBroken]], low: int, high: int) -> JSON:
    """§15: final positions read off the table, scored as §12."""
    schema.expect_object(data, "", ("game", "board", "players"), ("options",))
    schema.expect_options(data.get("options"), options)
    check_options(data.get("options") or {})
    players = schema.expect_player_ids(data["players"], "/players", low, high,
                                       with_names=False)
    stones = mirrors = 0
    for index, player in enumerate(players):
        where = f"/players/{index}"
        schema.expect_object(player, where, ("id", "fields", "stones_held", "mirrors", "track"), ("name",))
        if "name" in player:
            schema.expect_string(player["name"], f"{where}/name", 1, 40)
        schema.expect_list(player["fields"], f"{where}/fields", 3, 3)
        for number, spot in enumerate(player["fields"]):
            schema.expect_int(spot, f"{where}/fields/{number}", 0, 35)
        stones += schema.expect_int(player["stones_held"], f"{where}/stones_held", 0, 9)
        mirrors += schema.expect_int(player["mirrors"], f"{where}/mirrors", 0, 3)
        schema.expect_int(player["track"], f"{where}/track")
    if stones > 9:
        raise schema.invalid("/players", "hold more than 9 wishing stones together")
    if mirrors > 3:
        raise schema.invalid("/players", "hold more than 3 mirrors together")
    found = problems(data["board"])
    if found:
        raise found[0]
    board = Board.of(data["board"])
    warnings = board_warnings(board)
    rows = [sheet_row(board, player["id"], player["fields"], player["stones_held"], player["mirrors"],
                       player["track"]) for player in players]
    extra = {"warnings": warnings} if warnings else {}
    return scoresheet(GAME, None, rows, [row["total"] for row in rows], finished=True, **extra)

