"""Keltis: Das Orakel and Celtica logged by tapping: a goblin, the priestess
and a spiral on the Orakel sample board; a find site with a refill reveal
and a ruin on the Celtica sample board."""

from __future__ import annotations

import json
import random
import statistics

import pytest

from browser_helpers import DATA, api, sample_board, shot
from playwright.sync_api import expect
from tapping import (ABSENT, LOG, answer, current_player, decisions_of, join, old_phone, open_section, play_turn, questions_needed,
                     tap, version)

READY = "async () => (await import('/js/referee.js')).whenReady()"



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


def orakel_layout() -> dict:
    """Every small field of the sample board with its tile, laid out at the
    start as the rules lay them (face up): 30 tiles in a fixed shuffle."""
    tiles = (["points-1"] * 4 + ["points-2"] * 6 + ["points-3"] * 4 + ["points-4"] * 2 + ["spiral", "goblin", "mirror"] * 3
             + [f"clover-{colour}" for colour in ("red", "yellow", "green", "blue", "purple")])
    random.Random(22).shuffle(tiles)
    fields = [str(i) for i, field in enumerate(sample_board("keltis-orakel")["fields"]) if field["kind"] == "small"]
    return {"tiles": dict(zip(fields, tiles)), "tiles_complete": True}


class OrakelPolicy:
    """Play along a colour per turn (each player's in turn), lowest card
    first, the figure furthest on, the priestess as far as she may go."""

    COLOURS = ["red", "yellow", "green", "blue", "purple"]

    def __init__(self):
        self.turns = {}

    def __call__(self, key, values, player):
        if key == "type":
            return "play" if "play" in values else values[0]
        if key == "card.color":
            turn = self.turns.get(player, 0)
            wanted = [self.COLOURS[(turn + i) % 5] for i in range(5)]
            return next(colour for colour in wanted if colour in values)
        if key in ("card.value", "hand.value"):
            return min(values)
        if key == "figure":
            return max((v for v in values if isinstance(v, int)), default=values[0])
        if key == "priestess":
            return max(values)
        if key == "from":
            return "deck" if "deck" in values else values[0]
        return next((v for v in values if v not in (None, ABSENT)), values[0])


