"""The project's answers as data: what ``brehon replay`` and ``brehon tally``
print, what ``POST /api/v1/games/{id}/check`` answers, and the game's view
of ``GET /api/v1/games/{id}``, each from JSON alone.

The command line, the API and the phone's engine (Pyodide in a Web Worker:
frontend/js/referee-worker.js calls these functions by name with JSON
arguments, and :func:`dumps` of the result) use the same functions, so
their answers cannot drift apart. A refusal is an answer here, never an
exception: the rejected score sheet where the command prints one, the
problem body where the API answers ``application/problem+json``.

- :func:`replay` ``(record)`` -> the score sheet, or the rejected sheet
  (English), exactly as ``brehon replay`` prints it (:func:`is_record` tells
  exit 2 from exit 1);
- :func:`check` ``(record, turn, lang, at=None)`` -> the body of ``POST
  /games/{id}/check[?at=k]`` for a game whose record is ``record``: the
  check answer (``legal``, ``complete``, ``violations``, ``decision``,
  ``table``), or the problem body of the route's 422 (it has ``status``);
  :func:`check_game` answers the same for a game already folded;
- :func:`tally` ``(data, lang)`` -> what ``brehon tally`` prints (its violations in ``lang``);
- :func:`check_board` ``(data, lang)`` -> the body of ``POST /boards/check``
  (on the phone, a board walked with no server checks as the server would);
- :func:`game_view` ``(record, lang, entries=None)`` -> ``GET /games/{id}``
  without what only the store has (``id``, and a match's ``round``,
  ``follows`` and ``next``; tokens are never in it);
- :func:`write` ``(record, entries, kind, body, lang, at, played=None)`` ->
  for a game that lives on the phone, what ``POST /games/{id}/turns``
  (``?played_at=played``) or ``.../corrections`` does: the entry it logs, the record it leaves and its
  news (scoring/news.py), or the problem body of its 422; :func:`told`
  ``(record, entries, version)`` -> the news of an entry logged before (the
  answer to a repeated Idempotency-Key);
- :func:`after_turns` ``(history, ats, held, arrival=None)`` -> the history
  after turns that stand (scoring/history.py): with ``arrival``, of turns a
  phone queued, each logged as the server logs a ``played_at`` arriving then;
- :func:`next_round` ``(record, scoresheet)`` -> the record of a match's
  next round (``POST /games/{id}/next``, on the server and the phone), or
  the problem body of the route's 409;
- :func:`dumps` ``(answer)`` -> the one JSON text both sides compare.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from . import corrections
from .declaration import DECLARATIONS
from .engine import FORMAT, JSON, Game, Refused, Violation, record_invalid
from .engine import check_board as judge_board
from .engine import tally as score_tally
from .history import PLAYED_INVALID, TURN, history_of, logged_at, turn_entry, turns_of
from .history import after_turns as after_turns  # answered as it is
from .news import as_it_stands, news, news_since

#: The problem type and title of a refusal by the rules (RFC 9457), as the API answers it.
REFUSED = "/problems/refused"
REFUSED_TITLE = "Refused by the rules"
#: The status of every problem answered here, but a next round's.
UNPROCESSABLE = 422
#: The problem type of a next round that cannot start (409).
NO_NEXT_ROUND = "/problems/no-next-round"


def dumps(answer: Any) -> str:
    """The JSON text of an answer that the server's and the phone's are
    compared in: sorted keys, UTF-8 as it is, no spaces."""
    return json.dumps(answer, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


# -- brehon replay, brehon tally ------------------------------------------------


def is_record(data: Any) -> bool:
    """Whether ``data`` claims to be a record at all (``brehon replay`` exits
    2, not 1, when it does not)."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def replay(record: Any) -> JSON:
    """What ``brehon replay`` prints for the parsed JSON ``record``: its score
    sheet, or the rejected sheet of its first fault (a file that holds no
    record, or wraps one, included)."""
    if not is_record(record):
        return _not_a_record(record).sheet()
    try:
        return Game.replay(record).scoresheet()
    except Refused as refused:
        return refused.sheet()


def _wrapper_key(data: JSON) -> str | None:
    """The key under which ``data`` holds a record, when it wraps one
    (``{"record": ..., "sheet": ...}``, as the test data does)."""
    for key, value in data.items():
        if is_record(value):
            return str(key)
    return None


