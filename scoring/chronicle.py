"""What the end-of-game summary reads of a game: the engine's side of it.

The summary job (``worker/summary.py``) folds a record turn by turn and
assembles the story; everything it needs to know of a game's rules comes
from the game's :class:`Chronicle` (``Ruleset.chronicle``): what the lead
chart measures, what each history entry keeps besides the scores, the
notable facts (clover chains, cards played, the turn that ended the game)
and where each player's points came from; and :func:`decisive_turns`,
the few turns that decided the game.
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


#: How many turns besides the last change of the lead a summary calls decisive.
MARGIN_TURNS = 2


def decisive_turns(start: JSON, history: list[JSON], sheet: JSON, key: str) -> list[JSON]:
    """The few turns that decided the game, not every change of the lead.

    The choice, so that a table reads two or three turns and recognises them:

    1. the turn after which the final leaders led to the end (the last turn
       that changed who leads; none when they led from the start), and
    2. the :data:`MARGIN_TURNS` turns that widened the final winner's lead
       over the runner-up the most (the first of equal turns), other than
       that one: the turns that built the win. A turn that narrowed it is
       left out: the win stood in spite of it.

    The winner is the first of the final sheet's ``winners``; the runner-up
    the best-ranked player who is no winner (on a shared win, the second
    winner). Margins are counted in ``key`` of the history entries, what the
    lead chart plots (points; Celtica's parts held). ``start`` and
    ``history`` are the summary's (``scores``/``parts`` and ``leaders``).

    Each turn, in turn order: ``{"turn", "player", "reason": "lead" |
    "margin", "leaders" (after the turn), "winner", "second", "change"}``,
    ``change`` being what the turn did to the winner's margin."""
    if not history:
        return []
    ranked = sorted(sheet["players"], key=lambda player: player["rank"])
    winners = sheet["winners"] or [ranked[0]["id"]]
    winner = winners[0]
    second = next((player["id"] for player in ranked if player["id"] not in winners),
                  next(player["id"] for player in ranked if player["id"] != winner))
    changes, before = {}, start[key]
    for entry in history:
        after = entry[key]
        changes[entry["turn"]] = (after[winner] - after[second]) - (before[winner] - before[second])
        before = after

    chosen: dict[int, str] = {}
    leaders = start["leaders"]
    for entry in history:
        if entry["leaders"] != leaders:
            chosen = {entry["turn"]: "lead"}
        leaders = entry["leaders"]
    swings = sorted((turn for turn, change in changes.items() if change > 0 and turn not in chosen),
                    key=lambda turn: (-abs(changes[turn]), turn))
    chosen.update((turn, "margin") for turn in swings[:MARGIN_TURNS])
    return [{"turn": entry["turn"], "player": entry["player"], "reason": chosen[entry["turn"]],
             "leaders": entry["leaders"], "winner": winner, "second": second, "change": changes[entry["turn"]]}
            for entry in history if entry["turn"] in chosen]


class _CardState(Protocol):
    @property
    def end_reason(self) -> str | None: ...

    @property
    def clovers(self) -> int: ...


CardState = TypeVar("CardState", bound=_CardState)


class CardChronicle(Chronicle[CardState]):
    """The Keltis family: the score is points, a chain is the clover steps
    of one turn (the engine counts them), cards are counted by colour."""

    def __init__(self, players: list[str], colors: tuple[str, ...] = COLORS):
        super().__init__(players)
        self.colors = colors
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
        return {color: self.cards[color] for color in self.colors}



