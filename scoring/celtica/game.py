"""Celtica as the other layers need to know it (:mod:`scoring.declaration`):
its druids and amulet parts with their names, its score sheet of amulets
(ranked by the amulets, §12), a tally of parts (§15), the starting parts
and display the new-game screen asks for (§3), and the board editor that
follows the path."""

from __future__ import annotations

from ..declaration import Declaration, colour, declare, words
from . import state

DRUID_NAMES = {
    "red": colour("●", "red", "rot", "rojo"),
    "grey": colour("▲", "grey", "grau", "gris"),
    "white": colour("○", "white", "weiß", "blanco"),
    "brown": colour("■", "brown", "braun", "marrón"),
    "black": colour("◆", "black", "schwarz", "negro"),
}
PART_NAMES = {
    "center": words("center", "Mitte", "centro"),
    "n": words("north", "Nord", "norte"),
    "ne": words("north-east", "Nordost", "noreste"),
    "e": words("east", "Ost", "este"),
    "se": words("south-east", "Südost", "sureste"),
    "s": words("south", "Süd", "sur"),
    "sw": words("south-west", "Südwest", "suroeste"),
    "w": words("west", "West", "oeste"),
    "nw": words("north-west", "Nordwest", "noroeste"),
}
LOCATION_NAMES = {
    "start": words("start", "Start", "salida"),
    "village": words("village", "Dorf", "aldea"),
    "castle": words("castle", "Burg", "castillo"),
    "monastery": words("monastery", "Kloster", "monasterio"),
    "ruin": words("ruin", "Ruine", "ruina"),
    "cult": words("cult site", "Kultstätte", "lugar de culto"),
    "goal": words("goal", "Ziel", "meta"),
}
#: An amulet's size said as its parts, for the incomplete ones' words.
PARTS_COUNT = words({"one": "{n} part", "other": "{n} parts"}, {"one": "{n} Teil", "other": "{n} Teile"},
                    {"one": "{n} pieza", "other": "{n} piezas"})

#: The app's words that are the game's: the composer's questions, an absent answer's, the drawer's.
TEXTS = {
    "questions": {
        "give.parts": words("Which part does {player} give up ({n})?",
                            "Welches Teil gibt {player} ab ({n})?",
                            "¿Qué pieza entrega {player} ({n})?"),
        "reveal.parts": words("Which part was drawn to refill the display ({n})?",
                              "Welches Teil wurde zum Auffüllen der Auslage gezogen ({n})?",
                              "¿Qué pieza se robó para reponer la exposición ({n})?"),
        "swap.give": words("Which part goes to the display?",
                           "Welches Teil kommt in die Auslage?",
                           "¿Qué pieza va a la exposición?"),
        "swap.take": words("Which display part in exchange?",
                           "Welches Auslageteil im Tausch?",
                           "¿Qué pieza de la exposición a cambio?"),
        "take.parts": words("Which part does {player} take ({n})?",
                            "Welches Teil nimmt {player} ({n})?",
                            "¿Qué pieza toma {player} ({n})?"),
    },
    "absent": {
        "parts": words("no more parts", "keine weiteren Teile", "ninguna pieza más"),
        "experience": words("no experience card", "keine Erfahrungskarte", "sin carta de experiencia"),
    },
    "drawer": {
        "amulet": words("Amulet {n}: {parts}", "Amulett {n}: {parts}", "Amuleto {n}: {parts}"),
        "amulets": words("Amulets", "Amulette", "Amuletos"),
        "discard": words("Druid cards played", "Ausgespielte Druidenkarten", "Cartas de druida jugadas"),
        "display": words("The display", "Die Auslage", "La exposición"),
        "final": words("final round", "letzte Runde", "última ronda"),
        "legend": words("⚓ start, V village, C castle, M monastery, R ruin, ☽ cult site, ◎ goal; the number at the right is the amulet symbols. Druids are tokens in their colour with their symbol. An amulet: the centre and the eight outer places, filled where a part lies.",
                        "⚓ Start, V Dorf, C Burg, M Kloster, R Ruine, ☽ Kultstätte, ◎ Ziel; die Zahl rechts sind die Amulettsymbole. Druiden sind Steine in ihrer Farbe mit ihrem Symbol. Ein Amulett: die Mitte und die acht äußeren Plätze, gefüllt, wo ein Teil liegt.",
                        "⚓ salida, V aldea, C castillo, M monasterio, R ruina, ☽ lugar de culto, ◎ meta; el número a la derecha son los símbolos de amuleto. Los druidas son fichas de su color con su símbolo. Un amuleto: el centro y los ocho lugares exteriores, rellenos donde hay una pieza."),
        "round": words("Round {n}", "Runde {n}", "Ronda {n}"),
        "times": words("{n} on the display", "{n} in der Auslage", "{n} en la exposición"),
        "druid_cards": words({"one": "{n} druid card", "other": "{n} druid cards"},
                             {"one": "{n} Druidenkarte", "other": "{n} Druidenkarten"},
                             {"one": "{n} carta de druida", "other": "{n} cartas de druida"}),
        "experience_cards": words({"one": "{n} experience card", "other": "{n} experience cards"},
                                  {"one": "{n} Erfahrungskarte", "other": "{n} Erfahrungskarten"},
                                  {"one": "{n} carta de experiencia", "other": "{n} cartas de experiencia"}),
        "supply": words({"one": "Supply: {n} part face down.", "other": "Supply: {n} parts face down."},
                        {"one": "Vorrat: {n} Teil verdeckt.", "other": "Vorrat: {n} Teile verdeckt."},
                        {"one": "Reserva: {n} pieza boca abajo.", "other": "Reserva: {n} piezas boca abajo."}),
    },
}


