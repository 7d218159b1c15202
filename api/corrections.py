"""Corrections: ``POST /api/v1/games/<id>/corrections``.

A correction undoes the last turn (``{"undo": true, "by": ...}``) or
replaces turn k (``{"replace": k, "turn": {...}, "by": ...}``); every later
turn is replayed on top. When one of them no longer holds, the correction
is refused with that turn's violation and nothing is stored. A correction
is never hidden: it is an entry of the game's log (who, when, what it
replaced), so the game's ``history`` shows it while its ``record`` holds
the turns as they now stand. Like a turn it needs If-Match and takes an
Idempotency-Key (the same store mechanism).
"""

from __future__ import annotations

import functools

from flask import g
from flask_smorest import Blueprint
from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from scoring import Game, record_invalid

from store import CORRECTION, StoredGame, turns_of

from .games import (IDEMPOTENCY_KEY, SECURITY, log_entry, matches_version, open_write, repeat_or_stale, store,
                    table_access)
from .problems import MEDIA_TYPE as PROBLEM
from .schemas import ProblemSchema, TurnAnswerSchema, TurnSchema

blp = Blueprint("corrections", __name__, url_prefix="/api/v1/games", description="Corrections of logged turns")


class StrictBoolean(fields.Boolean):
    """JSON true or false only: marshmallow's Boolean would take "yes" or 1 for true."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class CorrectionSchema(Schema):
    """Undo the last turn, or replace turn ``replace`` with ``turn``; ``by`` names who."""

    class Meta:
        unknown = RAISE

    undo = StrictBoolean(metadata={"description": "true: undo the last turn"})
    replace = fields.Integer(strict=True, validate=validate.Range(min=0),
                             metadata={"description": "the index of the turn to replace"})
    turn = fields.Nested(TurnSchema, metadata={"description": "the turn that replaces it"})
    by = fields.String(required=True, validate=validate.Length(min=1, max=80),
                       metadata={"description": "the person or device that corrects"})

    @validates_schema
    def _one_kind(self, data: dict, **kwargs) -> None:
        undo = data.get("undo") is True
        replace = "replace" in data or "turn" in data
        if undo == replace or (replace and not ("replace" in data and "turn" in data)):
            raise ValidationError('send {"undo": true} or {"replace": <turn index>, "turn": <turn>}, with "by"')


def _outside_turns(view):
    """A fault in a correction's body is no fault of the next turn: its
    violation names no turn (``table_access`` set one for turn bodies)."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        g.turn_index = None
        return view(*args, **kwargs)

    return wrapper


@blp.route("/<game_id>/corrections", methods=["POST"])
@blp.doc(security=SECURITY, parameters=[
    {"in": "header", "name": "If-Match", "required": True, "schema": {"type": "string"},
     "description": "the version the correction was composed on, as an ETag (`*` is refused: 428)"},
    IDEMPOTENCY_KEY,
])
@table_access(write=True)
@_outside_turns
@blp.arguments(CorrectionSchema())
@blp.response(201, TurnAnswerSchema)
@blp.alt_response(412, schema=ProblemSchema, description="Stale version: the body holds the current state",
                  content_type=PROBLEM)
@blp.alt_response(422, schema=ProblemSchema, description="A later turn no longer holds (its violation), "
                  "or there is no such turn; nothing is stored", content_type=PROBLEM)
@blp.alt_response(428, schema=ProblemSchema, description="No If-Match", content_type=PROBLEM)
def post_correction(correction: dict, table: StoredGame):
    """Undo the last turn or replace an earlier one; the later turns are replayed on top."""
    key = open_write(correction, "correction")
    if not matches_version(table.version):
        return repeat_or_stale(table, key)
    entries = store().entries(table.id)
    if len(entries) != table.version:  # a write from another process came between
        return repeat_or_stale(store().load(table.id), key)
    turns = turns_of(entries)
    index = _corrected_index(table, correction, len(turns))
    turns_now = list(turns)
    if correction.get("undo"):
        entry = {"kind": CORRECTION, "undo": True}
        del turns_now[index]
    else:
        entry = {"kind": CORRECTION, "replace": index, "turn": correction["turn"]}
        turns_now[index] = correction["turn"]
    entry |= {"by": correction["by"], "replaced": {"index": index, "turn": turns[index]}}
    after = Game.replay({**table.record, "turns": turns_now})
    return log_entry(table, entry, after, key)


def _corrected_index(table: StoredGame, correction: dict, turns: int) -> int:
    """The index of the turn a correction undoes or replaces (422 when there is none)."""
    if correction.get("undo"):
        where, index = "/undo", turns - 1
    else:
        where, index = "/replace", correction["replace"]
    if 0 <= index < turns:
        return index
    raise record_invalid(table.record["game"], where, f"names no turn: the game has {turns} turns")
