"""Every registered game through the screens its declaration drives (issue
28: a game is one package): the board editor, the new-game form with its
options and setup, the quick tally's fields and the score sheet's columns,
each built from what ``GET /api/v1/rulesets`` says of the game, so that a
new game is walked by this test with no line added here; and the quick
tally of every game answered by the phone's referee with the network cut."""

from __future__ import annotations

import pytest
from browser_helpers import api
from playwright.sync_api import expect
from tapping import old_phone

import scoring


def described(base_url: str, game: str) -> dict:
    """The game as GET /rulesets describes it (in English, as the page speaks)."""
    return next(ruleset for ruleset in api(base_url, "GET", "/rulesets") if ruleset["game"] == game)


def save_blank_board(page, game: str) -> None:
    """The board editor opened on the game's blank profile, saved on this phone."""
    # From home, so the boards screen is drawn afresh: a second board would
    # otherwise find the first one's editor, its save button and its "Saved".
    page.goto("/#/")
    page.wait_for_selector("nav.menu")
    page.goto("/#/boards")
    page.wait_for_selector("#board-file")
    page.click(f'button[data-game="{game}"]')
    page.wait_for_selector("#walk-step, #board-form")
    if page.locator("#walk-end").count():  # a walk: past the places, to saving
        page.click("#walk-end")
    saved = page.locator("#saved-boards li").count()
    page.click("text=Check and save")
    expect(page.locator("#board-status")).to_contain_text("Saved")
    expect(page.locator("#saved-boards li")).to_have_count(saved + 1)


