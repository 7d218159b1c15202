"""The table app made for the table (issue 11 §1, §4, §6, §7, §9), each at
390 x 844 and 320 x 640, light and dark: what matters is in view, the score
sheet on a phone, joining, first steps, Send to BG Stats."""

from __future__ import annotations

import json
from importlib.metadata import version
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_helpers import DATA, api, shot
from exports.spreadsheet import options_text
from keltis_script import keltis_game, three_player_game
from playwright.sync_api import expect
from tapping import join, log_offline, open_section, tap
from test_table_behaviour import FIGURE, compose_first_turn



def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0


def in_view(page, selector):
    """The element lies inside the viewport as it is scrolled now."""
    box = page.locator(selector).bounding_box()
    height = page.evaluate("innerHeight")
    assert box is not None and 0 <= box["y"] and box["y"] + min(box["height"], 1) <= height, (selector, box, height)


def test_the_table_at_turn_17_fits_and_keeps_its_sections(phone, base_url):
    created = three_player_game(base_url, 17)
    # The creating phone's seat colours travel in the link.
    phone.goto(f"/#g={created['id']}&t={created['token']}&c=purple,green,yellow")
    phone.wait_for_selector("#table[data-drawn]")
    # On top: the scores, whose turn it is, the composer.
    for selector in (".strip", "#turn-now", "#composer-title", "#question"):
        in_view(phone, selector)
    height = phone.evaluate("document.documentElement.scrollHeight")
    print(f"table screen at turn 17, {phone.look}: {height} px")
    if phone.look.startswith("390"):
        assert height <= 2.5 * 844, f"the table screen is {height} px tall"
    no_sideways_scroll(phone)
    # The colours chosen on the new-game screen, in the strip and the log.
    strip = phone.locator(".strip li")
    expect(strip.nth(0)).to_have_class("player seat-purple")
    expect(strip.nth(1).locator(".seat-mark")).to_have_class("seat-mark c-green")
    marks = {phone.locator(".strip .seat-mark").nth(k).evaluate("e => getComputedStyle(e).color") for k in range(3)}
    assert len(marks) == 3
    shot(phone, f"table-turn17-{phone.look}")
    # The log shows the latest 3 turns and opens to all; only the last turn
    # has its Correct in view, earlier ones through their menu.
    open_section(phone, "log")
    visible = phone.locator("#log > li:visible")
    expect(visible).to_have_count(3)
    expect(phone.locator("#correct-16")).to_be_visible()
    expect(phone.locator("#log button.correct:visible")).to_have_count(1)
    tap(phone, "#log-all")
    expect(visible).to_have_count(17)
    expect(phone.locator("#log button.correct:visible")).to_have_count(1)
    phone.locator('#log li[data-turn="3"] details.turn-menu summary').click()
    expect(phone.locator("#correct-3")).to_be_visible()
    shot(phone, f"table-log-{phone.look}")
    no_sideways_scroll(phone)
    # The open section is remembered on this device.
    phone.reload()
    phone.wait_for_selector("#table[data-drawn]")
    expect(phone.locator("#tab-log")).to_have_attribute("aria-selected", "true")
    expect(phone.locator("#section-board")).to_be_hidden()
    open_section(phone, "cards")
    expect(phone.locator("#section-cards .cardrow:visible")).to_have_count(3)  # a table of card rows per player
    no_sideways_scroll(phone)
    shot(phone, f"table-cards-{phone.look}")


def test_a_stale_turn_is_said_at_the_composer(phone, base_url):
    created = keltis_game(base_url)
    join(phone, created)
    compose_first_turn(phone)
    log_offline(phone.context, phone, FIGURE)
    other = {"player": "anna", "actions": [{"type": "discard", "card": {"color": "red", "value": 3}},
                                           {"type": "draw", "from": "deck"}]}
    api(base_url, "POST", f"/games/{created['id']}/turns", other, token=created["token"],
        headers={"If-Match": f'"{created["version"]}"'})
    phone.context.set_offline(False)
    message = phone.locator("#turn-alert")
    expect(message).to_contain_text("Someone else logged first")
    expect(message).to_contain_text("Not logged: Anna: played")
    # Another phone logged Anna's turn first: hers is back as its replacement, to log or cancel.
    expect(message).to_contain_text("back in the composer as the replacement of turn 1")
    expect(phone.locator("#composer-title")).to_have_text("Correct turn 1")
    in_view(phone, "#turn-alert")
    shot(phone, f"table-stale-{phone.look}")
    # It stays until it is read: closed by its button.
    phone.click("#turn-alert button.close")
    expect(message).to_be_empty()


