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
        "en": "None of your figures stands on field {field}.",
        "de": "Keine deiner Figuren steht auf Feld {field}.",
        "es": "Ninguna de tus figuras está en la casilla {field}.",
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
        "en": "With this card the priestess may walk 1 to {green} fields, not {steps}.",
        "de": "Mit dieser Karte darf die Priesterin 1 bis {green} Felder gehen, nicht {steps}.",
        "es": "Con esta carta la sacerdotisa puede avanzar de 1 a {green} casillas, no {steps}.",
        "en:none": "This card cannot move the priestess.",
        "de:none": "Diese Karte kann die Priesterin nicht bewegen.",
        "es:none": "Esta carta no puede mover a la sacerdotisa.",
    },
    f"{GAME}.priestess.past_center": {
        "en": "The priestess stands on field {from}; {steps} steps would take her past the center.",
        "de": "Die Priesterin steht auf Feld {from}; {steps} Schritte führten sie über die Mitte hinaus.",
        "es": "La sacerdotisa está en la casilla {from}; {steps} pasos la llevarían más allá del centro.",
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
    # The shared ids, worded for this game (§14.2).
    "turn.order": {
        "en": "It is {expected}'s turn.",
        "de": "{expected} ist am Zug.",
        "es": "Es el turno de {expected}.",
    },
    "turn.unexpected": {
        "en": "This action does not fit now: {decision} is open.",
        "de": "Diese Aktion passt jetzt nicht: offen ist {decision}.",
        "es": "Esta acción no corresponde ahora: está pendiente {decision}.",
    },
    "game.over": {
        "en": "The game is already over ({end_reason}).",
        "de": "Das Spiel ist schon vorbei ({end_reason}).",
        "es": "La partida ya ha terminado ({end_reason}).",
    },
    "reveal.required": {
        "en": "Field {field} is not known yet: enter its tile first.",
        "de": "Feld {field} ist noch nicht bekannt: gib zuerst sein Plättchen ein.",
        "es": "La casilla {field} aún no se conoce: indica primero su loseta.",
    },
    "reveal.mismatch": {
        "en": "Field {field} holds {known}, not {tile}.",
        "de": "Auf Feld {field} liegt {known}, nicht {tile}.",
        "es": "En la casilla {field} hay {known}, no {tile}.",
        "en:taken": "Field {field} is empty: its mirror has been taken.",
        "de:taken": "Feld {field} ist leer: sein Spiegel wurde genommen.",
        "es:taken": "La casilla {field} está vacía: su espejo ya se tomó.",
    },
    "reveal.impossible": {
        "en": "{tile} cannot lie on field {field}.",
        "de": "{tile} kann nicht auf Feld {field} liegen.",
        "es": "{tile} no puede estar en la casilla {field}.",
    },
    "card.exhausted": {
        "en": "Both {card} cards are already on the table; this one cannot be in your hand.",
        "de": "Beide Karten {card} liegen schon auf dem Tisch; diese kann nicht auf deiner Hand sein.",
        "es": "Las dos cartas {card} ya están en la mesa; esta no puede estar en tu mano.",
    },
    "card.not_in_hand": {
        "en": "Every card in your hand is known, and none of them is {card}.",
        "de": "Jede Karte deiner Hand ist bekannt, und keine davon ist {card}.",
        "es": "Todas las cartas de tu mano son conocidas y ninguna es {card}.",
    },
}
