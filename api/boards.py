"""Stored board profiles: checked once by the game's rules, then shared read-only by id.

What one stored profile may cost is bounded: its JSON at most
:data:`MAX_BOARD` bytes (413), its name at most :data:`MAX_NAME` characters
(422), and each client address stores at most ``BREHON_LIMIT_BOARDS``
(``api.limits``). The answer that first stores a profile carries a board
token; ``DELETE /boards/{id}`` with it removes the profile.
"""

from __future__ import annotations

import json

from flask import Response, request
from marshmallow import Schema, fields

from scoring import answers
from scoring import check_board as judge_board
from store import Missing

from .problems import Problem, lang
from .problems import MEDIA_TYPE
from .schemas import BOARD_NAME, BoardBodySchema, BoardQuerySchema, BoardSchema, ProblemSchema, ViolationSchema
from .access import SECURITY, bearer, tables
from .bodies import Blueprint

blp = Blueprint("boards", __name__, url_prefix="/api/v1/boards", description="Board profiles")

#: The largest stored profile, as compact JSON: a valid one of any game is
#: a few KiB (36 Orakel fields, at most 60 Celtica locations).
MAX_BOARD = 16 * 1024
#: The longest board name (documented with the body's schema).
MAX_NAME = BOARD_NAME


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
@blp.alt_response(413, schema=ProblemSchema, description=f"The profile is over {MAX_BOARD} bytes", content_type=MEDIA_TYPE)
def create_board(body: dict):
    """Check a board profile with its game's rules and store it; the answer
    lists the warnings. The answer that first stores it (201) carries the
    board token that deletes it; storing the same profile again answers 200
    with its id and no token."""
    _within_bounds(body["board"])
    verdict = judge_board(body)
    if not verdict.valid:
        raise verdict.refusal()
    board_id, token = tables().save_board(verdict.game, body["board"])
    answer = {"id": board_id, "game": verdict.game, "board": body["board"], "warnings": verdict.warnings}
    if token is None:
        return answer, 200, {"Location": f"{request.path}/{board_id}"}
    return {**answer, "token": token}, 201, {"Location": f"{request.path}/{board_id}"}


def _within_bounds(board: object) -> None:
    """What a stored profile may cost: 413 over :data:`MAX_BOARD` bytes,
    422 for a name over :data:`MAX_NAME` characters."""
    size = len(json.dumps(board, ensure_ascii=False, separators=(",", ":")).encode())
    if size > MAX_BOARD:
        raise Problem(413, f"A board profile is at most {MAX_BOARD} bytes of JSON; this one has {size}.")
    name = board.get("name") if isinstance(board, dict) else None
    if isinstance(name, str) and len(name) > MAX_NAME:
        raise Problem(422, f"/board/name has {len(name)} characters; a board name has at most {MAX_NAME}.",
                      title="Board name too long", pointer="/board/name")


@blp.route("/check", methods=["POST"])
@blp.arguments(BoardBodySchema())
@blp.response(200, BoardCheckSchema)
@blp.alt_response(422, schema=ProblemSchema, description="The body names no game", content_type=MEDIA_TYPE)
@blp.alt_response(413, schema=ProblemSchema, description=f"The profile is over {MAX_BOARD} bytes", content_type=MEDIA_TYPE)
def check_board(body: dict):
    """Check a board profile as POST /boards would, and store nothing: an
    editor asks as the fields change: every problem at once."""
    _within_bounds(body["board"])
    verdict = answers.check_board(body, lang())  # as the phone's referee answers it
    if "status" in verdict:
        raise Problem.of(verdict)
    return verdict


@blp.route("", methods=["GET"])
@blp.arguments(BoardQuerySchema(), location="query", as_kwargs=True)
@blp.response(200, BoardSchema(many=True))
def list_boards(game: str | None = None):
    """Every stored profile, or those of one game."""
    return tables().boards(game)


@blp.route("/<string(length=12):board_id>", methods=["GET"])
@blp.response(200, BoardSchema)
def get_board(board_id: str):
    """One stored profile."""
    try:
        return tables().board(board_id)
    except Missing:
        raise Problem(404, "There is no board profile with this id.") from None


@blp.route("/<string(length=12):board_id>", methods=["DELETE"])
@blp.doc(security=SECURITY)
@blp.response(204)
@blp.alt_response(404, schema=ProblemSchema, description="No such board, or not its token", content_type=MEDIA_TYPE)
def delete_board(board_id: str):
    """Delete a stored profile with the board token its first store
    answered (``Authorization: Bearer <token>``). Games made from it keep
    their copy; a record naming its id is refused from now on."""
    try:
        tables().delete_board(board_id, bearer())
    except Missing:
        raise Problem(404, "There is no board profile with this id for this token.") from None
    return Response(status=204)
