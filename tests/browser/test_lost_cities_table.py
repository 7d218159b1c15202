"""Lost Cities at the table, on a phone: a whole round logged by tapping
(the taps per turn), the table in view at 390 and 320 px, light and dark,
a refusal in words, and the quick tally of the expeditions."""

from __future__ import annotations

import random
import statistics

from browser_helpers import api, shot
from lost_cities_games import discard, draw, play, random_game, record
from playwright.sync_api import expect
from tapping import answer, current_player, join, old_phone, play_turn, tally_lost_cities, tap

#: The expeditions each player lays; every fourth turn a player discards one of the other's colours.
PLAN = {"anna": ["yellow", "blue", "white"], "ben": ["green", "red", "white"]}


class Policy:
    """Which offered value to tap, as a player who mostly plays: the lowest
    number of a planned colour, now and then a discard, always the deck."""

    def __init__(self):
        self.turns = dict.fromkeys(PLAN, 0)

    def discarding(self, player: str) -> bool:
        return self.turns[player] % 4 == 3

    def __call__(self, key, values, player):
        mine = PLAN[player]
        if key == "type":
            return "discard" if self.discarding(player) and "discard" in values else "play"
        if key == "card.color":
            wanted = [c for c in values if (c not in mine) == self.discarding(player)] or values
            return wanted[self.turns[player] % len(wanted)]
        if key == "card.value":
            numbers = [v for v in values if isinstance(v, int)]
            return min(numbers) if numbers else values[0]
        if key == "from":
            return "deck"
        return values[0]


def lost_cities_game(base_url: str, turns: list | None = None, options: dict | None = None) -> dict:
    return api(base_url, "POST", "/games", record(turns or [], options=options or {}))


