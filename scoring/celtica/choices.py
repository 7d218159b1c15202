"""The legal answers of an open Celtica decision, for the check route and
the PWA (shapes in the package docstring)."""

from __future__ import annotations

from ..engine import JSON, Decision
from .display import takeable, usable_experience
from .state import DRUID_CARDS, DRUIDS, EXPERIENCE_CARDS, KINDS, CelticaState, Seat, unseen


def decision(state: CelticaState) -> Decision:
    """The open decision with its choices and (for a take: while few) every legal action."""
    name, player = state.decision, state.active
    if name == "over" or player is None:
        return Decision("over", None)
    seat = state.seats[player]
    if name == "move":
        return _move_decision(state, seat)
    if name == "take":
        kinds = takeable(state)
        limits = [(kind, state.display[kind], min(unseen(state, kind), state.unknown)) for kind in kinds]
        actions = [{"type": "take", "parts": parts} for parts in _multisets(limits, state.need, state.unknown)]
        choices = {"count": state.need, "kinds": kinds,
                   "max": {kind: known + extra for kind, known, extra in limits},
                   "known": {kind: state.display[kind] for kind in kinds}, "unknown": state.unknown}
        return Decision("take", player, choices, actions)
    if name == "give":
        kinds = [kind for kind in KINDS if seat.parts[kind]]
        limits = [(kind, seat.parts[kind], 0) for kind in kinds]
        actions = [{"type": "give", "parts": parts} for parts in _multisets(limits, state.need, 0)]
        choices = {"count": state.need, "kinds": kinds, "max": {kind: seat.parts[kind] for kind in kinds}}
        return Decision("give", player, choices, actions)
    if name == "cult":
        draws = [True, False] if state.druid_deck or sum(state.druid_discard.values()) else [False]
        return Decision("cult", player, {"draw": draws}, [{"type": "cult", "draw": draw} for draw in draws])
    if name == "reveal":
        return Decision("reveal", player, _reveal_choices(state), _reveal_actions(state), can_end=True)
    if name == "done":
        return Decision("done", player, can_end=True)
    return _end_decision(state, seat)


def _multisets(limits: list[tuple[str, int, int]], size: int, budget: int) -> list[list[str]]:
    """Every multiset of ``size`` parts. ``limits`` gives per kind the known
    copies and the extra copies unknown spaces may hold; all the extras
    together are at most ``budget`` (the unknown spaces)."""
    found: list[list[str]] = []

    def walk(index: int, left: int, budget: int, picked: list[str]) -> None:
        if not left:
            found.append(list(picked))
            return
        if index == len(limits):
            return
        kind, known, extra = limits[index]
        for count in range(min(left, known + min(extra, budget)), -1, -1):
            walk(index + 1, left - count, budget - max(0, count - known), picked + [kind] * count)

    walk(0, size, budget, [])
    return found


def _first_draws(state: CelticaState) -> list[str]:
    """Kinds the first part of the refill can be (the supply, or the ruin
    pile that replaces an empty supply)."""
    if state.supply:
        return [kind for kind in KINDS if unseen(state, kind) >= 1]
    return [kind for kind in KINDS if state.ruin[kind]]


def _reveal_choices(state: CelticaState) -> JSON:
    """What a reveal of the refill may name, pile by pile in drawing order
    (§8.3): first the supply, then the ruin pile that replaces it."""
    drawn = state.refill_count()
    from_supply = min(drawn, state.supply)
    piles = [("supply", from_supply, {kind: unseen(state, kind) for kind in KINDS}),
             ("ruin", drawn - from_supply, dict(state.ruin))]
    return {"drawn": drawn, "from": [
        {"pile": pile, "count": count, "max": {kind: most for kind, most in most_of.items() if most}}
        for pile, count, most_of in piles if count]}


def _reveal_actions(state: CelticaState) -> list[JSON]:
    drawn = state.refill_count()
    if not drawn:
        return []
    rest = [None] * (drawn - 1)
    return [{"type": "reveal", "parts": [None, *rest]}] + [
        {"type": "reveal", "parts": [kind, *rest]} for kind in _first_draws(state)
    ]


def _move_decision(state: CelticaState, seat: Seat) -> Decision:
    usable = usable_experience(state, seat)
    alone, forbid = state.options["experience_alone"], state.options["overshoot"] == "forbid"
    actions: list[JSON] = []
    for druid in DRUIDS:
        at = state.druids[druid]
        most_cards = min(seat.druid_cards, DRUID_CARDS - state.druid_discard[druid])
        most_experience = min(usable, EXPERIENCE_CARDS - state.experience_discard[druid])
        most_steps = state.goal - at if forbid and at < state.goal else None
        for cards in range(most_cards + 1):
            for experience in range(most_experience + 1 if cards or alone else 1):
                steps = cards + experience
                if not steps or (most_steps is not None and steps > most_steps):
                    continue
                move: JSON = {"type": "move", "druid": druid, "cards": cards}
                if experience:
                    move["experience"] = experience
                actions.append(move)
    choices = {"druids": dict(state.druids), "cards": seat.druid_cards, "experience": usable,
               "goal": state.goal, "options": dict(state.options)}
    return Decision("move", state.active, choices, actions)


def _end_decision(state: CelticaState, seat: Seat) -> Decision:
    have = len(seat.experience)
    kinds = takeable(state)
    actions: list[JSON] = []
    if have >= 1:
        actions += [{"type": "swap", "give": give, "take": take}
                    for give in KINDS if seat.parts[give] for take in kinds]
    if have >= 2:
        actions += [{"type": "buy", "part": part} for part in kinds]
    actions += _reveal_actions(state)
    choices = {"experience": have, "kinds": kinds, **_reveal_choices(state)}
    return Decision("end", state.active, choices, actions, can_end=True)
