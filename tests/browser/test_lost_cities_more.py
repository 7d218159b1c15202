"""Lost Cities in a real browser beyond a round at the table
(test_lost_cities_table.py): undo, a correction of an earlier turn and the
dispute check, tapped and read back from the record and the score sheet; a
round on the phone with no server and a server's round played offline, both
refereed on the phone; and a finished round's summary, exports and BG Stats
play, at 390 and 320 px."""

from __future__ import annotations

import json
import random
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_helpers import api, shot
from lost_cities_games import discard, draw, play, random_game
from playwright.sync_api import expect
from tapping import answer, correct_turn, current_player, join, old_phone, open_section, play_turn, tap
from test_local_games import START, brehon_replay, download
from test_every_game import described
from test_lost_cities_table import Policy, lost_cities_game
from test_offline_queue import queued_turns, server_game, with_referee

import scoring

SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}

# Anna starts red (4, then 7); Ben discards a blue 4, then starts green.
OPENING = [
    {"player": "anna", "actions": [play("red", 4), draw()]},
    {"player": "ben", "actions": [discard("blue", 4), draw()]},
    {"player": "anna", "actions": [play("red", 7), draw()]},
    {"player": "ben", "actions": [play("green", 3), draw()]},
]


def shots(page, name: str) -> None:
    """The screen at 390 px and at 320 px (the phone back at 390 after), nothing scrolling sideways."""
    for size in ("320", "390"):
        page.set_viewport_size(SIZES[size])
        shot(page, f"{name}-{size}")
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"], size


def replacing(answers: dict):
    """A policy for a turn given answer by answer: the listed answers by question key, else the first offered."""
    return lambda key, values, player: answers.get(key, values[0])


def sheet_points(page, game_id: str, player: str, column: str):
    """The score sheet's cell of one player's column, as the phone shows it."""
    page.goto(f"/#/sheet/{game_id}")
    page.wait_for_selector("#sheet")
    return page.locator(f'#sheet li[data-player="{player}"] dt:text-is("{column}") + dd')


