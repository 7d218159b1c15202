"""Brehon's HTTP API and the PWA's static files, in one Flask application.

``create_app`` follows the Flask tutorial: defaults, then configuration,
then extensions and blueprints registered inside the factory. Views only
translate HTTP to calls of the game layer (:mod:`tables`) and back.
"""

from __future__ import annotations

import importlib
import os
from http import HTTPStatus
from pathlib import Path

from flask import Flask, Response, current_app, g, request
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.middleware.proxy_fix import ProxyFix

from store import Store
from store.redis_conn import REDIS_ERRORS, is_cluster_url, unavailable
from tables import Tables

from . import access, bodies, compression, health, limits, metrics, problems, request_log
from .schemas import ProblemSchema

#: Every blueprint of the application, one module each, registered in this
#: order. Each module exposes ``blp`` (a flask-smorest or plain Flask
#: Blueprint). Add a line here for a new resource.
BLUEPRINTS = (
    "api.games",
    "api.corrections",
    "api.events",
    "api.summary",
    "api.boards",
    "api.tally",
    "api.rulesets",
    "api.qr",
    "api.server",
    "api.frontend",
    "api.health",
    "api.metrics",
)

#: The longest request target (path and query) read: 414 beyond. The serve
#: command sets gunicorn's own limits above these, so that the answer is
#: problem+json like every other.
MAX_URL = 4096
#: At most this many header fields, each at most this many bytes: 431 beyond.
MAX_HEADERS, MAX_HEADER = 100, 8192


class BrehonApi(Api):
    """flask-smorest's Api, documenting every error as problem+json."""

    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self):
        # flask-smorest's own, with problem+json instead of application/json.
        for status in HTTPStatus:
            response = {"description": status.phrase}
            if status >= 400:
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, problems.MEDIA_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Default error response", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, problems.MEDIA_TYPE)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, response, lazy=True)


def create_app(test_config: dict | None = None) -> Flask:
    """Build the application. ``test_config`` overrides the configuration
    (``REDIS_URL`` above all); otherwise ``REDIS_URL`` comes from the
    environment. There is no default Redis: `brehon serve` starts its own."""
    app = Flask(__name__, static_folder=None)
    app.config.from_mapping(
        REDIS_URL=os.environ.get("REDIS_URL"),
        ADDRESSES=os.environ.get("BREHON_ADDRESSES"),  # set by `brehon serve`: see api/server.py
        PROXIES=os.environ.get("BREHON_PROXIES", "0"),  # `brehon serve --proxy N`: see _behind_proxies
        MAX_CONTENT_LENGTH=bodies.MAX_BODY,
        API_TITLE="Brehon",
        API_VERSION="1",
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX=None,
        API_SPEC_OPTIONS={
            "info": {"description": "Referee and score keeper for Keltis, Keltis: Das Orakel and Celtica."},
            "components": {"securitySchemes": {"table": {"type": "http", "scheme": "bearer"}}},
        },
    )
    if test_config:
        app.config.from_mapping(test_config)
    if not app.config["REDIS_URL"]:
        raise RuntimeError("REDIS_URL is not set: `brehon serve` sets it, or name your own Redis (see README)")
    app.json.sort_keys = False  # type: ignore[attr-defined]  # the default provider's settings
    app.json.ensure_ascii = False  # type: ignore[attr-defined]

    _separate_urls(app)
    _behind_proxies(app)
    store = Store.from_url(app.config["REDIS_URL"], _secret(app), app.config["BREHON_QUEUE_URL"])
    app.extensions["brehon.tables"] = Tables(store)
    api = BrehonApi(app)
    app.extensions["brehon.api"] = api
    for name in BLUEPRINTS:
        blueprint = importlib.import_module(name).blp
        if hasattr(blueprint, "register_views_in_doc"):
            api.register_blueprint(blueprint)
        else:
            app.register_blueprint(blueprint)
    problems.register(app)
    health.register(app)
    # Registered before the limits: Flask runs the last registered first, so
    # this one sees flask-limiter's headers.
    app.after_request(_retry_after_only_when_asked)
    limiter = limits.init_app(app)
    app.after_request(_own_retry_after)
    compression.init_app(app)
    app.extensions["brehon.readiness"] = {"store": store.ping, "queue": store.summaries.ping,
                                          "limits": limiter.storage.check}
    metrics.init_app(app, queue_length=store.summaries.length)
    request_log.init_app(app)
    app.before_request(_request_within_limits)
    app.before_request(bodies.read_body)
    app.before_request(access.note_role)
    for kind in REDIS_ERRORS:
        app.register_error_handler(kind, _store_away)
    return app


