"""The store of games: one Redis (or Redis Cluster), its nouns, and a game's load.

The nouns, one module each: the records and logs (:mod:`store.log`), the
snapshots and this process's cache of folded games (:mod:`store.snapshots`),
the idempotency answers (:mod:`store.answers`), the tokens
(:mod:`store.tokens`) and the board profiles (:mod:`store.boards`); the
key layout is in :mod:`store.keys`. :class:`Store` holds one of each on
one client, loads a game (cache, snapshot, log) and keeps the end-of-game
summaries the worker writes.
"""

from __future__ import annotations

import json
import os
import secrets
from typing import cast

import redis
from rq import get_current_job

from scoring import Game

from . import compaction, events, feeds, redis_conn
from .answers import Answers, Idempotency
from .boards import Boards
from .keys import game_key
from .log import Log, Match, Missing, dumps, now, turns_of
from .snapshots import Folds, Snapshots, StoredGame
from .summaries import SummaryJob, SummaryQueue
from .tokens import SPECTATOR, TABLE, Tokens, role_of, token_hash

SUMMARY = "summary"
NEXT = "next"


def summary_event(version: int, summary: dict) -> dict:
    """What listeners hear when the summary of ``version`` is stored."""
    return {"kind": SUMMARY, "version": version, "summary": summary}


# KEYS[1] the summary hash (the game's slot)
# ARGV[1] the summary's JSON, ARGV[2] its PDF
# ARGV[3] the game's channel, ARGV[4] the event, ARGV[5] the publish command
_SAVE_SUMMARY = """
redis.call('HSET', KEYS[1], 'json', ARGV[1], 'pdf', ARGV[2])
redis.call(ARGV[5], ARGV[3], ARGV[4])
return 1
"""


