"""Celtica's set-up counted in taps (issue 29 §2), at 390 x 844 and
320 x 640, light and dark: the sample board of the rules' folder entered
as a walk along the path from the new-game form, which it comes back to
with the board chosen and the names and game kept (at most 25 taps); a
five-player game on a stored board started in at most 15 taps besides
typing the names; the form kept across a detour and a reload. A tap is a
click; a native select would be two (open, choose), and none is used."""

from __future__ import annotations

import json

import pytest
from browser_helpers import ARTIFACTS, DATA, shot
from conftest import PHONES
from playwright.sync_api import expect
from tapping import old_phone
from test_screens import started_record
from test_setup_walk import fits

SAMPLE = json.loads((DATA / "boards" / "celtica-sample.json").read_text())
NAMES = ["Anna", "Ben", "Cleo", "Dara", "Eoin"]


class Taps:
    """Taps on the page, counted."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, selector: str) -> None:
        self.page.click(selector)
        self.count += 1


@pytest.fixture(params=[(size, scheme) for size in PHONES for scheme in ("light", "dark")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def phone(request, browser, base_url):
    size, scheme = request.param
    context = browser.new_context(viewport=PHONES[size], base_url=base_url, locale="en-GB", color_scheme=scheme)
    context.set_default_timeout(10_000)
    old_phone(context)  # the server checks the board; no referee needed
    yield context.new_page(), f"{size}-{scheme}"
    context.close()


def location_button(location: dict) -> str:
    parts = f'[data-parts="{location["parts"]}"]' if "parts" in location else ":not([data-parts])"
    return f'#walk-step button[data-kind="{location["kind"]}"]{parts}'


def enter_sample_by_the_walk(page, taps: Taps, name: str) -> None:
    """From the new-game form: to the board walk, every location of the sample in one tap each, save."""
    taps("#board-make")
    last = len(SAMPLE["locations"]) - 1
    expect(page.locator("#walk-title")).to_have_text(f"Location 0 of {last}")
    fits(page)
    shot(page, f"setup-celtica-walk-start-{name}")
    for index, location in enumerate(SAMPLE["locations"]):
        expect(page.locator("#walk-title")).to_have_text(f"Location {index} of {last}")
        if index == 9:
            fits(page)
            shot(page, f"setup-celtica-walk-middle-{name}")
        taps(location_button(location))
    expect(page.locator("#board-save")).to_be_focused()
    expect(page.locator("#board-check")).to_contain_text("passes the checks")
    page.fill("#board-name", SAMPLE["name"])  # typed, not tapped
    taps("#board-save")


def test_the_sample_board_walked_from_the_form_and_back(phone, base_url):
    page, name = phone
    page.goto("/#/new")
    page.click('button[data-game="celtica"]')
    for _ in range(3):
        page.click("text=Add a player")
    for seat, player in enumerate(NAMES):
        page.fill(f"#player-{seat}", player)
    taps = Taps(page)
    enter_sample_by_the_walk(page, taps, name)
    # Back on the form, the board chosen, the names and the game as they were.
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#board")).to_have_value(page.evaluate(
        "async () => (await (await import('/js/db.js')).all('boards'))[0].id"))
    expect(page.locator('button[data-game="celtica"]')).to_have_attribute("aria-pressed", "true")
    assert [page.input_value(f"#player-{seat}") for seat in range(5)] == NAMES
    print(f"board taps {name}: {taps.count}")
    assert taps.count <= 25
    boards = page.evaluate("async () => (await (await import('/js/db.js')).all('boards')).map(b => b.board)")
    assert boards == [SAMPLE]


def test_a_five_player_game_on_a_stored_board(phone, base_url):
    page, name = phone
    page.goto("/#/new")
    page.click('button[data-game="celtica"]')
    enter_sample_by_the_walk(page, Taps(page), name)  # the board stored on this phone
    expect(page.locator("#board")).to_be_visible()
    page.goto("/#/")
    page.wait_for_selector("nav.menu")  # the form left (and kept): now let go, to start afresh
    page.evaluate("sessionStorage.clear()")
    page.goto("/#/new")
    taps = Taps(page)
    taps('button[data-game="celtica"]')
    for _ in range(3):
        taps("text=Add a player")
    for seat, player in enumerate(NAMES):
        page.fill(f"#player-{seat}", player)
    drawn = {"anna": ["n", "s"], "ben": ["center", "w"], "cleo": ["ne", "ne"], "dara": ["e", "se"], "eoin": ["sw", "nw"]}
    for seat, parts in enumerate(drawn.values()):
        for k, part in enumerate(parts):
            expect(page.locator("#part-for")).to_contain_text(f"{NAMES[seat]} draw ({k + 1})")
            taps(f'#part-choices button[data-part="{part}"]')
    fits(page)
    shot(page, f"setup-celtica-five-{name}")
    # A reload keeps the form as entered.
    page.reload()
    expect(page.locator("#start-4-1")).to_have_attribute("data-part", "nw")
    assert [page.input_value(f"#player-{seat}") for seat in range(5)] == NAMES
    taps("#start")
    expect(page.locator("#turn-now")).to_contain_text("Anna")
    print(f"game taps {name}: {taps.count}")
    assert taps.count <= 15
    record = started_record(page, base_url)
    assert record["setup"] == {"parts": drawn}  # the display left to tell as it is taken
    assert record["board"] == SAMPLE
    # The game started: the next new game begins afresh.
    page.goto("/#/new")
    expect(page.locator("#player-0")).to_have_value("")


@pytest.mark.parametrize("locale", ["de-DE", "es-ES"])
def test_the_path_and_the_parts_fit_a_small_phone_in_every_language(browser, base_url, locale):
    """Longer German and Spanish words: at 320 px the path's kinds and counts
    and the starting parts still fit, every target 44 px."""
    context = browser.new_context(viewport=PHONES["320"], base_url=base_url, locale=locale)
    context.set_default_timeout(10_000)
    old_phone(context)
    try:
        page = context.new_page()
        page.goto("/#/boards/celtica")
        expect(page.locator('#walk-step button[data-kind="monastery"][data-parts="4"]')).to_be_visible()
        fits(page)
        page.screenshot(path=str(ARTIFACTS / f"setup-celtica-walk-{locale}-320.png"))
        page.goto("/#/new")
        page.click('button[data-game="celtica"]')
        expect(page.locator("#part-choices button")).to_have_count(9)
        fits(page)
        page.locator("#start-0-0").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"setup-celtica-parts-{locale}-320.png"))
    finally:
        context.close()
