"""The phone's referee in Chromium: its start, first time and from the cache, and a check's time.

Starts ``brehon serve`` (from this environment) on a free loopback port with
a temporary data directory, and the system's Chromium, headless, through
Playwright, with a real profile on disk (``launch_persistent_context``): an
incognito context keeps no compiled WebAssembly, a phone's browser does.

- **first start** (``--first`` rounds, each in a fresh profile): the app's
  first visit; from ``startReferee`` (app.js calls it once the first screen
  is drawn) to ready, as the referee's ``onReferee`` reports it to a
  listener put in before the app runs (``page.add_init_script``), and from
  the navigation's start; and the bytes the referee fetched over the network
  (the responses under ``/vendor/pyodide/`` and ``/referee/`` that the
  service worker did not answer: body and headers as sent, compressed).
- **cached start** (``--rounds`` rounds in the last of those profiles): a
  reload of the page, controlled by the service worker, which answers the
  referee's files from its caches; then the same offline
  (``context.set_offline``); then the browser closed and opened again on the
  same profile, offline (a phone that reopens the app).
- **where the time goes** (once, cached, online): the worker's steps done on
  the page's own thread with the same calls: importing ``pyodide.mjs``,
  ``loadPyodide`` (``packages: []``), fetching and unpacking the engine's
  zip, ``import scoring.answers``, and the first ``check`` (Python warming
  up); then ``loadPyodide`` from the memory snapshot the worker keeps
  (Cache Storage ``brehon-referee-snapshot``), as its later starts do.
- **check**: ``referee.check(record, turn)`` of a whole composed turn on a
  3-player Keltis game (``bench_keltis.long_game``) before turn 0 and turn
  100, ``--checks`` times each (median); beside it the server's
  ``POST /games/{id}/check`` of the same turn fetched by the same page.

- **composing** (``--turns`` turns of a 2-player Keltis game, the browser
  tests' table and policy: tests/browser/keltis_script.py): from a tap on an
  answer button of the composer to the table drawn again with the next
  question (``#table``'s ``data-drawn``, noted by a MutationObserver on the
  page), median over every such tap and over those that end an action (the
  composer has it checked); once with the referee ready, once with its files
  refused (``context.route``), where the composer asks the server.

Medians (and ranges) are printed; the machine's load average is printed
with them: other work on the machine slows every figure here. Bounded in
time: every wait has a timeout; the server tree and the browser are stopped
on the way out, failure included.

Run: ``.venv/bin/python bench/bench_referee.py [--first 2] [--rounds 5] [--checks 20] [--turns 12]``
(about two minutes on a 2-core machine).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from bench_keltis import long_game  # noqa: E402
from bench_table import CHROMIUM_ARGS, PHONE, served  # noqa: E402
from keltis_script import Policy, keltis_game  # noqa: E402
from tapping import current_player, join, log_turn, question  # noqa: E402

#: Pyodide's start takes seconds: wait for it as long as a busy machine may need.
START_MS = 180_000
REFEREE = ("/vendor/pyodide/", "/referee/")
CHROMIUM = "/usr/bin/chromium"

#: Before the app runs: note when the referee starts loading and is ready (ms since the navigation).
MARKS = """
window.__referee = [];
import('/js/referee.js').then(referee => referee.onReferee(state => window.__referee.push([state, performance.now()])));
"""
READY = "async () => (await import('/js/referee.js')).whenReady()"
SETTLED = "() => window.__referee.some(([state]) => state === 'ready' || state === 'unavailable')"

#: The worker's steps (frontend/js/referee-worker.js) on the page's thread, timed one by one.
STEPS = """async record => {
  const times = {};
  let at = performance.now();
  const step = name => { const now = performance.now(); times[name] = now - at; at = now; };
  const {loadPyodide} = await import('/vendor/pyodide/pyodide.mjs');
  step('import pyodide.mjs');
  const pyodide = await loadPyodide({indexURL: '/vendor/pyodide/', packages: []});
  step('loadPyodide');
  const zip = await (await fetch('/referee/scoring.zip')).arrayBuffer();
  pyodide.unpackArchive(zip, 'zip', {extractDir: '/home/pyodide/bench'});
  step('fetch and unpack scoring.zip');
  pyodide.runPython('import sys; sys.path.insert(0, "/home/pyodide/bench"); from scoring import answers');
  step('import scoring.answers');
  pyodide.globals.set('record', JSON.stringify(record));
  pyodide.runPython('import json; r = json.loads(record); answers.check({**r, "turns": []}, r["turns"][0], "en")');
  step('first check (turn 0)');
  const kept = await (await caches.open('brehon-referee-snapshot')).keys();
  if (!kept.length) return times;
  const snapshot = await (await caches.match(kept[0])).arrayBuffer();
  step(`read the worker's snapshot (${(snapshot.byteLength / 1048576).toFixed(1)} MiB)`);
  await loadPyodide({indexURL: '/vendor/pyodide/', packages: [], _loadSnapshot: snapshot});
  step('loadPyodide from it');
  return times;
}"""

#: ``n`` checks of ``turn`` on ``record`` through the referee, and through the server; ms each.
CHECKS = """async ({record, turn, n, game}) => {
  const referee = await import('/js/referee.js');
  await referee.whenReady();
  const phone = [], server = [];
  for (let i = 0; i < n; i++) {
    let at = performance.now();
    await referee.check(record, turn, 'en');
    phone.push(performance.now() - at);
    at = performance.now();
    const answer = await fetch(`/api/v1/games/${game.id}/check`, {method: 'POST', body: JSON.stringify(turn),
      headers: {'Content-Type': 'application/json', 'Authorization': `Bearer ${game.token}`}});
    await answer.json();
    server.push(performance.now() - at);
  }
  return {phone, server};
}"""


#: Tap the ``index``-th answer button: [ms until the table is drawn again,
#: whether the tap ended an action (the turn so far grew: the action was checked)].
TAP = """index => new Promise(resolve => {
  const table = document.querySelector('#table');
  const before = table.dataset.drawn;
  const soFar = () => (document.querySelector('#composer .chips') || {}).textContent;
  const actions = soFar();
  const observer = new MutationObserver(() => {
    if (table.dataset.drawn === before) return;
    observer.disconnect();
    resolve([performance.now() - tapped, soFar() !== actions]);
  });
  observer.observe(table, {attributes: true, attributeFilter: ['data-drawn']});
  const tapped = performance.now();
  document.querySelectorAll('#composer .choices button')[index].click();
})"""


def spread(values: list[float], unit: str = "ms") -> str:
    return (f"{statistics.median(values):.0f} {unit} (range {min(values):.0f} to {max(values):.0f}, "
            f"{len(values)} times)")


def started(page, timeout: float = START_MS) -> dict:
    """Wait for the referee to settle; its start in ms from startReferee and from the navigation."""
    page.wait_for_function(SETTLED, timeout=timeout)
    marks = dict((state, at) for state, at in page.evaluate("window.__referee"))
    if "ready" not in marks:
        raise SystemExit(f"the referee is unavailable here: {page.evaluate('window.__referee')}")
    return {"start": marks["ready"] - marks["loading"], "navigation": marks["ready"]}


def open_profile(playwright, folder: Path):
    context = playwright.chromium.launch_persistent_context(
        str(folder), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, viewport=PHONE,
        locale="en-GB", service_workers="allow")
    context.set_default_timeout(30_000)
    context.add_init_script(MARKS)
    return context


def first_start(playwright, folder: Path, base_url: str) -> tuple[dict, object]:
    """The first visit in a fresh profile: the referee's start and bytes; answers the context, open."""
    context = open_profile(playwright, folder)
    fetched = []
    context.on("response", lambda response: fetched.append(response)
               if urlparse(response.url).path.startswith(REFEREE) and not response.from_service_worker else None)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(base_url + "/")
    times = started(page)
    sizes = [response.request.sizes() for response in fetched]
    times["bytes"] = sum(size["responseBodySize"] + size["responseHeadersSize"] for size in sizes)
    return times, context


