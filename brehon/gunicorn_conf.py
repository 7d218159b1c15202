"""gunicorn settings of ``brehon serve`` (``--config python:brehon.gunicorn_conf``).

prometheus-client's multiprocess mode keeps each worker's counts in files
of its own; a worker that exits is marked dead so that its gauges (the open
event streams) stop counting, while its counters still add up.
"""

from prometheus_client import multiprocess


def child_exit(server, worker) -> None:
    multiprocess.mark_process_dead(worker.pid)
