"""The texts of Orakel's own rules and its wording of the shared ones
(§14.2: a field is named by its index)."""

from __future__ import annotations

from ..cards import CardRules

GAME = "keltis-orakel"

CARD_RULES = CardRules(row_direction=f"{GAME}.row.direction", pile_empty=f"{GAME}.draw.empty_pile",
                       own_discard=f"{GAME}.draw.own_discard", color_in_details=False)

MESSAGES: dict[str, dict[str, str]] = {
    f"{GAME}.row.direction": {
        "en": "Your {color} row {heading}: the next {color} card must be {last} or {bound}.",
        "de": "Deine Reihe in {color} {heading}: die nächste Karte in {color} muss {last} oder {bound} sein.",
        "es": "Tu fila {color} {heading}: la siguiente carta {color} debe ser {last} o {bound}.",
    },
    f"{GAME}.figure.not_there": {
        "en": "None of your figures stands on field {field}: "
              "they stand on {count:one=field|other=fields} {fields}.",
        "de": "Keine deiner Figuren steht auf Feld {field}: "
              "sie stehen auf {count:one=Feld|other=den Feldern} {fields}.",
        "es": "Ninguna de tus figuras está en la casilla {field}: "
              "están en {count:one=la casilla|other=las casillas} {fields}.",
    },
    f"{GAME}.move.no_field": {
        "en": "There is no {color} field ahead of field {field}.",
        "de": "Vor Feld {field} liegt kein Feld in {color}.",
        "es": "No hay ninguna casilla {color} por delante de la casilla {field}.",
    },
    f"{GAME}.move.required": {
        "en": "A played card must move a figure or the priestess; if nothing can move, discard it instead.",
        "de": "Eine ausgespielte Karte muss eine Figur oder die Priesterin bewegen; "
              "kann sich nichts bewegen, wirf sie stattdessen ab.",
        "es": "Una carta jugada debe mover una figura o la sacerdotisa; si nada puede moverse, descártala.",
    },
    f"{GAME}.priestess.finished": {
        "en": "The priestess has reached the center and cannot be moved any more.",
        "de": "Die Priesterin hat die Mitte erreicht und kann nicht mehr bewegt werden.",
        "es": "La sacerdotisa ha llegado al centro y ya no puede moverse.",
    },
    f"{GAME}.priestess.range": {
        "en": "With this card the priestess may walk 1 to {green} {green:one=field|other=fields}, not {steps}.",
        "de": "Mit dieser Karte darf die Priesterin 1 bis {green} {green:one=Feld|other=Felder} gehen, nicht {steps}.",
        "es": "Con esta carta la sacerdotisa puede avanzar de 1 a {green} {green:one=casilla|other=casillas}, no "
              "{steps}.",
        "en:none": "This card cannot move the priestess.",
        "de:none": "Diese Karte kann die Priesterin nicht bewegen.",
        "es:none": "Esta carta no puede mover a la sacerdotisa.",
    },
    f"{GAME}.priestess.past_center": {
        "en": "The priestess stands on field {from}; {steps} {steps:one=step|other=steps} would take her past the "
              "center.",
        "de": "Die Priesterin steht auf Feld {from}; {steps} {steps:one=Schritt führte|other=Schritte führten} sie "
              "über die Mitte hinaus.",
        "es": "La sacerdotisa está en la casilla {from}; {steps} {steps:one=paso la llevaría|other=pasos la "
              "llevarían} más allá del centro.",
    },
    f"{GAME}.spiral.not_behind": {
        "en": "The spiral on field {spiral} only sends a figure back: field {to} is not behind it.",
        "de": "Die Spirale auf Feld {spiral} schickt eine Figur nur zurück: Feld {to} liegt nicht dahinter.",
        "es": "La espiral de la casilla {spiral} solo hace retroceder: la casilla {to} no está detrás.",
    },
    f"{GAME}.spiral.turn_start": {
        "en": "This figure started the turn on field {to}; the spiral cannot send it back there.",
        "de": "Diese Figur begann den Zug auf Feld {to}; die Spirale kann sie nicht dorthin zurückschicken.",
        "es": "Esta figura empezó el turno en la casilla {to}; la espiral no puede devolverla allí.",
    },
    f"{GAME}.spiral.start_field": {
        "en": "A spiral cannot send a figure back to the start field.",
        "de": "Eine Spirale kann keine Figur auf das Startfeld zurückschicken.",
        "es": "Una espiral no puede devolver una figura a la casilla de salida.",
    },
    f"{GAME}.goblin.empty_row": {
        "en": "Your {row} row has no card to discard.",
        "de": "Deine Reihe in {row} hat keine Karte zum Abwerfen.",
        "es": "Tu fila {row} no tiene ninguna carta que descartar.",
    },
    f"{GAME}.draw.empty_pile": {
        "en": "The {pile} discard pile is empty.",
        "de": "Der Ablagestapel {pile} ist leer.",
        "es": "La pila de descarte {pile} está vacía.",
    },
    f"{GAME}.draw.own_discard": {
        "en": "You put this {color} {value} there in this turn and may not take it back.",
        "de": "Du hast diese {color} {value} in diesem Zug dort abgelegt und darfst sie nicht zurücknehmen.",
        "es": "Pusiste este {color} {value} ahí en este turno y no puedes recuperarlo.",
    },
}
