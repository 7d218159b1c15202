"""Celtica made readable (issue 22 §2) at 390 x 844 and 320 x 640, light and
dark, and on the table display: what decides the rank when nobody has a
complete amulet, amulets counted in words, every player's amulets on the
display, and starting parts that are entered, never filled in."""

from __future__ import annotations

import json

import pytest
from browser_helpers import DATA, api, shot
from playwright.sync_api import expect
from tapping import join, old_phone
from test_screens import new_celtica_game, started_record
from test_table_app import no_sideways_scroll

DISPLAYS = {"1280": {"width": 1280, "height": 800}, "1024": {"width": 1024, "height": 768}}


def five_player_game(base_url) -> tuple[dict, dict]:
    """The rules file's five-player game, finished: nobody has a complete amulet, Ben's eight parts win."""
    example = json.loads((DATA / "celtica" / "complete_game.json").read_text())
    return api(base_url, "POST", "/games", example["record"]), example["sheet"]


def test_the_strip_and_the_sheet_say_what_decides_the_rank(phone, base_url):
    created, sheet = five_player_game(base_url)
    assert all(player["total"] == 0 for player in sheet["players"])
    join(phone, created)
    reason = phone.locator("#strip-reason")
    expect(reason).to_have_text("No complete amulet yet: the largest incomplete amulet decides the rank, "
                                "then the next largest.")
    expect(phone.locator('.strip [data-player="ben"] .hint')).to_have_text("rank 1largest: 8 parts")
    expect(phone.locator('.strip [data-player="anna"] .hint')).to_contain_text("largest: 4 parts")
    shot(phone, f"celtica-strip-reason-{phone.look}")
    no_sideways_scroll(phone)

    phone.goto(f"/#/sheet/{created['id']}")
    phone.wait_for_selector("#sheet")
    expect(phone.locator("#rank-reason")).to_contain_text("No complete amulet yet")
    expect(phone.locator('#sheet [data-player="ben"] .amulet-words')).to_have_text(
        "0 complete amulets1 incomplete amulet (8 parts)")
    expect(phone.locator("#sheet")).not_to_contain_text("Incomplete amulets")
    shot(phone, f"celtica-sheet-words-{phone.look}")
    no_sideways_scroll(phone)


def test_amulets_are_counted_in_german_and_spanish_too(page, base_url):
    created, _ = five_player_game(base_url)
    join(page, created)
    said = page.evaluate("""async () => {
        const i18n = await import('/js/i18n.js');
        const words = await import('/js/words.js');
        const {rulesets} = await import('/js/rulesets.js');
        const out = {};
        for (const lang of ['de', 'es', 'en']) {
            await i18n.loadLanguage(lang);
            // The words Celtica's package declares for its sheet, in the app's language.
            const celtica = (await rulesets()).celtica;
            out[lang] = [words.breakdownWords(celtica, {complete: 1, incomplete: [6, 1]}),
                words.breakdownWords(celtica, {complete: 0, incomplete: []})];
        }
        return out;
    }""")
    assert said["en"] == [["1 complete amulet", "2 incomplete amulets (6 parts and 1 part)"],
                          ["0 complete amulets", "no incomplete amulet"]]
    assert said["de"][0] == ["1 fertiges Amulett", "2 unfertige Amulette (6 Teile und 1 Teil)"]
    assert said["es"][0] == ["1 amuleto completo", "2 amuletos incompletos (6 piezas y 1 pieza)"]


@pytest.mark.parametrize("size", DISPLAYS)
def test_the_table_display_shows_every_player_s_amulets(browser, base_url, size):
    context = browser.new_context(viewport=DISPLAYS[size], base_url=base_url, locale="en-GB")
    try:
        page = context.new_page()
        created, sheet = five_player_game(base_url)
        join(page, created)
        page.goto(f"/#/display/{created['id']}")
        amulets = page.locator("#display-amulets .player-amulets")
        expect(amulets).to_have_count(5)
        for player in sheet["players"]:
            one = page.locator(f'#display-amulets [data-player="{player["id"]}"]')
            expect(one.locator("svg.amulet").first).to_be_visible()
            size_ = player["breakdown"]["incomplete"][0]
            expect(one.locator(".amulet-count")).to_contain_text(f"1 incomplete amulet ({size_} parts)")
        expect(page.locator("#strip-reason")).to_be_visible()
        shot(page, f"celtica-display-amulets-{size}")
    finally:
        context.close()


