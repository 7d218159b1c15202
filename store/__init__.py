"""The store: everything that talks to Redis or rq, owned by neither the API nor the worker.

- :mod:`store.games`: games and their logs, tokens, idempotency answers,
  snapshots, summaries and boards (:class:`Store`).
- :mod:`store.events`: the event feed, an iterator of every game's events.
- :mod:`store.summaries`: the summary queue (rq): enqueue, find, queue again.

It depends on ``scoring`` only; ``api`` and ``worker`` depend on it.
"""

from .events import LISTENING, LOST, Heard
from .games import (CORRECTION, SUMMARY, TURN, Idempotency, KeyReused, Missing, OverLimit, Repeat, Stale, Store,
                    StoredGame, Unavailable, WriteCount, WriteLimit, dumps, event, history_of, summary_event,
                    turns_of)
from .summaries import SummaryJob, SummaryQueue

__all__ = [
    "CORRECTION", "LISTENING", "LOST", "SUMMARY", "TURN", "Heard", "Idempotency", "KeyReused", "Missing", "OverLimit",
    "Repeat", "Stale", "Store", "StoredGame", "SummaryJob", "SummaryQueue", "Unavailable", "WriteCount", "WriteLimit",
    "dumps", "event", "history_of", "summary_event", "turns_of",
]
