"""The Orakel board profile (rules §3): its checks, its warnings, the board
reshaped for play, and the tiles a setup may list on it (§4.2)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from .. import schema
from ..cards import COLORS
from ..engine import JSON, RuleBroken
from .messages import GAME

TILE_COUNTS = {
    "points-1": 4, "points-2": 6, "points-3": 4, "points-4": 2,
    "clover-red": 1, "clover-yellow": 1, "clover-green": 1, "clover-blue": 1, "clover-purple": 1,
    "spiral": 3, "goblin": 3, "mirror": 3,
}
TILES = tuple(TILE_COUNTS)
NONE = "none"  # a small field whose mirror has been taken
KINDS = ("start", "small", "large", "center")
FIELD_KEY_SET = frozenset(("kind", "color", "value", "stones"))
BOARD_KEYS = ("fields", "oracle_from", "wishing_stone_table", "green_numbers")
SMALL_FIELDS, LARGE_FIELDS, LARGE_STONES = 30, 4, 2
REMOVED_MAX = 93
DECIMAL = re.compile(r"0|[1-9][0-9]*")  # used with fullmatch: "5\n" is no field

#: The warnings of rules §3.3 in each language; the details (fields, colours) as the record writes them.
WARNING_TEXT = {
    "values_decrease": {"en": "Some fields have a lower value than the field before them: {fields}.",
                        "de": "Einige Felder haben einen niedrigeren Wert als das Feld davor: {fields}.",
                        "es": "Algunas casillas valen menos que la casilla anterior: {fields}."},
    "early_not_negative": {"en": "Field 1 has a value of {value}; the first fields are usually negative.",
                           "de": "Feld 1 hat den Wert {value}; die ersten Felder sind meist negativ.",
                           "es": "La casilla 1 vale {value}; las primeras casillas suelen ser negativas."},
    "color_repeat": {"en": "Neighbouring fields share a colour: {pairs}.",
                     "de": "Benachbarte Felder haben dieselbe Farbe: {pairs}.",
                     "es": "Casillas vecinas comparten color: {pairs}."},
    "color_balance": {"en": "The colours are unevenly spread: {counts}.",
                      "de": "Die Farben sind ungleich verteilt: {counts}.",
                      "es": "Los colores están repartidos de forma desigual: {counts}."},
    "wishing_table": {"en": "The wishing-stone table does not start at 0 or decreases somewhere: {table}.",
                      "de": "Die Wunschstein-Tabelle beginnt nicht bei 0 oder fällt irgendwo: {table}.",
                      "es": "La tabla de piedras de los deseos no empieza en 0 o baja en algún punto: {table}."},
}


# -- the board profile -------------------------------------------------------


@dataclass
class Board:
    """A checked board profile, reshaped for play."""

    kinds: list[str]
    colors: list[str | None]
    values: list[int]
    stones: list[int]
    oracle_from: int
    wishing: list[int]
    green: list[int]
    #: colour -> field -> the first field of that colour strictly ahead (None: none).
    ahead: dict[str, list[int | None]]

    @property
    def center(self) -> int:
        return len(self.kinds) - 1

    @classmethod
    def of(cls, profile: JSON) -> "Board":
        fields = profile["fields"]
        colors = [spot.get("color") for spot in fields]
        ahead: dict[str, list[int | None]] = {}
        for color in COLORS:
            following: list[int | None] = [None] * len(fields)
            nearest = None
            for index in range(len(fields) - 1, -1, -1):
                following[index] = nearest
                if colors[index] == color:
                    nearest = index
            ahead[color] = following
        return cls(
            kinds=[spot["kind"] for spot in fields],
            colors=colors,
            values=[spot["value"] for spot in fields],
            stones=[spot.get("stones") or 0 for spot in fields],
            oracle_from=profile["oracle_from"],
            wishing=list(profile["wishing_stone_table"]),
            green=list(profile["green_numbers"]),
            ahead=ahead,
        )


def _problem(check: str, pointer: str, reason: str) -> JSON:
    return {"check": check, "pointer": pointer, "reason": f"{pointer or '/'} {reason}"}


def _at(pointer: str, index: int, key: str | None = None) -> str:
    """The pointer of field ``index`` of the profile at ``pointer``, or of its ``key``."""
    return f"{pointer}/fields/{index}" if key is None else f"{pointer}/fields/{index}/{key}"


def _stones_are(spot: JSON, wanted: int) -> bool:
    """Whether a field holds ``wanted`` stones; absent or null is 0, and only an
    integer counts (``2.0`` and ``true`` are no stone counts)."""
    stones = spot.get("stones")
    if stones is None:
        return wanted == 0
    return stones == wanted and schema.is_int(stones)


def _int_list(value: Any, size: int, low: int | None = None) -> bool:
    return (isinstance(value, list) and len(value) == size
            and all(schema.is_int(item) and (low is None or item >= low) for item in value))


def board_problems(board: Any, pointer: str = "") -> list[JSON]:
    """Every §3.2 problem of a profile, in the order of the checks.

    Each problem is ``{"check", "pointer", "reason"}``. A broken shape or
    field shape stops the list there, since the later checks read the fields.
    """
    problems: list[JSON] = []
    if not isinstance(board, dict):
        return [_problem("shape", pointer, "must be an object")]
    for key in BOARD_KEYS:
        if key not in board:
            problems.append(_problem("shape", f"{pointer}/{key}", "is required"))
    for key in board:
        if key not in BOARD_KEYS and key != "name":
            problems.append(_problem("shape", f"{pointer}/{key}", "is not allowed here"))
    if "fields" in board and not isinstance(board["fields"], list):
        problems.append(_problem("shape", f"{pointer}/fields", "must be an array"))
    if "name" in board and not isinstance(board["name"], str):
        problems.append(_problem("shape", f"{pointer}/name", "must be a string"))
    if problems:
        return problems

    fields = board["fields"]
    # Every replay checks its board: so pointers are built only for a problem,
    # and a check over all fields asks in one step first (in, issuperset)
    # whether any field is at fault.
    for index, spot in enumerate(fields):
        if not isinstance(spot, dict):
            problems.append(_problem("field_shape", _at(pointer, index), "must be an object"))
            continue
        if not FIELD_KEY_SET.issuperset(spot):
            problems += [_problem("field_shape", _at(pointer, index, key), "is not allowed here")
                         for key in spot if key not in FIELD_KEY_SET]
        if spot.get("kind") not in KINDS:
            problems.append(_problem("field_shape", _at(pointer, index, "kind"), f"must be one of {', '.join(KINDS)}"))
        if not schema.is_int(spot.get("value")):
            problems.append(_problem("field_shape", _at(pointer, index, "value"), "must be an integer"))
    if problems:
        return problems

    last = len(fields) - 1
    kinds = [spot["kind"] for spot in fields]
    if not fields:
        problems.append(_problem("start", f"{pointer}/fields/0", "must be the start field"))
    elif kinds[0] != "start":
        problems.append(_problem("start", _at(pointer, 0, "kind"), "must be start"))
    else:
        start = fields[0]
        if start.get("color") is not None:
            problems.append(_problem("start", _at(pointer, 0, "color"), "must be null on the start"))
        if start["value"] != 0:
            problems.append(_problem("start", _at(pointer, 0, "value"), "must be 0 on the start"))
        if not _stones_are(start, 0):
            problems.append(_problem("start", _at(pointer, 0, "stones"), "must be 0 on the start"))
    if "start" in kinds[1:]:
        problems += [_problem("start", _at(pointer, index, "kind"), "may only be start on field 0")
                     for index in range(1, len(kinds)) if kinds[index] == "start"]
    if "center" in kinds[:-1]:
        problems += [_problem("center", _at(pointer, index, "kind"), "may only be center on the last field")
                     for index in range(last) if kinds[index] == "center"]
    if fields and kinds[last] != "center":
        problems.append(_problem("center", _at(pointer, last, "kind"), "must be center on the last field"))
    elif fields and not _stones_are(fields[last], 1):
        problems.append(_problem("center", _at(pointer, last, "stones"), "must be 1 on the center"))
    problems += [_problem("color", _at(pointer, index, "color"), f"must be one of {', '.join(COLORS)}")
                 for index in range(1, len(fields)) if fields[index].get("color") not in COLORS]
    for kind, wanted, stones in (("small", SMALL_FIELDS, 0), ("large", LARGE_FIELDS, LARGE_STONES)):
        count = kinds.count(kind)
        if count != wanted:
            problems.append(_problem(kind, f"{pointer}/fields", f"must hold exactly {wanted} {kind} fields, not {count}"))
        problems += [_problem(kind, _at(pointer, index, "stones"), f"must be {stones} on a {kind} field")
                     for index in range(len(fields)) if kinds[index] == kind and not _stones_are(fields[index], stones)]
    oracle_from = board["oracle_from"]
    if not schema.is_int(oracle_from) or not 1 <= oracle_from <= last:
        problems.append(_problem("oracle_from", f"{pointer}/oracle_from", f"must be an integer from 1 to {last}"))
    if not _int_list(board["wishing_stone_table"], 10):
        problems.append(_problem("wishing_stone_table", f"{pointer}/wishing_stone_table",
                                 "must be a list of exactly 10 integers"))
    if not _int_list(board["green_numbers"], 11, low=0):
        problems.append(_problem("green_numbers", f"{pointer}/green_numbers",
                                 "must be a list of exactly 11 integers, each 0 or more"))
    return problems


def board_warnings(board: Board, lang: str = "en") -> list[JSON]:
    """The §3.3 warnings of a valid profile, one entry per code (asked for
    by the score sheet, so that a replay does not work them out)."""
    values, colors = board.values, board.colors
    found: list[tuple[str, JSON]] = []
    lower = [index for index in range(2, len(values)) if values[index] < values[index - 1]]
    if lower:
        found.append(("values_decrease", {"fields": lower}))
    if values[1] >= 0:
        found.append(("early_not_negative", {"field": 1, "value": values[1]}))
    pairs = [[index, index + 1] for index in range(1, len(colors) - 1) if colors[index] == colors[index + 1]]
    if pairs:
        found.append(("color_repeat", {"pairs": pairs}))
    counts = Counter(colors[1:])
    spread = {color: counts[color] for color in COLORS}
    if max(spread.values()) - min(spread.values()) > 2:
        found.append(("color_balance", {"counts": spread}))
    table = board.wishing
    if table[0] != 0 or any(table[index] < table[index - 1] for index in range(2, len(table))):
        found.append(("wishing_table", {"table": list(table)}))
    return [
        {"code": f"{GAME}.board.{code}", "message": WARNING_TEXT[code].get(lang, WARNING_TEXT[code]["en"]).format(**details),
         "details": details}
        for code, details in found
    ]


def setup_tiles(setup: Any, board: Board) -> dict[int, str]:
    """The §4.2 checks; the listed tiles by field."""
    def refuse(check: str, reason: str) -> RuleBroken:
        return RuleBroken("setup.invalid", {"check": check, "reason": reason})

    setup = {} if setup is None else setup
    if (not isinstance(setup, dict) or set(setup) - {"tiles", "tiles_complete"}
            or not isinstance(setup.get("tiles", {}), dict)
            or not isinstance(setup.get("tiles_complete", False), bool)):
        raise refuse("shape", "setup must be an object with tiles (an object) and tiles_complete (a boolean)")
    tiles = setup.get("tiles", {})
    for key in tiles:
        if not DECIMAL.fullmatch(key) or int(key) >= len(board.kinds) or board.kinds[int(key)] != "small":
            raise refuse("field", f"{key!r} is not a small field of the board")
    for key, tile in tiles.items():
        if not isinstance(tile, str) or tile not in TILE_COUNTS:
            raise refuse("tile", f"{tile!r} on field {key} is not a tile id")
    for tile, count in Counter(tiles.values()).items():
        if count > TILE_COUNTS[tile]:
            raise refuse("count", f"{tile} is listed {count} times but exists {TILE_COUNTS[tile]} times")
    if setup.get("tiles_complete", False) and len(tiles) < SMALL_FIELDS:
        raise refuse("complete", f"tiles_complete is true but only {len(tiles)} of {SMALL_FIELDS} small fields are listed")
    return {int(key): tile for key, tile in tiles.items()}
