"""Keltis: Das Orakel as the other layers need to know it
(:mod:`scoring.declaration`): Keltis's colours and score sheet with the
mirrors added, its own tiles, a tally of fields (§15), the tiles laid on a
board's small fields (§4.2), and the board editor that walks the spiral."""

from __future__ import annotations

from ..cards import COLORS
from ..declaration import Declaration, declare, words
from ..keltis.game import CARD_QUESTIONS, COLOR_NAMES, FIGURES, STONES_HELD, TALLY_STONES, TALLY_TRACK, TRACK, WISHING_STONES
from . import board

TILE_NAMES = {
    "points-1": words("1 point", "1 Punkt", "1 punto"),
    "points-2": words("2 points", "2 Punkte", "2 puntos"),
    "points-3": words("3 points", "3 Punkte", "3 puntos"),
    "points-4": words("4 points", "4 Punkte", "4 puntos"),
    "clover-red": words("red clover", "rotes Kleeblatt", "trébol rojo"),
    "clover-yellow": words("yellow clover", "gelbes Kleeblatt", "trébol amarillo"),
    "clover-green": words("green clover", "grünes Kleeblatt", "trébol verde"),
    "clover-blue": words("blue clover", "blaues Kleeblatt", "trébol azul"),
    "clover-purple": words("purple clover", "lila Kleeblatt", "trébol morado"),
    "spiral": words("spiral", "Spirale", "espiral"),
    "goblin": words("goblin", "Kobold", "duende"),
    "mirror": words("mirror", "Spiegel", "espejo"),
    "none": words("nothing (bare)", "nichts (leer)", "nada (vacía)"),
}
FIELD_KINDS = {
    "start": words("start", "Start", "salida"),
    "small": words("small field", "kleines Feld", "casilla pequeña"),
    "large": words("large field", "großes Feld", "casilla grande"),
    "center": words("center", "Mitte", "centro"),
}
#: Each player's figures (§15 counts the field each one stands on).
FIGURE_COUNT = 3
#: Wishing stones a field of each kind starts with (the center's one: rules §3.2).
STONES = {"start": 0, "small": 0, "large": board.LARGE_STONES, "center": 1}


def blank_board() -> dict[str, object]:
    """A profile to fill in, shaped like the printed board and passing the
    board checks from the start: the small and large fields in the printed
    rhythm, the colours in turn."""
    run = board.SMALL_FIELDS // (board.LARGE_FIELDS + 1)  # small fields between two large ones
    fields: list[dict[str, object]] = [{"kind": "start", "color": None, "value": 0, "stones": 0}]
    i = 1
    while len(fields) < board.SMALL_FIELDS + board.LARGE_FIELDS + 1:
        kind = "large" if i % (run + 1) == 0 else "small"
        fields.append({"kind": kind, "color": COLORS[(i - 1) % len(COLORS)], "value": 0, "stones": STONES[kind]})
        i += 1
    fields.append({"kind": "center", "color": COLORS[len(fields) % len(COLORS)], "value": 0, "stones": STONES["center"]})
    return {"fields": fields, "oracle_from": len(fields) - 6, "wishing_stone_table": [0, -4, -2, 1, 3, 6, 8, 10, 12, 15],
            "green_numbers": [5, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1]}


