"""Keltis: Das Orakel and Celtica logged by tapping: a goblin, the priestess
and a spiral on the Orakel sample board; a find site with a refill reveal
and a ruin on the Celtica sample board."""

from __future__ import annotations

import json

from browser_helpers import DATA, api, sample_board, shot
from playwright.sync_api import expect
from tapping import join, open_section, play_turn, tap

ABSENT = "\u2205"  # the composer's value for "an action without this field"


def scripted(turns):
    """A policy that follows one dict of answers per turn, by question key:
    a value, a function of the offered values, or a list answered in order
    when the key is asked more than once. Unlisted keys take the first
    offered value."""
    state = {"turn": 0}

    def choose(key, values, player):
        wanted = turns[state["turn"]].get(key, values[0])
        if isinstance(wanted, list):
            wanted = wanted.pop(0)
        if callable(wanted):
            wanted = wanted(values)
        assert wanted in values, f"{key}: {wanted!r} is not among {values}"
        return wanted

    return choose, state


def test_orakel_goblin_priestess_spiral(page, base_url):
    record = {"format": "brehon/1", "game": "keltis-orakel", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": sample_board("keltis-orakel"),
              "setup": {"tiles": {"1": "points-1", "2": "goblin", "3": "points-2", "4": "spiral"}}, "turns": []}
    created = api(base_url, "POST", "/games", record)
    join(page, created)
    shot(page, "table-orakel-start")
    choose, state = scripted([
        # Anna: yellow from the start to field 2, a goblin: she gives up her yellow row's card.
        {"type": "play", "card.color": "yellow", "card.value": min, "figure": 0, "hand.color": ABSENT, "row": "yellow",
         "from": "deck"},
        # Ben: the priestess walks with a green 0 (green number 5).
        {"type": "play", "card.color": "green", "card.value": 0, "figure": ABSENT, "priestess": max, "from": "deck"},
        # Anna: blue moves her figure from field 2 to the spiral on 4, back to field 1.
        {"type": "play", "card.color": "blue", "card.value": min, "figure": 2, "to": 1, "from": "deck"},
    ])
    asked = []
    for player in ("anna", "ben", "anna"):
        asked += play_turn(page, choose, player)
        state["turn"] += 1
    assert {"row", "priestess", "to"} <= set(asked)
    log = page.locator("#log li")
    expect(log).to_have_count(3)
    expect(log.nth(0)).to_contain_text("spiral back to field 1")
    expect(log.nth(1)).to_contain_text("priestess")
    expect(log.nth(2)).to_contain_text("goblin: discarded the top of the ▲ yellow row")
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert game["state"]["players"]["anna"]["figures"].count(1) == 1
    assert game["state"]["priestess"] > 0
    shot(page, "table-orakel")


def test_celtica_find_site_refill_and_ruin(page, base_url):
    opening = json.loads((DATA / "celtica" / "opening.record.json").read_text())
    record = {**opening, "turns": []}
    created = api(base_url, "POST", "/games", record)
    join(page, created)
    shot(page, "table-celtica-start")
    choose, state = scripted([
        # Anna: the red druid to the village (1 part): takes the centre, the refill shows south-west.
        {"druid": "red", "cards": 1, "parts.0": ["center", "sw"]},
        # Ben: the grey druid to the monastery (2 parts); the refill is left unrecorded.
        {"druid": "grey", "cards": 4, "parts.0": ["n", None], "parts.1": ["se", None]},
        # Anna: the red druid on to the ruin (1 part): she gives up south.
        {"druid": "red", "cards": 2, "parts.0": "s"},
    ])
    for player in ("anna", "ben", "anna"):
        play_turn(page, choose, player)
        state["turn"] += 1
    log = page.locator("#log li")
    expect(log).to_have_count(3)
    expect(log.nth(2)).to_contain_text("took center")
    expect(log.nth(2)).to_contain_text("refilled the display: south-west")
    expect(log.nth(0)).to_contain_text("gave up south")
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert game["record"]["turns"][0]["actions"][-1] == {"type": "reveal", "parts": ["sw"]}
    assert game["record"]["turns"][2]["actions"][-1] == {"type": "give", "parts": ["s"]}
    open_section(page, "cards")  # the display and the amulets
    expect(page.locator("#display")).to_be_visible()
    expect(page.locator("#turn-message")).not_to_contain_text("moved on")  # its own turns interrupt nobody
    shot(page, "table-celtica")


def test_celtica_end_phase(page, base_url):
    complete = json.loads((DATA / "celtica" / "complete_game.record.json").read_text())
    created = api(base_url, "POST", "/games", {**complete, "turns": complete["turns"][:22]})
    join(page, created)
    expect(page.locator("#turn-now")).to_contain_text("Cleo")
    # Cleo has nothing to spend: her end turn is logged as it is.
    assert page.query_selector("#question") is None
    tap(page, "#log-turn")
    expect(page.locator("#turn-now")).to_contain_text("Dirk")
    choose, state = scripted([{"type": "buy", "part": "w", "parts.0": "s"}])
    play_turn(page, choose, "dirk")
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert game["record"]["turns"][22:] == complete["turns"][22:24]
    shot(page, "table-celtica-end")
