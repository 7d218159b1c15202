"""Celtica (Ravensburger 2006): the referee of the shared rules/celtica.md.

Five druids belong to nobody; players move them with druid cards (only
counted, never named) and experience cards (counted, each stamped with the
turn it was gained in). A play-phase turn is a walk through decisions
(rules §4.3): ``move``, then the landing's ``take`` / ``give`` / ``cult``,
then an optional ``reveal`` of the refill after a take, then ``done``. Once
the game has ended every player has one end turn, decision ``end`` (swaps,
buys, one closing ``reveal``); then ``over``.

The display is counts per kind of known spaces plus a number of unknown
spaces; the unseen parts (supply and unknown spaces) follow from
conservation (§1.1, :func:`~.state.unseen`). The refill of a turn is done once, when
its ``reveal`` arrives or when the turn ends (the same as a reveal of
nulls), so that a reveal can name parts drawn across a supply run-out
(§8.3). Until then the display stands short in ``Celtica.view``.

Modules: :mod:`.state` the components, the state and what is unseen,
:mod:`.board` the board profile and setup checks (§2, §3), :mod:`.rules`
the ruleset and its turn rules (§4-§8), :mod:`.display` the display, supply
and decks (§4.1, §7, §8), :mod:`.choices` the legal answers of a decision,
:mod:`.score` amulets and the score sheet (§9, §12, §15),
:mod:`.chronicle` what the summary reads, :mod:`.messages` the texts.

State: :class:`~.state.CelticaState` and :class:`~.state.Seat`, plain
dataclasses, dicts and lists (they survive ``copy.deepcopy`` and
``pickle``). An action is checked completely before it changes the state.

``decision(state)``: ``actions`` lists complete legal actions (every one
when ``listed`` is true), and ``choices`` says everything a client needs to
compose one itself:

- ``take``: ``choices``: at most ``count`` parts and at least ``least``
  (0 with ``take_count: "up_to"``, ``count`` with ``"exactly"``), the
  ``kinds`` that may be named, per kind the ``max`` copies, the ``known``
  display spaces per kind, the ``unknown`` spaces, and ``answers``: how many
  legal takes there are. A take is legal iff it names ``least`` to ``count``
  parts, kind k at most ``max[k]`` times, and the copies beyond ``known[k]``,
  summed over the kinds, are at most ``unknown`` (§8.2). The takes are
  listed (parts in the order of :data:`~.state.KINDS`) only while there are
  at most :data:`~.choices.LISTED_MOST` of them (``listed``); a site showing
  9 parts over an unknown display has 48,620. A client builds a take part
  by part (:func:`~.choices.addable`): adding any kind it allows never
  leads to a dead end.
- ``give``: the same, for a ruin: ``count`` = ``least`` parts, ``kinds``
  held and per kind the ``max`` held, ``answers``; listed while few.
- ``reveal`` (and the reveal of an ``end`` decision): the ordered reveals
  are too many to list (10 values per drawn part), so ``actions`` holds the
  reveal of nulls and, per kind the first drawn part can be, a reveal naming
  it. ``choices``: ``drawn`` and ``from``, the piles the parts come from in
  drawing order, each ``{"pile": "supply"|"ruin", "count", "max"}``: the
  next ``count`` entries of the reveal come from that pile, each null or a
  kind of ``max``, kind k named at most ``max[k]`` times in that stretch
  (§8.3; the ruin pile follows when the supply runs out).

``optional`` is always empty: Celtica has no free reveals.

``view(state)`` shape::

    {"turn": <turns played>, "active": <player id or null when over>,
     "decision": <decision name>, "phase": "play"|"end"|"over", "over": bool,
     "end_reason": str|null (set as soon as the game has ended, also in the
                             end phase), "round": n, "final_round": bool,
     "druids": {color: location index},
     "locations": [{"index", "kind", "parts": n|null}],
     "display": {"known": {kind: n}, "unknown": n}, "supply": n, "ruin": {kind: n},
     "druid_deck": n, "druid_discard": {color: n},
     "experience_deck": n, "experience_discard": n,
     "players": {id: {"druid_cards": n, "experience": n, "parts": {kind: n},
                      "amulets": [[kinds of one amulet], ...],
                      "by_location": {kind: {"gained": n, "lost": n}}}}}

``amulets`` is the canonical packing (§9); ``by_location`` counts the parts
taken at each kind of find site and given up at ruins (end-phase swaps and
buys are not locations and are not counted there).

Every player has one end-phase turn, also with nothing to do: that turn is
logged empty (``{"player": ..., "actions": []}``); leaving it out makes the
next player's turn ``turn.order``. A deliberate choice: the record keeps who
closed the game.

Choices where the rules file is silent: ``parts_range`` is only checked on
locations that need ``parts`` (a start or cult site with any ``parts`` is
``parts_forbidden``); a board shape fault inside a location carries that
location's index; a tally's ``board``, when given and not null, must be a
valid profile; ``celtica.move.experience`` counts experience cards stamped
before the current turn, whatever druid cards the player holds (with the
default options a player without druid cards never has a play-phase turn);
a location's ``"parts": null`` counts as given (``parts_range`` on a find
site or ruin, ``parts_forbidden`` on a start or cult site), and a move's
``"experience": null`` is not a count (``record.invalid``); every turn's
shape is checked before the board and the setup, as in the other games.
"""

from __future__ import annotations

from .rules import RULESET, Celtica

__all__ = ["RULESET", "Celtica"]
from . import game  # noqa: F401,E402  (its declaration registers itself)
