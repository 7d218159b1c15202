"""The table display (issue 11 §8): opened from the spectator link on a
tablet or TV in landscape, it shows the board large, the scores, whose turn
it is and the last turn in words, has no composer, follows the game live
from the news of each turn (no GET of the game; one only when a version is
missing), and axe finds nothing, light and dark."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
import json

from browser_helpers import api, game_gets, shot, stored_game
from keltis_script import keltis_game
from playwright.sync_api import expect

ANNA = {"player": "anna", "actions": [{"type": "play", "card": {"color": "red", "value": 4}, "figure": "small"},
                                      {"type": "draw", "from": "deck"}]}
BEN = {"player": "ben", "actions": [{"type": "discard", "card": {"color": "blue", "value": 3}},
                                    {"type": "draw", "from": "deck"}]}
WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
SCREENS = {"tablet": {"width": 1024, "height": 768}, "phone-landscape": {"width": 844, "height": 390},
           "390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", SCREENS)
def test_the_table_display_follows_a_turn(browser, base_url, screen, scheme):
    created = keltis_game(base_url)
    context = browser.new_context(viewport=SCREENS[screen], base_url=base_url, locale="en-GB", color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(f"/#g={created['id']}&t={created['spectator_token']}&s=1&v=display")
        page.wait_for_selector("#display-screen[data-drawn]")
        assert created["spectator_token"] not in page.url and "#/display/" in page.url
        expect(page.locator("#turn-now")).to_contain_text("Anna")
        expect(page.locator("#display-screen .strip li")).to_have_count(2)
        expect(page.locator("#composer")).to_have_count(0)
        board = page.locator("#display-screen svg.board").bounding_box()
        if screen == "tablet":
            # The board large: the left part of the screen, beside the scores.
            side = page.locator(".display-side").bounding_box()
            assert board["width"] > side["width"] and side["x"] > board["x"]
        gets = game_gets(page, created["id"])
        api(base_url, "POST", f"/games/{created['id']}/turns", ANNA, token=created["token"],
            headers={"If-Match": f'"{created["version"]}"'})
        page.wait_for_selector(f'#display-screen[data-version="{created["version"] + 1}"]')
        expect(page.locator("#last-turn")).to_contain_text("Anna: played ● red 4")
        expect(page.locator("#turn-now")).to_contain_text("Ben")
        expect(page.locator('svg.board .path[data-path="red"] .token')).to_have_count(1)
        results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG_A_AA}})
        assert results.violations_count == 0, results.generate_report()
        assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
        shot(page, f"table-display-{screen}-{scheme}")
        assert gets == []
    finally:
        context.close()


def test_the_table_display_fetches_the_game_once_when_a_version_is_missing(page, base_url):
    """The stream tells only the second of two turns: the display fetches the
    game once, with the version it shows as If-None-Match."""
    created = keltis_game(base_url)

    def events(route):
        version = created["version"]
        for turn in (ANNA, BEN):
            news = api(base_url, "POST", f"/games/{created['id']}/turns", turn, token=created["token"],
                       headers={"If-Match": f'"{version}"'})
            version = news["version"]
        route.fulfill(status=200, content_type="text/event-stream",
                      body=f"id: {version}\nevent: turn\ndata: {json.dumps(news)}\n\n")

    page.route("**/events", events, times=1)
    gets = game_gets(page, created["id"])
    page.goto(f"/#g={created['id']}&t={created['spectator_token']}&s=1&v=display")
    page.wait_for_selector(f'#display-screen[data-version="{created["version"] + 2}"]')
    expect(page.locator("#last-turn")).to_contain_text("Ben: discarded")
    # The GET that opened the display, then the one the gap took.
    assert [get.headers.get("if-none-match") for get in gets] == [None, f'"{created["version"]}"']
    assert stored_game(page, created["id"]) == api(base_url, "GET", f"/games/{created['id']}",
                                                   token=created["token"])