def test_dispute_undo_and_corrections_by_tapping(context, page, base_url):
    old_phone(context)  # the server answers the composer and checks the claims
    created = lost_cities_game(base_url, OPENING)
    join(page, created)

    # "Can I do this?": a red 5 after her red 7 is refused with its rule, a red 9 and the blue pile's 4 are legal.
    tap(page, "#dispute")
    answer(page, "play")
    answer(page, "red")
    answer(page, 5)
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("lost-cities.row.ascending")
    expect(verdict).to_contain_text("Your red expedition has reached 7: the next red card must be higher than 7.")
    answer(page, "play")
    answer(page, "red")
    answer(page, 9)
    answer(page, "blue")
    expect(verdict).to_contain_text("Legal")
    assert server_game(base_url, created)["record"]["turns"] == OPENING  # a claim logs nothing
    tap(page, "#dispute")  # out of dispute mode

    # Undo Ben's green 3: struck in the log, and Ben logs his turn 4 again, a discard this time.
    open_section(page, "log")
    page.click("#undo")
    tap(page, '#who-corrects button[data-player="ben"]')
    expect(page.locator("#turn-message")).to_contain_text("Turn 4 was undone")
    log = page.locator("#log > li")
    expect(log.first).to_have_class("undone")
    expect(log.first.locator("del")).to_contain_text("Ben: played ■ green 3")
    expect(log.first.locator(".ended")).to_contain_text("undone by Ben")
    expect(page.locator("#log-count")).to_have_text("3 turns · 1 correction")
    expect(page.locator("#turn-now")).to_contain_text("Ben")
    assert server_game(base_url, created)["record"]["turns"] == OPENING[:3]
    play_turn(page, replacing({"type": "discard", "card.color": "yellow", "card.value": 5, "from": "deck"}), "ben")
    expect(log.first.locator(".turn-text")).to_contain_text("4.◆ Ben: discarded ▲ yellow 5")
    expect(page.locator("#log-count")).to_have_text("4 turns · 1 correction")
    shots(page, "lost-cities-undone")

    # Anna's turn 3 was a red 9, not a 7: replaced through the composer, asked as before that turn.
    correct_turn(page, 2)
    expect(page.locator("#composer-title")).to_have_text("Correct turn 3")
    play_turn(page, replacing({"card.color": "red", "card.value": 9, "from": "deck"}), "anna", log=False)
    page.fill("#correct-by", "Ben")
    tap(page, "#log-turn")
    expect(page.locator("#turn-message")).to_contain_text("Turn 3 was replaced")
    replaced = page.locator('#log li[data-turn="2"]')
    expect(replaced.locator(".turn-text")).to_contain_text("Anna: played ● red 9")
    expect(replaced.locator(".versions del")).to_contain_text("Anna: played ● red 7")
    expect(page.locator("#log-count")).to_have_text("4 turns · 2 corrections")
    game = server_game(base_url, created)
    assert game["record"]["turns"] == [*OPENING[:2], {"player": "anna", "actions": [play("red", 9), draw()]},
                                       {"player": "ben", "actions": [discard("yellow", 5), draw()]}]
    assert [(entry.get("undo"), entry.get("replace"), entry["by"]) for entry in game["history"]["entries"]
            if entry["kind"] == "correction"] == [(True, None, "Ben"), (None, 2, "Ben")]

    # A red 10 in turn 1 would break her red 9 of turn 3: refused with the engine's rule, nothing changed.
    correct_turn(page, 0)
    play_turn(page, replacing({"card.color": "red", "card.value": 10, "from": "deck"}), "anna", log=False)
    page.fill("#correct-by", "Ben")
    tap(page, "#log-turn")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Not corrected: turn 3 would no longer hold")
    (violation,) = scoring.replay({**game["record"], "turns": [
        {"player": "anna", "actions": [play("red", 10), draw()]}, *game["record"]["turns"][1:]]})["violations"]
    assert violation["turn"] == 2
    expect(verdict).to_contain_text(f"Rule: {violation['rule']}")
    expect(verdict).to_contain_text(violation["message"])
    shots(page, "lost-cities-correct-refused")
    tap(page, "#cancel-correction")
    assert server_game(base_url, created)["version"] == game["version"]

    # The score sheet counts the red 4 and 9 (13 - 20), the sheet of the server's record.
    sheet = game["scoresheet"]
    anna = next(player for player in sheet["players"] if player["id"] == "anna")
    assert anna["breakdown"]["red"] == 4 + 9 - 20
    expect(sheet_points(page, created["id"], "anna", "Red")).to_have_text(str(anna["breakdown"]["red"]))
    expect(page.locator('#sheet li[data-player="anna"] .total')).to_have_text(str(anna["total"]))


def new_round_here(page) -> str:
    """The new-game screen: Lost Cities, Anna and Ben, "Play on this phone";
    answers the game's id once its table is drawn."""
    page.click("text=New game")
    page.click('button[data-game="lost-cities"]')
    page.fill("#player-0", "Anna")
    page.fill("#player-1", "Ben")
    page.click("#play-here")
    page.wait_for_selector("#table[data-drawn]", timeout=START)
    expect(page.locator("#local-note")).to_be_visible()
    return page.evaluate("decodeURIComponent(location.hash.split('/')[2])")


def tap_to_the_end(page, policy: Policy, limit: int = 60) -> int:
    """Tap turns until the round is over; answers how many."""
    for played in range(limit):
        page.wait_for_selector("#question, #over-title")
        if page.query_selector("#question") is None:
            return played
        player = current_player(page)
        play_turn(page, policy, player)
        policy.turns[player] += 1
    raise AssertionError(f"the round did not end in {limit} turns")


