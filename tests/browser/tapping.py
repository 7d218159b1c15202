"""Driving the table screen by tapping, as a person at the table would.

A test gives a policy: a function from (question key, offered values,
player) to the value to tap. The values are the ones the app shows, which
are the server's legal choices; the policy only picks among them. A card
offered in one tap (a grid of the legal colour and value pairs) is chosen
as a person would: the colour among the pairs' colours, then the value
among that colour's.
"""

from __future__ import annotations

import json
import re

from browser_helpers import api
from playwright.sync_api import expect

ABSENT = "\u2205"  # the composer's value for "an action without this field"
LOG = "log"  # a policy's answer where the turn may end: tap "Log turn" instead


def join(page, created: dict, spectator: bool = False) -> None:
    """Open a game by its join link (#g=<id>&t=<token>) and wait for the table."""
    token = created["spectator_token"] if spectator else created["token"]
    page.goto(f"/#g={created['id']}&t={token}" + ("&s=1" if spectator else ""))
    page.wait_for_selector("#table[data-drawn]")


def lay_tile(page, place: str, tile: str) -> None:
    """On the new-game screen: tap a place on the drawn board ("red:1", or an
    Orakel field "5"), choose ``tile`` ("" for unknown) from the sheet, and
    wait until the sheet is closed and the board shows it."""
    page.click(f'[data-place="{place}"]')
    page.click(f'#tile-sheet button[data-tile="{tile}"]')
    expect(page.locator("#tile-sheet")).to_have_count(0)


def drawn(page) -> int:
    return int(page.get_attribute("#table", "data-drawn") or 0)


def tap(page, selector: str) -> None:
    """Tap and wait until the table is redrawn."""
    before = drawn(page)
    page.click(selector)
    page.wait_for_function(f"() => Number(document.querySelector('#table').dataset.drawn) > {before}")


def version(page) -> int:
    return int(page.get_attribute("#table", "data-version") or 0)


def question(page) -> tuple[str | tuple[str, str], list] | None:
    """The open question: its key and the offered values, or None. A grid
    of pairs answers two keys at once: its key is (colour key, value key)
    and its values are [colour, value] pairs."""
    heading = page.query_selector("#question")
    if heading is None:
        return None
    values = [json.loads(button.get_attribute("data-value"))
              for button in page.query_selector_all("#composer .choices button")]
    pair = heading.get_attribute("data-pair")
    key = heading.get_attribute("data-key")
    return ((key, pair) if pair else key), values


def answer(page, value) -> None:
    """Tap the button of one offered value (or of another answer to the
    question taken as given: "Discard a card instead"). A value the composer
    takes as given (a play, until the table says otherwise) takes no tap."""
    encoded = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    given = page.get_attribute("#question", "data-given")
    if given and value in [pick["value"] for pick in json.loads(given)]:
        return
    offered = "#composer .choices button, #composer .instead button"
    buttons = page.query_selector_all(offered)
    for index, button in enumerate(buttons):
        if button.get_attribute("data-value") == encoded:
            tap(page, f"{offered} >> nth={index}")
            return
    raise AssertionError(f"{encoded} is not offered")


class Turn(list):
    """The keys asked in one turn, and ``taps``: every tap it took, "Log turn"
    included; ``logged``: whether the turn was logged."""

    taps = 0
    logged = False


def choose_pair(choose, keys: tuple[str, str], pairs: list, player: str) -> list:
    """The [colour, value] a policy taps in a grid of pairs."""
    first, then = keys
    colour = choose(first, list(dict.fromkeys(c for c, _ in pairs)), player)
    return [colour, choose(then, [n for c, n in pairs if c == colour], player)]


def play_turn(page, choose, player: str, log: bool = True) -> Turn:
    """Answer questions with ``choose`` until the turn is logged: by its last
    answer (a tap that leaves nothing more to decide logs the turn), or with
    "Log turn" where the turn could go on (unless ``log`` is false). Returns
    the keys that were asked."""
    asked = Turn()
    start = version(page)
    for _ in range(30):
        # The composer has settled on a question or on the turn to log, or the
        # turn was logged (shown on its way meanwhile, then the next turn).
        page.wait_for_function(f"""() => Number(document.querySelector('#table').dataset.version) > {start}
            && !document.querySelector('#waiting') || document.querySelector('#question, #log-turn')""")
        if version(page) > start:
            asked.logged = True
            break
        open_question = question(page)
        if open_question is None:
            break
        key, values = open_question
        given = page.get_attribute("#question", "data-given")
        if given:  # a play taken as given: a policy that wants otherwise taps "... instead"
            (usual,) = json.loads(given)
            instead = [json.loads(button.get_attribute("data-value"))
                       for button in page.query_selector_all("#composer .instead button")]
            chosen = choose(usual["key"], [usual["value"], *instead], player)
            if chosen != usual["value"]:
                asked.append(usual["key"])
                asked.taps += 1
                answer(page, chosen)
                continue
        if isinstance(key, tuple):
            asked += key
            chosen = choose_pair(choose, key, values, player)
        else:
            asked.append(key)
            chosen = choose(key, values, player)
            if chosen == LOG and page.query_selector("#log-turn"):
                break
        asked.taps += 1
        answer(page, chosen)
    if log and not asked.logged:
        log_turn(page)
        asked.taps += 1
        asked.logged = True
    return asked


def log_turn(page) -> None:
    """Tap "Log turn" and wait until the server has answered: the turn is
    shown on its way until then."""
    tap(page, "#log-turn")
    page.wait_for_selector("#waiting", state="detached")


