"""The screens around the table: a board profile imported, checked and
saved; a new game started from it with options; the quick tally."""

from __future__ import annotations

import json

from browser_helpers import api, sample_board, shot, stored_token
from playwright.sync_api import expect
from tapping import lay_tile


def import_board(page, tmp_path, game, board):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"game": game, "board": board}))
    page.goto("/#/boards")
    page.set_input_files("#board-file", str(path))
    page.wait_for_selector("#walk-step")


def started_record(page, base_url) -> dict:
    """The record of the game the app just started, as the server keeps it."""
    game_id = page.url.split("#/game/")[-1]
    return api(base_url, "GET", f"/games/{game_id}/record", token=stored_token(page, game_id))


def test_board_import_check_and_save(page, base_url, tmp_path):
    board = sample_board("keltis-orakel")
    import_board(page, tmp_path, "keltis-orakel", {**board, "oracle_from": 99})
    page.click("#walk-end")  # past the fields, to the board's own numbers and saving
    page.click("text=Check and save")
    # The server's board check refuses it, with its rule.
    expect(page.locator("#board-status")).to_contain_text("board.invalid")
    page.fill("#oracle-from", "30")
    page.click("text=Check and save")
    expect(page.locator("#board-status")).to_contain_text("Saved")
    board_id = page.locator("#board-status").inner_text().split("id ")[-1].rstrip(".")
    stored = api(base_url, "GET", f"/boards/{board_id}")
    assert stored["board"]["fields"] == board["fields"]
    shot(page, "boards-editor")


def orakel_tiles_to_lay(page, tmp_path, board):
    """A new Das Orakel game of Anna and Ben on ``board``, saved on this phone,
    with its tiles' layout open."""
    import_board(page, tmp_path, "keltis-orakel", board)
    page.click("#walk-end")
    page.click("text=Check and save")
    expect(page.locator("#board-status")).to_contain_text("Saved")
    page.goto("/#/new")
    page.wait_for_selector("#new-game")  # the boards screen has a button of that game too
    page.click('button[data-game="keltis-orakel"]')
    page.fill("#player-0", "Anna")
    page.fill("#player-1", "Ben")
    page.click("text=Lay out the tiles now (optional)")


def test_new_orakel_game_on_a_saved_board_with_options(page, base_url, tmp_path):
    orakel_tiles_to_lay(page, tmp_path, sample_board("keltis-orakel"))
    lay_tile(page, "5", "goblin")  # field 5 is a small one of the sample board
    page.check("#opt-spiral_to_start")
    page.click("text=Add a player")
    page.fill("#player-2", "Cleo")
    page.click('button[aria-label="Move player 3 up"]')  # Cleo sits second now
    # Two redraws later, the tile and the option are as they were entered.
    expect(page.locator('[data-place="5"]')).to_have_attribute("aria-label", "field 5, small field, ★ purple, goblin")
    expect(page.locator("#opt-spiral_to_start")).to_be_checked()
    shot(page, "new-game")
    page.click("text=Start the game")
    expect(page.locator("#turn-now")).to_contain_text("Anna")
    record = started_record(page, base_url)
    assert [p["name"] for p in record["players"]] == ["Anna", "Cleo", "Ben"]
    assert record["options"]["spiral_to_start"] is True
    assert record["board"]["fields"] == sample_board("keltis-orakel")["fields"]
    assert record["setup"] == {"tiles": {"5": "goblin"}, "tiles_complete": False}


def test_quick_tally(page):
    page.goto("/#/tally")
    page.fill("#name-0", "Anna")
    page.fill("#figures-0-0", "9")  # large figure on row 9: 20 points
    page.fill("#figures-0-1", "7")  # a small one on row 7: 6 points
    page.fill("#stones_held-0", "3")
    page.fill("#track-0", "5")
    page.fill("#name-1", "Ben")
    page.click("text=Score it")
    sheet = page.locator("#tally-result #sheet")
    expect(sheet.locator('li[data-player="anna"]')).to_contain_text("34")  # rules/keltis.md §15
    expect(sheet.locator('li[data-player="ben"]')).to_contain_text("-4")
    expect(sheet.locator('li[data-player="anna"]')).to_contain_text("winner")


