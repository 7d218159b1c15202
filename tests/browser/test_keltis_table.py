"""A whole game of Keltis logged by tapping, from the first turn to the final
score sheet; a second phone following it live; joining by link and QR."""

from __future__ import annotations

import time

from conftest import api, shot
from playwright.sync_api import expect
from tapping import current_player, join, play_turn, tap

PATHS = ["red", "yellow", "green", "blue", "purple"]
# A complete layout (L1-L3 of rules/keltis.md §2.2): rows 1-4 of every path
# and every end stone hold the 25 tiles, so no reveal is ever owed.
TILES = ["wish"] * 9 + ["clover"] * 9 + ["points-1"] * 2 + ["points-2"] * 3 + ["points-3"] * 2
# Anna walks three paths, Ben two: five figures reach the goal area.
PLAN = {"anna": ["red", "yellow", "green"], "ben": ["blue", "purple"]}


def layout() -> dict:
    stones = [(path, row) for row in (1, 2, 3, 4, 9) for path in PATHS]
    tiles: dict = {}
    for (path, row), tile in zip(stones, TILES):
        tiles.setdefault(path, {})[str(row)] = tile
    return {"tiles": tiles, "tiles_complete": True}


def keltis_game(base_url: str, setup: dict | None = None) -> dict:
    record = {"format": "brehon/1", "game": "keltis", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": None, "setup": setup or layout(), "turns": []}
    return api(base_url, "POST", "/games", record)


class Policy:
    """Which offered value to tap: play along the planned paths, lowest card first."""

    def __init__(self):
        self.turns = {"anna": 0, "ben": 0}

    def __call__(self, key, values, player):
        if key == "type":
            return "play" if "play" in values else values[0]
        if key == "card.color":
            plan = PLAN[player]
            wanted = plan[self.turns[player] % len(plan)]
            return wanted if wanted in values else next(v for v in values if v in plan)
        if key == "card.value":
            return min(values)
        if key == "figure":
            return "small" if "small" in values else values[0]
        if key == "path":  # a clover: step on, never decline
            return next((v for v in values if v is not None), None)
        if key == "from":
            return "deck"
        return values[0]


def test_a_whole_game_by_tapping(page, base_url):
    created = keltis_game(base_url)
    join(page, created)
    shot(page, "table-keltis-start")
    policy = Policy()
    asked = set()
    for _ in range(80):
        if page.query_selector("#composer") is None:
            break
        player = current_player(page)
        asked.update(play_turn(page, policy, player))
        policy.turns[player] += 1
    expect(page.locator(".turn-now")).to_have_text("The game is over.")
    shot(page, "table-keltis-over")
    # The questions the composer asked along the way, one field at a time.
    assert {"type", "card.color", "card.value", "figure", "path", "action"} <= asked
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert game["scoresheet"]["status"] == "finished"
    assert game["scoresheet"]["end_reason"] == "goal_area"
    turns = game["record"]["turns"]
    assert len(page.locator("#log li").all()) == len(turns)
    page.click("text=Score sheet >> nth=0")
    page.wait_for_selector("#sheet")
    for player in game["scoresheet"]["players"]:
        row = page.locator(f'#sheet tr[data-player="{player["id"]}"]')
        expect(row).to_contain_text(str(player["total"]))
    expect(page.locator("#sheet")).to_contain_text("winner")
    shot(page, "sheet")


def test_a_second_phone_follows_live(browser, page, base_url):
    created = keltis_game(base_url)
    join(page, created)
    other = browser.new_context(viewport={"width": 390, "height": 844}, base_url=base_url)
    try:
        watcher = other.new_page()
        join(watcher, created, spectator=True)
        assert watcher.query_selector("#composer") is None  # spectators only watch
        policy = Policy()
        play_turn(page, policy, "anna")
        logged = time.monotonic()
        expect(watcher.locator("#log li")).to_have_count(1, timeout=3000)
        redrawn = time.monotonic() - logged
        expect(watcher.locator("#turn-now")).to_contain_text("Ben")
        assert redrawn < 1.5, f"the second phone redrew after {redrawn:.2f} s"
        shot(watcher, "table-spectator")
    finally:
        other.close()


def test_join_link_and_qr(page, base_url):
    created = keltis_game(base_url)
    join(page, created)
    # The token left the address bar as soon as the game was stored.
    assert created["token"] not in page.url
    page.click("text=Invite to the table")
    expect(page.locator("#qr-table svg")).to_be_visible()
    link = page.input_value("#qr-table-link")
    assert f"#g={created['id']}&t={created['token']}" in link
    shot(page, "join")
    page.goto("/")
    expect(page.locator("#my-games")).to_contain_text("Anna, Ben")