DECLARATION = declare(Declaration(
    game="celtica",
    drawer="celtica",
    bgg=21293,
    pieces={"druids": list(state.DRUIDS), "parts": list(state.KINDS), "location_kinds": list(state.LOCATION_KINDS),
            "with_parts": list(state.WITH_PARTS), "locations": state.PRINTED_LENGTH,
            "display": state.DISPLAY, "start_parts": state.START_PARTS},
    names={"druids": DRUID_NAMES, "parts": PART_NAMES, "location_kinds": LOCATION_NAMES},
    # The amulets are counted in words: "1 incomplete amulet (8 parts)", not "Incomplete amulets 8".
    sheet={"columns": [
        {"key": "complete", "title": words("Complete amulets", "Fertige Amulette", "Amuletos completos"),
         "form": "count",
         "words": words({"one": "{n} complete amulet", "other": "{n} complete amulets"},
                        {"one": "{n} fertiges Amulett", "other": "{n} fertige Amulette"},
                        {"one": "{n} amuleto completo", "other": "{n} amuletos completos"})},
        {"key": "incomplete", "title": words("Incomplete amulets", "Unfertige Amulette", "Amuletos incompletos"),
         "form": "sizes",
         "words": words({"one": "{n} incomplete amulet ({sizes})", "other": "{n} incomplete amulets ({sizes})"},
                        {"one": "{n} unfertiges Amulett ({sizes})", "other": "{n} unfertige Amulette ({sizes})"},
                        {"one": "{n} amuleto incompleto ({sizes})", "other": "{n} amuletos incompletos ({sizes})"}),
         "none": words("no incomplete amulet", "kein unfertiges Amulett", "ningún amuleto incompleto"),
         "size": PARTS_COUNT}],
        # §12: the totals are the complete amulets; where they tie, the incomplete ones decide.
        "tie_break": {
            "key": "complete", "then": "incomplete",
            "none": words("No complete amulet yet: the largest incomplete amulet decides the rank, then the next largest.",
                          "Noch kein fertiges Amulett: das größte unfertige Amulett entscheidet über den Platz, "
                          "dann das nächstgrößte.",
                          "Aún no hay ningún amuleto completo: decide el puesto el amuleto incompleto más grande, "
                          "luego el siguiente."),
            "equal": words("Most complete amulets rank first; on equal numbers the largest incomplete amulet decides, "
                           "then the next largest.",
                           "Die meisten fertigen Amulette gehen vor; bei gleicher Zahl entscheidet das größte "
                           "unfertige Amulett, dann das nächstgrößte.",
                           "Primero quien tiene más amuletos completos; a igual número decide el amuleto incompleto "
                           "más grande, luego el siguiente."),
            # A no-break space keeps the count with its noun on a narrow score card ("largest: / 2 parts").
            "largest": words({"one": "largest: {n}\u00a0part", "other": "largest: {n}\u00a0parts"},
                             {"one": "größtes: {n}\u00a0Teil", "other": "größtes: {n}\u00a0Teile"},
                             {"one": "mayor: {n}\u00a0pieza", "other": "mayor: {n}\u00a0piezas"})}},
    tally={"hint": words("How many parts of each kind.", "Wie viele Teile jeder Art.", "Cuántas piezas de cada tipo."),
           "fields": [{"key": "parts", "form": "counts", "items": list(state.KINDS),
                       "labels": [PART_NAMES[kind] for kind in state.KINDS]}]},
    # §3: each player's starting parts (the rules need them) and, optionally, the display.
    setup={"parts": state.START_PARTS, "display": state.DISPLAY,
           "hint": words("The two amulet parts each player drew at the start: the rules need them, so enter them "
                         "before the game starts.",
                         "Die zwei Amulettteile, die jeder zu Beginn gezogen hat: die Regeln brauchen sie, also trag "
                         "sie vor dem Start ein.",
                         "Las dos piezas de amuleto que cada jugador robó al empezar: las reglas las necesitan, así "
                         "que anótalas antes de empezar.")},
    board_editor={"walk": "locations",
                  "blank": {"locations": [{"kind": "start"},
                                          *({"kind": "village", "parts": 1} for _ in range(state.PRINTED_LENGTH - 2)),
                                          {"kind": "goal", "parts": 4}]},
                  "hint": words("Follow the path from the harbour to the goal: for each location its kind and the "
                                "amulet symbols on it.",
                                "Folge dem Weg vom Hafen bis zum Ziel: für jeden Ort seine Art und die Amulettsymbole "
                                "darauf.",
                                "Sigue el camino del puerto a la meta: de cada lugar su tipo y los símbolos de amuleto.")},
    texts=TEXTS,
))
