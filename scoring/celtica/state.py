"""Celtica's components, the state (rules §1.1) and what is unseen."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import JSON

KINDS = ("center", "n", "ne", "e", "se", "s", "sw", "w", "nw")
DRUIDS = ("red", "grey", "white", "brown", "black")
LOCATION_KINDS = ("start", "village", "castle", "monastery", "ruin", "cult", "goal")
FIND_SITES = ("village", "castle", "monastery", "goal")
WITH_PARTS = ("village", "castle", "monastery", "ruin", "goal")
COPIES = 10  # parts of each kind
DRUID_CARDS = 12  # per colour
EXPERIENCE_CARDS = 4  # per colour (rules §18.2)
HAND = 5  # druid cards dealt per player and round
DISPLAY = 9
START_PARTS = 2
PRINTED_LENGTH = 19


def no_parts() -> dict[str, int]:
    return dict.fromkeys(KINDS, 0)


def _by_location() -> dict[str, dict[str, int]]:
    return {kind: {"gained": 0, "lost": 0} for kind in WITH_PARTS}


@dataclass
class Seat:
    """What the engine knows of one player: counts, never card colours."""

    druid_cards: int = HAND
    experience: list[int] = field(default_factory=list)  # the turn each card was gained in, oldest first
    parts: dict[str, int] = field(default_factory=no_parts)
    by_location: dict[str, dict[str, int]] = field(default_factory=_by_location)


@dataclass
class CelticaState:
    """The table as the engine knows it (rules §1.1), and the open turn."""

    players: list[str]
    options: JSON
    locations: list[tuple[str, int]]  # (kind, amulet symbols shown; 0 on start and cult)
    seats: dict[str, Seat]
    druid_deck: int
    display: dict[str, int]  # known spaces per kind
    unknown: int  # display spaces whose part is not known
    supply: int
    druids: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DRUIDS, 0))
    druid_discard: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DRUIDS, 0))
    experience_deck: int = len(DRUIDS) * EXPERIENCE_CARDS
    experience_discard: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DRUIDS, 0))
    experience_spent: int = 0  # cards spent in the end phase, counted without colour
    ruin: dict[str, int] = field(default_factory=no_parts)
    round: int = 1
    final_round: bool = False
    phase: str = "play"  # play, end, over
    end_reason: str | None = None
    turn: int = 0  # index of the open turn = turns played
    active: str | None = None
    decision: str = "move"  # the open decision of the turn
    need: int = 0  # parts the open take or give must name
    site: str | None = None  # the kind of location the druid stopped on
    refill_pending: bool = False  # the display is refilled when the turn ends
    end_queue: list[str] = field(default_factory=list)  # end turns still to come, in order

    @property
    def goal(self) -> int:
        return len(self.locations) - 1

    def displayed(self) -> int:
        return sum(self.display.values()) + self.unknown

    def refill_count(self) -> int:
        """Parts the refill would draw now (rules §8.3)."""
        return min(DISPLAY - self.displayed(), self.supply + sum(self.ruin.values()))


def unseen(state: CelticaState, kind: str) -> int:
    """Parts of ``kind`` in the supply or on unknown display spaces (§1.1)."""
    held = sum(seat.parts[kind] for seat in state.seats.values())
    return COPIES - held - state.display[kind] - state.ruin[kind]
