"""Who may open a game: the bearer token of a request, and the game it opens.

Every route under ``/api/v1/games/<id>`` needs ``Authorization: Bearer
<token>``; a wrong or missing token is the same 404 as an unknown game.
The spectator token opens the GET routes only (403 on a write).
"""

from __future__ import annotations

import functools

from flask import current_app, g, request

from store import StoredGame
from tables import NoGame, ReadOnly, Tables

from .problems import READ_ONLY, Problem

#: The OpenAPI security of a game's routes.
SECURITY: list[dict[str, list[str]]] = [{"table": []}]


def tables() -> Tables:
    """The application's games."""
    return current_app.extensions["brehon.tables"]


def bearer() -> str | None:
    """The token of the request's ``Authorization: Bearer`` header, if any."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def stranger() -> bool:
    """Whether the request's token opens nothing of the game its route
    names (asked once a request, before the view: by the rate limits too)."""
    if "stranger" not in g:
        game_id = (request.view_args or {}).get("game_id", "")
        g.stranger = not tables().opens(game_id, bearer())
    return g.stranger


def no_game() -> Problem:
    return Problem(404, "There is no game with this id for this token.")


def open_table(game_id: str, *, write: bool = False, version: int | None = None) -> StoredGame:
    """The game the request's token opens (404 otherwise, 403 for a write
    with the spectator's token); ``version``: the one a write was composed on."""
    try:
        table = tables().open(game_id, bearer(), write=write, version=version)
    except NoGame:
        raise no_game() from None
    except ReadOnly:
        raise Problem(403, "The spectator token can only read this game.", type=READ_ONLY) from None
    g.game_name = table.record["game"]  # for the words of a body's fault
    return table


def table_access(write: bool = False):
    """Open the route's game for the request's token; the view gets ``table``.
    Runs before the body or query is parsed, so a stranger learns nothing from their faults."""

    def decorate(view):
        @functools.wraps(view)
        def wrapper(*args, game_id: str, **kwargs):
            return view(*args, table=open_table(game_id, write=write), **kwargs)

        return wrapper

    return decorate
