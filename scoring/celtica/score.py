"""Amulets (rules §9), the ranking (§12), the score sheet and the tally (§15)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import schema
from ..engine import JSON, Option, RuleBroken
from ..ranking import scoresheet
from .state import COPIES, KINDS, no_parts


def amulets(parts: dict[str, int]) -> list[list[str]]:
    """Canonical packing (§9): amulet j holds every kind held at least j times."""
    return [[kind for kind in KINDS if parts[kind] >= j] for j in range(1, max(parts.values(), default=0) + 1)]


def amulet_score(parts: dict[str, int]) -> tuple[int, list[int]]:
    """``(complete, incomplete sizes largest first)`` of canonical packing."""
    sizes = [len(amulet) for amulet in amulets(parts)]
    complete = min(parts[kind] for kind in KINDS)
    return complete, sizes[complete:]


def ranking_key(parts: dict[str, int]) -> tuple[int, ...]:
    """More complete amulets first, then the incomplete sizes, a missing one
    counting 0 (§12). At most 10 amulets exist, so 10 sizes pad every key."""
    complete, incomplete = amulet_score(parts)
    return (complete, *incomplete, *([0] * (COPIES - len(incomplete))))


def sheet(ids: list[str], parts: list[dict[str, int]], end_reason: str | None, finished: bool) -> JSON:
    rows, keys = [], []
    for player, held in zip(ids, parts):
        complete, incomplete = amulet_score(held)
        rows.append({"id": player, "total": complete,
                     "breakdown": {"complete": complete, "incomplete": incomplete}})
        keys.append(ranking_key(held))
    return scoresheet("celtica", end_reason, rows, keys, finished=finished)


def tally(data: JSON, options: tuple[Option, ...], problems: Callable[[Any], list[RuleBroken]],
          low: int, high: int) -> JSON:
    """Score final seats (rules §15); bad input is ``record.invalid``."""
    schema.expect_object(data, "", ("game", "players"), ("options", "board"))
    schema.expect_options(data.get("options"), options)
    found = problems(data["board"]) if data.get("board") is not None else []
    if found:
        raise found[0]
    players = schema.expect_player_ids(data["players"], "/players", low, high,
                                       with_names=False)
    totals = no_parts()
    seats = []
    for index, player in enumerate(players):
        where = f"/players/{index}"
        schema.expect_object(player, where, ("id", "parts"))
        schema.expect_object(player["parts"], f"{where}/parts", optional=KINDS)
        held = no_parts()
        for kind, count in player["parts"].items():
            held[kind] = schema.expect_int(count, f"{where}/parts/{kind}", 0, COPIES)
            totals[kind] += count
            if totals[kind] > COPIES:
                raise schema.invalid(f"{where}/parts/{kind}", f"makes {totals[kind]} {kind} parts; there are 10")
        seats.append(held)
    return sheet([player["id"] for player in players], seats, None, True)
