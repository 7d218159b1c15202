"""The table at a small phone with the largest table of each game (issue 22
§1): at 320x640 the question and every answer are on the screen after every
tap and every logged turn, nothing scrolls sideways (the page, nor any box
in it) on any tab, and the board's text is at least 16 px."""

from __future__ import annotations

import json

import pytest

from browser_helpers import DATA, api, log_checked_turn, sample_board, shot
from keltis_script import Policy, layout
from playwright.sync_api import expect
from tapping import current_player, join, log_turn, open_section, play_turn, question

SMALL = {"width": 320, "height": 640}
FOUR = [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}, {"id": "cleo", "name": "Cleo"},
        {"id": "dirk", "name": "Dirk"}]


def keltis() -> dict:
    return {"format": "brehon/1", "game": "keltis", "options": {}, "players": FOUR, "board": None, "setup": layout(),
            "turns": []}


def orakel() -> dict:
    # Every small field unknown: the table reveals what lies there, the question with the most answers.
    return {"format": "brehon/1", "game": "keltis-orakel", "options": {}, "players": FOUR,
            "board": sample_board("keltis-orakel"), "setup": {}, "turns": []}


def celtica() -> dict:
    complete = json.loads((DATA / "celtica" / "complete_game.json").read_text())["record"]
    assert len(complete["players"]) == 5  # the largest table
    return {**complete, "turns": []}


RECORDS = {"keltis": keltis, "keltis-orakel": orakel, "celtica": celtica}
NAMES = {player["id"]: player["name"] for record in RECORDS.values() for player in record()["players"]}


def played(choose):
    """A policy: plays first, from the deck; else the first value offered."""
    def policy(key, values, player):
        if key == "type" and "play" in values:
            return "play"
        if key == "from" and "deck" in values:
            return "deck"
        return choose(key, values, player) if choose else values[0]
    return policy


POLICIES = {"keltis": Policy({"anna": ["red", "yellow"], "ben": ["green", "blue"], "cleo": ["purple", "red"],
                              "dirk": ["yellow", "green"]}),
            "keltis-orakel": played(None), "celtica": played(None)}

# The parts of the open question (and the composer's title) that are not on the screen: above the
# sticky header's bottom, below the viewport, or beside it.
OUT_OF_VIEW = """() => {
  const top = document.querySelector('header#top').getBoundingClientRect().bottom;
  const parts = [document.querySelector('#question'), ...document.querySelectorAll('#composer .choices button')];
  // Whose turn it is, in the composer's title: on the screen too, where the screen has the room for it.
  const title = document.querySelector('#composer-title');
  const last = parts.at(-1).getBoundingClientRect().bottom;
  if (last - title.getBoundingClientRect().top + 16 <= innerHeight - top) parts.push(title);
  return parts.filter(part => {
    const box = part.getBoundingClientRect();
    return box.top < top - 0.5 || box.bottom > innerHeight + 0.5 || box.left < -0.5 || box.right > innerWidth + 0.5;
  }).map(part => part.id || part.dataset.value);
}"""

# What scrolls sideways: the page, and every box that scrolls or clips its
# content (visually hidden texts aside).
SIDEWAYS = """() => {
  const wide = [];
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) wide.push(`the page: ${page.scrollWidth} > ${page.clientWidth}`);
  for (const box of document.querySelectorAll('body *')) {
    if (!['auto', 'scroll', 'hidden'].includes(getComputedStyle(box).overflowX) || box.clientWidth <= 1) continue;
    if (box.scrollWidth > box.clientWidth) wide.push(`${box.tagName}#${box.id}.${box.className}: ${box.scrollWidth} > ${box.clientWidth}`);
  }
  return wide;
}"""

# The smallest text on the drawn board as it reaches the eye: its font size
# times the scale the board is drawn at.
SMALLEST_BOARD_TEXT = """() => Math.min(...[...document.querySelectorAll('svg.board text, svg.board tspan')]
  .filter(text => text.getClientRects().length
    && [...text.childNodes].some(node => node.nodeType === Node.TEXT_NODE && node.textContent.trim()))
  .map(text => parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a))"""


def sideways_on_every_tab(page) -> dict:
    found = {}
    for name in ("board", "cards", "log"):
        open_section(page, name)
        found.update({f"{name}: {box}": None for box in page.evaluate(SIDEWAYS)})
    open_section(page, "board")
    return list(found)


