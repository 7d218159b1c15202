"""Brehon's rules engine: pure Python, one package per game.

``Game.replay(record)`` folds a record; ``Game.play``/``Game.check`` add or
check one turn; ``tally`` scores final positions; ``check_board`` judges a
board profile. Every refusal is built here (``record_invalid`` and
``unknown_board`` for the API's own limits and stored boards). The games
register themselves on import below.

Layout: :mod:`.engine` (the interface and the fold), :mod:`.schema` (shape
checks), :mod:`.shapes` (a game's actions declared once: their check, recognisers and JSON Schema), :mod:`.messages` (texts of the shared rules, rendering),
:mod:`.ranking` (ranks, the score sheet's frame), :mod:`.cards` (the Keltis
family's cards, rows and supply), :mod:`.chronicle` (what the summary reads),
:mod:`.history` (a game's log and its history), :mod:`.answers` (what the
command line, the API and the phone's engine answer, as data),
:mod:`.declaration` (what each game tells the other layers of itself, from its
``game.py``), and the games :mod:`.keltis`, :mod:`.keltis_orakel`, :mod:`.celtica`,
:mod:`.lost_cities`.
"""

from .engine import (RULESETS, BoardVerdict, Decision, Game, Refused, RuleBroken, Violation, check_board,
                     record_invalid, replay, ruleset_of, tally, unknown_board)

__all__ = ["RULESETS", "BoardVerdict", "Decision", "Game", "Refused", "RuleBroken", "Violation", "check_board",
           "record_invalid", "replay", "ruleset_of", "tally", "unknown_board"]
from . import keltis  # noqa: F401,E402
from . import keltis_orakel  # noqa: F401,E402
from . import celtica  # noqa: F401,E402
from . import lost_cities  # noqa: F401,E402
