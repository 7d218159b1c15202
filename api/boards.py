"""Stored board profiles: checked once by the game's rules, then shared read-only by id."""

from __future__ import annotations

from flask import request
from flask_smorest import Blueprint

from scoring.engine import Refused, RuleBroken, Violation, ruleset_of

from .problems import Problem
from .problems import MEDIA_TYPE
from .schemas import BoardBodySchema, BoardQuerySchema, BoardSchema, ProblemSchema
from .games import store
from .store import Missing

blp = Blueprint("boards", __name__, url_prefix="/api/v1/boards", description="Board profiles")


@blp.route("", methods=["POST"])
@blp.arguments(BoardBodySchema())
@blp.response(201, BoardSchema)
@blp.alt_response(422, schema=ProblemSchema, description="The profile breaks its own constraints", content_type=MEDIA_TYPE)
def create_board(body: dict):
    """Check a board profile with its game's rules and store it; the answer lists the warnings."""
    ruleset = ruleset_of(body)
    try:
        warnings = ruleset.validate_board(body["board"])
    except RuleBroken as broken:
        raise Refused(Violation(ruleset.game, broken.rule, None, None, broken.details, broken.words)) from None
    board_id = store().save_board(ruleset.game, body["board"])
    answer = {"id": board_id, "game": ruleset.game, "board": body["board"], "warnings": warnings}
    return answer, 201, {"Location": f"{request.path}/{board_id}"}


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
