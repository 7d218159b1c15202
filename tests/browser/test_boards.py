"""Boards read across the table (issue 11 §2), at 390 x 844 and 320 x 640,
light and dark: Keltis paths each in its own colour with its symbol, figures
as tokens in the seat colours, tiles clear of the tokens, text of 16 px at
390 px, and the turn being composed on the board. Each board is photographed
for people to look at."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
import json

from browser_helpers import ARTIFACTS, DATA, api, sample_board, shot
from keltis_script import layout
from playwright.sync_api import expect
from tapping import answer, join, open_section

WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}
SCHEMES = ["light", "dark"]


def play(player, color, value, figure=None):
    action = {"type": "play", "card": {"color": color, "value": value}}
    if figure:
        action["figure"] = figure
    return {"player": player, "actions": [action, {"type": "draw", "from": "deck"}]}


# Anna's small and Ben's large figure share red 1; Anna's large stands on blue 1.
TURNS = [play("anna", "red", 5, "small"), play("ben", "red", 6, "large"),
         play("anna", "blue", 3, "large"), play("ben", "green", 2, "small")]


@pytest.fixture(params=[(size, scheme) for size in SIZES for scheme in SCHEMES], ids=lambda p: f"{p[0]}-{p[1]}")
def phone(request, browser, base_url):
    size, scheme = request.param
    context = browser.new_context(viewport=SIZES[size], base_url=base_url, locale="en-GB", color_scheme=scheme)
    context.set_default_timeout(10_000)
    yield context.new_page(), f"{size}-{scheme}", size
    context.close()


def board_shot(page, name):
    """The board alone (the sticky header moved aside so it hides nothing)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.eval_on_selector("header#top", "header => { header.style.position = 'static'; }")
    page.locator("#section-board").screenshot(path=str(ARTIFACTS / f"{name}.png"))


def no_violations(page):
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG_A_AA}})
    assert results.violations_count == 0, results.generate_report()
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0


