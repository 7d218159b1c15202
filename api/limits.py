"""Limits that keep one table, or one stranger, from wearing out the server.

Every limit is flask-limiter's, put on its routes by :func:`init_app`:

    BREHON_LIMIT_CREATE      POST /api/v1/games, per client address
    BREHON_LIMIT_TALLIES     POST /api/v1/tally, per client address
    BREHON_LIMIT_BOARDS      POST /api/v1/boards, per client address
    BREHON_LIMIT_TURNS       POST .../turns, .../corrections and .../next together, per game
    BREHON_LIMIT_CHECKS      POST .../check, per game
    BREHON_LIMIT_BAD_TOKENS  requests to a game (or a board's DELETE) whose
                             token opens nothing, per client address

A game's own limits count only requests with the table's token (they
exempt every other: the role the token opens, :func:`api.access.role`,
noted before the limits look): a spectator, or a stranger who knows the id
(every spectator does: it is in the join link), never spends the table's
budget. A write refused by the rules or a stale version counts like one
that was logged; one that found the store away (503) does not. Failed
authentications are counted per client address instead, and only they (a
token that opens the game, the spectator's too, is exempt): over their
limit a stranger's guesses get 429 instead of 404, while a table behind the
same address (a proxy, the same Wi-Fi) plays on.

The counts live in ``BREHON_LIMITS_URL`` when it is set (`brehon serve`
starts a Redis that keeps nothing on disk for them: a lost count harms
nobody), else in the application's Redis (``REDIS_URL``), unless that is a
Redis Cluster (``create_app`` then asks for ``BREHON_LIMITS_URL``). While
that Redis is away each process counts in its own memory (flask-limiter's
fallback), and turns never wait for it.

Each is a flask-limiter string ("60 per minute"); the configuration
(``create_app(test_config)``), else the environment variable of the same
name, else the generous default below sets it. A request over a limit gets
429 problem+json with ``Retry-After`` in seconds; the ``X-RateLimit-*``
headers of every limited answer say the limit, what is left of it and when
it resets.
"""

from __future__ import annotations

import os

from flask import Flask, Response, request
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded

from store import TABLE

from .access import role
from .problems import Problem, response

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

#: endpoint -> (setting, scope) of the limits per client address.
ADDRESS_ROUTES = {
    "games.create_game": ("BREHON_LIMIT_CREATE", "create"),
    "tally.tally": ("BREHON_LIMIT_TALLIES", "tallies"),
    "boards.create_board": ("BREHON_LIMIT_BOARDS", "boards"),
}

#: endpoint -> (setting, scope) of a game's writes: one budget, shared.
WRITE_ROUTES = {
    "games.post_turn": ("BREHON_LIMIT_TURNS", "writes"),
    "corrections.post_correction": ("BREHON_LIMIT_TURNS", "writes"),
    "games.next_round": ("BREHON_LIMIT_TURNS", "writes"),
}
#: endpoint -> (setting, scope) of a game's checks.
CHECK_ROUTES = {"games.check_turn": ("BREHON_LIMIT_CHECKS", "checks")}


def client_address() -> str:
    """Who a per-address limit counts: the client's address as the server sees it."""
    return request.remote_addr or "unknown"


def game_of_request() -> str:
    """Who a per-game limit counts: the game id in the route."""
    return (request.view_args or {}).get("game_id", "")


def reached_store(answer: Response) -> bool:
    """Whether a request is counted: not when the store was away (503), so
    that a table resending its turn through a failover spends nothing."""
    return answer.status_code != 503


def init_app(app: Flask) -> Limiter:
    """Put the rate limits on their routes (call it once the blueprints are
    registered) and answer a breach as 429 problem+json."""
    for setting, default in DEFAULTS.items():
        app.config.setdefault(setting, os.environ.get(setting, default))
    limiter = Limiter(client_address, app=app, storage_uri=app.config["BREHON_LIMITS_URL"], key_prefix="brehon",
                      headers_enabled=True, in_memory_fallback_enabled=True)

    def limit(endpoint: str, setting: str, scope: str, **how) -> None:
        shared = limiter.shared_limit(app.config[setting], scope, **how)
        app.view_functions[endpoint] = shared(app.view_functions[endpoint])  # type: ignore[assignment]

    for endpoint, (setting, scope) in ADDRESS_ROUTES.items():
        limit(endpoint, setting, scope, key_func=client_address)
    for endpoint, (setting, scope) in WRITE_ROUTES.items():
        limit(endpoint, setting, scope, key_func=game_of_request, exempt_when=lambda: role() != TABLE,
              deduct_when=reached_store)  # a resend through a failover spends nothing
    # A check reads the game from this process's memory: counted as it comes,
    # which costs one round trip to the limits' Redis less than a write's count.
    for endpoint, (setting, scope) in CHECK_ROUTES.items():
        limit(endpoint, setting, scope, key_func=game_of_request, exempt_when=lambda: role() != TABLE)
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/v1/games/<game_id>"):
            limit(rule.endpoint, "BREHON_LIMIT_BAD_TOKENS", "bad-tokens", key_func=client_address,
                  exempt_when=lambda: role() is not None)
    # A board's token is only known to be wrong once the view looked: count its 404s.
    limit("boards.delete_board", "BREHON_LIMIT_BAD_TOKENS", "bad-tokens", key_func=client_address,
          deduct_when=lambda answer: answer.status_code == 404)

    def too_many(error: RateLimitExceeded):
        return response(Problem(429, f"Too many requests: at most {error.description}. "
                                     "Retry-After says in how many seconds to try again.", type=RATE_LIMITED))

    app.register_error_handler(RateLimitExceeded, too_many)
    return limiter
