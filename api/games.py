"""The routes of one game: create, read, play a turn, check a turn, score sheet, record.

Every route under ``/api/v1/games/<id>`` needs ``Authorization: Bearer
<token>``; a wrong or missing token is the same 404 as an unknown game.
The spectator token opens the GET routes only (403 on a write).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import re
from typing import Any

from flask import Response, current_app, g, request
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from exports import scoresheet_csv, scoresheet_pdf
from scoring import Game, unknown_board
from store import (TURN, Idempotency, KeyReused, Missing, OverLimit, Repeat, Stale, Store, StoredGame, dumps,
                   history_of, turns_of)

from .problems import IDEMPOTENCY_REUSED, READ_ONLY, STALE, VERSION_REQUIRED, Problem, violations_json
from .limits import (count_failed_authentication, counted_for_game, note_write, refuse_long_game,
                     write_limit, write_over_limit)
from .problems import MEDIA_TYPE as PROBLEM
from .schemas import (
    CheckSchema,
    CreatedSchema,
    GameSchema,
    ProblemSchema,
    RecordSchema,
    ScoresheetQuerySchema,
    ScoresheetSchema,
    TurnAnswerSchema,
    TurnSchema,
)

blp = Blueprint("games", __name__, url_prefix="/api/v1/games", description="Games at a table")

SECURITY: list[dict[str, list[str]]] = [{"table": []}]

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

#: The Idempotency-Key header of POST /games.
CREATION_IDEMPOTENCY_KEY = {
    "in": "header", "name": "Idempotency-Key", "required": False,
    "schema": {"type": "string", "pattern": f"^{CREATION_KEY.pattern}$", "minLength": 22, "maxLength": MAX_KEY},
    "description": "a repeat with the same key and body, from any client, gets the first game again: "
                   "the key must be unguessable, at least 22 characters of A-Z a-z 0-9 _ - (128 random bits "
                   "in base64url, or a UUID); 400 otherwise"}


def store() -> Store:
    """The application's store."""
    return current_app.extensions["brehon.store"]


# -- edges: tokens, versions, keys --------------------------------------------


def bearer() -> str | None:
    """The token of the request's ``Authorization: Bearer`` header, if any."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def _no_game() -> Problem:
    return Problem(404, "There is no game with this id for this token.")


def table_access(write: bool):
    """Check the bearer token and load the game; the view gets ``table``.
    ``write`` routes need the table token; the others take the spectator's too.

    Runs before the body is parsed, so a stranger learns nothing from a
    body error, and a malformed turn is refused at the index it would have.
    """

    def decorate(view):
        @functools.wraps(view)
        def wrapper(*args, game_id: str, **kwargs):
            token = bearer()
            try:
                table = store().load(game_id, token, needs_token=True, version=composed_on() if write else None)
            except Missing:
                count_failed_authentication()
                raise _no_game() from None
            if write and table.role(token) != "table":
                raise Problem(403, "The spectator token can only read this game.", type=READ_ONLY)
            g.table = table
            g.turn_index = table.game.turns_played
            g.game_name = table.record["game"]
            with counted_for_game(store(), game_id):
                return view(*args, table=table, **kwargs)

        return wrapper

    return decorate


def _etag(version: int) -> str:
    return f'"{version}"'


def composed_on() -> int | None:
    """The version a write's If-Match names, when it names one, else None."""
    tags = request.if_match.as_set(include_weak=True)
    tag = next(iter(tags)) if len(tags) == 1 else None
    return int(tag) if isinstance(tag, str) and tag.isascii() and tag.isdigit() else None


def matches_version(version: int) -> bool:
    """Whether the request's If-Match names ``version``, weak or strong (a
    write refuses ``*`` first: see :func:`open_write`)."""
    return request.if_match.contains_weak(str(version))


