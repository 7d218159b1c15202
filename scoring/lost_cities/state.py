"""The Lost Cities cards (rules §1) and the state the engine keeps (§4).

A wager card is kept as the value :data:`WAGER` (1), below every number
card, so a card stays a ``(colour, int)`` like the Keltis family's and the
shared supply of :mod:`scoring.cards` sorts and counts it; JSON writes it
``"wager"`` (:meth:`CardSet.json`). Plain dataclasses, lists and dicts: the
state survives ``copy.deepcopy`` and ``pickle``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, CardSet, Hand, Supply
from ..engine import JSON, RuleBroken

COLORS = ("yellow", "blue", "white", "green", "red")
PURPLE = "purple"
WAGER = 1
WAGER_WORD = "wager"
NUMBERS = tuple(range(2, 11))
WAGERS = 3  # copies of a colour's wager card
#: value -> copies of one colour's card (0 and 1 unused by numbers; 1 is the wager)
COPIES = (0, WAGERS, *(1 for _ in NUMBERS))
CARDS = CardSet(COLORS, COPIES, ((WAGER, WAGER_WORD),))
CARDS_WITH_PURPLE = CardSet((*COLORS, PURPLE), COPIES, ((WAGER, WAGER_WORD),))
HAND_SIZE = 8
#: the deck after dealing: 60 - 2 x 8, or 72 - 2 x 8 with purple (rules §1)
DECK = {False: 44, True: 56}


def card_set(purple: bool) -> CardSet:
    return CARDS_WITH_PURPLE if purple else CARDS


def value_json(value: int) -> int | str:
    """A value as records write it: a number, or ``"wager"``."""
    return WAGER_WORD if value == WAGER else value


def values_json(values: list[int]) -> list[int | str]:
    return [value_json(value) for value in values]


class LostCitiesSupply(Supply):
    """The shared supply (:mod:`scoring.cards`), whose refusals of a card no
    hand can hold carry what rules §11.4 lists: ``copies`` of a
    ``card.exhausted``, the ``known`` cards of a ``card.not_in_hand``."""

    def _not_held(self, hand: Hand, card: Card) -> RuleBroken:
        written = self.cards.json(card)
        copies = self.cards.copies[card[1]]
        if self.seen.get(card, 0) >= copies:
            return RuleBroken("card.exhausted", {"card": written, "copies": copies},
                              color=card[0], variant="wagers" if card[1] == WAGER else "one")
        return RuleBroken("card.not_in_hand", {"card": written, "known": self.known_json(hand)})

    def known_json(self, hand: Hand) -> list[JSON]:
        """The known cards of a hand in the order of the game's colours, then
        by value (wagers first), each copy once."""
        order = {color: index for index, color in enumerate(self.cards.colors)}
        cards = sorted(hand.known.items(), key=lambda item: (order[item[0][0]], item[0][1]))
        return [self.cards.json(card) for card, copies in cards for _ in range(copies)]

    def hand_json(self, player: str) -> JSON:
        hand = self.hands[player]
        return {"known": self.known_json(hand), "unknown": hand.unknown}


@dataclass
class LostCitiesState:
    """Everything the referee knows of one round (rules §4), and the open turn."""

    players: list[str]
    options: JSON
    colors: tuple[str, ...]
    supply: LostCitiesSupply
    #: player -> colour -> values in the order laid (wagers as WAGER)
    expeditions: dict[str, dict[str, list[int]]]
    carry: dict[str, int]
    turn: int = 0  # turns played
    active: str = ""  # whose turn is open (the last player's once the round is over)
    end_reason: str | None = None
    decision: str = "main"  # main, draw, done; "over" once the round has ended

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    @property
    def clovers(self) -> int:
        """No clovers in Lost Cities: the family's chronicle asks (chains of none)."""
        return 0
