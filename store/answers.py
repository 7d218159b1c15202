"""Idempotency answers: the first answer to each Idempotency-Key.

A write to a game keeps, under a hash of its key, its status, the version
it made and a hash of its body (``game:{<id>}:idem``, written by the append
script of store/log.py in the same step as the entry). A repeat with the
same key and body gets that answer again; with another body it is
:class:`KeyReused`. A creation's key is global: ``created:<sha256(key)>``
names the game it made. Answers expire :data:`IDEMPOTENCY_SECONDS` after
the game's last write.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import cast

from . import redis_conn
from .keys import game_key

#: How long the first answer to an Idempotency-Key is kept (at least 24 h).
IDEMPOTENCY_SECONDS = 48 * 3600


class KeyReused(Exception):
    """An Idempotency-Key sent again with a different body."""


@dataclass(frozen=True)
class Idempotency:
    """An Idempotency-Key and a hash of the request it came with."""

    key: str
    request: str

    @classmethod
    def of(cls, key: str, body: object) -> "Idempotency":
        text = json.dumps(body, sort_keys=True, separators=(",", ":"))
        return cls(key, hashlib.sha256(text.encode()).hexdigest())

    @property
    def field(self) -> bytes:
        # 128 bits of a hash: a repeat needs to find its key, not to read it back.
        return hashlib.sha256(self.key.encode()).digest()[:16]

    @property
    def digest(self) -> bytes:
        return bytes.fromhex(self.request)[:16]

    def answer(self, status: int, version: int) -> bytes:
        """What is kept of the first answer: enough to answer a repeat."""
        return f"{status} {version} ".encode() + self.digest


@dataclass(frozen=True)
class Repeat:
    """The first answer to an Idempotency-Key: its status and the version
    the write made (the log holds the rest)."""

    status: int
    version: int

    @classmethod
    def parse(cls, raw: bytes, idempotency: Idempotency) -> "Repeat":
        status, version, request = raw.split(b" ", 2)
        if not hmac.compare_digest(request, idempotency.digest):
            raise KeyReused(idempotency.key)
        return cls(int(status), int(version))


# KEYS: the game's idempotency answers. ARGV: the key's field, their
# lifetime. The first answer, touched (a write), so that the wait for a
# replica that follows covers it too: a repeat is answered only once its
# first answer is as durable as a new one.
_REPEATED = """
local first = redis.call('HGET', KEYS[1], ARGV[1])
if first then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return first
"""


class Answers:
    """The first answers of every game's writes, and of creations."""

    def __init__(self, client: redis_conn.Client, writes: redis_conn.DurableWrites):
        self.redis = client
        self.writes = writes
        self._repeated = client.register_script(_REPEATED)

    def repeated(self, game_id: str, idempotency: Idempotency) -> Repeat | None:
        """The kept answer of a write to the game, or None when the key is
        new; :class:`KeyReused` when it came with another body."""
        raw = self.writes.run(self._repeated, [game_key(game_id, "idem")], [idempotency.field, IDEMPOTENCY_SECONDS])
        return None if raw is None else Repeat.parse(raw, idempotency)

    def created(self, idempotency: Idempotency) -> tuple[str, int] | None:
        """The game (id, version) an earlier creation with this key made, or
        None; :class:`KeyReused` when it came with another body."""
        raw = self.redis.get(_creation(idempotency))
        if raw is None:
            return None
        first = json.loads(cast(bytes, raw))
        if first["request"] != idempotency.request:
            raise KeyReused(idempotency.key)
        return first["id"], first["version"]

    def keep_creation(self, idempotency: Idempotency, game_id: str, version: int) -> bool:
        """Remember the game a creation made; False when an identical
        creation won the race for the key meanwhile."""
        first = json.dumps({"request": idempotency.request, "id": game_id, "version": version})
        return bool(self.redis.set(_creation(idempotency), first, nx=True, ex=IDEMPOTENCY_SECONDS))


def _creation(idempotency: Idempotency) -> str:
    return f"created:{hashlib.sha256(idempotency.key.encode()).hexdigest()}"
