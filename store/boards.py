"""Stored board profiles, shared read-only by id.

``boards`` is one hash: board id -> ``{"game", "board", "token": sha256(board
token)}`` (JSON). A profile's id is derived from its content, so the same
profile stored twice has one id; the token its first store answered deletes
it. Games keep their own copy of a profile.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any, cast

from . import redis_conn
from .log import Missing, dumps
from .tokens import token_hash


def _public(stored: dict) -> dict:
    """A stored board profile without the hash of its token."""
    return {"game": stored["game"], "board": stored["board"]}


class Boards:
    def __init__(self, client: redis_conn.Client):
        self.redis = client

    def save(self, game: str, board: Any) -> tuple[str, str | None]:
        """Store a board profile. Answers its id and the board token that
        deletes it: made for the first store only (a repeat gets None), and
        kept only as its hash."""
        board_id = hashlib.sha256(dumps({"game": game, "board": board}).encode()).hexdigest()[:12]
        token = secrets.token_urlsafe(24)
        stored = self.redis.hsetnx("boards", board_id, dumps({"game": game, "board": board, "token": token_hash(token)}))
        return board_id, token if stored else None

    def get(self, board_id: str) -> dict:
        """``{"game", "board"}`` of a stored profile; :class:`Missing` when unknown."""
        raw = self.redis.hget("boards", board_id) if isinstance(board_id, str) else None
        if raw is None:
            raise Missing(board_id)
        return _public(json.loads(cast(bytes, raw)))

    def all(self, game: str | None = None) -> list[dict]:
        """Every stored profile (of one game when ``game`` is given), by id."""
        found = []
        for board_id, raw in sorted(cast(dict[bytes, bytes], self.redis.hgetall("boards")).items()):
            stored = json.loads(raw)
            if game is None or stored["game"] == game:
                found.append({"id": board_id.decode(), **_public(stored)})
        return found

    def delete(self, board_id: str, token: str | None) -> None:
        """Delete a stored profile with the token its first store answered;
        :class:`Missing` when unknown or the token is not its own."""
        raw = self.redis.hget("boards", board_id)
        digest = json.loads(cast(bytes, raw)).get("token") if raw is not None else None
        if digest is None or not token or not secrets.compare_digest(digest, token_hash(token)):
            raise Missing(board_id)
        self.redis.hdel("boards", board_id)
