"""axe-core on every screen, light and dark: no WCAG 2.x A or AA violation.
Each screen is also photographed at phone size for people to look at."""

from __future__ import annotations

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_helpers import DATA, api, sample_board, shot
from keltis_script import keltis_game, layout
from playwright.sync_api import expect
from tapping import answer, join, tap

WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
axe = Axe()


def finished_celtica(base_url):
    return api(base_url, "POST", "/games", json.loads((DATA / "celtica" / "complete_game.json").read_text())["record"])


def home(page, base_url):
    page.goto("/")
    page.wait_for_selector("nav.menu")


def new_game(page, base_url):
    page.goto("/#/new")
    page.wait_for_selector("#new-game")
    page.click('button[data-game="celtica"]')
    page.wait_for_selector("#start-0-0")


def table_keltis(page, base_url):
    join(page, keltis_game(base_url))
    answer(page, "play")
    answer(page, "red")


def dispute(page, base_url):
    join(page, keltis_game(base_url))
    tap(page, "#dispute")
    answer(page, "discard")
    answer(page, "red")
    answer(page, 4)
    expect(page.locator("#verdict")).to_be_visible()


def table_orakel(page, base_url):
    record = {"format": "brehon/1", "game": "keltis-orakel", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": sample_board("keltis-orakel"), "setup": {}, "turns": []}
    join(page, api(base_url, "POST", "/games", record))


def table_celtica(page, base_url):
    record = json.loads((DATA / "celtica" / "opening.json").read_text())["record"]
    join(page, api(base_url, "POST", "/games", record))


def join_panel(page, base_url):
    join(page, keltis_game(base_url))
    page.click("text=Invite to the table")
    page.wait_for_selector("#qr-table svg")


def table_over(page, base_url):
    join(page, finished_celtica(base_url))


def sheet(page, base_url):
    created = finished_celtica(base_url)
    join(page, created)
    page.goto(f"/#/sheet/{created['id']}")
    page.wait_for_selector("#sheet")


def summary(page, base_url):
    created = finished_celtica(base_url)
    join(page, created)
    page.goto(f"/#/summary/{created['id']}")
    expect(page.locator("#summary")).not_to_be_empty()
    expect(page.locator("#summary")).not_to_contain_text("being prepared", timeout=15_000)


def boards(page, base_url):
    page.goto("/#/boards")
    page.wait_for_selector("#board-file")
    page.click('button[data-game="keltis-orakel"]')
    page.wait_for_selector("#board-form")


def correcting(page, base_url):
    discard = {"player": "anna", "actions": [{"type": "discard", "card": {"color": "red", "value": 3}},
                                             {"type": "draw", "from": "deck"}]}
    record = {"format": "brehon/1", "game": "keltis", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": None, "setup": layout(), "turns": [discard]}
    join(page, api(base_url, "POST", "/games", record))
    tap(page, "#correct-0")
    answer(page, "discard")
    answer(page, "red")
    answer(page, 4)
    answer(page, "deck")
    page.wait_for_selector("#correct-by")


def board_problem(page, base_url):
    boards(page, base_url)
    page.select_option("#color-3", "")
    page.wait_for_selector("#color-3-problem")


def tally(page, base_url):
    page.goto("/#/tally")
    page.wait_for_selector("#tally")
    page.fill("#name-0", "Anna")
    page.fill("#name-1", "Ben")
    page.fill("#fig-0-0", "9")
    page.click("text=Score it")
    page.wait_for_selector("#tally-result table")


SCREENS = [home, new_game, table_keltis, dispute, table_orakel, table_celtica, join_panel, table_over, sheet,
           summary, boards, board_problem, correcting, tally]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", SCREENS, ids=lambda screen: screen.__name__)
def test_no_wcag_violations(page, base_url, screen, scheme):
    page.emulate_media(color_scheme=scheme)
    screen(page, base_url)
    results = axe.run(page, options={"runOnly": {"type": "tag", "values": WCAG_A_AA}})
    if scheme == "light":
        shot(page, screen.__name__.replace("_", "-"))
    assert results.violations_count == 0, results.generate_report()
    # From a small phone up: nothing sticks out sideways at 390 or 320 px.
    for width in (390, 320):
        page.set_viewport_size({"width": width, "height": 844})
        overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"{overflow} px too wide at {width} px"

