"""Brehon's rules engine: pure Python, one module per game.

``Game.replay(record)`` folds a record; ``Game.play``/``Game.check`` add or
check one turn; ``tally`` scores final positions. The games register
themselves on import below.
"""

from .engine import RULESETS, Decision, Game, Refused, RuleBroken, Violation, replay, ruleset_of, tally

__all__ = ["RULESETS", "Decision", "Game", "Refused", "RuleBroken", "Violation", "replay", "ruleset_of", "tally"]
from . import keltis  # noqa: F401
from . import keltis_orakel  # noqa: F401
from . import celtica  # noqa: F401
