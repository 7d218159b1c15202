"""Limits that keep one table, or one stranger, from wearing out the server.

Each game's writes (turns and corrections) are counted in the games' own
Redis, by the script that writes them (:meth:`store.Store.append`): a turn
costs one round trip, and its count no second fsync. A write refused
before it reached the store (a stale version, a turn against the rules) is
counted there too, alone, so a table spends its budget on refused turns as
on logged ones (:func:`counted_write`).

The other limits are counted in ``BREHON_LIMITS_URL`` when it is set
(`brehon serve` starts a Redis that keeps nothing on disk for them: a lost
count harms nobody), else in the application's Redis (``REDIS_URL``),
unless that is a Redis Cluster (``create_app`` then asks for
``BREHON_LIMITS_URL``). flask-limiter counts the limits per client
address on the routes of :data:`ROUTES`, and looks at no other route; a
game's checks and an address's failed authentications are counted by
:class:`CountedLimits` in the same storage, in one round trip each. While
that Redis is away each process counts in its own memory, and turns never
wait for it.

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
429 problem+json with ``Retry-After`` in seconds; the ``X-RateLimit-*``
headers of every limited answer say the limit, what is left of it and when
it resets.

Sizes: a game holds at most :data:`MAX_TURNS` turns (:func:`refuse_long_game`);
a body at most ``api.MAX_BODY`` bytes (413, Flask's ``MAX_CONTENT_LENGTH``).
"""

from __future__ import annotations

import contextlib
import functools
import os
import time
from collections.abc import Callable, Iterator

from flask import Flask, Response, current_app, g, request
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, Storage

from scoring import record_invalid
from store import Store, Unavailable, WriteCount, WriteLimit

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


#: endpoint -> (setting, scope) of the limits per client address.
ROUTES = {
    "games.create_game": ("BREHON_LIMIT_CREATE", "create"),
    "tally.tally": ("BREHON_LIMIT_TALLIES", "tallies"),
    "boards.create_board": ("BREHON_LIMIT_BOARDS", "boards"),
}


#: endpoint -> (setting, scope) of a game's own limits on what writes
#: nothing, counted by :func:`count_for_game`.
GAME_ROUTES = {
    "games.check_turn": ("BREHON_LIMIT_CHECKS", "checks"),
}
#: The endpoints that write a game's log: they share the game's write limit
#: (``BREHON_LIMIT_TURNS``), counted by :func:`counted_write`.
WRITE_ROUTES = {"games.post_turn", "corrections.post_correction"}
#: Seconds a process counts a game's limits in its own memory once the
#: limits' Redis did not answer, before it asks that Redis again.
AWAY_SECONDS = 5.0
#: How many windows' ends a process remembers before it forgets those that ended.
WINDOWS_KEPT = 1024


class CountedLimits:
    """The limits only the view can count, because only it knows that the
    token opened the game (a game's checks) or opened nothing (an address's
    failed authentications): each counted in one round trip, the fixed window
    of ``limits`` (the library under flask-limiter) in the same storage. By
    hand because flask-limiter would look at the count before the view, add
    to it after the answer and read the window twice more for its headers
    (four round trips a request). When a window ends is learnt once per window
    and process. While the limits' Redis is away, each process counts in
    its own memory (as flask-limiter's fallback does)."""

    def __init__(self, storage: Storage):
        self._storage = storage
        self._memory: MemoryStorage | None = None  # made when first needed: it starts a thread
        self._away_until = 0.0
        self._resets: dict[str, float] = {}  # key -> when its window ends

    def count(self, limit: RateLimitItem, *identifiers: str) -> tuple[int, float]:
        """Add one request to its window: the count so far and when the window ends."""
        key = limit.key_for(*identifiers)
        if time.monotonic() >= self._away_until:
            try:
                return self._count_in(self._storage, limit, key)
            except self._storage.base_exceptions as error:
                current_app.logger.warning("the limits' Redis is away (%s): counting in memory", error)
                self._away_until = time.monotonic() + AWAY_SECONDS
        self._memory = self._memory or MemoryStorage()
        return self._count_in(self._memory, limit, key)

    def _count_in(self, storage: Storage, limit: RateLimitItem, key: str) -> tuple[int, float]:
        count = storage.incr(key, limit.get_expiry())
        now = time.time()
        if count == 1:
            reset = self._resets[key] = now + limit.get_expiry()
        else:
            reset = self._resets.get(key, 0.0)
            if reset <= now:
                reset = self._resets[key] = storage.get_expiry(key)
        if len(self._resets) > WINDOWS_KEPT:  # forget the windows that ended
            self._resets = {known: end for known, end in self._resets.items() if end > now}
        return count, reset


