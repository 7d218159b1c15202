"""A game's whole path, between the API and the store.

:class:`Tables` owns a game's life at a table: open it (from this process's
cache of folded games, whatever the route), create it, check a turn, play
one, correct the log, and tell the news of every write (scoring/news.py) to
the game's listeners, in the same step that appends it. The API's views
only translate HTTP to these calls and back; the store only keeps what
they write.

Depends on ``scoring`` and ``store``; ``api`` depends on it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from scoring import Game, Refused, answers, corrections, record_invalid, unknown_board
from scoring.history import CORRECTION, history_of, logged_at, turn_entry, turns_of
from scoring.news import news, news_since
from store import TABLE, Append, Idempotency, Missing, Repeat, Stale, Store, StoredGame, SummaryJob, dumps, now, role_of
from store.feeds import PatternFeed, ShardedFeed

LOG = logging.getLogger(__name__)

#: The most turns one game holds.
MAX_TURNS = 2000


class NoGame(Exception):
    """No game with this id opens for this token (or no such game)."""


class NoNextRound(Exception):
    """The game has no next round (not played in rounds, or not over): the
    problem body of :func:`scoring.answers.next_round`."""

    def __init__(self, problem: dict):
        super().__init__(problem["detail"])
        self.problem = problem


class ReadOnly(Exception):
    """The spectator's token opens the game for reading only."""


class Moved(Exception):
    """The game is no longer at the version the write was composed on: it
    is at ``current.version`` (no write with the same key landed before)."""

    def __init__(self, current: StoredGame):
        super().__init__(current.version)
        self.current = current


@dataclass(frozen=True)
class Written:
    """The answer to a write: its status and the news of the entry it
    logged, as JSON (also its event's), and whether it is a repeat."""

    status: int
    version: int
    json: str
    repeated: bool = False


@dataclass(frozen=True)
class Created:
    id: str
    token: str
    spectator_token: str
    version: int
    scoresheet: dict
    repeated: bool


