"""The live table: ``GET /api/v1/games/<id>/events``, server-sent events.

One event per log entry (a turn or a correction) and one when the
end-of-game summary is stored. An event's ``id`` is the game version it
made, its ``event`` the kind (``turn``, ``correction``, ``summary``), its
``data`` the JSON of :func:`api.store.event` (the entry, ``version``,
``scoresheet``) or :func:`api.store.summary_event` (``version``,
``summary``). A comment every :data:`HEARTBEAT` seconds keeps a quiet
stream from being dropped by proxies and phones.

Listeners on every API process hear every event: the store publishes each
one on the game's Redis channel in the same script that appends it. A
listener that comes back with ``Last-Event-ID: <version>`` first gets the
events it missed, rebuilt from the log, then the live ones; the summary of
the current version, when stored, comes after them (a listener that had
seen it may see it twice).

A stream holds a server thread and a Redis connection while it is open:
``brehon serve`` sizes gunicorn's threads for that (api/cli.py).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

from flask import Response, current_app, request
from flask_smorest import Blueprint

from scoring import Game

from .games import SECURITY, store, table_access
from .problems import Problem
from .store import TURN, SUMMARY, Store, Table, event, summary_event, turns_of

blp = Blueprint("events", __name__, url_prefix="/api/v1/games", description="Live events of a game")

#: Seconds between heartbeat comments on a quiet stream.
HEARTBEAT = 15.0
#: Milliseconds a client waits before it reconnects (the SSE ``retry`` field).
RETRY_MS = 1000


@blp.route("/<game_id>/events", methods=["GET"])
@blp.doc(security=SECURITY, parameters=[
    {"in": "header", "name": "Last-Event-ID", "required": False, "schema": {"type": "string"},
     "description": "the version of the last event seen: the events after it are sent first"},
])
@table_access(write=False)
@blp.response(200, content_type="text/event-stream",
              description="events `turn`, `correction` and `summary`; each id is the game version it made")
def get_events(table: Table):
    """Follow the game: an event for every new turn, correction and summary, resumable."""
    since = _last_event_id()
    heartbeat = current_app.config.get("EVENTS_HEARTBEAT", HEARTBEAT)
    return Response(stream(store(), table, since, heartbeat), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


def _last_event_id() -> int | None:
    raw = request.headers.get("Last-Event-ID")
    if raw is None or raw.strip() == "":
        return None
    if not raw.strip().isdigit():
        raise Problem(400, "Last-Event-ID is the version of the last event seen, a whole number.")
    return int(raw)


def frame(data: dict) -> str:
    """One server-sent event of an event dict."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"id: {data['version']}\nevent: {data['kind']}\ndata: {text}\n\n"


def stream(store: Store, table: Table, since: int | None, heartbeat: float) -> Iterator[str]:
    """The events of ``table``'s game after version ``since`` (after the
    current version when None), then live ones until the client leaves."""
    # Subscribe before reading the log, so nothing falls between the two.
    pubsub = store.listen(table.id)
    try:
        yield f"retry: {RETRY_MS}\n: brehon events of game {table.id}\n\n"
        if since is None:
            last = store.version(table.id)
        else:
            last = since
            for missed in catch_up(store, table, since):
                yield frame(missed)
                last = missed["version"]
            summary = store.summary(table.id, last)
            if summary is not None:
                yield frame(summary_event(last, summary))
        quiet_since = time.monotonic()
        while True:
            wait = heartbeat - (time.monotonic() - quiet_since)
            message = pubsub.get_message(timeout=max(wait, 0.0)) if wait > 0 else None
            if message is None or message["type"] != "message":
                if time.monotonic() - quiet_since >= heartbeat:
                    yield ": heartbeat\n\n"
                    quiet_since = time.monotonic()
                continue
            heard = json.loads(message["data"])
            if heard["version"] > last + (heard["kind"] != SUMMARY):
                # Something came between (this process was slow to read):
                # the log has it all, in order.
                for missed in catch_up(store, table, last):
                    yield frame(missed)
                    last = missed["version"]
            if heard["version"] == last + 1 or (heard["kind"] == SUMMARY and heard["version"] == last):
                yield frame(heard)
                last = heard["version"]
                quiet_since = time.monotonic()
    finally:
        pubsub.close()


def catch_up(store: Store, table: Table, since: int) -> list[dict]:
    """The events of the versions after ``since``, rebuilt from the log:
    each entry with the score sheet of the game as it stood after it."""
    entries = store.entries(table.id)
    if since >= len(entries):
        return []
    game = Game.replay({**table.record, "turns": turns_of(entries[:since])})
    missed = []
    for version in range(since + 1, len(entries) + 1):
        entry = entries[version - 1]
        if entry["kind"] == TURN:
            game.play(entry["turn"])
        else:  # a correction: the turns after it are replayed anyway
            game = Game.replay({**table.record, "turns": turns_of(entries[:version])})
        missed.append(event(entry, version, game.scoresheet()))
    return missed