@pytest.mark.parametrize("game", sorted(scoring.RULESETS))
def test_every_game_through_its_declared_screens(context, base_url, game):
    old_phone(context)  # the tally asks the server: no referee needed
    page = context.new_page()
    ruleset = described(base_url, game)
    if ruleset["board_editor"]:
        save_blank_board(page, game)
        expect(page.locator("#editor")).to_contain_text(ruleset["board_editor"]["hint"])

    # The new-game form: the game's players, options and setup.
    page.goto("/#/new")
    page.wait_for_selector("#new-game")  # not the screen before's buttons of the same game
    page.click(f'button[data-game="{game}"]')
    expect(page.locator(f'button[data-game="{game}"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#seats li")).to_have_count(ruleset["players"]["min"])
    expect(page.locator("[data-option]")).to_have_count(len(ruleset["options"]))
    setup = ruleset["setup"]
    if setup.get("parts"):
        expect(page.locator("[data-start]")).to_have_count(2 * setup["parts"])
        expect(page.locator('select[id^="display-"]')).to_have_count(setup["display"])
    elif setup.get("tiles"):
        page.click("text=Lay out the tiles now (optional)")
        expect(page.locator("#tile-board [data-place]").first).to_be_visible()
    expect(page.locator("#new-game")).to_contain_text(setup["hint"])

    # The quick tally: the declared fields of each player, then the sheet's columns.
    page.goto("/#/tally")
    page.wait_for_selector("#tally")
    page.click(f'button[data-game="{game}"]')
    expect(page.locator("#tally")).to_contain_text(ruleset["tally"]["hint"])
    expect(page.locator("#tally [data-option]")).to_have_count(len(ruleset["tally"].get("options", [])))
    for field in ruleset["tally"]["fields"]:
        ids = [f"#{field['key']}-0-{k}" for k in range(len(field["labels"]))] if "labels" in field else [f"#{field['key']}-0"]
        for input_id in ids:
            if field["form"] == "rows":  # the count of each row's named cards
                expect(page.locator(input_id)).to_have_attribute("value", "0")
            else:
                expect(page.locator(input_id)).to_have_value("0")
    page.fill("#name-0", "Anna")
    page.fill("#name-1", "Ben")
    page.click("text=Score it")
    sheet = page.locator("#tally-result #sheet")
    expect(sheet.locator("li[data-player]")).to_have_count(2)
    anna = sheet.locator('li[data-player="anna"]')
    said = [column for column in ruleset["sheet"]["columns"] if "words" in column]
    if said:  # counted in words, a line each
        expect(anna.locator(".amulet-words li")).to_have_count(len(said))
    else:
        expect(anna.locator("dt")).to_have_text([column["title"] for column in ruleset["sheet"]["columns"]
                                                 if "option" not in column])  # its options left off
    tie_break = ruleset["sheet"]["tie_break"]
    if tie_break:  # nobody has any of what ranks first: the declared words say what decides
        expect(page.locator("#rank-reason")).to_have_text(tie_break["none"])


#: Pyodide starts in seconds, not milliseconds: wait for it as long as it may take on a busy CI.
START = 120_000
READY = "async () => (await import('/js/referee.js')).whenReady()"


def enter_one(page, field: dict):
    """Enter one value into the first player's ``field`` as a player does;
    answers what the tally takes for it."""
    key, form = field["key"], field["form"]
    if form == "rows":  # a named card and the first number of the first row
        page.click(f"#{key}-0-0")
        page.click(f"label:has(#{key}-0-0-{field['numbers'][0]})")
        return {field["items"][0]: [field["named"]["value"], field["numbers"][0]]}
    if form == "number":
        page.fill(f"#{key}-0", "3")
        return 3
    page.fill(f"#{key}-0-0", "2")
    if form == "numbers":
        return [2] + [0] * (len(field["labels"]) - 1)
    if form == "figures":
        return [{"row": 2, "large": field["sizes"][0] == "large"}]
    return {item: 2 if k == 0 else 0 for k, item in enumerate(field["items"])}  # counts


def untouched(field: dict):
    """What the tally takes for a field nobody touched."""
    return {"number": 0, "numbers": [0] * len(field.get("labels", [])), "figures": [],
            "counts": dict.fromkeys(field.get("items", []), 0), "rows": {}}[field["form"]]


def test_the_phone_s_referee_tallies_every_game_with_the_network_cut(context, base_url):
    """Issue 29 §5: once the referee is ready it answers the quick tally, and
    the server is not asked: with the network up, and cut, for every game
    (Lost Cities with its purple expedition), to the totals the server gives."""
    page = context.new_page()
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/api/v1/tally" in request.url else None)
    page.goto("/")
    assert page.wait_for_function(READY, timeout=START).json_value() is True
    rulesets = {game: described(base_url, game) for game in sorted(scoring.RULESETS)}
    for game, ruleset in rulesets.items():
        if ruleset["board_editor"]:
            save_blank_board(page, game)
    context.set_offline(True)
    page.evaluate("location.hash = '#/tally'")
    page.wait_for_selector("#tally")
    for game, ruleset in rulesets.items():
        page.click(f'button[data-game="{game}"]')
        expect(page.locator(f'button[data-game="{game}"]')).to_have_attribute("aria-pressed", "true")
        page.fill("#name-0", "Anna")
        page.fill("#name-1", "Ben")
        fields = ruleset["tally"]["fields"]
        anna = {"id": "anna", **{field["key"]: enter_one(page, field) for field in fields}}
        ben = {"id": "ben", **{field["key"]: untouched(field) for field in fields}}
        options = {}
        for name in ruleset["tally"].get("options", []):  # each option on, a row it brings tapped
            page.click(f"label:has(#tally-{name})")
            options[name] = True
            for field in fields:
                for item in [item for item, needs in field.get("with_option", {}).items() if needs == name]:
                    number = field["numbers"][-1]
                    page.click(f"label:has(#{field['key']}-1-{field['items'].index(item)}-{number})")
                    ben[field["key"]] = {**ben[field["key"]], item: [number]}
        board = ruleset["board_editor"]["blank"] if ruleset["board_editor"] else None
        server = api(base_url, "POST", "/tally", {"game": game, "options": options, "board": board, "players": [anna, ben]})
        totals = {player["id"]: player["total"] for player in server["players"]}
        expect(page.locator('#tally-totals [data-seat="0"]')).to_have_text(f"Anna {totals['anna']}")
        expect(page.locator('#tally-totals [data-seat="1"]')).to_have_text(f"Ben {totals['ben']}")
        sheet = page.locator("#tally-result #sheet")
        for player in server["players"]:
            expect(sheet.locator(f'li[data-player="{player["id"]}"] .total')).to_have_text(str(player["total"]))
            if not any("words" in column for column in ruleset["sheet"]["columns"]):
                expect(sheet.locator(f'li[data-player="{player["id"]}"] dd')).to_have_text(
                    [", ".join(map(str, value)) or "–" if isinstance(value, list) else str(value)
                     for value in player["breakdown"].values()])
    context.set_offline(False)  # back online, the referee still answers
    page.fill("#name-1", "Cleo")
    expect(page.locator('#tally-totals [data-seat="1"]')).to_have_text(f"Cleo {totals['ben']}")
    assert asked == [], "the server was asked for a tally the referee answers"
