"""Rule messages for people, in English, German and Spanish.

Templates use ``str.format`` placeholders filled from a violation's details
(and extra words). Colour ids, decision names and other game words inside
those values are translated through :data:`WORDS`, so a template written
as ``Your {color} row ...`` reads ``Deine rot-Reihe`` nowhere: the German
template says ``Deine Reihe in {color}`` and ``red`` becomes ``Rot``.

A colour said as an adjective agrees with its noun: ``{color!f}`` writes
the feminine form, ``{color!m}`` the masculine (``la carta roja``, ``el
camino rojo``); German's ``!f`` and ``!m`` are the weak adjective after an
article (``die rote 7``, ``der rote Ablagestapel``). Without a conversion
the colour is its name (``Rot``, ``rojo``), as after ``in`` or ``de color``.

A count chooses its noun through the language's plural rules (CLDR's, see
:data:`PLURAL_FORMS`): ``{need} {need:one=part|other=parts}`` writes the word
for the count in ``need``; German and Spanish list their own forms.

Every shared rule id has one template here, used by every game; a game
adds its own words through the template's fields (``place``: where on its
board; ``next``: what the player can do now, from :data:`NEXT`). Each game
registers the templates of its own rules.
"""

from __future__ import annotations

import string
from typing import Any, Callable

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
        "en": "The turn is not finished: {next}.",
        "de": "Der Zug ist nicht fertig: {next}.",
        "es": "El turno no ha terminado: {next}.",
    },
    "turn.unexpected": {
        "en": "A {type} does not fit now: {next}.",
        "de": "{type} passt jetzt nicht: {next}.",
        "es": "{type} no corresponde ahora: {next}.",
    },
    "game.over": {
        "en": "The game is over ({end_reason}); nothing more can be played.",
        "de": "Das Spiel ist vorbei ({end_reason}); es kann nichts mehr gespielt werden.",
        "es": "La partida ha terminado ({end_reason}); no se puede jugar nada más.",
        "en:in_turn": "The game ended with this turn's move ({end_reason}), so nothing follows it, not even a draw.",
        "de:in_turn": "Das Spiel endete mit dem Zug dieser Runde ({end_reason}); danach folgt nichts mehr, "
                      "auch kein Nachziehen.",
        "es:in_turn": "La partida terminó con el movimiento de este turno ({end_reason}); después no sigue nada, "
                      "ni siquiera robar.",
    },
    "reveal.required": {
        "en": "Which tile lies on {place}? Add a reveal for it.",
        "de": "Welches Plättchen liegt auf {place}? Füge eine Aufdeckung dafür hinzu.",
        "es": "¿Qué ficha hay en {place}? Añade una revelación.",
    },
    "reveal.mismatch": {
        "en": "{place} holds {known}, not {revealed}.",
        "de": "Auf {place} liegt {known}, nicht {revealed}.",
        "es": "En {place} hay {known}, no {revealed}.",
        "en:taken": "{place} is empty: its {taken} has been taken.",
        "de:taken": "{place} ist leer: das Plättchen ({taken}) wurde genommen.",
        "es:taken": "{place} está vacía: la ficha ({taken}) ya se tomó.",
    },
    "reveal.impossible": {
        "en": "{thing} cannot be on {place}: {reason}.",
        "de": "{thing} kann nicht auf {place} liegen: {reason}.",
        "es": "{thing} no puede estar en {place}: {reason}.",
        "en:bare": "{place} cannot be bare: {reason}.",
        "de:bare": "{place} kann nicht leer sein: {reason}.",
        "es:bare": "{place} no puede estar vacía: {reason}.",
    },
    "card.exhausted": {
        "en": "Both {card} cards are already seen elsewhere; this one cannot be in your hand.",
        "de": "Beide Karten {card} sind schon anderswo zu sehen; diese kann nicht auf deiner Hand sein.",
        "es": "Las dos cartas del {card} ya se han visto en otro sitio; esta no puede estar en tu mano.",
        # Celtica counts cards per colour instead of naming them
        "en:counted": "No more {druid} {deck} cards can be in your hand: {seen} of {total} "
                      "{seen:one=is|other=are} in the discard pile.",
        "de:counted": "Keine weitere {deck} in {druid} kann auf deiner Hand sein: "
                      "{seen} von {total} {seen:one=liegt|other=liegen} im Ablagestapel.",
        "es:counted": "No puede haber más cartas {deck} de color {druid} en tu mano: "
                      "{seen} de {total} {seen:one=está|other=están} en la pila de descartes.",
        # Lost Cities has one copy of a number card and three wagers of a colour
        "en:one": "The {card} is already seen elsewhere; it cannot be in your hand.",
        "de:one": "Die Karte {card} liegt schon anderswo; sie kann nicht in deiner Hand sein.",
        "es:one": "La carta {card} ya está a la vista en otro lugar; no puede estar en tu mano.",
        "en:wagers": "All three {color} wager cards are already seen elsewhere; none can be in your hand.",
        "de:wagers": "Alle drei Wettkarten {color} liegen schon anderswo; keine kann in deiner Hand sein.",
        "es:wagers": "Las tres cartas de apuesta de color {color} ya están a la vista en otro lugar; "
                     "ninguna puede estar en tu mano.",
    },
    "card.not_in_hand": {
        "en": "Every card in your hand is known, and none of them is {card}.",
        "de": "Jede Karte deiner Hand ist bekannt, und keine davon ist {card}.",
        "es": "Todas las cartas de tu mano son conocidas y ninguna es el {card}.",
    },
}

