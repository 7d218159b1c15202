"""Limits that keep one table, or one stranger, from wearing out the server.

Rate limits are counted by flask-limiter in Redis, so every API process
shares them: in ``BREHON_LIMITS_URL`` when it is set (`brehon serve` starts
a Redis that keeps nothing on disk for them: a lost count harms nobody, and
a count in the durable Redis would cost every turn a second fsync), else in
the application's Redis (``REDIS_URL``), unless that is a Redis Cluster
(``create_app`` then asks for ``BREHON_LIMITS_URL``). While that Redis is
away each process counts in its own memory (flask-limiter's fallback), so
a table goes on logging turns.

    BREHON_LIMIT_CREATE      POST /api/v1/games, per client address
    BREHON_LIMIT_TURNS       POST .../turns and .../corrections, per game
    BREHON_LIMIT_CHECKS      POST .../check, per game
    BREHON_LIMIT_TALLIES     POST /api/v1/tally, per client address
    BREHON_LIMIT_BOARDS      POST /api/v1/boards, per client address
    BREHON_LIMIT_BAD_TOKENS  requests to a game (or a board's DELETE) whose
                             token opens nothing, per client address

A game's own limits count only requests whose token opened the game: a
stranger who knows the id (every spectator does: it is in the join link)
never spends the table's budget. Failed authentications are counted per
client address instead, and only they: over their limit a stranger's
guesses get 429 instead of 404, while a table behind the same address (a
proxy, the same Wi-Fi) plays on.

Each is a flask-limiter string ("60 per minute"); the configuration
(``create_app(test_config)``), else the environment variable of the same
name, else the generous default below sets it. A request over a limit gets
429 problem+json; flask-limiter's own headers say the limit, what is left
of it and when it resets (``X-RateLimit-*``, ``Retry-After`` in seconds).

Sizes: a game holds at most :data:`MAX_TURNS` turns (:func:`refuse_long_game`);
a body at most ``api.MAX_BODY`` bytes (413, Flask's ``MAX_CONTENT_LENGTH``).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from flask import Flask, Response, current_app, g, request
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded

from scoring import record_invalid

from .problems import Problem, response

#: The most turns one game holds.
MAX_TURNS = 2000

#: Defaults, generous for a table: a turn takes seconds, an outbox that
#: comes back online sends a burst, a composer checks on every tap.
DEFAULTS = {
    "BREHON_LIMIT_CREATE": "60 per minute",
    "BREHON_LIMIT_TURNS": "600 per minute",
    "BREHON_LIMIT_CHECKS": "1200 per minute",
    "BREHON_LIMIT_TALLIES": "120 per minute",
    "BREHON_LIMIT_BOARDS": "30 per hour",
    "BREHON_LIMIT_BAD_TOKENS": "120 per minute",
}

RATE_LIMITED = "/problems/rate-limited"


def client_address() -> str:
    """Who a per-address limit counts: the client's address as the server sees it."""
    return request.remote_addr or "unknown"


def game_of_request() -> str:
    """Who a per-game limit counts: the game id in the route."""
    return (request.view_args or {}).get("game_id", "")


def opened_the_game(response: Response) -> bool:
    """Whether a request to a game spends its budget: only when its token
    opened the game (``api.games.table_access`` set ``g.table``)."""
    return "table" in g


#: endpoint -> (setting, key, scope, when a request counts: always, or
#: only when it opened the game). Turns and corrections share one count.
ROUTES = {
    "games.create_game": ("BREHON_LIMIT_CREATE", client_address, "create", None),
    "games.post_turn": ("BREHON_LIMIT_TURNS", game_of_request, "turns", opened_the_game),
    "corrections.post_correction": ("BREHON_LIMIT_TURNS", game_of_request, "turns", opened_the_game),
    "games.check_turn": ("BREHON_LIMIT_CHECKS", game_of_request, "checks", opened_the_game),
    "tally.tally": ("BREHON_LIMIT_TALLIES", client_address, "tallies", None),
    "boards.create_board": ("BREHON_LIMIT_BOARDS", client_address, "boards", None),
}


def init_app(app: Flask) -> Limiter:
    """Put the rate limits on their routes (call it once the blueprints are
    registered) and answer a breach as 429 problem+json."""
    for setting, default in DEFAULTS.items():
        app.config.setdefault(setting, os.environ.get(setting, default))
    limiter = Limiter(client_address, app=app, storage_uri=app.config["BREHON_LIMITS_URL"], key_prefix="brehon",
                      headers_enabled=True, in_memory_fallback_enabled=True)
    app.extensions["brehon.bad_tokens"] = limiter.shared_limit(
        _setting("BREHON_LIMIT_BAD_TOKENS"), "bad-tokens", key_func=client_address)
    for endpoint, (setting, key, scope, counts) in ROUTES.items():
        # With deduct_when, flask-limiter tests the count before the view and
        # adds to it after the answer, when ``counts`` says the request does.
        limit = limiter.shared_limit(_setting(setting), scope, key_func=key, deduct_when=counts)
        app.view_functions[endpoint] = limit(app.view_functions[endpoint])  # type: ignore[assignment]

    def too_many(error: RateLimitExceeded):
        return response(Problem(429, f"Too many requests: at most {error.description}. "
                                     "Retry-After says in how many seconds to try again.", type=RATE_LIMITED))

    app.register_error_handler(RateLimitExceeded, too_many)
    return limiter


def _setting(name: str) -> Callable[[], str]:
    """The limit string of a setting, read for each request (a test may change it)."""
    return lambda: current_app.config[name]


def count_failed_authentication() -> None:
    """Count a request whose token opened nothing against its client
    address (``BREHON_LIMIT_BAD_TOKENS``); over the limit it is 429. The
    limit is entered as a block (flask-limiter's context-manager form), not
    put on the routes: its decorators decide before the view runs, and only
    the view knows that the token failed."""
    with current_app.extensions["brehon.bad_tokens"]:
        pass


def refuse_long_game(game: str, turns: int, turn: int | None) -> None:
    """Refuse (422, ``record.invalid`` at ``/turns``) a game that would hold
    more than :data:`MAX_TURNS` turns; ``turn`` is the refused turn's index,
    or None when a whole record is too long."""
    if turns > MAX_TURNS:
        raise record_invalid(game, "/turns", f"holds at most {MAX_TURNS} turns", turn)
