"""A game's tokens: the table's (every route) and the spectator's (reads).

Only their SHA-256 hashes are stored (``game:{<id>}:auth``). A creation with
an Idempotency-Key derives its tokens from the key and the server's secret,
so a repeat of the creation finds the same tokens while Redis, which never
sees the key, cannot (:func:`derived`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import cast

from . import redis_conn
from .keys import game_key

TABLE, SPECTATOR = "table", "spectator"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def derived(secret: bytes, key: str, game_id: str, role: str) -> str:
    """A token derived from an Idempotency-Key. The server's secret keys
    it, so a short or guessable Idempotency-Key never makes a guessable token."""
    digest = hmac.new(secret, f"{key}\0{game_id}:{role}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


#: What a role with no stored hash (no such game) is compared with: as long
#: as a hash, and no token's (a hash is hexadecimal).
NO_HASH = b"-" * 64


def role_of(hashes: dict[str, bytes], token: str | None) -> str | None:
    """``"table"`` or ``"spectator"`` for a token whose hash is among a
    game's ``hashes`` (by role), else None. The token is compared with both
    roles' hashes in constant time, also when there are none (``{}``: no
    such game), so the time taken does not tell whether the game exists."""
    if not token:
        return None
    given = token_hash(token).encode()
    found = None
    for role in (TABLE, SPECTATOR):
        if secrets.compare_digest(hashes.get(role, NO_HASH), given):
            found = role
    return found


class Tokens:
    """The tokens of every game, and the server's secret they may be derived with."""

    def __init__(self, client: redis_conn.Client):
        self.redis = client

    def hashes(self, game_id: str) -> dict[str, bytes]:
        """The game's token hashes by role; {} for no such game."""
        raw = cast(dict[bytes, bytes], self.redis.hgetall(game_key(game_id, "auth")))
        return {role.decode(): digest for role, digest in raw.items()}

    def new(self, game_id: str, creation_key: str | None) -> tuple[str, str]:
        """The table's and the spectator's token for a new game: random, or
        derived from the creation's Idempotency-Key."""
        if creation_key is None:
            return secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        return self.derived(creation_key, game_id)

    def derived(self, creation_key: str, game_id: str) -> tuple[str, str]:
        secret = self._secret()
        return derived(secret, creation_key, game_id, TABLE), derived(secret, creation_key, game_id, SPECTATOR)

    def _secret(self) -> bytes:
        """The server's secret for derived tokens, made by whichever process asks first."""
        self.redis.set("secret", secrets.token_bytes(32), nx=True)
        return cast(bytes, self.redis.get("secret"))