def turn_as_sent(view):
    """Hand the view the turn as ``TurnSchema`` loads it. A plain turn (an
    object of a player's id and a list of action objects, which the schema
    takes as it is) is passed on as parsed; anything else goes through
    webargs and the schema as ever, and is answered as they answer it.
    Their parse cost a turn about 25 us (bench/bench_turn_cpu.py), for a
    shape that the engine checks again in every action."""
    schema = TurnSchema()

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        try:
            # As webargs reads a body: UTF-8 only (json.loads of bytes would take UTF-16 too).
            body = json.loads(request.get_data(cache=True).decode("utf-8"))
        except ValueError:
            body = None  # webargs answers it
        if not _plain_turn(body):
            body = Blueprint.ARGUMENTS_PARSER.parse(schema, location="json")
        return view(body, *args, **kwargs)

    return wrapper


def _plain_turn(body: Any) -> bool:
    """Whether ``TurnSchema`` would take ``body`` as it is (never yes where it says no)."""
    return (type(body) is dict and body.keys() == {"player", "actions"} and type(body["player"]) is str
            and type(body["actions"]) is list and all(type(action) is dict for action in body["actions"]))


def _idempotency(turn: dict, creation: bool = False) -> Idempotency | None:
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if creation and not CREATION_KEY.fullmatch(key):
        raise Problem(400, f"The Idempotency-Key of a new game has 22 to {MAX_KEY} characters of A-Z, a-z, 0-9, "
                           "_ and - (128 random bits in base64url, or a UUID): anyone who guesses it gets the game.",
                      title="Idempotency-Key too weak")
    if not key or len(key) > MAX_KEY:
        raise Problem(400, f"An Idempotency-Key has 1 to {MAX_KEY} characters.")
    body = json.dumps(turn, sort_keys=True, separators=(",", ":"))
    return Idempotency(key, hashlib.sha256(body.encode()).hexdigest())


def _stale(table: StoredGame) -> Problem:
    game = table.game
    return Problem(
        412, f"The game is at version {table.version}; compose the turn again on it.", type=STALE,
        headers={"ETag": _etag(table.version)},
        version=table.version, state=game.view(), decision=game.decision().to_json(),
        scoresheet=game.scoresheet(),
    )


def _record(table: StoredGame) -> dict:
    """The record with its turns as they stood at the table's version."""
    return {**table.record, "turns": turns_of(store().entries(table.id)[: table.version])}


def _summarise_if_over(over: bool, game_id: str, version: int) -> None:
    """Start the summary of a game that just ended (``over``). The turn is
    stored already, so a failure here is logged, not answered: asking for
    the summary enqueues it again."""
    if not over:
        return
    try:
        store().summaries.enqueue(game_id, version)
    except Exception:
        current_app.logger.exception("could not enqueue the summary of %s at version %s", game_id, version)


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
    key = _idempotency(record, creation=True)
    try:
        first = store().created(key) if key else None
    except KeyReused:
        raise _key_reused() from None
    if isinstance(record.get("board"), dict) and set(record["board"]) == {"id"}:
        record = {**record, "board": _stored_board(record)}
    game = Game.replay(record)
    refuse_long_game(record["game"], game.turns_played, None)
    replayed = {"Idempotent-Replayed": "true"} if first else {}
    game_id, token, spectator, version = first or store().create(record, game, key)
    if not first:
        _summarise_if_over(game.is_over, game_id, version)
    answer = {"id": game_id, "token": token, "spectator_token": spectator, "version": version,
              "scoresheet": game.scoresheet()}
    return answer, 201, {"ETag": _etag(version), "Location": f"{request.path}/{game_id}", **replayed}


def _stored_board(record: dict) -> dict:
    """The profile a record names by id, copied so the game stays self-contained."""
    try:
        stored = store().board(record["board"]["id"])
    except Missing:
        stored = {"game": None}
    if stored["game"] != record.get("game"):
        raise unknown_board(record)
    return stored["board"]


@blp.route("/<game_id>", methods=["GET"])
@blp.doc(security=SECURITY)
@table_access(write=False)
@blp.response(200, GameSchema)
def get_game(table: StoredGame):
    """The game: record, the table as it stands, version (the ETag), open decision, history."""
    if request.if_none_match.contains_weak(str(table.version)):
        return Response(status=304, headers={"ETag": _etag(table.version)})
    entries = store().entries(table.id)[: table.version]  # a turn may land meanwhile
    game = table.game
    answer = {
        "id": table.id,
        "record": {**table.record, "turns": turns_of(entries)},
        "state": game.view(),
        "version": table.version,
        "decision": game.decision().to_json(),
        "scoresheet": game.scoresheet(),
        "history": history_of(entries),
    }
    return answer, 200, {"ETag": _etag(table.version)}


