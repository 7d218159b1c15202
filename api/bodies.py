"""A request's body, read once.

Every body sent to the API must say it is JSON in UTF-8 (415 otherwise), be
at most :data:`MAX_BODY` bytes however it is sent (413), parse as JSON (400),
and hold only text that UTF-8 can encode and integers that Python can read
(422 naming the field). :func:`read_body` checks all of it before any view
and keeps the parsed body, or its fault; webargs (:class:`Blueprint`'s
parser) and the views that hand a body to the engine (:func:`json_body`)
take it from there, and raise the fault when they do: after a game's route
has checked the token, so that a stranger learns nothing from a body.
"""

from __future__ import annotations

import json
import sys
import typing

import flask
import flask_smorest
from flask import g, request
from webargs import core
from webargs.flaskparser import FlaskParser

from . import problems

#: Bodies larger than this are answered 413, however they are sent.
MAX_BODY = 1024 * 1024
#: The most digits Python reads as one integer (its int_max_str_digits): a
#: longer integer in a body stops the JSON parser with a ValueError.
MAX_DIGITS = sys.get_int_max_str_digits() or 4300


class LongInteger:
    """In place of an integer literal of more digits than Python reads (:data:`MAX_DIGITS`)."""

    def __init__(self, digits: int):
        self.digits = digits


def _integer(text: str) -> int | LongInteger:
    digits = len(text.lstrip("-"))
    return LongInteger(digits) if digits > MAX_DIGITS else int(text)


def read_body() -> None:
    """Check and parse the body of a request to the API: ``g.body``, or
    ``g.body_fault`` for :func:`body` to raise."""
    try:
        _read()
    except problems.Problem as fault:
        g.body_fault = fault


def body() -> typing.Any:
    """The request's body as read: 413, 415, 400 or 422 for its fault;
    webargs's ``missing`` for none."""
    if "body_fault" in g:
        raise g.body_fault
    return g.body if "body" in g else core.missing


def _read() -> None:
    if not (request.path.startswith("/api/") and request.method in ("POST", "PUT", "PATCH")):
        return
    if not request.content_length and "Transfer-Encoding" not in request.headers:
        return  # no body at all: the schema (or the engine) says what is missing
    # Not request.is_json: it takes every +json type (application/problem+json...).
    if request.mimetype != "application/json":
        raise problems.Problem(415, "Send the body as application/json.")
    charset = request.mimetype_params.get("charset", "utf-8").lower()
    if charset not in ("utf-8", "utf8"):
        raise problems.Problem(415, f"Send the body as UTF-8 JSON, not {charset}.")
    data = request.get_data(cache=True)
    # A body without Content-Length (chunked) is cut at MAX_CONTENT_LENGTH
    # by werkzeug without a word: look whether more was coming.
    if request.content_length is None and len(data) >= MAX_BODY and request.environ["wsgi.input"].read(1):
        raise problems.Problem(413, f"The body is over {MAX_BODY} bytes.")
    try:
        # UTF-8 alone (json.loads of bytes would take UTF-16 and UTF-32 too).
        body = json.loads(data.decode("utf-8"), parse_int=_integer)
    except RecursionError:  # deep nesting, which Python's parser gives up on
        raise problems.Problem(400, "The body nests too deeply to be read.", title="Malformed JSON") from None
    except ValueError:
        raise problems.Problem(400, "The body is not valid JSON.", title="Malformed JSON") from None
    fault = _fault(body)
    if fault is not None:
        pointer, value = fault
        shown = pointer.encode("utf-8", "backslashreplace").decode()
        if isinstance(value, LongInteger):
            raise problems.Problem(422, f"{shown or '/'} is an integer of {value.digits} digits; "
                                        f"at most {MAX_DIGITS} are read.",
                                   title="Invalid number", type=problems.INVALID_NUMBER, pointer=shown)
        raise problems.Problem(422, f"{shown or '/'} holds a lone surrogate, which is no text: send UTF-8 text.",
                               title="Invalid text", type=problems.INVALID_TEXT, pointer=shown)
    g.body = body


def json_body() -> object:
    """The request's body as read (None for none): the engine judges a turn."""
    read = body()
    return None if read is core.missing else read


class BodyParser(FlaskParser):
    """webargs's parser, on the body :func:`read_body` read."""

    def _raw_load_json(self, req: flask.Request) -> typing.Any:
        return body()


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint, its arguments parsed from the body read once."""

    ARGUMENTS_PARSER = BodyParser()


def _fault(body: object) -> tuple[str, object] | None:
    """The JSON pointer of the first key or value in ``body`` that cannot be
    stored, with that key or value: a string or key that UTF-8 cannot encode
    (a lone surrogate: JSON's \\u escapes can carry one, and Redis and the
    answer could not), or a :class:`LongInteger`. Else None. Walked with a
    stack: the body may nest as deep as the JSON parser allows."""
    try:
        if _encodable(json.dumps(body, ensure_ascii=False)):
            return None  # the usual case, found by the C encoder without a walk
    except RecursionError:
        pass  # as deep as the parser allows: the walk below takes it
    except TypeError:
        pass  # a LongInteger, which the walk below finds
    stack: list[tuple[str, object]] = [("", body)]
    while stack:
        pointer, value = stack.pop()
        if isinstance(value, LongInteger) or isinstance(value, str) and not _encodable(value):
            return pointer, value
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        children = []
        for key, item in items:
            where = f"{pointer}/{str(key).replace('~', '~0').replace('/', '~1')}"
            if isinstance(key, str) and not _encodable(key):
                return where, key
            children.append((where, item))
        stack.extend(reversed(children))
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False
