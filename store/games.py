"""Games, their logs, tokens, idempotency answers, snapshots, summaries and boards in Redis.

A game is its record (format, game, options, players, board, setup) and an
append-only log of entries; its version is the number of log entries.
An entry is a turn, ``{"kind": "turn", "turn": {...}, "at": "<UTC time>"}``,
or a correction, ``{"kind": "correction", "undo": true | "replace": k,
"turn": {...}, "by": "<who>", "replaced": {"index": k, "turn": {...}},
"at": ...}``: the turns as they stand are the fold of the log
(:func:`turns_of`). Every key of one game shares the hash tag ``{<id>}`` so
the same code runs on Redis Cluster::

    game:{<id>}:record    the record without its turns (JSON)
    game:{<id>}:log       list of entries (JSON)
    game:{<id>}:archive   instead of the log once the game is over: its entries, compressed (compaction.py)
    game:{<id>}:auth      hash: table -> sha256(token), spectator -> sha256(spectator token)
    game:{<id>}:snapshot  signed pickle of the folded engine state at some version
    game:{<id>}:idem      hash: sha256(Idempotency-Key)[:16] -> "<status> <version> " + sha256(request)[:16],
                          the first answer to each key (expires 48 h after the game's last write)
    game:{<id>}:summary:<version>  hash: json -> the summary, pdf -> its score sheet
    boards                hash: board id -> {"game", "board", "token": sha256(board token)} (JSON)
    limits:{<id>}:writes  the count of the game's writes in the window of its limit (expires with
                          it): not the game's, but in its slot, for the script that writes it
    created:<sha256(k)>   the game a creation with Idempotency-Key k made (expires)
    secret                random bytes made once: the key of the tokens derived for a creation

On a Redis Cluster every script and transaction of one game names only
that game's keys (and its channel), so it runs whole on the game's slot;
``boards``, ``created:...`` and ``secret`` are each read and written alone,
by single-key commands, wherever their slots are.

Every appended entry and every stored summary is also published on the
channel ``game:{<id>}:events`` (see :func:`event`), in the same script as
the append, so listeners on any API process hear them in version order
(:meth:`Store.feed`, :mod:`store.events`).

A turn is appended by one Lua script that counts it against the game's
write limit, checks the version the client saw and writes the entry (and,
every :data:`SNAPSHOT_EVERY` versions, a new snapshot) together, so two
clients racing on one version get one success and one :class:`Stale`, and
a turn costs one round trip. A game is loaded from its snapshot and the few
turns logged after it. The snapshot carries a fingerprint of the
``scoring`` code: after an engine change the game is replayed from its log
instead. It is signed (HMAC-SHA256) with the server's secret over the game
id and the pickle, which holds the version it was folded at, and only
unpickled when the signature holds: a snapshot planted in Redis, or one
copied from another game, is ignored and the game replayed from its log.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import pickle
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, cast

import redis

import scoring
from scoring import Game

from . import compaction, events, feeds, redis_conn
from .summaries import SummaryJob, SummaryQueue

#: The length of a snapshot's signature (HMAC-SHA256), which comes first.
SIGNATURE_BYTES = 32

#: How long the first answer to an Idempotency-Key is kept (at least 24 h).
IDEMPOTENCY_SECONDS = 48 * 3600

#: How many games one process keeps folded in memory (:class:`Folds`).
FOLDS = 256

#: A snapshot is written every this many versions (and after a correction):
#: pickling and signing the state on every turn cost a sixth of a turn,
#: while a load replays at most this many turns less one on top of it.
SNAPSHOT_EVERY = 16

TURN = "turn"
CORRECTION = "correction"
SUMMARY = "summary"


def _fingerprint() -> str:
    """A hash of the engine's source: a snapshot is only reused by the same code."""
    digest = hashlib.sha256()
    for path in sorted(Path(scoring.__file__).parent.rglob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


FINGERPRINT = _fingerprint()


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _derived(secret: bytes, key: str, game_id: str, role: str) -> str:
    """A token derived from an Idempotency-Key: a repeat of the creation
    finds the same token, and Redis, which never sees the key, cannot.
    The server's secret keys it, so a short or guessable Idempotency-Key
    never makes a guessable token."""
    digest = hmac.new(secret, f"{key}\0{game_id}:{role}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def _bytes(raw: Any) -> bytes:
    """A reply of this store's client, which answers bytes (redis-py's
    types allow str too: that is a client made with decode_responses)."""
    assert isinstance(raw, bytes), raw
    return raw


def _public(stored: dict) -> dict:
    """A stored board profile without the hash of its token."""
    return {"game": stored["game"], "board": stored["board"]}


def dumps(value: Any) -> str:
    """JSON as the store writes it: compact, UTF-8 as it is."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def now() -> str:
    """The time an entry is logged, UTC, to the second."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())  # a third of datetime's cost, on every turn


def _standing(entries: list[dict]) -> list[tuple[int, dict]]:
    """The fold of the log: for each turn as it stands, the index of the
    entry that holds it and the turn. A turn is appended, an undo drops the
    last turn, a replace puts its turn at its index."""
    standing: list[tuple[int, dict]] = []
    for index, entry in enumerate(entries):
        if entry["kind"] == TURN:
            standing.append((index, entry["turn"]))
        elif entry["kind"] == CORRECTION and entry.get("undo"):
            standing.pop()
        elif entry["kind"] == CORRECTION:
            standing[entry["replace"]] = (index, entry["turn"])
        else:
            raise ValueError(f"unknown log entry kind {entry['kind']!r}")
    return standing


def turns_of(entries: list[dict]) -> list[dict]:
    """The turns as they stand after folding the log's entries."""
    return [turn for _, turn in _standing(entries)]


def history_of(entries: list[dict]) -> dict:
    """The log as a game's ``history``, each fact once (beside the record,
    whose turns are the ones that stand), one value per entry where every
    entry has one:

    - ``start``: when the first entry was logged (None before any);
    - ``seconds``: for each entry, oldest first, the whole seconds since the
      entry before it (the first: 0);
    - ``holds``: for each entry, the index in ``record.turns`` of the turn
      it holds (a turn, or the correction that replaced one), or None (an
      undo, or a turn a later correction undid or replaced);
    - ``entries``: every entry that is not a turn that still stands (the
      corrections, and the turns undone or replaced), as logged without
      ``at`` and ``replaced``, under ``version``, the one it made (its place
      in the log, from 1). One that holds a turn leaves its ``turn`` out: it
      is ``record.turns[holds]``. An entry not listed is a turn that stands."""
    holds: list[int | None] = [None] * len(entries)
    for position, (index, _) in enumerate(_standing(entries)):
        holds[index] = position
    listed = [{"version": index + 1, **{key: value for key, value in entry.items()
                                        if key not in ("at", "replaced") and not (key == "turn" and held is not None)}}
              for index, (entry, held) in enumerate(zip(entries, holds))
              if not (entry["kind"] == TURN and held is not None)]
    times = [datetime.fromisoformat(entry["at"]).timestamp() for entry in entries]  # whole seconds
    return {"start": entries[0]["at"] if entries else None,
            "seconds": [round(now - before) for before, now in zip(times[:1] + times, times)],
            "holds": holds, "entries": listed}


def event(entry: dict, version: int, scoresheet: dict) -> dict:
    """What listeners hear of a log entry: the entry, the version it made and
    the score sheet at that version (enough to redraw the score strip)."""
    return {**entry, "version": version, "scoresheet": scoresheet}


def event_json(entry_json: str, version: int, scoresheet_json: str) -> str:
    """:func:`dumps` of :func:`event`, from the JSON of the entry (an object
    without ``version`` and ``scoresheet``) and of the sheet: an append
    encodes both anyway, and the sheet again for the answer."""
    return f'{entry_json[:-1]},"version":{version},"scoresheet":{scoresheet_json}}}'


def summary_event(version: int, summary: dict) -> dict:
    """What listeners hear when the summary of ``version`` is stored."""
    return {"kind": SUMMARY, "version": version, "summary": summary}


class Stale(Exception):
    """The client's version is not the game's version any more (``count``:
    the write's count against the game's write limit, when it was counted)."""

    def __init__(self, version: int, count: "WriteCount | None" = None):
        super().__init__(version)
        self.version = version
        self.count = count


class OverLimit(Exception):
    """A write over its game's write limit in this window: nothing was written."""

    def __init__(self, count: "WriteCount"):
        super().__init__(count)
        self.count = count


class Missing(Exception):
    """No such game (or board)."""


#: Redis cannot be reached for the moment (redis-py's own error, under the
#: store's name, so that the API can answer it without importing redis).
Unavailable = redis.ConnectionError


@dataclass
class StoredGame:
    """A game as loaded from the store: its record (without turns), the
    folded engine game, the version it was folded at, and the hashes of its
    tokens by role (``table``, ``spectator``).

    ``game`` is this load's own object: play on it directly; a refused
    turn spoils it, and the store is not touched."""

    id: str
    record: dict
    game: Game
    version: int
    tokens: dict[str, bytes]

    def role(self, token: str | None) -> str | None:
        """``"table"`` or ``"spectator"`` for a token of this game, else None."""
        return _role(self.tokens, token)


def _role(tokens: dict[str, bytes], token: str | None) -> str | None:
    if not token:
        return None
    given = _hash(token).encode()
    for role, digest in tokens.items():
        if secrets.compare_digest(digest, given):
            return role
    return None


class Folds:
    """The games this process wrote last, each folded at the version its
    write made: a write composed on that version takes its game from here
    rather than from Redis (the write's script checks the version anyway).
    A game is taken out, so that one request plays on it, and put back by
    the write that makes the next version."""

    def __init__(self, size: int = FOLDS):
        self._games: OrderedDict[str, StoredGame] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def take(self, game_id: str, version: int) -> StoredGame | None:
        """The game folded at ``version``, now the caller's; None when this
        process holds it at no version or another one (then dropped)."""
        with self._lock:
            stored = self._games.pop(game_id, None)
        return stored if stored is not None and stored.version == version else None

    def keep(self, stored: StoredGame) -> None:
        """Hold ``stored`` (no longer the caller's), the least recent out beyond the size."""
        with self._lock:
            self._games[stored.id] = stored
            while len(self._games) > self._size:
                self._games.popitem(last=False)


@dataclass(frozen=True)
class Idempotency:
    """An Idempotency-Key and a hash of the request it came with."""

    key: str
    request: str


@dataclass(frozen=True)
class Repeat:
    """The first answer to an Idempotency-Key: its status and the version
    the write made (the log holds the rest: the score sheet at that version)."""

    status: int
    version: int


@dataclass(frozen=True)
class WriteLimit:
    """A game's limit on writes (turns and corrections): at most ``amount``
    in each fixed window of ``seconds``."""

    amount: int
    seconds: int


@dataclass(frozen=True)
class WriteCount:
    """Where a game's writes stand in the window of its limit: ``count``
    so far, this one included; the window ends in ``resets_in`` seconds."""

    limit: WriteLimit
    count: int
    resets_in: int

    @property
    def over(self) -> bool:
        return self.count > self.limit.amount


def _answer_field(idempotency: Idempotency) -> bytes:
    # 128 bits of a hash: a repeat needs to find its key, not to read it back.
    return hashlib.sha256(idempotency.key.encode()).digest()[:16]


def _request_digest(idempotency: Idempotency) -> bytes:
    return bytes.fromhex(idempotency.request)[:16]


# KEYS: record, log, snapshot, idempotency answers, archive, write count.
# ARGV: expected version, entry, snapshot ("" to keep the one there),
# idempotency field ("" for none), its answer, their lifetime, the event
# channel and the event (published with the append, so in version order),
# the command that publishes it (PUBLISH or SPUBLISH, redis_conn.py), and
# the write limit's amount ("" not to count) and window in seconds. On a
# cluster every key and the channel share the game's hash tag, so the
# script runs whole on the master of that one slot. The count is the
# fixed window of the ``limits`` library (INCR, EXPIRE on the first),
# counted here so that a write costs one round trip. Answers {-3, count,
# resets in} over the limit, {0, version, ...} when stale, {1, version,
# ...} when appended, {2, first answer, ...} for a repeated
# Idempotency-Key (each with the count and the seconds to the window's
# end), {-1} for no game, {-2} for an archived game (store/compaction.py:
# thaw it first, and run again without counting).
_APPEND = """
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1} end
local count, resets = 0, 0
if ARGV[10] ~= '' then
  count = redis.call('INCR', KEYS[6])
  if count == 1 then redis.call('EXPIRE', KEYS[6], ARGV[11]) end
  resets = redis.call('TTL', KEYS[6])
  if count > tonumber(ARGV[10]) then return {-3, count, resets} end
end
if ARGV[4] ~= '' then
  local first = redis.call('HGET', KEYS[4], ARGV[4])
  if first then
    redis.call('EXPIRE', KEYS[4], ARGV[6])  -- a write: the replica wait after it covers the first answer
    return {2, first, count, resets}
  end
end
if redis.call('EXISTS', KEYS[5]) == 1 then return {-2} end
local version = redis.call('LLEN', KEYS[2])
if version ~= tonumber(ARGV[1]) then return {0, version, count, resets} end
redis.call('RPUSH', KEYS[2], ARGV[2])
if ARGV[3] ~= '' then redis.call('SET', KEYS[3], ARGV[3]) end
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[4], ARGV[4], ARGV[5])
  redis.call('EXPIRE', KEYS[4], ARGV[6])
end
redis.call(ARGV[9], ARGV[7], ARGV[8])
return {1, version + 1, count, resets}
"""

# KEYS: the write count. ARGV: the window in seconds. A write refused
# before it reached its script, counted as the script counts one:
# answers the count and the seconds to the window's end.
_COUNT_WRITE = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('TTL', KEYS[1])}
"""

# KEYS: record, log, auth, snapshot (one game's: one slot). ARGV: the
# record, the table's and the spectator's token hashes, the snapshot, then
# the log entries. One script so that a new game is one durable write.
_CREATE = """
redis.call('SET', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[3], 'table', ARGV[2], 'spectator', ARGV[3])
redis.call('SET', KEYS[4], ARGV[4])
if #ARGV > 4 then redis.call('RPUSH', KEYS[2], unpack(ARGV, 5)) end
return 1
"""

# KEYS: the idempotency answers. ARGV: the key's field, their lifetime. The
# first answer, touched (a write), so that the wait for a replica that
# follows covers it too: a repeat is answered only once its first answer is
# as durable as a new one.
_REPEATED = """
local first = redis.call('HGET', KEYS[1], ARGV[1])
if first then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return first
"""

# KEYS: the summary hash (the game's slot). ARGV: summary JSON, PDF, channel,
# event, publish command.
_SAVE_SUMMARY = """
redis.call('HSET', KEYS[1], 'json', ARGV[1], 'pdf', ARGV[2])
redis.call(ARGV[5], ARGV[3], ARGV[4])
return 1
"""


# KEYS: log, snapshot. ARGV: version, snapshot. Sets the snapshot only
# while the log is still at that version.
_KEEP_SNAPSHOT = """
if redis.call('LLEN', KEYS[1]) == tonumber(ARGV[1]) then redis.call('SET', KEYS[2], ARGV[2]) end
"""


class Store:
    """Games, tokens, boards and the summary queue in one Redis.

    ``secret`` signs the snapshots; every process of one server needs the
    same (``brehon serve`` keeps it in its data directory). Without one the
    store makes its own, and its snapshots serve only itself.

    Made before gunicorn forks its workers: redis-py opens its connections
    on first use and opens new ones in a forked process, so each process
    talks to Redis over its own."""

    def __init__(self, client: redis_conn.Client, secret: bytes | None = None, queue: redis.Redis | None = None):
        self.redis = client
        self._signing = secret or secrets.token_bytes(32)
        # The queue (rq) needs a plain Redis: on a cluster, one of its own.
        if queue is None and redis_conn.is_cluster(client):
            raise ValueError("a store on a Redis Cluster needs a plain Redis for its queue (BREHON_QUEUE_URL)")
        self.summaries = SummaryQueue(queue or cast(redis.Redis, client))
        self.writes = redis_conn.DurableWrites(client)
        self._append = client.register_script(_APPEND)
        self._count_write = client.register_script(_COUNT_WRITE)
        self._create = client.register_script(_CREATE)
        self._save_summary = client.register_script(_SAVE_SUMMARY)
        self._repeated = client.register_script(_REPEATED)
        self._compact = client.register_script(compaction.COMPACT)
        self._thaw_script = client.register_script(compaction.THAW)
        self._keep_snapshot = client.register_script(_KEEP_SNAPSHOT)
        self._publish: str | None = None
        self._folds = Folds()

    @classmethod
    def from_url(cls, url: str, secret: bytes | None = None, queue_url: str | None = None) -> "Store":
        """The store of ``REDIS_URL`` (a single Redis or a cluster, see
        :mod:`store.redis_conn`), its queue at ``queue_url`` (default: the
        same Redis, which a cluster cannot be)."""
        return cls(redis_conn.connect(url), secret, redis.Redis.from_url(queue_url) if queue_url else None)

    @property
    def publish(self) -> str:
        """The command that publishes a game's events (asked of the server once)."""
        if self._publish is None:
            self._publish = redis_conn.publish_command(self.redis)
        return self._publish

    def ping(self) -> bool:
        """Whether the games' Redis answers (raises when it does not)."""
        return bool(self.redis.ping())

    # -- keys ------------------------------------------------------------

    @staticmethod
    def key(game_id: str, part: str) -> str:
        return f"game:{{{game_id}}}:{part}"

    # -- games -----------------------------------------------------------

    def create(self, record: dict, game: Game,
               idempotency: Idempotency | None = None) -> tuple[str, str, str, int]:
        """Store a record that ``game`` is the replay of. Returns the new
        id, the table token, the spectator token and the version.

        With an Idempotency-Key the tokens are derived from the key, which is
        never stored, and the game is remembered under a hash of the key (see
        :meth:`created`). Should an identical request have won a race for the
        key meanwhile, its game is answered and this one is dropped."""
        game_id = secrets.token_hex(8)
        if idempotency is None:
            token, spectator = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        else:
            token, spectator = (_derived(self._secret(), idempotency.key, game_id, role)
                                for role in ("table", "spectator"))
        at = now()
        entries = [dumps({"kind": TURN, "turn": turn, "at": at}) for turn in record["turns"]]
        bare = {key: value for key, value in record.items() if key != "turns"}
        version = len(entries)
        self.writes.run(self._create, [self.key(game_id, part) for part in ("record", "log", "auth", "snapshot")],
                        [dumps(bare), _hash(token), _hash(spectator), self._snapshot(game_id, game, version), *entries])
        if idempotency is not None:
            first = dumps({"request": idempotency.request, "id": game_id, "version": version})
            if not self.redis.set(self._creation(idempotency), first, nx=True, ex=IDEMPOTENCY_SECONDS):
                self.redis.delete(*(self.key(game_id, part) for part in ("record", "log", "auth", "snapshot")))
                earlier = self.created(idempotency)
                assert earlier is not None  # the set above found it there
                return earlier
        return game_id, token, spectator, version

    def created(self, idempotency: Idempotency) -> tuple[str, str, str, int] | None:
        """The game an earlier creation with this Idempotency-Key made (id,
        tokens, version), or None; :class:`KeyReused` when it came with another body."""
        raw = self.redis.get(self._creation(idempotency))
        if raw is None:
            return None
        first = json.loads(raw)
        if first["request"] != idempotency.request:
            raise KeyReused(idempotency.key)
        tokens = (_derived(self._secret(), idempotency.key, first["id"], role) for role in ("table", "spectator"))
        return first["id"], *tokens, first["version"]

    def _secret(self) -> bytes:
        """The server's secret for derived tokens, made by whichever process asks first."""
        self.redis.set("secret", secrets.token_bytes(32), nx=True)
        return _bytes(self.redis.get("secret"))

    @staticmethod
    def _creation(idempotency: Idempotency) -> str:
        return f"created:{_hash(idempotency.key)}"

    def load(self, game_id: str, token: str | None = None, *, needs_token: bool = False,
             version: int | None = None) -> StoredGame:
        """The game folded at its current version, from its snapshot and the
        turns logged after it, else replayed from the log. :class:`Missing` when unknown,
        and with ``needs_token`` also when ``token`` opens no role of the game:
        checked before the fold, so a stranger costs no unpickling or replay.

        With ``version``, the version a write was composed on, a game this
        process itself wrote at that version comes from memory (:class:`Folds`)
        without asking Redis: its version may be behind Redis's, which the
        write's script finds."""
        folded = self._folds.take(game_id, version) if version is not None else None
        if folded is not None:
            if needs_token and _role(folded.tokens, token) is None:
                self._folds.keep(folded)
                raise Missing(game_id)
            return folded
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.get(self.key(game_id, "record"))
            pipe.hgetall(self.key(game_id, "auth"))
            pipe.get(self.key(game_id, "snapshot"))
            pipe.llen(self.key(game_id, "log"))
            raw_record, raw_tokens, raw_snapshot, version = pipe.execute()
        tokens = {role.decode(): digest for role, digest in raw_tokens.items()}
        if raw_record is None or (needs_token and _role(tokens, token) is None):
            raise Missing(game_id)
        record = json.loads(raw_record)
        game = self._from_snapshot(game_id, record, raw_snapshot, version)
        if game is None:
            entries = self.entries(game_id)
            game = Game.replay({**record, "turns": turns_of(entries)})
            version = len(entries)
            # Keep the fold (after an engine change, say) unless a write came between.
            self._keep_snapshot(keys=[self.key(game_id, "log"), self.key(game_id, "snapshot")],
                                args=[version, self._snapshot(game_id, game, version)])
        return StoredGame(game_id, record, game, version, tokens)

    def entries(self, game_id: str) -> list[dict]:
        """The whole log, oldest first (from its archive once compacted)."""
        raw = self.redis.lrange(self.key(game_id, "log"), 0, -1)
        return [json.loads(entry) for entry in raw] if raw else self._archived(game_id)

    def version(self, game_id: str) -> int:
        """The game's version: the number of entries in its log."""
        return self.redis.llen(self.key(game_id, "log")) or len(self._archived(game_id))

    # -- compaction (store/compaction.py) ----------------------------------

    def _archived(self, game_id: str) -> list[dict]:
        """The entries of a compacted game's archive; [] when there is none."""
        archive = self.redis.get(self.key(game_id, "archive"))
        return compaction.unpack(cast(bytes, archive)) if archive is not None else []

    def compact(self, game_id: str, version: int) -> bool:
        """Store the log of a finished game as one compressed value and drop
        its snapshot, if the game is still at ``version``; whether it did."""
        raw = cast(list[bytes], self.redis.lrange(self.key(game_id, "log"), 0, -1))
        if len(raw) != version or not raw:
            return False
        summary = cast(bytes | None, self.redis.hget(self.key(game_id, f"summary:{version}"), "json"))
        keys = [self.key(game_id, part) for part in ("log", "archive", "snapshot", f"summary:{version}")]
        return bool(self.writes.run(self._compact, keys,
                                    [version, compaction.pack(raw), compaction.pack_summary(summary)]))

    def _thaw(self, game_id: str) -> None:
        """Put a compacted game's log back as a list, before a write to it."""
        archive = self.redis.get(self.key(game_id, "archive"))
        if archive is not None:
            self.writes.run(self._thaw_script, [self.key(game_id, "log"), self.key(game_id, "archive")],
                            compaction.raw_entries(cast(bytes, archive)))

    def append(self, stored: StoredGame, entry: dict, after: Game, scoresheet_json: str,
               idempotency: Idempotency | None = None, status: int = 201,
               limit: WriteLimit | None = None) -> tuple[int | Repeat, WriteCount | None]:
        """Append a log ``entry`` (a turn or a correction; its time is added
        here) that folded the game at ``stored.version`` into ``after``, if
        the game is still at that version, and publish its :func:`event`
        with ``after``'s score sheet (:func:`dumps` of it). Once appended, ``after`` is the
        store's (:class:`Folds`): the caller must not use it any more.

        With a ``limit`` the write is counted against the game's write limit
        first, in the same script (:class:`OverLimit` over it). For an
        Idempotency-Key it keeps ``status`` (of the answer) and the new
        version, enough to answer a repeat. Returns the new version, or the
        :class:`Repeat` of an earlier request with the same key, and the
        write's count; raises :class:`Stale`, :class:`Missing` or :class:`KeyReused`.
        """
        version = stored.version + 1
        logged = dumps({**entry, "at": now()})
        field, kept = b"", b""
        if idempotency is not None:
            field = _answer_field(idempotency)
            kept = f"{status} {version} ".encode() + _request_digest(idempotency)
        snapshot = (self._snapshot(stored.id, after, version)
                    if version % SNAPSHOT_EVERY == 0 or entry["kind"] == CORRECTION else b"")
        keys = [*(self.key(stored.id, part) for part in ("record", "log", "snapshot", "idem", "archive")),
                self._writes(stored.id)]
        args = [stored.version, logged, snapshot, field, kept, IDEMPOTENCY_SECONDS,
                events.channel(stored.id), event_json(logged, version, scoresheet_json), self.publish,
                limit.amount if limit else "", limit.seconds if limit else 0]
        outcome = self.writes.run(self._append, keys, args)
        if outcome[0] == -2:  # a correction of a finished, compacted game: counted the first time
            self._thaw(stored.id)
            outcome = [*self.writes.run(self._append, keys, [*args[:9], "", 0])[:2], *outcome[2:]]
        if outcome[0] == -1:
            raise Missing(stored.id)
        count = WriteCount(limit, outcome[-2], outcome[-1]) if limit else None
        if outcome[0] == -3:
            raise OverLimit(cast(WriteCount, count))
        if outcome[0] == 0:
            raise Stale(outcome[1], count)
        if outcome[0] == 2:
            assert idempotency is not None  # the script repeats only a kept answer
            return self._repeat(outcome[1], idempotency), count
        self._folds.keep(StoredGame(stored.id, stored.record, after, outcome[1], stored.tokens))
        return outcome[1], count

    def count_write(self, game_id: str, limit: WriteLimit) -> WriteCount:
        """Count a write that was refused before it reached the store (a
        stale version, a turn against the rules) against the game's write
        limit, as :meth:`append` counts one that reaches it."""
        count, resets_in = self._count_write(keys=[self._writes(game_id)], args=[limit.seconds])
        return WriteCount(limit, count, resets_in)

    @staticmethod
    def _writes(game_id: str) -> str:
        return f"limits:{{{game_id}}}:writes"

    def repeated(self, game_id: str, idempotency: Idempotency) -> Repeat | None:
        """The kept answer for an Idempotency-Key, or None when it is new;
        :class:`KeyReused` when the key came with another body."""
        raw = self.writes.run(self._repeated, [self.key(game_id, "idem")],
                              [_answer_field(idempotency), IDEMPOTENCY_SECONDS])
        return None if raw is None else self._repeat(raw, idempotency)

    @staticmethod
    def _repeat(raw: bytes, idempotency: Idempotency) -> Repeat:
        status, version, request = raw.split(b" ", 2)
        if not hmac.compare_digest(request, _request_digest(idempotency)):
            raise KeyReused(idempotency.key)
        return Repeat(int(status), int(version))

    # -- snapshots -------------------------------------------------------

    def _signature(self, game_id: str, payload: bytes) -> bytes:
        return hmac.new(self._signing, game_id.encode() + b"\0" + payload, hashlib.sha256).digest()

    def _snapshot(self, game_id: str, game: Game, version: int) -> bytes:
        payload = pickle.dumps((FINGERPRINT, version, game.turns_played, game.state), pickle.HIGHEST_PROTOCOL)
        return self._signature(game_id, payload) + payload

    def _from_snapshot(self, game_id: str, record: dict, raw: bytes | None, version: int) -> Game | None:
        """The game at ``version``, the log's length, from a snapshot signed
        for this game and the turns logged after it (read here): None when
        the snapshot is missing, not this game's, from other code, or a
        correction came after it."""
        if raw is None:
            return None
        signature, payload = raw[:SIGNATURE_BYTES], raw[SIGNATURE_BYTES:]
        if not hmac.compare_digest(signature, self._signature(game_id, payload)):
            return None  # planted, or copied from another game or server: never unpickled
        try:
            fingerprint, folded_at, turns_played, state = pickle.loads(payload)
        except Exception:  # an unreadable snapshot is only a cache miss
            return None
        if fingerprint != FINGERPRINT or not 0 <= folded_at <= version:
            return None
        after = [json.loads(raw) for raw in self.redis.lrange(self.key(game_id, "log"), folded_at, version - 1)] \
            if folded_at < version else []
        if len(after) != version - folded_at or any(entry["kind"] != TURN for entry in after):
            return None  # compacted meanwhile, or a correction: the log decides
        game = Game.resume(record, state, turns_played)
        for entry in after:
            game.play(entry["turn"])
        return game

    # -- summaries (written by the worker's summary job) ----------------

    def record_at(self, game_id: str, version: int) -> dict:
        """The game record with its turns as they stood at ``version``;
        :class:`Missing` when the game (or that version) does not exist."""
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.get(self.key(game_id, "record"))
            pipe.lrange(self.key(game_id, "log"), 0, version - 1)
            raw_record, raw_entries = pipe.execute()
        entries = [json.loads(raw) for raw in raw_entries] if version > 0 else []
        if not entries and version > 0:
            entries = self._archived(game_id)[:version]
        if raw_record is None or len(entries) != version:
            raise Missing(game_id)
        return {**json.loads(raw_record), "turns": turns_of(entries)}

    def save_summary(self, game_id: str, version: int, summary: dict, pdf: bytes) -> None:
        """Keep the summary of the game at ``version`` and its PDF score
        sheet, and tell the game's listeners it is ready."""
        self.writes.run(self._save_summary, [self.key(game_id, f"summary:{version}")],
                        [dumps(summary), pdf, events.channel(game_id), dumps(summary_event(version, summary)),
                         self.publish])

    def summary(self, game_id: str, version: int) -> dict | None:
        """The stored summary of the game at ``version``, or None."""
        raw, packed = self.redis.hmget(self.key(game_id, f"summary:{version}"), ["json", "zjson"])
        if packed is not None:  # a compacted game's (store/compaction.py)
            return compaction.unpack_summary(cast(bytes, packed))
        return None if raw is None else json.loads(raw)

    def summary_pdf(self, game_id: str, version: int) -> bytes | None:
        """The PDF score sheet the summary job rendered at ``version``, or None."""
        raw = self.redis.hget(self.key(game_id, f"summary:{version}"), "pdf")
        return None if raw is None else _bytes(raw)

    def summary_or_job(self, game_id: str, version: int) -> dict | SummaryJob:
        """The stored summary of the game at ``version``, else how its job
        stands (queued first when nobody else will run it)."""
        summary = self.summary(game_id, version)
        if summary is not None:
            return summary
        job = self.summaries.look(game_id, version)
        if job.state == "finished":
            # Finished between our two reads, or its summary is gone: read
            # once more, and run it again only when there is still nothing.
            summary = self.summary(game_id, version)
            if summary is not None:
                return summary
            job = self.summaries.look(game_id, version, rerun_finished=True)
        return job

    # -- events ----------------------------------------------------------

    def feed(self) -> feeds.PatternFeed | feeds.ShardedFeed:
        """The events of the games this process follows, as they are
        published: sharded where the store publishes them so (:mod:`store.feeds`)."""
        return feeds.ShardedFeed(self.redis) if self.publish == "SPUBLISH" else feeds.PatternFeed(self.redis)

    # -- boards ----------------------------------------------------------

    def save_board(self, game: str, board: Any) -> tuple[str, str | None]:
        """Store a board profile; its id is derived from its content, so the
        same profile stored twice has one id and stays read-only. Answers the
        id and the board token that deletes it: made for the first store
        only (a repeat gets None), and kept only as its hash."""
        board_id = hashlib.sha256(dumps({"game": game, "board": board}).encode()).hexdigest()[:12]
        token = secrets.token_urlsafe(24)
        stored = self.redis.hsetnx("boards", board_id, dumps({"game": game, "board": board, "token": _hash(token)}))
        return board_id, token if stored else None

    def board(self, board_id: str) -> dict:
        """``{"game", "board"}`` of a stored profile; :class:`Missing` when unknown."""
        raw = self.redis.hget("boards", board_id) if isinstance(board_id, str) else None
        if raw is None:
            raise Missing(board_id)
        return _public(json.loads(raw))

    def boards(self, game: str | None = None) -> list[dict]:
        """Every stored profile (of one game when ``game`` is given), by id."""
        found = []
        for board_id, raw in sorted(self.redis.hgetall("boards").items()):
            stored = json.loads(raw)
            if game is None or stored["game"] == game:
                found.append({"id": _bytes(board_id).decode(), **_public(stored)})
        return found

    def delete_board(self, board_id: str, token: str | None) -> None:
        """Delete a stored profile with the token its first store answered;
        :class:`Missing` when unknown or the token is not its own. Games
        keep their own copy of the profile."""
        raw = self.redis.hget("boards", board_id)
        digest = json.loads(raw).get("token") if raw is not None else None
        if digest is None or not token or not secrets.compare_digest(digest, _hash(token)):
            raise Missing(board_id)
        self.redis.hdel("boards", board_id)


class KeyReused(Exception):
    """An Idempotency-Key sent again with a different body."""
