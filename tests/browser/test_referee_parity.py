"""The same answers, proven (issue 21, point 5): the phone's referee
(scoring/ in Pyodide in Chromium, through frontend/js/referee.js) and the
server answer the same JSON, byte for byte once both are written in one
canonical form (``scoring.answers.dumps``), for

- every record of tests/data, and for each game 50 games from the property
  tests' generators (seeded: every run plays the same games), each also
  mutated at one turn (mostly refused): the phone's ``replay`` against
  ``brehon replay``; its ``game`` against ``POST /games`` (the refusal, in
  en, de and es) and ``GET /games/{id}``;
- checks at three points of every generated game (part of the turn played
  there, the whole turn, the turn mutated: in en, de and es by turns, and one
  mutated turn in all three, and one action still being built), of the turn
  after the last, with ``at`` out of range, and of Celtica takes too many to
  list as they are built: the phone's ``check(record, turn, lang, {at, building})``
  against ``POST /games/{id}/check?at=&building=`` with ``Accept-Language``;
- tallies: the phone's ``tally`` against ``brehon tally`` and ``POST /tally`` (in each language);
- the score sheet's CSV of every legal record: the phone's ``csv`` against
  ``GET /games/{id}/scoresheet?format=csv``.

The server is a ``brehon serve`` of its own without rate limits: the test
creates some 600 games within a minute. The phone's calls go in one batch,
the server's over a few connections at once.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import pytest
import requests
from api_helpers import TALLY, UNLIMITED, served

import celtica_games
import keltis_games
import lost_cities_games
import orakel_games
from scoring import Game
from scoring.answers import dumps, replay

DATA = Path(__file__).resolve().parents[1] / "data"
GAMES = 50
LANGUAGES = ("en", "de", "es")
#: Turns at which each generated game is checked (besides the one after its last).
POINTS = 3
READY = "async () => (await import('/js/referee.js')).whenReady()"
API = "/api/v1"


@pytest.fixture(scope="module")
def base_url(redis_url, tmp_path_factory):
    """This module's own server (the page is served by it too), without rate
    limits, on a Redis database no other test uses."""
    with served(redis_url, 4, tmp_path_factory.mktemp("parity"), **UNLIMITED) as (host, port):
        yield f"http://{host}:{port}"


# -- the games -------------------------------------------------------------------------


@dataclass
class Case:
    """A legal record, the same mutated at one turn, and the checks to ask about it:
    (at, turn, language, building: its last action still being built)."""
    label: str
    record: dict
    mutated: dict
    checks: list[tuple[int | None, dict, str, bool]] = field(default_factory=list)


def case(label: str, rng: random.Random, record: dict, wild, refused: dict[int, dict]) -> Case:
    """Checks at :data:`POINTS` turns of ``record``: part of the turn, the turn,
    the turn mutated (the first point is the generator's first ``refused``
    turn where it has one, else one ``wild`` action after part of the turn),
    each point in every language, the first point's mutated turn in all
    three, and its next action as one still being built (``?building=true``);
    and a wild action as the next turn. The mutated record ends with the
    first point's mutated turn."""
    turns = record["turns"]
    points = list(dict.fromkeys([*list(refused)[:1], *(rng.randrange(len(turns)) for _ in range(POINTS))]))[:POINTS] \
        if turns else []
    checks: list[tuple[int | None, dict, str, bool]] = []
    mutated = record
    for number, at in enumerate(points):
        player, actions = turns[at]["player"], turns[at]["actions"]
        cut = rng.randrange(len(actions)) if actions else 0
        wrong = refused.get(at) or {"player": player, "actions": [*actions[:cut], wild(rng)]}
        asked = [{"player": player, "actions": actions[:cut]}, turns[at], wrong]
        checks += [(at, turn, LANGUAGES[(number + kind) % 3], False) for kind, turn in enumerate(asked)]
        if number == 0:  # the refusal in the other languages too, and as a record
            checks += [(at, wrong, LANGUAGES[kind], False) for kind in (0, 1)]
            checks.append((at, {"player": player, "actions": actions[:cut + 1]}, "en", True))
            mutated = {**record, "turns": [*turns[:at], wrong]}
    following = {"player": Game.replay(record).decision().player, "actions": [wild(rng)]}
    checks.append((None, following, LANGUAGES[len(turns) % 3], False))
    # ?at= out of range: the route's problems, which the phone words alike
    checks += [(len(turns) + 1, following, LANGUAGES[(len(turns) + 1) % 3], False), (-1, following, "en", True)]
    return Case(label, record, mutated, checks)


