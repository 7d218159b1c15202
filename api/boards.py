"""Stored board profiles: checked once by the game's rules, then shared read-only by id."""

from __future__ import annotations

from flask import request
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from scoring import check_board as judge_board
from store import Missing

from .problems import Problem, violations_json
from .problems import MEDIA_TYPE
from .schemas import BoardBodySchema, BoardQuerySchema, BoardSchema, ProblemSchema, ViolationSchema
from .games import store

blp = Blueprint("boards", __name__, url_prefix="/api/v1/boards", description="Board profiles")


class BoardCheckSchema(Schema):
    """The verdict on a board profile, nothing stored."""

    valid = fields.Boolean(metadata={"description": "POST /boards would store it"})
    violations = fields.List(fields.Nested(ViolationSchema),
                             metadata={"description": "every problem of the profile (board.invalid), in the order of the checks"})
    warnings = fields.List(fields.Raw(), metadata={"description": "code, message, details of each warning"})


@blp.route("", methods=["POST"])
@blp.arguments(BoardBodySchema())
@blp.response(201, BoardSchema)
@blp.alt_response(422, schema=ProblemSchema, description="The profile breaks its own constraints", content_type=MEDIA_TYPE)
def create_board(body: dict):
    """Check a board profile with its game's rules and store it; the answer lists the warnings."""
    verdict = judge_board(body)
    if not verdict.valid:
        raise verdict.refusal()
    board_id = store().save_board(verdict.game, body["board"])
    answer = {"id": board_id, "game": verdict.game, "board": body["board"], "warnings": verdict.warnings}
    return answer, 201, {"Location": f"{request.path}/{board_id}"}


@blp.route("/check", methods=["POST"])
@blp.arguments(BoardBodySchema())
@blp.response(200, BoardCheckSchema)
@blp.alt_response(422, schema=ProblemSchema, description="The body names no game", content_type=MEDIA_TYPE)
def check_board(body: dict):
    """Check a board profile as POST /boards would, and store nothing: an
    editor asks as the fields change: every problem at once."""
    verdict = judge_board(body)
    return {"valid": verdict.valid, "violations": violations_json(verdict.violations), "warnings": verdict.warnings}


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
