"""The cards of the Keltis family, written once for Keltis, Keltis: Das Orakel
and Lost Cities.

The Keltis games use the same 110 cards (5 colours x values 0-10 x 2 copies);
Lost Cities has its own (:class:`CardSet`: 5 or 6 colours, values 2-10 once
and three wagers). All have a face-up discard pile per colour, a draw pile
that only counts down, and card rows in front of each player. Brehon never sees a
hand: it knows only the cards a player took from a discard pile (keltis.md
§7.3, keltis-orakel.md §5.1). A copy of a card is *seen* when it lies in a
card row, anywhere in a discard pile, or is a known card of a hand.

Each game names its own refusals of these shared rules (``keltis.draw.empty``,
``keltis-orakel.draw.empty_pile``, ...): :class:`CardRules` carries them.
Every ``check_*`` function, and every move that can be refused, raises
before anything changes, so a refused action leaves the supply as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Self

from .engine import JSON, RuleBroken

COLORS = ("red", "yellow", "green", "blue", "purple")
#: for a replay's recognisers: a string from JSON is found in a set in one
#: step, in a tuple only after a comparison with each entry before its own
COLOR_SET = frozenset(COLORS)
VALUES = tuple(range(11))
COPIES = 2
HAND_SIZE = 8
ALL_CARDS = tuple((color, value) for color in COLORS for value in VALUES)

Card = tuple[str, int]  # (colour, value); JSON {"color", "value"} at the edges


def card_of(data: JSON) -> Card:
    return (data["color"], data["value"])


def card_json(card: Card) -> JSON:
    return {"color": card[0], "value": card[1]}


@dataclass(frozen=True)
class CardSet:
    """The cards of one game: its colours, per value the copies of a card
    of each colour (0: no such card), and the values that JSON writes as a
    word (Lost Cities keeps its wager as the value 1, below every number,
    and writes it ``"wager"``)."""

    colors: tuple[str, ...]
    copies: tuple[int, ...]  # index: value
    words: tuple[tuple[int, str], ...] = ()

    @property
    def all_cards(self) -> tuple[Card, ...]:
        """Every card, in colour then value order."""
        return tuple((color, value) for color in self.colors for value, copies in enumerate(self.copies) if copies)

    def of(self, data: JSON) -> Card:
        """A card from its JSON."""
        value = data["value"]
        for number, word in self.words:
            if value == word:
                return (data["color"], number)
        return (data["color"], value)

    def json(self, card: Card) -> JSON:
        """A card as JSON writes it."""
        if not self.words:
            return {"color": card[0], "value": card[1]}
        return {"color": card[0], "value": dict(self.words).get(card[1], card[1])}


KELTIS_CARDS = CardSet(COLORS, (COPIES,) * len(VALUES))


@dataclass(frozen=True)
class CardRules:
    """A game's rule ids for the shared card rules, and how it details them."""

    row_direction: str
    pile_empty: str
    own_discard: str
    #: the ``details`` keys of ``row_direction``, from ``color``, ``row``,
    #: ``card`` and ``direction`` (keltis.md §13, keltis-orakel.md §14.1);
    #: the colour is named in the message's words either way
    row_details: tuple[str, ...]


# -- card rows -------------------------------------------------------------


def direction(row: list[int]) -> int:
    """+1 ascending, -1 descending, 0 no direction yet, from the cards present.

    The first value that differs from the row's first value fixes it. A game
    whose rows lose cards may keep a direction apart from them (Orakel's
    ``row_direction: "kept"``) and pass it as ``ahead`` below.
    """
    for value in row:
        if value != row[0]:
            return 1 if value > row[0] else -1
    return 0


def heading(ahead: int) -> str | None:
    """A direction as the views and details spell it."""
    return {1: "ascending", -1: "descending"}.get(ahead)


def row_allows(row: list[int], value: int, ahead: int | None = None) -> bool:
    """Whether ``value`` may be added to ``row``: equal values always may,
    and so may any value on an empty row. ``ahead`` is the row's direction
    when the game keeps it (default: the cards' own)."""
    if not row:
        return True
    ahead = direction(row) if ahead is None else ahead
    if ahead > 0:
        return value >= row[-1]
    if ahead < 0:
        return value <= row[-1]
    return True


def row_refused(rules: CardRules, color: str, row: list[int], value: int, ahead: int | None = None) -> RuleBroken:
    """The game's ``row.direction`` for a card that :func:`row_allows` does
    not let follow."""
    ahead = direction(row) if ahead is None else ahead
    ascending = ahead > 0
    facts: JSON = {"color": color, "row": list(row), "card": card_json((color, value)), "direction": heading(ahead)}
    return RuleBroken(rules.row_direction, {key: facts[key] for key in rules.row_details}, color=color,
                      last=row[-1], heading="ascends" if ascending else "descends",
                      bound="higher" if ascending else "lower")


# -- the supply ------------------------------------------------------------


@dataclass
class Hand:
    """What Brehon knows of one hand: known cards (card -> copies, never 0),
    how many are unknown, and how many it holds in all (kept as a count:
    Orakel asks after every move)."""

    known: dict[Card, int] = field(default_factory=dict)
    unknown: int = HAND_SIZE
    size: int = HAND_SIZE

    def to_json(self) -> JSON:
        return {"known": [card_json(card) for card, copies in sorted(self.known.items()) for _ in range(copies)],
                "unknown": self.unknown}


