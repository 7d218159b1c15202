"""A game that lives on the phone: a turn's and a correction's time through the referee.

Starts ``brehon serve`` (from this environment; it only serves the app's
files here) on a free loopback port with a temporary data directory, and
the system's Chromium, headless, through Playwright. In the page, once the
referee is ready, it starts a phone-only 3-player Keltis game
(``local.js`` ``createLocal``) and logs the turns of
``bench_keltis.long_game`` one by one as the table app does: ``api()``'s
``POST /games/local-.../turns`` with ``If-Match`` and an
``Idempotency-Key``, answered on the phone (IndexedDB and the referee), then
its news applied to the game as it was (news.js ``applyNews``, as the table
does before it draws). Every
``--every`` turns it also undoes the last turn and logs it again
(``POST .../corrections``). It prints the median time of a turn's write,
from the call to its answer (the news the table draws from), and to its news
applied, early in the
game (its first ``--turns`` turns) and late (the ``--turns`` turns up to
turn ``--late``), and of a correction.

What it measures is what the table waits for between "Log turn" and the
next turn's first question, less the drawing. The machine's load average is
printed with the figures: other work slows them. Bounded in time: every
wait has a timeout; the server tree and the browser are stopped on the way
out, failure included.

Run: ``.venv/bin/python bench/bench_local.py [--turns 20] [--late 100] [--every 5]``
(about a minute on a 2-core machine).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_keltis import long_game  # noqa: E402
from bench_referee import CHROMIUM, START_MS  # noqa: E402
from bench_table import CHROMIUM_ARGS, PHONE, served  # noqa: E402

#: Log ``turns`` (from ``first`` on; the ones before are in the record it
#: starts from) on a new phone-only game; every ``every`` turns an undo and
#: the turn again. The ms of each turn's write and of each correction.
WRITES = """async ({record, first, count, every}) => {
  const referee = await import('/js/referee.js');
  referee.startReferee();
  if (!(await referee.whenReady())) throw new Error('no referee');
  const {createLocal} = await import('/js/local.js');
  const {api, ifMatch, idempotencyKey} = await import('/js/api.js');
  const {applyNews} = await import('/js/news.js');
  const turns = record.turns;
  const game = await createLocal({...record, turns: turns.slice(0, first)});
  let version = game.version;
  const times = {turns: [], applied: [], corrections: []};
  const write = async (route, body) => {
    const {data: seen} = await api(`/games/${game.id}`);
    const at = performance.now();
    const {data} = await api(`/games/${game.id}/${route}`, {method: 'POST', body,
      headers: {'If-Match': ifMatch(version), 'Idempotency-Key': idempotencyKey()}});
    const written = performance.now();
    if (!(await applyNews(seen, data))) throw new Error('the news was not applied');
    version = data.version;
    return [written - at, performance.now() - at];
  };
  for (const [i, turn] of turns.slice(first, first + count).entries()) {
    const [written, applied] = await write('turns', turn);
    times.turns.push(written);
    times.applied.push(applied);
    if ((i + 1) % every) continue;
    times.corrections.push((await write('corrections', {undo: true, by: 'bench'}))[0]);
    await write('turns', turn);
  }
  return times;
}"""


def spread(values: list[float]) -> str:
    return (f"median {statistics.median(values):.1f} ms (range {min(values):.1f} to {max(values):.1f}, "
            f"{len(values)} times)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=20, help="turns logged early and late")
    parser.add_argument("--late", type=int, default=100, help="the turn the late ones end at")
    parser.add_argument("--every", type=int, default=5, help="an undo (and the turn again) every so many turns")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    record = long_game(players=3, turns=args.late)
    with served() as (base_url, *_):
        print(f"brehon serve on {base_url}; {os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f}")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_context(viewport=PHONE, base_url=base_url, locale="en-GB").new_page()
                page.set_default_timeout(START_MS)
                page.goto("/")
                for label, first in (("early", 0), ("late", args.late - args.turns)):
                    times = page.evaluate(WRITES, {"record": record, "first": first, "count": args.turns,
                                                           "every": args.every})
                    print(f"{label} (turns {first} to {first + args.turns - 1}): a turn's write "
                          f"{spread(times['turns'])}; with its news applied {spread(times['applied'])}; "
                          f"an undo {spread(times['corrections'])}")
            finally:
                browser.close()
    print(f"load average now {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
