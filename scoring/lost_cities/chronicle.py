"""What the Lost Cities summary reads: the points of each expedition and
of the earlier rounds (rules §9)."""

from __future__ import annotations

from ..chronicle import CardChronicle
from ..engine import JSON
from .state import LostCitiesState


class LostCitiesChronicle(CardChronicle[LostCitiesState]):
    def sources(self, sheet: JSON, state: LostCitiesState) -> JSON:
        return {player["id"]: dict(player["breakdown"]) for player in sheet["players"]}
