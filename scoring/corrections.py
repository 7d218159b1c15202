"""A correction of a game's log: its body, judged, and the log entry it makes.

A correction undoes the last turn (``{"undo": true, "by": ...}``) or replaces
turn k (``{"replace": k, "turn": {...}, "by": ...}``); the game's turns as
they then stand are replayed, so a later turn that no longer holds refuses
it. The server (api/corrections.py, tables/) and the phone's referee (for a
game that lives on the phone: scoring/answers.py :func:`~scoring.answers.write`)
judge a body here, so both refuse it in the same words.
"""

from __future__ import annotations

from typing import Any

from .engine import JSON, Refused, record_invalid
from .history import CORRECTION

#: The refusal of a body that is neither kind, or both.
ONE_KIND = 'send {"undo": true} or {"replace": <turn index>, "turn": <turn>}, with "by"'
#: The longest ``by``.
BY_MOST = 80

# The fields of a correction's body and of its turn, each with the test of
# its value and the words of a value that fails it. The API's marshmallow
# schema (api/corrections.py) documents the same shape; where it refuses a
# body, this module's refusal is the one answered (CorrectionSchema.engine_refusal).
_INTEGER = (lambda value: isinstance(value, int) and not isinstance(value, bool), "must be an integer")
_FIELDS: dict[str, tuple[Any, str]] = {
    "undo": (lambda value: isinstance(value, bool), "must be true or false"),
    "replace": _INTEGER,
    "turn": (lambda value: isinstance(value, dict), "must be an object"),
    "by": (lambda value: isinstance(value, str), "must be a string"),
}
_TURN_FIELDS: dict[str, tuple[Any, str]] = {
    "player": (lambda value: isinstance(value, str), "must be a string"),
    "actions": (lambda value: isinstance(value, list), "must be an array"),
}


def refusal(body: Any, game: str | None = None) -> Refused | None:
    """Why ``body`` is no correction (``record.invalid`` at the field at
    fault), or None: an object of the fields above, ``by`` of 1 to
    :data:`BY_MOST` characters, and one kind (:data:`ONE_KIND`)."""
    fault = _shape_fault(body, _FIELDS, "") or _turn_fault(body) or _value_fault(body)
    if fault is not None:
        return record_invalid(game, *fault)
    undo = body.get("undo") is True
    replace = "replace" in body or "turn" in body
    if undo == replace or (replace and not ("replace" in body and "turn" in body)):
        return record_invalid(game, "", ONE_KIND)
    return None


def _shape_fault(body: Any, fields: dict[str, tuple[Any, str]], prefix: str) -> tuple[str, str] | None:
    """The pointer and words of the first field that does not belong, or whose value has the wrong type."""
    if not isinstance(body, dict):
        return prefix, "must be an object"
    for key, value in body.items():
        if key not in fields:
            return f"{prefix}/{key}", "is not allowed here"
        test, words = fields[key]
        if not test(value):
            return f"{prefix}/{key}", words
    return None


def _turn_fault(body: JSON) -> tuple[str, str] | None:
    turn = body.get("turn")
    if turn is None:
        return None
    fault = _shape_fault(turn, _TURN_FIELDS, "/turn")
    missing = next((key for key in _TURN_FIELDS if key not in turn), None)
    if fault is None and missing is not None:
        return f"/turn/{missing}", "is required"
    if fault is None:
        return next(((f"/turn/actions/{index}", "must be an object")
                     for index, action in enumerate(turn["actions"]) if not isinstance(action, dict)), None)
    return fault


def _value_fault(body: JSON) -> tuple[str, str] | None:
    if "by" not in body:
        return "/by", "is required"
    if not 1 <= len(body["by"]) <= BY_MOST:
        return "/by", f"length must be between 1 and {BY_MOST}"
    if body.get("replace", 0) < 0:
        return "/replace", "must be greater than or equal to 0"
    return None


def entry(body: JSON, turns: list[JSON], at: str, game: str | None = None) -> tuple[JSON, list[JSON]]:
    """The log entry of the correction ``body`` (judged by :func:`refusal`)
    of a game whose turns stand as ``turns``, logged at ``at``, and the turns
    as it leaves them. Refuses (``record.invalid``) a correction that names no
    turn: an undo of a game with none, a replace past its last."""
    if body.get("undo"):
        where, index = "/undo", len(turns) - 1
    else:
        where, index = "/replace", body["replace"]
    if not 0 <= index < len(turns):
        raise record_invalid(game, where, f"names no turn: the game has {len(turns)} turns")
    after = list(turns)
    if body.get("undo"):
        logged: JSON = {"kind": CORRECTION, "undo": True}
        del after[index]
    else:
        logged = {"kind": CORRECTION, "replace": index, "turn": body["turn"]}
        after[index] = body["turn"]
    logged |= {"by": body["by"], "replaced": {"index": index, "turn": turns[index]}, "at": at}
    return logged, after
