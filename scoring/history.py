"""A game's log as data: the turns that stand, and the history that
``GET /api/v1/games/{id}`` answers.

A game is its record and a log of entries; its version is the number of
entries. An entry is a turn, ``{"kind": "turn", "turn": {...}, "at": "<UTC
time>"}``, or a correction, ``{"kind": "correction", "undo": true |
"replace": k, "turn": {...}, "by": "<who>", "replaced": {"index": k, "turn":
{...}}, "at": ...}``. The server's store keeps the log; a game that lives on
the phone keeps its own: both read it here, so both show the same history.

The history holds the log's facts each once, beside the record whose turns
are the ones that stand: when it started, one value per entry (its seconds
after the one before, the turn it holds), and in full only the entries that
are not a turn that stands (frontend/js/history.js reads it).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone
from typing import Any

JSON = dict[str, Any]

TURN = "turn"
CORRECTION = "correction"


def turn_entry(turn: Any, at: str) -> JSON:
    """The log entry of a turn logged at ``at`` (a correction's: scoring/corrections.py)."""
    return {"kind": TURN, "turn": turn, "at": at}


#: Why a ``played_at`` is refused (the API's and the phone's 422 say it after the name).
PLAYED_INVALID = "Not a valid date-time with its UTC offset (ISO 8601, e.g. 2026-12-07T20:15:00Z)."


def logged_at(played: str | None, before: str | None, arrival: str) -> str:
    """When the log keeps a turn that arrived at ``arrival``: when the table
    played it, ``played`` (an ISO 8601 time with its offset, as a phone that
    queued it says: it may send it long after), bounded by the entry before
    it (``before``, None for the first) and by ``arrival``, to the second in
    UTC as entries are. None: at its arrival. ``ValueError`` for a
    ``played`` that is no such time (:data:`PLAYED_INVALID`)."""
    if played is None:
        return arrival
    when = played_time(played)
    if before is not None:
        when = max(when, datetime.fromisoformat(before))
    if when >= datetime.fromisoformat(arrival):
        return arrival
    return when.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def played_time(played: str) -> datetime:
    """``played`` as a time; ``ValueError`` when it is no ISO 8601 time with its offset."""
    when = datetime.fromisoformat(played)  # a ValueError of its own for no time at all
    if when.tzinfo is None:
        raise ValueError(f"{played!r} has no UTC offset")
    return when


def standing(entries: Sequence[JSON]) -> list[tuple[int, JSON]]:
    """The fold of the log: for each turn as it stands, the index of the
    entry that holds it and the turn. A turn is appended, an undo drops the
    last turn, a replace puts its turn at its index."""
    turns: list[tuple[int, JSON]] = []
    for index, entry in enumerate(entries):
        if entry["kind"] == TURN:
            turns.append((index, entry["turn"]))
        elif entry["kind"] == CORRECTION and entry.get("undo"):
            turns.pop()
        elif entry["kind"] == CORRECTION:
            turns[entry["replace"]] = (index, entry["turn"])
        else:
            raise ValueError(f"unknown log entry kind {entry['kind']!r}")
    return turns


def turns_of(entries: Sequence[JSON]) -> list[JSON]:
    """The turns as they stand after folding the log's entries."""
    return [turn for _, turn in standing(entries)]


def history_of(entries: Sequence[JSON]) -> JSON:
    """The log as a game's ``history``, one value per entry where every
    entry has one:

    - ``start``: when the first entry was logged (None before any);
    - ``seconds``: for each entry, oldest first, the whole seconds since the
      entry before it (the first: 0);
    - ``holds``: for each entry, the index in ``record.turns`` of the turn
      it holds (a turn, or the correction that replaced one), or None (an
      undo, or a turn a later correction undid or replaced);
    - ``entries``: every entry that is not a turn that still stands (the
      corrections, and the turns undone or replaced), as logged without
      ``at`` and ``replaced``, under ``version``, the one it made (its place
      in the log, from 1). One that holds a turn leaves its ``turn`` out: it
      is ``record.turns[holds]``. An entry not listed is a turn that stands."""
    holds: list[int | None] = [None] * len(entries)
    for position, (index, _) in enumerate(standing(entries)):
        holds[index] = position
    listed = [{"version": index + 1, **{key: value for key, value in entry.items()
                                        if key not in ("at", "replaced") and not (key == "turn" and held is not None)}}
              for index, (entry, held) in enumerate(zip(entries, holds))
              if not (entry["kind"] == TURN and held is not None)]
    times = [entry["at"] for entry in entries]
    return {"start": entries[0]["at"] if entries else None,
            "seconds": [seconds_between(before, now) for before, now in zip(times[:1] + times, times)],
            "holds": holds, "entries": listed}


def seconds_between(before: str, now: str) -> int:
    """The whole seconds from one entry's time to the next one's (each to the second)."""
    return round(datetime.fromisoformat(now).timestamp() - datetime.fromisoformat(before).timestamp())


def after_turns(history: JSON, ats: Sequence[str], held: int, arrival: str | None = None) -> JSON | None:
    """``history`` (as :func:`history_of` answers it) after more turns that
    stand, logged at ``ats`` in order, the first held at index ``held`` of
    the record's turns: what :func:`history_of` answers for the log with
    those entries appended. With ``arrival``, ``ats`` are when the table
    played them (a phone's queue sends each as ``played_at``) and each is
    logged as :func:`logged_at` logs one arriving then. What a phone shows
    of the turns it queued offline. None for a history kept before it had
    ``holds``."""
    if not isinstance(history.get("holds"), list):
        return None
    seconds, holds = list(history["seconds"]), list(history["holds"])
    start = history.get("start")
    last = _utc(datetime.fromisoformat(start).timestamp() + sum(seconds)) if start else None
    for number, at in enumerate(ats):
        if arrival is not None:
            at = logged_at(at, last, arrival)
        seconds.append(seconds_between(last or at, at))
        holds.append(held + number)
        start, last = start or at, _utc(datetime.fromisoformat(last or at).timestamp() + seconds[-1])
    return {**history, "start": start, "seconds": seconds, "holds": holds}


def _utc(timestamp: float) -> str:
    """A log entry's time, as entries keep it."""
    return datetime.fromtimestamp(timestamp, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
