"""Choosing the language of rule messages from Accept-Language (the API's
choice: the engine takes a language code)."""

import pytest
from flask import Flask

from api import problems


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
    ("de-DE, en;q=0.5", "de"),
    ("de-AT", "de"),
])
def test_the_best_of_english_german_and_spanish(header, chosen):
    headers = {} if header is None else {"Accept-Language": header}
    with Flask(__name__).test_request_context(headers=headers):
        assert problems.lang() == chosen


def test_celtica_location_kinds_are_named_in_the_message_language():
    from scoring import Game, Refused
    from celtica_games import record

    board = {"name": "short", "locations": [{"kind": "start"}, {"kind": "castle"}, {"kind": "goal", "parts": 4}]}
    with pytest.raises(Refused) as refused:
        Game.replay(record([], board=board))
    messages = {lang: refused.value.violation.message(lang) for lang in ("en", "de", "es")}
    assert "(castle)" in messages["en"] and "(Burg)" in messages["de"] and "(castillo)" in messages["es"]


# -- every template, every language (issue 12 §2) ------------------------------------

import json  # noqa: E402
import pickle  # noqa: E402
import re  # noqa: E402
import string  # noqa: E402
from pathlib import Path  # noqa: E402

from babel import Locale  # noqa: E402

from scoring import RULESETS, Game, RuleBroken, Violation  # noqa: E402
from scoring.messages import LANGUAGES, NEXT, PLURAL_FORMS, SHARED, render, templates_of  # noqa: E402

COUNTS = (0, 1, 2, 5)
DATA = Path(__file__).parent / "data"


def plural_forms(template: str) -> list[dict[str, str]]:
    """The plural words of a template: ``{n:one=part|other=parts}`` -> {"one": "part", "other": "parts"}."""
    return [dict(form.split("=", 1) for form in spec.split("|"))
            for _, _, spec, _ in string.Formatter().parse(template) if spec and "=" in spec]


def every_template():
    """(game, rule, variant or None, language, template) of every rule id of every game."""
    for game, ruleset in RULESETS.items():
        for rule in ruleset.describe()["rules"]:
            for key, template in templates_of(game, rule).items():
                lang, _, variant = key.partition(":")
                yield game, rule, variant or None, lang, template


def test_every_rule_of_every_game_has_a_template_in_every_language():
    for game, ruleset in RULESETS.items():
        for rule in ruleset.describe()["rules"]:
            assert set(LANGUAGES) <= set(templates_of(game, rule)), (game, rule)


def test_every_plural_lists_the_forms_its_language_chooses_for_0_1_2_and_5():
    found = 0
    for game, rule, variant, lang, template in every_template():
        plural_form = PLURAL_FORMS[lang]
        for forms in plural_forms(template):
            found += 1
            for count in COUNTS:
                assert plural_form(count) in forms, (game, rule, lang, count, template)
        fields = {name: 0 for _, name, _, _ in string.Formatter().parse(template) if name}
        for count in COUNTS:
            values = {name: count for name in fields} | ({"variant": variant} if variant else {})
            text = render(game, rule, lang, values)
            assert text and "{" not in text, (game, rule, lang, text)
    assert found >= 20  # the counted messages of all three games


def counts_to_hold_plurals_to():
    """Whole numbers where CLDR's integer rules could turn: every count up to 2,000 and near each
    million up to 2,000,000, a sparse sweep between, and multiples of a million far beyond."""
    near = {n for edge in range(0, 2_000_001, 1_000_000) for n in range(max(0, edge - 2_000), edge + 2_001)}
    return sorted(near | set(range(0, 2_000_001, 997)) | set(range(0, 10**10, 10**6)) | {10**12, 10**15})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_plural_rules_are_cldr_s_as_babel_has_them(lang):
    # The engine writes CLDR's rules itself (the phone has no Babel); a CLDR release that changes
    # them shows here once Babel has it.
    babel_form = Locale.parse(lang).plural_form
    ours = PLURAL_FORMS[lang]
    differ = [n for n in counts_to_hold_plurals_to() if ours(n) != babel_form(n)]
    assert not differ, (lang, differ[:10])
    assert {ours(n) for n in (0, 1, 2)} >= {"one", "other"}
    assert lang != "es" or ours(2_000_000) == "many"


def test_a_count_of_one_reads_in_the_singular():
    one = {"need": 1, "got": 0}
    assert render("celtica", "celtica.take.count", "en", one) == "You must take 1 part here; you took 0."
    assert render("celtica", "celtica.take.count", "de", one) == "Hier musst du 1 Teil nehmen; du hast 0 genommen."
    assert render("celtica", "celtica.take.count", "es", one) == "Aquí debes tomar 1 pieza; has tomado 0."
    two = {"need": 2, "got": 0}
    assert render("celtica", "celtica.take.count", "en", two) == "You must take 2 parts here; you took 0."


