"""The texts of Keltis's own rules, and its wording of the shared ones
whose fields differ (a stone is named by path and row)."""

from __future__ import annotations

from ..cards import CardRules
from ..messages import REDRAW_OWN_DISCARD, OptionWords

CARD_RULES = CardRules(row_direction="keltis.row.direction", pile_empty="keltis.draw.empty",
                       own_discard="keltis.draw.own_discard", row_details=("color", "row", "card"))

MESSAGES: dict[str, dict[str, str]] = {
    "keltis.row.direction": {
        "en": "Your {color} row {heading}: the next {color} card must be {last} or {bound}.",
        "de": "Deine Reihe in {color} {heading}: die nächste Karte in {color} muss {last} oder {bound} sein.",
        "es": "Tu fila {color!f} {heading}: la siguiente carta {color!f} debe ser {last} o {bound}.",
    },
    "keltis.path.occupied": {
        "en": "You already have a figure on the {path} path; it moves on, and no second figure can enter there.",
        "de": "Du hast schon eine Figur auf dem Pfad {path}; sie zieht weiter, eine zweite kann dort nicht einsteigen.",
        "es": "Ya tienes una figura en el camino {path}; ella avanza, y ninguna segunda figura puede entrar ahí.",
    },
    "keltis.figure.missing": {
        "en": "Say which figure enters the {path} path: small or large.",
        "de": "Sag, welche Figur den Pfad {path} betritt: klein oder groß.",
        "es": "Di qué figura entra en el camino {path}: pequeña o grande.",
    },
    "keltis.figure.unavailable": {
        "en": "You have no {figure} figure left on the start stone.",
        "de": "Du hast keine {figure} Figur mehr auf dem Startstein.",
        "es": "No te queda ninguna figura {figure} en la piedra de salida.",
    },
    "keltis.bonus.missing": {
        "en": "Your {color} figure is on the end stone: choose another figure to advance (bonus) or decline with null.",
        "de": "Deine Figur auf {color} steht auf dem Endstein: wähle eine andere Figur für den Bonusschritt oder lehne mit null ab.",
        "es": "Tu figura {color!f} está en la piedra final: elige otra figura para avanzar (bonificación) o renuncia con null.",
    },
    "keltis.bonus.unexpected": {
        "en": "Your {color} figure is not on the end stone, so this card gives no bonus step.",
        "de": "Deine Figur auf {color} steht nicht auf dem Endstein, also gibt diese Karte keinen Bonusschritt.",
        "es": "Tu figura {color!f} no está en la piedra final, así que esta carta no da paso de bonificación.",
    },
    "keltis.move.no_figure": {
        "en": "You have no figure on the {path} path to move.",
        "de": "Du hast keine Figur auf dem Pfad {path}, die ziehen könnte.",
        "es": "No tienes ninguna figura en el camino {path} que mover.",
    },
    "keltis.move.at_end": {
        "en": "Your figure on the {path} path is on the end stone and cannot move further.",
        "de": "Deine Figur auf dem Pfad {path} steht auf dem Endstein und kann nicht weiter.",
        "es": "Tu figura en el camino {path} está en la piedra final y no puede avanzar más.",
    },
    "keltis.draw.empty": {
        "en": "The {pile} discard pile is empty.",
        "de": "Der {pile!m} Ablagestapel ist leer.",
        "es": "La pila de descarte {pile!f} está vacía.",
    },
    "keltis.draw.own_discard": {
        "en": "You cannot take back the card you just discarded.",
        "de": "Du kannst die Karte, die du gerade abgeworfen hast, nicht zurücknehmen.",
        "es": "No puedes recuperar la carta que acabas de descartar.",
    },
}


#: The options in words, for the new-game screen (English docs are the options' own).
OPTION_WORDS: OptionWords = {
    "redraw_own_discard": REDRAW_OWN_DISCARD,
    "clover_can_enter": {
        "label": {"en": "Clover may start a path", "de": "Kleeblatt darf einen Pfad beginnen",
                  "es": "El trébol puede iniciar un sendero"},
        "doc": {"de": "Ein Kleeblatt darf eine Figur vom Startstein auf Reihe 1 eines neuen Pfades bringen.",
                "es": "Un trébol puede llevar una figura de la piedra de salida a la fila 1 de un sendero nuevo."}},
    "tie_break": {
        "label": {"en": "Equal totals", "de": "Gleichstand", "es": "Empate"},
        "doc": {"de": "Wie gleiche Summen gewertet werden.", "es": "Cómo se ordenan los totales iguales."},
        "choices": {"shared": {"en": "share the rank", "de": "Platz wird geteilt", "es": "comparten el puesto"},
                    "wishing_stones": {"en": "more wishing stones rank higher",
                                       "de": "mehr Wunschsteine gehen vor", "es": "más piedras de los deseos va antes"}}},
    "point_tiles_stay": {
        "label": {"en": "Point tiles stay", "de": "Punkteplättchen bleiben liegen", "es": "Las fichas de puntos se quedan"},
        "doc": {"de": "Punkteplättchen bleiben liegen und zählen bei jeder Ankunft; sonst nimmt sie die erste.",
                "es": "Las fichas de puntos se quedan y cuentan en cada llegada; si no, se las lleva la primera."}},
}
