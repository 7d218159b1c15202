"""The card supply and card rows shared by Keltis and Keltis: Das Orakel.

Both games use the same 110 cards (5 colours x values 0-10 x 2 copies), the
same face-up discard pile per colour, the same draw pile that only counts
down, and the same card rows in front of each player. Brehon never sees a
hand: it knows only the cards a player took from a discard pile (keltis.md
§7.3, keltis-orakel.md §5.1). A copy of a card is *seen* when it lies in a
card row, anywhere in a discard pile, or is a known card of a hand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .engine import RuleBroken

COLORS = ("red", "yellow", "green", "blue", "purple")
VALUES = tuple(range(11))
COPIES = 2
HAND_SIZE = 8
ALL_CARDS = tuple((color, value) for color in COLORS for value in VALUES)

Card = tuple[str, int]  # (colour, value); JSON {"color", "value"} at the edges


def card_of(data: dict) -> Card:
    return (data["color"], data["value"])


def card_json(card: Card) -> dict:
    return {"color": card[0], "value": card[1]}


# -- card rows -------------------------------------------------------------


def direction(row: list[int]) -> int:
    """+1 ascending, -1 descending, 0 no direction yet.

    The first value that differs from the row's first value fixes it. The
    direction is computed from the cards present, so a row that loses its
    top card (an Orakel goblin) may lose its direction again.
    """
    for value in row:
        if value != row[0]:
            return 1 if value > row[0] else -1
    return 0


def row_allows(row: list[int], value: int) -> bool:
    """Whether ``value`` may be added to ``row``: equal values always may."""
    heading = direction(row)
    if heading > 0:
        return value >= row[-1]
    if heading < 0:
        return value <= row[-1]
    return True


def check_row(color: str, row: list[int], value: int, rule: str) -> None:
    """Raise ``rule`` (the game's ``*.row.direction``) when the card may not follow."""
    if not row_allows(row, value):
        ascending = direction(row) > 0
        raise RuleBroken(
            rule,
            {"color": color, "row": list(row), "card": card_json((color, value))},
            last=row[-1],
            heading="ascends" if ascending else "descends",
            bound="higher" if ascending else "lower",
        )


# -- the supply ------------------------------------------------------------


@dataclass
class Hand:
    """What Brehon knows of one hand: known cards and how many are unknown."""

    known: Counter = field(default_factory=Counter)
    unknown: int = HAND_SIZE

    @property
    def size(self) -> int:
        return sum(self.known.values()) + self.unknown


@dataclass
class Supply:
    """Discard piles, the draw pile's count, the hands, and the seen copies."""

    draw_pile: int
    hands: dict[str, Hand]
    piles: dict[str, list[int]] = field(default_factory=lambda: {color: [] for color in COLORS})
    seen: Counter = field(default_factory=Counter)

    @classmethod
    def deal(cls, players: list[str], draw_pile: int) -> "Supply":
        return cls(draw_pile=draw_pile, hands={player: Hand() for player in players})

    # cards leaving a hand

    def take_from_hand(self, player: str, card: Card) -> None:
        """A played or discarded card leaves the hand (keltis.md §7.3).

        Raises ``card.exhausted`` or ``card.not_in_hand``. The caller puts
        the card somewhere seen (a row: :meth:`seen_in_row`; a pile:
        :meth:`discard`).
        """
        hand = self.hands[player]
        if hand.known[card]:
            hand.known[card] -= 1
            self.seen[card] -= 1  # it stays seen once the caller lays it down
            return
        if self.seen[card] >= COPIES:
            raise RuleBroken("card.exhausted", {"card": card_json(card)}, color=card[0], value=card[1])
        if hand.unknown == 0:
            raise RuleBroken("card.not_in_hand", {"card": card_json(card)}, color=card[0], value=card[1])
        hand.unknown -= 1

    def seen_in_row(self, card: Card) -> None:
        self.seen[card] += 1

    def discard(self, card: Card) -> None:
        self.piles[card[0]].append(card[1])
        self.seen[card] += 1

    def discard_from_row(self, card: Card) -> None:
        """A card taken off a row goes on its pile; it was seen and stays
        seen once (an Orakel goblin, keltis-orakel.md §10.1)."""
        self.piles[card[0]].append(card[1])

    # cards entering a hand

    def draw_from_deck(self, player: str) -> bool:
        """One unknown card from the draw pile; True when it was the last."""
        self.draw_pile -= 1
        self.hands[player].unknown += 1
        return self.draw_pile == 0

    def draw_from_pile(self, player: str, color: str) -> Card:
        """The pile's top card becomes a known card of the hand (pile non-empty)."""
        card = (color, self.piles[color].pop())
        self.hands[player].known[card] += 1
        return card

    # what may still be in a hand

    def could_hold(self, player: str, card: Card) -> bool:
        """Whether ``player`` may play or discard ``card`` as far as Brehon knows."""
        hand = self.hands[player]
        if hand.known[card]:
            return True
        return hand.unknown > 0 and self.seen[card] < COPIES

    def possible_cards(self, player: str) -> list[Card]:
        """Every card the player may hold, in colour then value order."""
        return [card for card in ALL_CARDS if self.could_hold(player, card)]

    def tops(self) -> dict[str, int | None]:
        return {color: (pile[-1] if pile else None) for color, pile in self.piles.items()}
