"""The referee on the phone at the table (issue 21, points 2 and 3): with it
the composer asks no server, and with no network any number of turns are
composed, checked and queued, each on the game with the ones before it, sent
in order once the network is back; a turn another phone logged meanwhile
stops the queue, and the table says what happened and what still fits."""

from __future__ import annotations

from browser_helpers import api, shot
from keltis_script import THREE, Policy, three_player_game
from playwright.sync_api import expect
from tapping import join, play_turn, tap

#: Pyodide starts in seconds, not milliseconds: wait for it as long as it may take on a busy CI.
START = 120_000
PLAYERS = list(THREE)


def with_referee(context, page, created: dict) -> None:
    """Open the table online and wait until the referee answers (and the
    service worker, which keeps it for offline use, controls the page)."""
    join(page, created)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    expect(page.locator("#table")).to_have_attribute("data-referee", "ready", timeout=START)


def server_game(base_url: str, created: dict) -> dict:
    return api(base_url, "GET", f"/games/{created['id']}", token=created["token"])


def queued_turns(page) -> list:
    """The turns in this phone's outbox, in order."""
    return page.evaluate("async () => (await (await import('/js/outbox.js')).pending()).map(item => item.turn)")


def queue_turn(page, policy, player: str, queued: int) -> None:
    """Compose one turn offline; its last answer logs it: it joins the
    queue, and the composer moves on to the next turn."""
    play_turn(page, policy, player)
    expect(page.locator("#queued li")).to_have_count(queued)


def test_with_the_referee_composing_sends_no_request_until_the_turn_is_logged(context, page, base_url):
    created = three_player_game(base_url, 0)
    with_referee(context, page, created)
    asked = []
    page.on("request", lambda request: asked.append(f"{request.method} {request.url}")
            if "/api/" in request.url and not request.url.endswith("/events") else None)
    policy = Policy(THREE)
    def checked(key, values, player):
        assert asked == []  # every answer so far was checked on the phone
        return policy(key, values, player)

    for number, player in enumerate(PLAYERS[:2]):
        # The last answer logs the turn: its POST is the one request.
        keys = play_turn(page, checked, player)
        assert len(keys) >= 2 and keys.logged
        page.wait_for_selector("#waiting", state="detached")
        expect(page.locator("#table")).to_have_attribute("data-version", str(created["version"] + number + 1))
        assert [request.split("?")[0] for request in asked] == [f"POST {base_url}/api/v1/games/{created['id']}/turns"]
        asked.clear()
    assert len(server_game(base_url, created)["record"]["turns"]) == 2


def test_an_evening_offline_queues_ten_turns_and_sends_them_once_in_order(context, page, base_url):
    created = three_player_game(base_url, 0)
    with_referee(context, page, created)
    context.set_offline(True)
    policy = Policy(THREE)
    for number in range(5):
        queue_turn(page, policy, PLAYERS[number % 3], number + 1)
    # The game as it will stand: the next player's turn, the queued ones in the log, not yet sent.
    expect(page.locator("#turn-now")).to_contain_text("Cleo")
    tap(page, "#tab-log")
    expect(page.locator("#log li.queued")).to_have_count(5)
    expect(page.locator("#log li.queued").first).to_contain_text("not yet sent")
    shot(page, "table-offline-queue")

    page.reload()
    page.wait_for_selector("#table[data-drawn]")
    expect(page.locator("#offline-note")).to_be_visible()
    expect(page.locator("#table")).to_have_attribute("data-referee", "ready", timeout=START)
    expect(page.locator("#queued li")).to_have_count(5)
    for number in range(5, 10):
        queue_turn(page, policy, PLAYERS[number % 3], number + 1)
    composed = queued_turns(page)
    assert len(composed) == 10 and [turn["player"] for turn in composed] == [PLAYERS[n % 3] for n in range(10)]
    assert server_game(base_url, created)["record"]["turns"] == []

    context.set_offline(False)
    expect(page.locator("#badge")).to_have_attribute("data-state", "online", timeout=30_000)
    expect(page.locator("#waiting")).to_have_count(0)
    game = server_game(base_url, created)
    assert game["record"]["turns"] == composed
    assert game["version"] == created["version"] + 10  # each logged once
    expect(page.locator("#table")).to_have_attribute("data-version", str(game["version"]))
    expect(page.locator("#log li.queued")).to_have_count(0)


