"""What a game tells the other layers of itself, beside its rules.

Each game's package declares it once (``scoring/<game>/game.py``): the
pieces the app draws and offers, with their names; the score sheet's
columns; the quick tally's form; the setup the new-game screen asks for;
the board editor; its BoardGameGeek id; and the app's module that draws it.
``GET /api/v1/rulesets`` serves it beside the ruleset's own description,
the exports read the sheet's columns from it, and the app builds its forms
and says its pieces, questions and legends from it, so that no layer
outside the game's package names a game.

Words are written as ``{"en": ..., "de": ..., "es": ...}`` (a count's words
as ``{"one": ..., "other": ...}`` inside each language); :meth:`Declaration.describe`
answers them in one language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .messages import LANGUAGES

JSON = dict[str, Any]


@dataclass(frozen=True)
class Declaration:
    """One game, as the other layers need to know it (module docstring)."""

    game: str
    #: the app's module that draws it: ``frontend/js/draw/<drawer>.js``
    drawer: str
    #: BoardGameGeek's id (BG Stats finds the game by it); None where unknown
    bgg: int | None
    #: what the game is made of, as the engine names it (colours, tiles, parts, board kinds)
    pieces: JSON
    #: the pieces' names by kind (``tiles``, ``parts``, ``colors``...): id -> words
    names: JSON
    #: the score sheet: ``columns`` (``key``, ``title``, ``form``; ``option``: a column only
    #: with that option on) and ``tie_break``
    sheet: JSON
    #: the quick tally's form: ``hint``, ``fields`` of each player and the ``options`` it asks
    #: (boolean options of the game; a ``rows`` field's ``with_option``: item -> the option it needs)
    tally: JSON
    #: what the new-game screen asks of the setup; ``carry``: rounds make a match, the
    #: next round's ``setup.carry`` holding the totals so far (the score sheet's "Next round")
    setup: JSON
    #: the board editor (None for a game with a fixed board)
    board_editor: JSON | None = None
    #: the app's words that are the game's: the composer's ``questions`` by the key they ask
    #: (``<action>.<key>`` or ``<key>``), the words of an ``absent`` answer by key, and the
    #: drawer's own (``drawer``: a legend, a count...)
    texts: JSON | None = None

    def describe(self, lang: str = "en") -> JSON:
        """What ``GET /api/v1/rulesets`` adds to the ruleset's own
        description, every word in ``lang``."""
        fields = {"drawer": self.drawer, "bgg": self.bgg, "pieces": self.pieces, "names": self.names,
                  "sheet": self.sheet, "tally": self.tally, "setup": self.setup, "board_editor": self.board_editor,
                  "texts": {"questions": {}, "absent": {}, "drawer": {}, **(self.texts or {})}}
        return {key: in_language(value, lang) for key, value in fields.items()}

    def column_title(self, key: str, lang: str = "en") -> str | None:
        """A score sheet column's title in ``lang``, None where it is not the game's."""
        for column in self.sheet["columns"]:
            if column["key"] == key:
                return str(in_language(column["title"], lang))
        return None


#: game id -> its declaration, filled in as the games' packages are imported
DECLARATIONS: dict[str, Declaration] = {}


def declare(declaration: Declaration) -> Declaration:
    """Register a game's declaration (its ``game.py`` does, on import)."""
    DECLARATIONS[declaration.game] = declaration
    return declaration


def in_language(value: Any, lang: str) -> Any:
    """``value`` with every ``{"en", "de", "es"}`` words object replaced by
    its words in ``lang`` (English where ``lang`` is not one of them)."""
    if isinstance(value, dict):
        if value and set(value) == set(LANGUAGES):
            return value[lang if lang in LANGUAGES else "en"]
        return {key: in_language(item, lang) for key, item in value.items()}
    if isinstance(value, list):
        return [in_language(item, lang) for item in value]
    return value


def words(en: Any, de: Any, es: Any) -> JSON:
    """One text (or a count's forms) in the three languages."""
    return {"en": en, "de": de, "es": es}


def colour(symbol: str, en: str, de: str, es: str) -> JSON:
    """A colour of a game's pieces: its symbol, its name, and the forms in
    which it agrees with a noun, as the app writes ``{colour!form}``:
    German's strong endings (``roter Stapel``, ``vom roten Stapel``; a
    colour ending in -a, as ``lila``, never changes) and Spanish's feminine
    (``pila roja``; only the colours in -o change)."""
    german = {} if de.endswith("a") else {"er": f"{de}er", "en": f"{de}en"}
    spanish = {"f": f"{es[:-1]}a"} if es.endswith("o") else {}
    return {"symbol": symbol, "name": words(en, de, es), "forms": words({}, german, spanish)}