def test_new_keltis_game_with_tiles_laid_out(page, base_url):
    page.goto("/#/new")
    page.fill("#player-0", "Anna")
    page.fill("#player-1", "Ben")
    page.click("text=Lay out the tiles now (optional)")
    lay_tile(page, "red:1", "clover")
    lay_tile(page, "blue:9", "points-3")
    page.check("#tiles-complete")
    # Redraws: a player added and moved up a seat, a look at Celtica and back.
    page.click("text=Add a player")
    page.fill("#player-2", "Cleo")
    page.click('button[aria-label="Move player 3 up"]')
    page.click('button[data-game="celtica"]')
    expect(page.locator('[data-place="red:1"]')).to_have_count(0)
    page.click('button[data-game="keltis"]')
    # The layout is as it was entered, still open to see.
    expect(page.locator("details:has(#tiles-complete)")).to_have_attribute("open", "")
    expect(page.locator('[data-place="red:1"] .tile')).to_have_text("♣")
    expect(page.locator('[data-place="blue:9"]')).to_have_attribute("aria-label", "◆ blue 9: 3 points")
    expect(page.locator('[data-place="green:1"] .tile')).to_have_text("?")
    expect(page.locator("#tiles-complete")).to_be_checked()
    page.uncheck("#tiles-complete")  # two tiles are not the whole set (rules/keltis.md §1)
    page.click("text=Start the game")
    expect(page.locator("#turn-now")).to_contain_text("Anna")
    # The board shows what the table laid out: a clover on red 1.
    expect(page.locator("svg.board title")).to_contain_text("red 1 clover")
    record = started_record(page, base_url)
    assert [player["name"] for player in record["players"]] == ["Anna", "Cleo", "Ben"]
    assert record["setup"] == {"tiles": {"red": {"1": "clover"}, "blue": {"9": "points-3"}}, "tiles_complete": False}


def test_board_walk_checks_as_it_goes(page, base_url, tmp_path):
    board = sample_board("keltis-orakel")
    import_board(page, tmp_path, "keltis-orakel", board)
    checked = page.locator("#board-check")
    expect(checked).to_contain_text("passes the checks")
    # A field without its value: the problem shows at that field, in the server's words.
    page.click('[data-place="3"]')
    page.fill("#value-3", "")
    broken = {**board, "fields": [dict(field) for field in board["fields"]]}
    broken["fields"][3]["value"] = ""
    (violation,) = api(base_url, "POST", "/boards/check", {"game": "keltis-orakel", "board": broken})["violations"]
    assert violation["details"]["pointer"] == "/board/fields/3/value"
    # ... in words: the pointer in the message becomes the name of what was entered.
    expect(page.locator("#step-problems")).to_have_text(violation["message"].replace("/board/fields/3/value", "Value of field 3"))
    expect(page.locator('svg.board .field[data-field="3"]')).to_have_class("field c-green current problem")
    expect(checked).to_contain_text("Not yet valid")
    page.fill("#value-3", "-3")
    expect(checked).to_contain_text("passes the checks")
    expect(page.locator(".field-problem")).to_have_count(0)
    # A board that holds but looks odd: the warnings are listed with the board's own numbers.
    page.click('[data-place="1"]')
    page.fill("#value-1", "2")
    warned = {**board, "fields": [dict(field) for field in board["fields"]]}
    warned["fields"][1]["value"] = 2
    warnings = api(base_url, "POST", "/boards/check", {"game": "keltis-orakel", "board": warned})["warnings"]
    assert warnings
    page.click("#walk-end")
    for warning in warnings:
        expect(page.locator("#step-problems .warnings")).to_contain_text(warning["message"])
    # Where the pointer names the profile's own entries, the input is marked too.
    page.fill("#oracle-from", "99")
    expect(page.locator("#oracle-from")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#walk-step .field-problem").first).to_contain_text("First field of the oracle area must be")


def seating(page) -> list[str]:
    return [page.input_value(f"#player-{i}") for i in range(page.locator("#seats li").count())]


def three_players(page):
    page.goto("/#/new")
    page.fill("#player-0", "Anna")
    page.fill("#player-1", "Ben")
    page.click("text=Add a player")
    page.fill("#player-2", "Cleo")


def new_celtica_game(page, tmp_path):
    """The new-game screen of a Celtica game of three, on the sample board saved on this phone."""
    import_board(page, tmp_path, "celtica", sample_board("celtica"))
    page.click("text=Check and save")
    expect(page.locator("#board-status")).to_contain_text("Saved")
    three_players(page)
    page.click('button[data-game="celtica"]')


def middle(box) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_drag_sets_the_seating_by_mouse_and_by_touch(browser, base_url):
    phone = browser.new_context(viewport={"width": 390, "height": 844}, base_url=base_url, locale="en-GB",
                                has_touch=True)
    try:
        page = phone.new_page()
        three_players(page)
        page.evaluate("addEventListener('pointerdown', event => { window.lastPointer = event.pointerType; }, true)")
        # Mouse: Anna's grip held and let go below the middle of Cleo's row.
        x, y = middle(page.locator("#seats .grip").nth(0).bounding_box())
        cleo = page.locator("#seats li").nth(2).bounding_box()
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x, cleo["y"] + cleo["height"] * 0.8, steps=8)
        page.mouse.up()
        assert page.evaluate("window.lastPointer") == "mouse"
        expect(page.locator("#player-2")).to_have_value("Anna")
        assert seating(page) == ["Ben", "Cleo", "Anna"]
        # Touch: Cleo's grip pulled up above Ben's row.
        x, y = middle(page.locator("#seats .grip").nth(1).bounding_box())
        top = page.locator("#seats li").nth(0).bounding_box()["y"] + 4
        touch = phone.new_cdp_session(page)
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for step in range(1, 9):
            touch.send("Input.dispatchTouchEvent",
                       {"type": "touchMove", "touchPoints": [{"x": x, "y": y + (top - y) * step / 8}]})
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        assert page.evaluate("window.lastPointer") == "touch"
        expect(page.locator("#player-0")).to_have_value("Cleo")
        assert seating(page) == ["Cleo", "Ben", "Anna"]
        shot(page, "new-game-seating")
        page.click("text=Start the game")
        expect(page.locator("#turn-now")).to_contain_text("Cleo")  # the first seat starts
    finally:
        phone.close()


