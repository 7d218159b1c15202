"""Celtica board profiles (rules §2) and the setup (§3)."""

from __future__ import annotations

import json
from typing import Any

from .. import schema
from ..engine import JSON, RuleBroken
from .state import COPIES, DISPLAY, KINDS, LOCATION_KINDS, PRINTED_LENGTH, START_PARTS, WITH_PARTS

#: The warnings of rules §2.2 in each language (English as the rules file writes them).
WARNINGS = {
    "length_not_19": {"en": "The printed board has 19 locations; this profile has {count}.",
                      "de": "Der gedruckte Plan hat 19 Orte; dieses Profil hat {count}.",
                      "es": "El tablero impreso tiene 19 lugares; este perfil tiene {count}."},
    "no_ruin": {"en": "This board has no ruin.", "de": "Dieser Plan hat keine Ruine.",
                "es": "Este tablero no tiene ninguna ruina."},
    "no_cult": {"en": "This board has no cult site.", "de": "Dieser Plan hat keine Kultstätte.",
                "es": "Este tablero no tiene ningún lugar de culto."},
    "no_find_site": {"en": "This board has no village, castle or monastery.",
                     "de": "Dieser Plan hat kein Dorf, keine Burg und kein Kloster.",
                     "es": "Este tablero no tiene ninguna aldea, castillo ni monasterio."},
}


def _problem(check: str, index: int | None = None, **words: Any) -> RuleBroken:
    return RuleBroken("board.invalid", {"check": check, "index": index}, reason=f"board.{check}", **words)


def _short_text(value: Any, high: int) -> bool:
    return isinstance(value, str) and 1 <= len(value) <= high


def board_problems(board: Any) -> list[RuleBroken]:
    """Every problem of a profile (rules §2.1), in the order of the checks.
    A broken shape stops the list there, since the later checks read the
    locations."""
    if not isinstance(board, dict) or set(board) - {"name", "locations"} or "locations" not in board:
        return [_problem("shape")]
    if "name" in board and not _short_text(board["name"], 80):
        return [_problem("shape")]
    locations = board["locations"]
    if not isinstance(locations, list):
        return [_problem("shape")]
    problems = []
    for index, location in enumerate(locations):
        if not isinstance(location, dict) or set(location) - {"kind", "parts", "label"}:
            problems.append(_problem("shape", index))
        elif "label" in location and not _short_text(location["label"], 40):
            problems.append(_problem("shape", index))
    if problems:
        return problems
    if not 2 <= len(locations) <= 60:
        problems.append(_problem("length", count=len(locations)))
    last = len(locations) - 1
    for index, location in enumerate(locations):
        kind = location.get("kind")
        if not isinstance(kind, str) or kind not in LOCATION_KINDS:
            problems.append(_problem("kind", index))
            continue
        if index == 0 and kind != "start":
            problems.append(_problem("start_first", 0))
        if index > 0 and kind == "start":
            problems.append(_problem("start_unique", index))
        if index == last and kind != "goal":
            problems.append(_problem("goal_last", index))
        if index < last and kind == "goal":
            problems.append(_problem("goal_unique", index))
        parts = location.get("parts")
        if kind in WITH_PARTS:
            if "parts" not in location:
                problems.append(_problem("parts_missing", index, kind=kind))
            elif not schema.is_int(parts) or not 1 <= parts <= 9:
                problems.append(_problem("parts_range", index))
        elif "parts" in location:
            problems.append(_problem("parts_forbidden", index, kind=kind))
    return problems


def locations_of(board: JSON) -> list[tuple[str, int]]:
    """A valid profile's locations as ``(kind, amulet symbols shown)``, 0 on
    the start and cult sites."""
    return [(location["kind"], location["parts"] if location["kind"] in WITH_PARTS else 0)
            for location in board["locations"]]


def board_warnings(board: JSON, lang: str = "en") -> list[JSON]:
    """The warnings of rules §2.2, each ``{"code", "message", "details"}``, the message in ``lang``."""
    locations = board["locations"]
    kinds = {location["kind"] for location in locations}
    found: list[tuple[str, JSON]] = []
    if len(locations) != PRINTED_LENGTH:
        found.append(("length_not_19", {"count": len(locations)}))
    if "ruin" not in kinds:
        found.append(("no_ruin", {}))
    if "cult" not in kinds:
        found.append(("no_cult", {}))
    if not kinds & {"village", "castle", "monastery"}:
        found.append(("no_find_site", {}))
    return [{"code": code, "message": WARNINGS[code].get(lang, WARNINGS[code]["en"]).format(**details),
             "details": details} for code, details in found]


def _setup_fault(check: str, **values: Any) -> RuleBroken:
    shown = {key: value if isinstance(value, str) else json.dumps(value) for key, value in values.items()}
    return RuleBroken("setup.invalid", {"check": check, **values}, reason=f"setup.{check}", **shown)


def check_setup(setup: Any, players: list[str]) -> tuple[list[str | None], dict[str, list[str]]]:
    """The display (9 entries, None unknown) and the starting parts;
    ``setup.invalid`` at the first failing check of rules §3.1."""
    if not isinstance(setup, dict) or set(setup) - {"display", "parts"}:
        raise _setup_fault("shape")
    display = setup.get("display", [None] * DISPLAY)
    if not isinstance(display, list):
        raise _setup_fault("shape")
    if len(display) != DISPLAY:
        raise _setup_fault("display_length", count=len(display))
    for entry in display:
        if entry is not None and entry not in KINDS:
            raise _setup_fault("part_id", value=entry)
    parts = setup.get("parts")
    if isinstance(parts, dict):
        for listed in parts.values():
            for entry in listed if isinstance(listed, list) else ():
                if not isinstance(entry, str) or entry not in KINDS:
                    raise _setup_fault("part_id", value=entry)
    if not isinstance(parts, dict) or set(parts) != set(players):
        raise _setup_fault("players")
    for player in players:
        if not isinstance(parts[player], list) or len(parts[player]) != START_PARTS:
            raise _setup_fault("player_parts", player=player)
    for kind in KINDS:
        count = display.count(kind) + sum(parts[player].count(kind) for player in players)
        if count > COPIES:
            raise _setup_fault("counts", part=kind, count=count)
    return display, parts
