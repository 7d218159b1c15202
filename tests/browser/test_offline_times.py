"""Turns played offline keep their times (issue 29, point 6): each queued
turn says when the table logged it (``?played_at=``), so once sent the
history reads as the table played, not as the phone reconnected."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from keltis_script import THREE, Policy, three_player_game
from playwright.sync_api import expect
from tapping import play_turn
from test_offline_queue import queue_turn, server_game, with_referee

PLAYERS = list(THREE)


def test_three_turns_composed_offline_8_seconds_apart_are_logged_8_seconds_apart(context, page, base_url):
    created = three_player_game(base_url, 0)
    with_referee(context, page, created)
    # The phone's clock, set by hand: the turns are logged at these times, in the past.
    start = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(minutes=10)
    page.clock.set_fixed_time(start)
    policy = Policy(THREE)
    play_turn(page, policy, PLAYERS[0])  # online: sent at once
    expect(page.locator("#table")).to_have_attribute("data-version", "1")
    context.set_offline(True)
    for number, player in enumerate(PLAYERS[1:] + PLAYERS[:1]):
        page.clock.set_fixed_time(start + timedelta(seconds=30 + 8 * number))
        queue_turn(page, policy, player, number + 1)

    context.set_offline(False)
    expect(page.locator("#badge")).to_have_attribute("data-state", "online", timeout=30_000)
    expect(page.locator("#waiting")).to_have_count(0)
    history = server_game(base_url, created)["history"]
    assert history["seconds"] == [0, 30, 8, 8]
    assert history["start"] == start.strftime("%Y-%m-%dT%H:%M:%SZ")