def keltis(seed: int) -> Case:
    rng = random.Random(seed)
    game = keltis_games.random_game(rng, players=2 + seed % 3, turns=rng.randint(1, 120), illegal=0.05)
    refused = {}
    for index, prefix, action, _ in game.refused:
        player = game.record["turns"][index]["player"]
        refused.setdefault(index, {"player": player, "actions": [*prefix, action]})
    return case(f"keltis {seed}", rng, game.record, keltis_games.random_action, refused)


def orakel(seed: int) -> Case:
    rng = random.Random(seed)
    start = orakel_games.new_record(players=2 + seed % 3, setup=orakel_games.random_setup(rng),
                                    options={name: rng.choice(values) for name, values
                                             in orakel_games.OPTION_CHOICES.items() if rng.random() < 0.3})
    record, _ = orakel_games.play_random(start, rng.choice, turns=rng.randint(1, 90))
    return case(f"keltis-orakel {seed}", rng, record, orakel_games.random_action, {})


def celtica(seed: int) -> Case:
    rng = random.Random(seed)
    players = 2 + seed % 4
    record, _ = celtica_games.random_game(celtica_games.seeded(rng), players,
                                          setup=celtica_games.random_setup(rng, players),
                                          options=celtica_games.random_options(rng), max_turns=rng.randint(1, 150))
    return case(f"celtica {seed}", rng, record, celtica_games.random_action, {})


def celtica_grown() -> Case:
    """Takes too many to list (9 parts over an unknown display, up to 9 or
    exactly 9) and the steps the engine grows them by, begun in several ways."""
    board = {"locations": [{"kind": "start"}, {"kind": "castle", "parts": 9}, {"kind": "goal", "parts": 1}]}
    record = celtica_games.record([], board=board, setup={"parts": {"anna": ["n", "s"], "ben": ["e", "w"]}})
    begun = ([], ["n"], ["center"] * 3, ["w"] * 9, ["n", "x"], "n")
    checks = [(0, celtica_games.turn("anna", celtica_games.move("red", 1), {"type": "take", "parts": parts}),
               LANGUAGES[number % 3], True) for number, parts in enumerate(begun)]
    return Case("celtica, takes too many to list", record, record, checks)


def lost_cities(seed: int) -> Case:
    rng = random.Random(seed)
    game = lost_cities_games.random_game(rng, turns=rng.randint(1, 60), illegal=0.05)
    colors = tuple(game.game.state.colors)
    refused = {}
    for index, prefix, action, _ in game.refused:
        player = game.record["turns"][index]["player"]
        refused.setdefault(index, {"player": player, "actions": [*prefix, action]})
    return case(f"lost-cities {seed}", rng, game.record, lambda rng: lost_cities_games.random_action(rng, colors), refused)


def tallies() -> list:
    """What ``brehon tally`` reads: CONTRACT.md §7's shapes, and faults."""
    orakel = {"game": "keltis-orakel", "options": {}, "board": orakel_games.SAMPLE_BOARD, "players": [
        {"id": "anna", "fields": [3, 12, 30], "stones_held": 2, "mirrors": 1, "track": 4},
        {"id": "ben", "fields": [0, 0, 35], "stones_held": 0, "mirrors": 0, "track": 0}]}
    celtica = {"game": "celtica", "options": {}, "board": None, "players": [
        {"id": "anna", "parts": dict.fromkeys(celtica_games.KINDS, 1) | {"n": 3}},
        {"id": "ben", "parts": {"center": 2, "se": 4}}]}
    lost_cities = {"game": "lost-cities", "options": {}, "players": [
        {"id": "anna", "expeditions": {"yellow": ["wager", 5, 7, 9, 10]}, "earlier_rounds": 30},
        {"id": "ben", "expeditions": {"red": [2, 3], "blue": [4, 4]}}]}
    purple = {**lost_cities, "options": {"purple": True}, "players": [
        {"id": "anna", "expeditions": {"purple": ["wager", 2, 9]}}, {"id": "ben", "expeditions": {"purple": [10]}}]}
    return [TALLY, {**TALLY, "options": {}}, {**TALLY, "players": TALLY["players"][:1]},
            lost_cities, {**lost_cities, "players": [lost_cities["players"][0], {"id": "ben", "expeditions": {"red": [2, 3]}}]},
            purple, {**purple, "options": {}},  # the quick tally's sixth expedition, and without its option
            {**purple, "players": [{"id": "anna", "expeditions": {"purple": [9, "wager"]}}, purple["players"][1]]},
            orakel, {**orakel, "players": [{**orakel["players"][0], "fields": [0, 1, 36]}, orakel["players"][1]]},
            celtica, {**celtica, "game": "celtica-deluxe"}, ["not", "a", "tally"]]