def test_an_orakel_game_by_tapping(page, base_url):
    """Issue 22 §10: a median of at most 4 taps a turn over an Orakel game
    (this script took a median of 6, max 9, before; issue 22 measured 6)."""
    record = {"format": "brehon/1", "game": "keltis-orakel", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": sample_board("keltis-orakel"), "setup": orakel_layout(), "turns": []}
    created = api(base_url, "POST", "/games", record)
    join(page, created)
    policy = OrakelPolicy()
    taps = []
    for _ in range(30):
        page.wait_for_selector("#question, #log-turn, #over-title")
        if page.query_selector("#over-title"):
            break
        player = current_player(page)
        taps.append(play_turn(page, policy, player).taps)
        policy.turns[player] = policy.turns.get(player, 0) + 1
    print(f"Orakel taps per turn: median {statistics.median(taps)}, max {max(taps)}, {taps}")
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert len(game["record"]["turns"]) == len(taps) >= 20
    assert statistics.median(taps) <= 4


def recorded(turns: list, page):
    """A policy that taps the recorded turns again: for the action the
    composer is at (how many the turn holds so far), the value the record
    gives, where the composer offers it; else the first value that names
    something (a refill the composer asks part by part). Past the recorded
    actions, the turn is logged as it stands."""
    state = {"turn": 0}

    def choose(key, values, player):
        actions = turns[state["turn"]]["actions"]
        at = int(page.get_attribute("#composer", "data-actions"))
        if at == len(actions):
            return LOG
        wanted = _value_at(actions[at], key)
        if wanted in values:
            return wanted
        return next((v for v in values if v not in (None, ABSENT)), values[0])

    return choose, state


def _value_at(action, key: str):
    here = action
    for step in key.split("."):
        if isinstance(here, list) and step.isdigit() and int(step) < len(here):
            here = here[int(step)]
        elif isinstance(here, dict) and step in here:
            here = here[step]
        else:
            return ABSENT
    return here


def test_a_celtica_game_by_tapping(page, base_url):
    """Issue 22 §10: a median of at most 3 taps a turn over a Celtica game:
    the worked complete game of five players tapped again from its start
    (a median of 5, max 9, before; issue 22 measured 4)."""
    complete = json.loads((DATA / "celtica" / "complete_game.json").read_text())["record"]
    created = api(base_url, "POST", "/games", {**complete, "turns": []})
    join(page, created)
    choose, state = recorded(complete["turns"], page)
    taps = []
    for turn in complete["turns"]:
        page.wait_for_selector("#question, #log-turn")
        assert current_player(page) == turn["player"]
        taps.append(play_turn(page, choose, turn["player"]).taps)
        state["turn"] += 1
    print(f"Celtica taps per turn: median {statistics.median(taps)}, max {max(taps)}, {taps}")
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert game["scoresheet"]["status"] == "finished"
    assert [t["player"] for t in game["record"]["turns"]] == [t["player"] for t in complete["turns"]]
    assert statistics.median(taps) <= 3


# Anna's red 0 from the start, every field unknown: the figure arrives on
# field 1 and the table reveals clover after clover (1 -> 2 -> 4 -> 5 -> 6), a
# spiral on 6 sends it back to 3, where a goblin waits: a chain of 8 steps.
CHAIN = {"type": "play", "card.color": "red", "card.value": 0, "figure": 0,
         "tile": ["clover-yellow", "clover-blue", "clover-purple", "clover-green", "spiral", "goblin"],
         "to": 3, "hand.color": ABSENT, "row": "red"}  # the goblin takes the red 0 just played


def test_orakel_clover_chain_asks_only_where_the_rules_leave_a_choice(page, base_url):
    record = {"format": "brehon/1", "game": "keltis-orakel", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": sample_board("keltis-orakel"), "setup": {}, "turns": []}
    created = api(base_url, "POST", "/games", record)
    page.set_viewport_size({"width": 320, "height": 640})  # a small phone
    join(page, created)
    choose, _ = scripted([CHAIN])
    out_of_view = []

    def looking(key, values, player):
        # However long the chain grows, the open question and its first answer
        # are on the first screen, with no scrolling down.
        bottom = page.evaluate("""() => Math.max(...['#question', '#composer .choices button'].map(
            part => document.querySelector(part).getBoundingClientRect().bottom + scrollY))""")
        if bottom > 640:
            out_of_view.append((key, round(bottom)))
        return choose(key, values, player)

    turn = play_turn(page, looking, "anna")
    assert out_of_view == []
    decisions = decisions_of(base_url, created, 0)
    types = [chosen["type"] for _, chosen in decisions]
    assert types[:10] == ["play"] + ["reveal"] * 5 + ["spiral", "reveal", "goblin", "draw"]
    chain = decisions[1:9]
    # What the rules leave to the table: a decision with one legal answer
    # asks nothing; one with a choice asks as many questions as it takes to
    # tell its legal answers apart (a tile: one; the goblin's row: two).
    needed = [questions_needed(legal, chosen) for legal, chosen in decisions]
    # Less the play's questions (whether to play is taken as given) and the draws'; the last answer logs the turn.
    chain_taps = turn.taps - (needed[0] - 1) - sum(needed[9:])
    print(f"Orakel chain of {len(chain)} steps: {turn.taps} taps for the turn, {chain_taps} in the chain; "
          f"questions the rules leave: {needed} (legal answers: {[len(legal) for legal, _ in decisions]})")
    assert chain_taps <= sum(needed[1:9])
    assert turn.taps <= sum(needed) - 1
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert game["state"]["players"]["anna"]["figures"].count(3) == 1


def test_celtica_find_site_refill_and_ruin(page, base_url):
    opening = json.loads((DATA / "celtica" / "opening.json").read_text())["record"]
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
    expect(page.locator("#turn-message")).not_to_contain_text("on another phone")  # its own turns interrupt nobody
    shot(page, "table-celtica")


#: Tap the button of one offered value and wait for the table drawn again:
#: the milliseconds from the tap to the redraw (the composer may first ask
#: the engine what the take may grow into).
TAP_TO_REDRAW = """async encoded => {
  const table = document.querySelector('#table');
  const before = Number(table.dataset.drawn);
  const button = [...document.querySelectorAll('#composer .choices button')].find(b => b.dataset.value === encoded);
  const start = performance.now();
  button.click();
  if (Number(table.dataset.drawn) <= before) {
    await new Promise(resolve => new MutationObserver((_, seen) => {
      if (Number(table.dataset.drawn) > before) resolve(seen.disconnect());
    }).observe(table, {attributes: true}));
  }
  return performance.now() - start;
}"""


@pytest.mark.parametrize("referee", [False, True], ids=["server", "phone-referee"])
def test_a_celtica_take_too_many_to_list_offers_what_the_engine_grows(context, page, base_url, referee):
    """Issue 28 §2: a take of up to 9 parts over an unknown display (48,620
    takes, not listed) is tapped part by part, each question offering just
    what the engine's check (``?building=true``) grows the take by, the
    server's or the phone's referee's; no rule of it is written in the app."""
    from scoring import Game
    from scoring.answers import check_game

    if not referee:
        old_phone(context)
    board = {"locations": [{"kind": "start"}, {"kind": "castle", "parts": 9}, {"kind": "goal", "parts": 1}]}
    record = {"format": "brehon/1", "game": "celtica", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": board, "setup": {"parts": {"anna": ["n", "s"], "ben": ["e", "w"]}}, "turns": []}
    created = api(base_url, "POST", "/games", record)
    join(page, created)
    if referee:
        assert page.wait_for_function(READY, timeout=120_000).json_value() is True
    answer(page, ["red", 1])
    game, move = Game.replay(record), {"type": "move", "druid": "red", "cards": 1}
    parts: list[str] = []
    waits = []
    for part in ("n", "n", "center", "w", ABSENT):
        built = check_game(game.copy(), {"player": "anna", "actions": [move, {"type": "take", "parts": parts}]},
                           "en", building=True)["decision"]["next"]
        offered = [json.loads(button.get_attribute("data-value"))
                   for button in page.query_selector_all("#composer .choices button")]
        assert page.get_attribute("#question", "data-key") == f"parts.{len(parts)}"
        assert sorted(offered) == sorted(step["parts"][len(parts)] if len(step["parts"]) > len(parts) else ABSENT
                                         for step in built)
        waits.append(page.evaluate(TAP_TO_REDRAW, json.dumps(part, ensure_ascii=False)))
        parts += [] if part == ABSENT else [part]
    expect(page.locator("#composer")).to_have_attribute("data-actions", "2")
    print(f"take part tap to redraw ({'phone referee' if referee else 'server'}): median "
          f"{statistics.median(waits):.1f} ms, max {max(waits):.1f} ms, {[round(wait, 1) for wait in waits]}")


@pytest.mark.parametrize("size", ["390", "320"])
def test_celtica_refill_of_a_two_part_take_asks_both_parts(context, page, base_url, size):
    """Issue 29 §1: after a take of 2 parts both refill parts are asked ("not
    seen" among the answers, never taken as given), and only the last answer
    logs the turn: the record holds both, the display no unknown space."""
    old_phone(context)  # the server answers the composer
    opening = json.loads((DATA / "celtica" / "opening.json").read_text())["record"]
    created = api(base_url, "POST", "/games", {**opening, "turns": opening["turns"][:1]})
    page.set_viewport_size(SIZES[size])
    join(page, created)
    start = version(page)
    answer(page, ["grey", 4])  # Ben: the grey druid on 4 cards to the monastery (2 parts)
    answer(page, "n")
    answer(page, "se")
    expect(page.locator("#question")).to_have_text("Which part was drawn to refill the display (1)?")
    answer(page, "e")
    # The first part told, the second is asked: nothing is logged yet.
    expect(page.locator("#question")).to_have_text("Which part was drawn to refill the display (2)?")
    buttons = page.locator("#composer .choices button")
    expect(buttons.first).to_have_attribute("data-value", "null")  # "not seen", a person's answer
    expect(buttons.first).to_have_text("not seen")
    expect(buttons).to_have_count(10)
    assert version(page) == start
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    shot(page, f"table-celtica-refill-2-{size}")
    answer(page, "center")
    expect(page.locator("#log li").first).to_contain_text("refilled the display: east, center")
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert game["record"]["turns"][1] == opening["turns"][1]
    assert game["record"]["turns"][1]["actions"][-1] == {"type": "reveal", "parts": ["e", "center"]}
    assert game["state"]["display"]["unknown"] == 0


def test_celtica_dispute_says_the_druids_and_cards_legal_instead(context, page, base_url):
    """Issue 29 §8 in Celtica: the druid cards to claim in order, and the
    moves legal instead said by druid and count, not listed one by one."""
    old_phone(context)  # the server answers the claims
    opening = json.loads((DATA / "celtica" / "opening.json").read_text())["record"]
    created = api(base_url, "POST", "/games", {**opening, "turns": opening["turns"][:1]})
    join(page, created)
    tap(page, "#dispute")
    answer(page, "grey")
    buttons = page.locator("#composer .choices button")
    assert [json.loads(v) for v in buttons.evaluate_all("bs => bs.map(b => b.dataset.value)")] == list(range(7))
    answer(page, 6)  # Ben holds 5 druid cards
    verdict = page.locator("#verdict")
    expect(verdict.locator(".rule-id small")).to_have_text("Rule: celtica.move.cards")
    page.click("#alternatives summary")
    expect(verdict.locator('li[data-type="move"]')).to_have_text("Move a druid: any druid with 1 to 5 cards")
    shot(page, "dispute-celtica")


PART_NAMES = {"center": "center", "n": "north", "ne": "north-east", "e": "east", "se": "south-east", "s": "south",
              "sw": "south-west", "w": "west", "nw": "north-west", None: "not recorded"}


@pytest.mark.parametrize("size", [(390, 844), (320, 640)], ids=["390", "320"])
def test_celtica_display_drawn_as_cards(page, base_url, size):
    opening = json.loads((DATA / "celtica" / "opening.json").read_text())["record"]
    # Two display spaces whose parts were not recorded.
    created = api(base_url, "POST", "/games", {**opening, "turns": [], "setup": {**opening["setup"], "display": [
        "n", "ne", "ne", None, "center", None, "s", "s", "s"]}})
    page.set_viewport_size(dict(zip(("width", "height"), size)))
    join(page, created)
    open_section(page, "cards")
    display = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])["state"]["display"]
    kinds = {kind: n for kind, n in display["known"].items() if n}
    if display["unknown"]:
        kinds[None] = display["unknown"]
    assert None in kinds and any(n > 1 for n in kinds.values())
    # One card per kind on the display: its place drawn on an amulet, its name, how many.
    cards = page.locator("#display li.part-card")
    expect(cards).to_have_count(len(kinds))
    for card, (kind, n) in zip(cards.all(), kinds.items()):
        expect(card.locator(".name")).to_contain_text(PART_NAMES[kind])
        if n > 1:
            expect(card.locator(".count")).to_have_text(f"×{n}")
        if kind:
            assert card.locator(f'svg [data-place="{kind}"].have').count() == 1
            assert card.locator("svg .place.have").count() == 1
    # The druid cards played: one card per colour, filled with it, with symbol, name and count.
    druids = page.locator(".druid-cards li")
    expect(druids).to_have_count(5)
    expect(druids.first).to_contain_text("red")
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0


def test_celtica_end_phase(page, base_url):
    complete = json.loads((DATA / "celtica" / "complete_game.json").read_text())["record"]
    created = api(base_url, "POST", "/games", {**complete, "turns": complete["turns"][:22]})
    join(page, created)
    expect(page.locator("#turn-now")).to_contain_text("Cleo")
    # Cleo has nothing to spend: her end turn is logged as it is.
    assert page.query_selector("#question") is None
    tap(page, "#log-turn")
    expect(page.locator("#turn-now")).to_contain_text("Dirk")
    choose, state = scripted([{"type": "buy", "part": "w", "parts.0": "s"}])
    play_turn(page, choose, "dirk")
    expect(page.locator("#log > li")).to_have_count(24)  # Dirk's turn is logged
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert game["record"]["turns"][22:] == complete["turns"][22:24]
    shot(page, "table-celtica-end")


SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}


