"""The summary queue: rq jobs that write a finished game's summary.

A job's id is fixed by the game and the version it summarises
(``summary-<game id>-<version>``: rq allows only letters, digits, ``_``
and ``-`` in job ids), so enqueueing the same version twice does nothing
new, and a correction that changes a finished game (a new version) gets a
job of its own. The job itself is :func:`worker.jobs.summarize`, named
here by its import path so that the store never imports the worker.
"""

from __future__ import annotations

from dataclasses import dataclass

from redis import Redis
from rq import Queue, Retry, Worker
from rq.exceptions import DuplicateJobError, InvalidJobOperation, NoSuchJobError
from rq.worker.base import BaseWorker
from rq.job import Job, JobStatus

#: The queue every Brehon job goes to; ``brehon worker`` listens on it. It is
#: rq's default queue, so a plain ``rq worker`` on the same Redis serves it too.
QUEUE = "default"
#: The job, by import path (rq imports it in the worker).
JOB = "worker.jobs.summarize"
#: rq retries a failed summary this many times before it counts as failed.
TRIES = 3
#: Seconds a summary job may run before rq stops it.
TIMEOUT = 60

#: Seconds between two rounds of rq's maintenance in a worker, and between
#: two heartbeats of a running job: a job whose worker died is queued again
#: (rq's own registry cleanup) within :data:`ABANDONED` + :data:`MAINTENANCE` s.
MAINTENANCE, HEARTBEAT = 10, 5
#: Seconds after the last heartbeat of a running job that it counts as abandoned.
ABANDONED = 20
#: Seconds a worker's listener for rq's commands waits for one at a time (PromptStop).
COMMAND_WAIT = 1

#: A job in one of these states will not run again by itself: asking for
#: the summary once more queues it again.
DEAD = {JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED}


def summary_job_id(game_id: str, version: int) -> str:
    """The deterministic id of the summary job of one game version."""
    return f"summary-{game_id}-{version}"


@dataclass(frozen=True)
class SummaryJob:
    """How a summary job stands, in plain words for the API: its id, its
    rq state (``queued``, ``started``, ``scheduled``, ``deferred``,
    ``failed``, ``finished``), why its last try failed, and whether this
    look queued it (again)."""

    id: str
    state: str
    error: str | None = None
    requeued: bool = False


class SummaryQueue:
    """Brehon's rq queue on one Redis: enqueue a summary, find its job, queue it again."""

    def __init__(self, connection: Redis):
        self.connection = connection
        self.queue = Queue(QUEUE, connection=connection)

    def ping(self) -> bool:
        """Whether the queue's Redis answers (raises when it does not)."""
        return bool(self.connection.ping())

    def length(self) -> int:
        """How many summary jobs wait to be run."""
        return self.queue.count

    def find(self, game_id: str, version: int) -> Job | None:
        """The summary job of that version, or None when there is none (any more)."""
        try:
            return Job.fetch(summary_job_id(game_id, version), connection=self.connection)
        except NoSuchJobError:
            return None

    def enqueue(self, game_id: str, version: int) -> Job:
        """Enqueue the summary job of ``game_id`` at ``version`` and return it.

        A job that is queued, running, waiting for a retry or finished is
        returned as it is; one that will not run again by itself (failed
        after its tries, stopped, cancelled) is queued again.
        """
        job = self.find(game_id, version)
        if job is None:
            return self._new(game_id, version)
        if job.get_status(refresh=False) in DEAD:
            return self._again(job, game_id, version)
        return job

    def look(self, game_id: str, version: int, *, rerun_finished: bool = False) -> SummaryJob:
        """How the summary job of that version stands, queued first when
        there is none or it will not run again by itself (the answer then
        says so, with the error of a failed job). With ``rerun_finished``
        a finished job runs again too: its summary went missing. A job
        whose worker died is put back first (rq's cleanup of its registry
        of started jobs), so it is never ``started`` for a worker that is gone."""
        self.queue.started_job_registry.cleanup()
        job = self.find(game_id, version)
        if job is None:
            return SummaryJob(self._new(game_id, version).id, JobStatus.QUEUED.value, requeued=True)
        state = job.get_status()
        if state in DEAD or (rerun_finished and state == JobStatus.FINISHED):
            error = _last_error(job) if state == JobStatus.FAILED else None
            again = self._again(job, game_id, version)
            shown = state.value if state == JobStatus.FAILED else again.get_status().value
            return SummaryJob(again.id, shown, error, requeued=True)
        return SummaryJob(job.id, state.value)

    def _again(self, job: Job, game_id: str, version: int) -> Job:
        """Queue a job that ran (or was stopped) again: rq's own requeue for a
        failed one; a job no registry holds any more is made afresh."""
        try:
            return job.requeue()
        except InvalidJobOperation:  # not in the failed registry: finished, cancelled, or expired there
            job.delete()
            return self._new(game_id, version)

    def _new(self, game_id: str, version: int) -> Job:
        job_id = summary_job_id(game_id, version)
        try:
            return self.queue.enqueue(JOB, game_id, version, job_id=job_id, unique=True, retry=Retry(max=TRIES),
                                      job_timeout=TIMEOUT, description=f"summary of game {game_id} at version {version}")
        except DuplicateJobError:
            # Another request enqueued it between our look and our enqueue.
            return Job.fetch(job_id, connection=self.connection)


class PromptStop(BaseWorker):
    """An rq worker that stops within a second. rq listens for its commands
    (stop the job, shut down) in a thread that waits up to 60 s for each;
    stopping, rq waits for that thread, and redis-py 8's thread ends only
    when its wait does: a worker took up to a minute to stop (``brehon
    serve`` stopping, a test's burst of jobs). Only the wait differs from
    rq's own ``subscribe``."""

    def subscribe(self) -> None:
        self.pubsub = pubsub = self.connection.pubsub()
        pubsub.subscribe(**{self.pubsub_channel_name: self.handle_payload})
        self.pubsub_thread = pubsub.run_in_thread(  # type: ignore[assignment]  # rq types it by its None default
            sleep_time=COMMAND_WAIT, daemon=True, exception_handler=self._pubsub_exception_handler)


class SummaryWorker(PromptStop, Worker):
    """rq's worker for the summary queue (``brehon worker``), with rq's
    maintenance every :data:`MAINTENANCE` seconds instead of ten minutes."""

    def __init__(self, connection: Redis, abandoned: int = ABANDONED):
        # rq looks at its maintenance between two waits for a job: wait no longer.
        super().__init__([QUEUE], connection=connection, maintenance_interval=MAINTENANCE,
                         worker_ttl=MAINTENANCE + 15, job_monitoring_interval=HEARTBEAT)
        #: seconds after this worker's last heartbeat that its job counts as
        #: abandoned (a test that plays a dead worker waits less)
        self.abandoned = abandoned

    def get_heartbeat_ttl(self, job: Job, working_time: float = 0.0) -> int:
        # rq keeps a running job for 60 s after each heartbeat it expects; a
        # summary takes a second, so a job silent for ABANDONED s is abandoned.
        return super().get_heartbeat_ttl(job, working_time) - 60 + self.abandoned - HEARTBEAT


def _last_error(job: Job) -> str:
    """The last line of the failed job's traceback (the exception itself)."""
    result = job.latest_result()
    lines = ((result.exc_string if result else None) or "").strip().splitlines()
    return lines[-1] if lines else "the summary job failed"
