"""The shape of a game's history, as ``GET /api/v1/games/{id}`` answers it.

The log's facts each once, beside the record whose turns are the ones that
stand: when it started, one value per entry (its seconds after the one
before, the turn it holds), and in full only the entries that are not a
turn that stands (frontend/js/history.js reads it).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from store import TURN, standing


def history_of(entries: Sequence[dict]) -> dict:
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
    times = [datetime.fromisoformat(entry["at"]).timestamp() for entry in entries]  # whole seconds
    return {"start": entries[0]["at"] if entries else None,
            "seconds": [round(now - before) for before, now in zip(times[:1] + times, times)],
            "holds": holds, "entries": listed}