@blp.route("/<game_id>/turns", methods=["POST"])
@blp.doc(security=SECURITY, parameters=[
    {"in": "header", "name": "If-Match", "required": True, "schema": {"type": "string"},
     "description": "the version the turn was composed on, as an ETag (`*` is refused: 428)"},
    IDEMPOTENCY_KEY,
], requestBody={"required": True, "content": {"application/json": {"schema": TurnSchema}}})  # read by turn_as_sent
@table_access(write=True)
@turn_as_sent
@blp.response(201, TurnAnswerSchema)
@blp.alt_response(412, schema=ProblemSchema, description="Stale version: the body holds the current state",
                  content_type=PROBLEM)
@blp.alt_response(422, schema=ProblemSchema, description="The turn is refused; nothing is stored",
                  content_type=PROBLEM)
@blp.alt_response(428, schema=ProblemSchema, description="No If-Match", content_type=PROBLEM)
def post_turn(turn: dict, table: StoredGame):
    """Log one whole turn on the version the client saw."""
    key = open_write(turn, "turn")
    if not matches_version(table.version):
        return repeat_or_stale(table, key)
    after = table.game  # loaded for this request alone: play on it directly
    refuse_long_game(table.record["game"], after.turns_played + 1, after.turns_played)
    after.play(turn)
    return log_entry(table, {"kind": TURN, "turn": turn}, after, key)


def open_write(body: dict, what: str) -> Idempotency | None:
    """The first step of every write to a game's log: If-Match is required
    (428). Returns the write's Idempotency-Key, if it has one."""
    if "If-Match" not in request.headers:
        raise Problem(428, f"Send If-Match with the version the {what} was composed on.", type=VERSION_REQUIRED)
    if request.if_match.star_tag:  # "*" would skip the version check
        raise Problem(428, f"If-Match: * names no version: send the version the {what} was composed on.",
                      type=VERSION_REQUIRED)
    return _idempotency(body)


def repeat_or_stale(table: StoredGame, key: Idempotency | None) -> tuple[dict, int, dict]:
    """A write composed on an older version: the first answer again when
    its Idempotency-Key was used before (the write landed, and the game
    moved on with it), else 412. A repeat on the current version needs no
    look here: the write's own script finds its key."""
    try:
        repeat = store().repeated(table.id, key) if key else None
    except KeyReused:
        raise _key_reused() from None
    if repeat is None:
        raise _stale(table)
    return _repeat(repeat)


def log_entry(table: StoredGame, entry: dict, after: Game,
              key: Idempotency | None) -> tuple[dict | Response, int, dict]:
    """Append a log entry that folded the game at ``table.version`` into
    ``after``, and answer 201 with the new version and score sheet (or the
    first answer of a repeated key; 412 when another write came first)."""

    sheet = after.scoresheet()  # once appended, ``after`` is the store's
    over = sheet["status"] == "finished"
    sheet_json = dumps(sheet)  # once, for the event and the answer
    try:
        outcome, count = store().append(table, entry, after, sheet_json, key, status=201, limit=write_limit())
    except OverLimit as limited:
        raise write_over_limit(limited.count) from None
    except Stale as stale:  # the script looked for the key's first answer before the version
        note_write(stale.count)
        raise _stale(store().load(table.id)) from None
    except KeyReused:
        raise _key_reused() from None
    note_write(count)
    if isinstance(outcome, Repeat):
        return _repeat(outcome)
    _summarise_if_over(over, table.id, outcome)
    # The schema's shape, as jsonify would write it, from the sheet's JSON made above.
    answer = Response(f'{{"version":{outcome},"scoresheet":{sheet_json}}}\n', mimetype="application/json")
    return answer, 201, {"ETag": _etag(outcome)}


