"""gunicorn's settings under ``brehon serve`` (``--config python:brehon.gunicorn_config``)."""

from __future__ import annotations

import gc
import json
import signal

from gunicorn import util
from gunicorn.http.message import MAX_REQUEST_LINE
from prometheus_client import multiprocess

from api import MAX_URL
from api.problems import MEDIA_TYPE

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


def write_problem(sock, status: int, reason: str, message: str) -> None:
    """gunicorn's own refusals (a request line over its largest limit, a
    head it cannot read) as problem+json, like every answer of the app."""
    if status == 414:
        message = f"The request line is over {MAX_REQUEST_LINE} bytes; a request target has at most {MAX_URL} characters."
    body = json.dumps({"type": "about:blank", "title": reason, "status": status, "detail": message}).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: {MEDIA_TYPE}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin-1") + body)


# gunicorn has no setting for its error answers: its workers write each one
# through util.write_error (as text/html), so that one function is replaced.
util.write_error = write_problem
