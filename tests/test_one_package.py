"""A game is one package (issue 28): everything the other layers need of a
game is declared in ``scoring/<game>/`` (:mod:`scoring.declaration`), served
by ``GET /api/v1/rulesets`` and read by the API, the exports and the app, so
that outside the package only the game's drawer names it. The browser walk
of every game through the screens the declarations drive is
tests/browser/test_every_game.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import scoring
from exports.spreadsheet import column_title
from scoring.declaration import DECLARATIONS
from scoring.messages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
#: Where no game may be named: every layer but the engine, and the app's code, words and styles.
LAYERS = ("api", "exports", "store", "tables", "worker", "brehon", "frontend/js", "frontend/sw.js", "frontend/index.html",
          "frontend/i18n", "frontend/css")
#: The files read there: code, the app's words and its stylesheet.
SUFFIXES = (".py", ".js", ".html", ".json", ".css")
#: A game's id, its package's name or its drawer's (as the issue's grep finds them: keltis|orakel|celtica).
GAME_NAMES = re.compile("|".join(sorted({*scoring.RULESETS,
                                        *(type(ruleset).__module__.split(".")[1] for ruleset in scoring.RULESETS.values()),
                                        *(declaration.drawer for declaration in DECLARATIONS.values())},
                                       key=len, reverse=True)))
#: The answer's keys that the game's declaration adds.
DECLARED = ("drawer", "bgg", "pieces", "names", "sheet", "tally", "setup", "board_editor", "texts", "order")
#: The forms of a tally field the app knows (frontend/js/screens/tally.js).
TALLY_FORMS = {"number", "numbers", "figures", "counts", "rows"}


def _sources():
    for layer in LAYERS:
        path = ROOT / layer
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES)
        yield from files


def test_no_layer_outside_the_engine_names_a_game():
    drawers = {ROOT / "frontend" / "js" / "draw" / f"{declaration.drawer}.js" for declaration in DECLARATIONS.values()}
    named = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in _sources() if path not in drawers
             for number, line in enumerate(path.read_text().splitlines(), 1) if GAME_NAMES.search(line)]
    assert GAME_NAMES.pattern and named == []


def test_every_registered_game_is_declared_and_drawn():
    assert set(DECLARATIONS) == set(scoring.RULESETS)
    for declaration in DECLARATIONS.values():
        assert (ROOT / "frontend" / "js" / "draw" / f"{declaration.drawer}.js").is_file(), declaration.game


def _words_left(value) -> bool:
    """Whether a words object ({"en", "de", "es"}) is left in an answer that should speak one language."""
    if isinstance(value, dict):
        return set(value) == set(LANGUAGES) or any(_words_left(item) for item in value.values())
    return isinstance(value, list) and any(_words_left(item) for item in value)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rulesets_answer_is_complete_for_every_game(client, lang):
    described = client.get("/api/v1/rulesets", headers={"Accept-Language": lang}).get_json()
    assert sorted(game["game"] for game in described) == sorted(scoring.RULESETS)
    assert sorted(game["order"] for game in described) == list(range(len(scoring.RULESETS)))
    for game in described:
        ruleset = scoring.RULESETS[game["game"]]
        assert set(DECLARED) <= set(game) and not _words_left(game), game["game"]
        # Every piece has its name, every colour its symbol.
        for kind, names in game["names"].items():
            assert set(game["pieces"][kind]) <= set(names), (game["game"], kind)
            assert all(isinstance(name, str) and name or name["symbol"] and name["name"] for name in names.values())
        assert all(column["title"] for column in game["sheet"]["columns"])
        assert game["tally"]["hint"] and {field["form"] for field in game["tally"]["fields"]} <= TALLY_FORMS
        # The options the tally asks are boolean options of the game; a row needs one of them.
        types = {option["name"]: option["type"] for option in game["options"]}
        asked = game["tally"].get("options", [])
        assert all(types.get(name) == "boolean" for name in asked), game["game"]
        for field in game["tally"]["fields"]:
            assert set(field.get("with_option", {})) <= set(field.get("items", []))
            assert set(field.get("with_option", {}).values()) <= set(asked)
        # What the new-game screen asks: tiles, starting parts, or nothing but how the table sets up;
        # ``carry``: its rounds make a match, the next round carrying the totals in.
        assert game["setup"]["hint"] and set(game["setup"]) <= {"hint", "tiles", "parts", "display", "carry"}
        # A game played on a board profile has an editor whose blank profile passes the board checks.
        assert (game["board_editor"] is not None) == ruleset.needs_board
        if game["board_editor"]:
            assert game["board_editor"]["hint"] and game["board_editor"]["walk"] in game["board_editor"]["blank"]
            assert ruleset.board_problems(game["board_editor"]["blank"]) == []


def _tallied(field: dict):
    """A player's answer to a tally field, as the app sends an untouched form."""
    return {"number": 0, "numbers": [0] * len(field.get("labels", [])), "figures": [],
            "counts": dict.fromkeys(field.get("items", []), 0), "rows": {}}[field["form"]]


@pytest.mark.parametrize("game", sorted(scoring.RULESETS))
def test_the_declared_tally_form_scores_and_the_sheet_has_the_declared_columns(client, game):
    described = next(g for g in client.get("/api/v1/rulesets").get_json() if g["game"] == game)
    ruleset = scoring.RULESETS[game]
    players = [{"id": f"p{seat}", **{field["key"]: _tallied(field) for field in described["tally"]["fields"]}}
               for seat in range(ruleset.min_players)]
    board = described["board_editor"]["blank"] if described["board_editor"] else None
    answer = client.post("/api/v1/tally", json={"game": game, "options": {}, "board": board, "players": players})
    assert answer.status_code == 200, answer.get_json()
    # The declared columns in their order, but those of an option (asked for none here).
    columns = [column["key"] for column in described["sheet"]["columns"] if "option" not in column]
    assert all(list(player["breakdown"]) == columns for player in answer.get_json()["players"])


@pytest.mark.parametrize("game", sorted(scoring.RULESETS))
def test_the_exports_title_the_columns_as_the_game_declares(game):
    for column in DECLARATIONS[game].sheet["columns"]:
        for lang in LANGUAGES:
            assert column_title(game, column["key"], lang) == column["title"][lang]


@pytest.mark.parametrize("game", sorted(scoring.RULESETS))
def test_the_app_s_words_of_a_game_are_declared_in_every_language_with_the_same_placeholders(game):
    declaration = DECLARATIONS[game]
    texts = declaration.describe("en")["texts"]
    drawer = (ROOT / "frontend" / "js" / "draw" / f"{declaration.drawer}.js").read_text()
    # Every word the drawer says of its game (words.js's drawn, imported as said) is declared.
    assert set(re.findall(r"\bsaid\(ruleset, '(\w+)'", drawer)) <= set(texts["drawer"])
    for part in ("questions", "absent", "drawer"):
        for key in texts[part]:
            said = {lang: json.dumps(declaration.describe(lang)["texts"][part][key], ensure_ascii=False) for lang in LANGUAGES}
            assert len({frozenset(re.findall(r"\{\w+\}", text)) for text in said.values()}) == 1, (game, part, key)
