"""The table display (issue 11 §8): opened from the spectator link on a
tablet or TV in landscape, it shows the board large, the scores, whose turn
it is and the last turns in words, has no composer, follows the game live
from the news of each turn (no GET of the game; one only when a version is
missing), and axe finds nothing, light and dark. It fits its screen
(issues 22 §9, 29 §7): at 1280x800, 1920x1080 and 1024x768 nothing scrolls,
the board takes the room and the legend stays, for every registered game at
its largest table in mid-game and late; on a TV board and words are larger."""

from __future__ import annotations

import copy
import json
import random

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_helpers import ARTIFACTS, DATA, api, game_gets, shot, stored_game
from keltis_games import random_game as keltis_random_game
from lost_cities_games import random_game as lost_cities_random_game
from keltis_script import keltis_game
from orakel_games import new_record as orakel_record
from orakel_games import play_random as orakel_random_turns
from playwright.sync_api import expect
from tapping import old_phone

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
            # The board large: on the left, beside the scores, as tall as the screen lets the upright Keltis board be.
            side = page.locator(".display-side").bounding_box()
            assert board["height"] >= 0.6 * SCREENS[screen]["height"] and side["x"] > board["x"] + board["width"]
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


# The screens a display stands on: a laptop or tablet, a TV, an older tablet.
DISPLAYS = {"1280x800": {"width": 1280, "height": 800}, "1920x1080": {"width": 1920, "height": 1080},
            "1024x768": {"width": 1024, "height": 768}}
# Long names, as a table has them: the score column must hold them too.
NAMES = ["Anna-Lena", "Benedikt", "Carla", "Dorothea", "Emma"]
# How far in: mid-game, and late (more than 20 turns, the game still going).
STATES = {"mid": 12, "late": 26}


def record_of(game: str, turns: int) -> dict:
    """A record of the game at its largest table, ``turns`` turns in: rows,
    figures and amulets filled, the game still going."""
    rng = random.Random(22)
    if game == "keltis":
        record = keltis_random_game(rng, players=4, turns=turns, options={}, free_reveals=0.0, eagerness=0.9).record
    elif game == "keltis-orakel":
        record, _ = orakel_random_turns(orakel_record(players=4), rng.choice, turns)
    elif game == "lost-cities":  # two players, six expeditions
        record = lost_cities_random_game(rng, turns=turns, purple=True).record
    elif game == "celtica":  # the rules file's five-player game (27 turns to its end)
        record = copy.deepcopy(json.loads((DATA / "celtica" / "complete_game.json").read_text())["record"])
        del record["turns"][turns:]
    else:
        raise AssertionError(f"a new game, {game}: its display wants a game in progress here")
    for player, name in zip(record["players"], NAMES):
        player["name"] = name
    return record


@pytest.fixture(scope="module")
def games(base_url):
    """Every registered game (GET /rulesets) in each state, created once for all screens."""
    registered = api(base_url, "GET", "/rulesets")
    return {(ruleset["game"], state): api(base_url, "POST", "/games", record_of(ruleset["game"], turns))
            for ruleset in registered for state, turns in STATES.items()}


@pytest.fixture(scope="module")
def measured():
    """The figures of each display, by game, state and screen: the board's
    growth and the text's are compared across screens at the end."""
    figures: dict = {}
    yield figures
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "table-display-figures.json").write_text(json.dumps(
        {" ".join(key): value for key, value in sorted(figures.items())}, indent=1))


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", DISPLAYS)
@pytest.mark.parametrize("state", STATES)
def test_the_table_display_fits_its_screen(browser, base_url, games, measured, state, screen, scheme):
    for game in sorted({game for game, _ in games}):
        figures = fits_its_screen(browser, base_url, games[game, state], f"{game}-{state}", screen, scheme, "en-GB")
        measured[game, state, screen, scheme] = figures


@pytest.mark.parametrize("locale", ["de-DE", "es-ES"])
def test_the_table_display_fits_in_longer_words(browser, base_url, games, locale):
    """German and Spanish say it longer: the fullest display on the smallest screen still fits."""
    fits_its_screen(browser, base_url, games["celtica", "late"], "celtica-late", "1024x768", "light", locale)


def test_the_board_and_its_words_grow_with_the_screen(browser, base_url, games):
    """On a TV the board takes a good part of the width and the words are
    larger than on a tablet, in every game and state."""
    for key, created in games.items():
        small = fits_its_screen(browser, base_url, created, None, "1024x768", "light", "en-GB")
        large = fits_its_screen(browser, base_url, created, None, "1920x1080", "light", "en-GB")
        assert large["font"] >= 1.3 * small["font"] and large["font"] >= 22, (key, small, large)
        assert large["board"][0] >= 1.4 * small["board"][0], (key, small, large)
        # Half the width, or (Keltis' upright paths) nearly the whole height.
        assert large["share"] >= 0.45 or large["board"][1] >= 0.85 * DISPLAYS["1920x1080"]["height"], (key, large)


