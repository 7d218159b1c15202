"""The texts of Orakel's own rules and its wording of the shared ones
(§14.2: a field is named by its index)."""

from __future__ import annotations

from ..cards import CardRules
from ..messages import REDRAW_OWN_DISCARD, OptionWords

GAME = "keltis-orakel"

CARD_RULES = CardRules(row_direction=f"{GAME}.row.direction", pile_empty=f"{GAME}.draw.empty_pile",
                       own_discard=f"{GAME}.draw.own_discard", row_details=("row", "card", "direction"))

MESSAGES: dict[str, dict[str, str]] = {
    f"{GAME}.row.direction": {
        "en": "Your {color} row {heading}: the next {color} card must be {last} or {bound}.",
        "de": "Deine Reihe in {color} {heading}: die nächste Karte in {color} muss {last} oder {bound} sein.",
        "es": "Tu fila {color!f} {heading}: la siguiente carta {color!f} debe ser {last} o {bound}.",
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
        "es": "No hay ninguna casilla {color!f} por delante de la casilla {field}.",
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
        "es": "Tu fila {row!f} no tiene ninguna carta que descartar.",
    },
    f"{GAME}.draw.empty_pile": {
        "en": "The {pile} discard pile is empty.",
        "de": "Der {pile!m} Ablagestapel ist leer.",
        "es": "La pila de descarte {pile!f} está vacía.",
    },
    f"{GAME}.draw.own_discard": {
        "en": "You put this {color} {value} there in this turn and may not take it back.",
        "de": "Du hast diese {color!f} {value} in diesem Zug dort abgelegt und darfst sie nicht zurücknehmen.",
        "es": "Pusiste este {value} {color!m} ahí en este turno y no puedes recuperarlo.",
    },
}


#: The options in words, for the new-game screen (English docs are the options' own).
OPTION_WORDS: OptionWords = {
    "track_start": {
        "label": {"en": "Score markers start at", "de": "Zählsteine beginnen auf", "es": "Los marcadores empiezan en"},
        "doc": {"de": "Wo die Zählsteine beginnen: 0 vor Feld 1, 1 auf Feld 1.",
                "es": "Dónde empiezan los marcadores: 0 delante de la casilla 1, 1 sobre ella."}},
    "stones_per_landing": {
        "label": {"en": "Wishing stones per arrival", "de": "Wunschsteine pro Ankunft", "es": "Piedras por llegada"},
        "doc": {"de": "Wunschsteine, die bei einer Ankunft auf einem großen Feld oder der Mitte genommen werden.",
                "es": "Piedras de los deseos que se toman al llegar a una casilla grande o al centro."},
        "choices": {"1": {"en": "one", "de": "einer", "es": "una"},
                    "all": {"en": "all that are left", "de": "alle übrigen", "es": "todas las que quedan"}}},
    "spiral_to_start": {
        "label": {"en": "Spiral back to the start", "de": "Spirale zurück zum Start", "es": "Espiral a la salida"},
        "doc": {"de": "Eine Spirale darf eine Figur auf das Startfeld zurückschicken.",
                "es": "Una espiral puede devolver una figura a la casilla de salida."}},
    "redraw_own_discard": REDRAW_OWN_DISCARD,
    "goblin_scores": {
        "label": {"en": "Goblin points", "de": "Koboldpunkte", "es": "Puntos de duende"},
        "doc": {"de": "Punkte, wenn alle drei Figuren auf 1, 2 oder 3 verschiedenen Koboldfeldern stehen.",
                "es": "Puntos cuando las tres figuras están en 1, 2 o 3 casillas de duende distintas."}},
    "two_player_removed": {
        "label": {"en": "Cards set aside with 2 players", "de": "Aussortierte Karten zu zweit",
                  "es": "Cartas apartadas con 2 jugadores"},
        "doc": {"de": "Karten, die im Spiel zu zweit ungesehen aussortiert werden (0-93).",
                "es": "Cartas que se apartan sin mirar en una partida de 2 (0-93)."}},
    "play_without_move": {
        "label": {"en": "Play without moving", "de": "Ausspielen ohne Zug", "es": "Jugar sin mover"},
        "doc": {"de": "Ob eine Karte ohne Bewegung gespielt werden darf, wenn damit nichts ziehen kann.",
                "es": "Si se puede jugar una carta sin mover cuando nada puede moverse con ella."},
        "choices": {"when_stuck": {"en": "only when nothing can move", "de": "nur wenn nichts ziehen kann",
                                   "es": "solo si nada puede moverse"},
                    "never": {"en": "never", "de": "nie", "es": "nunca"}}},
    "row_direction": {
        "label": {"en": "A row's direction after a goblin", "de": "Richtung einer Reihe nach einem Kobold",
                  "es": "Dirección de una fila tras un duende"},
        "doc": {"de": "Was eine Koboldablage aus einer Reihe mit ihrer Richtung macht: sie bleibt, "
                      "oder sie ergibt sich neu aus den übrigen Karten.",
                "es": "Qué hace un descarte de duende de una fila con su dirección: se mantiene, "
                      "o sale de nuevo de las cartas que quedan."},
        "choices": {"kept": {"en": "stays as it was", "de": "bleibt, wie sie war", "es": "se mantiene"},
                    "from_cards": {"en": "follows the cards left", "de": "folgt den übrigen Karten",
                                   "es": "sigue a las cartas que quedan"}}},
}
