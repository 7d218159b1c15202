"""Set-up as a walk, not a form (issue 22 §8), at 390 x 844 and 320 x 640,
light and dark: the Keltis tiles laid by tapping the drawn board's stones,
each from a sheet of the tiles still left; an Orakel board profile walked
field by field on the drawn board, each field checked with the server's
board checks as it is entered. Every tap target at least 44 px, nothing
scrolls sideways; each screen photographed for people to look at."""

from __future__ import annotations

import json

import pytest
from browser_helpers import ARTIFACTS, DATA, api, shot
from playwright.sync_api import expect
from tapping import lay_tile
from test_screens import orakel_tiles_to_lay, started_record

SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}

# Every control of the screen that is shown: its box at least 44 x 44 px.
SMALL_TARGETS = """sel => [...document.querySelectorAll(sel)]
  .map(e => [e, e.getBoundingClientRect()]).filter(([, b]) => b.width > 0)
  .filter(([, b]) => b.width < 44 || b.height < 44)
  .map(([e, b]) => `${e.tagName} ${e.id || e.dataset.place || e.textContent.trim()} ${Math.round(b.width)}x${Math.round(b.height)}`)"""
CONTROLS = "main button, main input, main select, main [role=button], dialog button"


@pytest.fixture(params=[(size, scheme) for size in SIZES for scheme in ("light", "dark")], ids=lambda p: f"{p[0]}-{p[1]}")
def phone(request, browser, base_url):
    size, scheme = request.param
    context = browser.new_context(viewport=SIZES[size], base_url=base_url, locale="en-GB", color_scheme=scheme)
    context.set_default_timeout(10_000)
    yield context.new_page(), f"{size}-{scheme}"
    context.close()


def fits(page) -> None:
    """Every tap target at least 44 px, and nothing scrolls sideways."""
    assert page.evaluate(SMALL_TARGETS, CONTROLS) == []
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0


def test_keltis_tiles_laid_by_tapping_the_stones(phone, base_url):
    page, name = phone
    page.goto("/#/new")
    page.fill("#player-0", "Anna")
    page.fill("#player-1", "Ben")
    page.click("text=Lay out the tiles now (optional)")
    expect(page.locator("svg.board.keltis.laying [data-place]")).to_have_count(45)
    fits(page)
    laid = {"red": {"1": "points-1", "9": "wish"}, "blue": {"2": "points-1"}, "green": {"4": "clover"}}
    for path, rows in laid.items():
        for row, tile in rows.items():
            lay_tile(page, f"{path}:{row}", tile)
    # The board shows each at once, and says how many are laid.
    expect(page.locator('[data-place="red:1"] .tile')).to_have_text("+1")
    expect(page.locator('[data-place="green:4"] .tile')).to_have_text("♣")
    expect(page.locator("#tiles-laid")).to_have_text("4 of 25 tiles laid.")
    # The sheet shows what remains of each tile: both 1-point tiles are laid, none is left to offer.
    page.click('[data-place="yellow:3"]')
    sheet = page.locator("#tile-sheet")
    expect(sheet.locator('button[data-tile="points-1"]')).to_be_disabled()
    expect(sheet.locator('button[data-tile="points-1"]')).to_contain_text("0 of 2 left")
    expect(sheet.locator('button[data-tile="wish"]')).to_contain_text("8 of 9 left")
    expect(sheet.locator('button[data-tile=""]')).to_have_attribute("aria-pressed", "true")
    fits(page)
    page.screenshot(path=str(ARTIFACTS / f"setup-keltis-sheet-screen-{name}.png"))
    shot(page, f"setup-keltis-sheet-{name}")
    sheet.locator("text=Cancel").click()
    expect(sheet).to_have_count(0)
    # A tile taken back: the stone is unknown again, the tile left to lay elsewhere.
    lay_tile(page, "blue:2", "")
    expect(page.locator('[data-place="blue:2"] .tile')).to_have_text("?")
    lay_tile(page, "yellow:3", "points-1")
    page.eval_on_selector("header#top", "header => { header.style.position = 'static'; }")
    page.locator("details:has(#tile-board)").screenshot(path=str(ARTIFACTS / f"setup-keltis-board-{name}.png"))
    page.click("text=Start the game")
    expect(page.locator("#turn-now")).to_contain_text("Anna")
    record = started_record(page, base_url)
    assert record["setup"] == {"tiles": {"red": {"1": "points-1", "9": "wish"}, "yellow": {"3": "points-1"},
                                         "green": {"4": "clover"}}, "tiles_complete": False}


