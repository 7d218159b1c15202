"""Games that live on the phone: played from start to finish with no server
reachable, refereed by the phone's engine, then shared with a server, which
replays the record to the same score sheet; and the static build of
``brehon static``, served by a plain static server, playing a game and
tallying one."""

from __future__ import annotations

import json
import random
import re
import socket
import subprocess
import sys

import pytest
from browser_helpers import DATA, api, shot
from keltis_script import Policy, layout
from lost_cities_games import random_game as lost_cities_round
from playwright.sync_api import expect
from tapping import correct_turn, current_player, lay_tile, open_section, play_turn, tally_lost_cities, tap

from brehon.redis_server import free_port
from brehon.static import write_static

#: Pyodide starts in seconds, not milliseconds: wait for it as long as it may take on a busy CI.
START = 120_000
READY = "async () => (await import('/js/referee.js')).whenReady()"


def new_game_here(page, tiles: dict | None = None) -> str:
    """Fill in the new-game screen (Keltis, Anna and Ben, ``tiles`` laid
    out) and tap "Play on this phone"; answers the game's id once its table
    is drawn."""
    page.click("text=New game")
    page.fill("#player-0", "Anna")
    page.fill("#player-1", "Ben")
    if tiles:
        page.click("text=Lay out the tiles now")
        for path, rows in tiles["tiles"].items():
            for row, tile in rows.items():
                lay_tile(page, f"{path}:{row}", tile)
        page.check("#tiles-complete")
    page.click("#play-here")
    page.wait_for_selector("#table[data-drawn]", timeout=START)  # the first time, the referee starts meanwhile
    expect(page.locator("#local-note")).to_be_visible()
    return page.evaluate("decodeURIComponent(location.hash.split('/')[2])")


def play_to_the_end(page) -> int:
    """Tap turns (keltis_script's policy) until the game is over; answers how many."""
    policy = Policy()
    for played in range(80):
        page.wait_for_selector("#question, #over-title")
        if page.query_selector("#question") is None:
            return played
        player = current_player(page)
        play_turn(page, policy, player)
        policy.turns[player] += 1
    raise AssertionError("the game did not end in 80 turns")


def download(page, button: str) -> bytes:
    with page.expect_download() as done:
        page.click(button)
    return open(done.value.path(), "rb").read()


