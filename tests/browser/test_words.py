"""Words that read right (issue 22 §6 and §2) at 390 x 844 and 320 x 640,
light and dark: the summary's counts and decisive turns."""

from __future__ import annotations

import re

import pytest
from browser_helpers import api, shot
from playwright.sync_api import expect
from tapping import join, old_phone
from worker_games import finished_records

SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}


def summary_shown(page, created: dict) -> None:
    join(page, created)
    page.goto(f"/#/summary/{created['id']}")
    expect(page.locator("#facts")).to_be_visible(timeout=30_000)  # the worker's job, however long it takes


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_summary_counts_in_words_and_names_the_few_decisive_turns(page, base_url, size, scheme):
    page.set_viewport_size(SIZES[size])
    page.emulate_media(color_scheme=scheme)
    created = api(base_url, "POST", "/games", finished_records()["keltis"])
    summary_shown(page, created)
    summary = api(base_url, "GET", f"/games/{created['id']}/summary", token=created["token"])
    assert len(summary["lead_changes"]) > 3  # a game whose lead changed often ...
    decisive = page.locator("#decisive li").all_inner_texts()
    assert 1 <= len(decisive) == len(summary["decisive_turns"]) <= 3  # ... and the few turns that decided it
    assert any("took the lead for good" in line for line in decisive)
    assert all(re.match(r"Turn \d+ \(\w+\): ", line) for line in decisive)
    facts = page.locator("#facts li").all_inner_texts()
    played = sum(summary["facts"]["cards_played"].values())
    assert f"Cards played: {played} (Red: " in "\n".join(facts)
    assert not any("●" in line or re.search(r"\b1 (steps|points|parts)\b", line) for line in facts), facts
    chain = summary["facts"]["longest_clover_chain"]
    if chain:
        word = "step" if chain["length"] == 1 else "steps"
        assert f"Longest clover chain: {chain['length']} {word}," in "\n".join(facts)
    expect(page.locator("#sources li").first).to_contain_text("Figures: ")
    shot(page, f"summary-words-{size}-{scheme}")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]


def test_the_summary_says_one_step_in_the_singular_in_every_language(page, base_url):
    record = finished_records()["keltis"]
    created = api(base_url, "POST", "/games", record)
    summary_shown(page, created)
    summary = api(base_url, "GET", f"/games/{created['id']}/summary", token=created["token"])
    # the page's own words, fed the count of one: what a one-step chain reads
    words = {}
    for lang in ("en", "de", "es"):
        words[lang] = page.evaluate("""async lang => {
            const i18n = await import('/js/i18n.js');
            await i18n.loadLanguage(lang);
            return [i18n.t('fact.clover_chain', {n: 1, turn: 3, player: 'Anna'}),
                    i18n.t('summary.decisive_points', {n: 1, turn: 3, player: 'Anna', to: 'Anna', from: 'Ben'})];
        }""", lang)
    assert words["en"] == ["Longest clover chain: 1 step, turn 3 (Anna)", "Turn 3 (Anna): Anna gained 1 point on Ben"]
    assert words["de"][0] == "Längste Kleeblattkette: 1 Schritt, Zug 3 (Anna)"
    assert words["es"][0] == "Cadena de tréboles más larga: 1 paso, turno 3 (Anna)"
    assert summary["decisive_turns"]


@pytest.mark.parametrize("game", ["keltis", "keltis-orakel"])
def test_the_sheet_tells_the_wishing_stones_held_from_the_points_they_score(phone, base_url, game):
    # Issue 29 §9: "Wishing stones 3 / Stones held 3" read as one number said twice.
    old_phone(phone.context)
    created = api(base_url, "POST", "/games", finished_records()[game])
    join(phone, created)
    phone.goto(f"/#/sheet/{created['id']}")
    phone.wait_for_selector("#sheet")
    sheet = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])["scoresheet"]
    for player in sheet["players"]:
        card = phone.locator(f'#sheet [data-player="{player["id"]}"] .breakdown')
        said = dict(zip(card.locator("dt").all_inner_texts(), card.locator("dd").all_inner_texts()))
        assert said["Wishing stones held"] == str(player["breakdown"]["stones_held"])
        assert said["Points for wishing stones"] == str(player["breakdown"]["wishing_stones"])
    shot(phone, f"sheet-stones-{game}-{phone.look}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= phone.viewport_size["width"]
    for lang in ("de", "es"):
        columns = {ruleset["game"]: ruleset["sheet"]["columns"]
                   for ruleset in api(base_url, "GET", "/rulesets", headers={"Accept-Language": lang})}[game]
        titles = {column["key"]: column["title"] for column in columns}
        assert titles["stones_held"] != titles["wishing_stones"], lang