def landing(page, kind: str, at: int, text: str) -> None:
    """The board marks field (or location) ``at`` as where the turn being
    composed takes the figure (or druid), draws it there faded, and says so."""
    marked = page.locator(f"svg.board .{kind}.landing")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute(f"data-{kind}", str(at))
    expect(marked.locator(".token.landed")).to_have_count(1)
    expect(page.locator("#board-preview")).to_have_text(text)


@pytest.mark.parametrize("size", SIZES, ids=SIZES)
def test_the_orakel_board_follows_the_figure_through_a_chain(page, base_url, size):
    # Field 1 holds a known yellow clover, the rest is unknown: Anna's red
    # card takes her figure to 1 and the clover on to 2, where the table
    # finds a blue clover (on to 4), then a spiral, which she takes back to 3.
    record = {"format": "brehon/1", "game": "keltis-orakel", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": sample_board("keltis-orakel"), "setup": {"tiles": {"1": "clover-yellow"}}, "turns": []}
    created = api(base_url, "POST", "/games", record)
    page.set_viewport_size(SIZES[size])
    join(page, created)
    for value in ("play", "red", 0):
        answer(page, value)
    page.wait_for_selector('#question[data-key="figure"]')
    answer(page, 0)
    # The server asks what lies on field 2: that is where the yellow clover on 1 took the figure.
    page.wait_for_selector('#question[data-key="tile"]')
    landing(page, "field", 2, "This turn: Anna's figure goes from field 0 to field 2 (dashed).")
    expect(page.locator('svg.board .field[data-field="0"] .token.moving')).to_have_count(1)
    answer(page, "clover-blue")
    expect(page.locator("#question")).to_contain_text("field 4")
    landing(page, "field", 4, "This turn: Anna's figure goes from field 0 to field 4 (dashed).")
    answer(page, "spiral")
    page.wait_for_selector('#question[data-key="to"]')
    landing(page, "field", 4, "This turn: Anna's figure goes from field 0 to field 4 (dashed).")
    shot(page, f"table-orakel-chain-preview-{size}")
    answer(page, 3)
    expect(page.locator("#question")).to_contain_text("field 3")
    landing(page, "field", 3, "This turn: Anna's figure goes from field 0 to field 3 (dashed).")
    # The last answer: the draw from the deck is taken and, with nothing more
    # to decide, the turn logged; the figure stands on field 3.
    play_turn(page, lambda key, values, player: "points-2", "anna")
    expect(page.locator("#board-preview")).to_have_count(0)
    expect(page.locator("#undo-logged")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    shot(page, f"table-orakel-chain-end-{size}")
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert sorted(game["state"]["players"]["anna"]["figures"]) == [0, 0, 3]


def test_the_orakel_board_shows_where_a_clover_on_a_known_tile_took_the_figure(page, base_url):
    # Fields 1 and 2 are known: Anna's red card takes her figure to the yellow clover on 1, which
    # carries it on to the point tile on 2 with no decision; the next decision is the draw (a
    # choice: Ben's discard lies on the blue pile). The check answer's table says where the
    # figure ends (the decisions name field 1 at most).
    discards = [{"player": player, "actions": [{"type": "discard", "card": {"color": "blue", "value": value}},
                                               {"type": "draw", "from": "deck"}]} for player, value in (("anna", 4), ("ben", 5))]
    record = {"format": "brehon/1", "game": "keltis-orakel", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": sample_board("keltis-orakel"), "setup": {"tiles": {"1": "clover-yellow", "2": "points-1"}},
              "turns": discards}
    created = api(base_url, "POST", "/games", record)
    page.set_viewport_size(SIZES["390"])
    join(page, created)
    for value in ("play", "red", 0):
        answer(page, value)
    page.wait_for_selector('#question[data-key="figure"]')
    answer(page, 0)
    page.wait_for_selector('#question[data-key="from"]')
    landing(page, "field", 2, "This turn: Anna's figure goes from field 0 to field 2 (dashed).")
    expect(page.locator('svg.board .field[data-field="0"] .token.moving')).to_have_count(1)
    shot(page, "table-orakel-known-clover-preview")
    play_turn(page, lambda key, values, player: "deck", "anna")  # the draw's answer logs the turn
    expect(page.locator("#undo-logged")).to_be_visible()  # the server's answer shown: the turn is stored
    expect(page.locator("#board-preview")).to_have_count(0)
    game = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])
    assert sorted(game["state"]["players"]["anna"]["figures"]) == [0, 0, 2]


