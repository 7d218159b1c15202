"""The referee on the phone at the table (issue 21, point 2): with it the
composer asks no server."""

from __future__ import annotations

from browser_helpers import api
from keltis_script import THREE, Policy, three_player_game
from playwright.sync_api import expect
from tapping import join, play_turn

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


def test_with_the_referee_composing_sends_no_request_until_log_turn(context, page, base_url):
    created = three_player_game(base_url, 0)
    with_referee(context, page, created)
    asked = []
    page.on("request", lambda request: asked.append(f"{request.method} {request.url}")
            if "/api/" in request.url and not request.url.endswith("/events") else None)
    policy = Policy(THREE)
    for number, player in enumerate(PLAYERS[:2]):
        keys = play_turn(page, policy, player, log=False)
        assert len(keys) >= 3  # questions were asked and answered, checked on the phone
        assert asked == []
        with page.expect_request(lambda request: request.method == "POST" and request.url.endswith("/turns")):
            page.click("#log-turn")
        page.wait_for_selector("#waiting", state="detached")
        expect(page.locator("#table")).to_have_attribute("data-version", str(created["version"] + number + 1))
        assert asked == [f"POST {base_url}/api/v1/games/{created['id']}/turns"]
        asked.clear()
    assert len(server_game(base_url, created)["record"]["turns"]) == 2