def _behind_proxies(app: Flask) -> None:
    """Behind ``PROXIES`` trusted reverse proxies (0: none, the default),
    believe what the nearest of them says in X-Forwarded-For, -Proto and
    -Host (werkzeug's ProxyFix): the rate limits then count the table's
    address, not the proxy's, and an invite names the scheme and host the
    phones opened (api/server.py). With none, those headers change nothing,
    so a client cannot pass for another address by sending them."""
    try:
        proxies = int(app.config["PROXIES"])
    except (TypeError, ValueError):
        proxies = -1
    if proxies < 0:
        raise RuntimeError(f"BREHON_PROXIES is {app.config['PROXIES']!r}: give the number of proxies in front (0: none)")
    app.config["PROXIES"] = proxies
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)  # type: ignore[method-assign]


def _separate_urls(app: Flask) -> None:
    """The queue (rq) and the rate-limit counters need a plain Redis: by
    default the games' own, which a Redis Cluster cannot be."""
    for name in ("BREHON_QUEUE_URL", "BREHON_LIMITS_URL"):
        app.config.setdefault(name, os.environ.get(name) or None)
        if not app.config[name]:
            if is_cluster_url(app.config["REDIS_URL"]):
                raise RuntimeError(f"REDIS_URL names a Redis Cluster: set {name} to a plain Redis (see README)")
            app.config[name] = app.config["REDIS_URL"]


def _store_away(error: Exception):
    """Redis is away for a moment (`brehon serve` starts it again, or a
    master of the cluster fails over): nothing new was acknowledged, and
    the client may send the same request again (with its Idempotency-Key,
    it gets the first answer of one that landed). Any other error of the
    store is a fault of ours: a 500, logged by Flask."""
    if not unavailable(error):
        raise error
    metrics.STORE_ERRORS.inc()
    current_app.logger.warning("the store is unavailable: %s: %s", type(error).__name__, error)
    return problems.response(problems.Problem(503, "The game store is unavailable for a moment; send it again "
                                                   "with the same Idempotency-Key.",
                                              headers={"Retry-After": "1"}))


def _own_retry_after(answer: Response) -> Response:
    """Note the answer's own ``Retry-After`` (a 503's, a summary's 202),
    before flask-limiter's hook runs (Flask runs the last registered first)."""
    g.own_retry_after = answer.headers.get("Retry-After")
    return answer


def _retry_after_only_when_asked(answer: Response) -> Response:
    """``Retry-After`` as the answer set it, or flask-limiter's on its own
    429 (at least 1: in a window's last second it says 0): flask-limiter
    puts its window's end on every answer of a limited route, over the
    answer's own."""
    own = g.pop("own_retry_after", None)
    if own is not None:
        answer.headers["Retry-After"] = own
    elif answer.status_code == 429 and answer.headers.get("Retry-After") == "0":
        answer.headers["Retry-After"] = "1"
    elif answer.status_code != 429:
        answer.headers.pop("Retry-After", None)
    return answer


def _secret(app: Flask) -> bytes | None:
    """The server's secret, from the file ``BREHON_SECRET_FILE`` names
    (`brehon serve` makes it in its data directory), or None: then the
    store makes one for this application alone."""
    path = app.config.get("BREHON_SECRET_FILE") or os.environ.get("BREHON_SECRET_FILE")
    return Path(path).read_bytes() if path else None


def _request_within_limits() -> None:
    """414 for a request target over :data:`MAX_URL`, 431 for more header
    fields than :data:`MAX_HEADERS` or one over :data:`MAX_HEADER` bytes."""
    target = request.environ.get("RAW_URI") or request.environ.get("REQUEST_URI") or request.full_path
    if len(target) > MAX_URL:
        raise problems.Problem(414, f"The request target has {len(target)} characters; at most {MAX_URL}.")
    if len(request.headers) > MAX_HEADERS:
        raise problems.Problem(431, f"The request has {len(request.headers)} header fields; at most {MAX_HEADERS}.")
    for name, value in request.headers.items():
        if len(name) + len(value) + 2 > MAX_HEADER:
            raise problems.Problem(431, f"The header field {name} is over {MAX_HEADER} bytes.", header=name)