@dataclass
class Supply:
    """Discard piles, the draw pile's count, the hands, and the seen copies."""

    draw_pile: int
    hands: dict[str, Hand]
    piles: dict[str, list[int]] = field(default_factory=lambda: {color: [] for color in COLORS})
    seen: dict[Card, int] = field(default_factory=dict)  # card -> copies seen
    #: this turn's discard: (pile, its height right after it), for ``redraw_own_discard``
    #: (a game's begin_turn clears it)
    own_discard: tuple[str, int] | None = None
    cards: CardSet = KELTIS_CARDS

    @classmethod
    def deal(cls, players: list[str], draw_pile: int, cards: CardSet = KELTIS_CARDS) -> Self:
        return cls(draw_pile=draw_pile, hands={player: Hand() for player in players},
                   piles={color: [] for color in cards.colors}, cards=cards)

    # cards leaving a hand

    def check_holds(self, player: str, card: Card) -> None:
        """``card.exhausted`` or ``card.not_in_hand`` when ``player`` cannot
        play or discard ``card`` (keltis.md §7.3)."""
        hand = self.hands[player]
        if not hand.known.get(card) and (self.seen.get(card, 0) >= self.cards.copies[card[1]] or hand.unknown == 0):
            raise self._not_held(hand, card)

    def play(self, player: str, card: Card) -> None:
        """The card leaves the hand for its row (refused as by :meth:`check_holds`,
        which a play asks before its other checks)."""
        self._leave_hand(player, card)

    def discard(self, player: str, card: Card) -> None:
        """The card leaves the hand for its pile, or is refused as by
        :meth:`check_holds` (a discard needs no other check)."""
        self._leave_hand(player, card)
        self._on_pile(card)

    def discard_from_row(self, card: Card) -> None:
        """A card taken off a row goes on its pile; it was seen and stays
        seen once (an Orakel goblin, keltis-orakel.md §10.1)."""
        self._on_pile(card)

    def _leave_hand(self, player: str, card: Card) -> None:
        """The card leaves the hand, face up: seen once more, unless it was
        a known card of the hand (seen there already). Refused, before
        anything changes, as by :meth:`check_holds`."""
        hand = self.hands[player]
        known = hand.known
        copies = known.get(card)
        if not copies:  # one of the unknown cards
            seen = self.seen.get(card, 0)
            if seen >= self.cards.copies[card[1]] or hand.unknown == 0:
                raise self._not_held(hand, card)
            hand.unknown -= 1
            self.seen[card] = seen + 1
        elif copies == 1:
            del known[card]  # no card of 0 copies: the snapshot stays small
        else:
            known[card] = copies - 1
        hand.size -= 1

    def _not_held(self, hand: Hand, card: Card) -> RuleBroken:
        """Why none of the hand's unknown cards can be ``card``."""
        if self.seen.get(card, 0) >= self.cards.copies[card[1]]:
            return RuleBroken("card.exhausted", {"card": self.cards.json(card)}, color=card[0], value=card[1])
        return RuleBroken("card.not_in_hand", {"card": self.cards.json(card)}, color=card[0], value=card[1])

    def _on_pile(self, card: Card) -> None:
        pile = self.piles[card[0]]
        pile.append(card[1])
        self.own_discard = (card[0], len(pile))

    # cards entering a hand

    def draw(self, player: str, source: str, rules: CardRules, redraw_own_discard: bool) -> bool:
        """A turn's draw from the deck or a pile, checked first (a pile that
        may not be drawn from raises the game's rule); True when it took the
        deck's last card."""
        if source == "deck":
            return self.draw_from_deck(player)
        if not self.may_draw(source, redraw_own_discard):
            raise self.draw_refused(rules, source)
        self.draw_from_pile(player, source)
        return False

    def draw_from_deck(self, player: str) -> bool:
        """One unknown card from the draw pile; True when it was the last."""
        self.draw_pile -= 1
        hand = self.hands[player]
        hand.unknown += 1
        hand.size += 1
        return self.draw_pile == 0

    def may_draw(self, color: str, redraw_own_discard: bool) -> bool:
        """Whether the pile has a card that may be drawn (keltis.md §5.2)."""
        pile = self.piles[color]
        return bool(pile) and (redraw_own_discard or self.own_discard != (color, len(pile)))

    def draw_refused(self, rules: CardRules, color: str) -> RuleBroken:
        """Why a pile draw that :meth:`may_draw` does not allow is refused:
        the game's ``draw.empty`` or ``draw.own_discard``."""
        pile = self.piles[color]
        if not pile:
            return RuleBroken(rules.pile_empty, {"pile": color})
        return RuleBroken(rules.own_discard, {"pile": color, "card": self.cards.json((color, pile[-1]))},
                          color=color, value=pile[-1])

    def draw_from_pile(self, player: str, color: str) -> None:
        """The pile's top card becomes a known card of the hand (checked)."""
        card = (color, self.piles[color].pop())
        hand = self.hands[player]
        hand.size += 1
        hand.known[card] = hand.known.get(card, 0) + 1

    def draw_sources(self, redraw_own_discard: bool) -> list[str]:
        """The deck and every pile a draw may name now."""
        return ["deck"] + [color for color in self.cards.colors if self.may_draw(color, redraw_own_discard)]

    # what may still be in a hand

    def could_hold(self, player: str, card: Card) -> bool:
        """Whether ``player`` may play or discard ``card`` as far as Brehon knows."""
        hand = self.hands[player]
        if hand.known.get(card):
            return True
        return hand.unknown > 0 and self.seen.get(card, 0) < self.cards.copies[card[1]]

    def possible_cards(self, player: str) -> list[Card]:
        """Every card the player may hold, in colour then value order."""
        return [card for card in self.cards.all_cards if self.could_hold(player, card)]


def rows_json(rows: dict[str, list[int]], kept: dict[str, int] | None = None) -> JSON:
    """A seat's card rows as both games' views show them; ``kept``: the
    directions the game keeps apart from the cards, if it does."""
    return {color: {"cards": list(cards), "direction": heading(direction(cards) if kept is None else kept[color])}
            for color, cards in rows.items()}
