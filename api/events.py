"""The live table: ``GET /api/v1/games/<id>/events``, server-sent events.

One event per log entry (a turn or a correction), one when the
end-of-game summary is stored, and one when a phone starts the next round
of a match. An event's ``id`` is the game version it
made, its ``event`` the kind (``turn``, ``correction``, ``summary``), its
``data`` the entry's news (scoring/news.py: the entry, ``version``, and the
game as it then stands, enough for a phone to apply it without a fetch),
:func:`store.summary_event` (``version``, ``summary``), or for ``next``
``version`` (the game's, unchanged) and ``next``, the next round's id. A comment every
:data:`HEARTBEAT` seconds keeps a quiet stream from being dropped by
proxies and phones. A client that accepts gzip gets the stream gzipped,
each event flushed as it goes (:func:`gzipped`).

Listeners on every API process hear every event: the store publishes each
one on the game's Redis channel in the same script that appends it. A
listener that comes back with ``Last-Event-ID: <version>`` first gets the
events it missed, rebuilt from the log, then the live ones; the summary of
the current version, when stored, comes after them (a listener that had
seen it may see it twice).

Each API process follows the store's feed of every game's events once
(:class:`Hub`), in one thread that hands each event to the streams of that
game open in this process. A stream still holds a server thread while it
is open: ``brehon serve`` sizes gunicorn's threads for that (brehon/serve.py).
"""

from __future__ import annotations

import queue
import threading
import time
import zlib
from collections.abc import Iterator

from flask import Response, current_app, request

from store import LISTENING, LOST, NEXT, SUMMARY, Heard, StoredGame, dumps, summary_event
from store.feeds import PatternFeed, ShardedFeed
from tables import Tables

from .access import SECURITY, table_access, tables
from .bodies import Blueprint
from .metrics import EVENT_STREAMS
from .problems import Problem

blp = Blueprint("events", __name__, url_prefix="/api/v1/games", description="Live events of a game")

#: Seconds between heartbeat comments on a quiet stream.
HEARTBEAT = 15.0
#: Milliseconds a client waits before it reconnects (the SSE ``retry`` field).
RETRY_MS = 1000
#: Seconds a new stream waits for this process's subscription to Redis.
READY_TIMEOUT = 10.0

#: The events that come beside the version they name (no entry of the log makes them).
BESIDE = (SUMMARY, NEXT)

#: Put in every inbox when the subscription is lost: the streams end, and
#: their clients come back with Last-Event-ID and get what they missed from
#: the log, rather than follow a stream that hears nothing.
END = None


class Hub:
    """This process's one subscription to the events of every game, fanned
    out to the inboxes of the streams open here. The thread that reads it
    starts with the first stream."""

    def __init__(self, games: Tables):
        self._games = games
        self._lock = threading.Lock()
        self._inboxes: dict[str, set[queue.SimpleQueue]] = {}
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._feed: PatternFeed | ShardedFeed | None = None
        # game -> set once the feed hears it (at once, unless sharded: store/feeds.py)
        self._following: dict[str, threading.Event] = {}

    def join(self, game_id: str) -> queue.SimpleQueue:
        """A new inbox of the game's events (``(version, kind, framed event)``, or
        :data:`END`), filled from the moment this returns; 503 when the
        hub cannot reach Redis."""
        inbox: queue.SimpleQueue = queue.SimpleQueue()
        with self._lock:
            if self._feed is None:
                self._feed = self._games.feed()
                self._thread = threading.Thread(target=self._run, args=(self._feed,), name="brehon-events",
                                                daemon=True)
                self._thread.start()
            if game_id not in self._inboxes:
                self._following[game_id] = self._feed.follow(game_id)
            self._inboxes.setdefault(game_id, set()).add(inbox)
            following = self._following[game_id]
        if not (self._ready.wait(READY_TIMEOUT) and following.wait(READY_TIMEOUT)):
            self.leave(game_id, inbox)
            raise Problem(503, "Live events are unavailable for a moment.", headers={"Retry-After": "1"})
        return inbox

    def leave(self, game_id: str, inbox: queue.SimpleQueue) -> None:
        """Stop filling ``inbox``."""
        with self._lock:
            inboxes = self._inboxes.get(game_id, set())
            inboxes.discard(inbox)
            if not inboxes and self._inboxes.pop(game_id, None) is not None and self._feed is not None:
                self._following.pop(game_id, None)
                self._feed.unfollow(game_id)

    def _run(self, feed: PatternFeed | ShardedFeed) -> None:
        for heard in feed:
            if heard is LOST:
                self._ready.clear()
                self._tell_all(END)
            elif heard is LISTENING:
                self._ready.set()
            elif isinstance(heard, Heard):
                self._deliver(heard)

    def _deliver(self, heard: Heard) -> None:
        with self._lock:
            inboxes = list(self._inboxes.get(heard.game, ()))
        if not inboxes:
            return
        # Framed once per process, not once per stream.
        item = (heard.version, heard.kind, frame(heard.version, heard.kind, heard.text))
        for inbox in inboxes:
            inbox.put(item)

    def _tell_all(self, item) -> None:
        with self._lock:
            inboxes = [inbox for group in self._inboxes.values() for inbox in group]
        for inbox in inboxes:
            inbox.put(item)