def test_orakel_board_walked_field_by_field(phone, base_url, tmp_path):
    page, name = phone
    sample = json.loads((DATA / "boards" / "keltis-orakel-sample.json").read_text())
    # One field entered wrong: field 12 without its colour.
    wrong = {**sample, "fields": [dict(field) for field in sample["fields"]]}
    wrong["fields"][12]["color"] = None
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"game": "keltis-orakel", "board": wrong}))
    page.goto("/#/boards")
    page.set_input_files("#board-file", str(path))
    step = page.locator("#walk-step")
    last = len(sample["fields"]) - 1
    expect(page.locator("#walk-title")).to_have_text(f"Field 0 of {last}: the start")
    fits(page)
    shot(page, f"walk-orakel-start-{name}")
    for index in range(1, 12):
        page.click("#walk-next")
        expect(page.locator("#walk-title")).to_have_text(f"Field {index} of {last}")
        # One field at a time, highlighted on the board, with its answers as entered.
        expect(page.locator("svg.board .field.current")).to_have_attribute("data-field", str(index))
        field = sample["fields"][index]
        expect(step.locator(f'button[data-kind="{field["kind"]}"]')).to_have_attribute("aria-pressed", "true")
        expect(step.locator(f'button[data-color="{field["color"]}"]')).to_have_attribute("aria-pressed", "true")
        expect(page.locator(f"#value-{index}")).to_have_value(str(field["value"]))
    page.click("#walk-next")
    # Field 12 is checked as it is entered: its problem at that field, "Next" stays there.
    expect(page.locator("#walk-title")).to_have_text(f"Field 12 of {last}")
    expect(page.locator("#step-problems")).to_contain_text("Colour of field 12 must be one of")
    expect(page.locator('svg.board .field[data-field="12"]')).to_have_class("field c-none current problem")
    page.click("#walk-next")
    expect(page.locator("#step-problems")).to_contain_text("Colour of field 12")
    expect(page.locator("#walk-title")).to_have_text(f"Field 12 of {last}")
    fits(page)
    # What the phone shows: the field's questions, its problem and "Next" on the screen.
    assert page.evaluate("document.querySelector('#walk-next').getBoundingClientRect().bottom <= innerHeight")
    page.screenshot(path=str(ARTIFACTS / f"walk-orakel-problem-screen-{name}.png"))
    shot(page, f"walk-orakel-problem-{name}")
    step.locator(f'button[data-color="{sample["fields"][12]["color"]}"]').click()
    expect(page.locator("#step-problems")).to_be_empty()
    expect(page.locator("svg.board .field.problem")).to_have_count(0)
    for index in range(13, last + 1):
        page.click("#walk-next")
        expect(page.locator("#walk-title")).to_contain_text(f"Field {index} of {last}")
    expect(page.locator("#walk-title")).to_have_text(f"Field {last} of {last}: the center")
    expect(page.locator(f"#stones-{last}")).to_have_value("1")
    page.click("#walk-next")
    expect(page.locator("#walk-title")).to_have_text("The whole board: name, oracle area, tables")
    expect(page.locator("#oracle-from")).to_have_value(str(sample["oracle_from"]))
    fits(page)
    shot(page, f"walk-orakel-whole-{name}")
    page.click("text=Check and save")
    expect(page.locator("#board-status")).to_contain_text("Saved")
    board_id = page.locator("#board-status").inner_text().split("id ")[-1].rstrip(".")
    assert api(base_url, "GET", f"/boards/{board_id}")["board"] == sample


def test_orakel_value_by_its_steppers(page, base_url):
    """A value entered with − and + (a phone's number pad often has no minus
    sign), shown on the board at once and checked."""
    page.goto("/#/boards")
    page.click('button[data-game="keltis-orakel"]')
    page.click('[data-place="1"]')
    for _ in range(3):
        page.click('button[aria-label="Value of field 1: one less"]')
    expect(page.locator("#value-1")).to_have_value("-3")
    expect(page.locator('svg.board .field[data-field="1"] .value')).to_have_text("−3")
    page.fill("#value-1", "")
    expect(page.locator("#step-problems")).to_contain_text("Value of field 1 must be an integer")
    expect(page.locator("#value-1")).to_have_attribute("aria-invalid", "true")
    page.fill("#value-1", "-2")
    expect(page.locator("#step-problems")).to_be_empty()
    expect(page.locator("#value-1")).not_to_have_attribute("aria-invalid", "true")


