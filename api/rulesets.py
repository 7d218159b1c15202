"""``GET /api/v1/rulesets``: the games Brehon knows, each as its package
declares it (:mod:`scoring.declaration`): its options (in the request's
language) and rule ids, the pieces the app draws and offers with their
names, the score sheet's columns, the tally's form, the setup, the board
editor and the app's drawer, so the app keeps no copy of them."""

from __future__ import annotations

import scoring
from scoring.declaration import DECLARATIONS

from .bodies import Blueprint
from .problems import lang
from .schemas import RulesetSchema

blp = Blueprint("rulesets", __name__, url_prefix="/api/v1/rulesets", description="The games and their rules")


def described(language: str) -> list[dict]:
    """Every game in ``language``, as the route answers it (``brehon static``
    writes the same answer as files, for a host with no API)."""
    offered = list(scoring.RULESETS)  # in the order the engine registers them
    return [{**ruleset.describe(language), **DECLARATIONS[game].describe(language), "order": offered.index(game)}
            for game, ruleset in sorted(scoring.RULESETS.items())]


@blp.get("")
@blp.response(200, RulesetSchema(many=True))
def rulesets():
    """Every game: title, players, options with types, defaults and words, rule ids, pieces and their
    names, the score sheet's columns, the tally's form, the setup, the board editor, the drawer."""
    return described(lang())
