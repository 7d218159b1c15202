"""Choosing the language of rule messages from Accept-Language (the API's
choice: the engine takes a language code)."""

import pytest
from flask import Flask

from api.problems import lang


@pytest.mark.parametrize("header, chosen", [
    (None, "en"),
    ("", "en"),
    ("de", "de"),
    ("es-ES,es;q=0.9,en;q=0.8", "es"),
    ("fr-FR, de;q=0.7, es;q=0.9", "es"),
    ("en;q=0.5, de", "de"),
    ("de;q=0", "en"),
    ("de;q=0, es;q=0.1", "es"),
    ("fr", "en"),
    ("de;q=nonsense, es", "es"),
])
def test_the_best_of_english_german_and_spanish(header, chosen):
    headers = {} if header is None else {"Accept-Language": header}
    with Flask(__name__).test_request_context(headers=headers):
        assert lang() == chosen


def test_celtica_location_kinds_are_named_in_the_message_language():
    from scoring import Game, Refused
    from celtica_games import record

    board = {"name": "short", "locations": [{"kind": "start"}, {"kind": "castle"}, {"kind": "goal", "parts": 4}]}
    with pytest.raises(Refused) as refused:
        Game.replay(record([], board=board))
    messages = {lang: refused.value.violation.message(lang) for lang in ("en", "de", "es")}
    assert "(castle)" in messages["en"] and "(Burg)" in messages["de"] and "(castillo)" in messages["es"]
