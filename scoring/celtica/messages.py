"""The texts of Celtica's own rules and its wording of the shared ones; a
board or setup refusal is worded per ``details.check``."""

from __future__ import annotations

BOARD_MESSAGES = {
    "shape": ("The board profile is not in the expected shape.",
              "Das Spielplanprofil hat nicht die erwartete Form.",
              "El perfil del tablero no tiene la forma esperada."),
    "length": ("A board needs between 2 and 60 locations; this one has {count}.",
               "Ein Spielplan braucht 2 bis 60 Orte; dieser hat {count}.",
               "Un tablero necesita entre 2 y 60 lugares; este tiene {count}."),
    "kind": ("Location {index} has an unknown kind.",
             "Ort {index} hat eine unbekannte Art.",
             "El lugar {index} es de un tipo desconocido."),
    "start_first": ("The first location must be the start.",
                    "Der erste Ort muss der Start sein.",
                    "El primer lugar debe ser la salida."),
    "start_unique": ("Location {index} is a second start.",
                     "Ort {index} ist ein zweiter Start.",
                     "El lugar {index} es una segunda salida."),
    "goal_last": ("The last location must be the goal.",
                  "Der letzte Ort muss das Ziel sein.",
                  "El último lugar debe ser la meta."),
    "goal_unique": ("Location {index} is a goal before the end of the path.",
                    "Ort {index} ist ein Ziel vor dem Ende des Weges.",
                    "El lugar {index} es una meta antes del final del camino."),
    "parts_missing": ("Location {index} ({kind}) needs the number of amulet symbols it shows.",
                      "Ort {index} ({kind}) braucht die Zahl der Amulettsymbole, die er zeigt.",
                      "El lugar {index} ({kind}) necesita el número de símbolos de amuleto que muestra."),
    "parts_range": ("Location {index} must show between 1 and 9 amulet symbols.",
                    "Ort {index} muss zwischen 1 und 9 Amulettsymbole zeigen.",
                    "El lugar {index} debe mostrar entre 1 y 9 símbolos de amuleto."),
    "parts_forbidden": ("Location {index} ({kind}) shows no amulet symbols.",
                        "Ort {index} ({kind}) zeigt keine Amulettsymbole.",
                        "El lugar {index} ({kind}) no muestra símbolos de amuleto."),
}

SETUP_MESSAGES = {
    "shape": ("The setup is not in the expected shape.",
              "Der Spielaufbau hat nicht die erwartete Form.",
              "La preparación no tiene la forma esperada."),
    "display_length": ("The display has 9 spaces; the setup lists {count}.",
                       "Die Auslage hat 9 Plätze; der Spielaufbau nennt {count}.",
                       "La exposición tiene 9 espacios; la preparación indica {count}."),
    "part_id": ("{value} is not an amulet part.",
                "{value} ist kein Amulettteil.",
                "{value} no es una pieza de amuleto."),
    "players": ("Every player, and only the players, must have starting parts.",
                "Jeder Spieler, und nur die Spieler, braucht Startteile.",
                "Cada jugador, y solo los jugadores, debe tener piezas iniciales."),
    "player_parts": ("{player} must start with exactly 2 parts.",
                     "{player} muss mit genau 2 Teilen beginnen.",
                     "{player} debe empezar con exactamente 2 piezas."),
    "counts": ("There are only 10 {part} parts; the setup uses {count}.",
               "Es gibt nur 10 Teile {part}; der Spielaufbau verwendet {count}.",
               "Solo hay 10 piezas {part}; la preparación usa {count}."),
}

def _by_check(texts: dict[str, tuple[str, str, str]]) -> dict[str, str]:
    """Templates worded per ``details.check`` (the ``variant`` word)."""
    out = {lang: texts["shape"][i] for i, lang in enumerate(("en", "de", "es"))}
    for check, worded in texts.items():
        for i, lang in enumerate(("en", "de", "es")):
            out[f"{lang}:{check}"] = worded[i]
    return out


