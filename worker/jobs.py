"""The rq jobs: the end-of-game summary and its cached PDF.

A job is a plain function of ids; :mod:`store.summaries` enqueues it
(one job per game version) and ``brehon worker`` runs it.
"""

from __future__ import annotations

import datetime

from prometheus_client import Histogram

from exports.scoresheet import summary_pdf
from store import Store

from .summary import summarize as summary_of

#: Seen on the API's /metrics: under `brehon serve` the worker counts in the
#: same multiprocess directory as the API processes.
JOB_SECONDS = Histogram("brehon_summary_job_seconds", "Durations of summary jobs",
                        buckets=(0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60))


def played_on(entries: list[dict]) -> str:
    """The day (UTC) the table played the game's last entry: the log keeps
    when a turn sent late was played (scoring/history.py's ``logged_at``),
    so a game played offline is dated as played, not as sent."""
    if not entries:
        return datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    return str(entries[-1]["at"])[:10]


def summarize(game_id: str, version: int) -> None:
    """The job: summarise the game as it stood at ``version``, render its
    PDF score sheet with the chart of the lead, store both with the game,
    and compact the finished game (store/compaction.py). A game missing
    from the store fails the job (rq retries it)."""
    with JOB_SECONDS.time():
        store = Store.of_current_job()
        record, entries = store.log.record_at(game_id, version)
        summary = summary_of(record)
        summary["version"] = version
        summary["date"] = played_on(entries)
        store.save_summary(game_id, version, summary, summary_pdf(record, summary))
        store.log.compact(game_id, version)  # the game is over: it takes little room from now on

