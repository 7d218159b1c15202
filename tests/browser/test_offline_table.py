"""A table that keeps going offline (issue 11 §5): a reload with no network
opens the game as last seen; on a phone without the referee (an old phone:
test_offline_queue.py has the phones with one) a turn composed offline from
the game's action schema is checked and sent once when the network is back,
and an illegal one comes back into the composer with its rule."""

from __future__ import annotations

import pytest

import scoring
from browser_helpers import api, shot
from keltis_script import keltis_game
from playwright.sync_api import expect
from tapping import answer, offline_reload, old_phone, tap
from test_table_behaviour import OPENING, opened_game

ABSENT = "\u2205"
SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}


@pytest.fixture(params=[(size, scheme) for size in SIZES for scheme in ("light", "dark")], ids=lambda p: f"{p[0]}-{p[1]}")
def context(request, browser, base_url):
    """A phone at 390 x 844 and at 320 x 640, light and dark."""
    size, scheme = request.param
    context = browser.new_context(viewport=SIZES[size], base_url=base_url, locale="en-GB", color_scheme=scheme)
    context.set_default_timeout(10_000)
    context.name = f"{size}-{scheme}"
    yield context
    context.close()


def compose(page, answers):
    for key, value in answers:
        expect(page.locator("#question")).to_have_attribute("data-key", key)
        assert "undefined" not in page.inner_text("#composer .choices")  # every choice in words
        answer(page, value)


def test_an_offline_reload_shows_the_table_and_follows_it_again(context, page, base_url):
    created = opened_game(base_url)
    resumed = []
    page.on("request", lambda request: resumed.append(request.headers.get("last-event-id"))
            if request.url.endswith("/events") else None)
    offline_reload(context, page, created)
    # The game as last seen: whose turn, the scores, the board, the log.
    expect(page.locator("#turn-now")).to_contain_text("Anna")
    expect(page.locator(".strip li")).to_have_count(2)
    expect(page.locator("svg.board")).to_be_visible()
    expect(page.locator("#log li")).to_have_count(len(OPENING))
    expect(page.locator("#undo")).to_have_count(0)  # corrections need the server
    shot(page, f"table-offline-reload-{context.name}")
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    context.set_offline(False)
    expect(page.locator("#offline-note")).to_have_count(0, timeout=10_000)
    # Followed live again from the version on the screen, never from "null".
    turn = {"player": "anna", "actions": [{"type": "play", "card": {"color": "yellow", "value": 9}, "figure": "small"},
                                          {"type": "draw", "from": "deck"}]}
    api(base_url, "POST", f"/games/{created['id']}/turns", turn, token=created["token"],
        headers={"If-Match": f'"{created["version"]}"'})
    expect(page.locator("#log li")).to_have_count(len(OPENING) + 1)
    assert "null" not in resumed and str(created["version"]) in resumed


def test_a_language_chosen_offline_keeps_the_games_pieces_and_bgg_id(context, page, base_url):
    """Offline in a language this phone never asked the rulesets in, the app
    takes those it keeps in another: the table still opens, with its board,
    and BG Stats' link would still carry the game's BoardGameGeek id."""
    created = opened_game(base_url)
    old_phone(context)
    offline_reload(context, page, created)
    page.evaluate("async () => (await import('/js/i18n.js')).loadLanguage('es', true)")
    page.reload()
    page.wait_for_selector("#table[data-drawn]")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("svg.board")).to_be_visible()
    expect(page.locator("#log li")).to_have_count(len(OPENING))
    bgg = page.evaluate("async () => (await (await import('/js/rulesets.js')).rulesets()).keltis.bgg")
    assert bgg == scoring.declaration.DECLARATIONS["keltis"].bgg


def test_an_offline_turn_is_checked_and_sent_once(context, page, base_url):
    created = keltis_game(base_url)
    old_phone(context)
    offline_reload(context, page, created)
    compose(page, [("type", "play"), ("card.color", "red"), ("card.value", 3), ("figure", "small"),
                   ("bonus", ABSENT), ("type", "draw"), ("from", "deck")])
    expect(page.locator("#composer .chips li")).to_have_count(2)
    shot(page, f"table-offline-compose-{context.name}")
    tap(page, "#log-turn")
    expect(page.locator("#waiting")).to_contain_text("not checked yet")
    assert api(base_url, "GET", f"/games/{created['id']}", token=created["token"])["record"]["turns"] == []
    context.set_offline(False)
    expect(page.locator("#log li")).to_have_count(1, timeout=10_000)
    expect(page.locator("#badge")).to_have_attribute("data-state", "online")
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert game["record"]["turns"] == [{"player": "anna", "actions": [
        {"type": "play", "card": {"color": "red", "value": 3}, "figure": "small"}, {"type": "draw", "from": "deck"}]}]
    assert game["version"] == created["version"] + 1


def test_an_offline_illegal_turn_comes_back_with_its_rule(context, page, base_url):
    created = opened_game(base_url)
    old_phone(context)
    offline_reload(context, page, created)
    # Yellow 9 is fine, but the blue discard pile is empty.
    compose(page, [("type", "play"), ("card.color", "yellow"), ("card.value", 9), ("figure", "small"),
                   ("bonus", ABSENT), ("type", "draw"), ("from", "blue")])
    tap(page, "#log-turn")
    expect(page.locator("#waiting")).to_be_visible()
    context.set_offline(False)
    record = api(base_url, "GET", f"/games/{created['id']}/record", token=created["token"])
    refused = {"player": "anna", "actions": [{"type": "play", "card": {"color": "yellow", "value": 9}, "figure": "small"},
                                             {"type": "draw", "from": "blue"}]}
    (violation,) = scoring.Game.replay(record).check(refused)["violations"]
    verdict = page.locator("#composer #verdict")
    expect(verdict).to_contain_text(f"Rule: {violation.rule}", timeout=10_000)
    expect(verdict).to_contain_text(violation.message("en"))
    # Back in the composer: the play holds, the draw is the one legal one now.
    chips = page.locator("#composer .chips li")
    expect(chips.first).to_contain_text("yellow 9")
    expect(chips).to_have_count(2)
    shot(page, f"table-offline-refused-{context.name}")
    tap(page, "#log-turn")
    expect(page.locator("#log li")).to_have_count(len(OPENING) + 1)
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert game["record"]["turns"][-1]["actions"][-1] == {"type": "draw", "from": "deck"}
