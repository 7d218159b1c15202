"""One log line per request: route, status, duration and game id, never a token.

``BREHON_REQUEST_LOG`` chooses the form: ``text`` (a readable line),
``json`` (one JSON object a line, for a log collector) or empty for none
(the default of the application alone; ``brehon serve`` logs ``text``, or
``json`` with ``--log-json``). The line names the route as declared
(``/api/v1/games/<game_id>/turns``) with the game id beside it, so neither
the query string nor any header, the bearer token above all, is written.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time

from flask import Flask, Response, g, request

LOG = logging.getLogger("brehon.requests")
FORMS = ("", "text", "json")


def init_app(app: Flask) -> None:
    app.config.setdefault("BREHON_REQUEST_LOG", os.environ.get("BREHON_REQUEST_LOG", ""))
    form = app.config["BREHON_REQUEST_LOG"]
    if form not in FORMS:
        raise RuntimeError(f"BREHON_REQUEST_LOG is one of text, json or empty, not {form!r}")
    if not form:
        return
    if not LOG.handlers:  # one handler however many apps this process builds
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        LOG.addHandler(handler)
        LOG.setLevel(logging.INFO)
        LOG.propagate = False
    app.before_request(_start)
    app.after_request(_json_line if form == "json" else _text_line)


def _start() -> None:
    g.log_started = time.perf_counter()


def _fields(response: Response) -> dict:
    started = g.get("log_started")
    return {
        "method": request.method,
        "route": request.url_rule.rule if request.url_rule else None,
        "status": response.status_code,
        "ms": round((time.perf_counter() - started) * 1000, 2) if started is not None else None,
        "game": (request.view_args or {}).get("game_id"),
    }


def _json_line(response: Response) -> Response:
    LOG.info(json.dumps({"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), **_fields(response)}))
    return response


def _text_line(response: Response) -> Response:
    fields = _fields(response)
    game = f" game={fields['game']}" if fields["game"] else ""
    LOG.info(f"{fields['method']} {fields['route'] or '-'} {fields['status']} {fields['ms']} ms{game}")
    return response