def fits_its_screen(browser, base_url, created, name, screen, scheme, locale) -> dict:
    """Open the display of ``created`` on ``screen``: nothing scrolls, the
    board takes the room, the legend is there; answers its figures."""
    assert created["scoresheet"]["status"] == "in_progress"
    viewport = DISPLAYS[screen]
    context = browser.new_context(viewport=viewport, base_url=base_url, locale=locale, color_scheme=scheme)
    old_phone(context)
    try:
        page = context.new_page()
        page.goto(f"/#g={created['id']}&t={created['spectator_token']}&s=1&v=display")
        page.wait_for_selector("#display-screen[data-drawn]")
        expect(page.locator("#display-screen .strip li")).to_have_count(len(created["scoresheet"]["players"]))
        expect(page.locator("#last-turns li").first).to_be_visible()
        expect(page.locator("#display-screen .display-facts .hint").first).to_be_visible()
        fits = page.evaluate(MEASURE)
        if name:
            shot(page, f"table-display-fits-{name}-{screen}-{scheme}{'' if locale == 'en-GB' else '-' + locale[:2]}")
        assert fits["height"] <= viewport["height"] and fits["width"] <= viewport["width"], fits
        # Everything beside the board is on the screen too, not cut off below it.
        assert fits["sideBottom"] <= viewport["height"], fits
        # The board takes the room: it fills half the width or 60 % of the height
        # (Celtica's with the amulets drawn under its route).
        width, height = fits["board"]
        assert width >= 0.5 * viewport["width"] or height >= 0.6 * viewport["height"], fits
        # Readable across a table: the board's 16 px text is drawn at least that large.
        assert fits["boardText"] >= 16, fits
        return fits
    finally:
        context.close()


# What a display measures: the page's scroll size, the board as drawn (the
# viewBox scaled to fit its element; Celtica's with the amulets under its
# route), its share of the width, and the median size of the words beside it.
MEASURE = """() => {
    const root = document.scrollingElement;
    const svg = document.querySelector('#display-screen svg.board');
    const box = svg.getBoundingClientRect();
    const view = svg.viewBox.baseVal;
    const scale = Math.min(box.width / view.width, box.height / view.height);
    const side = document.querySelector('.display-side').getBoundingClientRect();
    const amulets = document.querySelector('#display-amulets')?.getBoundingClientRect();
    const under = amulets ? amulets.bottom - box.top - view.height * scale : 0;
    const sizes = [...document.querySelectorAll('#display-screen *')]
        .filter(e => !(e instanceof SVGElement) && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
        .map(e => parseFloat(getComputedStyle(e).fontSize)).sort((a, b) => a - b);
    return {height: root.scrollHeight, width: root.scrollWidth, board: [view.width * scale, view.height * scale + under],
            share: view.width * scale / innerWidth, font: sizes[Math.floor(sizes.length / 2)],
            sideBottom: side.bottom, boardText: scale * 16};
}"""


def test_a_turned_or_resized_screen_is_laid_out_again(browser, base_url, games):
    """A tablet turned upright scrolls, its Orakel snake back to a phone's five
    fields a line; turned back and on a larger screen, it fits again."""
    created = games["keltis-orakel", "mid"]
    context = browser.new_context(viewport=DISPLAYS["1024x768"], base_url=base_url, locale="en-GB")
    try:
        page = context.new_page()
        page.goto(f"/#g={created['id']}&t={created['spectator_token']}&s=1&v=display")
        page.wait_for_selector("#display-screen[data-drawn]")
        wide = page.evaluate("document.querySelector('#display-screen svg.board').viewBox.baseVal.width")
        for viewport in ({"width": 768, "height": 1024}, DISPLAYS["1920x1080"]):
            drawn = page.get_attribute("#display-screen", "data-drawn")
            page.set_viewport_size(viewport)
            page.wait_for_function(f"document.querySelector('#display-screen').dataset.drawn !== '{drawn}'")
            laid = page.evaluate("""() => ({lines: document.querySelector('#display-screen svg.board').viewBox.baseVal.width,
                height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth})""")
            assert laid["width"] <= viewport["width"], laid
            if viewport["width"] < viewport["height"]:
                assert laid["lines"] == 5 * 68 + 4 < wide, laid  # five fields of 68 a line
            else:
                assert laid["height"] <= viewport["height"], laid
        shot(page, "table-display-resized-1920x1080")
    finally:
        context.close()
