"""The end-of-game summary route: ``GET /api/v1/games/<id>/summary``.

The summary is never computed in the request: the rq job of
:mod:`worker.jobs` writes it into the store. This view only reads it, or
says how the job stands; the store queues the job when nobody else will:
when it is missing, or failed after its tries (the answer then reports the
failure and the job is queued again, so asking again finds it running).
"""

from __future__ import annotations

from flask import jsonify
from marshmallow import Schema, fields

from store import StoredGame, SummaryJob

from .access import SECURITY, table_access, tables
from .bodies import Blueprint
from .problems import MEDIA_TYPE as PROBLEM
from .problems import Problem
from .schemas import ProblemSchema

blp = Blueprint("summary", __name__, url_prefix="/api/v1/games", description="End-of-game summaries")

#: Seconds a client is asked to wait before asking again while the job runs.
RETRY_AFTER = 2

NOT_FINISHED = "/problems/game-not-finished"


class SummarySchema(Schema):
    """The summary (worker/summary.py documents every member)."""

    class Meta:
        ordered = True

    game = fields.String()
    title = fields.String()
    version = fields.Integer()
    date = fields.String()
    players = fields.Raw()
    turns = fields.Integer()
    chart = fields.String(metadata={"description": "what the lead chart plots: the start's and history's "
                                                   "scores, or parts (held, Celtica)"})
    scoresheet = fields.Raw()
    start = fields.Raw()
    history = fields.Raw(metadata={"description": "every player's score after every turn"})
    lead_changes = fields.Raw()
    decisive_turns = fields.Raw(metadata={"description": "the few turns that decided the game "
                                                         "(scoring/chronicle.py says which)"})
    sources = fields.Raw(metadata={"description": "per player, where the final score came from"})
    facts = fields.Raw()


class SummaryJobSchema(Schema):
    """How the summary job stands while there is no summary yet."""

    class Meta:
        ordered = True

    game = fields.String()
    version = fields.Integer()
    job = fields.String()
    state = fields.String(metadata={"description": "queued | started | scheduled | deferred | failed"})
    error = fields.String(allow_none=True, metadata={"description": "why the last try failed (state failed)"})
    requeued = fields.Boolean(metadata={"description": "this request queued the job (again)"})


@blp.route("/<game_id>/summary", methods=["GET"])
@blp.doc(security=SECURITY)
@table_access(write=False)
@blp.response(200, SummarySchema)
@blp.alt_response(202, schema=SummaryJobSchema, description="The summary job is queued, running or failed")
@blp.alt_response(409, schema=ProblemSchema, description="The game has not ended", content_type=PROBLEM)
def get_summary(table: StoredGame):
    """The end-of-game summary: 200 when the job has written it, 202 with
    the job's state until then, 409 while the game goes on."""
    if not table.game.is_over:
        raise Problem(409, "The game has not ended yet; its summary is written when it does.",
                      type=NOT_FINISHED, version=table.version)
    found = tables().summary_or_job(table)
    if not isinstance(found, SummaryJob):
        return found
    answer = {
        "game": table.id,
        "version": table.version,
        "job": found.id,
        "state": found.state,
        "error": found.error,
        "requeued": found.requeued,
    }
    response = jsonify(SummaryJobSchema().dump(answer))
    response.status_code = 202
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response