#: The app's words that are the game's: the composer's questions, an absent answer's, the drawer's.
TEXTS = {
    "questions": {
        **CARD_QUESTIONS,
        "figure": words("Which figure moves?", "Welche Figur zieht?", "¿Qué figura se mueve?"),
        "goblin.color": words("Goblin: the colour of the hand card {player} discards? (Something else: a row's top card, or none.)",
                              "Kobold: welche Farbe hat die Handkarte, die {player} ablegt? (Etwas anderes: die oberste Karte einer Reihe, oder keine.)",
                              "Duende: ¿de qué color es la carta de la mano que descarta {player}? (Otra cosa: la última de una fila, o ninguna.)"),
        "goblin.row": words("Goblin: the top card of which row?",
                            "Kobold: die oberste Karte welcher Reihe?",
                            "Duende: ¿la última carta de qué fila?"),
        "reveal.field": words("Which field?", "Welches Feld?", "¿Qué casilla?"),
        "reveal.tile": words("What lies on {where}?", "Was liegt auf {where}?", "¿Qué hay en {where}?"),
        "row": words("From which row?", "Aus welcher Reihe?", "¿De qué fila?"),
    },
    "absent": {
        "figure": words("the priestess, or no move", "die Priesterin, oder kein Zug", "la sacerdotisa, o sin mover"),
        "hand": words("not from the hand", "nicht von der Hand", "no de la mano"),
        "priestess": words("no move", "kein Zug", "sin mover"),
        "row": words("decline", "verzichten", "renunciar"),
    },
    "drawer": {
        "legend": words("Fields by number, framed in their colour; ✦n wishing stones, ♣ clover, @ spiral, G goblin, M mirror, ? unknown. A token is a player's figures there (A2: two of them). ♀ and a heavy frame: the priestess. Shaded, dashed: the oracle area from field {from}.",
                        "Felder nach Nummer, in ihrer Farbe umrandet; ✦n Wunschsteine, ♣ Kleeblatt, @ Spirale, G Kobold, M Spiegel, ? unbekannt. Ein Stein zeigt die Figuren eines Spielers dort (A2: zwei). ♀ und ein dicker Rahmen: die Priesterin. Schattiert, gestrichelt: das Orakelgebiet ab Feld {from}.",
                        "Casillas por número, enmarcadas en su color; ✦n piedras de los deseos, ♣ trébol, @ espiral, G duende, M espejo, ? desconocida. Una ficha son las figuras de un jugador allí (A2: dos). ♀ y un marco grueso: la sacerdotisa. Sombreada, discontinua: la zona del oráculo desde la casilla {from}."),
        "priestess": words("priestess on field {field}",
                           "Priesterin auf Feld {field}",
                           "sacerdotisa en la casilla {field}"),
        "mirrors": words({"one": "{n} mirror", "other": "{n} mirrors"},
                         {"one": "{n} Spiegel", "other": "{n} Spiegel"},
                         {"one": "{n} espejo", "other": "{n} espejos"}),
    },
}


DECLARATION = declare(Declaration(
    game="keltis-orakel",
    drawer="orakel",
    # No BoardGameGeek id here: we could not confirm it, so BG Stats matches
    # the game by its name (and remembers the match, by sourceGameId).
    bgg=None,
    pieces={"colors": list(COLORS), "tiles": list(board.TILES), "stock": dict(board.TILE_COUNTS),
            "field_kinds": list(board.KINDS),
            "fields": {"small": board.SMALL_FIELDS, "large": board.LARGE_FIELDS},
            "stones": STONES},
    names={"colors": COLOR_NAMES, "tiles": TILE_NAMES, "field_kinds": FIELD_KINDS},
    sheet={"columns": [TRACK, FIGURES, WISHING_STONES, STONES_HELD,
                       {"key": "mirrors", "title": words("Mirrors", "Spiegel", "Espejos"), "form": "number"}],
           "tie_break": None},
    tally={"hint": words("Field of each figure.", "Feld jeder Figur.", "Casilla de cada figura."),
           "fields": [{"key": "fields", "form": "numbers",
                       "labels": [words(f"Figure {n}", f"Figur {n}", f"Figura {n}") for n in range(1, FIGURE_COUNT + 1)]},
                      TALLY_STONES,
                      {"key": "mirrors", "form": "number", "label": words("Mirrors", "Spiegel", "Espejos")},
                      TALLY_TRACK]},
    # §4.2: the tiles laid on the chosen board's small fields.
    setup={"tiles": "fields",
           "hint": words("Tap a small field and choose the tile lying on it; the board shows it at once.",
                         "Tippe ein kleines Feld an und wähle das Plättchen, das darauf liegt; der Plan zeigt es sofort.",
                         "Toca una casilla pequeña y elige la ficha que hay en ella; el tablero la muestra enseguida.")},
    board_editor={"walk": "fields", "blank": blank_board(),
                  "hint": words("Walk the spiral from the start field to the center: for each field its kind, colour "
                                "and printed value. Then name the board and save it.",
                                "Geh die Spirale vom Startfeld bis zur Mitte ab: für jedes Feld Art, Farbe und "
                                "aufgedruckten Wert. Dann gib dem Plan einen Namen und speichere ihn.",
                                "Recorre la espiral desde la salida hasta el centro: de cada casilla su tipo, color y "
                                "valor impreso. Después pon nombre al tablero y guárdalo.")},
    texts=TEXTS,
))