def _repeat(repeat: Repeat) -> tuple[dict, int, dict]:
    """The first answer to a repeated key again: the store keeps only its
    status and version, and the log gives the score sheet at that version."""
    game = Game.replay(store().record_at(g.table.id, repeat.version))
    body = {"version": repeat.version, "scoresheet": game.scoresheet()}
    return body, repeat.status, {"ETag": _etag(repeat.version), "Idempotent-Replayed": "true"}


def _key_reused() -> Problem:
    return Problem(422, "This Idempotency-Key was already used for another body.", type=IDEMPOTENCY_REUSED)


class CheckQuerySchema(Schema):
    at = fields.Integer(validate=validate.Range(min=0), metadata={
        "description": "check against the game as it stood before turn `at` (0-based): the replay of its "
                       "first `at` turns, as a correction replacing that turn needs; default: as it stands"})


def _before_turn(view):
    """With ``?at=k`` the view gets the table as it stood before turn k (the
    replay of its first k turns), so the check, and a fault in the body, is
    about that moment: the turn it composes would be turn k."""

    @functools.wraps(view)
    def wrapper(*args, table: StoredGame, at: int | None = None, **kwargs):
        if at is not None:
            turns = _record(table)["turns"]
            if at > len(turns):
                raise Problem(422, f"at: the game has {len(turns)} turns; at names 0 to {len(turns)}.",
                              title="Invalid query parameter")
            table = dataclasses.replace(table, game=Game.replay({**table.record, "turns": turns[:at]}))
            g.table, g.turn_index = table, at
        return view(*args, table=table, **kwargs)

    return wrapper


@blp.route("/<game_id>/check", methods=["POST"])
@blp.doc(security=SECURITY)
@table_access(write=True)  # the spectator token opens GET routes only (CONTRACT §8)
@blp.arguments(CheckQuerySchema(), location="query", as_kwargs=True)
@_before_turn
@blp.arguments(TurnSchema())
@blp.response(200, CheckSchema)
def check_turn(turn: dict, table: StoredGame):
    """Check a possibly unfinished turn without logging it: legal so far,
    complete, the violation, and the open decision with its legal choices.
    ``?at=k`` checks it as a replacement of turn k."""
    answer = table.game.check(turn)
    decision = answer["decision"]
    return {
        "legal": answer["legal"],
        "complete": answer["complete"],
        "violations": violations_json(answer["violations"]),
        "decision": decision.to_json() if decision is not None else None,
    }


@blp.route("/<game_id>/scoresheet", methods=["GET"])
@blp.doc(security=SECURITY, responses={"200": {
    "description": "the score sheet: JSON, or CSV or PDF with ?format=", "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/Scoresheet"}},
        "text/csv": {"schema": {"type": "string"}},
        "application/pdf": {"schema": {"type": "string", "format": "binary"}}}}})
@table_access(write=False)
@blp.arguments(ScoresheetQuerySchema(), location="query", as_kwargs=True)
@blp.response(200, ScoresheetSchema, description="JSON, or text/csv, or application/pdf with ?format=")
def get_scoresheet(table: StoredGame, format: str):
    """The score sheet as JSON, CSV or PDF."""
    sheet = table.game.scoresheet()
    if format == "json":
        return sheet
    record = _record(table)
    name = f"brehon-{table.record['game']}-{table.id}"
    if format == "csv":
        return Response(scoresheet_csv(record, sheet), mimetype="text/csv",
                        headers={"Content-Disposition": f'attachment; filename="{name}.csv"'})
    # The summary job's PDF (with the chart of the lead) when it has run for this version.
    pdf = store().summary_pdf(table.id, table.version) or scoresheet_pdf(record, sheet)
    return Response(pdf, mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{name}.pdf"'})


@blp.route("/<game_id>/record", methods=["GET"])
@blp.doc(security=SECURITY)
@table_access(write=False)
@blp.response(200, RecordSchema)
def get_record(table: StoredGame):
    """The game record with the turns as they stand; POST /api/v1/games takes it again."""
    return _record(table)