def reload_start(context) -> dict:
    page = context.pages[0]
    page.reload()
    return started(page)


def post(port: int, path: str, body: dict) -> dict:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    answer = connection.getresponse()
    if answer.status != 201:
        raise SystemExit(f"POST {path}: {answer.status} {answer.read()[:300]!r}")
    return json.loads(answer.read())


def composing(browser, base_url: str, turns: int, referee: bool) -> list[tuple[float, bool]]:
    """Compose and log ``turns`` turns by tapping; every answer's tap: (ms, whether it ended an action)."""
    context = browser.new_context(viewport=PHONE, base_url=base_url, locale="en-GB")
    context.set_default_timeout(30_000)
    if not referee:
        context.route("**/vendor/pyodide/**", lambda route: route.abort())
    page = context.new_page()
    join(page, keltis_game(base_url))
    if page.wait_for_function(READY, timeout=START_MS).json_value() is not referee:
        raise SystemExit(f"the referee is {'not ' if referee else ''}ready")
    choose, taps = Policy(), []
    for _ in range(turns):
        page.wait_for_selector("#question, #log-turn")
        player = current_player(page)
        while (open_question := question(page)) is not None:
            key, values = open_question
            taps.append(page.evaluate(TAP, values.index(choose(key, values, player))))
            page.wait_for_selector("#question, #log-turn")
        log_turn(page)
        choose.turns[player] += 1
    context.close()
    return taps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=2, help="first starts, each in a fresh profile")
    parser.add_argument("--rounds", type=int, default=5, help="cached starts of each kind")
    parser.add_argument("--checks", type=int, default=20, help="checks timed at each point of the game")
    parser.add_argument("--turns", type=int, default=12, help="turns composed by tapping, with and without the referee")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    record = long_game(players=3, turns=101)
    with served() as (base_url, port, scratch, _):
        chromium = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip()
        print(f"brehon serve on {base_url}; {chromium}; {os.cpu_count()} CPUs; "
              f"load average {os.getloadavg()[0]:.1f}")
        with sync_playwright() as playwright:
            report(playwright, base_url, port, scratch, record, args)
    return 0


