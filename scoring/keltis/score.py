"""Keltis scores (rules §11) and the tally of final positions (§15)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .. import schema
from ..engine import JSON, Option
from ..ranking import scoresheet
from .board import END_ROW, GOAL_AREA_END, GOAL_ROW, ROW_VALUES, SMALL_FIGURES, STOCK, WISHING_STONES
from .state import Figure, KeltisState


def score_row(player: str, figures: Iterable[Figure], stones_held: int, track: int) -> JSON:
    """One sheet row (rules §11); figures on the start stone score 0."""
    on_paths = sum(ROW_VALUES[figure.row] * (2 if figure.large else 1) for figure in figures)
    wishing = WISHING_STONES[min(stones_held, len(WISHING_STONES) - 1)]
    breakdown = {"track": track, "figures": on_paths, "wishing_stones": wishing, "stones_held": stones_held}
    return {"id": player, "total": track + on_paths + wishing, "breakdown": breakdown}


def rank_keys(rows: list[JSON], tie_break: str) -> list[Any]:
    if tie_break == "wishing_stones":
        return [(row["total"], row["breakdown"]["stones_held"]) for row in rows]
    return [row["total"] for row in rows]


def sheet(game: str, state: KeltisState) -> JSON:
    """The score sheet of a state: finished with ``end_reason`` once over."""
    rows = [score_row(player, seat.figures.values(), seat.stones_held, seat.track)
            for player, seat in state.seats.items()]
    return scoresheet(game, state.end_reason, rows, rank_keys(rows, state.options["tie_break"]))


def tally(game: str, data: JSON, options: tuple[Option, ...], defaults: Callable[[JSON], JSON],
          low: int, high: int) -> JSON:
    """A finished sheet from final positions (rules §15); bad input is
    ``record.invalid``."""
    schema.expect_object(data, "", ("game", "players"), ("options", "board"))
    tie_break = defaults(schema.expect_options(data.get("options"), options))["tie_break"]
    if data.get("board") is not None:
        raise schema.invalid("/board", "must be null for keltis, which has no board profile")
    schema.expect_player_ids(data["players"], "/players", low, high, with_names=False)
    rows, stones, goal = [], 0, 0
    for index, player in enumerate(data["players"]):
        where = f"/players/{index}"
        schema.expect_object(player, where, ("id", "figures", "stones_held", "track"))
        figures = schema.expect_list(player["figures"], f"{where}/figures", 0, 1 + SMALL_FIGURES)
        for number, figure in enumerate(figures):
            schema.expect_object(figure, f"{where}/figures/{number}", ("row", "large"))
            schema.expect_int(figure["row"], f"{where}/figures/{number}/row", 0, END_ROW)
            schema.expect_bool(figure["large"], f"{where}/figures/{number}/large")
        large = sum(figure["large"] for figure in figures)
        if large > 1:
            raise schema.invalid(f"{where}/figures", "holds more than one large figure")
        if len(figures) - large > SMALL_FIGURES:
            raise schema.invalid(f"{where}/figures", f"holds more than {SMALL_FIGURES} small figures")
        held = schema.expect_int(player["stones_held"], f"{where}/stones_held", 0, STOCK["wish"])
        track = schema.expect_int(player["track"], f"{where}/track", 0)
        stones += held
        goal += sum(figure["row"] >= GOAL_ROW for figure in figures)
        rows.append(score_row(player["id"], [Figure(f["row"], f["large"]) for f in figures], held, track))
    if stones > STOCK["wish"]:
        raise schema.invalid("/players", f"hold more than {STOCK['wish']} wishing stones together")
    if goal > GOAL_AREA_END:
        raise schema.invalid("/players", f"have more than {GOAL_AREA_END} figures on rows 7-9 together")
    return scoresheet(game, None, rows, rank_keys(rows, tie_break), finished=True)
