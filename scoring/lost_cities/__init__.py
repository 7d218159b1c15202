"""Lost Cities, the card game (Kosmos 1999): the referee of the shared
rules/lost-cities.md. One record is one round; earlier rounds of a match
come in as ``setup.carry``.

Modules: :mod:`.state` the cards and the state (§1, §4), :mod:`.rules` the
actions' shape (one section) and the ruleset (§3, §5-§7, §11), :mod:`.choices`
the legal answers of a decision (§12), :mod:`.score` the score sheet, the
row rule shared by replay and tally, and the tally (§9, §13),
:mod:`.chronicle` what the summary reads, :mod:`.messages` the texts of its
own rules, :mod:`.game` what the other layers need of it (its declaration).
Shared with the Keltis family: the card supply and its card
knowledge (:mod:`scoring.cards`, with this game's :class:`~scoring.cards.CardSet`),
the score sheet's frame and ranks (:mod:`scoring.ranking`), the chronicle
(:class:`~scoring.chronicle.CardChronicle`) and the shared rule messages.

A turn is ``main`` (play or discard), then ``draw``, then ``done``;
``over`` once the draw took the deck's last card. A wager card is the
value 1 inside the engine and ``"wager"`` in every answer.

``decision(state).choices`` (the check route's summary, rules §12):

- ``main``: ``{"play": {color: [values]}, "discard": [cards]}``
- ``draw``: ``{"from": ["deck", colours...]}``

``view(state)`` shape::

    {"turn": <turns played>, "active": <player id or null when over>,
     "decision": <decision name>, "over": bool, "end_reason": str|null,
     "colors": [colours of the game], "deck": n,
     "piles": {color: [values bottom..top]},
     "players": {id: {"expeditions": {color: [values in the order laid]},
                      "hand": {"known": [cards], "unknown": n},
                      "earlier_rounds": n}}}

The points where the rules file is silent, and the choices made there,
are listed in :mod:`.rules`.
"""

from __future__ import annotations

from .rules import RULESET, LostCities

__all__ = ["RULESET", "LostCities"]
from . import game  # noqa: F401,E402  (its declaration registers itself)