@pytest.mark.parametrize("game", RECORDS)
def test_the_question_and_every_answer_on_a_small_phone(page, base_url, game):
    record = RECORDS[game]()
    created = api(base_url, "POST", "/games", record)
    page.set_viewport_size(SMALL)
    join(page, created)
    policy = POLICIES[game]
    states, missing = 0, []

    def look(when):
        nonlocal states
        if page.query_selector("#question") is None:
            return
        states += 1
        out = page.evaluate(OUT_OF_VIEW)
        if out:
            missing.append((when, question(page)[0], out))

    look("opened")
    turns = len(record["players"]) * 2  # two rounds
    for number in range(turns):
        player = current_player(page)

        def choose(key, values, player, number=number):
            look(f"turn {number + 1}, at {key}")  # what the tap before left on the screen
            return policy(key, values, player)

        play_turn(page, choose, player)  # logged by its last answer, or with "Log turn"
        if game == "keltis":
            policy.turns[player] += 1
        expect(page.locator("#log > li")).to_have_count(number + 1)
        # The word on it says which turn, in the log's words (issue 22 §12).
        logged = page.locator(f'#log li[data-turn="{number}"] > span').first.inner_text().split(": ", 1)[1]
        expect(page.locator("#turn-message .message-text")).to_have_text(f"{NAMES[player]}'s turn {number + 1} logged: {logged}.")
        look(f"turn {number + 1} logged")
        if number == 1:
            shot(page, f"small-{game}-logged")
    print(f"{game} at 320x640, {len(record['players'])} players: every answer in view in "
          f"{states - len(missing)} of {states} composer states; missing: {missing}")
    assert states > 2 * turns
    assert missing == []
    assert sideways_on_every_tab(page) == []
    assert page.evaluate(SMALLEST_BOARD_TEXT) >= 16


def with_turns(base_url: str, record: dict, turns: int) -> dict:
    """The game created with ``turns`` turns logged through the API, each
    composed from the legal actions the check route offers: a play, lowest
    card first, when there is one; a draw from the deck; else the first."""
    created = api(base_url, "POST", "/games", record)
    players = [player["id"] for player in record["players"]]
    for number in range(turns):
        log_checked_turn(base_url, created, created["version"] + number, players[number % len(players)], lowest_play)
    return created


def lowest_play(legal: list) -> dict:
    plays = sorted((a for a in legal if a["type"] == "play"), key=lambda a: a["card"]["value"])
    return (plays or [a for a in legal if a.get("from") == "deck"] or legal)[0]


@pytest.mark.parametrize("game", RECORDS)
def test_every_tab_fits_the_phone(phone, base_url, game):
    # Twelve turns in: card rows three cards long, figures and druids on the way.
    record = RECORDS[game]()
    if game == "celtica":  # its takes are too many to list: the complete game's first turns
        complete = json.loads((DATA / "celtica" / "complete_game.json").read_text())["record"]
        created = api(base_url, "POST", "/games", {**record, "turns": complete["turns"][:12]})
    else:
        created = with_turns(base_url, record, 12)
    join(phone, created)
    assert sideways_on_every_tab(phone) == []
    assert phone.evaluate(SMALLEST_BOARD_TEXT) >= 16
    shot(phone, f"small-{game}-board-{phone.look}")
    open_section(phone, "cards")
    rows = phone.locator("#section-cards .cardrow")
    if game != "celtica":
        # Every colour of every player in view: the purple row too.
        expect(rows).to_have_count(len(record["players"]))
        purple = phone.locator('#section-cards tr[data-color="purple"]').last
        box = purple.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= phone.viewport_size["width"]
    shot(phone, f"small-{game}-cards-{phone.look}")


def test_the_last_turn_leaves_the_scores_in_view(page, base_url):
    # Celtica's end phase, five players: Emma and Anna have nothing to spend,
    # Ben's swap ends the game.
    complete = json.loads((DATA / "celtica" / "complete_game.json").read_text())["record"]
    created = api(base_url, "POST", "/games", {**complete, "turns": complete["turns"][:24]})
    page.set_viewport_size(SMALL)
    join(page, created)
    for number, name in ((25, "Emma"), (26, "Anna")):
        expect(page.locator("#turn-now")).to_contain_text(name)
        log_turn(page)
        expect(page.locator("#turn-message .message-text")).to_have_text(f"{name}'s turn {number} logged: nothing.")
    swap = {"type": "swap", "give": "center", "take": "s"}
    play_turn(page, lambda key, values, player: swap[key], "ben")
    expect(page.locator("#over-title")).to_be_visible()
    # The word on Anna's turn is gone; the scores and the winners are what the table looks at now.
    expect(page.locator("#turn-message")).to_have_text("")
    # Both in view below the header once the ended game is drawn (the summary may redraw it once more).
    page.wait_for_function("""() => {
        const top = document.querySelector('header#top').getBoundingClientRect().bottom;
        return ['.strip', '#winners'].every(part => {
            const box = document.querySelector(part)?.getBoundingClientRect();
            return box && box.height > 0 && box.top >= top - 0.5 && box.bottom <= innerHeight;
        });
    }""")
    shot(page, "small-celtica-over")