def report(playwright, base_url: str, port: int, scratch: Path, record: dict, args) -> None:
    firsts, context = [], None
    for number in range(args.first):
        if context is not None:
            context.close()
        times, context = first_start(playwright, scratch / f"profile-{number}", base_url)
        firsts.append(times)
    print(f"first start (fresh profile), from startReferee to ready: {spread([t['start'] for t in firsts])}")
    print(f"  from the navigation's start to ready: {spread([t['navigation'] for t in firsts])}")
    print(f"  fetched: {spread([t['bytes'] / 1024 for t in firsts], 'KiB')}")

    online = [reload_start(context) for _ in range(args.rounds)]
    print(f"cached start (a reload, controlled by the service worker): {spread([t['start'] for t in online])}")
    context.set_offline(True)
    offline = [reload_start(context) for _ in range(args.rounds)]
    print(f"cached start, offline: {spread([t['start'] for t in offline])}")
    context.close()
    reopened = []
    for _ in range(args.rounds):
        context = open_profile(playwright, scratch / f"profile-{args.first - 1}")
        context.set_offline(True)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(base_url + "/")
        reopened.append(started(page))
        context.close()
    print(f"cached start, the browser reopened, offline: {spread([t['start'] for t in reopened])}")

    context = open_profile(playwright, scratch / f"profile-{args.first - 1}")
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(base_url + "/")
    started(page)
    steps = page.evaluate(STEPS, record)
    print("where the time goes (the worker's steps on the page's thread, cached):")
    for name, ms in steps.items():
        print(f"  {name}: {ms:.0f} ms")

    for at in (0, 100):
        before = {**record, "turns": record["turns"][:at]}
        game = post(port, "/api/v1/games", before)
        times = page.evaluate(CHECKS, {"record": before, "turn": record["turns"][at], "n": args.checks,
                                       "game": {"id": game["id"], "token": game["token"]}})
        print(f"check of turn {at} ({len(record['turns'][at]['actions'])} actions), median of {args.checks}: "
              f"referee {statistics.median(times['phone']):.1f} ms, server {statistics.median(times['server']):.1f} ms"
              f" (fetch over loopback)")
    context.close()

    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        for referee in (True, False):
            taps = composing(browser, base_url, args.turns, referee)
            checked = [ms for ms, ended in taps if ended]
            print(f"composing {args.turns} turns, a tap to the next question drawn, "
                  f"{'with the referee' if referee else 'with the server'}: every tap {spread([ms for ms, _ in taps])};"
                  f" a tap that ends an action (checked) {spread(checked) if checked else 'none'}")
    finally:
        browser.close()
    print(f"load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.exit(main())
