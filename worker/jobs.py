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


#: the PDF chart's title per measure the summary's ``chart`` names
CHART_TITLES = {"scores": "Score after every turn", "parts": "Parts held after every turn"}


def summary_pdf(record: dict, summary: dict) -> bytes:
    """The PDF score sheet of a summary with its chart of what the summary
    says the chart measures, from the start of the game on."""
    measure = summary["chart"]
    history = [{"scores": entry[measure]} for entry in (summary["start"], *summary["history"])]
    return scoresheet_pdf(record, summary["scoresheet"], history, date=summary["date"],
                          chart_title=CHART_TITLES[measure])
