"""The house-rule options in words, for the app's new-game screen: a label,
the one-line explanation and each choice's name, in English, German and
Spanish. The English explanation is the engine's own ``Option.doc``; the
other languages are here, beside the labels, because only the rulesets
answer shows them."""

from __future__ import annotations

# The same house rule in both Keltis games.
REDRAW_OWN_DISCARD = {
    "label": {"en": "Draw back your own discard", "de": "Eigene Ablage zurücknehmen", "es": "Recoger el propio descarte"},
    "doc": {"de": "Wer in seinem Zug eine Karte ablegt, darf sie im selben Zug wieder ziehen.",
            "es": "Quien descarta una carta puede volver a robarla en el mismo turno."}}

# game -> option -> {"label": {lang: text}, "doc": {lang: text}, "choices": {choice: {lang: text}}}
WORDS: dict[str, dict[str, dict]] = {
    "keltis": {
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
    },
    "keltis-orakel": {
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
    },
    "celtica": {
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
                    "es": "Las cartas de experiencia solas no mantienen a nadie en la ronda (no: regla de la casa)."}},
    },
}


def option_in_words(game: str, option: dict, lang: str) -> dict:
    """An option of ``Ruleset.describe()`` with its label, its explanation in
    ``lang`` and, for a choice, each choice's name (``choice_labels``, in the
    order of ``choices``)."""
    words = WORDS[game][option["name"]]
    out = {**option, "label": words["label"][lang], "doc": words["doc"].get(lang, option["doc"])}
    if "choices" in option:
        out["choice_labels"] = [words["choices"][str(choice)][lang] for choice in option["choices"]]
    return out