def test_orakel_tiles_laid_by_tapping_the_small_fields(phone, base_url, tmp_path):
    page, name = phone
    sample = json.loads((DATA / "boards" / "keltis-orakel-sample.json").read_text())
    orakel_tiles_to_lay(page, tmp_path, sample)
    # Only the small fields hold a tile: only they are buttons.
    small = [str(i) for i, field in enumerate(sample["fields"]) if field["kind"] == "small"]
    expect(page.locator("svg.board.profile [data-place]")).to_have_count(len(small))
    fits(page)
    for field, tile in (("1", "clover-red"), ("2", "mirror"), ("3", "mirror"), ("4", "mirror")):
        lay_tile(page, field, tile)
    expect(page.locator('[data-place="1"] .tile')).to_have_text("♣●")  # which clover: its colour's symbol
    page.click('[data-place="5"]')
    sheet = page.locator("#tile-sheet")
    expect(sheet.locator('button[data-tile="mirror"]')).to_be_disabled()
    expect(sheet.locator('button[data-tile="mirror"]')).to_contain_text("0 of 3 left")
    expect(sheet.locator('button[data-tile="clover-red"]')).to_be_disabled()
    fits(page)
    page.screenshot(path=str(ARTIFACTS / f"setup-orakel-sheet-screen-{name}.png"))
    shot(page, f"setup-orakel-sheet-{name}")
    sheet.locator('button[data-tile="goblin"]').click()
    page.eval_on_selector("header#top", "header => { header.style.position = 'static'; }")
    page.locator("details:has(#tile-board)").screenshot(path=str(ARTIFACTS / f"setup-orakel-board-{name}.png"))
    page.click("text=Start the game")
    expect(page.locator("#turn-now")).to_contain_text("Anna")
    record = started_record(page, base_url)
    assert record["setup"] == {"tiles": {"1": "clover-red", "2": "mirror", "3": "mirror", "4": "mirror", "5": "goblin"},
                               "tiles_complete": False}


def test_keltis_rows_1_to_8_hold_20_tiles(page):
    """Only 20 stones of rows 1 to 8 hold a tile (rules §1): with 20 laid
    there, the sheet of a 21st offers none, and says why; an end stone still
    takes one."""
    page.goto("/#/new")
    page.click("text=Lay out the tiles now (optional)")
    tiles = ["wish"] * 9 + ["clover"] * 9 + ["points-2"] * 2
    stones = [(path, row) for row in range(1, 5) for path in ("red", "yellow", "green", "blue", "purple")]
    for (path, row), tile in zip(stones, tiles):
        lay_tile(page, f"{path}:{row}", tile)
    expect(page.locator("#tiles-laid")).to_have_text("20 of 25 tiles laid.")
    page.click('[data-place="red:5"]')
    sheet = page.locator("#tile-sheet")
    expect(sheet).to_contain_text("Rows 1 to 8 hold only 20 tiles")
    expect(sheet.locator('button[data-tile="points-3"]')).to_be_disabled()
    sheet.locator("text=Cancel").click()
    lay_tile(page, "red:9", "points-3")
    expect(page.locator('[data-place="red:9"] .tile')).to_have_text("+3")


def test_orakel_walk_checked_by_the_phones_referee_offline(page, tmp_path):
    """With no server to ask, each field is checked by the phone's referee,
    with the server's checks and words (scoring/answers.py on both)."""
    page.goto("/#/boards")
    assert page.evaluate("async () => (await import('/js/referee.js')).whenReady()")
    sample = json.loads((DATA / "boards" / "keltis-orakel-sample.json").read_text())
    wrong = {**sample, "fields": [dict(field) for field in sample["fields"]]}
    wrong["fields"][12]["color"] = None
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"game": "keltis-orakel", "board": wrong}))
    page.context.set_offline(True)
    page.set_input_files("#board-file", str(path))
    expect(page.locator("#board-check")).to_contain_text("Colour of field 12 must be one of", timeout=120_000)
    page.click('[data-place="12"]')
    expect(page.locator("#step-problems")).to_contain_text("Colour of field 12 must be one of")
    page.click('#walk-step button[data-color="red"]')
    expect(page.locator("#board-check")).to_contain_text("passes the checks")
    expect(page.locator("svg.board .field.problem")).to_have_count(0)


@pytest.mark.parametrize("locale", ["de-DE", "es-ES"])
def test_the_walk_and_the_sheet_fit_a_small_phone_in_every_language(browser, base_url, locale):
    """German and Spanish words are longer: at 320 px the board walk's
    questions and the sheet of tiles still fit, every target 44 px."""
    context = browser.new_context(viewport=SIZES["320"], base_url=base_url, locale=locale)
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        page.goto("/#/boards")
        page.click('button[data-game="keltis-orakel"]')
        page.click('[data-place="7"]')  # a large field: its wishing stones asked too
        expect(page.locator("#stones-7")).to_have_value("2")
        fits(page)
        assert page.evaluate("document.querySelector('#walk-next').getBoundingClientRect().bottom <= innerHeight")
        page.screenshot(path=str(ARTIFACTS / f"walk-orakel-field-{locale}-320.png"))
        page.goto("/#/new")
        page.locator("details:has(#tile-board) summary").click()
        page.click('[data-place="yellow:3"]')
        expect(page.locator("#tile-sheet")).to_be_visible()
        fits(page)
        page.screenshot(path=str(ARTIFACTS / f"setup-keltis-sheet-{locale}-320.png"))
    finally:
        context.close()