class Tables:
    """The games of one store."""

    def __init__(self, store: Store):
        self.store = store

    # -- opening ----------------------------------------------------------

    def open(self, game_id: str, token: str | None, *, write: bool = False,
             version: int | None = None) -> StoredGame:
        """The game as it stands, for a token that opens it: :class:`NoGame`
        otherwise; :class:`ReadOnly` when a ``write`` comes with the
        spectator's token. ``version``: the one a write was composed on."""
        try:
            table = self.store.load(game_id, token, needs_token=True, version=version)
        except Missing:
            raise NoGame(game_id) from None
        if write and role_of(table.tokens, token) != TABLE:
            raise ReadOnly(game_id)
        return table

    def role(self, game_id: str, token: str | None) -> str | None:
        """The role ``token`` opens in the game (``store.TABLE`` or
        ``store.SPECTATOR``), or None; without folding it. A token that
        opens a game this process holds folded costs no round trip to Redis;
        any other token, for a game that exists or not, costs the same work:
        the same comparisons and one read of the game's token hashes, so
        that a stranger cannot time whether a game exists."""
        if not token:
            return None
        cached = self.store.folds.get(game_id)
        found = role_of(cached.tokens if cached is not None else {}, token)
        return found if found is not None else role_of(self.store.tokens.hashes(game_id), token)

    # -- reading ------------------------------------------------------------

    def record(self, table: StoredGame) -> dict:
        """The record with its turns as they stood at the table's version."""
        return self.store.log.record_at(table.id, table.version)[0]

    def game(self, table: StoredGame) -> dict:
        """The game: record, the table as it stands, version, open decision,
        score sheet and history."""
        record, entries = self.store.log.record_at(table.id, table.version)
        return {"id": table.id, "record": record, **answers.as_it_stands(table.game), "version": table.version,
                "history": history_of(entries), "round": table.match.round, "follows": table.match.follows,
                "next": self.next_of(table)}

    def next_of(self, table: StoredGame) -> str | None:
        """The id of the match's next round, once a phone started it (only
        a round that is over has one)."""
        return self.store.log.next_round(table.id) if table.game.is_over else None

    def news_since(self, table: StoredGame, since: int) -> list[dict]:
        """The news of every entry after version ``since``, from the log."""
        if self.store.log.version(table.id) <= since:
            return []  # the usual case, without reading the log
        return news_since(table.record, self.store.log.entries(table.id), since)

    # -- creating -------------------------------------------------------------

    def create(self, record: dict, idempotency: Idempotency | None) -> Created:
        """Create a game from a record, its turns replayed and checked
        (:class:`scoring.Refused`); a repeat of the Idempotency-Key answers
        the first game (:class:`store.KeyReused` for another body)."""
        first = self.store.created(idempotency) if idempotency else None
        if isinstance(record.get("board"), dict) and set(record["board"]) == {"id"}:
            record = {**record, "board": self._stored_board(record)}
        game = Game.replay(record)
        refuse_long_game(record["game"], game.turns_played, None)
        game_id, token, spectator, version = first or self.store.create(record, game, idempotency)
        if not first:
            self._summarise_if_over(game, game_id, version)
        return Created(game_id, token, spectator, version, game.scoresheet(), first is not None)

    def next_round(self, table: StoredGame) -> tuple[str, bool]:
        """Start the next round of the match (:func:`scoring.answers.next_round`:
        :class:`NoNextRound` when there is none), opened with this round's
        tokens; its id, and whether it was made now (False: a phone had
        started it already, and that one is answered)."""
        started = self.next_of(table)
        if started is not None:
            return started, False
        record = answers.next_round(self.record(table), table.game.scoresheet())
        if "status" in record:
            raise NoNextRound(record)
        return self.store.create_next(table, record, Game.replay(record))

    def _stored_board(self, record: dict) -> dict:
        """The profile a record names by id, copied so the game stays self-contained."""
        try:
            stored = self.store.boards.get(record["board"]["id"])
        except Missing:
            stored = {"game": None}
        if stored["game"] != record.get("game"):
            raise unknown_board(record)
        return stored["board"]

    # -- checking -------------------------------------------------------------

    def check(self, table: StoredGame, turn: object, lang: str, at: int | None = None,
              building: bool = False) -> dict:
        """A possibly unfinished turn, checked without logging it, answered in
        ``lang`` (:func:`scoring.answers.check_game`, on this process's fold of
        the game). With ``at``: as the replacement of turn ``at`` (on the
        replay of the turns before it); with ``building``, its last action
        as one still being built."""
        game = table.game
        if at is not None:
            game = Game.replay({**table.record, "turns": self.record(table)["turns"][:at]})
        return answers.check_game(game, turn, lang, building)

    # -- writing ----------------------------------------------------------------

    def play(self, table: StoredGame, turn: object, composed_on: int | None,
             idempotency: Idempotency | None, played: str | None = None) -> Written:
        """Log one whole turn composed on version ``composed_on`` (None: on
        no version): refused by the rules (:class:`scoring.Refused`; a body
        that is no turn at all before anything else), or :class:`Moved` on.
        ``played``: when the table played it (a phone's queue sends it
        later), kept within the entry before it and now (``logged_at``)."""
        table.game.validate(turn)
        if composed_on != table.version:
            return self._repeat_or_moved(table, idempotency)
        refuse_long_game(table.record["game"], table.game.turns_played + 1, table.game.turns_played)
        after = table.game.copy()  # the cached game stays as it was
        try:
            after.play(turn)
        except Refused:
            # Judged on this process's fold of the game: refused on the
            # version the table saw, unless another process moved it on.
            if self.store.log.version(table.id) != table.version:
                raise Moved(self.store.load(table.id)) from None
            raise
        # When the entry before it was logged: the bound of when it was
        # played, and its news tells the history the seconds between the two.
        before = [{"at": table.logged}] if table.logged else []
        entry = turn_entry(turn, logged_at(played, table.logged, now()))
        return self._append(table, entry, after, idempotency, before)

    def correct(self, table: StoredGame, correction: dict, composed_on: int | None,
                idempotency: Idempotency | None) -> Written:
        """Undo the last turn (``{"undo": true, "by"}``) or replace turn k
        (``{"replace": k, "turn", "by"}``); every later turn is replayed on
        top, and when one of them no longer holds the correction is refused
        with that turn's violation."""
        if composed_on != table.version:
            return self._repeat_or_moved(table, idempotency)
        entries = self.store.log.entries(table.id)
        if len(entries) != table.version:  # a write from another process came between
            return self._repeat_or_moved(self.store.load(table.id), idempotency)
        entry, turns_now = corrections.entry(correction, turns_of(entries), now(), table.record["game"])
        after = Game.replay({**table.record, "turns": turns_now})
        return self._append(table, entry, after, idempotency, entries)

    def _append(self, table: StoredGame, entry: dict, after: Game, idempotency: Idempotency | None,
                entries: list[dict] | None = None) -> Written:
        """Append an entry that folded the game at ``table.version`` into
        ``after``, with its news (``entries``: the log before it, as much as
        the news needs); keep ``after`` in the cache."""
        version = table.version + 1
        told = dumps(news(entry, version, after, [*(entries or ()), entry]))
        snapshot = (self.store.snapshots.of(table.id, after, version, entry["at"])
                    if self.store.snapshots.due(version) or entry["kind"] == CORRECTION else b"")
        try:
            outcome = self.store.log.append(table.id, Append(table.version, entry, told, snapshot, idempotency))
        except Stale:
            raise Moved(self.store.load(table.id)) from None
        if isinstance(outcome, Repeat):
            return self._repeated(table, outcome)
        self.store.folds.keep(replace(table, game=after, version=version, logged=entry["at"]))
        self._summarise_if_over(after, table.id, version)
        return Written(201, version, told)

    def _repeat_or_moved(self, table: StoredGame, idempotency: Idempotency | None) -> Written:
        """A write composed on another version: the first answer again when
        its Idempotency-Key was used before (the write landed, and the game
        moved on with it), else :class:`Moved`."""
        repeat = self.store.answers.repeated(table.id, idempotency) if idempotency else None
        if repeat is None:
            raise Moved(table)
        return self._repeated(table, repeat)

    def _repeated(self, table: StoredGame, repeat: Repeat) -> Written:
        """The first answer to a repeated key again: the store keeps its
        status and version, the log gives the news of that version."""
        record, entries = self.store.log.record_at(table.id, repeat.version)
        told = news_since({**record, "turns": []}, entries, repeat.version - 1)[0]
        return Written(repeat.status, repeat.version, dumps(told), repeated=True)

    def _summarise_if_over(self, game: Game, game_id: str, version: int) -> None:
        """Start the summary of a game that just ended. The write is stored
        already, so a failure here is logged, not answered: asking for the
        summary enqueues it again."""
        if not game.is_over:
            return
        try:
            self.store.summaries.enqueue(game_id, version)
        except Exception:
            LOG.exception("could not enqueue the summary of %s at version %s",
                                                  game_id, version)

    # -- beside a game: what the views read of the store -------------------

    def version(self, game_id: str) -> int:
        """The version the game's log stands at now."""
        return self.store.log.version(game_id)

    def summary(self, table: StoredGame, version: int | None = None) -> dict | None:
        """The stored summary of the game at ``version`` (default: the
        table's), or None."""
        return self.store.summary(table.id, table.version if version is None else version)

    def summary_pdf(self, table: StoredGame) -> bytes | None:
        """The PDF score sheet the summary job rendered of the table's version, or None."""
        return self.store.summary_pdf(table.id, table.version)

    def summary_or_job(self, table: StoredGame) -> dict | SummaryJob:
        """The stored summary of the table's version, else how its job stands
        (queued first when nobody else will run it)."""
        return self.store.summary_or_job(table.id, table.version)

    def feed(self) -> PatternFeed | ShardedFeed:
        """The events of the games this process follows, as they are published."""
        return self.store.feed()

    def save_board(self, game: str, board: dict) -> tuple[str, str | None]:
        """Store a checked board profile: its id, and its board token when
        this stored it first (None when it was stored already)."""
        return self.store.boards.save(game, board)

    def boards(self, game: str | None = None) -> list[dict]:
        """Every stored board profile, or those of one game."""
        return self.store.boards.all(game)

    def board(self, board_id: str) -> dict:
        """One stored board profile with its id; Missing when there is none."""
        return {"id": board_id, **self.store.boards.get(board_id)}

    def delete_board(self, board_id: str, token: str | None) -> None:
        """Delete a stored profile with its board token; Missing when there
        is none for this token."""
        self.store.boards.delete(board_id, token)


def refuse_long_game(game: str, turns: int, turn: int | None) -> None:
    """Refuse (``record.invalid`` at ``/turns``) a game that would hold more
    than :data:`MAX_TURNS` turns; ``turn`` is the refused turn's index, or
    None when a whole record is too long."""
    if turns > MAX_TURNS:
        raise record_invalid(game, "/turns", f"holds at most {MAX_TURNS} turns", turn)
