"""The score sheet as CSV, and what both exports show (the game's title,
the options in words, the breakdown's columns).

Pure Python on the standard library and ``scoring`` alone, so that the
phone's referee runs this very module too (frontend/js/local.js): a game
kept on a phone exports the same bytes as the server's CSV of it.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from scoring.engine import RULESETS

# Characters that make a spreadsheet read a cell as a formula.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


# -- what both exports show ------------------------------------------------


def game_title(game: str) -> str:
    """The game's printed title, or its id when the game is not registered."""
    ruleset = RULESETS.get(game)
    return ruleset.title if ruleset else game


def options_text(record: dict) -> str:
    """The options in force, every default filled in: ``key: value; ...``."""
    ruleset = RULESETS.get(record.get("game") or "")
    options = ruleset.default_options(record.get("options")) if ruleset else dict(record.get("options") or {})
    if not options:
        return "none"
    return "; ".join(f"{key}: {cell_text(value)}" for key, value in sorted(options.items()))


def breakdown_columns(sheet: dict) -> list[str]:
    """Every breakdown key of the sheet, in the order the players show them."""
    columns: list[str] = []
    for player in sheet["players"]:
        for key in player["breakdown"]:
            if key not in columns:
                columns.append(key)
    return columns


def column_title(key: str) -> str:
    """``wishing_stones`` -> ``Wishing stones``."""
    return key.replace("_", " ").capitalize()


def cell_text(value: Any) -> str:
    """A readable cell: lists as ``3, 2, 1``, booleans as yes/no, None empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(cell_text(item) for item in value)
    if isinstance(value, dict):
        return "; ".join(f"{key}: {cell_text(item)}" for key, item in value.items())
    return str(value)


def rank_one(sheet: dict) -> str:
    """What rank 1 is called: the winner of a finished game, else the one leading."""
    return "winner" if sheet["status"] == "finished" else "leading"


def names_of(record: dict) -> dict[str, str]:
    """Each player's name by id."""
    return {player["id"]: player.get("name", player["id"]) for player in record.get("players", [])}


# -- CSV -------------------------------------------------------------------


def _safe_text(text: str) -> str:
    """Free text a spreadsheet will not run as a formula."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def scoresheet_csv(record: dict, sheet: dict) -> str:
    """The score sheet as CSV: a header, then one row per player in seating
    order with game, options, status, end reason, every breakdown column,
    total, rank and a flag (``yes``/``no``) for rank 1: ``winner`` when the
    game is finished, ``leading`` while it is in progress."""
    columns = breakdown_columns(sheet)
    names = names_of(record)
    winners = set(sheet.get("winners", []))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["game", "options", "status", "end_reason", "player", "name", *columns, "total", "rank", rank_one(sheet)])
    options = options_text(record)
    for player in sheet["players"]:
        writer.writerow([
            game_title(sheet["game"]),
            options,
            sheet["status"],
            cell_text(sheet.get("end_reason")),
            player["id"],
            _safe_text(names.get(player["id"], player["id"])),
            *(cell_text(player["breakdown"].get(key)) for key in columns),
            player["total"],
            player["rank"],
            cell_text(player["id"] in winners),
        ])
    return out.getvalue()
