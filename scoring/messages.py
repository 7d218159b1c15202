"""Rule messages for people, in English, German and Spanish.

Templates use ``str.format`` placeholders filled from a violation's details
(and extra words). Colour ids, decision names and other game words inside
those values are translated through :data:`WORDS`, so a template written
as ``Your {color} row ...`` reads ``Deine rot-Reihe`` nowhere: the German
template says ``Deine Reihe in {color}`` and ``red`` becomes ``Rot``.

Each game registers its templates (its own rules and its wording of the
shared ones); :data:`SHARED` is the fallback for games that need no
wording of their own.
"""

from __future__ import annotations

import string
from typing import Any

LANGUAGES = ("en", "de", "es")

SHARED: dict[str, dict[str, str]] = {
    "record.invalid": {
        "en": "The record is not valid: {reason}.",
        "de": "Der Spielbericht ist ungültig: {reason}.",
        "es": "El registro no es válido: {reason}.",
    },
    "board.invalid": {
        "en": "The board profile is not valid: {reason}.",
        "de": "Das Spielplanprofil ist ungültig: {reason}.",
        "es": "El perfil del tablero no es válido: {reason}.",
    },
    "setup.invalid": {
        "en": "This setup cannot exist: {reason}.",
        "de": "Dieser Spielaufbau ist unmöglich: {reason}.",
        "es": "Esta preparación no puede existir: {reason}.",
    },
    "turn.order": {
        "en": "It is {expected}'s turn, not {got}'s.",
        "de": "{expected} ist am Zug, nicht {got}.",
        "es": "Es el turno de {expected}, no de {got}.",
    },
    "turn.incomplete": {
        "en": "The turn is not finished: {decision} is still open.",
        "de": "Der Zug ist nicht fertig: {decision} ist noch offen.",
        "es": "El turno no ha terminado: {decision} sigue pendiente.",
    },
    "turn.unexpected": {
        "en": "A {type} is not possible now; the game is waiting for {decision}.",
        "de": "{type} ist jetzt nicht möglich; das Spiel wartet auf {decision}.",
        "es": "{type} no es posible ahora; el juego espera {decision}.",
    },
    "game.over": {
        "en": "The game is over ({end_reason}); nothing more can be played.",
        "de": "Das Spiel ist vorbei ({end_reason}); es kann nichts mehr gespielt werden.",
        "es": "La partida ha terminado ({end_reason}); no se puede jugar nada más.",
    },
    "reveal.required": {
        "en": "What lies there is not known yet: add a reveal for it.",
        "de": "Was dort liegt, ist noch nicht bekannt: füge eine Aufdeckung hinzu.",
        "es": "Todavía no se sabe qué hay ahí: añade una revelación.",
    },
    "reveal.mismatch": {
        "en": "That contradicts what is already known.",
        "de": "Das widerspricht dem, was schon bekannt ist.",
        "es": "Eso contradice lo que ya se sabe.",
    },
    "reveal.impossible": {
        "en": "That cannot be there: {reason}.",
        "de": "Das kann dort nicht liegen: {reason}.",
        "es": "Eso no puede estar ahí: {reason}.",
    },
    "card.exhausted": {
        "en": "Both {color} {value} cards are already seen elsewhere; this one cannot be in your hand.",
        "de": "Beide Karten {color} {value} sind schon anderswo zu sehen; diese kann nicht auf deiner Hand sein.",
        "es": "Las dos cartas {color} {value} ya se han visto en otro sitio; esta no puede estar en tu mano.",
    },
    "card.not_in_hand": {
        "en": "Every card in your hand is known, and none of them is {color} {value}.",
        "de": "Jede Karte deiner Hand ist bekannt, und keine davon ist {color} {value}.",
        "es": "Todas las cartas de tu mano son conocidas y ninguna es {color} {value}.",
    },
}

#: Game words that appear as values in messages, per language.
WORDS: dict[str, dict[str, str]] = {
    "de": {
        "red": "Rot", "yellow": "Gelb", "green": "Grün", "blue": "Blau", "purple": "Lila",
        "grey": "Grau", "white": "Weiß", "brown": "Braun", "black": "Schwarz",
        "small": "kleine", "large": "große", "deck": "Nachziehstapel",
        "ascends": "steigt", "descends": "fällt", "higher": "höher", "lower": "niedriger",
        "play": "Ausspielen", "discard": "Abwerfen", "draw": "Nachziehen", "reveal": "Aufdecken",
        "clover": "Kleeblatt", "spiral": "Spirale", "goblin": "Kobold", "main": "Ausspielen oder Abwerfen",
        "move": "Zug", "take": "Nehmen", "give": "Abgeben", "cult": "Kultstätte",
        "swap": "Tausch", "buy": "Kauf", "end": "Endphase",
        "goal_area": "Zielbereich", "deck_exhausted": "Nachziehstapel leer",
        "done": "nichts mehr", "none": "nichts",
        "village": "Dorf", "castle": "Burg", "monastery": "Kloster", "ruin": "Ruine",
    },
    "es": {
        "red": "rojo", "yellow": "amarillo", "green": "verde", "blue": "azul", "purple": "morado",
        "grey": "gris", "white": "blanco", "brown": "marrón", "black": "negro",
        "small": "pequeña", "large": "grande", "deck": "mazo",
        "ascends": "asciende", "descends": "desciende", "higher": "más alta", "lower": "más baja",
        "play": "jugar", "discard": "descartar", "draw": "robar", "reveal": "revelar",
        "clover": "trébol", "spiral": "espiral", "goblin": "duende", "main": "jugar o descartar",
        "move": "movimiento", "take": "tomar", "give": "entregar", "cult": "lugar de culto",
        "swap": "intercambio", "buy": "compra", "end": "fase final",
        "goal_area": "zona de meta", "deck_exhausted": "mazo agotado",
        "done": "nada más", "none": "nada",
        "village": "aldea", "castle": "castillo", "monastery": "monasterio", "ruin": "ruina",
    },
}

#: game id -> rule id -> language -> template; filled by :func:`register`.
_GAMES: dict[str, dict[str, dict[str, str]]] = {}


def register(game: str, templates: dict[str, dict[str, str]]) -> None:
    """Make a game's templates known (done once by each game module)."""
    for rule, by_language in templates.items():
        missing = set(LANGUAGES) - set(by_language)
        if missing:
            raise ValueError(f"{game} {rule}: no template for {sorted(missing)}")
    _GAMES[game] = templates



class _Fields(dict[str, Any]):
    """Format fields: translated words, and missing keys left visible."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _word(value: Any, lang: str) -> Any:
    if isinstance(value, str):
        return WORDS.get(lang, {}).get(value, value)
    if isinstance(value, dict) and set(value) == {"color", "value"}:
        return f"{_word(value['color'], lang)} {value['value']}"
    if isinstance(value, list):
        return ", ".join(str(_word(item, lang)) for item in value)
    return value


def render(game: str | None, rule: str, lang: str, values: dict[str, Any]) -> str:
    """The message of ``rule`` in ``lang``, filled from ``values``."""
    lang = lang if lang in LANGUAGES else "en"
    templates = _GAMES.get(game or "", {}).get(rule) or SHARED.get(rule)
    if templates is None:
        return rule
    # A rule may word a special case apart ("en:none" next to "en"); the
    # ruleset names the case in the word ``variant``.
    variant = values.get("variant")
    template = templates.get(f"{lang}:{variant}", templates[lang]) if variant else templates[lang]
    fields = _Fields({key: _word(value, lang) for key, value in values.items()})
    return string.Formatter().vformat(template, (), fields)
