"""axe-core on every screen, light and dark: no WCAG 2.x A or AA violation.
Each screen is also photographed at phone size for people to look at."""

from __future__ import annotations

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_helpers import DATA, api, sample_board, shot
from keltis_script import THREE, Policy, keltis_game, layout, three_player_game
from playwright.sync_api import expect
from tapping import answer, correct_turn, join, lay_tile, log_held, old_phone, open_section, question, tally_lost_cities, tap
from test_local_games import new_game_here
from test_offline_queue import PLAYERS, queue_turn, with_referee
from test_table_behaviour import FIGURE, compose_first_turn

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


def new_game_tiles(page, base_url):
    """The Keltis tiles laid on the drawn board, the sheet of tiles left open."""
    page.goto("/#/new")
    page.click("text=Lay out the tiles now (optional)")
    lay_tile(page, "red:1", "clover")
    page.click('[data-place="red:2"]')
    page.wait_for_selector("#tile-sheet")


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


def table_sending(page, base_url):
    """Anna's turn on its way (its POST held): shown in the composer's place."""
    join(page, keltis_game(base_url))
    compose_first_turn(page)
    log_held(page, FIGURE)
    page.wait_for_selector("#sending")


def table_put_back(page, base_url):
    """Anna's turn beaten by another phone's: the 412 said at the composer,
    the turn back in it as the replacement of the other."""
    created = keltis_game(base_url)
    join(page, created)
    compose_first_turn(page)
    held = log_held(page, FIGURE)
    other = {"player": "anna", "actions": [{"type": "discard", "card": {"color": "red", "value": 3}},
                                           {"type": "draw", "from": "deck"}]}
    api(base_url, "POST", f"/games/{created['id']}/turns", other, token=created["token"],
        headers={"If-Match": f'"{created["version"]}"'})
    expect(page.locator("#log li")).to_have_count(1)
    held[0].continue_()
    expect(page.locator("#turn-message")).to_contain_text("back in the composer")


def queued_offline(page, base_url) -> dict:
    """Two turns queued with no network, on a phone with the referee."""
    created = three_player_game(base_url, 0)
    with_referee(page.context, page, created)
    page.context.set_offline(True)
    policy = Policy(THREE)
    for number, player in enumerate(PLAYERS[:2]):
        queue_turn(page, policy, player, number + 1)
    return created


def table_queue(page, base_url):
    """Offline: the next turn composed after two queued ones, listed open."""
    queued_offline(page, base_url)
    page.click("#queued-title")
    expect(page.locator("#queued li").first).to_be_visible()


def table_queue_stopped(page, base_url):
    """Back online after another phone logged first: what happened, what still fits."""
    created = queued_offline(page, base_url)
    other = {"player": "anna", "actions": [{"type": "play", "card": {"color": "yellow", "value": 2}, "figure": "small"},
                                           {"type": "draw", "from": "deck"}]}
    api(base_url, "POST", f"/games/{created['id']}/turns", other, token=created["token"],
        headers={"If-Match": f'"{created["version"]}"'})
    page.context.set_offline(False)
    expect(page.locator("#unsent li")).to_have_count(2, timeout=30_000)


