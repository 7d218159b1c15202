"""``GET /metrics``: the numbers an operator watches, in Prometheus's text
format through ``prometheus-client``.

    brehon_turns_logged_total{game,kind}     turns and corrections appended (201)
    brehon_turns_refused_total{game,rule}    turns and corrections the rules refused (422), by rule id
    brehon_request_seconds{route,method}     request latency, a histogram per route
    brehon_event_streams_open                live event streams held open now
    brehon_summary_queue_length              summary jobs waiting in the queue (read when scraped)
    brehon_summary_job_seconds               summary job durations (observed by the worker)
    brehon_store_errors_total                requests that failed on the store (answered 503)

Under gunicorn every worker (and the rq worker) counts in its own files in
``PROMETHEUS_MULTIPROC_DIR`` (``brehon serve`` sets it) and a scrape adds
them up (prometheus-client's multiprocess mode); without it the counts are
this process's. ``BREHON_METRICS`` turns the route on ("1") or off ("0");
``brehon serve --host 0.0.0.0`` turns it off unless ``--metrics``, so the
phones at the table do not see it.
"""

from __future__ import annotations

import os
import time

from flask import Blueprint, Flask, Response, abort, current_app, g, request
from prometheus_client import (CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Counter, Gauge, Histogram,
                               generate_latest, multiprocess)
from prometheus_client.core import GaugeMetricFamily

from store.redis_conn import REDIS_ERRORS

blp = Blueprint("metrics", __name__)

TURNS_LOGGED = Counter("brehon_turns_logged", "Turns and corrections appended to a game's log",
                       ["game", "kind"])
TURNS_REFUSED = Counter("brehon_turns_refused", "Turns and corrections refused by the rules, by rule id",
                        ["game", "rule"])
REQUEST_SECONDS = Histogram("brehon_request_seconds", "Request latency per route", ["route", "method"],
                            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5))
# livesum: the streams of a gunicorn worker that died are not counted.
EVENT_STREAMS = Gauge("brehon_event_streams_open", "Live event streams open now", multiprocess_mode="livesum")
STORE_ERRORS = Counter("brehon_store_errors", "Requests that failed because the store did not answer")

#: The routes whose answers are turns logged or refused, and the kind they log.
WRITES = {"games.post_turn": "turn", "corrections.post_correction": "correction"}


class QueueLength:
    """A collector that reads the summary queue's length when scraped."""

    def __init__(self, length):
        self._length = length

    def collect(self):
        try:
            length = self._length()
        except REDIS_ERRORS:  # the rest of the metrics still tell what happened
            return
        family = GaugeMetricFamily("brehon_summary_queue_length", "Summary jobs waiting in the queue")
        family.add_metric([], length)
        yield family


def init_app(app: Flask, queue_length) -> None:
    """Time every request and count the writes; ``queue_length()`` gives the
    summary queue's length at scrape time."""
    app.config.setdefault("BREHON_METRICS", os.environ.get("BREHON_METRICS", "1") != "0")
    app.extensions["brehon.queue_length"] = queue_length
    app.before_request(_start)
    app.after_request(_count)


def _start() -> None:
    g.started = time.perf_counter()


def _count(response: Response) -> Response:
    rule = request.url_rule.rule if request.url_rule else "unknown"  # the route, never the raw path
    if "started" in g:
        REQUEST_SECONDS.labels(rule, request.method).observe(time.perf_counter() - g.started)
    kind = WRITES.get(request.endpoint or "")
    if kind and "game_name" in g:
        if response.status_code == 201 and "Idempotent-Replayed" not in response.headers:
            TURNS_LOGGED.labels(g.game_name, kind).inc()
        elif response.status_code == 422:
            for violation in (response.get_json(silent=True) or {}).get("violations", []):
                TURNS_REFUSED.labels(g.game_name, violation["rule"]).inc()
    return response


@blp.get("/metrics")
def metrics():
    """Every metric in the Prometheus text format (404 when turned off)."""
    if not current_app.config["BREHON_METRICS"]:
        abort(404)
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        counted = CollectorRegistry()
        multiprocess.MultiProcessCollector(counted)
    else:
        counted = REGISTRY
    scraped = CollectorRegistry()
    scraped.register(QueueLength(current_app.extensions["brehon.queue_length"]))
    return Response(generate_latest(counted) + generate_latest(scraped),
                    content_type=CONTENT_TYPE_LATEST)  # as it is: it names its charset
