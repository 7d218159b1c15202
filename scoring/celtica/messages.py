"""The texts of Celtica's own rules, and its phrases for the ``reason`` of
the shared ``board.invalid`` and ``setup.invalid``: one per ``details.check``."""

from __future__ import annotations

from ..messages import OptionWords

BOARD_MESSAGES = {
    "shape": ("It is not in the expected shape.",
              "Es hat nicht die erwartete Form.",
              "No tiene la forma esperada."),
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
    "shape": ("It is not in the expected shape.",
              "Er hat nicht die erwartete Form.",
              "No tiene la forma esperada."),
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

def _phrases() -> dict[str, dict[str, str]]:
    """``board.<check>`` and ``setup.<check>`` per language, as the ``reason``
    read on after "The board profile is not valid: "."""
    out: dict[str, dict[str, str]] = {"en": {}, "de": {}, "es": {}}
    for prefix, texts in (("board", BOARD_MESSAGES), ("setup", SETUP_MESSAGES)):
        for check, worded in texts.items():
            for lang, text in zip(("en", "de", "es"), worded):
                # read on mid-sentence: lower case, except German nouns
                start = text[:1] if lang == "de" else text[:1].lower()
                out[lang][f"{prefix}.{check}"] = start + text[1:].rstrip(".")
    return out


MESSAGES: dict[str, dict[str, str]] = {
    "celtica.move.empty": {
        "en": "A move needs at least one card.",
        "de": "Ein Zug braucht mindestens eine Karte.",
        "es": "Un movimiento necesita al menos una carta.",
    },
    "celtica.move.cards": {
        "en": "You hold {held} druid {held:one=card|other=cards}; you cannot play {cards}.",
        "de": "Du hast {held} {held:one=Druidenkarte|other=Druidenkarten} auf der Hand; du kannst nicht {cards} "
              "ausspielen.",
        "es": "Tienes {held} {held:one=carta|other=cartas} de druida; no puedes jugar {cards}.",
    },
    "celtica.move.experience": {
        "en": "You can use {usable} experience {usable:one=card|other=cards} now; you cannot play {experience}.",
        "de": "Du kannst jetzt {usable} {usable:one=Erfahrungskarte|other=Erfahrungskarten} einsetzen; du kannst "
              "nicht {experience} ausspielen.",
        "es": "Ahora puedes usar {usable} {usable:one=carta|other=cartas} de experiencia; no puedes jugar "
              "{experience}.",
    },
    "celtica.move.experience_alone": {
        "en": "Experience cards must be played together with at least one {druid} druid card.",
        "de": "Erfahrungskarten müssen zusammen mit mindestens einer Druidenkarte in {druid} gespielt werden.",
        "es": "Las cartas de experiencia deben jugarse junto con al menos una carta de druida {druid}.",
    },
    "celtica.move.overshoot": {
        "en": "The {druid} druid is {left} {left:one=location|other=locations} from the goal; {steps} {steps:one=step "
              "goes|other=steps go} past it.",
        "de": "Der Druide in {druid} steht {left} {left:one=Ort|other=Orte} vor dem Ziel; {steps} {steps:one=Schritt "
              "führt|other=Schritte führen} darüber hinaus.",
        "es": "El druida {druid} está a {left} {left:one=lugar|other=lugares} de la meta; {steps} {steps:one=paso la "
              "sobrepasa|other=pasos la sobrepasan}.",
    },
    "celtica.take.count": {
        "en": "You must take {need} {need:one=part|other=parts} here; you took {got}.",
        "de": "Hier musst du {need} {need:one=Teil|other=Teile} nehmen; du hast {got} genommen.",
        "es": "Aquí debes tomar {need} {need:one=pieza|other=piezas}; has tomado {got}.",
        "en:too_many": "You may take at most {need} {need:one=part|other=parts} here; you took {got}.",
        "de:too_many": "Hier darfst du höchstens {need} {need:one=Teil|other=Teile} nehmen; du hast {got} genommen.",
        "es:too_many": "Aquí puedes tomar como máximo {need} {need:one=pieza|other=piezas}; has tomado {got}.",
    },
    "celtica.display.missing": {
        "en": "There is no {part} on the display.",
        "de": "In der Auslage liegt kein Teil {part}.",
        "es": "No hay ninguna pieza {part} en la exposición.",
    },
    "celtica.give.count": {
        "en": "This ruin takes {need} of your parts; you gave {got}.",
        "de": "Diese Ruine nimmt dir {need} {need:one=Teil|other=Teile}; du hast {got} abgegeben.",
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
        "en": "{drawn} {drawn:one=part was|other=parts were} drawn to refill the display; the reveal lists {listed}.",
        "de": "Zum Auffüllen der Auslage {drawn:one=wurde|other=wurden} {drawn} {drawn:one=Teil|other=Teile} gezogen; "
              "die Aufdeckung nennt {listed}.",
        "es": "{drawn:one=Se robó|other=Se robaron} {drawn} {drawn:one=pieza|other=piezas} para reponer la "
              "exposición; la revelación indica {listed}.",
    },
    "celtica.end.experience": {
        "en": "A {action} costs {need} experience {need:one=card|other=cards}; you have {have}.",
        "de": "Ein {action} kostet {need} {need:one=Erfahrungskarte|other=Erfahrungskarten}; du hast {have}.",
        "es": "Cada {action} cuesta {need} {need:one=carta|other=cartas} de experiencia; tienes {have}.",
    },
}

PHRASES = _phrases()


#: The options in words, for the new-game screen (English docs are the options' own).
OPTION_WORDS: OptionWords = {
    "overshoot": {
        "label": {"en": "A move past the goal", "de": "Ein Zug über das Ziel hinaus", "es": "Un movimiento más allá de la meta"},
        "doc": {"de": "Ein Zug über das Ziel hinaus: der Druide hält auf dem Ziel, oder der Zug ist verboten.",
                "es": "Un movimiento más allá de la meta: el druida se para en la meta, o está prohibido."},
        "choices": {"cap": {"en": "stops on the goal", "de": "hält auf dem Ziel", "es": "se para en la meta"},
                    "forbid": {"en": "is not allowed", "de": "ist verboten", "es": "no está permitido"}}},
    "experience_alone": {
        "label": {"en": "Experience cards alone", "de": "Erfahrungskarten allein", "es": "Cartas de experiencia solas"},
        "doc": {"de": "Erfahrungskarten dürfen ohne Druidenkarten gespielt werden (0 Karten).",
                "es": "Las cartas de experiencia se pueden jugar sin cartas de druida (0 cartas)."}},
    "experience_needs_druid_card": {
        "label": {"en": "Staying in needs a druid card", "de": "Im Spiel bleiben braucht eine Druidenkarte",
                  "es": "Seguir en la ronda pide una carta de druida"},
        "doc": {"de": "Erfahrungskarten allein halten niemanden in der Runde (aus: Hausregel).",
                "es": "Las cartas de experiencia solas no mantienen a nadie en la ronda (desactivada: regla de la casa)."}},
    "take_count": {
        "label": {"en": "Parts taken at a find site", "de": "Teile an einem Fundort", "es": "Piezas en un lugar de hallazgo"},
        "doc": {"de": "Wie viele Teile man an einem Fundort nimmt: bis zu so vielen, wie er zeigt, "
                      "oder genau so viele.",
                "es": "Cuántas piezas se toman en un lugar de hallazgo: hasta tantas como muestra, "
                      "o exactamente esas."},
        "choices": {"up_to": {"en": "up to the number shown", "de": "bis zur gezeigten Zahl",
                              "es": "hasta el número indicado"},
                    "exactly": {"en": "exactly the number shown", "de": "genau die gezeigte Zahl",
                                "es": "exactamente el número indicado"}}},
}