def test_a_refused_turn_comes_back_into_the_composer(phone, base_url):
    created = keltis_game(base_url)
    join(phone, created)
    # A turn the server refuses: Anna discards and does not draw (the outbox
    # sends what it holds; this one was queued by hand).
    turn = {"player": "anna", "actions": [{"type": "discard", "card": {"color": "red", "value": 3}}]}
    phone.evaluate("""([id, turn, version]) => import('/js/outbox.js').then(outbox => outbox.enqueue(id, turn, version))""",
                   [created["id"], turn, created["version"]])
    message = phone.locator("#turn-alert")
    expect(message).to_contain_text("The server refused the turn")
    expect(message).to_contain_text("Not logged: Anna: discarded")
    expect(message).to_contain_text("back in the composer")
    in_view(phone, "#turn-alert")
    # The refused turn is in the composer, to finish or change.
    expect(phone.locator("#composer .chips")).to_contain_text("discarded")
    expect(phone.locator("#question")).to_have_attribute("data-key", "from")
    shot(phone, f"table-refused-{phone.look}")
    assert api(base_url, "GET", f"/games/{created['id']}", token=created["token"])["record"]["turns"] == []


def test_a_finished_game_says_so_at_the_top(phone, base_url):
    record = json.loads((DATA / "celtica" / "complete_game.json").read_text())["record"]
    created = api(base_url, "POST", "/games", record)
    join(phone, created)
    names = {player["id"]: player["name"] for player in record["players"]}
    over = phone.locator("#game-over")
    expect(over).to_contain_text("The game is over")
    for winner in created["scoresheet"]["winners"]:
        expect(phone.locator("#winners")).to_contain_text(names[winner])
    in_view(phone, "#game-over a[href^='#/summary']")
    in_view(phone, "#game-over a[href^='#/sheet']")
    assert phone.query_selector("#composer") is None
    shot(phone, f"table-over-{phone.look}")


def test_the_score_sheet_on_a_phone(phone, base_url):
    created = three_player_game(base_url, 17)
    join(phone, created)
    phone.goto(f"/#/sheet/{created['id']}")
    phone.wait_for_selector("#sheet")
    no_sideways_scroll(phone)
    width = phone.evaluate("innerWidth")
    for player in created_sheet(base_url, created)["players"]:
        card = phone.locator(f'#sheet [data-player="{player["id"]}"]')
        for part in (".total", ".rank"):
            box = card.locator(part).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (player["id"], part, box)
        expect(card.locator(".total")).to_have_text(str(player["total"]))
        expect(card.locator(".rank")).to_have_text(f"{player['rank']}.")
    # In progress: nobody has won yet.
    expect(phone.locator("#sheet")).to_contain_text("leading")
    expect(phone.locator("#sheet")).not_to_contain_text("winner")
    expect(phone.locator("#bgstats")).to_have_count(0)
    shot(phone, f"sheet-in-progress-{phone.look}")


def created_sheet(base_url, created):
    return api(base_url, "GET", f"/games/{created['id']}", token=created["token"])["scoresheet"]


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_send_to_bg_stats(browser, base_url, locale):
    """The play as BG Stats takes it from other apps: from Brehon, with the
    game's id as the play's (pushed again, it updates the play), the game's
    BoardGameGeek id, and the options played as the board, in the words the
    exports give them in the app's language."""
    record = json.loads((DATA / "celtica" / "complete_game.json").read_text())["record"]
    created = api(base_url, "POST", "/games", record)
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=base_url, locale=locale)
    try:
        page = context.new_page()
        join(page, created)
        page.goto(f"/#/sheet/{created['id']}")
        link = page.get_attribute("#bgstats", "href")
    finally:
        context.close()
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://app.bgstatsapp.com/createPlay.html"
    play = json.loads(parse_qs(parts.query)["data"][0])
    assert play["sourceName"] == "Brehon" and play["sourcePlayId"] == created["id"]
    assert play["game"]["name"] == "Celtica" and play["game"]["highestWins"] is True
    assert play["game"]["bggId"] == 21293 and play["game"]["sourceGameId"] == "celtica"
    assert play["board"] == options_text(record, locale[:2]) and play["board"]
    sheet = created["scoresheet"]
    by_id = {player["id"]: player for player in sheet["players"]}
    assert [p["name"] for p in play["players"]] == [p["name"] for p in record["players"]]
    for sent, seat in zip(play["players"], record["players"]):
        assert sent["score"] == by_id[seat["id"]]["total"] and sent["rank"] == by_id[seat["id"]]["rank"]
        assert sent["winner"] == (seat["id"] in sheet["winners"])
    assert [p["startPlayer"] for p in play["players"]] == [True] + [False] * (len(record["players"]) - 1)
    assert len(play["playDate"]) == 19 and play["playDate"][4] == "-" and play["playDate"][13] == ":"
    assert play["durationMin"] >= 0


