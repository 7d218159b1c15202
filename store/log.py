"""A game's log: its record and the append-only list of its entries.

A game is its record (format, game, options, players, board, setup) and a
log of entries; its version is the number of entries. The entries' shape and
the fold that gives the turns as they stand are the engine's
(:mod:`scoring.history`): a game kept on a phone has a log of the same kind.

An entry is appended by one Lua script that checks the version the writer
saw, writes the entry, the writer's snapshot (when it brings one) and the
first answer to its Idempotency-Key, and publishes the entry's event on the
game's channel, together: two writers racing on one version get one
success and one :class:`Stale`, and listeners hear the events of a game in
version order (store/events.py).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import cast

from scoring.history import TURN, turns_of

from . import compaction, events, redis_conn
from .answers import IDEMPOTENCY_SECONDS, Idempotency, Repeat
from .keys import game_key

#: The status of a write's answer, kept for a repeat of its Idempotency-Key.
CREATED = 201


class Stale(Exception):
    """The writer's version is not the game's version any more."""

    def __init__(self, version: int):
        super().__init__(version)
        self.version = version


class Missing(Exception):
    """No such game (or board)."""


def dumps(value: object) -> str:
    """JSON as the store writes it: compact, UTF-8 as it is."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def now() -> str:
    """The time an entry is logged, UTC, to the second."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


@dataclass(frozen=True)
class Match:
    """Where a game stands in a match: the round it follows (None: it
    follows none) and its number, from 1."""

    follows: str | None = None
    round: int = 1

    @classmethod
    def of(cls, raw: bytes | None) -> "Match":
        """The match of a game as stored (nothing: a game that follows none)."""
        return cls(**json.loads(raw)) if raw else cls()

    @property
    def json(self) -> str:
        return dumps({"follows": self.follows, "round": self.round})

    def after(self, game_id: str) -> "Match":
        """The match of the round after ``game_id``, whose match this is."""
        return Match(game_id, self.round + 1)


@dataclass(frozen=True)
class Append:
    """One entry to append to a game's log, with what goes with it."""

    version: int  #: the version the writer saw: the entry makes the next one
    entry: dict  #: the entry as logged, ``at`` included
    event: str  #: the JSON of the entry's event, published with it
    snapshot: bytes = b""  #: a snapshot of the game at the new version, or nothing
    idempotency: Idempotency | None = None


# KEYS[1] record      the game's record (its existence is the game's)
# KEYS[2] log         the list of entries
# KEYS[3] snapshot    replaced when ARGV[3] brings one
# KEYS[4] idem        the first answers by Idempotency-Key field
# KEYS[5] archive     a finished game's compacted log (compaction.py)
# ARGV[1] version     the version the writer saw
# ARGV[2] entry       the entry's JSON
# ARGV[3] snapshot    '' to keep the one there
# ARGV[4] field       the Idempotency-Key's field, '' for none
# ARGV[5] answer      the first answer kept under it
# ARGV[6] lifetime    seconds the answers are kept
# ARGV[7] channel     the game's event channel
# ARGV[8] event       the event's JSON
# ARGV[9] publish     PUBLISH, or SPUBLISH on a cluster (redis_conn.py)
# Answers {1, new version} appended, {0, version} stale, {2, first answer}
# for a repeated key, {-1} for no game, {-2} for an archived game (thaw it
# first, and run again).
_APPEND = """
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1} end
if ARGV[4] ~= '' then
  local first = redis.call('HGET', KEYS[4], ARGV[4])
  if first then
    redis.call('EXPIRE', KEYS[4], ARGV[6])  -- a write: the replica wait after it covers the first answer
    return {2, first}
  end
end
if redis.call('EXISTS', KEYS[5]) == 1 then return {-2} end
local version = redis.call('LLEN', KEYS[2])
if version ~= tonumber(ARGV[1]) then return {0, version} end
redis.call('RPUSH', KEYS[2], ARGV[2])
if ARGV[3] ~= '' then redis.call('SET', KEYS[3], ARGV[3]) end
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[4], ARGV[4], ARGV[5])
  redis.call('EXPIRE', KEYS[4], ARGV[6])
end
redis.call(ARGV[9], ARGV[7], ARGV[8])
return {1, version + 1}
"""

