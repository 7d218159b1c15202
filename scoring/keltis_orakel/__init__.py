"""Keltis: Das Orakel (``keltis-orakel``), rules/keltis-orakel.md.

Three figures per player walk a 36-field spiral path whose layout comes from
a board profile in the record. A played card goes into the player's row of
its colour and moves one figure to the next field of that colour, or walks
the oracle priestess up to the card's green number. Small fields hold path
tiles (points, clovers, spirals, goblins, mirrors) that the table reveals as
figures reach them; large fields and the center hold wishing stones.

Modules: :mod:`.board` the board profile and its checks (§3) and the setup
tiles (§4.2), :mod:`.state` the state, :mod:`.rules` the ruleset and its
turn rules (§6-§11), :mod:`.choices` the legal answers of a decision,
:mod:`.score` the score sheet and the tally (§12, §15), :mod:`.chronicle`
what the summary reads, :mod:`.messages` the texts of its own rules.

The state is a plain :class:`~.state.OrakelState` (dataclasses, dicts and
lists), so it survives ``copy.deepcopy`` and ``pickle``. Cards and rows are
the shared code of :mod:`scoring.cards`; ranking is :mod:`scoring.ranking`.

A turn runs as one open *decision* at a time (§6): ``main``, ``reveal``,
``spiral``, ``goblin``, ``draw``, then ``complete``; ``over`` once the game
has ended. Legal actions are only listed by ``Orakel.decision``, never
computed while applying; an action is checked completely
before it changes the state.

``view(state)`` shape::

    {"turn": turns played, "active": player id (None once over), "decision": decision name,
     "over": bool, "end_reason": str | None, "draw_pile": n,
     "priestess": field index, "piles": {color: [values, bottom first]},
     "fields": [{"index", "kind", "color", "value",
                 "tile": tile id | "none" (mirror taken) | None (unknown;
                         also on the start, large fields and the center),
                 "stones": wishing stones left}],
     "players": {id: {"figures": [3 field indices],
                      "rows": {color: {"cards": [values],
                                       "direction": "ascending" | "descending" | None
                                                    (with row_direction "kept": the kept one,
                                                     which the cards left need not show)}},
                      "stones_held", "mirrors", "track",
                      "track_sources": {"start", "tiles", "priestess", "goblin"},
                      "goblin_scored": bool,
                      "hand": {"known": [cards], "unknown": n}}}}

The turn whose move ends the game carries no draw: an action after that
move is ``game.over``, and its message says the game ended with this turn's
move (a deliberate choice: the draw belongs to a turn that goes on).

Choices where the rules file is silent:

- ``decision().optional`` lists the free reveals that agree with what is
  known: for a known small field its one confirming reveal, for an unknown
  one every tile id with stock left.
- A ``spiral`` action may leave out ``to`` (the same as ``to: null``), as any
  optional key may be ``null``.
- ``board.invalid`` details carry ``check`` (§3.2), a JSON ``pointer`` to the
  field at fault and a ``reason``; :func:`~.board.board_problems` lists every problem
  in the order of §3.2 for an editor, the refusal carries the first.
- The board warnings of §3.3 are one entry per code, naming every field
  (or pair) at fault in ``details``.
- A field's ``stones: null`` is the same as leaving it out (0); only an
  integer is a stone count, so ``2.0`` on a large field is ``board.invalid``.
- ``setup: null`` is the same as ``{}``; inside it, ``tiles: null`` or
  ``tiles_complete: null`` is a ``shape`` fault (§4.2 fixes their types).
- In a tally, a missing ``board`` key is ``record.invalid`` (a missing key,
  §15); a ``board`` that is there but not an object is ``board.invalid``
  (``shape``, §3.2). Players are checked before the board, as in a record.
- Within ``options``, the type and choice faults of every key come before the
  list and range checks of ``goblin_scores`` and ``two_player_removed``.
"""

from __future__ import annotations

from .rules import RULESET, Orakel

__all__ = ["RULESET", "Orakel"]
from . import game  # noqa: F401,E402  (its declaration registers itself)