def test_a_turn_another_phone_logged_stops_the_queue_and_the_table_says_what_still_fits(context, page, base_url):
    created = three_player_game(base_url, 0)
    page.set_viewport_size({"width": 320, "height": 640})  # the smallest phone: nothing scrolls sideways
    with_referee(context, page, created)
    context.set_offline(True)
    policy = Policy(THREE)
    for number, player in enumerate(PLAYERS):
        queue_turn(page, policy, player, number + 1)
    anna, ben, cleo = queued_turns(page)
    # Meanwhile another phone logs Anna's turn: a play of her other path.
    other = {"player": "anna", "actions": [{"type": "play", "card": {"color": "yellow", "value": 2}, "figure": "small"},
                                           {"type": "draw", "from": "deck"}]}
    assert other != anna
    api(base_url, "POST", f"/games/{created['id']}/turns", other, token=created["token"],
        headers={"If-Match": f'"{created["version"]}"'})

    context.set_offline(False)
    stopped = page.locator("#stopped")
    expect(stopped).to_be_visible(timeout=30_000)
    expect(page.locator("#stopped-title")).to_contain_text("another phone logged first")
    expect(page.locator("#turn-message")).not_to_contain_text("Saved on this phone")
    expect(page.locator("#meanwhile li")).to_have_count(1)
    # In the words the composer's news uses: whose turn, its number, what it was.
    expect(page.locator("#meanwhile li")).to_have_text(
        "Anna's turn 1 was logged on another phone: played ▲ yellow 2, small figure enters ▲ yellow, drew from the deck.")
    unsent = page.locator("#unsent li")
    expect(unsent).to_have_count(3)
    assert [unsent.nth(i).get_attribute("data-fits") for i in range(3)] == ["false", "true", "true"]
    expect(unsent.nth(0)).to_contain_text("no longer fits")
    expect(page.locator("#resend")).to_contain_text("Send the 2 that still fit")
    shot(page, "table-queue-stopped-320")
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    # Nothing was sent, nothing dropped while the table waits for the person.
    assert server_game(base_url, created)["record"]["turns"] == [other]
    assert len(queued_turns(page)) == 3

    tap(page, "#resend")
    expect(page.locator("#turn-message")).to_contain_text("Dropped, not logged")
    expect(page.locator("#turn-message")).to_contain_text("Anna")
    expect(page.locator("#badge")).to_have_attribute("data-state", "online", timeout=30_000)
    game = server_game(base_url, created)
    assert game["record"]["turns"] == [other, ben, cleo]
    assert game["version"] == created["version"] + 3


def test_a_stopped_queue_can_be_dropped_whole(context, page, base_url):
    created = three_player_game(base_url, 0)
    with_referee(context, page, created)
    context.set_offline(True)
    policy = Policy(THREE)
    for number, player in enumerate(PLAYERS[:2]):
        queue_turn(page, policy, player, number + 1)
    other = {"player": "anna", "actions": [{"type": "play", "card": {"color": "yellow", "value": 2}, "figure": "small"},
                                           {"type": "draw", "from": "deck"}]}
    api(base_url, "POST", f"/games/{created['id']}/turns", other, token=created["token"],
        headers={"If-Match": f'"{created["version"]}"'})
    context.set_offline(False)
    expect(page.locator("#stopped")).to_be_visible(timeout=30_000)
    tap(page, "#drop-queued")
    expect(page.locator("#stopped")).to_have_count(0)
    expect(page.locator("#turn-message")).to_contain_text("Dropped, not logged (2 turns)")
    expect(page.locator("#composer")).to_be_visible()
    assert queued_turns(page) == []
    assert server_game(base_url, created)["record"]["turns"] == [other]


def test_a_queued_turn_another_phone_logged_just_the_same_is_not_sent_and_the_rest_go(context, page, base_url):
    """Issue 29 point 4, with the referee: three turns queued offline; another
    phone logs the first of them just as this phone has it. Back online, the
    phone says so in one line, sends that one no more, offers no review or
    correction, and the two queued after it go as they were composed."""
    created = three_player_game(base_url, 0)
    with_referee(context, page, created)
    context.set_offline(True)
    policy = Policy(THREE)
    for number, player in enumerate(PLAYERS):
        queue_turn(page, policy, player, number + 1)
    anna, ben, cleo = queued_turns(page)
    api(base_url, "POST", f"/games/{created['id']}/turns", anna, token=created["token"],
        headers={"If-Match": f'"{created["version"]}"'})

    context.set_offline(False)
    expect(page.locator("#badge")).to_have_attribute("data-state", "online", timeout=30_000)
    expect(page.locator("#log li")).to_have_count(3)
    message = page.locator("#turn-message")
    expect(message).to_contain_text("Anna's turn 1 was already logged just as this phone had it, by another phone")
    expect(page.locator("#stopped, #undo-logged, #moved-on-correct")).to_have_count(0)
    shot(page, "table-queue-logged-already")
    assert queued_turns(page) == []
    game = server_game(base_url, created)
    assert game["record"]["turns"] == [anna, ben, cleo]
    assert game["version"] == created["version"] + 3
