"""The news of a log entry: what a phone needs to apply it without fetching the game.

A turn's or a correction's event (``GET .../events``), and the answer to the
write that logged it, are one object: the entry as logged (``kind``,
``turn``, ``at``; a correction's ``undo`` or ``replace``, ``by`` and
``replaced``), ``version``, the version it made, and the game as it then
stands: ``state`` (the table the app draws), ``decision`` (the one that
opens the next turn, with its legal choices) and ``scoresheet``. A
correction changes the turns before it, so its news also carries ``turns``
(the record's turns as they now stand) and ``history`` (scoring/history.py);
a turn's news needs neither, as the whole history would grow with the game:
it carries ``in_history``, the values the entry adds to the history
(``seconds`` since the entry before, ``holds``, the turn's index in the
record's turns, and for the first entry ``start``), and the phone appends
the turn and them.

The phone applies news whose version follows the one it shows, and fetches
the whole game only when a version does not follow (frontend/js/screens/table.js).
The server's tables/ tells it for the games it holds; the phone's referee
(scoring/answers.py :func:`~scoring.answers.write`) for the games that live
on the phone: the same function, so the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from .engine import JSON, Game
from .history import CORRECTION, TURN, history_of, seconds_between, turns_of


def as_it_stands(game: Game) -> JSON:
    """The game as it stands: ``state`` (the table the app draws),
    ``decision`` (the one that opens the next turn, with its legal choices)
    and ``scoresheet``; what the game's view, a write's news and a 412 carry."""
    return {"state": game.view(), "decision": game.decision().to_json(), "scoresheet": game.scoresheet()}


def news(entry: JSON, version: int, game: Game, entries: Sequence[JSON] = ()) -> JSON:
    """The news of ``entry``, which made ``version`` and left ``game``;
    ``entries``, the log up to and with it (a turn's needs only the entry
    before it, and none for the first)."""
    told = {**entry, "version": version, **as_it_stands(game)}
    if entry["kind"] == CORRECTION:
        told |= {"turns": turns_of(entries), "history": history_of(entries)}
    else:
        before = entries[-2]["at"] if version > 1 else entry["at"]
        told["in_history"] = {"seconds": seconds_between(before, entry["at"]), "holds": game.turns_played - 1}
        if version == 1:
            told["in_history"]["start"] = entry["at"]  # the history starts with its first entry
    return told


def news_since(record: JSON, entries: Sequence[JSON], since: int) -> list[JSON]:
    """The news of every entry after version ``since``, rebuilt from the
    log's ``entries`` (the game's ``record`` gives its start)."""
    if len(entries) <= since:
        return []
    game = Game.replay({**record, "turns": turns_of(entries[:since])})
    told = []
    for version in range(since + 1, len(entries) + 1):
        entry = entries[version - 1]
        if entry["kind"] == TURN:
            game.play(entry["turn"])
        else:  # a correction: the turns after it are replayed anyway
            game = Game.replay({**record, "turns": turns_of(entries[:version])})
        told.append(news(entry, version, game, entries[:version]))
    return told
