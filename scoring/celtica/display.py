"""The display, the supply, the ruin pile and the decks (rules §4.1, §7,
§8): how parts and cards move between them. The ``checked_*`` functions
raise before anything changes."""

from __future__ import annotations

import copy

from ..engine import RuleBroken
from .state import DRUIDS, KINDS, CelticaState, Seat, no_parts, unseen


def checked_take(state: CelticaState, parts: list[str]) -> tuple[dict[str, int], int]:
    """The display's known spaces and its unknown ones after ``parts`` leave
    it in order (§8.2): each from a known space first, else from an unknown
    one if an unseen copy exists; ``celtica.display.missing`` names the first
    part that is not there."""
    display, unknown = dict(state.display), state.unknown
    unseen_left: dict[str, int] = {}
    for kind in parts:
        if display[kind]:
            display[kind] -= 1
            continue
        left = unseen_left.setdefault(kind, unseen(state, kind))
        if not unknown or left < 1:
            raise RuleBroken("celtica.display.missing", {"part": kind})
        unknown -= 1
        unseen_left[kind] -= 1
    return display, unknown


def checked_give(seat: Seat, parts: list[str]) -> None:
    """``celtica.holding.missing`` for the first part the player no longer has."""
    left = dict(seat.parts)
    for kind in parts:
        if not left[kind]:
            raise RuleBroken("celtica.holding.missing", {"part": kind})
        left[kind] -= 1


def refill(state: CelticaState, names: list[str | None]) -> None:
    """Draw ``names`` (one per part, None unrecorded) onto the display (§8.3);
    ``reveal.impossible`` for a part that cannot have been drawn. Named
    parts are drawn on a copy of the piles first, so that a refusal changes
    nothing (unnamed ones always fit)."""
    if any(kind is not None for kind in names):
        trial = copy.copy(state)
        trial.display, trial.ruin = dict(state.display), dict(state.ruin)
        _draw_parts(trial, names)
        state.display, state.unknown, state.supply, state.ruin = trial.display, trial.unknown, trial.supply, trial.ruin
    else:
        _draw_parts(state, names)
    state.refill_pending = False


def _draw_parts(state: CelticaState, names: list[str | None]) -> None:
    for kind in names:
        if not state.supply:  # the ruin pile becomes the supply
            for known in KINDS:
                state.display[known] += unseen(state, known)
            state.unknown = 0
            state.supply = sum(state.ruin.values())
            state.ruin = no_parts()
        if kind is None:
            state.unknown += 1
        elif unseen(state, kind) >= 1:
            state.display[kind] += 1
        else:
            raise RuleBroken("reveal.impossible", {"part": kind}, thing=kind, place="display", reason="none_unseen")
        state.supply -= 1


def takeable(state: CelticaState) -> list[str]:
    """Kinds a take, swap or buy may name now (§4.5)."""
    return [kind for kind in KINDS if state.display[kind] or (state.unknown and unseen(state, kind) >= 1)]


def draw_druid_cards(state: CelticaState, count: int) -> None:
    """Take ``count`` cards off the druid deck, reshuffling the discard pile
    in at the moment a card is needed from an empty deck (§4.1)."""
    from_deck = min(count, state.druid_deck)
    state.druid_deck -= from_deck
    if count > from_deck:
        state.druid_deck = sum(state.druid_discard.values()) - (count - from_deck)
        state.druid_discard = dict.fromkeys(DRUIDS, 0)


def gain_experience(state: CelticaState, seat: Seat) -> None:
    """The top experience card, reshuffling if needed; none when all are held (§7)."""
    if not state.experience_deck:
        state.experience_deck = sum(state.experience_discard.values()) + state.experience_spent
        state.experience_discard = dict.fromkeys(DRUIDS, 0)
        state.experience_spent = 0
    if state.experience_deck:
        state.experience_deck -= 1
        seat.experience.append(state.turn)


def usable_experience(state: CelticaState, seat: Seat) -> int:
    """Experience cards gained before this turn (§7)."""
    return sum(1 for stamp in seat.experience if stamp < state.turn)
