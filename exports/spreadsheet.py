"""The score sheet as CSV, and what both exports show (the game's title,
the options in words, the breakdown's columns), in English, German or
Spanish.

Pure Python on the standard library and ``scoring`` alone, so that the
phone's referee runs this very module too (frontend/js/local.js): a game
kept on a phone exports the same bytes as the server's CSV of it.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from scoring.declaration import DECLARATIONS, in_language
from scoring.engine import RULESETS
from scoring.messages import LANGUAGES, PLURAL_FORMS

# Characters that make a spreadsheet read a cell as a formula.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

#: The exports' own words per language. English CSV columns keep the names
#: they have always had (``end_reason``, ``winner``): tools read them.
TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "game": "game", "options": "options", "status": "status", "end_reason": "end_reason",
        "player": "player", "name": "name", "total": "total", "rank": "rank",
        "winner": "winner", "leading": "leading", "yes": "yes", "no": "no", "none": "none",
        "in_progress": "in_progress", "finished": "finished",
        "Player": "Player", "Total": "Total", "Rank": "Rank", "Winner": "Winner", "Winners": "Winners",
        "Leading": "Leading", "Date": "Date", "Options": "Options", "Status": "Status", "score sheet": "score sheet",
        "Score after every turn": "Score after every turn", "Parts held after every turn": "Parts held after every turn",
        "turn": "turn", "status:in_progress": "in progress", "status:finished": "finished",
    },
    "de": {
        "game": "Spiel", "options": "Optionen", "status": "Stand", "end_reason": "Spielende",
        "player": "Spieler-ID", "name": "Name", "total": "Summe", "rank": "Platz",
        "winner": "Sieger", "leading": "führt", "yes": "ja", "no": "nein", "none": "keine",
        "in_progress": "läuft", "finished": "beendet",
        "Player": "Spieler", "Total": "Summe", "Rank": "Platz", "Winner": "Sieger", "Winners": "Sieger",
        "Leading": "Es führt", "Date": "Datum", "Options": "Optionen", "Status": "Stand", "score sheet": "Wertung",
        "Score after every turn": "Punkte nach jedem Zug", "Parts held after every turn": "Teile nach jedem Zug",
        "turn": "Zug", "status:in_progress": "Spiel läuft", "status:finished": "beendet",
    },
    "es": {
        "game": "juego", "options": "opciones", "status": "estado", "end_reason": "final",
        "player": "id del jugador", "name": "nombre", "total": "total", "rank": "puesto",
        "winner": "ganador", "leading": "en cabeza", "yes": "sí", "no": "no", "none": "ninguna",
        "in_progress": "en juego", "finished": "terminada",
        "Player": "Jugador", "Total": "Total", "Rank": "Puesto", "Winner": "Ganador", "Winners": "Ganadores",
        "Leading": "En cabeza", "Date": "Fecha", "Options": "Opciones", "Status": "Estado",
        "score sheet": "hoja de puntos",
        "Score after every turn": "Puntos tras cada turno", "Parts held after every turn": "Piezas tras cada turno",
        "turn": "turno", "status:in_progress": "en juego", "status:finished": "terminada",
    },
}

#: Why a game ended (the sheet's ``end_reason``), in words.
END_REASONS: dict[str, dict[str, str]] = {
    "en": {"goal_area": "five figures in the goal area", "deck_exhausted": "the deck ran out",
           "oracle_player": "a player reached the oracle", "oracle_total": "enough figures reached the oracle",
           "round_after_goal": "the round after a druid reached the goal", "all_druids_in_goal": "all druids in the goal",
           "parts_exhausted": "no parts left"},
    "de": {"goal_area": "fünf Figuren im Zielbereich", "deck_exhausted": "der Nachziehstapel ist leer",
           "oracle_player": "ein Spieler hat das Orakel erreicht", "oracle_total": "genug Figuren am Orakel",
           "round_after_goal": "die Runde nach dem ersten Druiden im Ziel", "all_druids_in_goal": "alle Druiden im Ziel",
           "parts_exhausted": "keine Teile mehr"},
    "es": {"goal_area": "cinco figuras en la zona de meta", "deck_exhausted": "se acabó el mazo",
           "oracle_player": "un jugador llegó al oráculo", "oracle_total": "bastantes figuras en el oráculo",
           "round_after_goal": "la ronda tras llegar un druida a la meta",
           "all_druids_in_goal": "todos los druidas en la meta", "parts_exhausted": "no quedan piezas"},
}


def language(lang: str | None) -> str:
    """``lang`` when the exports speak it, else English."""
    return lang if lang in LANGUAGES else "en"


# -- what both exports show ------------------------------------------------


def game_title(game: str) -> str:
    """The game's printed title, or its id when the game is not registered."""
    ruleset = RULESETS.get(game)
    return ruleset.title if ruleset else game