#: What the player can do next, per open decision (``turn.incomplete``,
#: ``turn.unexpected``): said in words, never by the decision's name.
NEXT: dict[str, dict[str, str]] = {
    "en": {
        "main": "play or discard a card", "reveal": "say which tile lies where the figure arrived",
        "clover": "say which figure the clover moves, or decline it", "draw": "draw a card",
        "spiral": "say where the spiral sends the figure, or let it stay",
        "goblin": "say which card the goblin takes, or decline it",
        "done": "the turn is complete: log it, or go back", "complete": "the turn is complete: log it, or go back",
        "move": "move a druid", "take": "take the parts from the display", "give": "give parts to the ruin",
        "cult": "say whether you draw a druid card",
        "end": "swap or buy parts, or end your turn", "over": "the game is over",
    },
    "de": {
        "main": "spiele oder wirf eine Karte ab", "reveal": "sag, welches Plättchen dort liegt, wo die Figur ankam",
        "clover": "sag, welche Figur das Kleeblatt bewegt, oder lehne ab", "draw": "zieh eine Karte nach",
        "spiral": "sag, wohin die Spirale die Figur schickt, oder lass sie stehen",
        "goblin": "sag, welche Karte der Kobold nimmt, oder lehne ab",
        "done": "der Zug ist vollständig: trag ihn ein oder geh zurück",
        "complete": "der Zug ist vollständig: trag ihn ein oder geh zurück",
        "move": "zieh einen Druiden", "take": "nimm die Teile aus der Auslage", "give": "gib der Ruine Teile ab",
        "cult": "sag, ob du eine Druidenkarte ziehst",
        "end": "tausche oder kaufe Teile, oder beende deinen Zug", "over": "das Spiel ist vorbei",
    },
    "es": {
        "main": "juega o descarta una carta", "reveal": "di qué ficha hay donde llegó la figura",
        "clover": "di qué figura mueve el trébol, o renuncia", "draw": "roba una carta",
        "spiral": "di adónde envía la espiral a la figura, o déjala",
        "goblin": "di qué carta se lleva el duende, o renuncia",
        "done": "el turno está completo: anótalo o vuelve atrás",
        "complete": "el turno está completo: anótalo o vuelve atrás",
        "move": "mueve un druida", "take": "toma las piezas de la exposición", "give": "entrega piezas a la ruina",
        "cult": "di si robas una carta de druida",
        "end": "intercambia o compra piezas, o termina tu turno", "over": "la partida ha terminado",
    },
}

