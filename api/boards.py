"""Stored board profiles: checked once by the game's rules, then shared read-only by id."""

from __future__ import annotations

from flask import request
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from scoring.engine import Refused, RuleBroken, Violation, ruleset_of
from store import Missing

from .problems import Problem, violations_json
from .problems import MEDIA_TYPE
from .schemas import BoardBodySchema, BoardQuerySchema, BoardSchema, ProblemSchema, ViolationSchema
from .games import store

blp = Blueprint("boards", __name__, url_prefix="/api/v1/boards", description="Board profiles")


class BoardCheckSchema(Schema):
    """The verdict on a board profile, nothing stored."""

    valid = fields.Boolean(metadata={"description": "POST /boards would store it"})
    violations = fields.List(fields.Nested(ViolationSchema), metadata={"description": "the board.invalid, if any"})
    warnings = fields.List(fields.Raw(), metadata={"description": "code, message, details of each warning"})


@blp.route("", methods=["POST"])
@blp.arguments(BoardBodySchema())
@blp.response(201, BoardSchema)
@blp.alt_response(422, schema=ProblemSchema, description="The profile breaks its own constraints", content_type=MEDIA_TYPE)
def create_board(body: dict):
    """Check a board profile with its game's rules and store it; the answer lists the warnings."""
    game, warnings, violation = _checked(body)
    if violation is not None:
        raise Refused(violation)
    board_id = store().save_board(game, body["board"])
    answer = {"id": board_id, "game": game, "board": body["board"], "warnings": warnings}
    return answer, 201, {"Location": f"{request.path}/{board_id}"}


@blp.route("/check", methods=["POST"])
@blp.arguments(BoardBodySchema())
@blp.response(200, BoardCheckSchema)
@blp.alt_response(422, schema=ProblemSchema, description="The body names no game", content_type=MEDIA_TYPE)
def check_board(body: dict):
    """Check a board profile as POST /boards would, and store nothing: an
    editor asks as the fields change."""
    _, warnings, violation = _checked(body)
    violations = [] if violation is None else [violation]
    return {"valid": violation is None, "violations": violations_json(violations), "warnings": warnings}


def _checked(body: dict) -> tuple[str, list, Violation | None]:
    """The profile's game, its warnings, and its ``board.invalid`` violation or None."""
    ruleset = ruleset_of(body)
    try:
        return ruleset.game, ruleset.validate_board(body["board"]), None
    except RuleBroken as broken:
        return ruleset.game, [], Violation(ruleset.game, broken.rule, None, None, broken.details, broken.words)


@blp.route("", methods=["GET"])
@blp.arguments(BoardQuerySchema(), location="query", as_kwargs=True)
@blp.response(200, BoardSchema(many=True))
def list_boards(game: str | None = None):
    """Every stored profile, or those of one game."""
    return store().boards(game)


@blp.route("/<board_id>", methods=["GET"])
@blp.response(200, BoardSchema)
def get_board(board_id: str):
    """One stored profile."""
    try:
        return {"id": board_id, **store().board(board_id)}
    except Missing:
        raise Problem(404, "There is no board profile with this id.") from None
