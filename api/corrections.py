"""Corrections: ``POST /api/v1/games/<id>/corrections``.

A correction undoes the last turn (``{"undo": true, "by": ...}``) or
replaces turn k (``{"replace": k, "turn": {...}, "by": ...}``); every later
turn is replayed on top (``tables.Tables.correct``). When one of them no
longer holds, the correction is refused with that turn's violation and
nothing is stored. A correction is never hidden: it is an entry of the
game's log (who, when, what it replaced), so the game's ``history`` shows
it while its ``record`` holds the turns as they now stand. Like a turn it
needs If-Match and takes an Idempotency-Key.
"""

from __future__ import annotations

from typing import Any

from flask import g
from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from scoring import Violation, corrections
from store import StoredGame

from .access import SECURITY, table_access, tables
from .bodies import Blueprint
from .games import IDEMPOTENCY_KEY, IF_MATCH, write
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
    """Undo the last turn, or replace turn ``replace`` with ``turn``; ``by`` names who.

    The shape documented; the body is judged by scoring/corrections.py, as
    the phone's referee judges it for a game that lives on the phone: where
    this schema refuses a body, the engine's refusal is the one answered."""

    class Meta:
        unknown = RAISE

    undo = StrictBoolean(metadata={"description": "true: undo the last turn"})
    replace = fields.Integer(strict=True, validate=validate.Range(min=0),
                             metadata={"description": "the index of the turn to replace"})
    turn = fields.Nested(TurnSchema, metadata={"description": "the turn that replaces it"})
    by = fields.String(required=True, validate=validate.Length(min=1, max=corrections.BY_MOST),
                       metadata={"description": "the person or device that corrects"})

    @validates_schema
    def _one_kind(self, data: dict, **kwargs) -> None:
        if corrections.refusal(data) is not None:
            raise ValidationError(corrections.ONE_KIND)

    def engine_refusal(self, body: Any) -> Violation | None:
        """The engine's refusal of this body (scoring/corrections.py)."""
        refused = corrections.refusal(body, g.get("game_name"))
        return refused.violation if refused is not None else None


@blp.route("/<game_id>/corrections", methods=["POST"])
@blp.doc(security=SECURITY, parameters=[IF_MATCH, IDEMPOTENCY_KEY])
@table_access(write=True)
@blp.arguments(CorrectionSchema())
@blp.response(201, TurnAnswerSchema)
@blp.alt_response(412, schema=ProblemSchema, description="Stale version: the body holds the current state",
                  content_type=PROBLEM)
@blp.alt_response(422, schema=ProblemSchema, description="A later turn no longer holds (its violation), "
                  "or there is no such turn; nothing is stored", content_type=PROBLEM)
@blp.alt_response(428, schema=ProblemSchema, description="No If-Match, an empty one, or *", content_type=PROBLEM)
def post_correction(correction: dict, table: StoredGame):
    """Undo the last turn or replace an earlier one; the later turns are replayed on top."""
    return write(table, "correction", correction,
                 lambda version, key: tables().correct(table, correction, version, key))