def hub() -> Hub:
    """This application's hub (one per process)."""
    return current_app.extensions.setdefault("brehon.hub", Hub(tables()))


@blp.route("/<game_id>/events", methods=["GET"])
@blp.doc(security=SECURITY, parameters=[
    {"in": "header", "name": "Last-Event-ID", "required": False, "schema": {"type": "string"},
     "description": "the version of the last event seen: the events after it are sent first"},
])
@table_access(write=False)
@blp.response(200, content_type="text/event-stream",
              description="events `turn`, `correction`, `summary` and `next`; each id is the game version it "
                          "made (or, for `summary` and `next`, stood at)")
def get_events(table: StoredGame):
    """Follow the game: an event for every new turn, correction, summary and next round; resumable."""
    since = _last_event_id()
    heartbeat = current_app.config.get("EVENTS_HEARTBEAT", HEARTBEAT)
    events = hub()
    inbox = events.join(table.id)
    # Read after joining: every event after this version is in the inbox.
    now = tables().version(table.id)
    # An id from beyond this game's log (another game's, say) resumes from now.
    last = now if since is None else min(since, now)
    told = stream(tables(), table, inbox, last, since is not None, heartbeat)
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no", "Vary": "Accept-Encoding"}
    gzip = bool(request.accept_encodings["gzip"])
    if gzip:
        headers["Content-Encoding"] = "gzip"
    answer = Response(gzipped(told) if gzip else told, mimetype="text/event-stream", headers=headers)
    EVENT_STREAMS.inc()

    def closed() -> None:
        events.leave(table.id, inbox)
        EVENT_STREAMS.dec()

    answer.call_on_close(closed)
    return answer


def _last_event_id() -> int | None:
    raw = request.headers.get("Last-Event-ID", "").strip()
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()):  # "²" is a digit to str.isdigit, not to int()
        raise Problem(400, "Last-Event-ID is the version of the last event seen, a whole number.")
    return int(raw)


def frame(version: int, kind: str, text: str) -> str:
    """One server-sent event."""
    return f"id: {version}\nevent: {kind}\ndata: {text}\n\n"


def frame_of(data: dict) -> str:
    """The server-sent event of an event dict."""
    return frame(data["version"], data["kind"], dumps(data))


def gzipped(chunks: Iterator[str]) -> Iterator[bytes]:
    """The stream gzipped, each chunk flushed as it goes: flask-compress
    compresses a stream only to its end, and an event must reach the table
    at once. One compressor for the whole stream, so that an event is
    mostly told by reference to the one before it (a decision's choices
    change little from turn to turn)."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    for chunk in chunks:
        yield compressor.compress(chunk.encode()) + compressor.flush(zlib.Z_SYNC_FLUSH)


def stream(games: Tables, table: StoredGame, inbox: queue.SimpleQueue, last: int, resume: bool,
           heartbeat: float) -> Iterator[str]:
    """The events of ``table``'s game after version ``last`` from the log,
    then the live ones from ``inbox`` (filling since before ``last`` was
    read, so nothing falls between the two) until the hub says :data:`END`;
    when the client ``resume``s, the summary of the version it catches up
    to, if stored, and the next round, if started."""
    yield f"retry: {RETRY_MS}\n: brehon events of game {table.id}\n\n"
    for missed in games.news_since(table, last):
        yield frame_of(missed)
        last = missed["version"]
    if resume:
        summary = games.summary(table, last)
        if summary is not None:
            yield frame_of(summary_event(last, summary))
        following = games.next_of(table)
        if following is not None:
            yield frame_of({"kind": NEXT, "version": last, "next": following})
    quiet_since = time.monotonic()
    while True:
        try:
            item = inbox.get(timeout=max(0.0, heartbeat - (time.monotonic() - quiet_since)))
        except queue.Empty:
            yield ": heartbeat\n\n"
            quiet_since = time.monotonic()
            continue
        if item is END:
            return
        version, kind, framed = item
        if version > last + (kind not in BESIDE):
            # Came out of order: the log has it all, in order.
            for missed in games.news_since(table, last):
                yield frame_of(missed)
                last = missed["version"]
        if version == last + 1 or (kind in BESIDE and version == last):
            yield framed
            last = version
            quiet_since = time.monotonic()
