"""Keltis (Kosmos 2008): the referee of the shared rules/keltis.md.

Modules: :mod:`.board` the fixed board and the tile layout checks (§3),
:mod:`.state` the state and what is known of the tiles (§6.4),
:mod:`.rules` the ruleset and its turn rules (§5-§10), :mod:`.choices` the
legal answers of a decision (§14), :mod:`.score` the score sheet and the
tally (§11, §15), :mod:`.chronicle` what the summary reads, and
:mod:`.messages` the texts of its own rules.

A turn is a walk through decision points (rules §5): ``main`` (play or
discard), ``reveal`` (an arrival on a stone whose tile is unknown),
``clover`` (a clover took effect), ``draw``, then ``done``; ``over`` once
the game has ended. Every step of a figure runs the arrival procedure of
§5.1 (``Keltis._step``). Hands are never entered: the card supply of
:mod:`scoring.cards` knows only the cards taken from discard piles (§7.3).

State: :class:`~.state.KeltisState`, plain dataclasses, lists and dicts (it
survives ``copy.deepcopy`` and ``pickle``). Stones are kept per path as
lists indexed by row (index 0, the start stone, is unused): the laid-out
tile (``None`` while unknown) and whether that tile was taken.

``decision(state).choices`` (the check route's summary, rules §14):

- ``main``: ``{"play": {color: {"values": [...], "move": "enter", "figures":
  [sizes]} | {..., "move": "step", "to_row": r} | {..., "move": "bonus",
  "bonus": [paths]}}, "discard": [cards], "reveals": ...}``
- ``reveal``: ``{"path", "row", "tiles": [tile ids]}``
- ``clover``: ``{"paths": [...], "decline": true, "reveals": ...}``, plus
  ``"enter"`` and ``"figures"`` with ``clover_can_enter``
- ``draw``: ``{"from": ["deck", colours...], "reveals": ...}``

``reveals`` maps ``path -> row -> [tile ids]`` for every stone whose tile is
still unknown. ``decision(state).optional`` lists those free reveals as
actions; reveals that would only confirm a known stone are left out (they
change nothing).

``view(state)`` shape::

    {"turn": <turns played>, "active": <player id or null when over>,
     "decision": <decision name>, "over": bool, "end_reason": str|null,
     "draw_pile": n, "goal_area": n,
     "piles": {color: [values bottom..top]},
     "stones": {path: {"1".."9": {"tile": id|"none"|null, "taken": bool}}},
     "players": {id: {"figures": [{"path", "row", "large"}],
                      "start": {"small": n, "large": n},
                      "rows": {color: {"cards": [values],
                                       "direction": "ascending"|"descending"|null}},
                      "stones_held": n, "track": n,
                      "hand": {"known": [cards], "unknown": n}}}}

``stones.*.tile`` is the laid-out content (``null`` while unknown); with
``taken`` true the stone is bare now. Choices where the rules file is
silent: a free reveal is checked against what lies on the stone now (a
taken tile reads ``none``), exactly as §6.4 says; the tally requires all
four keys of a player (``id``, ``figures``, ``stones_held``, ``track``);
``options: null`` reads as ``{}`` like an absent key, while ``setup.tiles``
and ``setup.tiles_complete`` must be absent or of their type (``null`` is
``record.invalid``); within one object an unknown key is reported before a
missing one; ``3.0`` is not an integer.

Record ergonomics, kept as deliberate choices: on a ``play`` whose figure
stands on the end stone, an absent ``bonus`` is ``keltis.bonus.missing``
while ``"bonus": null`` declines the step, because the rules make the player
say it; an absent ``figure`` and ``null`` both mean "no figure enters". The
turn whose move ends the game carries no draw: an action after that move is
``game.over``, and its message says the game ended with this turn's move.
"""

from __future__ import annotations

from .rules import RULESET, Keltis

__all__ = ["RULESET", "Keltis"]
from . import game  # noqa: F401,E402  (its declaration registers itself)
