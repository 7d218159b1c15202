"""RFC 9457 problem details: the one shape of every error Brehon answers.

Views raise :class:`Problem` (or let :class:`scoring.Refused` through); the
handlers registered by :func:`register` turn those, every HTTP error of
Flask/werkzeug and webargs' body validation into
``application/problem+json``.
"""

from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any

from flask import Flask, Response, g, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from scoring import Refused, Violation, answers, record_invalid
from scoring.messages import LANGUAGES

MEDIA_TYPE = "application/problem+json"

#: ``type`` URIs of Brehon's own problems; plain HTTP errors use about:blank.
REFUSED = answers.REFUSED
STALE = "/problems/stale-version"
VERSION_REQUIRED = "/problems/version-required"
READ_ONLY = "/problems/read-only-token"
IDEMPOTENCY_REUSED = "/problems/idempotency-key-reused"
INVALID_TEXT = "/problems/invalid-text"
INVALID_NUMBER = "/problems/invalid-number"


class Problem(Exception):
    """An error answer: status, title, detail, and extra members."""

    def __init__(self, status: int, detail: str, *, type: str = "about:blank", title: str | None = None,
                 headers: dict | None = None, **members: Any):
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.type = type
        self.title = title
        self.headers = headers or {}
        self.members = members

    @classmethod
    def of(cls, body: dict) -> "Problem":
        """The problem of a problem body that :mod:`scoring.answers` gives."""
        status, detail, type, title = (body[key] for key in ("status", "detail", "type", "title"))
        members = {key: value for key, value in body.items() if key not in ("status", "detail", "type", "title")}
        return cls(status, detail, type=type, title=title, **members)


def lang() -> str:
    """The request's language for rule messages (en, de or es; English
    when the request accepts none of them, and q=0 refuses a language)."""
    # Messages come per language, not per region, and werkzeug tries a tag's
    # primary subtag only when nothing matches exactly ("de-DE, en;q=0.5"
    # would be English): so the regions go before it matches.
    languages = LanguageAccept([(value.split("-")[0], quality) for value, quality in request.accept_languages])
    return languages.best_match(LANGUAGES, default="en")


def refused(violation: Violation) -> Problem:
    """422 for a record, turn, tally or board the rules refuse."""
    return Problem.of(answers.refusal(violation, lang()))


def response(problem: Problem) -> Response:
    """The problem+json response of ``problem``."""
    title = problem.title or _phrase(problem.status)
    body = {"type": problem.type, "title": title, "status": problem.status, "detail": problem.detail,
            **problem.members}
    answer = Response(json.dumps(body, ensure_ascii=False), status=problem.status, mimetype=MEDIA_TYPE)
    answer.headers.update(problem.headers)
    return answer


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def _pointer(messages: Any, prefix: str = "") -> tuple[str, str]:
    """The first field marshmallow complained about, as a JSON pointer and its reason."""
    if isinstance(messages, dict):
        key = next(iter(messages))
        where = prefix if key == "_schema" else f"{prefix}/{key}"
        return _pointer(messages[key], where)
    if isinstance(messages, list) and messages and not isinstance(messages[0], str):
        return _pointer(messages[0], prefix)
    reason = messages[0] if isinstance(messages, list) and messages else str(messages)
    return prefix, reason


#: marshmallow's words for a fault, in the engine's words (scoring/schema.py).
REASONS = {
    "Missing data for required field.": "is required",
    "Unknown field.": "is not allowed here",
    "Invalid input type.": "must be an object",
    "Not a valid mapping type.": "must be an object",
    "Not a valid list.": "must be an array",
    "Not a valid string.": "must be a string",
    "Field may not be null.": "must not be null",
    "Not a valid boolean.": "must be true or false",
    "Not a valid integer.": "must be an integer",
}


def body_invalid(messages: dict) -> Problem:
    """A body that fails its marshmallow schema: ``record.invalid`` naming the field.

    For a turn, the violation carries the index the turn would have (set by
    the view's game lookup in ``g.turn_index``) and the faulty action's index.
    """
    fields = messages["json"]
    # The engine names a key that does not belong before anything else; so do we.
    unknown = [key for key, reasons in fields.items() if reasons == ["Unknown field."]]
    pointer, reason = _pointer({unknown[0]: fields[unknown[0]]} if unknown else fields)
    parts = pointer.split("/")
    action = int(parts[2]) if len(parts) > 2 and parts[1] == "actions" and parts[2].isdigit() else None
    turn = g.get("turn_index")
    game = g.get("game_name")
    # Other words of marshmallow read on after the pointer, without their full stop (the message has one).
    words = REASONS.get(reason) or reason[:1].lower() + reason[1:].rstrip(".")
    return refused(record_invalid(game, pointer, words, turn, action if turn is not None else None).violation)


def _http_error(error: HTTPException) -> Response:
    data = getattr(error, "data", None) or {}
    messages = data.get("messages")
    if error.code == 422 and messages and "json" in messages:
        # The engine has the last word on a body its schema refused, so the
        # API words a fault exactly as `brehon replay` and `tally` do.
        engine = getattr(data.get("schema"), "engine_refusal", None)
        violation = engine(request.get_json(silent=True)) if engine else None
        return response(refused(violation) if violation else body_invalid(messages))
    if error.code == 422 and messages:  # a query parameter
        fields = next(iter(messages.values()))  # {"query": {"format": ["Must be one of: ..."]}}
        name, reasons = next(iter(fields.items()))
        return response(Problem(422, f"{name}: {' '.join(reasons)}", title="Invalid query parameter"))
    if error.code == 400 and messages:
        return response(Problem(400, "The body is not valid JSON.", title="Malformed JSON"))
    code = error.code or 500
    detail = error.description or _phrase(code)
    headers = {}
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        headers["Allow"] = ", ".join(error.valid_methods)
    return response(Problem(code, detail, headers=headers))


def register(app: Flask) -> None:
    """Route every error of ``app`` through problem+json. Call it after
    flask-smorest's Api is set up: this replaces its JSON error handler.
    Uncaught exceptions reach the HTTPException handler as a 500 after
    Flask has logged them."""
    app.register_error_handler(Problem, response)
    app.register_error_handler(Refused, lambda error: response(refused(error.violation)))
    app.register_error_handler(HTTPException, _http_error)