# KEYS[1] record, KEYS[2] log, KEYS[3] auth, KEYS[4] snapshot, KEYS[5] match (one game's: one slot)
# ARGV[1] the record without its turns
# ARGV[2] the table token's hash, ARGV[3] the spectator token's hash
# ARGV[4] the snapshot
# ARGV[5] for a round after the first of a match, its Match as JSON; else ''
# ARGV[6...] the log's entries
# One script so that a new game is one durable write.
_CREATE = """
redis.call('SET', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[3], 'table', ARGV[2], 'spectator', ARGV[3])
redis.call('SET', KEYS[4], ARGV[4])
if ARGV[5] ~= '' then redis.call('SET', KEYS[5], ARGV[5]) end
if #ARGV > 5 then redis.call('RPUSH', KEYS[2], unpack(ARGV, 6)) end
return 1
"""


# KEYS[1] next       the id of the round after this game's (store/keys.py)
# ARGV[1] the new round's id, ARGV[2] the event channel, ARGV[3] the event,
# ARGV[4] the publish command
# The next round is set once: answers the id that holds it (the new one, or
# one set before, which nothing replaces), and tells the listeners when set.
_LINK = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX') then
  redis.call(ARGV[4], ARGV[2], ARGV[3])
  return ARGV[1]
end
return redis.call('GET', KEYS[1])
"""


class Log:
    """The records and logs of every game."""

    def __init__(self, client: redis_conn.Client, writes: redis_conn.DurableWrites):
        self.redis = client
        self.writes = writes
        self._append = client.register_script(_APPEND)
        self._create = client.register_script(_CREATE)
        self._link = client.register_script(_LINK)
        self._compact = client.register_script(compaction.COMPACT)
        self._thaw = client.register_script(compaction.THAW)
        self._publish: str | None = None

    @property
    def publish(self) -> str:
        """The command that publishes a game's events (asked of the server once)."""
        if self._publish is None:
            self._publish = redis_conn.publish_command(self.redis)
        return self._publish

    def create(self, game_id: str, record: dict, token_hashes: tuple[str, str], snapshot: bytes, at: str,
               match: Match | None = None) -> int:
        """Store a new game: its record, its turns as entries logged ``at``
        (now), its tokens' hashes, its first snapshot, and for a round after
        the first of a match, the round it follows. Returns its version."""
        entries = [dumps({"kind": TURN, "turn": turn, "at": at}) for turn in record["turns"]]
        bare = {key: value for key, value in record.items() if key != "turns"}
        self.writes.run(self._create, self._keys(game_id, "record", "log", "auth", "snapshot", "match"),
                        [dumps(bare), *token_hashes, snapshot, match.json if match else "", *entries])
        return len(entries)

    def drop(self, game_id: str) -> None:
        """Remove a game that was just created and lost a race for its key."""
        self.redis.delete(*self._keys(game_id, "record", "log", "auth", "snapshot", "match"))

    def link(self, game_id: str, next_id: str, event: str) -> str:
        """Make ``next_id`` the round after the game's, and publish ``event``
        (once, when it is set now); the id of the round after, which is
        ``next_id`` unless the game had one already."""
        linked = self.writes.run(self._link, [game_key(game_id, "next")],
                                 [next_id, events.channel(game_id), event, self.publish])
        return linked.decode() if isinstance(linked, bytes) else str(linked)

    def next_round(self, game_id: str) -> str | None:
        """The id of the round after the game's (a match), or None."""
        raw = self.redis.get(game_key(game_id, "next"))
        return None if raw is None else cast(bytes, raw).decode()

    def append(self, game_id: str, write: Append) -> int | Repeat:
        """Append ``write.entry`` if the game is still at ``write.version``,
        and publish its event. Returns the new version, or the :class:`Repeat`
        of an earlier write with the same Idempotency-Key; raises
        :class:`Stale`, :class:`Missing` or :class:`store.KeyReused`."""
        keys = self._keys(game_id, "record", "log", "snapshot", "idem", "archive")
        key = write.idempotency
        args = [write.version, dumps(write.entry), write.snapshot,
                key.field if key else "", key.answer(CREATED, write.version + 1) if key else "",
                IDEMPOTENCY_SECONDS, events.channel(game_id), write.event, self.publish]
        outcome = self.writes.run(self._append, keys, args)
        if outcome[0] == -2:  # a correction of a finished, compacted game
            self.thaw(game_id)
            outcome = self.writes.run(self._append, keys, args)
        if outcome[0] == -1:
            raise Missing(game_id)
        if outcome[0] == 0:
            raise Stale(outcome[1])
        if outcome[0] == 2:
            assert key is not None  # the script repeats only a kept answer
            return Repeat.parse(outcome[1], key)
        return int(outcome[1])

    def entries(self, game_id: str, since: int = 0) -> list[dict]:
        """The log from entry ``since`` on, oldest first (from its archive once compacted)."""
        raw = self.redis.lrange(game_key(game_id, "log"), since, -1)
        return [json.loads(entry) for entry in raw] if raw else self._archived(game_id)[since:]

    def version(self, game_id: str) -> int:
        """The game's version: the number of entries in its log."""
        return self.redis.llen(game_key(game_id, "log")) or len(self._archived(game_id))

    def record_at(self, game_id: str, version: int) -> tuple[dict, list[dict]]:
        """The game's record with its turns as they stood at ``version``, and
        the log's entries up to it; :class:`Missing` when the game (or that
        version) does not exist."""
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.get(game_key(game_id, "record"))
            pipe.lrange(game_key(game_id, "log"), 0, version - 1)
            raw_record, raw_entries = pipe.execute()
        entries = [json.loads(raw) for raw in raw_entries] if version > 0 else []
        if not entries and version > 0:
            entries = self._archived(game_id)[:version]
        if raw_record is None or len(entries) != version:
            raise Missing(game_id)
        return {**json.loads(raw_record), "turns": turns_of(entries)}, entries

    # -- compaction (store/compaction.py) ----------------------------------

    def _archived(self, game_id: str) -> list[dict]:
        """The entries of a compacted game's archive; [] when there is none."""
        archive = self.redis.get(game_key(game_id, "archive"))
        return compaction.unpack(cast(bytes, archive)) if archive is not None else []

    def compact(self, game_id: str, version: int) -> bool:
        """Store the log of a finished game as one compressed value and drop
        its snapshot, if the game is still at ``version``; whether it did."""
        raw = cast(list[bytes], self.redis.lrange(game_key(game_id, "log"), 0, -1))
        if len(raw) != version or not raw:
            return False
        summary = cast(bytes | None, self.redis.hget(game_key(game_id, f"summary:{version}"), "json"))
        keys = self._keys(game_id, "log", "archive", "snapshot", f"summary:{version}")
        return bool(self.writes.run(self._compact, keys,
                                    [version, compaction.pack(raw), compaction.pack_summary(summary)]))

    def thaw(self, game_id: str) -> None:
        """Put a compacted game's log back as a list, before a write to it."""
        archive = self.redis.get(game_key(game_id, "archive"))
        if archive is not None:
            self.writes.run(self._thaw, self._keys(game_id, "log", "archive"),
                            compaction.raw_entries(cast(bytes, archive)))

    @staticmethod
    def _keys(game_id: str, *parts: str) -> list[str]:
        return [game_key(game_id, part) for part in parts]
