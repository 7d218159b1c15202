"""The routes of one game: create, read, play a turn, check a turn, score sheet, record.

Views translate HTTP to the game layer (``tables``) and back; who may open
a game is api/access.py's business, and the rate limits api/limits.py's.
"""

from __future__ import annotations

import re

from flask import Response, request
from marshmallow import Schema, ValidationError, fields, validate

from exports.spreadsheet import scoresheet_csv
from scoring import answers, history
from store import Idempotency, KeyReused, StoredGame
from tables import Moved, NoNextRound, Written

from .access import SECURITY, table_access, tables, version_hint
from .bodies import Blueprint, json_body
from .problems import IDEMPOTENCY_REUSED, STALE, VERSION_REQUIRED, Problem
from .problems import MEDIA_TYPE as PROBLEM
from .problems import lang as request_lang
from .schemas import (
    CheckSchema,
    CreatedSchema,
    GameSchema,
    NextRoundSchema,
    ProblemSchema,
    RecordSchema,
    ScoresheetQuerySchema,
    ScoresheetSchema,
    TurnAnswerSchema,
    TurnSchema,
)

blp = Blueprint("games", __name__, url_prefix="/api/v1/games", description="Games at a table")

#: Longest Idempotency-Key accepted.
MAX_KEY = 200

#: A creation's Idempotency-Key is global (a repeat from anywhere gets the
#: first game's id and table token), so it must be unguessable: at least 22
#: characters of base64url, the length of 128 random bits (a UUID will do).
CREATION_KEY = re.compile(r"[A-Za-z0-9_-]{22,%d}" % MAX_KEY)

#: The Idempotency-Key header of every write to a game, for the OpenAPI document.
IDEMPOTENCY_KEY = {"in": "header", "name": "Idempotency-Key", "required": False,
                   "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY},
                   "description": "a repeat with the same key and body gets the first answer"}

#: The If-Match header of every write to a game.
IF_MATCH = {"in": "header", "name": "If-Match", "required": True, "schema": {"type": "string"},
            "description": 'the version the write was composed on, as one strong ETag (`"4"`); `*`, a weak '
                           "ETag or a list names no version"}

#: The Idempotency-Key header of POST /games.
CREATION_IDEMPOTENCY_KEY = {
    "in": "header", "name": "Idempotency-Key", "required": False,
    "schema": {"type": "string", "pattern": f"^{CREATION_KEY.pattern}$", "minLength": 22, "maxLength": MAX_KEY},
    "description": "a repeat with the same key and body, from any client, gets the first game again: "
                   "the key must be unguessable, at least 22 characters of A-Z a-z 0-9 _ - (128 random bits "
                   "in base64url, or a UUID); 400 otherwise"}


# -- edges: versions, keys, bodies -------------------------------------------


def etag(version: int) -> str:
    return f'"{version}"'


def not_modified(table: StoredGame) -> Response | None:
    """304 when the request's If-None-Match names the game's version."""
    if request.if_none_match.contains_weak(str(table.version)):
        return Response(status=304, headers={"ETag": etag(table.version)})
    return None


def composed_on(what: str) -> int | None:
    """The version a write was composed on: its If-Match, one strong ETag
    (428 without, empty, or for ``*``); None when it names no version (a weak
    ETag, a list, no number): no version of the game matches it."""
    given = request.headers.get("If-Match", "").strip()
    if not given:  # absent, or empty: either way it names nothing
        raise Problem(428, f"Send If-Match with the version the {what} was composed on.", type=VERSION_REQUIRED)
    if given == "*":  # it would skip the version check
        raise Problem(428, f"If-Match: * names no version: send the version the {what} was composed on.",
                      type=VERSION_REQUIRED)
    return version_hint()