def table_orakel(page, base_url):
    record = {"format": "brehon/1", "game": "keltis-orakel", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": sample_board("keltis-orakel"), "setup": {}, "turns": []}
    join(page, api(base_url, "POST", "/games", record))


def table_orakel_chain(page, base_url):
    """Deep in an Orakel chain: five reveals and a spiral logged, the goblin asked."""
    table_orakel(page, base_url)
    for value in ("play", "red", 0, 0, "clover-yellow", "clover-blue", "clover-purple", "clover-green", "spiral", 3,
                  "goblin"):
        answer(page, value)
    page.wait_for_selector('#question[data-key="hand.color"]')


def table_celtica(page, base_url):
    record = json.loads((DATA / "celtica" / "opening.json").read_text())["record"]
    join(page, api(base_url, "POST", "/games", record))


def table_celtica_cards(page, base_url):
    """Celtica's display, druid cards played and amulets; two display spaces unrecorded."""
    record = json.loads((DATA / "celtica" / "opening.json").read_text())["record"]
    record = {**record, "turns": [], "setup": {**record["setup"], "display": ["n", "ne", "ne", None, "center", None, "s", "s", "s"]}}
    join(page, api(base_url, "POST", "/games", record))
    open_section(page, "cards")


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
    page.wait_for_selector("#walk-step")


def board_walk_celtica(page, base_url):
    """Celtica's path walked from the new-game form: a location at a time."""
    page.goto("/#/boards/celtica")
    page.wait_for_selector('#walk-step button[data-kind="start"]')


def correcting(page, base_url):
    discard = {"player": "anna", "actions": [{"type": "discard", "card": {"color": "red", "value": 3}},
                                             {"type": "draw", "from": "deck"}]}
    record = {"format": "brehon/1", "game": "keltis", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": None, "setup": layout(), "turns": [discard]}
    join(page, api(base_url, "POST", "/games", record))
    correct_turn(page, 0)
    answer(page, "discard")
    answer(page, "red")
    answer(page, 4)
    answer(page, "deck")
    page.wait_for_selector("#correct-by")


def board_problem(page, base_url):
    boards(page, base_url)
    page.click('[data-place="3"]')
    page.fill("#value-3", "")
    page.wait_for_selector("#step-problems .field-problem")


def tally(page, base_url):
    page.goto("/#/tally")
    page.wait_for_selector("#tally")
    page.fill("#name-0", "Anna")
    page.fill("#name-1", "Ben")
    page.fill("#figures-0-0", "9")
    page.click("text=Score it")
    page.wait_for_selector("#tally-result #sheet")


def tally_lost_cities_purple(page, base_url):
    """Lost Cities' quick tally with its six expeditions, the totals in the bar."""
    tally_lost_cities(page)


def table_log(page, base_url):
    join(page, three_player_game(base_url, 17))
    open_section(page, "log")
    tap(page, "#log-all")
    page.locator('#log li[data-turn="3"] details.turn-menu summary').click()


def table_cards(page, base_url):
    join(page, three_player_game(base_url, 17))
    open_section(page, "cards")


def sheet_in_progress(page, base_url):
    created = three_player_game(base_url, 17)
    join(page, created)
    page.goto(f"/#/sheet/{created['id']}")
    page.wait_for_selector("#sheet")


def home_with_games(page, base_url):
    join(page, three_player_game(base_url, 5))
    page.goto("/")
    page.wait_for_selector("#my-games")


def new_orakel_options(page, base_url):
    page.goto("/#/new")
    page.click('button[data-game="keltis-orakel"]')
    page.fill("#player-0", "Anna")
    page.fill("#player-1", "Ben")
    page.fill("#opt-goblin_scores", "5, ten")
    page.click("text=Start the game")
    page.wait_for_selector("#opt-goblin_scores-problem")


def table_local(page, base_url):
    """A game on this phone: its note, and "Share with the table" in place of the invite."""
    page.goto("/")
    new_game_here(page, layout())
    page.wait_for_selector("#question")
    answer(page, question(page)[1][0])


def sheet_local(page, base_url):
    """A game on this phone's score sheet: CSV and record, and a word on the PDF."""
    page.goto("/")
    new_game_here(page)
    page.click("text=Score sheet >> nth=0")
    page.wait_for_selector("#pdf-note")


def game_not_here(page, base_url):
    """The address of a game this phone never joined: said in a heading, with the way home."""
    old_phone(page.context)
    page.goto("/#/game/not-joined")
    expect(page.locator("h1")).to_have_text("This game is not on this device.")


def sheet_not_here(page, base_url):
    """The score sheet of a game this phone never joined says so too, not "could not be loaded"."""
    old_phone(page.context)
    page.goto("/#/sheet/not-joined")
    expect(page.locator("h1")).to_have_text("This game is not on this device.")
    expect(page).to_have_title("This game is not on this device. · Brehon")


SCREENS = [home, home_with_games, new_game, new_game_tiles, new_orakel_options, table_keltis, table_sending, table_put_back, table_queue,
           table_queue_stopped, table_log, table_cards, dispute, table_orakel, table_orakel_chain, table_celtica, table_celtica_cards, join_panel, table_over, sheet,
           sheet_in_progress, summary, boards, board_problem, board_walk_celtica, correcting, tally, tally_lost_cities_purple, table_local, sheet_local,
           game_not_here, sheet_not_here]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", SCREENS, ids=lambda screen: screen.__name__)
def test_no_wcag_violations(page, base_url, screen, scheme):
    page.emulate_media(color_scheme=scheme)
    screen(page, base_url)
    results = axe.run(page, options={"runOnly": {"type": "tag", "values": WCAG_A_AA}})
    assert results.violations_count == 0, results.generate_report()
    # From a small phone up: nothing sticks out sideways at 390 or 320 px,
    # and every tap target is at least 44 x 44 px.
    for width, height in ((390, 844), (320, 640)):
        page.set_viewport_size({"width": width, "height": height})
        overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"{overflow} px too wide at {width} px"
        assert page.evaluate(SMALL_TARGETS) == [], f"tap targets under 44 px at {width} px"
        shot(page, f"{screen.__name__.replace('_', '-')}-{scheme}-{width}")


# The visible tap targets smaller than 44 x 44 px: links too, a link on its
# own line ("Enter or open a board profile") as much as a button.
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, a, select, input:not([type=checkbox]):not([type=radio]), summary, [role=tab]')]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden' && !e.closest('.sr, .skip'))
  .map(e => [e, e.getBoundingClientRect()])
  .filter(([, box]) => box.width < 43.5 || box.height < 43.5)
  .map(([e, box]) => `${e.tagName}#${e.id}.${e.className} ${e.textContent.trim().slice(0, 20)} ${Math.round(box.width)}x${Math.round(box.height)}`)"""

