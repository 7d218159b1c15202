"""``POST /api/v1/tally``: the final score sheet from positions and counts, no move log."""

from __future__ import annotations

import scoring

from .bodies import Blueprint
from .problems import MEDIA_TYPE
from .schemas import ProblemSchema, ScoresheetSchema, TallySchema

blp = Blueprint("tally", __name__, url_prefix="/api/v1/tally", description="Final scoring without a move log")


@blp.route("", methods=["POST"])
@blp.arguments(TallySchema())
@blp.response(200, ScoresheetSchema)
@blp.alt_response(422, schema=ProblemSchema, description="Bad input (record.invalid or board.invalid)", content_type=MEDIA_TYPE)
def tally(body: dict):
    """Score the final positions: a sheet with status finished and end_reason null."""
    return scoring.tally(body)