def recorded() -> list[tuple[str, dict]]:
    """Every file of tests/data's games: ``{"record", "sheet"}``."""
    return [(f"{path.parent.name}/{path.name}", json.loads(path.read_text()))
            for game in ("keltis", "orakel", "celtica", "lost_cities") for path in sorted((DATA / game).glob("*.json"))]


# -- the two sides ---------------------------------------------------------------------


#: The calls go in and the answers come back as one JSON text: Playwright
#: takes about ten times longer to carry the same as objects.
PHONE = """async calls => {
  const {records, replays, views, checks, tallies, sheets} = JSON.parse(calls);
  const referee = await import('/js/referee.js');
  const all = (calls, ask) => Promise.all(calls.map(ask));
  return JSON.stringify({
    replays: await all(replays, index => referee.replay(records[index])),
    views: await all(views, ([index, lang]) => referee.game(records[index], lang)),
    checks: await all(checks, ([index, turn, lang, at, building]) => referee.check(records[index], turn, lang, {at, building})),
    tallies: await all(tallies, ([input, lang]) => referee.tally(input, lang)),
    sheets: await all(sheets, index => referee.csv(records[index])),
  });
}"""


class Server:
    """The server's side, over a keep-alive connection per thread."""

    def __init__(self, base: str):
        self.base, self.local = base + API, threading.local()

    def ask(self, method: str, path: str, body=None, lang: str = "en", token: str | None = None):
        if not hasattr(self.local, "session"):
            self.local.session = requests.Session()
        headers = {"Accept-Language": lang, **({"Authorization": f"Bearer {token}"} if token else {})}
        answer = self.local.session.request(method, self.base + path, json=body, headers=headers, timeout=30)
        return answer.status_code, answer.json() if answer.headers["Content-Type"].endswith("json") else answer.text


def command(folder: Path, name: str, data) -> dict:
    """What ``brehon name FILE`` prints for ``data``."""
    file = folder / f"{name}.json"
    file.write_text(json.dumps(data))
    run = subprocess.run([str(Path(sys.executable).with_name("brehon")), name, str(file)],
                         capture_output=True, text=True, check=False)
    assert run.returncode in (0, 1, 2), run.stderr
    return json.loads(run.stdout)