@pytest.mark.parametrize("size", SIZES, ids=SIZES)
def test_the_celtica_board_shows_the_druid_moved(page, base_url, size):
    opening = json.loads((DATA / "celtica" / "opening.json").read_text())["record"]
    created = api(base_url, "POST", "/games", {**opening, "turns": []})
    page.set_viewport_size(SIZES[size])
    join(page, created)
    red = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])["state"]["druids"]["red"]
    # The druid and its cards in one tap; while they are asked no druid moves, and once the
    # move is in the turn (the take there asked), the druid shows where it stops.
    page.wait_for_selector('#question[data-key="druid"][data-pair="cards"]')
    expect(page.locator("#board-preview")).to_have_count(0)
    one = page.locator('#composer .choices button[data-value="[\\"red\\",1]"]')
    expect(one).to_have_attribute("aria-label", "● red, 1 card")
    expect(one).to_have_text("red ● 1")
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    shot(page, f"table-celtica-druid-cards-{size}")
    answer(page, ["red", 1])
    page.wait_for_selector('#question[data-key="parts.0"]')
    expect(page.locator("#composer .chips li")).to_have_count(1)  # the move
    landing(page, "location", red + 1, f"This turn: the ● red druid stops on location {red + 1} (dashed).")
    expect(page.locator("svg.board .token.moving")).to_have_text("●")
    shot(page, f"table-celtica-move-preview-{size}")