def brehon_replay(record: dict, tmp_path) -> dict:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    done = subprocess.run([sys.executable, "-m", "brehon.cli", "replay", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_game_played_on_the_phone_offline_then_shared_replays_to_the_same_score_sheet(page, context, base_url, tmp_path):
    # Once online: the service worker keeps the shell and the referee, rulesets.js the rulesets.
    page.goto("/")
    page.wait_for_selector("nav.menu")
    assert page.wait_for_function(READY, timeout=START).json_value() is True
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")

    context.set_offline(True)
    game_id = new_game_here(page, layout())
    assert game_id.startswith("local-")
    turns = play_to_the_end(page)
    expect(page.locator(".turn-now")).to_have_text("The game is over.")
    assert len(page.locator("#log li").all()) == turns
    shot(page, "local-over")

    # The score sheet, the CSV and the record, all from the phone.
    page.click("text=Score sheet >> nth=0")
    page.wait_for_selector("#sheet")
    expect(page.locator("#pdf-note")).to_contain_text("Brehon server")
    csv = download(page, "text=CSV")
    record = json.loads(download(page, "text=Game record (JSON)"))
    assert len(record["turns"]) == turns
    sheet = brehon_replay(record, tmp_path)
    assert sheet["status"] == "finished"
    for player in sheet["players"]:
        expect(page.locator(f'#sheet [data-player="{player["id"]}"]')).to_contain_text(str(player["total"]))

    # Shared once the network is back: the server's game takes its place, with its invite.
    context.set_offline(False)
    page.click("text=Back to the table")
    page.click("#share")
    page.wait_for_selector("#qr-table")
    shared = page.evaluate("decodeURIComponent(location.hash.split('/')[2])")
    assert not shared.startswith("local-")
    # The phone keeps the server's game, and no longer its own.
    kept = page.evaluate("""new Promise(resolve => {
        const open = indexedDB.open('brehon');
        open.onsuccess = () => {
          const tx = open.result.transaction(['games', 'local']);
          const games = tx.objectStore('games').getAllKeys();
          const local = tx.objectStore('local').getAllKeys();
          tx.oncomplete = () => resolve({games: games.result, local: local.result});
        };
    })""")
    assert kept == {"games": [shared], "local": []}
    link = page.input_value("#qr-table-link")
    server_token = link.split("&t=")[1].split("&")[0]
    on_server = api(base_url, "GET", f"/games/{shared}", token=server_token)
    assert on_server["record"]["turns"] == record["turns"]
    assert on_server["scoresheet"] == sheet
    # The phone's CSV is the server's, byte for byte.
    answer = page.request.get(f"{base_url}/api/v1/games/{shared}/scoresheet?format=csv",
                              headers={"Authorization": f"Bearer {server_token}"})
    assert answer.ok and answer.body() == csv
    # The table display's link, for a TV: its QR code, and the spectator's read-only token in it.
    expect(page.locator("#qr-display svg")).to_be_visible()
    display = page.input_value("#qr-display-link")
    spectator = display.split("&t=")[1].split("&")[0]
    assert display.endswith("&v=display") and "&s=1&" in display and spectator != server_token
    assert api(base_url, "GET", f"/games/{shared}", token=spectator)["scoresheet"] == sheet


def replacing(answers):
    """A policy for a replacement turn: the listed answers by question key, else the first offered value."""
    return lambda key, values, player: answers.get(key, values[0])


def test_a_game_on_the_phone_is_corrected_and_the_corrections_stay_in_its_log(page):
    page.goto("/")
    page.wait_for_selector("nav.menu")  # the rulesets are kept on this phone
    page.route("**/api/v1/**", lambda route: route.abort())  # from now on no API answers
    new_game_here(page, layout())
    policy = Policy()
    for _ in range(4):
        player = current_player(page)
        play_turn(page, policy, player)
        policy.turns[player] += 1

    open_section(page, "log")
    page.click("#undo")
    tap(page, '#who-corrects button[data-player="ben"]')  # who corrects it: asked in the app's own dialog
    log = page.locator("#log > li")
    expect(log).to_have_count(4)
    expect(log.first).to_have_class("undone")
    expect(log.first.locator(".ended")).to_contain_text("undone by Ben")
    expect(page.locator("#turn-now")).to_contain_text("Ben")  # Ben's turn to log again

    correct_turn(page, 2)  # the last turn that stands, Anna's
    expect(page.locator("#composer-title")).to_have_text("Correct turn 3")
    play_turn(page, replacing({"type": "discard"}), "anna", log=False)
    page.fill("#correct-by", "Anna")
    tap(page, "#log-turn")
    expect(page.locator("#turn-message")).to_contain_text("Turn 3 was replaced")
    replaced = page.locator('#log li[data-turn="2"]')
    expect(replaced.locator(".turn-text")).to_contain_text("Anna: discarded")
    expect(replaced.locator(".versions del")).to_contain_text("Anna: played")
    expect(replaced.locator(".versions .ended")).to_contain_text("replaced by Anna")
    expect(page.locator("#log-count")).to_have_text("3 turns · 2 corrections")
    expect(page.locator("#composer-title")).to_have_text(re.compile(r"^Log \w+'s turn$"))

    page.click("text=Score sheet >> nth=0")
    page.wait_for_selector("#sheet")
    with page.expect_download() as done:
        page.click("text=Game record (JSON)")
    record = json.loads(open(done.value.path()).read())
    assert [turn["actions"][0]["type"] for turn in record["turns"]] == ["play", "play", "discard"]


def test_the_next_round_of_a_match_on_the_phone(page):
    """A Lost Cities round that lives on the phone: "Next round" starts the
    next on the phone too, with the totals carried, and its sheet lists both
    rounds and the match total, with no server answering."""
    page.goto("/")
    page.wait_for_selector("nav.menu")  # the rulesets are kept on this phone
    page.route("**/api/v1/**", lambda route: route.abort())  # from now on no API answers
    finished = lost_cities_round(random.Random(3), turns=200).record  # to the deck's last card
    first = page.evaluate("""async record => {
        const {createLocal} = await import('/js/local.js');
        const {put} = await import('/js/db.js');
        const made = await createLocal(record);
        await put('games', {id: made.id, game: record.game, joined: Date.now()});
        return made;
    }""", {**finished, "options": finished["options"] or {}, "setup": {}})  # a first round: nothing carried in
    assert first["scoresheet"]["status"] == "finished"
    totals = {player["id"]: player["total"] for player in first["scoresheet"]["players"]}
    said = " · ".join(f"{name} {totals[id]}" for id, name in (("anna", "Anna"), ("ben", "Ben")))
    page.goto(f"/#/sheet/{first['id']}")
    expect(page.locator("#rounds li")).to_have_count(1, timeout=START)
    page.click("#next-round")
    page.wait_for_selector("#table[data-drawn]")
    expect(page.locator("#local-note")).to_be_visible()
    second = page.evaluate("decodeURIComponent(location.hash.split('/')[2])")
    assert second.startswith("local-") and second != first["id"]
    page.goto(f"/#/sheet/{second}")
    expect(page.locator("#rounds li")).to_have_count(2)
    expect(page.locator("#rounds li").first).to_have_text(f"Round 1: {said}")
    expect(page.locator("#rounds li").nth(1)).to_have_text("Round 2: Anna 0 · Ben 0")
    expect(page.locator("#match-total")).to_have_text(f"Match total: {said}")
    page.goto(f"/#/sheet/{first['id']}")
    expect(page.locator("#open-next")).to_have_text("Open round 2")  # not another round 2


@pytest.fixture
def static_site(tmp_path):
    """``brehon static`` served by ``python -m http.server`` on a free port,
    waited for by connecting to it."""
    site = tmp_path / "site"
    write_static(site)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(site)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            assert server.poll() is None, "python -m http.server stopped"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                continue
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait()


def test_the_static_build_plays_a_game_on_the_phone(browser, static_site, tmp_path):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=static_site, locale="en-GB")
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto("/")
        page.wait_for_selector("nav.menu")
        # No Brehon server answers here: one line says what that means.
        expect(page.locator("#version")).to_have_text(
            "This site has no Brehon server: games are played on this phone, and sharing them with the table needs a Brehon server.")
        page.click("text=New game")
        page.wait_for_selector("#play-here")
        expect(page.locator("#start")).to_have_count(0)  # no server to start a game on
        page.goto("/")
        new_game_here(page)
        policy = Policy()
        for _ in range(4):
            player = current_player(page)
            play_turn(page, policy, player)
            policy.turns[player] += 1
        expect(page.locator("#log li")).to_have_count(4)
        page.click("#share")
        expect(page.locator("#share-problem")).to_have_text("Sharing needs a Brehon server: this site has none.")
        page.click("text=Score sheet >> nth=0")
        page.wait_for_selector("#sheet")
        expect(page.locator("#sheet-caption")).to_have_text("Score so far (in progress)")
        expect(page.locator("#sheet li")).to_have_count(2)
        shot(page, "static-sheet")

        # A game record opened here is played on the phone too.
        record = json.loads((DATA / "keltis" / "example1.json").read_text())["record"]
        (tmp_path / "record.json").write_text(json.dumps(record))
        page.goto("/")
        page.set_input_files("#record-file", str(tmp_path / "record.json"))
        page.wait_for_selector("#table[data-drawn]", timeout=START)  # the referee starts again on this page
        expect(page.locator("#local-note")).to_be_visible()
        open_section(page, "log")
        expect(page.locator("#log li")).to_have_count(len(record["turns"]))
    finally:
        context.close()


def test_the_static_build_tallies_on_the_phone(browser, static_site):
    """Issue 29 §5: a static site has no API (POST /tally is answered 501):
    the quick tally, asked from the first screen on, is answered by the
    phone's referee as soon as it is ready, never "HTTP 501"."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=static_site, locale="en-GB")
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        tally_lost_cities(page, wait=START)  # the first time, the referee starts meanwhile
        expect(page.locator("#tally-result #sheet li[data-player]")).to_have_count(2)
        expect(page.locator("#tally")).not_to_contain_text("HTTP")
        shot(page, "static-tally")
    finally:
        context.close()