class Store:
    """Games, tokens, boards and the summary queue in one Redis.

    Made before gunicorn forks its workers: redis-py opens its connections
    on first use and opens new ones in a forked process, so each process
    talks to Redis over its own."""

    def __init__(self, client: redis_conn.Client, secret: bytes | None = None, queue: redis.Redis | None = None):
        self.redis = client
        # The queue (rq) needs a plain Redis: on a cluster, one of its own.
        if queue is None and redis_conn.is_cluster(client):
            raise ValueError("a store on a Redis Cluster needs a plain Redis for its queue (BREHON_QUEUE_URL)")
        self.summaries = SummaryQueue(queue or cast(redis.Redis, client))
        self.writes = redis_conn.DurableWrites(client)
        self.log = Log(client, self.writes)
        self.snapshots = Snapshots(client, secret)
        self.answers = Answers(client, self.writes)
        self.tokens = Tokens(client)
        self.boards = Boards(client)
        self.folds = Folds()
        self._save_summary = client.register_script(_SAVE_SUMMARY)

    @classmethod
    def from_url(cls, url: str, secret: bytes | None = None, queue_url: str | None = None) -> "Store":
        """The store of ``REDIS_URL`` (a single Redis or a cluster, see
        :mod:`store.redis_conn`), its queue at ``queue_url`` (default: the
        same Redis, which a cluster cannot be)."""
        queue = redis.Redis.from_url(queue_url, max_connections=redis_conn.MAX_CONNECTIONS) if queue_url else None
        return cls(redis_conn.connect(url), secret, queue)

    @classmethod
    def of_current_job(cls) -> "Store":
        """The store of the rq job this process runs (``brehon worker``): at
        REDIS_URL (a single Redis or a cluster) when it is set, else on the
        queue's own Redis."""
        job = get_current_job()
        assert job is not None  # an rq worker runs it
        url = os.environ.get("REDIS_URL")
        return cls(redis_conn.connect(url), queue=job.connection) if url else cls(job.connection)

    def ping(self) -> bool:
        """Whether the games' Redis answers (raises when it does not)."""
        return bool(self.redis.ping())

    # -- a game's life ------------------------------------------------------

    def create(self, record: dict, game: Game, idempotency: Idempotency | None = None) -> tuple[str, str, str, int]:
        """Store a record that ``game`` is the replay of. Returns the new
        id, the table token, the spectator token and the version.

        With an Idempotency-Key the tokens are derived from the key, which is
        never stored, and the game is remembered under a hash of the key (see
        :meth:`created`). Should an identical request have won a race for the
        key meanwhile, its game is answered and this one is dropped."""
        game_id = secrets.token_hex(8)
        token, spectator = self.tokens.new(game_id, idempotency.key if idempotency else None)
        version, at = len(record["turns"]), now()
        self.log.create(game_id, record, (token_hash(token), token_hash(spectator)),
                        self.snapshots.of(game_id, game, version, at if version else None), at)
        if idempotency is not None and not self.answers.keep_creation(idempotency, game_id, version):
            self.log.drop(game_id)
            earlier = self.created(idempotency)
            assert earlier is not None  # the key was taken meanwhile
            return earlier
        return game_id, token, spectator, version

    def create_next(self, before: StoredGame, record: dict, game: Game) -> tuple[str, bool]:
        """Store the next round of ``before``'s match, ``record`` (``game``
        its replay): it opens with ``before``'s tokens, so every phone at
        that table (and every spectator) opens it as it opens ``before``.
        Answers its id and whether it was made now: when ``before`` had its
        next round already (another phone was first), that one, and this
        one is dropped."""
        game_id = secrets.token_hex(8)
        hashes = (before.tokens[TABLE].decode(), before.tokens[SPECTATOR].decode())
        self.log.create(game_id, record, hashes, self.snapshots.of(game_id, game, len(record["turns"]), None), now(),
                        before.match.after(before.id))
        event = dumps({"kind": NEXT, "version": before.version, "next": game_id})
        linked = self.log.link(before.id, game_id, event)
        if linked != game_id:
            self.log.drop(game_id)
        return linked, linked == game_id

    def created(self, idempotency: Idempotency) -> tuple[str, str, str, int] | None:
        """The game an earlier creation with this Idempotency-Key made (id,
        tokens, version), or None; :class:`KeyReused` when it came with another body."""
        first = self.answers.created(idempotency)
        if first is None:
            return None
        game_id, version = first
        return game_id, *self.tokens.derived(idempotency.key, game_id), version

    def load(self, game_id: str, token: str | None = None, *, needs_token: bool = False,
             version: int | None = None) -> StoredGame:
        """The game folded at its current version: from this process's
        cache when it holds that version, else from its snapshot and the
        turns logged after it, else replayed from the log. :class:`Missing`
        when unknown, and with ``needs_token`` also when ``token`` opens no
        role of the game: checked before any fold, so a stranger costs none.

        With ``version``, the version a write was composed on, a game cached
        at that version is answered without asking Redis: the write's script
        checks the version anyway."""
        cached = self.folds.get(game_id)
        if cached is not None:
            if needs_token and role_of(cached.tokens, token) is None:
                raise Missing(game_id)  # a game's tokens never change: no need to ask Redis again
            if cached.version == (version if version is not None else self.log.version(game_id)):
                return cached
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.get(game_key(game_id, "record"))
            pipe.hgetall(game_key(game_id, "auth"))
            pipe.get(game_key(game_id, "snapshot"))
            pipe.llen(game_key(game_id, "log"))
            pipe.get(game_key(game_id, "match"))
            raw_record, raw_tokens, raw_snapshot, length, raw_match = pipe.execute()
        tokens = {role.decode(): digest for role, digest in raw_tokens.items()}
        if raw_record is None or (needs_token and role_of(tokens, token) is None):
            raise Missing(game_id)
        record = json.loads(raw_record)
        resumed = self.snapshots.resume(game_id, record, raw_snapshot, length)
        if resumed is None:
            entries = self.log.entries(game_id)
            game = Game.replay({**record, "turns": turns_of(entries)})
            length, logged = len(entries), entries[-1]["at"] if entries else None
            self.snapshots.keep(game_id, game, length, logged)
        else:
            game, logged = resumed
        stored = StoredGame(game_id, record, game, length, tokens, Match.of(raw_match), logged)
        self.folds.keep(stored)
        return stored

    # -- summaries (written by the worker's summary job) ----------------

    def record_at(self, game_id: str, version: int) -> dict:
        """The game record with its turns as they stood at ``version``;
        :class:`Missing` when the game (or that version) does not exist."""
        return self.log.record_at(game_id, version)[0]

    def save_summary(self, game_id: str, version: int, summary: dict, pdf: bytes) -> None:
        """Keep the summary of the game at ``version`` and its PDF score
        sheet, and tell the game's listeners it is ready."""
        self.writes.run(self._save_summary, [game_key(game_id, f"summary:{version}")],
                        [dumps(summary), pdf, events.channel(game_id), dumps(summary_event(version, summary)),
                         self.log.publish])

    def summary(self, game_id: str, version: int) -> dict | None:
        """The stored summary of the game at ``version``, or None."""
        raw, packed = self.redis.hmget(game_key(game_id, f"summary:{version}"), ["json", "zjson"])
        if packed is not None:  # a compacted game's (store/compaction.py)
            return compaction.unpack_summary(cast(bytes, packed))
        return None if raw is None else json.loads(cast(bytes, raw))

    def summary_pdf(self, game_id: str, version: int) -> bytes | None:
        """The PDF score sheet the summary job rendered at ``version``, or None."""
        return cast(bytes | None, self.redis.hget(game_key(game_id, f"summary:{version}"), "pdf"))

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
        return feeds.ShardedFeed(self.redis) if self.log.publish == "SPUBLISH" else feeds.PatternFeed(self.redis)
