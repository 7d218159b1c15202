"""The store: everything that talks to Redis or rq, owned by neither the API nor the worker.

- :mod:`store.games`: :class:`Store`, one of each noun below on one Redis,
  a game's load, and the end-of-game summaries;
- :mod:`store.log`: a game's record and the append-only log of its entries;
- :mod:`store.snapshots`: signed snapshots of folded games, and this
  process's cache of them;
- :mod:`store.answers`: the first answers to Idempotency-Keys;
- :mod:`store.tokens`: the games' tokens;
- :mod:`store.boards`: stored board profiles;
- :mod:`store.events` and :mod:`store.feeds`: the event feed, an iterator of every game's events;
- :mod:`store.summaries`: the summary queue (rq): enqueue, find, queue again;
- :mod:`store.keys`: where a game lies in Redis.

It depends on ``scoring`` only; the game layer (``tables``), ``api`` and
``worker`` depend on it.
"""

from .answers import Idempotency, KeyReused, Repeat
from .events import LISTENING, LOST, Heard
from .games import NEXT, SUMMARY, Store, summary_event
from .log import Append, Missing, Stale, dumps, now
from .snapshots import StoredGame
from .summaries import SummaryJob, SummaryQueue
from .tokens import SPECTATOR, TABLE, role_of

__all__ = [
    "LISTENING", "LOST", "NEXT", "SPECTATOR", "SUMMARY", "TABLE", "Append", "Heard", "Idempotency",
    "KeyReused", "Missing", "Repeat", "Stale", "Store", "StoredGame", "SummaryJob", "SummaryQueue",
    "dumps", "now", "role_of", "summary_event",
]
