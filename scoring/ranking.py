"""Ranks and the score sheet's frame, shared by every game.

Each game turns its state into one row per player (id, total, breakdown)
and a ranking key per player, larger is better. Ties share a rank and the
next rank skips (1, 1, 3); winners are the rank-1 players in seating order.
"""

from __future__ import annotations

from typing import Any, Sequence


def ranks(keys: Sequence[Any]) -> list[int]:
    """1 + the number of players whose key is strictly greater."""
    return [1 + sum(other > key for other in keys) for key in keys]


def scoresheet(
    game: str,
    end_reason: str | None,
    rows: Sequence[dict[str, Any]],
    keys: Sequence[Any],
    *,
    finished: bool | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """The contract's score sheet.

    ``rows`` are ``{"id", "total", "breakdown"}`` in seating order and
    ``keys`` their ranking keys. The sheet is ``finished`` when an
    ``end_reason`` is given (or ``finished=True`` for a tally, which has no
    end reason). ``extra`` keys (such as ``warnings``) are added as they are.
    """
    if finished is None:
        finished = end_reason is not None
    players = [
        {"id": row["id"], "total": row["total"], "rank": rank, "breakdown": row["breakdown"]}
        for row, rank in zip(rows, ranks(keys))
    ]
    sheet = {
        "game": game,
        "status": "finished" if finished else "in_progress",
        "end_reason": end_reason,
        "players": players,
        "winners": [player["id"] for player in players if player["rank"] == 1],
    }
    sheet.update(extra)
    return sheet
