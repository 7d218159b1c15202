"""The rq jobs: the end-of-game summary and its cached PDF.

A job is a plain function of ids; :mod:`store.summaries` enqueues it
(one job per game version) and ``brehon worker`` runs it.
"""

from __future__ import annotations

import datetime

from rq import get_current_job

from exports import scoresheet_pdf
from store import Store

from .summary import summarize as summary_of


def summarize(game_id: str, version: int) -> None:
    """The job: summarise the game as it stood at ``version``, render its
    PDF score sheet with the chart of the lead, and store both with the
    game. A game missing from the store fails the job (rq retries it)."""
    job = get_current_job()
    assert job is not None  # an rq worker runs it
    store = Store(job.connection)
    record = store.record_at(game_id, version)
    summary = summary_of(record)
    summary["version"] = version
    summary["date"] = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    store.save_summary(game_id, version, summary, summary_pdf(record, summary))


def summary_pdf(record: dict, summary: dict) -> bytes:
    """The PDF score sheet of a summary with its chart, from the start of
    the game on. Celtica's total (complete amulets) rarely moves, so its
    chart shows the parts held."""
    history = [summary["start"], *summary["history"]]
    if summary["game"] == "celtica":
        return scoresheet_pdf(record, summary["scoresheet"], [{"scores": entry["parts"]} for entry in history],
                              date=summary["date"], chart_title="Parts held after every turn")
    return scoresheet_pdf(record, summary["scoresheet"], history, date=summary["date"])
