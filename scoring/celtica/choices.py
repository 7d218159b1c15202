"""The legal answers of an open Celtica decision, for the check route and
the PWA (shapes in the package docstring)."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

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
        least = state.need if state.options["take_count"] == "exactly" else 0
        choices = {"count": state.need, "least": least, "kinds": kinds,
                   "max": {kind: known + extra for kind, known, extra in limits},
                   "known": {kind: state.display[kind] for kind in kinds}, "unknown": state.unknown}
        return _parts_decision("take", player, choices, limits, state.unknown)
    if name == "give":
        kinds = [kind for kind in KINDS if seat.parts[kind]]
        limits = [(kind, seat.parts[kind], 0) for kind in kinds]
        choices = {"count": state.need, "least": state.need, "kinds": kinds,
                   "max": {kind: seat.parts[kind] for kind in kinds}}
        return _parts_decision("give", player, choices, limits, 0)
    if name == "cult":
        draws = [True, False] if state.druid_deck or sum(state.druid_discard.values()) else [False]
        return Decision("cult", player, {"draw": draws}, [{"type": "cult", "draw": draw} for draw in draws])
    if name == "reveal":
        reveal, listed = _reveal_choices(state), state.refill_count() <= 1
        return Decision("reveal", player, reveal, _reveal_actions(state), can_end=True,
                        listed=listed, grow=None if listed else partial(_grown_reveal, reveal))
    if name == "done":
        return Decision("done", player, can_end=True)
    return _end_decision(state, seat)


#: A take or give lists its actions only while there are at most this many;
#: beyond, its ``choices`` alone describe them, so that a check answer stays
#: under 20 KB (a site showing 9 parts over an unknown display has 48,620
#: takes; 150 listed ones of at most 9 parts take at most 150 x 105 bytes).
LISTED_MOST = 150


def _parts_decision(name: str, player: str, choices: JSON, limits: list[tuple[str, int, int]],
                    budget: int) -> Decision:
    """A take or give of ``choices["least"]`` to ``choices["count"]`` parts:
    ``choices["answers"]`` counts the legal ones, ``actions`` lists them while few."""
    least, most = choices["least"], choices["count"]
    answers = _count_multisets(limits, least, most, budget)
    listed = answers <= LISTED_MOST
    actions = [{"type": name, "parts": parts} for parts in _multisets(limits, least, most, budget)] if listed else []
    return Decision(name, player, {**choices, "answers": answers}, actions, listed=listed,
                    grow=None if listed else partial(_grown_parts, name, choices))


def _grown_parts(name: str, choices: JSON, action: JSON | None) -> list[JSON]:
    """A take or give too many to list, built part by part (``Decision.grow``):
    the parts so far with each :func:`addable` kind next, and themselves once
    they are enough; none for what no legal answer begins with."""
    parts = _begun(action, name)
    if parts is None or any(kind not in addable(choices, parts[:at]) for at, kind in enumerate(parts)):
        return []
    grown = [{"type": name, "parts": [*parts, kind]} for kind in addable(choices, parts)]
    return grown + ([{"type": name, "parts": parts}] if len(parts) >= choices["least"] else [])


def addable(choices: JSON, picked: list[str]) -> list[str]:
    """The kinds a take or give being built part by part may name next,
    from its ``choices`` alone (the PWA's composer asks it: ``Decision.grow``): kind k
    below ``max[k]``, and beyond ``known[k]`` only while unknown spaces are
    left. Picking any of them never leads to a dead end: ``count`` parts
    can always be reached (§8.2)."""
    if len(picked) >= choices["count"]:
        return []
    known: dict[str, int] = choices["known"] if "known" in choices else choices["max"]
    extra = sum(max(0, picked.count(kind) - known[kind]) for kind in choices["kinds"])
    return [kind for kind in choices["kinds"] if picked.count(kind) < choices["max"][kind]
            and (picked.count(kind) < known[kind] or extra < choices.get("unknown", 0))]


def build_parts(choices: JSON, pick: Callable[[list[str | None]], str | None]) -> list[str]:
    """A legal take or give built from its ``choices``, one part at a time:
    ``pick`` chooses among the :func:`addable` kinds, and ``None`` (offered
    once ``least`` parts are named) stops. The composer's way, for clients
    written in Python (tests, benchmarks)."""
    picked: list[str] = []
    while True:
        offered: list[str | None] = [*addable(choices, picked)]
        if len(picked) >= choices["least"]:
            offered.append(None)
        kind = pick(offered) if len(offered) > 1 else offered[0]
        if kind is None:
            return picked
        picked.append(kind)


def _count_multisets(limits: list[tuple[str, int, int]], least: int, most: int, budget: int) -> int:
    """How many multisets :func:`_multisets` would list, counted kind by kind
    over (parts so far, unknown spaces used) without listing them."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for _kind, known, extra in limits:
        after: dict[tuple[int, int], int] = {}
        for (size, used), count in ways.items():
            for copies in range(min(most - size, known + min(extra, budget - used)) + 1):
                key = (size + copies, used + max(0, copies - known))
                after[key] = after.get(key, 0) + count
        ways = after
    return sum(count for (size, _used), count in ways.items() if size >= least)


def _multisets(limits: list[tuple[str, int, int]], least: int, most: int, budget: int) -> list[list[str]]:
    """Every multiset of ``least`` to ``most`` parts, the larger ones of the
    first kinds first. ``limits`` gives per kind the known copies and the
    extra copies unknown spaces may hold; all the extras together are at
    most ``budget`` (the unknown spaces)."""
    found: list[list[str]] = []

    def walk(index: int, left: int, budget: int, picked: list[str]) -> None:
        if index == len(limits) or not left:
            if most - left >= least:
                found.append(list(picked))
            return
        kind, known, extra = limits[index]
        for count in range(min(left, known + min(extra, budget)), -1, -1):
            walk(index + 1, left - count, budget - max(0, count - known), picked + [kind] * count)

    walk(0, most, budget, [])
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


def _seeable(choices: JSON, parts: list[str | None]) -> list[str | None]:
    """What the next entry of a reveal whose entries so far are ``parts`` may
    name: "not seen" (None), or a kind its pile still holds beyond the
    entries of that pile so far (§8.3); nothing once every part drawn has one."""
    start = 0
    for pile in choices["from"]:
        if start + pile["count"] > len(parts):
            stretch = parts[start:]
            return [None, *(kind for kind, most in pile["max"].items() if stretch.count(kind) < most)]
        start += pile["count"]
    return []


def _grown_reveal(choices: JSON, action: JSON | None) -> list[JSON]:
    """A refill reveal too many to list, built entry by entry
    (``Decision.grow``): each :func:`_seeable` next entry, or the reveal
    itself once every part drawn has one; none for what no legal reveal
    begins with."""
    parts = _begun(action, "reveal")
    if parts is None or len(parts) > choices["drawn"] or any(
            kind not in _seeable(choices, parts[:at]) for at, kind in enumerate(parts)):
        return []
    if len(parts) == choices["drawn"]:
        return [{"type": "reveal", "parts": parts}]
    return [{"type": "reveal", "parts": [*parts, kind]} for kind in _seeable(choices, parts)]


def _begun(action: JSON | None, name: str) -> list[Any] | None:
    """The parts of an action of type ``name`` being built (none: not
    begun), or None when ``action`` is no such action."""
    if action is None:
        return []
    if not isinstance(action, dict) or action.get("type") != name or not isinstance(action.get("parts"), list):
        return None
    return list(action["parts"])


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
    reveal = _reveal_choices(state)
    listed = state.refill_count() <= 1
    return Decision("end", state.active, {"experience": have, "kinds": kinds, **reveal}, actions, can_end=True,
                    listed=listed, grow=None if listed else partial(_grown_reveal, reveal))
