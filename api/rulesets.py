"""``GET /api/v1/rulesets``: the games Brehon knows, their options (in the
request's language) and rule ids, and the pieces the app draws and offers
(colours, tiles, board kinds), so the app keeps no copy of them."""

from __future__ import annotations

import scoring
from scoring.cards import COLORS
from scoring.celtica import state as celtica
from scoring.keltis import board as keltis
from scoring.keltis_orakel import board as keltis_orakel

from .bodies import Blueprint
from .problems import lang
from .schemas import RulesetSchema

blp = Blueprint("rulesets", __name__, url_prefix="/api/v1/rulesets", description="The games and their rules")

# What each game is made of, as the engine names it.
PIECES = {
    "keltis": {"colors": list(COLORS), "paths": list(keltis.PATHS), "rows": len(keltis.ROWS),
               "goal_row": keltis.GOAL_ROW, "tiles": list(keltis.STOCK),
               # how many of each tile the box holds (rules §1), and how many rows 1-8 hold
               "stock": dict(keltis.STOCK), "dark_stones": keltis.DARK_STONES},
    "keltis-orakel": {"colors": list(COLORS), "tiles": list(keltis_orakel.TILES), "stock": dict(keltis_orakel.TILE_COUNTS), "field_kinds": list(keltis_orakel.KINDS),
                      "fields": {"small": keltis_orakel.SMALL_FIELDS, "large": keltis_orakel.LARGE_FIELDS},
                      # wishing stones a field of each kind starts with (the center's one: rules §3.2)
                      "stones": {"start": 0, "small": 0, "large": keltis_orakel.LARGE_STONES, "center": 1}},
    "celtica": {"druids": list(celtica.DRUIDS), "parts": list(celtica.KINDS), "location_kinds": list(celtica.LOCATION_KINDS),
                "with_parts": list(celtica.WITH_PARTS), "locations": celtica.PRINTED_LENGTH,
                "display": celtica.DISPLAY, "start_parts": celtica.START_PARTS},
}


def described(language: str) -> list[dict]:
    """Every game in ``language``, as the route answers it (``brehon static``
    writes the same answer as files, for a host with no API)."""
    return [{**ruleset.describe(language), "pieces": PIECES[game]} for game, ruleset in sorted(scoring.RULESETS.items())]


@blp.get("")
@blp.response(200, RulesetSchema(many=True))
def rulesets():
    """Every game: title, players, options with types, defaults and words, rule ids, pieces."""
    return described(lang())
