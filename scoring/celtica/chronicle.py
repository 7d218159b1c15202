"""What the Celtica summary reads: no clovers and no points but amulets.
Its total (complete amulets) rarely moves, so the lead chart shows the
parts each player holds; the cards played are druid and experience cards
per druid; the end is the turn that ended the play phase (the end turns
follow it).

Its ``sources``: ``complete`` amulets, ``parts_held``, ``by_location`` (kind
-> parts ``gained`` at find sites and ``lost`` at ruins) and ``end_phase``
(``gained``/``lost`` by swaps and buys)."""

from __future__ import annotations

from collections import Counter

from ..chronicle import Chronicle
from ..engine import JSON
from .state import DRUIDS, CelticaState


class CelticaChronicle(Chronicle[CelticaState]):
    chart = "parts"

    def __init__(self, players: list[str]):
        super().__init__(players)
        self.cards: Counter[str] = Counter()
        self.end_phase = {player: {"gained": 0, "lost": 0} for player in players}

    def measures(self, state: CelticaState) -> JSON:
        return {"parts": {player: sum(seat.parts.values()) for player, seat in state.seats.items()}}

    def turn_played(self, index: int, turn: JSON, state: CelticaState) -> None:
        for action in turn["actions"]:
            if action["type"] == "move":  # druid and experience cards alike count for the druid
                self.cards[action["druid"]] += action["cards"] + (action.get("experience") or 0)
            elif action["type"] in ("swap", "buy"):
                self.end_phase[turn["player"]]["gained"] += 1
                self.end_phase[turn["player"]]["lost"] += action["type"] == "swap"
        super().turn_played(index, turn, state)

    def ended_in(self, state: CelticaState) -> bool:
        return state.phase != "play"  # the play phase ended: the end phase or over

    def cards_played(self) -> dict[str, int]:
        return {druid: self.cards[druid] for druid in DRUIDS}

    def sources(self, sheet: JSON, state: CelticaState) -> JSON:
        answer = {}
        for player in sheet["players"]:
            seat = state.seats[player["id"]]
            answer[player["id"]] = {
                "complete": player["breakdown"]["complete"],
                "parts_held": sum(seat.parts.values()),
                "by_location": {kind: dict(counts) for kind, counts in seat.by_location.items()},
                "end_phase": self.end_phase[player["id"]],
            }
        return answer
