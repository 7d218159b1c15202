"""Issue 22: a turn logged by its last answer is undone in one tap (§10),
and claims tried in dispute mode never stay in the real turn (§5)."""

from __future__ import annotations

from browser_helpers import api, shot
from playwright.sync_api import expect
from tapping import answer, join, play_turn, question, tap
from keltis_script import layout
from test_table_behaviour import OPENING

# After the opening, Anna and Ben each discard a card: the draw is a choice
# (the deck or a discard pile). Anna's red 9 then takes her figure to red 3,
# a clover: which figure it moves is asked next, then the draw.
DISCARDS = [{"player": player, "actions": [{"type": "discard", "card": {"color": colour, "value": 3}},
                                           {"type": "draw", "from": "deck"}]}
            for player, colour in (("anna", "green"), ("ben", "yellow"))]


def game_with_piles(base_url) -> dict:
    record = {"format": "brehon/1", "game": "keltis", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": None, "setup": layout(), "turns": OPENING + DISCARDS}
    return api(base_url, "POST", "/games", record)


def chips(page) -> list[str]:
    return page.locator("#composer .chips li").all_inner_texts()


def test_leaving_dispute_mode_leaves_the_real_turn_as_it_was(page, base_url):
    created = game_with_piles(base_url)
    join(page, created)
    # Anna's real turn, half composed: red 9 played, the clover still to spend.
    answer(page, "red")
    answer(page, 9)
    page.wait_for_selector('#question[data-key="path"]')
    before = chips(page), page.locator("#question").inner_text(), question(page)
    assert len(before[0]) == 1 and "red 9" in before[0][0]
    # "Can I do this?": the clover's step on red is judged legal ...
    tap(page, "#dispute")
    answer(page, "red")
    expect(page.locator("#verdict")).to_contain_text("Legal")
    shot(page, "dispute-legal-claim")
    # ... and leaving dispute mode leaves the real turn exactly as it was.
    tap(page, "#dispute")
    expect(page.locator("#verdict")).to_have_count(0)
    assert (chips(page), page.locator("#question").inner_text(), question(page)) == before
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert len(game["record"]["turns"]) == len(OPENING + DISCARDS)
    # The real turn goes on from there: the clover is left unused, and the draw logs the turn.
    turn = play_turn(page, lambda key, values, player: {"path": None, "from": "yellow"}[key], "anna")
    assert turn.taps == 2 and turn.logged
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert game["record"]["turns"][-1]["actions"] == [
        {"type": "play", "card": {"color": "red", "value": 9}}, {"type": "clover", "path": None}, {"type": "draw", "from": "yellow"}]


def test_a_turn_logged_by_its_last_answer_is_undone_in_one_tap(page, base_url):
    created = game_with_piles(base_url)
    join(page, created)
    answers = {"type": "play", "card.color": "red", "card.value": 9, "path": None, "from": "deck"}
    turn = play_turn(page, lambda key, values, player: answers[key], "anna")
    assert turn.taps == 4 and turn.logged  # red, 9, the clover unused, the deck: no "Log turn"
    n = len(OPENING + DISCARDS) + 1
    expect(page.locator("#log li").first).to_contain_text("red 9")
    undo = page.locator("#undo-logged")
    expect(undo).to_have_text(f"Undo turn {n}")
    shot(page, "table-logged-undo")
    tap(page, "#undo-logged")
    expect(page.locator("#turn-message")).to_contain_text(f"Turn {n} was undone")
    expect(page.locator("#turn-now")).to_contain_text("Anna")
    expect(undo).to_have_count(0)
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert len(game["record"]["turns"]) == n - 1
    (correction,) = [entry for entry in game["history"]["entries"] if entry.get("kind") == "correction"]
    assert correction["by"] == "Anna" and correction["undo"]


def test_a_turn_the_phone_cannot_queue_stays_composed(page, base_url):
    """The last answer logs the turn through the phone's outbox; when the
    phone's storage refuses it, the turn stays as composed with "Log turn"."""
    created = game_with_piles(base_url)
    join(page, created)
    answer(page, "red")
    answer(page, 9)
    answer(page, None)  # the clover left unused: the draw is the last question
    page.wait_for_selector('#question[data-key="from"]')
    page.evaluate("""() => {
        const put = IDBObjectStore.prototype.put;
        window.restorePut = () => { IDBObjectStore.prototype.put = put; };
        IDBObjectStore.prototype.put = function (...args) {
            if (this.name === 'outbox') throw new DOMException('The phone is full', 'QuotaExceededError');
            return put.apply(this, args);
        };
    }""")
    answer(page, "deck")
    expect(page.locator("#turn-message")).to_contain_text("The phone is full")
    expect(page.locator("#log-turn")).to_be_visible()
    assert len(chips(page)) == 3
    page.evaluate("window.restorePut()")
    tap(page, "#log-turn")
    expect(page.locator("#undo-logged")).to_be_visible()
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert game["record"]["turns"][-1]["actions"][-1] == {"type": "draw", "from": "deck"}