def idempotency(body: object, creation: bool = False) -> Idempotency | None:
    """The write's Idempotency-Key with a hash of its body, if it has one."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if creation and not CREATION_KEY.fullmatch(key):
        raise Problem(400, f"The Idempotency-Key of a new game has 22 to {MAX_KEY} characters of A-Z, a-z, 0-9, "
                           "_ and - (128 random bits in base64url, or a UUID): anyone who guesses it gets the game.",
                      title="Idempotency-Key too weak")
    if not key or len(key) > MAX_KEY:
        raise Problem(400, f"An Idempotency-Key has 1 to {MAX_KEY} characters.")
    return Idempotency.of(key, body)


def stale(current: StoredGame) -> Problem:
    return Problem(
        412, f"The game is at version {current.version}; compose the turn again on it.", type=STALE,
        headers={"ETag": etag(current.version)}, version=current.version, **answers.as_it_stands(current.game),
    )


def key_reused() -> Problem:
    return Problem(422, "This Idempotency-Key was already used for another body.", type=IDEMPOTENCY_REUSED)


def write(table: StoredGame, what: str, body: object, play) -> Response:
    """The steps of every write to a game's log, once ``table_access`` opened
    the game for the table's token: its version (If-Match), the
    Idempotency-Key, then ``play(version, key)``; answered with the news it
    logged (scoring/news.py)."""
    version = composed_on(what)
    key = idempotency(body)
    try:
        written: Written = play(version, key)
    except Moved as moved:
        raise stale(moved.current) from None
    except KeyReused:
        raise key_reused() from None
    headers = {"ETag": etag(written.version)} | ({"Idempotent-Replayed": "true"} if written.repeated else {})
    return Response(written.json, written.status, headers, mimetype="application/json")


# -- routes -------------------------------------------------------------------


@blp.route("", methods=["POST"])
@blp.doc(parameters=[CREATION_IDEMPOTENCY_KEY])
@blp.arguments(RecordSchema())
@blp.response(201, CreatedSchema)
@blp.alt_response(422, schema=ProblemSchema, description="The record is refused", content_type=PROBLEM)
def create_game(record):
    """Create a game from a record; its turns are replayed and checked.

    A repeat with the same Idempotency-Key and body answers the same game.
    """
    try:
        created = tables().create(record, idempotency(record, creation=True))
    except KeyReused:
        raise key_reused() from None
    answer = {"id": created.id, "token": created.token, "spectator_token": created.spectator_token,
              "version": created.version, "scoresheet": created.scoresheet}
    headers = {"ETag": etag(created.version), "Location": f"{request.path}/{created.id}",
               "Cache-Control": "no-store"}  # it holds the table's secret
    if created.repeated:
        headers["Idempotent-Replayed"] = "true"
    return answer, 201, headers


@blp.route("/<game_id>", methods=["GET"])
@blp.doc(security=SECURITY)
@table_access()
@blp.response(200, GameSchema)
def get_game(table: StoredGame):
    """The game: record, the table as it stands, version (the ETag), open decision, history."""
    return not_modified(table) or (tables().game(table), 200, {"ETag": etag(table.version)})


def played_time(value: str) -> None:
    """A ``played_at`` the log can keep (scoring/history.py reads it)."""
    try:
        history.played_time(value)
    except ValueError:
        raise ValidationError(history.PLAYED_INVALID) from None


class TurnQuerySchema(Schema):
    # A parameter, not a field of the body: the body stays a turn as the record holds it.
    played_at = fields.String(validate=played_time, metadata={
        "format": "date-time", "example": "2026-12-07T20:15:00Z",
        "description": "when the table played the turn (ISO 8601 with its UTC offset), for a turn sent "
                       "after it was played (a phone's offline queue): the log keeps that time, no earlier than "
                       "the entry before it and no later than the turn's arrival; default: its arrival"})


@blp.route("/<game_id>/turns", methods=["POST"])
# The doc's parameters replace those blp.arguments would list: the query's are named here too.
@blp.doc(security=SECURITY, parameters=[IF_MATCH, IDEMPOTENCY_KEY, {"in": "query", "schema": TurnQuerySchema}],
         requestBody={"required": True, "content": {"application/json": {"schema": TurnSchema}}})
@table_access(write=True)
@blp.arguments(TurnQuerySchema(), location="query", as_kwargs=True)
@blp.response(201, TurnAnswerSchema)
@blp.alt_response(412, schema=ProblemSchema, description="Stale version: the body holds the current state",
                  content_type=PROBLEM)
@blp.alt_response(422, schema=ProblemSchema, description="The turn is refused, or played_at is no time; "
                  "nothing is stored", content_type=PROBLEM)
@blp.alt_response(428, schema=ProblemSchema, description="No If-Match, an empty one, or *", content_type=PROBLEM)
def post_turn(table: StoredGame, played_at: str | None = None):
    """Log one whole turn on the version the client saw; the answer is the turn's news, as its event.

    ``?played_at=`` says when the table played it (CONTRACT §8)."""
    turn = json_body()
    return write(table, "turn", turn, lambda version, key: tables().play(table, turn, version, key, played_at))


class CheckQuerySchema(Schema):
    at = fields.Integer(validate=validate.Range(min=0), metadata={
        "description": "check against the game as it stood before turn `at` (0-based): the replay of its "
                       "first `at` turns, as a correction replacing that turn needs; default: as it stands"})
    building = fields.Boolean(load_default=False, metadata={
        "description": "the turn's last action is still being built part by part (where the open decision "
                       "is too large to list, `listed` false): the answer is that of the turn before it, and "
                       "its decision's `next` lists the actions one step further, and the action itself once "
                       "it is a legal answer (none where no legal answer begins so)"})


@blp.route("/<game_id>/check", methods=["POST"])
@blp.doc(security=SECURITY,
         requestBody={"required": True, "content": {"application/json": {"schema": TurnSchema}}})
@table_access(write=True)  # the spectator token opens GET routes only (CONTRACT §8)
@blp.arguments(CheckQuerySchema(), location="query", as_kwargs=True)
@blp.response(200, CheckSchema)
def check_turn(table: StoredGame, at: int | None = None, building: bool = False):
    """Check a possibly unfinished turn without logging it: legal so far,
    complete, the violation, and the open decision with its legal choices.
    ``?at=k`` checks it as a replacement of turn k; ``?building=true`` takes
    its last action as one still being built (the decision's ``next``)."""
    # scoring.answers answers the phone's check the same way.
    problem = answers.at_out_of_range(table.game.turns_played, at) if at is not None else None
    if problem is not None:
        raise Problem.of(problem)
    return tables().check(table, json_body(), request_lang(), at, building)  # a body that is no turn at all: Refused, 422


@blp.route("/<game_id>/scoresheet", methods=["GET"])
@blp.doc(security=SECURITY, responses={"200": {
    "description": "the score sheet: JSON, or CSV or PDF with ?format=", "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/Scoresheet"}},
        "text/csv": {"schema": {"type": "string"}},
        "application/pdf": {"schema": {"type": "string", "format": "binary"}}}}})