def init_app(app: Flask) -> Limiter:
    """Put the rate limits on their routes (call it once the blueprints are
    registered) and answer a breach as 429 problem+json."""
    for setting, default in DEFAULTS.items():
        app.config.setdefault(setting, os.environ.get(setting, default))
    limiter = Limiter(client_address, app=app, storage_uri=app.config["BREHON_LIMITS_URL"], key_prefix="brehon",
                      headers_enabled=True, in_memory_fallback_enabled=True)
    for endpoint, (setting, scope) in ROUTES.items():
        limit = limiter.shared_limit(_setting(setting), scope, key_func=client_address)
        app.view_functions[endpoint] = limit(app.view_functions[endpoint])  # type: ignore[assignment]
    # Every other route has nothing for flask-limiter to count, yet its look
    # for limits before each request cost a turn about 25 us (bench/bench_turn_cpu.py).
    limiter.request_filter(lambda: request.endpoint not in ROUTES)
    app.extensions["brehon.counted_limits"] = CountedLimits(limiter.storage)
    app.after_request(_rate_limit_headers)

    def too_many(error: RateLimitExceeded):
        return response(Problem(429, f"Too many requests: at most {error.description}. "
                                     "Retry-After says in how many seconds to try again.", type=RATE_LIMITED))

    app.register_error_handler(RateLimitExceeded, too_many)
    return limiter


def _setting(name: str) -> Callable[[], str]:
    """The limit string of a setting, read for each request (a test may change it)."""
    return lambda: current_app.config[name]


def count_for_game() -> None:
    """Count a request that writes nothing against its game's own limit for
    the route, if it has one (429 over it)."""
    if request.endpoint not in GAME_ROUTES:
        return
    setting, scope = GAME_ROUTES[request.endpoint]
    _count(setting, game_of_request(), scope)


def _count(setting: str, *identifiers: str) -> None:
    """Count a request against the limit of ``setting`` (:class:`CountedLimits`),
    with its headers on the answer; 429 over it."""
    limit = _parsed(current_app.config[setting])
    count, reset = current_app.extensions["brehon.counted_limits"].count(limit, "brehon", *identifiers)
    g.rate_limit = (limit.amount, count, reset)
    if count > limit.amount:
        raise _too_many(str(limit), reset - time.time())


def write_limit() -> WriteLimit:
    """A game's limit on writes (``BREHON_LIMIT_TURNS``), for the store to count."""
    limit = _parsed(current_app.config["BREHON_LIMIT_TURNS"])
    return WriteLimit(limit.amount, limit.get_expiry())


def note_write(count: WriteCount | None) -> None:
    """Take a write's count against its game's limit (from the store):
    its headers on the answer, and 429 when it is over."""
    if count is not None and count.over:
        raise write_over_limit(count)
    if count is not None:
        _note(count)


def write_over_limit(count: WriteCount) -> Problem:
    """The 429 of a write over its game's limit (the store refused it, or counted it so)."""
    _note(count)
    return _too_many(str(_parsed(current_app.config["BREHON_LIMIT_TURNS"])), count.resets_in)


def _note(count: WriteCount) -> None:
    g.write_count = count
    g.rate_limit = (count.limit.amount, count.count, time.time() + count.resets_in)


def counted_for_game(store: Store, game_id: str) -> contextlib.AbstractContextManager[None]:
    """Count a request whose token opened its game against the game's own
    limit for the route, if it has one: a write by :func:`counted_write`,
    anything else by :func:`count_for_game`, at once. The view's token check enters
    it (``api.games.table_access``), so that a stranger never spends the
    table's budget."""
    if request.endpoint in WRITE_ROUTES:
        return counted_write(store, game_id)
    count_for_game()
    return contextlib.nullcontext()


@contextlib.contextmanager
def counted_write(store: Store, game_id: str) -> Iterator[None]:
    """Count the write a view makes once: the store counts one that reaches
    it (the view hands the count to :func:`note_write`); one answered or
    refused before that (a stale version, a turn against the rules, a
    repeat) is counted here when the view is done."""
    try:
        yield
    except Unavailable:
        raise  # nothing to count in
    except Exception:
        if "write_count" not in g:
            note_write(store.count_write(game_id, write_limit()))
        raise
    if "write_count" not in g:
        note_write(store.count_write(game_id, write_limit()))


def _too_many(limit: str, retry_after: float) -> Problem:
    return Problem(429, f"Too many requests: at most {limit}. Retry-After says in how many seconds to try again.",
                   type=RATE_LIMITED, headers={"Retry-After": str(max(1, int(retry_after)))})


@functools.lru_cache
def _parsed(setting: str) -> RateLimitItem:
    return parse(setting)


def _rate_limit_headers(answer: Response) -> Response:
    """The headers flask-limiter gives its limits, for those counted here."""
    if "rate_limit" in g:
        amount, count, reset = g.rate_limit
        answer.headers["X-RateLimit-Limit"] = str(amount)
        answer.headers["X-RateLimit-Remaining"] = str(max(0, amount - count))
        answer.headers["X-RateLimit-Reset"] = str(int(reset + 1))
    return answer


def count_failed_authentication() -> None:
    """Count a request whose token opened nothing against its client
    address (``BREHON_LIMIT_BAD_TOKENS``); over the limit it is 429."""
    _count("BREHON_LIMIT_BAD_TOKENS", client_address(), "bad-tokens")


def refuse_long_game(game: str, turns: int, turn: int | None) -> None:
    """Refuse (422, ``record.invalid`` at ``/turns``) a game that would hold
    more than :data:`MAX_TURNS` turns; ``turn`` is the refused turn's index,
    or None when a whole record is too long."""
    if turns > MAX_TURNS:
        raise record_invalid(game, "/turns", f"holds at most {MAX_TURNS} turns", turn)