def _not_a_record(data: Any) -> Refused:
    """The refusal of a value that holds no record at all, saying where the
    record is when it wraps one."""
    if not isinstance(data, dict):
        return record_invalid(None, "", f'must be a JSON object with "format": "{FORMAT}"')
    wrapper = _wrapper_key(data)
    if wrapper is None:
        game = data.get("game")
        return record_invalid(game if isinstance(game, str) else None, "/format", f'must be "{FORMAT}"')
    return record_invalid(data[wrapper].get("game"), "",
                          f"is not a record: this file wraps a record under {json.dumps(wrapper)}: "
                          "replay that object on its own")


def tally(data: Any, lang: str = "en") -> JSON:
    """What ``brehon tally`` prints for the parsed JSON ``data``: the tally's
    score sheet, or the rejected sheet (``status`` ``rejected``: exit 2),
    its violations in ``lang`` (those of ``POST /tally``'s 422 in ``lang``)."""
    try:
        return score_tally(data)
    except Refused as refused:
        return refused.sheet(lang)


# -- the API's answers ------------------------------------------------------------


def check_board(data: Any, lang: str = "en") -> JSON:
    """What ``POST /boards/check`` answers for ``data`` (``game`` and
    ``board``): ``valid``, every problem as ``violations`` and the
    ``warnings``, in ``lang``; the problem body of a game it does not know."""
    try:
        verdict = judge_board(data, lang)
    except Refused as refused:
        return refusal(refused.violation, lang)
    return {"valid": verdict.valid, "violations": [violation.to_json(lang) for violation in verdict.violations],
            "warnings": verdict.warnings}


def refusal(violation: Violation, lang: str) -> JSON:
    """The problem body (422) of a record, turn or tally the rules refuse."""
    return {"type": REFUSED, "title": REFUSED_TITLE, "status": UNPROCESSABLE,
            "detail": violation.message(lang), "violations": [violation.to_json(lang)]}


def at_out_of_range(turns: int, at: int) -> JSON | None:
    """The problem body of ``?at=`` below 0 (the route's query schema words
    it, in marshmallow's words) or past a game of ``turns`` turns, else None."""
    if 0 <= at <= turns:
        return None
    detail = ("at: Must be greater than or equal to 0." if at < 0
              else f"at: the game has {turns} turns; at names 0 to {turns}.")
    return {"type": "about:blank", "title": "Invalid query parameter", "status": UNPROCESSABLE, "detail": detail}


def check_game(game: Game, turn: Any, lang: str, building: bool = False) -> JSON:
    """The check answer of a possibly unfinished ``turn`` on ``game`` (left as
    it was): ``legal``, ``complete``, ``violations`` (at most one, in
    ``lang``), ``decision`` (the open one with its legal choices, or None)
    and ``table`` (the table as the turn's legal actions leave it, as
    ``state`` in ``GET /games/{id}``). Raises :class:`Refused` where the route refuses instead: a body
    that is no turn at all (``record.invalid`` with no decision).

    With ``building``, the turn's last action is still being built part by
    part (where the decision is too large to list): the answer is that of
    the turn before it, and its decision's ``next`` lists what that action
    may become (:attr:`Decision.grow`; none where no legal answer begins so)."""
    actions = turn.get("actions") if building and isinstance(turn, dict) else None
    begun: list[Any] = actions if isinstance(actions, list) else []  # the last action is being built
    answer = game.check({**turn, "actions": begun[:-1]} if begun else turn)
    violations: list[Violation] = answer["violations"]
    if answer["decision"] is None and violations[0].rule == "record.invalid":
        raise Refused(violations[0])
    decision = answer["decision"]
    shown = decision.to_json() if decision is not None else None
    if shown is not None and begun:
        built = begun[-1]
        shown["next"] = decision.grow(built) if decision.grow is not None and built is not None else []
    return {**answer, "decision": shown, "violations": [violation.to_json(lang) for violation in violations]}


def check(record: Any, turn: Any, lang: str = "en", at: int | None = None, building: bool = False) -> JSON:
    """What ``POST /games/{id}/check`` (``?at=at``, ``?building=true``) answers,
    in ``lang``, for a game whose record is ``record``: the check answer
    (:func:`check_game`; with ``building``, of the turn but its last action,
    which is still being built: its decision's ``next`` then lists what that
    action may become),
    or the body of the route's 422 problem (it has ``status``; the check
    answer has none): a turn that is no turn at all, an ``at`` past the
    game's turns, or a record the rules refuse (the server never holds
    one; its 422 is the one ``POST /games`` answers)."""
    turns = record.get("turns") if isinstance(record, dict) else None
    if at is not None and isinstance(turns, list):
        problem = at_out_of_range(len(turns), at)
        if problem is not None:
            return problem
        record = {**record, "turns": turns[:at]}
    try:
        return check_game(Game.replay(record), turn, lang, building)
    except Refused as refused:
        return refusal(refused.violation, lang)