#: Game words that appear as values in messages, per language.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "field": "field", "display": "the display", "none_unseen": "none can be left in the supply",
        "all_druids_in_goal": "all druids in the goal", "parts_exhausted": "no parts left",
        "round_after_goal": "the round after the goal", "oracle_player": "three figures at the oracle",
        "oracle_total": "five figures at the oracle", "goal_area": "five figures in the goal area",
        "deck_exhausted": "the draw pile is empty", "wager_card": "{color} wager card",
    },
    "de": {
        "field": "Feld", "display": "der Auslage", "none_unseen": "im Vorrat kann keines mehr liegen",
        "druid": "Druidenkarte", "experience": "Erfahrungskarte", "mirror": "Spiegel",
        "all_druids_in_goal": "alle Druiden im Ziel", "parts_exhausted": "keine Teile mehr",
        "round_after_goal": "die Runde nach dem Ziel", "oracle_player": "drei Figuren beim Orakel",
        "oracle_total": "fünf Figuren beim Orakel",
        "not a small field": "kein kleines Feld", "no such tile is left": "kein solches Plättchen ist übrig",
        "every small field holds a tile": "auf jedem kleinen Feld liegt ein Plättchen",
        "red": "Rot", "yellow": "Gelb", "green": "Grün", "blue": "Blau", "purple": "Lila",
        "grey": "Grau", "white": "Weiß", "brown": "Braun", "black": "Schwarz",
        **{f"{color}:{gender}": adjective for color, adjective in (
            ("red", "rote"), ("yellow", "gelbe"), ("green", "grüne"), ("blue", "blaue"), ("purple", "lila"),
            ("grey", "graue"), ("white", "weiße"), ("brown", "braune"), ("black", "schwarze"))
           for gender in ("f", "m")},
        "small": "kleine", "large": "große", "deck": "Nachziehstapel",
        "ascends": "steigt", "descends": "fällt", "higher": "höher", "lower": "niedriger",
        "play": "Ausspielen", "discard": "Abwerfen", "draw": "Nachziehen", "reveal": "Aufdecken",
        "clover": "Kleeblatt", "spiral": "Spirale", "goblin": "Kobold", "main": "Ausspielen oder Abwerfen",
        "move": "Zug", "take": "Nehmen", "give": "Abgeben", "cult": "Kultstätte",
        "swap": "Tausch", "buy": "Kauf", "end": "Endphase",
        "goal_area": "Zielbereich", "deck_exhausted": "Nachziehstapel leer", "wager_card": "Wettkarte {color}",
        "done": "nichts mehr", "none": "nichts",
        "village": "Dorf", "castle": "Burg", "monastery": "Kloster", "ruin": "Ruine",
    },
    "es": {
        "field": "la casilla", "display": "la exposición", "none_unseen": "no puede quedar ninguna en la reserva",
        "druid": "de druida", "experience": "de experiencia", "mirror": "espejo",
        "all_druids_in_goal": "todos los druidas en la meta", "parts_exhausted": "no quedan piezas",
        "round_after_goal": "la ronda tras la meta", "oracle_player": "tres figuras en el oráculo",
        "oracle_total": "cinco figuras en el oráculo",
        "not a small field": "no es una casilla pequeña", "no such tile is left": "no queda ninguna loseta así",
        "every small field holds a tile": "cada casilla pequeña tiene una loseta",
        "red": "rojo", "yellow": "amarillo", "green": "verde", "blue": "azul", "purple": "morado",
        "grey": "gris", "white": "blanco", "brown": "marrón", "black": "negro",
        "red:f": "roja", "yellow:f": "amarilla", "purple:f": "morada", "white:f": "blanca", "black:f": "negra",
        "small": "pequeña", "large": "grande", "deck": "mazo",
        "ascends": "asciende", "descends": "desciende", "higher": "más alta", "lower": "más baja",
        "play": "jugar", "discard": "descartar", "draw": "robar", "reveal": "revelar",
        "clover": "trébol", "spiral": "espiral", "goblin": "duende", "main": "jugar o descartar",
        "move": "movimiento", "take": "tomar", "give": "entregar", "cult": "lugar de culto",
        "swap": "intercambio", "buy": "compra", "end": "fase final",
        "goal_area": "zona de meta", "deck_exhausted": "mazo agotado", "wager_card": "apuesta de color {color}",
        "done": "nada más", "none": "nada",
        "village": "aldea", "castle": "castillo", "monastery": "monasterio", "ruin": "ruina",
    },
}

#: CLDR's plural rules of each language, for whole numbers (the engine counts
#: nothing else): en and de ``one: i = 1 and v = 0``; es ``one: n = 1`` and
#: ``many`` for a non-zero multiple of a million (``un millón de``). Written
#: here rather than asked of Babel: ``scoring`` depends on nothing, and the
#: phone's engine (Pyodide) would have to download Babel for these three lines.
#: tests/test_messages.py holds them to Babel's CLDR data.
PLURAL_FORMS: dict[str, Callable[[int], str]] = {
    "en": lambda n: "one" if n == 1 else "other",
    "de": lambda n: "one" if n == 1 else "other",
    "es": lambda n: "one" if n == 1 else "many" if n != 0 and n % 1_000_000 == 0 else "other",
}

#: game id -> rule id -> language -> template; filled by :func:`register`.
_GAMES: dict[str, dict[str, dict[str, str]]] = {}
#: game id -> language -> phrase id -> template: a game's own words for a
#: field of a shared template (Celtica's board checks as ``reason``)
_PHRASES: dict[str, dict[str, dict[str, str]]] = {}


def register(game: str, templates: dict[str, dict[str, str]],
             phrases: dict[str, dict[str, str]] | None = None) -> None:
    """Make a game's templates known (done once by each game module)."""
    for rule, by_language in templates.items():
        missing = set(LANGUAGES) - set(by_language)
        if missing:
            raise ValueError(f"{game} {rule}: no template for {sorted(missing)}")
        if rule in SHARED:
            raise ValueError(f"{game} {rule}: a shared rule has one template, in messages.SHARED")
    _GAMES[game] = templates
    _PHRASES[game] = phrases or {}