def test_a_whole_round_by_tapping(context, page, base_url):
    old_phone(context)  # the server answers the composer: no referee needed
    created = lost_cities_game(base_url)
    join(page, created)
    policy = Policy()
    taps, asked = [], set()
    for _ in range(60):
        page.wait_for_selector("#question, #over-title")
        if page.query_selector("#question") is None:
            break
        player = current_player(page)
        turn = play_turn(page, policy, player)
        taps.append(turn.taps)
        asked.update(turn)
        policy.turns[player] += 1
    print(f"Lost Cities taps per turn: median {statistics.median(taps)}, max {max(taps)}, {taps}")
    assert statistics.median(taps) <= 3
    # A play is taken as given: "type" is only asked when the player discards instead.
    assert {"card.color", "card.value", "type", "from"} <= asked
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert game["scoresheet"]["status"] == "finished" and game["scoresheet"]["end_reason"] == "deck_exhausted"
    assert len(taps) == len(game["record"]["turns"]) == 44  # the deck's 44 cards, a turn each
    expect(page.locator(".turn-now")).to_have_text("The game is over.")
    # The board shows each expedition's score as the sheet counts it.
    tap(page, "#tab-board")
    for player in game["scoresheet"]["players"]:
        for color, points in player["breakdown"].items():
            if color == "earlier_rounds" or not game["state"]["players"][player["id"]]["expeditions"][color]:
                continue
            shown = page.locator(f'svg.lost-cities [data-player="{player["id"]}"][data-color="{color}"] .expedition-score')
            expect(shown).to_have_text(f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0")
    shot(page, "lost-cities-over")


def test_the_table_in_view_on_small_phones(phone, base_url):
    """Six expeditions (purple), both players' cards and the piles, with
    nothing scrolling sideways; every colour said with its symbol and name."""
    old_phone(phone.context)
    made = random_game(random.Random(7), turns=30, purple=True).record
    created = lost_cities_game(base_url, made["turns"], made["options"])
    join(phone, created)
    tap(phone, "#tab-board")
    table = phone.locator("svg.lost-cities")
    expect(table).to_be_visible()
    width = phone.viewport_size["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    box = table.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    for color in ("yellow", "blue", "white", "green", "red", "purple"):
        expect(table.locator(f'[data-pile="{color}"]')).to_have_count(1)
        pile = table.locator(f'[data-pile="{color}"]').bounding_box()
        assert pile["x"] >= 0 and pile["x"] + pile["width"] <= width, color
    expect(table.locator("text.colour-name")).to_have_count(6)
    expect(phone.locator("#deck")).to_contain_text("Deck")
    shot(phone, f"lost-cities-table-{phone.look}")
    # The composer's targets are at least 44 px.
    for button in phone.locator("#composer button").all():
        size = button.bounding_box()
        if size:
            assert size["height"] >= 44 and size["width"] >= 44, button.inner_text()
    tap(phone, "#tab-cards")
    expect(phone.locator("#table")).to_contain_text("Discard piles:")
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    shot(phone, f"lost-cities-cards-{phone.look}")


def test_a_refusal_in_words(context, page, base_url):
    old_phone(context)
    created = lost_cities_game(base_url, [
        {"player": "anna", "actions": [play("red", 7), draw()]},
        {"player": "ben", "actions": [discard("blue", 4), draw()]},
    ])
    join(page, created)
    tap(page, "#dispute")
    answer(page, "play")
    answer(page, "red")
    answer(page, 3)
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("lost-cities.row.ascending")
    expect(verdict).to_contain_text("Your red expedition has reached 7: the next red card must be higher than 7.")
    shot(page, "lost-cities-refused")


def test_the_quick_tally(context, page, base_url):
    old_phone(context)  # the tally asks the server
    tally_lost_cities(page)  # the totals follow the taps: each player's in the bar, each expedition's at its row
    totals = page.locator("#tally-totals")
    expect(page.locator('[data-seat="0"] [data-item="yellow"] .points')).to_have_text("22")
    expect(page.locator('[data-seat="1"] [data-item="purple"] .points')).to_have_text("-1")
    sheet = page.locator("#tally-result #sheet")
    expect(sheet.locator('li[data-player="anna"] .total')).to_have_text("22")
    expect(sheet.locator('li[data-player="ben"] .total')).to_have_text("14")
    expect(sheet.locator('li[data-player="ben"] dt')).to_have_text(["Yellow", "Blue", "White", "Green", "Red", "Purple",
                                                                     "Earlier rounds"])
    # A wager tapped past the third is none again; a number twice is refused in words.
    for _ in range(3):
        page.click("#expeditions-0-0")
    expect(page.locator("#expeditions-0-0")).to_have_attribute("value", "0")
    expect(totals.locator('[data-seat="0"]')).to_have_text("Anna 11")
    page.click("label:has(#expeditions-1-0-5)")
    expect(totals.locator(".problem")).to_contain_text("record.invalid")
    page.click("label:has(#expeditions-1-0-5)")
    expect(totals.locator('[data-seat="1"]')).to_have_text("Ben 14")
    page.click("text=Score it")
    expect(sheet.locator('li[data-player="anna"] .total')).to_have_text("11")
    # The tally opens on the game last tallied on this phone, and the new-game screen links the one picked there.
    page.goto("/")
    page.click("text=Quick tally")
    expect(page.locator('button[data-game="lost-cities"]')).to_have_attribute("aria-pressed", "true")
    page.goto("/#/new")
    page.wait_for_selector("#new-game")
    page.click('button[data-game="celtica"]')
    page.click("#to-tally")
    expect(page.locator('#tally button[data-game="celtica"]')).to_have_attribute("aria-pressed", "true")


def test_the_quick_tally_in_view_on_small_phones(phone, base_url):
    """The tally of six expeditions, compact: two lines a colour, every
    target 44 px, nothing scrolling sideways, the totals in view."""
    old_phone(phone.context)
    tally_lost_cities(phone)
    width = phone.viewport_size["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    rows = phone.locator('[data-seat="0"] [data-item]')
    expect(rows).to_have_count(6)
    for row in rows.all():
        box = row.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        assert box["height"] <= 2 * 44 + 12, row.inner_text()  # two lines of targets
    for target in phone.locator("#tally button, #tally .toggle, #tally input, #tally select").all():
        size = target.bounding_box()
        if size and size["width"]:
            assert size["height"] >= 44 and size["width"] >= 44, target.evaluate("e => e.outerHTML.slice(0, 80)")
    # The bar of totals is in view while the last row is tapped.
    phone.locator("label:has(#expeditions-1-5-8)").scroll_into_view_if_needed()
    expect(phone.locator("#tally-totals")).to_be_in_viewport()
    form, seat = (phone.locator(at).bounding_box()["height"] for at in ("#tally", 'fieldset[data-seat="0"]'))
    print(f"the Lost Cities tally form at {width} px: {form:.0f} px, a player {seat:.0f} px")
    shot(phone, f"lost-cities-tally-{phone.look}")


def test_next_round_reaches_every_phone_and_both_sheets_show_the_match(context, page, phone, browser, base_url):
    """Phone A starts round 2 from round 1's sheet; phone B, at round 1's
    table, and a spectator, on round 1's sheet, are offered it as it starts
    and open it: each shows rounds 1 and 2 and the match total."""
    for each in (context, phone.context):
        old_phone(each)
    finished = random_game(random.Random(3), turns=200).record  # to the deck's last card
    created = lost_cities_game(base_url, finished["turns"], finished["options"] or {})
    assert created["scoresheet"]["status"] == "finished"
    totals = {player["id"]: player["total"] for player in created["scoresheet"]["players"]}
    said = " · ".join(f"{name} {totals[id]}" for id, name in (("anna", "Anna"), ("ben", "Ben")))
    join(phone, created)
    watching = browser.new_context(viewport={"width": 390, "height": 844}, base_url=base_url, locale="en-GB")
    try:
        old_phone(watching)
        spectator = watching.new_page()
        join(spectator, created, spectator=True)
        spectator.goto(f"/#/sheet/{created['id']}")
        expect(spectator.locator("#match-total")).to_have_text(f"Match total: {said}")
        expect(spectator.locator("#next-round")).to_have_count(0)  # a spectator starts no round
        join(page, created)
        page.goto(f"/#/sheet/{created['id']}")
        expect(page.locator("#rounds li")).to_have_count(1)
        page.click("#next-round")
        page.wait_for_selector("#table[data-drawn]")
        second = page.evaluate("location.hash").split("/")[-1]
        assert second != created["id"]
        assert api(base_url, "GET", f"/games/{created['id']}", token=created["token"])["next"] == second

        # Phone B, at round 1's table, hears it and is offered it there.
        offer = phone.locator("#next-offer")
        expect(offer).to_contain_text("Round 2 has started.")
        assert phone.evaluate("document.documentElement.scrollWidth") <= phone.viewport_size["width"]
        shot(phone, f"lost-cities-next-offer-{phone.look}")
        phone.click("#open-next")
        phone.wait_for_function(f"() => location.hash === '#/game/{second}'")
        phone.wait_for_selector("#table[data-drawn]")
        expect(phone.locator("#composer")).to_be_visible()  # round 1's table token plays round 2
        # The spectator, on round 1's sheet, is offered it there, and reads it.
        spectator.click("#open-next")
        spectator.wait_for_function(f"() => location.hash === '#/game/{second}'")
        spectator.wait_for_selector("#table[data-drawn]")
        expect(spectator.locator("#composer")).to_have_count(0)

        for shown in (page, phone, spectator):
            shown.goto(f"/#/sheet/{second}")
            expect(shown.locator("#rounds li")).to_have_count(2)
            expect(shown.locator("#rounds li").first).to_have_text(f"Round 1: {said}")
            expect(shown.locator("#rounds li").nth(1)).to_have_text("Round 2: Anna 0 · Ben 0")
            expect(shown.locator("#match-total")).to_have_text(f"Match total: {said}")
            expect(shown.locator("#next-round")).to_have_count(0)  # the round has only begun
            expect(shown.locator('#sheet li[data-player="anna"] dl')).to_contain_text("Earlier rounds")
        assert phone.evaluate("document.documentElement.scrollWidth") <= phone.viewport_size["width"]
        shot(phone, f"lost-cities-match-{phone.look}")
        # Round 1's sheet now offers round 2 instead of starting another.
        phone.goto(f"/#/sheet/{created['id']}")
        expect(phone.locator("#open-next")).to_have_text("Open round 2")
        expect(phone.locator("#next-round")).to_have_count(0)
        shot(phone, f"lost-cities-round-1-sheet-{phone.look}")
    finally:
        watching.close()