def options_text(record: dict, lang: str = "en") -> str:
    """The options in force, every default filled in, in the words of
    ``GET /rulesets``: ``Label: choice; ...`` in the ruleset's order."""
    lang = language(lang)
    ruleset = RULESETS.get(record.get("game") or "")
    if ruleset is None:  # no words for an unknown game's options: their keys
        options = dict(record.get("options") or {})
        return "; ".join(f"{key}: {cell_text(value, lang)}" for key, value in sorted(options.items())) \
            or TEXTS[lang]["none"]
    values = ruleset.default_options(record.get("options"))
    said = []
    for option in ruleset.describe(lang)["options"]:
        value = values[option["name"]]
        labels = dict(zip(map(str, option.get("choices", [])), option.get("choice_labels", [])))
        chosen = labels.get(str(value)) if "choices" in option else None
        said.append(f"{option['label']}: {chosen or cell_text(value, lang)}")
    return "; ".join(said) or TEXTS[lang]["none"]


def breakdown_columns(sheet: dict) -> list[str]:
    """Every breakdown key of the sheet, in the order the players show them."""
    columns: list[str] = []
    for player in sheet["players"]:
        for key in player["breakdown"]:
            if key not in columns:
                columns.append(key)
    return columns


def column_title(game: str, key: str, lang: str = "en") -> str:
    """A breakdown column's title, as the game declares it: ``wishing_stones``
    -> ``Wishing stones`` (an undeclared key is said as itself)."""
    declaration = DECLARATIONS.get(game)
    title = declaration.column_title(key, language(lang)) if declaration else None
    return title or key.replace("_", " ").capitalize()


def cell_text(value: Any, lang: str = "en") -> str:
    """A readable cell: lists as ``3, 2, 1``, booleans as yes/no, None empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return TEXTS[language(lang)]["yes" if value else "no"]
    if isinstance(value, (list, tuple)):
        return ", ".join(cell_text(item, lang) for item in value)
    if isinstance(value, dict):
        return "; ".join(f"{key}: {cell_text(item, lang)}" for key, item in value.items())
    return str(value)


def column_text(game: str, key: str, value: Any, lang: str = "en") -> str:
    """A breakdown cell: a column of sizes (Celtica's incomplete amulets) in
    the words the game declares for one size, ``[6, 1]`` -> ``6 parts, 1
    part``; any other value as :func:`cell_text` says it."""
    lang = language(lang)
    declaration = DECLARATIONS.get(game)
    column = next((column for column in declaration.sheet["columns"] if column["key"] == key), None) \
        if declaration else None
    if column is None or column["form"] != "sizes" or not isinstance(value, list):
        return cell_text(value, lang)
    size = in_language(column["size"], lang)
    form = PLURAL_FORMS[lang]
    return ", ".join(size["one" if form(n) == "one" else "other"].format(n=n) for n in value)


def rank_reason(sheet: dict, lang: str = "en") -> str | None:
    """What decides the ranks where the totals do not, where the game
    declares a tie-break and no player has any of what ranks first (Celtica
    with no complete amulet: the largest incomplete one decides)."""
    declaration = DECLARATIONS.get(sheet["game"])
    tie_break = declaration.sheet["tie_break"] if declaration else None
    if not tie_break or any(player["breakdown"][tie_break["key"]] for player in sheet["players"]):
        return None
    return str(in_language(tie_break["none"], language(lang)))


def end_reason_text(reason: str | None, lang: str = "en") -> str:
    """Why the game ended, in words (empty while it goes on)."""
    return END_REASONS[language(lang)].get(reason, reason) if reason else ""


def rank_one(sheet: dict, lang: str = "en") -> str:
    """What rank 1 is called: the winner of a finished game, else the one leading."""
    return TEXTS[language(lang)]["winner" if sheet["status"] == "finished" else "leading"]


def names_of(record: dict) -> dict[str, str]:
    """Each player's name by id."""
    return {player["id"]: player.get("name", player["id"]) for player in record.get("players", [])}


# -- CSV -------------------------------------------------------------------


def _safe_text(text: str) -> str:
    """Free text a spreadsheet will not run as a formula."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def scoresheet_csv(record: dict, sheet: dict, lang: str = "en") -> str:
    """The score sheet as CSV in ``lang``: a header, then one row per player
    in seating order with game, options, status, end reason, every breakdown
    column, total, rank and a flag (yes/no) for rank 1: ``winner`` when the
    game is finished, ``leading`` while it is in progress.

    In English the header and the status and end reason are the contract's
    ids, as they have always been; German and Spanish say them in words."""
    lang = language(lang)
    words = TEXTS[lang]
    columns = breakdown_columns(sheet)
    names = names_of(record)
    winners = set(sheet.get("winners", []))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    titles = columns if lang == "en" else [column_title(sheet["game"], key, lang) for key in columns]
    writer.writerow([words["game"], words["options"], words["status"], words["end_reason"], words["player"],
                     words["name"], *titles, words["total"], words["rank"], rank_one(sheet, lang)])
    options = options_text(record, lang)
    end = cell_text(sheet.get("end_reason")) if lang == "en" else end_reason_text(sheet.get("end_reason"), lang)
    for player in sheet["players"]:
        writer.writerow([
            game_title(sheet["game"]),
            options,
            words[sheet["status"]],
            end,
            player["id"],
            _safe_text(names.get(player["id"], player["id"])),
            *(cell_text(player["breakdown"].get(key), lang) for key in columns),
            player["total"],
            player["rank"],
            cell_text(player["id"] in winners, lang),
        ])
    return out.getvalue()
