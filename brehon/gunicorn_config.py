"""gunicorn's settings under ``brehon serve`` (``--config python:brehon.gunicorn_config``)."""

from __future__ import annotations

import gc
import signal

from prometheus_client import multiprocess

from .redis_server import die_with_parent


def pre_fork(server, worker) -> None:
    """The application loaded once (``--preload``) is kept out of the
    collector's reach: a worker's collections would otherwise write to
    every object's header and copy the pages it shares with the master
    (``gc.freeze``'s own advice for a fork without exec)."""
    gc.freeze()


def post_fork(server, worker) -> None:
    """A worker whose master is gone stops at once: orphaned, it would hold
    the port against the master started again, and keep event streams open
    that no longer hear anything."""
    die_with_parent(signal.SIGKILL)


def child_exit(server, worker) -> None:
    """prometheus-client's multiprocess mode keeps each worker's counts in
    files of its own: a worker that exits is marked dead, so that its gauges
    (the open event streams) stop counting, while its counters still add up."""
    multiprocess.mark_process_dead(worker.pid)