#: words a message never shows: Python's spelling, an empty list, the old jargon
FORBIDDEN = re.compile(r"\bNone\b(?! of )|\bTrue\b|\bFalse\b|\[|\]|\(\)|expected \.|expected: \.|, ,|: \.$"
                       r"|\b(main|complete|done)\b is (still )?open|waiting for (main|complete|done|move)\b")


def probes(game: str, players: list[str]) -> list[dict]:
    """Actions of every type with plausible values, most of them refused at any moment."""
    cards = [{"color": color, "value": value} for color in ("red", "blue") for value in (0, 5, 10)]
    if game == "keltis":
        return ([{"type": "play", "card": card, "figure": size} for card in cards for size in ("small", "large")]
                + [{"type": "play", "card": card} for card in cards]
                + [{"type": "discard", "card": card} for card in cards]
                + [{"type": "clover", "path": path} for path in ("red", "green", None)]
                + [{"type": "reveal", "path": "red", "row": row, "tile": tile}
                   for row in (1, 9) for tile in ("wish", "none", "clover")]
                + [{"type": "draw", "from": source} for source in ("deck", "red", "blue")])
    if game == "keltis-orakel":
        return ([{"type": "play", "card": card, "figure": spot} for card in cards for spot in (0, 3)]
                + [{"type": "play", "card": card, "priestess": steps} for card in cards for steps in (1, 9)]
                + [{"type": "play", "card": card} for card in cards]
                + [{"type": "discard", "card": card} for card in cards]
                + [{"type": "reveal", "field": spot, "tile": tile} for spot in (0, 1, 2) for tile in ("mirror", "none")]
                + [{"type": "spiral", "to": to} for to in (0, 1, 30, None)]
                + [{"type": "goblin", "row": "red"}, {"type": "goblin"}, {"type": "goblin", "hand": cards[0]}]
                + [{"type": "draw", "from": source} for source in ("deck", "red")])
    if game == "lost-cities":
        held = [{"color": color, "value": value} for color in ("red", "blue") for value in ("wager", 2, 5, 10)]
        return ([{"type": kind, "card": card} for kind in ("play", "discard") for card in held]
                + [{"type": "draw", "from": source} for source in ("deck", "red", "blue", "yellow")])
    return ([{"type": "move", "druid": druid, "cards": cards_, "experience": experience}
             for druid in ("red", "grey") for cards_ in (0, 1, 6) for experience in (0, 1)]
            + [{"type": kind, "parts": parts} for kind in ("take", "give", "reveal")
               for parts in ([], ["n"], ["n", "n", "s"], [None])]
            + [{"type": "cult", "draw": draw} for draw in (True, False)]
            + [{"type": "swap", "give": "n", "take": "s"}, {"type": "buy", "part": "center"}])


def violations_of(record: dict) -> list[Violation]:
    """Refusals met by probing every moment of a record: a wrong player, an
    early end, and every probe action."""
    found: list[Violation] = []
    game = Game.start(record)
    ruleset, ids = game.ruleset, [player["id"] for player in record["players"]]

    def refused(attempt) -> None:
        try:
            attempt()
        except RuleBroken as broken:
            found.append(Violation(ruleset.game, broken.rule, None, None, broken.details, broken.words))

    def valid(probe: dict) -> bool:  # the fold checks the shape before any rule
        try:
            ruleset.validate_turn({"player": ids[0], "actions": [probe]}, ids)
            return True
        except RuleBroken:
            return False

    shaped = [probe for probe in probes(ruleset.game, ids) if valid(probe)]
    for turn in [*record["turns"], None]:
        for player in ids:
            refused(lambda: ruleset.begin_turn(pickle.loads(pickle.dumps(game.state)), player))
        if game.is_over:
            break
        last = turn is None
        turn = turn or {"player": game.decision().player, "actions": []}  # probe the next turn too
        state = game.state
        ruleset.begin_turn(state, turn["player"])
        for action in [*turn["actions"], None]:
            for probe in shaped:
                refused(lambda: ruleset.apply(pickle.loads(pickle.dumps(state)), probe))
            refused(lambda: ruleset.end_turn(pickle.loads(pickle.dumps(state))))
            if action is None:
                break
            ruleset.apply(state, action)
        if last:
            break
        ruleset.end_turn(state)
        game.turns_played += 1
    return found


def example_records():
    for path in sorted(DATA.glob("*/*.json")):
        data = json.loads(path.read_text())
        record = data.get("record", data)
        if path.parent.name != "boards" and "turns" in record and "sheet" not in path.name:
            yield path.name, record


