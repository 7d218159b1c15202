"""The rq jobs: the end-of-game summary and its cached PDF.

A job is a plain function of ids. Its id is fixed by the game and the
version it summarises (``summary-<game id>-<version>``: rq allows only
letters, digits, ``_`` and ``-`` in job ids), so enqueueing the
same version twice does nothing new, and a correction that changes a
finished game (a new version) gets a job of its own.
"""

from __future__ import annotations

import datetime

from redis import Redis
from rq import Queue, Retry, get_current_job
from rq.exceptions import DuplicateJobError, NoSuchJobError
from rq.job import Job, JobStatus

from api.store import Store

from .exports import scoresheet_pdf
from .summary import summarize as summary_of

#: The queue every Brehon job goes to; ``brehon worker`` listens on it. It is
#: rq's default queue, so a plain ``rq worker`` on the same Redis serves it too.
QUEUE = "default"
#: rq retries a failed summary this many times before it counts as failed.
TRIES = 3
#: Seconds a summary job may run before rq stops it.
TIMEOUT = 60

#: A job in one of these states will not run again by itself: asking for
#: the summary once more starts it afresh.
DEAD = {JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED}


def summary_job_id(game_id: str, version: int) -> str:
    """The deterministic id of the summary job of one game version."""
    return f"summary-{game_id}-{version}"


def queue(connection: Redis) -> Queue:
    """Brehon's rq queue on ``connection``."""
    return Queue(QUEUE, connection=connection)


def find_summary_job(connection: Redis, game_id: str, version: int) -> Job | None:
    """The summary job of that version, or None when there is none (any more)."""
    try:
        return Job.fetch(summary_job_id(game_id, version), connection=connection)
    except NoSuchJobError:
        return None


def enqueue_summary(connection: Redis, game_id: str, version: int) -> Job:
    """Enqueue the summary job of ``game_id`` at ``version`` and return it.

    A job that is already queued, running, waiting for a retry or finished is
    returned as it is. A job that failed after its tries is replaced by a
    fresh one with fresh tries.
    """
    job_id = summary_job_id(game_id, version)
    job = find_summary_job(connection, game_id, version)
    if job is not None:
        if job.get_status(refresh=False) not in DEAD:
            return job
        job.delete()
    try:
        return queue(connection).enqueue(
            "worker.jobs.summarize",
            game_id,
            version,
            job_id=job_id,
            unique=True,
            retry=Retry(max=TRIES),
            job_timeout=TIMEOUT,
            description=f"summary of game {game_id} at version {version}",
        )
    except DuplicateJobError:
        # Another request enqueued it between our look and our enqueue.
        return Job.fetch(job_id, connection=connection)


def summarize(game_id: str, version: int) -> None:
    """The job: summarise the game as it stood at ``version``, render its
    PDF score sheet with the chart of the lead, and store both with the
    game. A game missing from the store fails the job (rq retries it)."""
    store = Store(get_current_job().connection)
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
