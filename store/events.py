"""The event feed: what listeners hear of every game, as an iterator.

Every appended log entry and every stored summary is published on the
game's channel ``game:{<id>}:events`` in the same script (or transaction)
that writes it, so the events of one game come in version order.
:func:`feed` holds one subscription to the channels of every game and
yields :class:`Heard` events; it yields :data:`LISTENING` each time the
subscription is (again) in place, so that whoever follows it knows events
may have been missed while it was not, and :data:`LOST` when Redis went
away (it subscribes again by itself).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass

import redis

LOG = logging.getLogger(__name__)

#: Seconds the feed waits before it subscribes again after losing Redis.
RECONNECT = 1.0
#: Seconds to wait for Redis to confirm a subscription.
CONFIRM_TIMEOUT = 5.0

#: Yielded once the subscription is in place: every event published from now on is heard.
LISTENING = "listening"
#: Yielded when the subscription is lost: events published until the next LISTENING are not heard.
LOST = "lost"


def channel(game_id: str) -> str:
    """The pub/sub channel of a game's events."""
    return f"game:{{{game_id}}}:events"


def game_of_channel(name: bytes) -> str:
    """The game id in an event channel's name."""
    return name.decode().partition("{")[2].partition("}")[0]


@dataclass(frozen=True)
class Heard:
    """One event as published: its game, the version it made, its kind
    (``turn``, ``correction``, ``summary``) and its JSON text."""

    game: str
    version: int
    kind: str
    text: str


def feed(client: redis.Redis) -> Iterator[Heard | str]:
    """The events of every game, for as long as the caller iterates:
    :class:`Heard` events, :data:`LISTENING` and :data:`LOST`; after a loss
    it subscribes again."""
    while True:
        try:
            pubsub = _subscribe(client)
        except redis.RedisError:
            time.sleep(RECONNECT)
            continue
        yield LISTENING
        try:
            # redis-py's own iterator of messages; it reconnects by itself,
            # and says so with a new confirmation of the subscription.
            for message in pubsub.listen():
                if message["type"] == "pmessage":
                    heard = _heard(message)
                    if heard is not None:
                        yield heard
                elif message["type"] == "psubscribe":
                    yield LOST
                    yield LISTENING
        except redis.RedisError:
            pass
        finally:
            pubsub.close()
        yield LOST
        time.sleep(RECONNECT)


def _subscribe(client: redis.Redis) -> redis.client.PubSub:
    """A pub/sub connection subscribed to every game's channel, once Redis
    confirmed it (so every event published after this returns is heard)."""
    pubsub = client.pubsub()
    pubsub.psubscribe(channel("*"))
    # The confirmation is the first message this connection can get.
    if (pubsub.get_message(timeout=CONFIRM_TIMEOUT) or {}).get("type") != "psubscribe":
        pubsub.close()
        raise redis.ConnectionError("Redis did not confirm the subscription")
    return pubsub


def _heard(message: dict) -> Heard | None:
    text = message["data"].decode()
    try:
        data = json.loads(text)
        return Heard(game_of_channel(message["channel"]), data["version"], data["kind"], text)
    except (ValueError, KeyError, TypeError):  # not an event of ours: never stop the feed for it
        LOG.exception("unreadable event on %r", message["channel"])
        return None
