"""Who may open a game: the bearer token of a request, and the game it opens.

Every route under ``/api/v1/games/<id>`` needs ``Authorization: Bearer
<token>``; a wrong or missing token is the same 404 as an unknown game.
The spectator token opens the GET routes only (403 on a write).
"""

from __future__ import annotations

import functools
import re

from flask import current_app, g, request

from store import StoredGame
from tables import NoGame, ReadOnly, Tables

from .problems import READ_ONLY, Problem

#: The one form of If-Match a write takes: one strong ETag, a version.
VERSION_TAG = re.compile(r'"(0|[1-9][0-9]{0,9})"')

#: The OpenAPI security of a game's routes.
SECURITY: list[dict[str, list[str]]] = [{"table": []}]


def tables() -> Tables:
    """The application's games."""
    return current_app.extensions["brehon.tables"]


def bearer() -> str | None:
    """The token of the request's ``Authorization: Bearer`` header, if any."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def note_role() -> None:
    """Before any other step of a request to a game's route: the role its
    token opens there (``g.role``: table, spectator or None), which the rate
    limits ask (api/limits.py). Noted here so that a store away for a moment
    is a 503 like any other, not an error inside flask-limiter."""
    game_id = (request.view_args or {}).get("game_id")
    if game_id is not None and request.path.startswith("/api/v1/games/"):
        g.role = tables().role(game_id, bearer())


def role() -> str | None:
    """The role the request's token opens in the route's game (:func:`note_role`)."""
    return g.get("role")


def no_game() -> Problem:
    return Problem(404, "There is no game with this id for this token.")


def open_table(game_id: str, *, write: bool = False, version: int | None = None) -> StoredGame:
    """The game the request's token opens (404 otherwise, 403 for a write
    with the spectator's token); ``version``: the one a write was composed on.
    A token that opens nothing is answered from the role noted first
    (:func:`note_role`), which cost the same for a game that exists and one
    that does not, with nothing more read."""
    if role() is None:
        raise no_game()
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
    Runs before the body or the query is looked at (a fault in the body is
    raised when a view first reads it: api/bodies.py), so a stranger
    learns nothing from their faults. A write opens the game at the
    version its If-Match names, when this process holds it there."""

    def decorate(view):
        @functools.wraps(view)
        def wrapper(*args, game_id: str, **kwargs):
            table = open_table(game_id, write=write, version=version_hint() if write else None)
            return view(*args, table=table, **kwargs)

        return wrapper

    return decorate


def version_hint() -> int | None:
    """The version a write's If-Match names, if it is one strong ETag of a version."""
    tag = VERSION_TAG.fullmatch(request.headers.get("If-Match", "").strip())
    return int(tag[1]) if tag else None