def test_a_round_on_the_phone_with_no_server_then_shared(page, context, base_url, tmp_path):
    page.goto("/")
    page.wait_for_selector("nav.menu")
    assert page.wait_for_function("async () => (await import('/js/referee.js')).whenReady()",
                                  timeout=START).json_value() is True
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")

    context.set_offline(True)
    game_id = new_round_here(page)
    assert game_id.startswith("local-")
    # The phone's referee refuses as the server would: a claim of a wager on top of nothing is fine, ...
    tap(page, "#dispute")
    answer(page, "play")
    answer(page, "red")
    answer(page, "wager")
    expect(page.locator("#verdict")).to_contain_text("Legal")
    tap(page, "#dispute")
    turns = tap_to_the_end(page, Policy())
    assert turns == 44  # the deck's 44 cards, a turn each
    expect(page.locator(".turn-now")).to_have_text("The game is over.")
    shots(page, "lost-cities-local-over")

    page.click("text=Score sheet >> nth=0")
    page.wait_for_selector("#sheet")
    expect(page.locator("#pdf-note")).to_contain_text("Brehon server")
    csv = download(page, "text=CSV")
    made = json.loads(download(page, "text=Game record (JSON)"))
    assert made["game"] == "lost-cities" and len(made["turns"]) == turns
    sheet = brehon_replay(made, tmp_path)
    assert sheet["status"] == "finished" and sheet["end_reason"] == "deck_exhausted"
    for player in sheet["players"]:
        expect(page.locator(f'#sheet [data-player="{player["id"]}"] .total')).to_have_text(str(player["total"]))
    # BG Stats knows the game by its BoardGameGeek id even offline: the rulesets are kept on the phone.
    sent = json.loads(parse_qs(urlsplit(page.get_attribute("#bgstats", "href")).query)["data"][0])
    assert sent["game"]["bggId"] == 50 and [p["score"] for p in sent["players"]] == [
        next(player["total"] for player in sheet["players"] if player["id"] == seat["id"]) for seat in made["players"]]
    shots(page, "lost-cities-local-sheet")

    # Shared once the network is back: the server replays it to the same sheet, and its CSV is the phone's.
    context.set_offline(False)
    page.click("text=Back to the table")
    page.click("#share")
    page.wait_for_selector("#qr-table")
    shared = page.evaluate("decodeURIComponent(location.hash.split('/')[2])")
    assert not shared.startswith("local-")
    token = page.input_value("#qr-table-link").split("&t=")[1].split("&")[0]
    on_server = api(base_url, "GET", f"/games/{shared}", token=token)
    assert on_server["record"]["turns"] == made["turns"] and on_server["scoresheet"] == sheet
    answered = page.request.get(f"{base_url}/api/v1/games/{shared}/scoresheet?format=csv",
                                headers={"Authorization": f"Bearer {token}"})
    assert answered.ok and answered.body() == csv


def test_a_server_round_played_offline_reaches_the_server_once_online(context, page, base_url):
    created = lost_cities_game(base_url, OPENING)
    with_referee(context, page, created)
    context.set_offline(True)
    policy = Policy()
    for number in range(6):
        player = current_player(page)
        play_turn(page, policy, player)
        policy.turns[player] += 1
        expect(page.locator("#queued li")).to_have_count(number + 1)
    composed = queued_turns(page)
    # Offline, "Can I do this?" is answered by the phone's referee as the engine answers it on the game with the
    # queued turns: Anna's red 5 (below her 7, or already seen).
    assert current_player(page) == "anna"
    claim = {"player": "anna", "actions": [play("red", 5)]}
    (violation,) = scoring.Game.replay({**created_record(base_url, created), "turns": [*OPENING, *composed]}).check(
        claim)["violations"]
    tap(page, "#dispute")
    answer(page, "play")
    answer(page, "red")
    answer(page, 5)
    expect(page.locator("#verdict")).to_contain_text(f"Rule: {violation.rule}")
    expect(page.locator("#verdict")).to_contain_text(violation.message("en"))
    tap(page, "#dispute")
    open_section(page, "log")
    expect(page.locator("#log li.queued")).to_have_count(6)
    shots(page, "lost-cities-offline-queue")
    assert server_game(base_url, created)["record"]["turns"] == OPENING

    context.set_offline(False)
    expect(page.locator("#badge")).to_have_attribute("data-state", "online", timeout=30_000)
    expect(page.locator("#log li.queued")).to_have_count(0)
    game = server_game(base_url, created)
    assert game["record"]["turns"] == [*OPENING, *composed]
    assert game["version"] == created["version"] + 6  # each logged once
    expect(page.locator("#table")).to_have_attribute("data-version", str(game["version"]))


def created_record(base_url: str, created: dict) -> dict:
    return api(base_url, "GET", f"/games/{created['id']}/record", token=created["token"])