def test_the_phone_answers_what_the_server_answers(page, base_url, tmp_path):
    cases = [make(seed) for make in (keltis, orakel, celtica, lost_cities) for seed in range(GAMES)] + [celtica_grown()]
    files = recorded()
    records = [data for _, data in files] + [data["record"] for _, data in files]
    records += [record for one in cases for record in (one.record, one.mutated)]
    names = [name for name, _ in files] + [f"{name}'s record" for name, _ in files]
    names += [name for one in cases for name in (one.label, f"{one.label}, mutated")]
    legal = [replay(record).get("status") != "rejected" for record in records]
    assert sum(legal) > len(cases) and len(legal) - sum(legal) > GAMES, "the games are too seldom legal or refused"
    wrapped = len(files)  # records[:wrapped] are tests/data's files: brehon replay refuses them as they are
    views = [(index, lang) for index in range(wrapped, len(records))
             for lang in (("en",) if legal[index] else LANGUAGES)]
    checks = [(wrapped * 2 + 2 * number, turn, lang, at, building)
              for number, one in enumerate(cases) for at, turn, lang, building in one.checks]
    inputs = [(data, lang) for data in tallies() for lang in LANGUAGES]  # a refusal in each language
    sheets = [index for index in range(wrapped, len(records)) if legal[index]]

    page.goto("/")
    assert page.wait_for_function(READY, timeout=120_000).json_value() is True
    phone = json.loads(page.evaluate(PHONE, json.dumps({
        "records": records, "replays": list(range(len(records))), "views": views, "checks": checks,
        "tallies": inputs, "sheets": sheets})))

    server = Server(base_url)
    differ: list[str] = []

    def same(label: str, expected, got) -> None:
        server_text, phone_text = dumps(expected), dumps(got)
        if server_text != phone_text:
            at = next((i for i, (a, b) in enumerate(zip(server_text, phone_text)) if a != b),
                      min(len(server_text), len(phone_text)))
            start = max(0, at - 200)
            differ.append(f"{label}, from character {start}:\n  server {server_text[start:at + 200]}\n"
                          f"  phone  {phone_text[start:at + 200]}")

    # brehon replay: the command for tests/data, its function (scoring.answers) for the generated games
    for index, record in enumerate(records):
        server_side = command(tmp_path, "replay", record) if index < 2 * wrapped else replay(record)
        same(f"replay of {names[index]}", server_side, phone["replays"][index])

    # POST /games: the game, or its refusal in each language
    def create(view: tuple[int, str]):
        index, lang = view
        return server.ask("POST", "/games", records[index], lang)

    with ThreadPoolExecutor(8) as pool:
        created = list(pool.map(create, views))
        games = {index: body for (index, _), (status, body) in zip(views, created) if status == 201}
        looked = dict(zip(games, pool.map(lambda body: server.ask("GET", f"/games/{body['id']}",
                                                                  token=body["token"])[1], games.values())))

        def ask_check(call):
            index, turn, lang, at, building = call
            body = games[index]
            query = urlencode({**({} if at is None else {"at": at}), **({"building": "true"} if building else {})})
            return server.ask("POST", f"/games/{body['id']}/check" + (f"?{query}" if query else ""),
                              turn, lang, body["token"])

        checked = list(pool.map(ask_check, checks))
        tallied = list(pool.map(lambda asked: server.ask("POST", "/tally", *asked), inputs))
        spread = list(pool.map(lambda index: server.ask("GET", f"/games/{games[index]['id']}/scoresheet?format=csv",
                                                        token=games[index]["token"])[1], sheets))

    for (index, lang), (status, body), seen in zip(views, created, phone["views"]):
        label = f"POST /games of {names[index]} ({lang})"
        assert status == (201 if legal[index] else 422), (label, body)
        if status == 201:
            same(label + ": its score sheet", body["scoresheet"], phone["replays"][index])
            same(label + ": GET /games/{id}", {key: looked[index][key] for key in seen}, seen)
        else:
            same(label, body, seen)
            if lang == "en":  # the problem's violations are the rejected sheet's (CONTRACT.md §6)
                same(label + ": the rejected sheet", body["violations"], phone["replays"][index]["violations"])
    for call, (status, body), seen in zip(checks, checked, phone["checks"]):
        index, turn, lang, at, building = call
        label = f"check{' (building)' if building else ''} at {at} of {names[index]} ({lang}): {dumps(turn)[:200]}"
        assert status == seen.get("status", 200), (label, body, seen)
        same(label, body, seen)
    for (data, lang), (status, body), seen in zip(inputs, tallied, phone["tallies"]):
        label = f"tally ({lang}) {dumps(data)[:200]}"
        if lang == "en":  # the command speaks English
            same(label, command(tmp_path, "tally", data), seen)
        if status == 200:
            same(label + ": POST /tally", body, seen)
        else:  # the problem's violations are the rejected sheet's
            same(label + ": POST /tally", body["violations"], seen["violations"])

    for index, text, seen in zip(sheets, spread, phone["sheets"]):
        same(f"the CSV of {names[index]}", text, seen)

    print(f"parity: {len(records)} records, {len(views)} games or refusals, {len(checks)} checks, "
          f"{len(inputs)} tallies")
    assert not differ, f"{len(differ)} answers differ; the first:\n" + "\n".join(differ[:5])