def test_keltis_board(phone, base_url):
    page, name, size = phone
    record = {"format": "brehon/1", "game": "keltis", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": None, "setup": layout(), "turns": TURNS}
    join(page, api(base_url, "POST", "/games", record))
    open_section(page, "board")
    page.locator("svg.board.keltis").wait_for()
    # Five paths, five colours, none of them the text colour; each with its symbol and name.
    strokes = page.eval_on_selector_all("svg.board .path .stone", "els => els.map(e => getComputedStyle(e).stroke)")
    per_path = page.eval_on_selector_all(
        "svg.board .path", "gs => gs.map(g => [g.dataset.path, getComputedStyle(g.querySelector('.stone')).stroke,"
                           " getComputedStyle(g.querySelector('.path-name')).fill, g.querySelector('.path-name').textContent])")
    fg = page.evaluate("getComputedStyle(document.body).color")
    assert len({stroke for _, stroke, _, _ in per_path}) == 5 and len(set(strokes)) == 5
    assert all(stroke != fg and fill == stroke for _, stroke, fill, _ in per_path)
    assert [label for *_, label in per_path] == ["●red", "▲yellow", "■green", "◆blue", "★purple"]
    # Figures: tokens in the seat colours with initials; the large one marked by a ring, not by ★.
    tokens = page.eval_on_selector_all("svg.board .token", "ts => ts.map(t => [t.textContent, t.classList.contains('large'),"
                                                           " getComputedStyle(t.querySelector('.disc')).fill])")
    labels = sorted((label, large) for label, large, _ in tokens)
    assert labels == [("A", False), ("A", True), ("B", False), ("B", True)]
    assert "★" not in "".join(label for label, _, _ in tokens)
    assert len({fill for label, _, fill in tokens if label == "A"}) == 1
    assert {fill for label, _, fill in tokens if label == "A"} != {fill for label, _, fill in tokens if label == "B"}
    # Tiles never under a token; text at least 16 px on a 390 px screen.
    overlaps = page.evaluate("""() => {
      const boxes = sel => [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect());
      const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const tiles = boxes('svg.board .tile').filter(b => b.width), discs = boxes('svg.board .token .disc');
      return tiles.filter(a => discs.some(b => hit(a, b))).length;
    }""")
    assert overlaps == 0
    if size == "390":
        smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('svg.board text')]
          .map(e => parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a))""")
        assert smallest >= 16, f"board text of {smallest:.1f} px"
    no_violations(page)
    board_shot(page, f"board-keltis-{name}")
    # Colour choices are buttons filled with their colour, symbol and name on them.
    answer(page, "play")
    buttons = page.eval_on_selector_all("#composer .choices button", "bs => bs.map(b => [b.textContent, getComputedStyle(b).backgroundColor])")
    assert len(buttons) == 5 and len({background for _, background in buttons}) == 5
    assert [label for label, _ in buttons][0] == "● red"
    no_violations(page)
    # The turn being composed: Anna's red figure would step from row 1 to row 2.
    answer(page, "red")
    expect(page.locator("#board-preview")).to_contain_text("Anna")
    expect(page.locator('svg.board .path[data-path="red"] .stone.landing')).to_have_attribute("data-row", "2")
    expect(page.locator('svg.board .path[data-path="red"] .token.moving')).to_have_count(1)
    board_shot(page, f"board-keltis-preview-{name}")
    shot(page, f"table-keltis-board-{name}")


INSIDE = """sel => [...document.querySelectorAll(sel)].every(cell => {
  const box = cell.querySelector('.stone').getBoundingClientRect();
  return [...cell.querySelectorAll('.token .disc')].every(disc => {
    const d = disc.getBoundingClientRect();
    return d.left >= box.left - 1 && d.right <= box.right + 1 && d.top >= box.top - 1 && d.bottom <= box.bottom + 1;
  });
})"""


def test_orakel_board(phone, base_url):
    page, name, _ = phone
    board = sample_board("keltis-orakel")
    record = {"format": "brehon/1", "game": "keltis-orakel", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}, {"id": "bernd", "name": "Bernd"}],
              "board": board, "setup": {"tiles": {"1": "points-1", "2": "goblin"}}, "turns": []}
    join(page, api(base_url, "POST", "/games", record))
    open_section(page, "board")
    # All nine figures stand on the start: one counted token per player, inside the field.
    start = page.locator('svg.board .field[data-field="0"] .token')
    expect(start).to_have_count(3)
    assert sorted(start.all_text_contents()) == ["A3", "Be3", "Be3"]  # Ben and Bernd share a first letter
    assert page.evaluate(INSIDE, "svg.board .field")
    # The priestess and the oracle area are marked.
    expect(page.locator("svg.board .field.priestess")).to_have_count(1)
    expect(page.locator("svg.board .field.priestess .priestess-mark")).to_have_text("♀")
    expect(page.locator("svg.board .field.oracle")).to_have_count(len(board["fields"]) - board["oracle_from"])
    no_violations(page)
    board_shot(page, f"board-orakel-{name}")
    # A yellow card for a figure on the start: the figure and the field it reaches show on the board.
    for value in ("play", "yellow"):
        answer(page, value)
    page.locator("#composer .choices button").first.click()  # the lowest yellow card
    page.wait_for_selector('#question[data-key="figure"]')
    answer(page, 0)
    expect(page.locator("#board-preview")).to_contain_text("from field 0 to field 2")
    expect(page.locator('svg.board .field.landing')).to_have_attribute("data-field", "2")
    board_shot(page, f"board-orakel-preview-{name}")


def test_celtica_board(phone, base_url):
    page, name, _ = phone
    created = api(base_url, "POST", "/games", json.loads((DATA / "celtica" / "opening.json").read_text())["record"])
    join(page, created)
    red = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])["state"]["druids"]["red"]
    open_section(page, "board")
    druids = page.eval_on_selector_all("svg.board .token:not(.more)", "ts => ts.map(t => [t.textContent,"
                                                                     " getComputedStyle(t.querySelector('.disc')).fill])")
    assert sorted(label for label, _ in druids) == sorted(["●", "▲", "○", "■", "◆"])
    assert len({fill for _, fill in druids}) == 5
    assert page.evaluate(INSIDE, "svg.board .location")
    # The composer in view below the sticky header, as after every tap: axe counts a
    # target the header covers at some scroll as too small.
    page.evaluate("document.getElementById('composer-title').scrollIntoView({block: 'start'})")
    no_violations(page)
    board_shot(page, f"board-celtica-{name}")
    answer(page, ["red", 2])  # the druid and its cards in one tap
    expect(page.locator("#board-preview")).to_contain_text(f"red druid stops on location {red + 2}")
    expect(page.locator("svg.board .location.landing")).to_have_attribute("data-location", str(red + 2))
    expect(page.locator("svg.board .token.moving")).to_have_text("●")
    # Each player's amulets drawn as amulets: the centre and eight outer places.
    open_section(page, "cards")
    amulets = page.locator("#section-cards svg.amulet")
    assert amulets.count() >= 2
    expect(amulets.first.locator(".place")).to_have_count(9)
    assert amulets.first.locator(".place.have").count() >= 1
    no_violations(page)
    page.eval_on_selector("header#top", "header => { header.style.position = 'static'; }")
    page.locator("#section-cards").screenshot(path=str(ARTIFACTS / f"amulets-celtica-{name}.png"))
