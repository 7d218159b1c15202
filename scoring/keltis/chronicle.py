"""What the Keltis summary reads: points come from figures, point tiles
(the track) and wishing stones (rules §11).

Its ``sources``: ``figures``, ``tiles`` (point tiles), ``wishing_stones``."""

from __future__ import annotations

from ..chronicle import CardChronicle
from ..engine import JSON
from .state import KeltisState


class KeltisChronicle(CardChronicle[KeltisState]):
    def sources(self, sheet: JSON, state: KeltisState) -> JSON:
        return {
            player["id"]: {
                "figures": player["breakdown"]["figures"],
                "tiles": player["breakdown"]["track"],
                "wishing_stones": player["breakdown"]["wishing_stones"],
            }
            for player in sheet["players"]
        }