def game_view(record: Any, lang: str = "en", entries: Sequence[JSON] | None = None) -> JSON:
    """``GET /games/{id}`` for a game whose record is ``record``: ``record``,
    ``state`` (the table the app draws), ``decision`` (the one that opens the
    next turn) and ``scoresheet``; with the game's log ``entries`` (kept as
    the server keeps them: scoring/history.py) also ``version`` and
    ``history``, and the record's turns are the log's. Left out: ``id``
    and a match's ``round``, ``follows`` and ``next`` (the store's). A record the rules refuse answers the problem body (422)
    that ``POST /games`` answers for it, in ``lang``."""
    if entries is not None and isinstance(record, dict):
        record = {**record, "turns": turns_of(entries)}
    try:
        game = Game.replay(record)
    except Refused as refused:
        return refusal(refused.violation, lang)
    view = {"record": record, **as_it_stands(game)}
    if entries is not None:
        view |= {"version": len(entries), "history": history_of(entries)}
    return view


# -- the writes of a game that lives on the phone ----------------------------------
# The phone's store (frontend/js/local.js) keeps the record and the log, and
# checks versions and keys; what a write logs, and its news, are decided
# here, as the server's tables/ decides them with the same functions.


def write(record: JSON, entries: list[JSON], kind: str, body: Any, lang: str = "en", at: str = "",
          played: str | None = None) -> JSON:
    """A turn (``kind`` "turn") or a correction (``body`` as ``POST
    .../corrections`` takes it) written, at ``at``, to the game of ``record``
    whose log is ``entries``: ``entry`` (what the log appends), ``record``
    (with the turns as they then stand) and ``news`` (the write's answer,
    as the server's); or the problem body (422) of a turn or a correction
    refused, in ``lang``. A turn played earlier (``played``, the route's
    ``played_at``) is logged when it was played, as the server logs it
    (scoring/history.py's ``logged_at``)."""
    turns = turns_of(entries)
    if kind == TURN:
        try:
            at = logged_at(played, entries[-1]["at"] if entries else None, at)
        except ValueError:
            return {"type": "about:blank", "title": "Invalid query parameter", "status": UNPROCESSABLE,
                    "detail": f"played_at: {PLAYED_INVALID}"}
    try:
        game = Game.replay({**record, "turns": turns})
        if kind == TURN:
            game.validate(body)
            game.play(body)
            logged = turn_entry(body, at)
        else:
            refused = corrections.refusal(body, record.get("game"))
            if refused is not None:
                raise refused
            logged, turns_now = corrections.entry(body, turns, at, record.get("game"))
            game = Game.replay({**record, "turns": turns_now})
    except Refused as refused:
        return refusal(refused.violation, lang)
    log = [*entries, logged]
    return {"entry": logged, "record": {**record, "turns": turns_of(log)}, "news": news(logged, len(log), game, log)}


def told(record: JSON, entries: list[JSON], version: int) -> JSON:
    """The news of the entry that made ``version`` of the game of ``record``
    whose log is ``entries``, as its write answered it."""
    return news_since(record, entries[:version], version - 1)[0]


# -- a match: rounds, each its own record ------------------------------------------


def next_round(record: JSON, scoresheet: JSON) -> JSON:
    """The record of the round after the one of ``record`` (as it stands;
    ``scoresheet`` its score sheet), for a game whose rounds make a match
    (its package declares ``setup.carry``): the same game, options, players
    and board, no turns, and each player's total so far carried in
    (``setup.carry``). The problem body (409) when the game has no rounds or
    this round is not over."""
    declaration = DECLARATIONS.get(record.get("game", ""))
    detail = None
    if declaration is None or not declaration.setup.get("carry"):
        detail = "This game is not played in rounds: it has no next round."
    elif scoresheet["status"] != "finished":
        detail = "This round is not over: the next round starts after its last turn."
    if detail is not None:
        return {"type": NO_NEXT_ROUND, "title": "No next round", "status": 409, "detail": detail}
    return {"format": FORMAT, "game": record["game"], "options": record.get("options", {}),
            "players": record["players"], "board": record.get("board"),
            "setup": {"carry": {player["id"]: player["total"] for player in scoresheet["players"]}}, "turns": []}