def test_no_refusal_message_shows_an_empty_list_a_python_value_or_a_decision_name():
    rules: dict[str, set[str]] = {}
    for name, record in example_records():
        try:
            Game.replay(record)
        except Exception:
            continue  # a refused example: its prefix is probed by the others
        for violation in violations_of(record):
            rules.setdefault(violation.game, set()).add(violation.rule)
            for lang in LANGUAGES:
                text = violation.message(lang)
                assert not FORBIDDEN.search(text), (name, violation.rule, lang, text)
                assert "{" not in text, (name, violation.rule, lang, text)
    assert {"turn.order", "turn.unexpected", "turn.incomplete"} <= rules["keltis"] & rules["celtica"]
    assert sum(map(len, rules.values())) >= 30


def test_next_says_in_words_what_each_decision_waits_for():
    decisions = {"main", "reveal", "clover", "draw", "spiral", "goblin", "done", "complete",
                 "move", "take", "give", "cult", "end", "over"}
    for lang in LANGUAGES:
        assert set(NEXT[lang]) == decisions
    assert render("celtica", "turn.unexpected", "en", {"type": "take", "expected": [], "next": "done"}) == \
        "A take does not fit now: the turn is complete: log it, or go back."
    assert render("keltis-orakel", "turn.unexpected", "en", {"type": "draw", "decision": "complete"}) == \
        "A draw does not fit now: the turn is complete: log it, or go back."
    assert set(SHARED) >= {"turn.order", "turn.incomplete", "turn.unexpected", "game.over"}


def test_schema_messages_spell_choices_as_json():
    record = {"format": "brehon/1", "game": "keltis", "players": [{"id": "anna", "name": "Anna"},
                                                                  {"id": "ben", "name": "Ben"}]}
    record["turns"] = [{"player": "anna", "actions": [{"type": "play", "card": {"color": "red", "value": 1},
                                                        "figure": "huge"}]}]
    with pytest.raises(Refused) as refused:
        Game.replay(record)
    assert refused.value.violation.message() == \
        'The record is not valid: /turns/0/actions/0/figure must be one of null, "small", "large".'


from scoring import Refused  # noqa: E402


# -- colour words agree with their noun (issue 22 §6) ----------------------------------------


def test_spanish_and_german_colour_words_agree_with_their_noun():
    row = {"color": "red", "heading": "ascends", "last": 5, "bound": "higher", "row": [3, 5],
           "card": {"color": "red", "value": 4}}
    for game in ("keltis", "keltis-orakel"):
        assert render(game, f"{game}.row.direction", "es", row) == \
            "Tu fila roja asciende: la siguiente carta roja debe ser 5 o más alta."
        assert render(game, f"{game}.row.direction", "de", row) == \
            "Deine Reihe in Rot steigt: die nächste Karte in Rot muss 5 oder höher sein."
    assert render("keltis", "keltis.bonus.missing", "es", {"color": "yellow"}).startswith("Tu figura amarilla ")
    assert render("keltis", "keltis.draw.empty", "es", {"pile": "purple"}) == "La pila de descarte morada está vacía."
    assert render("keltis", "keltis.draw.empty", "de", {"pile": "purple"}) == "Der lila Ablagestapel ist leer."
    # a masculine noun keeps the masculine form, and a colour with one form keeps it
    assert render("keltis", "keltis.path.occupied", "es", {"path": "red"}).startswith("Ya tienes una figura en el camino rojo;")
    assert render("keltis-orakel", "keltis-orakel.move.no_field", "es", {"color": "green", "field": 3}) == \
        "No hay ninguna casilla verde por delante de la casilla 3."
    own = {"color": "yellow", "value": 3}
    assert render("keltis-orakel", "keltis-orakel.draw.own_discard", "de", own).startswith("Du hast diese gelbe 3 ")
    assert render("keltis-orakel", "keltis-orakel.draw.own_discard", "es", own).startswith("Pusiste este 3 amarillo ")
    assert render("keltis", "card.not_in_hand", "es", {"card": {"color": "white", "value": 3}}) == \
        "Todas las cartas de tu mano son conocidas y ninguna es el 3 blanco."


def test_every_spanish_colour_after_a_feminine_noun_takes_the_feminine_form():
    feminine = re.compile(r"\b(fila|carta|figura|casilla|pila de descarte) \{(color|row|pile)\}")
    for game, rule, variant, lang, template in every_template():
        assert not (lang == "es" and feminine.search(template)), (game, rule, template)


def test_no_option_is_explained_in_developer_form(client):
    # The new-game screen shows each option's doc as its hint, from GET /rulesets.
    for lang in LANGUAGES:
        rulesets = client.get("/api/v1/rulesets", headers={"Accept-Language": lang}).get_json()
        for ruleset in rulesets:
            for option in ruleset["options"]:
                said = f"{option['label']} {option['doc']} {' '.join(option.get('choice_labels', []))}"
                assert not re.search(r"\b(true|false)\b|\w_\w", said, re.IGNORECASE), (lang, option["name"], said)
                # the ids of choices that are no words of their own ("exactly" is one)
                assert not re.search(r"\b(cap|forbid|kept)\b", option["doc"]), (lang, option["name"], option["doc"])
