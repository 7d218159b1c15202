"""Every registered game through the screens its declaration drives (issue
28: a game is one package): the board editor, the new-game form with its
options and setup, the quick tally's fields and the score sheet's columns,
each built from what ``GET /api/v1/rulesets`` says of the game, so that a
new game is walked by this test with no line added here."""

from __future__ import annotations

import pytest
from browser_helpers import api
from playwright.sync_api import expect
from tapping import old_phone

import scoring


def described(base_url: str, game: str) -> dict:
    """The game as GET /rulesets describes it (in English, as the page speaks)."""
    return next(ruleset for ruleset in api(base_url, "GET", "/rulesets") if ruleset["game"] == game)


def save_blank_board(page, game: str) -> None:
    """The board editor opened on the game's blank profile, saved on this phone."""
    page.goto("/#/boards")
    page.wait_for_selector("#board-file")
    page.click(f'button[data-game="{game}"]')
    page.wait_for_selector("#walk-step, #board-form")
    if page.locator("#walk-end").count():  # a walk: past the places, to saving
        page.click("#walk-end")
    page.click("text=Check and save")
    expect(page.locator("#board-status")).to_contain_text("Saved")


@pytest.mark.parametrize("game", sorted(scoring.RULESETS))
def test_every_game_through_its_declared_screens(context, base_url, game):
    old_phone(context)  # the tally asks the server: no referee needed
    page = context.new_page()
    ruleset = described(base_url, game)
    if ruleset["board_editor"]:
        save_blank_board(page, game)
        expect(page.locator("#editor")).to_contain_text(ruleset["board_editor"]["hint"])

    # The new-game form: the game's players, options and setup.
    page.goto("/#/new")
    page.wait_for_selector("#new-game")  # not the screen before's buttons of the same game
    page.click(f'button[data-game="{game}"]')
    expect(page.locator(f'button[data-game="{game}"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#seats li")).to_have_count(ruleset["players"]["min"])
    expect(page.locator("[data-option]")).to_have_count(len(ruleset["options"]))
    setup = ruleset["setup"]
    if setup.get("parts"):
        expect(page.locator("[data-start]")).to_have_count(2 * setup["parts"])
        expect(page.locator('select[id^="display-"]')).to_have_count(setup["display"])
    elif setup.get("tiles"):
        page.click("text=Lay out the tiles now (optional)")
        expect(page.locator("#tile-board [data-place]").first).to_be_visible()
    expect(page.locator("#new-game")).to_contain_text(setup["hint"])

    # The quick tally: the declared fields of each player, then the sheet's columns.
    page.goto("/#/tally")
    page.wait_for_selector("#tally")
    page.click(f'button[data-game="{game}"]')
    expect(page.locator("#tally")).to_contain_text(ruleset["tally"]["hint"])
    for field in ruleset["tally"]["fields"]:
        ids = [f"#{field['key']}-0-{k}" for k in range(len(field["labels"]))] if "labels" in field else [f"#{field['key']}-0"]
        for input_id in ids:
            expect(page.locator(input_id)).to_have_value("0")
    page.fill("#name-0", "Anna")
    page.fill("#name-1", "Ben")
    page.click("text=Score it")
    sheet = page.locator("#tally-result #sheet")
    expect(sheet.locator("li[data-player]")).to_have_count(2)
    anna = sheet.locator('li[data-player="anna"]')
    said = [column for column in ruleset["sheet"]["columns"] if "words" in column]
    if said:  # counted in words, a line each
        expect(anna.locator(".amulet-words li")).to_have_count(len(said))
    else:
        expect(anna.locator("dt")).to_have_text([column["title"] for column in ruleset["sheet"]["columns"]
                                                 if "option" not in column])  # the tally asks no options
    tie_break = ruleset["sheet"]["tie_break"]
    if tie_break:  # nobody has any of what ranks first: the declared words say what decides
        expect(page.locator("#rank-reason")).to_have_text(tie_break["none"])
