"""Snapshots of folded games, in Redis and in this process's memory.

A game is loaded from its snapshot and the few turns logged after it, so a
turn costs the same at turn 5 and turn 150. A snapshot is written every
:data:`SNAPSHOT_EVERY` versions and after a correction, by the append that
makes that version (store/log.py). It carries a fingerprint of the
``scoring`` code: after an engine change the game is replayed from its log
instead. It is signed (HMAC-SHA256) with the server's secret over the game
id and the pickle, which holds the version it was folded at, and only
unpickled when the signature holds: a snapshot planted in Redis, or one
copied from another game, is ignored and the game replayed from its log.

:class:`Folds` keeps the games this process folded last, at the version
they were folded at, so that the next request on the same version (a
check, a turn, a GET) needs no fold at all.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import pickle
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import scoring
from scoring import Game

from . import redis_conn
from .keys import game_key
from .log import TURN, Match

#: The length of a snapshot's signature (HMAC-SHA256), which comes first.
SIGNATURE_BYTES = 32

#: A snapshot is written every this many versions (and after a correction):
#: a load replays at most this many turns less one on top of it.
SNAPSHOT_EVERY = 16

#: How many games one process keeps folded in memory (:class:`Folds`).
FOLDS = 256


def _fingerprint() -> str:
    """A hash of the engine's source: a snapshot is only reused by the same code."""
    digest = hashlib.sha256()
    for path in sorted(Path(scoring.__file__).parent.rglob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


FINGERPRINT = _fingerprint()


@dataclass(frozen=True)
class StoredGame:
    """A game as loaded from the store: its record (without turns), the
    folded engine game, the version it was folded at, the hashes of its
    tokens by role, where it stands in a match (which never changes), and
    when its last entry was logged (None: no entry), which a turn's news and
    its ``played_at`` need. Shared by every request
    that loads the game at that version: ``game`` is read only (play on a copy)."""

    id: str
    record: dict
    game: Game
    version: int
    tokens: dict[str, bytes]
    match: Match = Match()
    logged: str | None = None


class Folds:
    """The games this process loaded or wrote last, each at the version it
    was folded at: a request on that version needs no fold at all."""

    def __init__(self, size: int = FOLDS):
        self._games: OrderedDict[str, StoredGame] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def get(self, game_id: str) -> StoredGame | None:
        with self._lock:
            stored = self._games.get(game_id)
            if stored is not None:
                self._games.move_to_end(game_id)
            return stored

    def keep(self, stored: StoredGame) -> None:
        """Hold ``stored`` unless a later version of its game is held; the
        least recent game out beyond the size."""
        with self._lock:
            held = self._games.get(stored.id)
            if held is None or held.version <= stored.version:
                self._games[stored.id] = stored
                self._games.move_to_end(stored.id)
            while len(self._games) > self._size:
                self._games.popitem(last=False)


# KEYS[1] log, KEYS[2] snapshot. ARGV[1] the version, ARGV[2] the snapshot.
# Sets the snapshot only while the log is still at that version.
_KEEP_SNAPSHOT = """
if redis.call('LLEN', KEYS[1]) == tonumber(ARGV[1]) then redis.call('SET', KEYS[2], ARGV[2]) end
"""


class Snapshots:
    """The signed snapshots of every game.

    ``secret`` signs them; every process of one server needs the same
    (``brehon serve`` keeps it in its data directory). Without one the store
    makes its own, and its snapshots serve only itself."""

    def __init__(self, client: redis_conn.Client, secret: bytes | None = None):
        self.redis = client
        self._signing = secret or secrets.token_bytes(32)
        self._keep = client.register_script(_KEEP_SNAPSHOT)

    def due(self, version: int) -> bool:
        """Whether a turn that makes ``version`` brings a snapshot."""
        return version % SNAPSHOT_EVERY == 0

    def of(self, game_id: str, game: Game, version: int, logged: str | None) -> bytes:
        """The signed snapshot of ``game`` folded at ``version``, whose last
        entry was ``logged`` then."""
        payload = pickle.dumps((FINGERPRINT, version, game.turns_played, game.state, logged), pickle.HIGHEST_PROTOCOL)
        return self._signature(game_id, payload) + payload

    def keep(self, game_id: str, game: Game, version: int, logged: str | None) -> None:
        """Store a snapshot of a game replayed from its log (after an engine
        change, say), unless a write came between."""
        self._keep(keys=[game_key(game_id, "log"), game_key(game_id, "snapshot")],
                   args=[version, self.of(game_id, game, version, logged)])

    def _signature(self, game_id: str, payload: bytes) -> bytes:
        return hmac.new(self._signing, game_id.encode() + b"\0" + payload, hashlib.sha256).digest()

    def resume(self, game_id: str, record: dict, raw: bytes | None, version: int) -> tuple[Game, str | None] | None:
        """The game at ``version``, the log's length, from a snapshot signed
        for this game and the turns logged after it (read here), and when its
        last entry was logged: None when the snapshot is missing, not this
        game's, from other code or an older snapshot's shape, or a correction
        came after it."""
        if raw is None:
            return None
        signature, payload = raw[:SIGNATURE_BYTES], raw[SIGNATURE_BYTES:]
        if not hmac.compare_digest(signature, self._signature(game_id, payload)):
            return None  # planted, or copied from another game or server: never unpickled
        try:
            fingerprint, folded_at, turns_played, state, logged = pickle.loads(payload)
        except Exception:  # an unreadable snapshot is only a cache miss
            return None
        if fingerprint != FINGERPRINT or not 0 <= folded_at <= version:
            return None
        after = [json.loads(raw) for raw in self.redis.lrange(game_key(game_id, "log"), folded_at, version - 1)] \
            if folded_at < version else []
        if len(after) != version - folded_at or any(entry["kind"] != TURN for entry in after):
            return None  # compacted meanwhile, or a correction: the log decides
        game = Game.resume(record, state, turns_played)
        for entry in after:
            game.play(entry["turn"])
        return game, after[-1]["at"] if after else logged
