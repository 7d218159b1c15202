"""What the end-of-game summary reads of a game: the engine's side of it.

The summary job (``worker/summary.py``) folds a record turn by turn and
assembles the story; everything it needs to know of a game's rules comes
from the game's :class:`Chronicle` (``Ruleset.chronicle``): what the lead
chart measures, what each history entry keeps besides the scores, the
notable facts (clover chains, cards played, the turn that ended the game)
and where each player's points came from.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from typing import Generic, Protocol, TypeVar

from .cards import COLORS
from .engine import JSON

State = TypeVar("State")


class Chronicle(ABC, Generic[State]):
    """One game's story so far; :meth:`turn_played` after every turn."""

    #: the key of ``start`` and of every history entry that the lead chart
    #: plots: ``scores`` (the totals) or one of :meth:`measures`
    chart = "scores"

    def __init__(self, players: list[str]):
        self.players = players
        self.ended: tuple[int, str] | None = None  # (turn, player) of the turn that ended the game

    def measures(self, state: State) -> JSON:
        """What a history entry keeps of the table besides the scores."""
        return {}

    def turn_played(self, index: int, turn: JSON, state: State) -> None:
        """A turn was played; ``state`` is the table after it."""
        if self.ended is None and self.ended_in(state):
            self.ended = (index, turn["player"])

    @abstractmethod
    def ended_in(self, state: State) -> bool:
        """Whether the game has ended by ``state`` (for the ``end`` fact)."""

    def longest_chain(self) -> JSON | None:
        """The longest clover chain of one turn, ``{"length", "turn", "player"}``."""
        return None

    @abstractmethod
    def cards_played(self) -> dict[str, int]:
        """Cards played, per colour (Keltis) or per druid (Celtica)."""

    def end(self, sheet: JSON) -> JSON | None:
        """The turn that ended the game, once the sheet is finished."""
        if sheet["status"] != "finished" or self.ended is None:
            return None
        turn, player = self.ended
        return {"reason": sheet["end_reason"], "turn": turn, "player": player}

    @abstractmethod
    def sources(self, sheet: JSON, state: State) -> JSON:
        """Per player, where the final score came from."""


class _CardState(Protocol):
    @property
    def end_reason(self) -> str | None: ...

    @property
    def clovers(self) -> int: ...


CardState = TypeVar("CardState", bound=_CardState)


class CardChronicle(Chronicle[CardState]):
    """The Keltis family: the score is points, a chain is the clover steps
    of one turn (the engine counts them), cards are counted by colour."""

    def __init__(self, players: list[str]):
        super().__init__(players)
        self.cards: Counter[str] = Counter()
        self.chain: tuple[int, int, str] | None = None  # (length, turn, player) of the longest

    def turn_played(self, index: int, turn: JSON, state: CardState) -> None:
        self.cards.update(action["card"]["color"] for action in turn["actions"] if action["type"] == "play")
        if state.clovers and (self.chain is None or state.clovers > self.chain[0]):
            self.chain = (state.clovers, index, turn["player"])
        super().turn_played(index, turn, state)

    def ended_in(self, state: CardState) -> bool:
        return state.end_reason is not None

    def longest_chain(self) -> JSON | None:
        if self.chain is None:
            return None
        length, turn, player = self.chain
        return {"length": length, "turn": turn, "player": player}

    def cards_played(self) -> dict[str, int]:
        return {color: self.cards[color] for color in COLORS}