MESSAGES: dict[str, dict[str, str]] = {
    "celtica.move.empty": {
        "en": "A move needs at least one card.",
        "de": "Ein Zug braucht mindestens eine Karte.",
        "es": "Un movimiento necesita al menos una carta.",
    },
    "celtica.move.cards": {
        "en": "You hold {held} druid cards; you cannot play {cards}.",
        "de": "Du hast {held} Druidenkarten auf der Hand; du kannst nicht {cards} ausspielen.",
        "es": "Tienes {held} cartas de druida; no puedes jugar {cards}.",
    },
    "celtica.move.experience": {
        "en": "You can use {usable} experience cards now; you cannot play {experience}.",
        "de": "Du kannst jetzt {usable} Erfahrungskarten einsetzen; du kannst nicht {experience} ausspielen.",
        "es": "Ahora puedes usar {usable} cartas de experiencia; no puedes jugar {experience}.",
    },
    "celtica.move.experience_alone": {
        "en": "Experience cards must be played together with at least one {druid} druid card.",
        "de": "Erfahrungskarten müssen zusammen mit mindestens einer Druidenkarte in {druid} gespielt werden.",
        "es": "Las cartas de experiencia deben jugarse junto con al menos una carta de druida {druid}.",
    },
    "celtica.move.overshoot": {
        "en": "The {druid} druid is {left} locations from the goal; {steps} steps go past it.",
        "de": "Der Druide in {druid} steht {left} Orte vor dem Ziel; {steps} Schritte führen darüber hinaus.",
        "es": "El druida {druid} está a {left} lugares de la meta; {steps} pasos la sobrepasan.",
    },
    "celtica.take.count": {
        "en": "You must take {need} parts here; you took {got}.",
        "de": "Hier musst du {need} Teile nehmen; du hast {got} genommen.",
        "es": "Aquí debes tomar {need} piezas; has tomado {got}.",
    },
    "celtica.display.missing": {
        "en": "There is no {part} on the display.",
        "de": "In der Auslage liegt kein Teil {part}.",
        "es": "No hay ninguna pieza {part} en la exposición.",
    },
    "celtica.give.count": {
        "en": "This ruin takes {need} of your parts; you gave {got}.",
        "de": "Diese Ruine nimmt dir {need} Teile; du hast {got} abgegeben.",
        "es": "Esta ruina se lleva {need} de tus piezas; has entregado {got}.",
    },
    "celtica.holding.missing": {
        "en": "You have no {part} to give.",
        "de": "Du hast kein Teil {part} zum Abgeben.",
        "es": "No tienes ninguna pieza {part} para entregar.",
    },
    "celtica.cult.no_card": {
        "en": "No druid card is left to draw.",
        "de": "Es ist keine Druidenkarte mehr zum Nachziehen übrig.",
        "es": "No queda ninguna carta de druida para robar.",
    },
    "celtica.reveal.count": {
        "en": "{drawn} parts were drawn to refill the display; the reveal lists {listed}.",
        "de": "Zum Auffüllen der Auslage wurden {drawn} Teile gezogen; die Aufdeckung nennt {listed}.",
        "es": "Se robaron {drawn} piezas para reponer la exposición; la revelación indica {listed}.",
    },
    "celtica.end.experience": {
        "en": "A {action} costs {need} experience cards; you have {have}.",
        "de": "Ein {action} kostet {need} Erfahrungskarten; du hast {have}.",
        "es": "Cada {action} cuesta {need} cartas de experiencia; tienes {have}.",
    },
    "board.invalid": _by_check(BOARD_MESSAGES),
    "setup.invalid": _by_check(SETUP_MESSAGES),
    "turn.order": {
        "en": "It is {expected}'s turn, not {player}'s.",
        "de": "{expected} ist am Zug, nicht {player}.",
        "es": "Es el turno de {expected}, no de {player}.",
    },
    "turn.unexpected": {
        "en": "{type} is not possible now; expected {expected}.",
        "de": "{type} ist jetzt nicht möglich; erwartet: {expected}.",
        "es": "{type} no es posible ahora; se esperaba: {expected}.",
    },
    "game.over": {
        "en": "The game is over.",
        "de": "Das Spiel ist vorbei.",
        "es": "La partida ha terminado.",
    },
    "reveal.impossible": {
        "en": "A {part} cannot have been drawn: none can be left in the supply.",
        "de": "Ein Teil {part} kann nicht gezogen worden sein: im Vorrat kann keines mehr liegen.",
        "es": "No puede haberse robado una pieza {part}: no puede quedar ninguna en la reserva.",
    },
    "card.exhausted": {
        "en": "No more {druid} {deck} cards can be in your hand: {seen} of {total} are in the discard pile.",
        "de": "Keine weitere Karte in {druid} ({deck}) kann auf deiner Hand sein: "
              "{seen} von {total} liegen im Ablagestapel.",
        "de:druid": "Keine weitere Druidenkarte in {druid} kann auf deiner Hand sein: "
                    "{seen} von {total} liegen im Ablagestapel.",
        "de:experience": "Keine weitere Erfahrungskarte in {druid} kann auf deiner Hand sein: "
                         "{seen} von {total} liegen im Ablagestapel.",
        "es": "No puede haber más cartas {deck} de color {druid} en tu mano: "
              "{seen} de {total} están en la pila de descartes.",
        "es:druid": "No puede haber más cartas de druida de color {druid} en tu mano: "
                    "{seen} de {total} están en la pila de descartes.",
        "es:experience": "No puede haber más cartas de experiencia de color {druid} en tu mano: "
                         "{seen} de {total} están en la pila de descartes.",
    },
}
