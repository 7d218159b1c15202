"""gunicorn's settings under ``brehon serve`` (``--config python:brehon.gunicorn_config``)."""

from __future__ import annotations

import signal

from .redis_server import die_with_parent


def post_fork(server, worker) -> None:
    """A worker whose master is gone stops at once: orphaned, it would hold
    the port against the master started again, and keep event streams open
    that no longer hear anything."""
    die_with_parent(signal.SIGKILL)
