"""The texts of Lost Cities's own rules (rules §11.3) and its option in
words. The shared rule ids keep the shared templates (:mod:`scoring.messages`);
their words for this game (a wager card, the draw pile used up, a card of
one copy or of three) are there too."""

from __future__ import annotations

from ..cards import CardRules
from ..messages import OptionWords

#: The shared pile rules under this game's ids. Lost Cities lays its rows by
#: its own rule (rules §7.1, :func:`.rules.row_fault`), not by the family's
#: row direction: ``row_direction`` is never raised through these.
CARD_RULES = CardRules(row_direction="lost-cities.row.ascending", pile_empty="lost-cities.draw.empty_pile",
                       own_discard="lost-cities.draw.just_discarded", row_details=("color", "card"))

MESSAGES: dict[str, dict[str, str]] = {
    "lost-cities.row.ascending": {
        "en": "Your {color} expedition has reached {highest}: the next {color} card must be higher than {highest}.",
        "de": "Deine Expedition {color} steht bei {highest}: die nächste Karte in {color} muss höher als "
              "{highest} sein.",
        "es": "Tu expedición de color {color} ya llega a {highest}: la siguiente carta de ese color debe ser "
              "mayor que {highest}.",
    },
    "lost-cities.row.wager_late": {
        "en": "Your {color} expedition already holds number cards; a wager card can only be played before "
              "the first number card.",
        "de": "Deine Expedition {color} enthält schon Zahlenkarten; eine Wettkarte darf nur vor der ersten "
              "Zahlenkarte gespielt werden.",
        "es": "Tu expedición de color {color} ya tiene cartas numeradas; una carta de apuesta solo puede "
              "jugarse antes de la primera carta numerada.",
    },
    "lost-cities.draw.empty_pile": {
        "en": "The {pile} discard pile is empty.",
        "de": "Der Ablagestapel {pile} ist leer.",
        "es": "La pila de descarte de color {pile} está vacía.",
    },
    "lost-cities.draw.just_discarded": {
        "en": "You cannot take back the {card} you just discarded; draw from the deck or another pile.",
        "de": "Du darfst die eben abgelegte Karte {card} nicht zurücknehmen; ziehe vom Nachziehstapel oder "
              "von einem anderen Ablagestapel.",
        "es": "No puedes recoger la carta {card} que acabas de descartar; roba del mazo o de otra pila.",
    },
}

#: The option in words, for the new-game screen (the English doc is the option's own).
OPTION_WORDS: OptionWords = {
    "purple": {
        "label": {"en": "Purple expedition", "de": "Lila Expedition", "es": "Expedición morada"},
        "doc": {"de": "Die sechste Expedition der Ausgabe von 2019: 72 Karten, 56 im Nachziehstapel.",
                "es": "La sexta expedición de la edición de 2019: 72 cartas, 56 en el mazo."}},
}
