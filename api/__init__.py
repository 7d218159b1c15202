"""Brehon's HTTP API and the PWA's static files, in one Flask application.

``create_app`` follows the Flask tutorial: defaults, then configuration,
then extensions and blueprints registered inside the factory. Views only
translate HTTP to engine calls (``scoring``) and store calls
(:mod:`store`) and back.
"""

from __future__ import annotations

import importlib
import json
import os
from http import HTTPStatus

from flask import Flask, request
from flask_smorest import Api
from flask_smorest.utils import prepare_response

from store import Store

from . import limits, problems
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
)

#: Bodies larger than this are answered 413.
MAX_BODY = 1024 * 1024


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
        MAX_CONTENT_LENGTH=MAX_BODY,
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
    app.json.sort_keys = False
    app.json.ensure_ascii = False

    app.extensions["brehon.store"] = Store.from_url(app.config["REDIS_URL"])
    api = BrehonApi(app)
    app.extensions["brehon.api"] = api
    for name in BLUEPRINTS:
        blueprint = importlib.import_module(name).blp
        if hasattr(blueprint, "register_views_in_doc"):
            api.register_blueprint(blueprint)
        else:
            app.register_blueprint(blueprint)
    problems.register(app)
    limits.init_app(app)
    app.before_request(_json_bodies_only)
    return app


def _json_bodies_only() -> None:
    """A body sent to the API must say it is JSON (415 otherwise)."""
    if request.path.startswith("/api/") and request.method in ("POST", "PUT", "PATCH"):
        if not request.content_length and "Transfer-Encoding" not in request.headers:
            return  # no body at all: the schema says what is missing
        if not request.is_json:
            raise problems.Problem(415, "Send the body as application/json.")
        try:
            # Python's parser gives up on deep nesting with a RecursionError,
            # which the body parser would let through as a 500.
            json.loads(request.get_data(cache=True))
        except RecursionError:
            raise problems.Problem(400, "The body nests too deeply to be read.", title="Malformed JSON") from None
        except ValueError:
            pass  # malformed: the body parser answers it
