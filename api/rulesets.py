"""``GET /api/v1/rulesets``: the games Brehon knows, their options and rule ids."""

from __future__ import annotations

from flask_smorest import Blueprint

import scoring

from .schemas import RulesetSchema

blp = Blueprint("rulesets", __name__, url_prefix="/api/v1/rulesets", description="The games and their rules")


@blp.get("")
@blp.response(200, RulesetSchema(many=True))
def rulesets():
    """Every game: title, players, options with types and defaults, rule ids."""
    return [ruleset.describe() for _, ruleset in sorted(scoring.RULESETS.items())]