class _Fields(dict[str, Any]):
    """Format fields: translated words, and missing keys left visible."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class _Word(str):
    """A game word in a message's language that remembers its id, so that
    a template can ask for the form agreeing with its noun (``{color!f}``)."""

    id: str


class _Formatter(string.Formatter):
    """``str.format`` plus plural words: ``{n:one=part|other=parts}`` writes
    the form that the language's plural rules choose for the count ``n``;
    and gendered words: ``{color!f}``, ``{color!m}``."""

    def __init__(self, lang: str):
        self.lang = lang
        self.plural_form = PLURAL_FORMS[lang]

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion in ("f", "m"):
            if isinstance(value, _Word):
                return WORDS[self.lang].get(f"{value.id}:{conversion}", value)
            return value
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if "=" not in format_spec:
            return super().format_field(value, format_spec)
        forms = dict(form.split("=", 1) for form in format_spec.split("|"))
        return forms.get(self.plural_form(value), forms["other"])


def _word(value: Any, lang: str) -> Any:
    if isinstance(value, str):
        word = _Word(WORDS[lang].get(value, value))
        word.id = value
        return word
    if isinstance(value, dict) and set(value) == {"color", "value"}:
        if value["value"] == "wager":  # a Lost Cities wager card: "red wager card"
            return WORDS[lang]["wager_card"].format(color=_word(value["color"], lang))
        # Spanish names a card by its number with the colour after it: "el 7 rojo"
        if lang == "es":
            return f"{value['value']} {_word(value['color'], lang)}"
        return f"{_word(value['color'], lang)} {value['value']}"
    if isinstance(value, dict) and set(value) == {"field"}:  # an Orakel field, by index
        return f"{WORDS[lang]['field']} {value['field']}"
    if isinstance(value, list):
        return ", ".join(str(_word(item, lang)) for item in value) or WORDS[lang].get("none", "nothing")
    return value


def templates_of(game: str | None, rule: str) -> dict[str, str] | None:
    """The templates of ``rule`` for ``game``: its own, or the shared ones."""
    return _GAMES.get(game or "", {}).get(rule) or SHARED.get(rule)


def render(game: str | None, rule: str, lang: str, values: dict[str, Any]) -> str:
    """The message of ``rule`` in ``lang``, filled from ``values``."""
    lang = lang if lang in LANGUAGES else "en"
    templates = templates_of(game, rule)
    if templates is None:
        return rule
    # A rule may word a special case apart ("en:none" next to "en"); the
    # ruleset names the case in the word ``variant``.
    variant = values.get("variant")
    template = templates.get(f"{lang}:{variant}", templates[lang]) if variant else templates[lang]
    formatter = _formatter(lang)
    fields = _Fields({key: _word(value, lang) for key, value in values.items()})
    phrases = _PHRASES.get(game or "", {}).get(lang, {})
    for key, value in values.items():
        if isinstance(value, str) and value in phrases:
            fields[key] = formatter.vformat(phrases[value], (), fields)
    decision = values.get("next", values.get("decision"))
    if decision is not None:
        fields["next"] = NEXT[lang].get(decision, decision)
    text = formatter.vformat(template, (), fields)
    return text[:1].upper() + text[1:]


_FORMATTERS: dict[str, _Formatter] = {}


def _formatter(lang: str) -> _Formatter:
    if lang not in _FORMATTERS:
        _FORMATTERS[lang] = _Formatter(lang)
    return _FORMATTERS[lang]


# -- the options in words (the new-game screen) -----------------------------

#: A game's options in words: option -> {"label": {lang: text}, "doc": {lang:
#: text} (English is the option's own doc), "choices": {choice: {lang: text}}}.
OptionWords = dict[str, dict[str, Any]]

#: The same house rule in both Keltis games.
REDRAW_OWN_DISCARD = {
    "label": {"en": "Draw back your own discard", "de": "Eigene Ablage zurücknehmen", "es": "Recoger el propio descarte"},
    "doc": {"de": "Wer in seinem Zug eine Karte ablegt, darf sie im selben Zug wieder ziehen.",
            "es": "Quien descarta una carta puede volver a robarla en el mismo turno."}}


def option_in_words(words: OptionWords, option: dict[str, Any], lang: str) -> dict[str, Any]:
    """An option as ``Ruleset.describe()`` gives it, with its label, its
    explanation in ``lang`` and, for a choice, each choice's name
    (``choice_labels``, in the order of ``choices``)."""
    said = words[option["name"]]
    out = {**option, "label": said["label"][lang], "doc": said["doc"].get(lang, option["doc"])}
    if "choices" in option:
        out["choice_labels"] = [said["choices"][str(choice)][lang] for choice in option["choices"]]
    return out
