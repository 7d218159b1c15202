"""Backup and restore: every game and board as JSON lines, one file per kind.

``games.jsonl`` holds one game a line: its id, its record without turns,
its log (turns and corrections, with their times), the hashes of its tokens
(so the table's and the spectators' tokens open it again), its stored
summaries (the PDF in base64), in a match the round it follows and the
one after it, and the first answers to its writes'
Idempotency-Keys with the moment they expire (so that a phone resending a
turn after a restore gets its first answer, not a 412). ``boards.jsonl``
holds one stored board profile a line (with the hash of the token that
deletes it). Creation keys and snapshots are left out: a creation's answer
holds tokens derived with the server's secret, which stays with the
server, and snapshots are rebuilt from the log.

Both files hold token hashes: they are written readable by their owner
only (0600) in a folder only its owner can open (0700), whatever the umask.

:func:`backup` reads every game in one Redis transaction, so the files show
the store as it stood at one moment (a game created while the keys are
listed is in the next backup). :func:`restore` loads them into an empty
store, in one transaction too.
"""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Iterator
from pathlib import Path

from . import compaction
from .games import Store
from .keys import game_key
from .log import dumps

GAMES, BOARDS = "games.jsonl", "boards.jsonl"


class NotEmpty(Exception):
    """The store to restore into already holds games or boards."""


def _game_ids(store: Store) -> list[str]:
    return sorted({key.decode().partition("{")[2].partition("}")[0]
                   for key in store.redis.scan_iter("game:{*}:record")})


def _summary_keys(store: Store, game_id: str) -> list[str]:
    return sorted(key.decode() for key in store.redis.scan_iter(game_key(game_id, "summary:*")))


def backup(store: Store, folder: Path) -> tuple[int, int]:
    """Write every game and board into ``folder``; the numbers of each."""
    ids = _game_ids(store)
    summaries = {game_id: _summary_keys(store, game_id) for game_id in ids}
    with store.redis.pipeline(transaction=True) as pipe:
        for game_id in ids:
            pipe.get(game_key(game_id, "record"))
            pipe.lrange(game_key(game_id, "log"), 0, -1)
            pipe.get(game_key(game_id, "archive"))  # a finished game's log, compacted
            pipe.hgetall(game_key(game_id, "auth"))
            pipe.hgetall(game_key(game_id, "idem"))
            pipe.pexpiretime(game_key(game_id, "idem"))
            pipe.get(game_key(game_id, "next"))
            pipe.get(game_key(game_id, "match"))
            for key in summaries[game_id]:
                pipe.hgetall(key)
        pipe.hgetall("boards")
        answers = iter(pipe.execute())
    private_folder(folder)
    games = 0
    with private_file(folder / GAMES) as written:
        for game_id in ids:
            record, log, archive, auth = next(answers), next(answers), next(answers), next(answers)
            idempotency, expires, following, match = next(answers), next(answers), next(answers), next(answers)
            kept = {key.rpartition(":")[2]: next(answers) for key in summaries[game_id]}
            if record is None:  # deleted between the listing and the transaction
                continue
            written.write(_line({
                "id": game_id,
                "record": json.loads(record),
                "log": [json.loads(entry) for entry in log] if log or archive is None else compaction.unpack(archive),
                "auth": {role.decode(): digest.decode() for role, digest in auth.items()},
                "summaries": {version: {"json": _summary_json(summary),
                                        "pdf": base64.b64encode(summary[b"pdf"]).decode()}
                              for version, summary in kept.items() if summary},
                "idempotency": _idempotency(idempotency, expires),
                "next": following.decode() if following is not None else None,
                "match": json.loads(match) if match is not None else None,
            }))
            games += 1
    boards = next(answers)
    with private_file(folder / BOARDS) as written:
        for board_id, body in sorted(boards.items()):
            written.write(_line({"id": board_id.decode(), **json.loads(body)}))
    return games, len(boards)


def restore(store: Store, folder: Path) -> tuple[int, int]:
    """Load a backup from ``folder`` into an empty store (:class:`NotEmpty`
    otherwise); the numbers of games and boards."""
    if _game_ids(store) or store.redis.exists("boards"):
        raise NotEmpty()
    games = list(_lines(folder / GAMES))
    boards = list(_lines(folder / BOARDS))
    with store.redis.pipeline(transaction=True) as pipe:
        for game in games:
            game_id = game["id"]
            pipe.set(game_key(game_id, "record"), dumps(game["record"]))
            if game["log"]:
                pipe.rpush(game_key(game_id, "log"), *(dumps(entry) for entry in game["log"]))
            pipe.hset(game_key(game_id, "auth"), mapping=game["auth"])
            for version, summary in game["summaries"].items():
                pipe.hset(game_key(game_id, f"summary:{version}"),
                          mapping={"json": dumps(summary["json"]), "pdf": base64.b64decode(summary["pdf"])})
            if game.get("next"):  # absent from a backup written before matches were linked
                pipe.set(game_key(game_id, "next"), game["next"])
            if game.get("match"):
                pipe.set(game_key(game_id, "match"), dumps(game["match"]))
            kept = game.get("idempotency")  # absent from a backup written before they were kept
            if kept and kept["answers"]:
                key = game_key(game_id, "idem")
                pipe.hset(key, mapping={base64.b64decode(field): base64.b64decode(answer)
                                        for field, answer in kept["answers"].items()})
                if kept["expires_ms"] > 0:  # -1: kept for ever; a moment passed: gone at once
                    pipe.pexpireat(key, kept["expires_ms"])
        for board in boards:
            pipe.hset("boards", board["id"], dumps({key: value for key, value in board.items() if key != "id"}))
        pipe.execute()
    return len(games), len(boards)


def private_folder(folder: Path) -> None:
    """``folder``, made if need be, opened to its owner only (0700): mkdir's
    mode goes through the umask, chmod does not."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)


def private_file(path: Path):
    """``path`` opened for writing (emptied), readable by its owner only
    (0600) from its first byte, whatever the umask or its mode before."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(descriptor, 0o600)  # an existing file keeps its mode, and a new one's went through the umask
    return open(descriptor, "w", encoding="utf-8")


def _idempotency(answers: dict[bytes, bytes], expires_ms: int) -> dict:
    """A game's kept Idempotency-Key answers (their fields and values are
    bytes: base64) and the moment, in Unix milliseconds, they expire."""
    return {"answers": {base64.b64encode(field).decode(): base64.b64encode(answer).decode()
                        for field, answer in sorted(answers.items())},
            "expires_ms": expires_ms}


def _summary_json(summary: dict) -> dict:
    """A stored summary's JSON, compressed once its game was compacted."""
    if b"json" in summary:
        return json.loads(summary[b"json"])
    return compaction.unpack_summary(summary[b"zjson"])


def _line(value) -> str:
    return dumps(value) + "\n"


def _lines(path: Path) -> Iterator[dict]:
    with open(path, encoding="utf-8") as read:
        for line in read:
            if line.strip():
                yield json.loads(line)