def test_new_celtica_game_with_starting_parts_and_display(page, base_url, tmp_path):
    new_celtica_game(page, tmp_path)
    parts = {0: ["n", "s"], 1: ["center", "w"], 2: ["ne", "ne"]}
    for first, second in parts.values():
        page.click(f'#part-choices button[data-part="{first}"]')
        page.click(f'#part-choices button[data-part="{second}"]')
    page.click("text=The display now")  # folded away: the table may tell it as it goes
    page.select_option("#display-0", "n")
    page.select_option("#display-3", "center")
    expect(page.locator("#seat-name-2")).to_have_text("Cleo")
    # Cleo moves up a seat: her starting parts go with her, the display stays.
    page.click('button[aria-label="Move player 3 up"]')
    expect(page.locator("#seat-name-1")).to_have_text("Cleo")
    expect(page.locator("#start-1-0")).to_have_attribute("data-part", "ne")
    expect(page.locator("#display-3")).to_have_value("center")
    shot(page, "new-game-celtica")
    page.click("text=Start the game")
    expect(page.locator("#turn-now")).to_contain_text("Anna")
    record = started_record(page, base_url)
    assert [player["name"] for player in record["players"]] == ["Anna", "Cleo", "Ben"]
    assert record["setup"] == {"display": ["n", None, None, "center", None, None, None, None, None],
                               "parts": {"anna": ["n", "s"], "cleo": ["ne", "ne"], "ben": ["center", "w"]}}
    assert record["board"] == sample_board("celtica")


def test_player_ids_read_as_the_names_and_option_hints_are_words(page, base_url):
    page.goto("/#/new")
    page.click('button[data-game="keltis"]')
    # every option's hint in words: no raw value, no option name
    hints = page.locator("#new-game .option .hint").all_inner_texts()
    assert hints and all("false" not in hint and "_" not in hint for hint in hints), hints
    page.fill("#player-0", "Jürgen")
    page.fill("#player-1", "Søren")
    page.click("text=Add a player")
    page.fill("#player-2", "Iñigo")
    page.click("text=Start the game")
    expect(page.locator("#turn-now")).to_contain_text("Jürgen")
    record = started_record(page, base_url)
    assert [(player["id"], player["name"]) for player in record["players"]] == \
        [("jurgen", "Jürgen"), ("soren", "Søren"), ("inigo", "Iñigo")]
    page.goto("/#/new")
    page.click('button[data-game="celtica"]')
    hints = " ".join(page.locator("#new-game .option .hint").all_inner_texts())
    assert "stops on the goal" in hints
    for raw in ("cap ", "forbid", "up_to", "false"):
        assert raw not in hints, hints


def test_a_name_another_player_has_is_refused_at_its_field(page, base_url):
    page.goto("/#/new")
    page.fill("#player-0", "Anna")
    page.fill("#player-1", " ANNA")
    page.click("text=Start the game")
    refused = page.locator("#seats .field-problem")
    expect(refused).to_contain_text("/players/1/name repeats another player's name")
    expect(page.locator("#player-1")).to_have_attribute("aria-invalid", "true")
    shot(page, "new-game-name-refused")
    page.fill("#player-1", "Ben")
    page.click("text=Start the game")
    expect(page.locator("#turn-now")).to_contain_text("Anna")
    assert [player["name"] for player in started_record(page, base_url)["players"]] == ["Anna", "Ben"]
