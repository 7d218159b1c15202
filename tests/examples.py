"""The worked examples of the rules files, stored the same way for every
game: ``tests/data/<game>/<name>.json`` holds ``{"record": ..., "sheet": ...}``
(the record and the score sheet its rules file prints for it)."""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).parent / "data"


def example(game: str, name: str) -> dict:
    """``{"record", "sheet"}`` of ``tests/data/<game>/<name>.json`` (game: keltis, orakel, celtica)."""
    return json.loads((DATA / game / f"{name}.json").read_text())