def test_plural_forms_follow_the_language(page):
    page.goto("/")
    page.wait_for_selector("nav.menu")
    said = page.evaluate("""async () => {
        const i18n = await import('/js/i18n.js');
        const {rulesets} = await import('/js/rulesets.js');
        const out = {};
        for (const lang of ['en', 'de', 'es']) {
            await i18n.loadLanguage(lang);
            // A count the app says, and one Keltis' package declares for its drawer.
            const goal = (await rulesets()).keltis.texts.drawer.goal_area;
            out[lang] = [1, 2].map(n => [i18n.t('cards.stones', {n}), i18n.say(goal, {n}), i18n.t('say.move', {druid: 'x', n})]);
        }
        return out;
    }""")
    assert said["en"][0] == ["1 wishing stone", "1 figure in the goal area", "moved the x druid with 1 card"]
    assert said["en"][1] == ["2 wishing stones", "2 figures in the goal area", "moved the x druid with 2 cards"]
    assert said["de"][0][0] == "1 Wunschstein" and said["de"][1][0] == "2 Wunschsteine"
    assert said["es"][0][1] == "1 figura en la zona de meta" and said["es"][1][1] == "2 figuras en la zona de meta"


def test_first_steps_at_home(phone, base_url, tmp_path):
    phone.goto("/")
    about = phone.locator("#about")
    for game in ("Keltis", "Keltis: Das Orakel", "Celtica"):
        expect(about).to_contain_text(game)
    # The server's version, in one line.
    expect(phone.locator("#version")).to_have_text(f"Brehon {version('brehon')}")
    # A game record (the export) opens as a game on this server.
    record = json.loads((DATA / "celtica" / "complete_game.json").read_text())["record"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps({**record, "turns": record["turns"][:5]}))
    phone.set_input_files("#record-file", str(path))
    phone.wait_for_selector("#table[data-drawn]")
    expect(phone.locator("#log > li")).to_have_count(5)
    # My games: the game, the players, the date, the status and the leader.
    phone.goto("/")
    line = phone.locator("#my-games li").first
    expect(line).to_contain_text("Celtica")
    expect(line).to_contain_text(", ".join(player["name"] for player in record["players"]))
    expect(line).to_contain_text("in progress")
    expect(line).to_contain_text("lead")
    # With a camera to ask for (a secure origin: here localhost), the QR code is
    # scanned, whether or not the browser has a BarcodeDetector (headless Chromium has none).
    assert phone.evaluate("Boolean(navigator.mediaDevices)")
    expect(phone.locator("#scan")).to_be_visible()
    expect(phone.locator("main")).to_contain_text("Scan the table's QR code with the camera, or paste the link")
    shot(phone, f"home-{phone.look}")
    no_sideways_scroll(phone)


def test_options_in_words_and_a_bad_value(phone, base_url):
    phone.goto("/#/new")
    phone.click('button[data-game="keltis"]')
    expect(phone.locator('label[for="opt-tie_break"]')).to_have_text("Equal totals")
    expect(phone.locator("#opt-tie_break option").nth(1)).to_have_text("more wishing stones rank higher")
    expect(phone.locator("#opt-tie_break-hint")).to_contain_text("How equal totals rank. Default: share the rank.")
    phone.click('button[data-game="keltis-orakel"]')
    phone.fill("#player-0", "Anna")
    phone.fill("#player-1", "Ben")
    phone.fill("#opt-two_player_removed", "thirty")
    phone.click("text=Start the game")
    problem = phone.locator("#opt-two_player_removed-problem")
    expect(problem).to_contain_text("whole number")
    expect(phone.locator("#opt-two_player_removed")).to_be_focused()
    expect(phone.locator("#opt-two_player_removed")).to_have_attribute("aria-invalid", "true")
    no_sideways_scroll(phone)
    shot(phone, f"new-game-options-{phone.look}")
    # The explanations come in the user's language, from the server.
    phone.select_option("#lang", "de")
    phone.click('button[data-game="keltis"]')
    expect(phone.locator('label[for="opt-tie_break"]')).to_have_text("Gleichstand")
