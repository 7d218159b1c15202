"""marshmallow schemas of the API's bodies and answers.

Request schemas check the envelope only (a tally names its game and lists
its players; a correction undoes or replaces, and its turn is a player and
a list of action objects) and document it for OpenAPI; the game's own
checks are the engine's (``record.invalid`` with a JSON pointer, in the
order the rules files fix). When the envelope of a record or a tally fails,
``engine_refusal`` asks the engine for its violation of the same body, so
the API words every fault as the command line does. A game record and a
turn sent to ``/turns`` or ``/check`` are documented here but checked by
the engine alone, because the contract fixes the order in which their
faults are reported. Answer schemas document the shapes of CONTRACT.md;
nested game data passes through as it is.
"""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, RAISE, Schema, fields, validate

import scoring
from scoring import Refused, Violation
from scoring.messages import LANGUAGES


def _any(description: str, **kwargs) -> fields.Raw:
    return fields.Raw(allow_none=True, metadata={"description": description}, **kwargs)


# -- requests ----------------------------------------------------------------

#: The games the engine knows: the one list of them the documents name.
GAMES = sorted(scoring.RULESETS)
#: The longest board name (Celtica's rules allow 80, so every game does).
BOARD_NAME = 80



class RecordSchema(Schema):
    """A game record (CONTRACT.md §2). Checked by the engine."""

    class Meta:
        unknown = INCLUDE

    format = _any('"brehon/1"', required=True)
    game = _any(" | ".join(scoring.RULESETS), required=True)
    options = _any("house-rule switches; missing keys take their defaults")
    players = _any("2..max players {id, name} in seating order; a name is kept trimmed and in NFC, 1-40 "
                   "characters, no control, bidi or zero-width characters, no two alike ignoring case",
                   required=True)
    board = _any('board profile, {"id": <stored board id>}, or null')
    setup = _any("what the table laid out before the first turn")
    turns = _any("the turns played so far", required=True)

    def engine_refusal(self, body: Any) -> Violation | None:
        """The engine's violation for a body that is no record at all."""
        return _refusal(lambda: scoring.Game.replay(body))


class TurnSchema(Schema):
    """One player's whole turn (or, for the check route, its beginning)."""

    class Meta:
        unknown = RAISE

    player = fields.String(required=True, metadata={"description": "the player's id"})
    actions = fields.List(fields.Dict(), required=True, metadata={"description": "the actions in order"})


class TallySchema(Schema):
    """Final positions and counts of every player (CONTRACT.md §7)."""

    class Meta:
        unknown = RAISE

    game = fields.String(required=True, metadata={"enum": list(GAMES)})
    options = fields.Dict(allow_none=True)
    board = _any("the board profile (Keltis: Das Orakel), else null")
    players = fields.List(fields.Dict(), required=True, metadata={"description": "per game, CONTRACT.md §7"})

    def engine_refusal(self, body: Any) -> Violation | None:
        """The engine's violation for this tally."""
        return _refusal(lambda: scoring.tally(body))


def _refusal(attempt) -> Violation | None:
    try:
        attempt()
    except Refused as refused:
        return refused.violation
    return None


class BoardBodySchema(Schema):
    """A board profile to store, and the game it belongs to. Documented as
    tightly as the server takes it: any game the engine knows, and any
    profile but null (its shape is the rules' to judge: 200 with
    ``valid: false`` from the check, 422 from the store)."""

    class Meta:
        unknown = RAISE

    game = fields.String(required=True, metadata={"enum": list(GAMES)})
    board = fields.Raw(required=True, metadata={
        "description": "the profile, as the game's rules file fixes it",
        "type": ["object", "array", "string", "number", "boolean"],
        "properties": {"name": {"maxLength": BOARD_NAME}}})


class BoardQuerySchema(Schema):
    game = fields.String(metadata={"description": "only the profiles of this game"})


class ScoresheetQuerySchema(Schema):
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv", "pdf"]))
    lang = fields.String(validate=validate.OneOf(LANGUAGES), metadata={
        "description": "the language of the CSV and the PDF (en, de, es); without it, Accept-Language's"})


# -- answers -----------------------------------------------------------------


class ScoresheetSchema(Schema):
    """The score sheet (CONTRACT.md §6)."""

    game = fields.String()
    status = fields.String(metadata={"description": "in_progress | finished"})
    end_reason = fields.String(allow_none=True)
    players = fields.List(fields.Dict(), metadata={"description": "id, total, rank, breakdown"})
    winners = fields.List(fields.String())
    warnings = fields.List(fields.Dict(), metadata={
        "description": "Keltis: Das Orakel only, when its board profile raises any: code, message, details"})


