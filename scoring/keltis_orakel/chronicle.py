"""What the Orakel summary reads: the track split by where its points came
from, and the wishing stones' value split into the stones' own table value
and what the mirrors multiplied it by (§12).

Its ``sources``: ``track_start``, ``figures``, ``tiles``, ``wishing_stones``
(the table value), ``mirrors`` (what they added to it), ``priestess``,
``goblin``."""

from __future__ import annotations

from ..chronicle import CardChronicle
from ..engine import JSON
from .state import OrakelState


class OrakelChronicle(CardChronicle[OrakelState]):
    def sources(self, sheet: JSON, state: OrakelState) -> JSON:
        answer = {}
        for player in sheet["players"]:
            breakdown = player["breakdown"]
            track = state.seats[player["id"]].sources
            stones = breakdown["wishing_stones"] // (1 + breakdown["mirrors"])
            answer[player["id"]] = {
                "track_start": track["start"],
                "figures": breakdown["figures"],
                "tiles": track["tiles"],
                "wishing_stones": stones,
                "mirrors": breakdown["wishing_stones"] - stones,
                "priestess": track["priestess"],
                "goblin": track["goblin"],
            }
        return answer