@table_access()
@blp.arguments(ScoresheetQuerySchema(), location="query", as_kwargs=True)
@blp.response(200, ScoresheetSchema, description="JSON, or text/csv, or application/pdf with ?format=")
def get_scoresheet(table: StoredGame, format: str, lang: str | None = None):
    """The score sheet as JSON, CSV or PDF.

    JSON and CSV are the version's (304 for the version a client holds);
    the PDF gains the lead's chart when the summary job has run, so it is
    sent whole. CSV and PDF are in the language of ``?lang=``, else of
    ``Accept-Language``."""
    sheet = table.game.scoresheet()
    name = f"brehon-{table.record['game']}-{table.id}"
    language = lang or request_lang()
    if format == "pdf":
        pdf = _pdf(table, sheet, language)
        return Response(pdf, mimetype="application/pdf",
                        headers={"Content-Disposition": f'attachment; filename="{name}.pdf"'})
    headers = {"ETag": etag(table.version)}
    if format == "csv":
        # The ETag stays the version (CONTRACT §8); the words vary with the
        # language, so caches keep a copy per language, the 304 included.
        headers |= {"Content-Language": language, "Vary": "Accept-Language"}
    unchanged = not_modified(table)
    if unchanged:
        unchanged.headers.update(headers)
        return unchanged
    if format == "json":
        return sheet, 200, headers
    return Response(scoresheet_csv(tables().record(table), sheet, language), mimetype="text/csv",
                    headers={**headers, "Content-Disposition": f'attachment; filename="{name}.csv"'})


def _pdf(table: StoredGame, sheet: dict, language: str) -> bytes:
    """The PDF in ``language``: with the lead's chart once the summary job
    has run for this version (the job keeps the English one ready)."""
    # Imported here: fpdf with fontTools and Pillow is some 19 MB, which an
    # idle server need not hold (bench/bench_memory.py); a worker loads it
    # with its first PDF.
    from exports.scoresheet import scoresheet_pdf, summary_pdf

    if language == "en":
        cached = tables().summary_pdf(table)
        if cached:
            return cached
    summary = tables().summary(table)
    if summary is not None:
        return summary_pdf(tables().record(table), summary, language)
    return scoresheet_pdf(tables().record(table), sheet, lang=language)


@blp.route("/<game_id>/next", methods=["POST"])
@blp.doc(security=SECURITY)
@table_access(write=True)  # the table starts a round; a spectator follows it
@blp.response(201, NextRoundSchema, description="The next round, started now")
@blp.alt_response(200, schema=NextRoundSchema, description="The next round, started before (by this phone or "
                  "another): the same round again")
@blp.alt_response(409, schema=ProblemSchema, description="The game is not played in rounds, or this round is not "
                  "over", content_type=PROBLEM)
def next_round(table: StoredGame):
    """Start the next round of a match, once this round is over.

    For a game whose package declares ``setup.carry``: a new game with the
    same players, each one's total carried in (``setup.carry``), opened by
    this game's tokens, each in its role. This game's ``next`` names it
    from then on, and its listeners hear the event ``next``. Asked again, by
    any phone at the table, it answers the same round."""
    try:
        next_id, made = tables().next_round(table)
    except NoNextRound as refused:
        raise Problem.of(refused.problem) from None
    return {"id": next_id}, 201 if made else 200, {"Location": f"{blp.url_prefix}/{next_id}"}


@blp.route("/<game_id>/record", methods=["GET"])
@blp.doc(security=SECURITY)
@table_access()
@blp.response(200, RecordSchema)
def get_record(table: StoredGame):
    """The game record with the turns as they stand; POST /api/v1/games takes it again."""
    return not_modified(table) or (tables().record(table), 200, {"ETag": etag(table.version)})
