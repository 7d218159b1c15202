"""How one process follows the games' events: one subscription to every
game, or, on a Redis Cluster of Redis 7 or newer, sharded subscriptions to
the games it follows.

Both are iterated like :func:`store.events.feed` (:class:`~store.events.Heard`
events, :data:`~store.events.LISTENING`, :data:`~store.events.LOST`), and
both take :meth:`follow` and :meth:`unfollow` for the games whose streams
open and close here.

- :class:`PatternFeed`: a single Redis, or a cluster of older servers
  (whose nodes broadcast every ``PUBLISH`` to each other): one pattern
  subscription hears every game; ``follow`` has nothing to do.
- :class:`ShardedFeed`: ``SPUBLISH`` reaches only the subscribers on the
  game's own shard, so the feed ``SSUBSCRIBE`` s to each followed game's
  channel there (redis-py's ``ClusterPubSub`` holds a connection per node).
  Subscriptions change only in the thread that iterates the feed, since a
  redis-py PubSub is not safe to share between threads: ``follow`` asks
  for it and hands back an event set once Redis confirmed the subscription.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterator

import redis

from . import events

#: Seconds the sharded feed waits for a message on one node before it looks
#: at the others and at new subscriptions (the most a new stream waits).
POLL = 0.05


class PatternFeed:
    """Every game's events through one pattern subscription (:func:`store.events.feed`)."""

    def __init__(self, client):
        self._client = client

    def __iter__(self) -> Iterator[events.Heard | str]:
        return events.feed(self._client)

    def follow(self, game_id: str) -> threading.Event:
        """Every game is heard already (once LISTENING): nothing to wait for."""
        ready = threading.Event()
        ready.set()
        return ready

    def unfollow(self, game_id: str) -> None:
        pass


class ShardedFeed:
    """The events of the followed games, over sharded pub/sub on a cluster."""

    def __init__(self, client):
        self._client = client
        self._asks: queue.SimpleQueue = queue.SimpleQueue()
        # Touched only by the iterating thread: game -> set once subscribed.
        self._followed: dict[str, threading.Event] = {}

    def follow(self, game_id: str) -> threading.Event:
        """Ask to hear ``game_id``; the event is set once every event
        published from then on will be heard."""
        ready = threading.Event()
        self._asks.put((game_id, ready))
        return ready

    def unfollow(self, game_id: str) -> None:
        self._asks.put((game_id, None))

    def __iter__(self) -> Iterator[events.Heard | str]:
        first = True
        while True:
            pubsub = self._client.pubsub()
            # channel -> the events waiting for its confirmation
            waiting: dict[bytes, list[threading.Event]] = {}
            resubscribing = not first and bool(self._followed)
            try:
                for game_id in self._followed:
                    self._subscribe(pubsub, game_id, waiting)
                if not resubscribing:
                    yield events.LISTENING
                first = False
                while True:
                    if not self._followed:  # nothing to listen to: wait for a stream to ask
                        self._apply(pubsub, waiting, *self._asks.get())
                    self._answer_asks(pubsub, waiting)
                    message = pubsub.get_sharded_message(timeout=POLL)
                    if message is None:
                        continue
                    if message["type"] == "smessage":
                        heard = events.heard_in(message)
                        if heard is not None:
                            yield heard
                    elif message["type"] == "ssubscribe" and message["channel"] in waiting:
                        for ready in waiting.pop(message["channel"]):
                            ready.set()
                        if resubscribing and not waiting:
                            resubscribing = False
                            yield events.LISTENING
                    elif message["type"] == "ssubscribe" and not resubscribing:
                        # redis-py subscribed again by itself after a lost
                        # connection: events may have been missed meanwhile.
                        yield events.LOST
                        yield events.LISTENING
            except redis.RedisError:
                pass
            finally:
                pubsub.reset()
            yield events.LOST
            time.sleep(events.RECONNECT)
            try:  # the master of a slot may have changed (a failover)
                self._client.nodes_manager.initialize()
            except redis.RedisError:
                pass

    def _subscribe(self, pubsub, game_id: str, waiting: dict) -> None:
        channel = events.channel(game_id)
        waiting.setdefault(channel.encode(), []).append(self._followed[game_id])
        pubsub.ssubscribe(channel)

    def _answer_asks(self, pubsub, waiting: dict) -> None:
        while True:
            try:
                game_id, ready = self._asks.get_nowait()
            except queue.Empty:
                return
            self._apply(pubsub, waiting, game_id, ready)

    def _apply(self, pubsub, waiting: dict, game_id: str, ready: threading.Event | None) -> None:
        if ready is None:
            if self._followed.pop(game_id, None) is not None:
                pubsub.sunsubscribe(events.channel(game_id))
        elif game_id in self._followed:
            # Already asked for: this asker waits for the same confirmation.
            if self._followed[game_id].is_set():
                ready.set()
            else:
                waiting.setdefault(events.channel(game_id).encode(), []).append(ready)
        else:
            self._followed[game_id] = ready
            self._subscribe(pubsub, game_id, waiting)
