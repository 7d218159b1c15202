"""Keltis as the other layers need to know it (:mod:`scoring.declaration`):
its pieces and their names, its score sheet, its quick tally (§15), the
tiles the new-game screen may lay out (§3.2), and the app's drawer."""

from __future__ import annotations

from ..cards import COLORS
from ..declaration import Declaration, colour, declare, words
from . import board

#: The cards' colours (the paths are named after them) with the symbol that goes with each.
COLOR_NAMES = {
    "red": colour("●", "red", "rot", "rojo"),
    "yellow": colour("▲", "yellow", "gelb", "amarillo"),
    "green": colour("■", "green", "grün", "verde"),
    "blue": colour("◆", "blue", "blau", "azul"),
    "purple": colour("★", "purple", "lila", "morado"),
}
TILE_NAMES = {
    "wish": words("wishing stone", "Wunschstein", "piedra de los deseos"),
    "clover": words("clover", "Kleeblatt", "trébol"),
    "points-1": words("1 point", "1 Punkt", "1 punto"),
    "points-2": words("2 points", "2 Punkte", "2 puntos"),
    "points-3": words("3 points", "3 Punkte", "3 puntos"),
    "none": words("nothing (bare)", "nichts (leer)", "nada (vacía)"),
}
FIGURE_NAMES = {"large": words("large figure", "große Figur", "figura grande"),
                "small": words("small figure", "kleine Figur", "figura pequeña")}

#: The score sheet's columns (CONTRACT §6) of the Keltis family, titled.
TRACK = {"key": "track", "title": words("Track", "Zählleiste", "Marcador"), "form": "number"}
FIGURES = {"key": "figures", "title": words("Figures", "Figuren", "Figuras"), "form": "number"}
# Held stones and the points they give often read the same number (3 stones
# score 3): the titles say which is the count and which the points.
HELD_STONES = words("Wishing stones held", "Wunschsteine", "Piedras de los deseos")
WISHING_STONES = {"key": "wishing_stones", "form": "number",
                  "title": words("Points for wishing stones", "Punkte für Wunschsteine", "Puntos por piedras")}
STONES_HELD = {"key": "stones_held", "title": HELD_STONES, "form": "number"}

#: The tally's fields every game of the family asks of a player besides the figures.
TALLY_STONES = {"key": "stones_held", "form": "number", "label": HELD_STONES}
TALLY_TRACK = {"key": "track", "form": "number",
               "label": words("Points on the track", "Punkte auf der Zählleiste", "Puntos en el marcador")}


def _small_figure(n: int) -> dict[str, str]:
    return {lang: f"{name} {n}" for lang, name in FIGURE_NAMES["small"].items()}


#: The composer's questions about the card of a turn, the same in every game of the family.
CARD_QUESTIONS = {
    "discard.card": words("Which card does {player} discard?",
                          "Welche Karte legt {player} ab?",
                          "¿Qué carta descarta {player}?"),
    "play.card": words("Which card does {player} play?",
                       "Welche Karte spielt {player}?",
                       "¿Qué carta juega {player}?"),
    "play.color": words("Which colour does {player} play?",
                        "Welche Farbe spielt {player}?",
                        "¿De qué color juega {player}?"),
}

#: The app's words that are the game's: the composer's questions, an absent answer's, the drawer's.
TEXTS = {
    "questions": {
        **CARD_QUESTIONS,
        "figure": words("Which figure enters?", "Welche Figur kommt ins Spiel?", "¿Qué figura entra?"),
        "reveal.path": words("Which path?", "Welcher Weg?", "¿Qué camino?"),
        "reveal.row": words("Which row of that path?", "Welche Reihe dieses Wegs?", "¿Qué fila de ese camino?"),
        "reveal.tile": words("What lies on {where}?", "Was liegt auf {where}?", "¿Qué hay en {where}?"),
        "row": words("Which row?", "Welche Reihe?", "¿Qué fila?"),
    },
    "absent": {
        "bonus": words("no bonus", "kein Bonus", "sin extra"),
        "figure": words("no new figure", "keine neue Figur", "ninguna figura nueva"),
    },
    "drawer": {
        "legend": words("✦ wishing stone, ♣ clover, +n points, ? unknown; a token in the player's colour with the initial is a figure, a token with a white ring the large one; rows 7 to 9 are the goal area.",
                        "✦ Wunschstein, ♣ Kleeblatt, +n Punkte, ? unbekannt; ein Stein in der Farbe des Spielers mit der Initiale ist eine Figur, einer mit weißem Ring die große; die Reihen 7 bis 9 sind das Zielgebiet.",
                        "✦ piedra de los deseos, ♣ trébol, +n puntos, ? desconocido; una ficha del color del jugador con su inicial es una figura, una con anillo blanco la grande; las filas 7 a 9 son la zona de meta."),
        "goal_area": words({"one": "{n} figure in the goal area", "other": "{n} figures in the goal area"},
                           {"one": "{n} Figur im Zielbereich", "other": "{n} Figuren im Zielbereich"},
                           {"one": "{n} figura en la zona de meta", "other": "{n} figuras en la zona de meta"}),
    },
}


DECLARATION = declare(Declaration(
    game="keltis",
    drawer="keltis",
    bgg=34585,
    pieces={"colors": list(COLORS), "paths": list(board.PATHS), "rows": len(board.ROWS),
            "goal_row": board.GOAL_ROW, "tiles": list(board.STOCK), "figures": list(board.SIZES),
            # how many of each tile the box holds (rules §1), and how many rows 1-8 hold
            "stock": dict(board.STOCK), "dark_stones": board.DARK_STONES},
    names={"colors": COLOR_NAMES, "tiles": TILE_NAMES, "figures": FIGURE_NAMES},
    sheet={"columns": [TRACK, FIGURES, WISHING_STONES, STONES_HELD], "tie_break": None},
    # §15: each figure's row (0: on the start stone, not entered), the large one first.
    tally={"hint": words("Row of each figure (0 = still on the start stone).",
                         "Reihe jeder Figur (0 = noch auf dem Startstein).",
                         "Fila de cada figura (0 = aún en la piedra de salida)."),
           "fields": [{"key": "figures", "form": "figures",
                       "sizes": ["large", *["small"] * board.SMALL_FIGURES],
                       "labels": [FIGURE_NAMES["large"], *(_small_figure(n) for n in range(1, board.SMALL_FIGURES + 1))]},
                      TALLY_STONES, TALLY_TRACK]},
    # §3.2: the tiles laid on the stones, by path and row.
    setup={"tiles": "stones",
           "hint": words("Tap a stone and choose the tile lying on it; the board shows it at once.",
                         "Tippe einen Stein an und wähle das Plättchen, das darauf liegt; der Plan zeigt es sofort.",
                         "Toca una piedra y elige la ficha que hay en ella; el tablero la muestra enseguida.")},
    texts=TEXTS,
))
