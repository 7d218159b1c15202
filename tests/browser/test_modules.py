"""The app's own modules, run in the browser: the composer's narrowing, and
the translations (every text the code asks for, in all three languages)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

FRONTEND = Path(__file__).resolve().parents[2] / "frontend"
LANGUAGES = ("en", "de", "es")


def words(lang: str) -> dict:
    return json.loads((FRONTEND / "i18n" / f"{lang}.json").read_text())


def test_every_language_has_every_text():
    english = set(words("en"))
    for lang in LANGUAGES[1:]:
        assert set(words(lang)) == english, lang


def test_every_text_the_code_asks_for_exists():
    asked = set()
    for path in (FRONTEND / "js").rglob("*.js"):
        asked |= set(re.findall(r"\bt\('([\w.-]+)'", path.read_text()))
    assert asked, "no t('...') calls found"
    # A text with plural forms is asked for by its stem (key.one, key.other...).
    known = set(words("en")) | {key.rsplit(".", 1)[0] for key in words("en") if key.endswith(".other")}
    assert asked - known == set()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_texts_keep_their_placeholders(lang):
    english = words("en")
    for key, text in words(lang).items():
        # A placeholder's form ({colour!er}: the word agreeing with its noun) is the language's own.
        assert set(re.findall(r"\{(\w+)(?:!\w+)?\}", text)) == set(re.findall(r"\{(\w+)(?:!\w+)?\}", english[key])), (lang, key)


NARROWING = """async () => {
  const {narrow, nextQuestion, flatten, ABSENT, claimable, withValue} = await import('/js/composer.js');
  const actions = [
    {type: 'play', card: {color: 'red', value: 3}, figure: 0},
    {type: 'play', card: {color: 'red', value: 3}, priestess: 2},
    {type: 'play', card: {color: 'red', value: 4}, figure: 0},
    {type: 'discard', card: {color: 'red', value: 3}},
  ];
  const first = nextQuestion(actions);
  const plays = narrow(actions, [{key: 'type', value: 'play'}]);
  const second = nextQuestion(plays);
  const threes = narrow(plays, [{key: 'card.value', value: 3}]);
  const third = nextQuestion(threes);
  const viaPriestess = narrow(threes, [{key: 'figure', value: ABSENT}]);
  return {
    flat: flatten(actions[0]),
    first: [first.key, first.values],
    second: [second.key, second.values],
    third: [third.key, third.values.map(v => v === ABSENT ? 'absent' : v)],
    settled: nextQuestion(viaPriestess).answer,
    none: nextQuestion([]),
    claims: claimable('card.value', [7, 8], ['red']),
    claim: withValue(actions[0], 'card.value', 1),
  };
}"""


def test_the_composer_asks_one_field_at_a_time(page):
    page.goto("/")
    result = page.evaluate(NARROWING)
    assert result["flat"] == [["type", "play"], ["card.color", "red"], ["card.value", 3], ["figure", 0]]
    assert result["first"] == ["type", ["play", "discard"]]
    # The colour is the same in every play, so it is not asked.
    assert result["second"] == ["card.value", [3, 4]]
    assert result["third"] == ["figure", [0, "absent"]]
    assert result["settled"] == {"type": "play", "card": {"color": "red", "value": 3}, "priestess": 2}
    assert result["none"] is None
    assert result["claims"] == list(range(11))  # in order, the legal 7 and 8 among them
    assert result["claim"] == {"type": "play", "card": {"color": "red", "value": 1}, "figure": 0}