def finished_round(base_url: str) -> tuple[dict, dict]:
    """A whole round (to the deck's last card) with a carry from an earlier
    round, posted as a record: (the record, the created game)."""
    made = random_game(random.Random(3), turns=200).record
    made["setup"] = {"carry": {"anna": 35, "ben": -12}}
    created = api(base_url, "POST", "/games", made)
    assert created["scoresheet"]["status"] == "finished"
    return made, created


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_finished_round_s_summary_exports_and_bg_stats(context, page, base_url, size, scheme):
    old_phone(context)
    page.set_viewport_size(SIZES[size])
    page.emulate_media(color_scheme=scheme)
    made, created = finished_round(base_url)
    sheet = created["scoresheet"]
    join(page, created)
    expect(page.locator("#game-over")).to_contain_text("The game is over")

    # The summary the worker wrote: the chart, each expedition's points in its column's words, the facts.
    page.goto(f"/#/summary/{created['id']}")
    expect(page.locator("#facts")).to_be_visible(timeout=30_000)  # the worker's job, however long it takes
    summary = api(base_url, "GET", f"/games/{created['id']}/summary", token=created["token"])
    expect(page.locator("#lead-chart")).to_be_visible()
    titles = {column["key"]: column["title"] for column in described(base_url, "lost-cities")["sheet"]["columns"]}
    assert titles["yellow"] == "Yellow" and titles["earlier_rounds"] == "Earlier rounds"
    expect(page.locator("#sources li")).to_have_text([
        f"{player['name']}: " + " · ".join(f"{titles[key]}: {points}" for key, points in summary["sources"][player["id"]].items())
        for player in summary["players"]])
    facts = "\n".join(page.locator("#facts li").all_inner_texts())
    played = summary["facts"]["cards_played"]
    assert f"Cards played: {sum(played.values())} (Yellow: {played['yellow']}, Blue: {played['blue']}," in facts
    end = summary["facts"]["end"]
    names = {"anna": "Anna", "ben": "Ben"}
    assert f"The game ended in turn {end['turn'] + 1} ({names[end['player']]}): the deck ran out" in facts
    assert "score." not in page.inner_text("#summary") and "colour." not in page.inner_text("#summary")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(page, f"lost-cities-summary-{size}-{scheme}")

    # The score sheet and its exports: the server's CSV and PDF, the record as posted.
    page.goto(f"/#/sheet/{created['id']}")
    page.wait_for_selector("#sheet")
    for player in sheet["players"]:
        card = page.locator(f'#sheet li[data-player="{player["id"]}"]')
        expect(card.locator(".total")).to_have_text(str(player["total"]))
        expect(card.locator('dt:text-is("Earlier rounds") + dd')).to_have_text(str(player["breakdown"]["earlier_rounds"]))
    expect(page.locator("#sheet-caption")).to_have_text("Final score (the deck ran out)")
    # This phone did not play the rounds before: it knows them as the points carried in, apart from this round's.
    totals = {player["id"]: player["total"] for player in sheet["players"]}
    expect(page.locator("#rounds li")).to_have_text([
        "Earlier rounds: Anna 35 · Ben -12", f"This round: Anna {totals['anna'] - 35} · Ben {totals['ben'] + 12}"])
    expect(page.locator("#match-total")).to_have_text(f"Match total: Anna {totals['anna']} · Ben {totals['ben']}")
    csv = download(page, "text=CSV")
    served = page.request.get(f"{base_url}/api/v1/games/{created['id']}/scoresheet?format=csv",
                              headers={"Authorization": f"Bearer {created['token']}"})
    assert served.ok and csv == served.body()
    assert csv.decode().count("\n") >= 3
    pdf = download(page, "text=PDF")
    assert pdf.startswith(b"%PDF")
    assert json.loads(download(page, "text=Game record (JSON)"))["turns"] == made["turns"]
    expect(page.locator("main")).not_to_contain_text("score.")

    # Sent to BG Stats as Lost Cities (BoardGameGeek's 50), each player's total and rank.
    link = urlsplit(page.get_attribute("#bgstats", "href"))
    sent = json.loads(parse_qs(link.query)["data"][0])
    assert sent["game"]["bggId"] == 50 and sent["game"]["name"] == "Lost Cities"
    assert sent["game"]["sourceGameId"] == "lost-cities" and sent["sourcePlayId"] == created["id"]
    by_id = {player["id"]: player for player in sheet["players"]}
    assert [(p["sourcePlayerId"], p["score"], p["rank"], p["winner"]) for p in sent["players"]] == [
        (seat["id"], by_id[seat["id"]]["total"], by_id[seat["id"]]["rank"], seat["id"] in sheet["winners"])
        for seat in made["players"]]
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(page, f"lost-cities-sheet-over-{size}-{scheme}")
    assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$", sent["playDate"])