#: POST .../turns, with its query (the outbox sends when the turn was played: ?played_at=).
TURNS = re.compile(r"/api/v1/games/[^/]+/turns(\?|$)")


def log_held(page, last=None) -> list:
    """Log the turn with its POST held on its way (page.route): by tapping
    its last answer ``last`` (which logs it), or "Log turn". The held routes,
    each to be released with ``continue_()``."""
    held: list = []
    page.route(TURNS, lambda route: held.append(route))
    with page.expect_request(lambda request: request.method == "POST" and TURNS.search(request.url)):
        if last is None:
            page.click("#log-turn")
        else:
            answer(page, last)
    return held


def log_offline(context, page, last) -> None:
    """Tap the last answer of a turn as the network drops: the answer is
    checked, the turn it logs cannot be sent and waits on the phone, which
    is offline from then on."""
    page.route(TURNS, lambda route: route.abort("internetdisconnected"))
    answer(page, last)
    page.wait_for_selector("#badge[data-state=waiting]")
    context.set_offline(True)
    page.unroute(TURNS)


def current_player(page) -> str | None:
    """The id of the player whose turn it is, from the score strip."""
    current = page.query_selector(".strip .current")
    return current.get_attribute("data-player") if current else None


def open_section(page, name: str) -> None:
    """Open one of the table's tabs: board, cards or log."""
    tap(page, f"#tab-{name}")


def correct_turn(page, k: int) -> None:
    """Start correcting turn k from the log: the last turn's own button, an
    earlier turn's through the menu on it (after showing all turns)."""
    open_section(page, "log")
    entry = page.locator(f'#log li[data-turn="{k}"]')
    if entry.is_hidden():
        tap(page, "#log-all")
    menu = entry.locator("details.turn-menu")
    if menu.count():
        menu.locator("summary").click()
    tap(page, f"#correct-{k}")


def _flat(action: dict, prefix: str = "") -> list:
    pairs = []
    for key, value in action.items():
        path = f"{prefix}.{key}" if prefix else key
        pairs += _flat(value, path) if isinstance(value, dict) else [(path, value)]
    return pairs


def _value(action: dict, key: str):
    return dict(_flat(action)).get(key, ABSENT)


def questions_needed(legal: list, chosen: dict) -> int:
    """How many one-field questions narrow a decision's legal answers to the
    chosen one, asking (as js/composer.js does) the first field on which the
    answers left differ: 0 for a decision with one legal answer."""
    asked = 0
    while len(legal) > 1:
        keys = list(dict.fromkeys(key for action in legal for key, _ in _flat(action)))
        key = next(key for key in keys if len({json.dumps(_value(action, key)) for action in legal}) > 1)
        legal = [action for action in legal if _value(action, key) == _value(chosen, key)]
        asked += 1
    return asked


def decisions_of(base_url: str, created: dict, k: int) -> list:
    """Turn k as logged, decision by decision as the server's check route
    sees it before that turn: [(legal answers, the answer chosen)]."""
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    turn = game["record"]["turns"][k]
    decisions = []
    for depth, action in enumerate(turn["actions"]):
        check = api(base_url, "POST", f"/games/{created['id']}/check?at={k}",
                    {"player": turn["player"], "actions": turn["actions"][:depth]}, token=created["token"])
        decisions.append((check["decision"]["actions"], action))
    return decisions


def old_phone(context) -> None:
    """A phone without WebAssembly: the referee cannot run on it, and the
    table works as it did before there was one (the server answers the
    composer; offline, one turn composed from the action schemas)."""
    context.add_init_script("delete globalThis.WebAssembly")


def offline_reload(context, page, created):
    """Open the table online (the service worker keeps the shell and the
    rulesets), then reload it with no network."""
    join(page, created)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#table[data-drawn]")
    expect(page.locator("#offline-note")).to_be_visible()


def tally_lost_cities(page, wait: float | None = None) -> None:
    """The quick tally of Lost Cities with purple: Anna a yellow wager and 5,
    7, 9, 10, (31 - 20) x 2 = 22; Ben red 2 and 3, 5 - 20 = -15, purple 9
    and 10, 19 - 20 = -1, and 30 from earlier rounds: 14. From the home
    screen, each total waited for as long as ``wait`` (ms) where given."""
    page.goto("/")
    page.click("text=Quick tally")
    page.wait_for_selector("#tally")
    page.click('button[data-game="lost-cities"]')
    expect(page.locator("#tally")).to_contain_text("how many wagers")
    expect(page.locator('[data-seat="0"] [data-item="purple"]')).to_be_hidden()
    page.click("label:has(#tally-purple)")
    expect(page.locator('[data-seat="0"] [data-item="purple"]')).to_be_visible()
    expect(page.locator('[data-seat="0"] [data-item="purple"]')).to_contain_text("★ purple")
    page.fill("#name-0", "Anna")
    page.fill("#name-1", "Ben")
    page.click("#expeditions-0-0")
    expect(page.locator("#expeditions-0-0")).to_contain_text("1")
    for number in (5, 7, 9, 10):
        page.click(f"label:has(#expeditions-0-0-{number})")
    for number in (2, 3):
        page.click(f"label:has(#expeditions-1-4-{number})")
    for number in (9, 10):
        page.click(f"label:has(#expeditions-1-5-{number})")
    page.fill("#earlier_rounds-1", "30")
    totals = page.locator("#tally-totals")
    expect(totals.locator('[data-seat="0"]')).to_have_text("Anna 22", timeout=wait)
    expect(totals.locator('[data-seat="1"]')).to_have_text("Ben 14", timeout=wait)