def test_starting_parts_are_entered_never_filled_in(phone, base_url, tmp_path):
    new_celtica_game(phone, tmp_path)
    for seat in range(3):
        for k in range(2):
            expect(phone.locator(f"#start-{seat}-{k}")).to_have_attribute("data-part", "")  # nothing chosen for the table
    # Each tap fills the slot chosen, at first the first empty one, and goes on to the next empty one.
    for part in ("n", "s", "w"):
        phone.click(f'#part-choices button[data-part="{part}"]')
    phone.click("#start-2-0")
    phone.click('#part-choices button[data-part="ne"]')
    phone.click("text=Start the game")
    problem = phone.locator("#start-problem")
    expect(problem).to_have_text("Enter Ben's starting parts: the two parts drawn at the start.")
    expect(phone.locator("#start-1-1")).to_be_focused()
    expect(phone.locator("#start-1-1")).to_have_attribute("aria-invalid", "true")
    expect(problem).to_be_in_viewport()
    assert "#/new" in phone.url  # no game was started
    shot(phone, f"celtica-start-parts-missing-{phone.look}")
    no_sideways_scroll(phone)
    phone.click("#start-1-1")
    expect(phone.locator("#part-for")).to_have_text("Which part did Ben draw (2)?")
    phone.click('#part-choices button[data-part="center"]')
    phone.click('#part-choices button[data-part="ne"]')  # the one empty slot left: Cleo's second
    expect(phone.locator("#part-for")).to_have_count(0)
    phone.click("text=Start the game")
    expect(phone.locator("#turn-now")).to_contain_text("Anna")
    record = started_record(phone, base_url)
    assert record["setup"] == {"parts": {"anna": ["n", "s"], "ben": ["w", "center"], "cleo": ["ne", "ne"]}}


# The score cards as drawn: each card's words split across lines (a word
# over two lines, "largest" then ":", or a count apart from its noun, "2"
# then "parts"), and whether the sticky header cuts the cards (their names
# under it, their totals below).
# Null between two draws of the table (a language switch redraws it), so
# the test waits for a drawn table instead of reading a missing one.
SCORE_CARDS = r"""() => {
  const hints = [...document.querySelectorAll('.strip .player .hint')];
  const strip = document.querySelector('.strip');
  if (!strip || !hints.length) return null;
  const split = hints.flatMap(hint => {
    const cut = [];
    for (const text of [...hint.childNodes].filter(node => node.nodeType === Node.TEXT_NODE)) {
      for (const match of text.data.matchAll(/\d+\s\S+|\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        if (new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size > 1) cut.push(match[0]);
      }
    }
    return cut;
  });
  const header = document.querySelector('header#top').getBoundingClientRect().bottom;
  const box = strip.getBoundingClientRect();
  return {split, cut: box.top < header - 0.5 && box.bottom > header + 0.5};
}"""


def test_five_score_cards_keep_their_words_whole_and_their_names_in_sight(phone, base_url):
    # Issue 29 §9: at 320 px "largest / : 2 / parts", and names under the sticky header.
    old_phone(phone.context)
    example = json.loads((DATA / "celtica" / "complete_game.json").read_text())
    created = api(base_url, "POST", "/games", {**example["record"], "turns": example["record"]["turns"][:-3]})
    join(phone, created)
    for lang, largest in (("en", "largest: 5 parts"), ("de", "größtes: 5 Teile"), ("es", "mayor: 5 piezas")):
        phone.select_option("#lang", lang)
        expect(phone.locator('.strip [data-player="emma"] .hint')).to_contain_text(largest)  # Emma's turn
        expect(phone.locator("#question")).to_be_in_viewport()
        assert phone.wait_for_function(SCORE_CARDS).json_value() == {"split": [], "cut": False}, lang
        phone.evaluate("scrollTo(0, 0)")
        shot(phone, f"celtica-strip-words-{lang}-{phone.look}")
        no_sideways_scroll(phone)