class ViolationSchema(Schema):
    rule = fields.String()
    turn = fields.Integer(allow_none=True)
    action = fields.Integer(allow_none=True)
    message = fields.String()
    details = fields.Dict()


class ProblemSchema(Schema):
    """RFC 9457 problem details, with the violations when a rule refused.
    Extension members (RFC 9457 §3.2) come with some problems, as below."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    violations = fields.List(fields.Nested(ViolationSchema), metadata={"description": "422 refused by the rules"})
    version = fields.Integer(metadata={"description": "412 and 409: the game's current version"})
    state = fields.Dict(metadata={"description": "412: the table as it stands"})
    decision = fields.Dict(metadata={"description": "412: the decision that opens the next turn"})
    scoresheet = fields.Nested(ScoresheetSchema, metadata={"description": "412: the score sheet as it stands"})
    pointer = fields.String(metadata={"description": "422 invalid-text, invalid-number and board-name: the field at fault"})
    header = fields.String(metadata={"description": "431: the header field over the limit"})


class CreatedSchema(Schema):
    id = fields.String()
    token = fields.String(metadata={"description": "the table's secret: every route of the game"})
    spectator_token = fields.String(metadata={"description": "read-only: the GET routes of the game"})
    version = fields.Integer()
    scoresheet = fields.Nested(ScoresheetSchema)


class NextRoundSchema(Schema):
    id = fields.String(metadata={"description": "the next round's game; the tokens of the round before open it "
                                                "(each in its role)"})


class GameSchema(Schema):
    id = fields.String()
    record = fields.Dict(metadata={"description": "the record with the turns as they stand"})
    state = fields.Dict(metadata={"description": "the table as it stands (the engine's view)"})
    version = fields.Integer(metadata={"description": "also the ETag"})
    decision = fields.Dict(metadata={"description": "the decision that opens the next turn"})
    scoresheet = fields.Nested(ScoresheetSchema)
    history = fields.Nested("HistorySchema")
    round = fields.Integer(metadata={"description": "which round of a match this game is, from 1 (a game that "
                                                    "follows no round: 1)"})
    follows = fields.String(allow_none=True, metadata={
        "description": "the id of the round this one follows in a match (it started it: POST /games/{id}/next), "
                       "else null; this game's tokens open it. A phone lists the rounds by following it back"})
    next = fields.String(allow_none=True, metadata={
        "description": "the id of the next round of a match, once a phone started it (POST "
                       "/games/{id}/next), else null; this game's tokens open it. Setting it changes no version "
                       "(nor the ETag): the event `next` tells it"})


class HistorySchema(Schema):
    """The log, each fact once (the record holds the turns that stand)."""

    start = fields.String(allow_none=True, metadata={"description": "when the first entry was logged (UTC, "
                                                                    "to the second); null before any"})
    seconds = fields.List(fields.Integer(), metadata={
        "description": "one per log entry, oldest first: the whole seconds since the entry before it (the "
                       "first: 0); the log has as many entries as this list"})
    holds = fields.List(fields.Integer(allow_none=True), metadata={
        "description": "one per log entry, oldest first: the index in `record.turns` of the turn it holds (a "
                       "turn, or the correction that replaced one), or null when it holds none (an undo, or a "
                       "turn a later correction undid or replaced)"})
    entries = fields.List(fields.Dict(), metadata={
        "description": "every log entry that is not a turn that still stands: the corrections, and the turns "
                       "a later correction undid or replaced. Each as logged (kind, turn, undo or replace, "
                       "by), with `version`, the version it made (its place in the log, from 1). One that "
                       "holds a turn has no `turn`: it is `record.turns[holds]`. An entry not listed is a "
                       "turn that stands"})


class TurnAnswerSchema(Schema):
    """The news of the entry a write logged, the same as its event (scoring/news.py):
    enough for a phone to show the game without fetching it."""

    class Meta:
        unknown = INCLUDE

    kind = fields.String(metadata={"description": "turn | correction"})
    version = fields.Integer(metadata={"description": "the new version (also the ETag)"})
    at = fields.String(metadata={"description": "when it was logged (UTC, to the second)"})
    turn = fields.Dict(metadata={"description": "the turn logged, or the one a replacement put in"})
    undo = fields.Boolean(metadata={"description": "a correction that undid the last turn"})
    replace = fields.Integer(metadata={"description": "a correction: the index of the turn it replaced"})
    by = fields.String(metadata={"description": "a correction: who corrected"})
    replaced = fields.Dict(metadata={"description": "a correction: the turn it undid or replaced, and its index"})
    state = fields.Dict(metadata={"description": "the table as it now stands (the engine's view)"})
    decision = fields.Dict(metadata={"description": "the decision that opens the next turn"})
    scoresheet = fields.Nested(ScoresheetSchema)
    turns = fields.List(fields.Dict(), metadata={"description": "a correction: the record's turns as they now stand"})
    history = fields.Nested("HistorySchema", metadata={"description": "a correction: the game's history as it now "
                                                                      "stands"})
    in_history = fields.Dict(metadata={"description": "a turn: what it adds to the game's history, one value each "
                                                      "(`seconds` since the entry before, `holds`, its index in "
                                                      "`record.turns`, and for the first entry `start`)"})


class CheckSchema(Schema):
    legal = fields.Boolean(metadata={"description": "every action sent so far is allowed"})
    complete = fields.Boolean(metadata={"description": "the turn could be logged as it stands"})
    violations = fields.List(fields.Nested(ViolationSchema))
    decision = fields.Dict(allow_none=True, metadata={
        "description": "the open decision: name, player, choices, actions (every legal answer when listed is "
                       "true; otherwise choices describe them), optional, can_end, listed; and next where an "
                       "action too many to list is built step by step (a Celtica take, give or refill reveal): "
                       "its first steps, or with ?building=true what the turn's last action may grow into"})
    table = fields.Dict(metadata={
        "description": "the table as it would stand after the turn's legal actions so far, in the shape of the "
                       "game's `state` (GET /games/{id}): where a move ends that no decision names"})


class BoardSchema(Schema):
    id = fields.String()
    game = fields.String()
    board = fields.Raw()
    warnings = fields.List(fields.Raw())
    token = fields.String(metadata={"description": "only in the answer that first stored the profile: the board "
                                                   "token, which deletes it (DELETE with Authorization: Bearer)"})


class ServerSchema(Schema):
    addresses = fields.List(fields.String(), metadata={"description": "URLs the phones at the table can open"})
    loopback_only = fields.Boolean(metadata={"description": "true: no other machine can reach this server"})
    version = fields.String(metadata={"description": "Brehon's version, as `brehon --version` says it"})


class RulesetSchema(Schema):
    game = fields.String()
    title = fields.String()
    players = fields.Dict(metadata={"description": "min and max"})
    options = fields.List(fields.Dict(), metadata={
        "description": "name, type, default, choices; label, doc and choice_labels in the request's language"})
    rules = fields.List(fields.String(), metadata={"description": "the game's rule ids"})
    needs_board = fields.Boolean()
    pieces = fields.Dict(metadata={"description": "what the game is made of: colors, paths, tiles and how many of each the box holds (stock), parts, board kinds"})
    names = fields.Dict(metadata={"description": "the pieces' names in the request's language, by kind "
                                                 "(colors and druids with their symbol, tiles, parts...): id -> name"})
    order = fields.Integer(metadata={"description": "the game's place where the app offers the games (0: the one a "
                                                    "form opens on): the order the engine registers them in"})
    drawer = fields.String(metadata={"description": "the app's module that draws the game: frontend/js/draw/<drawer>.js"})
    bgg = fields.Integer(allow_none=True, metadata={"description": "BoardGameGeek's id of the game, null where unknown"})
    sheet = fields.Dict(metadata={"description": "the score sheet: columns (key, title, form: number | count | "
                                                 "sizes, with their words) and tie_break (what ranks where totals tie)"})
    tally = fields.Dict(metadata={"description": "the quick tally's form: hint, the fields asked of each player "
                                                 "(key, form: number | numbers | figures | counts | rows, labels; a "
                                                 "row's with_option: item -> the option it needs), and the options "
                                                 "it asks (boolean options of the game)"})
    setup = fields.Dict(metadata={"description": "what the new-game screen asks of the setup: tiles (on stones or "
                                                 "fields) or parts (each player's starting parts, the display), hint"})
    board_editor = fields.Dict(allow_none=True, metadata={
        "description": "the board editor: walk (the profile's list of places), blank (a profile to fill in), hint; "
                       "null for a fixed board"})
    texts = fields.Dict(metadata={"description": "the app's words that are the game's, in the request's language: "
                                                 "the composer's questions (by action.key or key), an absent answer's "
                                                 "words (by key), and the drawer's own (a legend, a count...)"})
    actions = fields.Dict(metadata={"description": "action type -> JSON Schema of that action: what a client may "
                                                   "compose offline; the engine still checks the turn"})
