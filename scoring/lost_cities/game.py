"""Lost Cities as the other layers need to know it (:mod:`scoring.declaration`):
its colours with their names and symbols, the score sheet (one column per
expedition and the earlier rounds of a match, §9), the quick tally of each
player's expeditions (§13) and the app's drawer. Its setup asks nothing:
the deal is hidden, and a match's carried points come from the rounds
before (``setup.carry``, §3)."""

from __future__ import annotations

from ..declaration import Declaration, colour, declare, words
from .state import COLORS, HAND_SIZE, NUMBERS, PURPLE, WAGER_WORD, WAGERS

#: The expeditions' colours in the order of the game (CONTRACT), each with its symbol and words.
COLOR_NAMES = {
    "yellow": colour("▲", "yellow", "gelb", "amarillo"),
    "blue": colour("◆", "blue", "blau", "azul"),
    "white": colour("○", "white", "weiß", "blanco"),
    "green": colour("■", "green", "grün", "verde"),
    "red": colour("●", "red", "rot", "rojo"),
    PURPLE: colour("★", "purple", "lila", "morado"),
}
WAGER_NAME = words("wager", "Wette", "apuesta")
EARLIER_ROUNDS = words("Earlier rounds", "Frühere Runden", "Rondas anteriores")
#: The drawer's words: its legend, an empty pile, a count of wagers.
TEXTS = {"drawer": {
    "legend": words("⚑ a wager card; under each colour the numbers laid, the expedition's score above them.",
                    "⚑ eine Wettkarte; unter jeder Farbe die ausgelegten Zahlen, darüber der Stand der Expedition.",
                    "⚑ una carta de apuesta; bajo cada color los números jugados, encima la puntuación de la "
                    "expedición."),
    "empty": words("empty", "leer", "vacía"),
    "wagers": words({"one": "{n} wager", "other": "{n} wagers"}, {"one": "{n} Wette", "other": "{n} Wetten"},
                    {"one": "{n} apuesta", "other": "{n} apuestas"}),
}}


def _titled(color: str) -> dict[str, str]:
    """A colour's name as a column title."""
    return {lang: name[:1].upper() + name[1:] for lang, name in COLOR_NAMES[color]["name"].items()}


DECLARATION = declare(Declaration(
    game="lost-cities",
    drawer="lost-cities",
    bgg=50,
    pieces={"colors": [*COLORS, PURPLE], "numbers": list(NUMBERS), "cards": [WAGER_WORD], "wagers": WAGERS,
            "hand": HAND_SIZE},
    names={"colors": COLOR_NAMES, "cards": {WAGER_WORD: WAGER_NAME}},
    # §9: a column per expedition (purple only with its option), then the rounds before.
    sheet={"columns": [*({"key": color, "title": _titled(color), "form": "number"} for color in COLORS),
                       {"key": PURPLE, "title": _titled(PURPLE), "form": "number", "option": PURPLE},
                       {"key": "earlier_rounds", "title": EARLIER_ROUNDS, "form": "number"}],
           "tie_break": None},
    # §13: each expedition's wagers and the numbers laid in it; purple's row
    # only with its option (§10), which the quick tally asks.
    tally={"hint": words("For each expedition: how many wagers, and tap the numbers laid there.",
                         "Für jede Expedition: wie viele Wetten, und tippe die ausgelegten Zahlen an.",
                         "Para cada expedición: cuántas apuestas, y toca los números que hay."),
           "options": [PURPLE],
           "fields": [{"key": "expeditions", "form": "rows", "items": [*COLORS, PURPLE],
                       "labels": [COLOR_NAMES[color]["name"] for color in (*COLORS, PURPLE)],
                       "with_option": {PURPLE: PURPLE},
                       "named": {"value": WAGER_WORD, "copies": WAGERS,
                                 "label": words("Wagers", "Wetten", "Apuestas")},
                       "numbers": list(NUMBERS)},
                      {"key": "earlier_rounds", "form": "number",
                       "label": words("Points from earlier rounds", "Punkte aus früheren Runden",
                                      "Puntos de rondas anteriores")}]},
    # A match is several rounds: the next carries each player's total in (§3, the app's "Next round").
    setup={"carry": True,
           "hint": words("Deal 8 cards to each player; the rest is the deck. Nothing to enter before the first "
                         "turn.",
                         "Gib jedem 8 Karten; der Rest ist der Nachziehstapel. Vor dem ersten Zug ist nichts "
                         "einzutragen.",
                         "Reparte 8 cartas a cada jugador; el resto es el mazo. No hay nada que anotar antes del "
                         "primer turno.")},
    texts=TEXTS,
))
