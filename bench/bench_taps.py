"""Taps per turn at the table (issue 29 §3): whole generated games tapped again in Chromium.

For each game it generates whole legal games with the tests' generators
(``tests/keltis_games.py``, ``tests/orakel_games.py``,
``tests/celtica_games.py``), starts each on ``brehon serve`` with no turns,
and taps it again turn by turn on the real table screen (headless Chromium
through Playwright, a phone without WebAssembly: the server answers the
composer, as ``tests/browser/tapping.py``'s ``old_phone``): at every
question the answer the recorded turn gives (``play_turn`` with the
``recorded`` policy of ``tests/browser/test_orakel_celtica.py``), "Log turn"
where the turn could go on. Every tap counts, "Log turn" included; an answer
the composer takes as given takes none. A turn the table logged otherwise
than the record ends that game's replay there (said in the output). The
games have no free reveals (a tile turned up that no figure landed on):
the turns measured are the table's usual ones.

It prints, per game and over all its games, the median, mean and max taps
per turn, and how often each question was asked a turn (by its key; "Log
turn" is not a question). The goal of issue 29: medians Keltis <= 3, Das Orakel <= 4,
Celtica <= 3.

Run: ``.venv/bin/python bench/bench_taps.py [--games 2] [--only keltis] [--seed 1] [--turns 400]``
(a few minutes on a 2-core machine).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "bench", ROOT / "tests", ROOT / "tests" / "browser"):
    sys.path.insert(0, str(folder))

from bench_referee import CHROMIUM  # noqa: E402
from bench_table import CHROMIUM_ARGS, PHONE, served  # noqa: E402

#: Milliseconds any one wait in the page may take.
WAIT_MS = 30_000


def keltis(rng: random.Random, turns: int) -> dict:
    from keltis_games import random_game
    return random_game(rng, players=2, turns=turns, free_reveals=0.0).record


#: How often a player of Das Orakel plays a card where one may be played
#: (else discards), and draws from the deck where a pile could be drawn from.
PLAYS, DECK = 0.75, 0.8


def orakel(rng: random.Random, turns: int) -> dict:
    """A game of realistic choices: the generator's own picks every action
    alike, so three turns in four would discard."""
    from orakel_games import new_record, play_random, random_setup

    def choose(options: list) -> dict:
        kinds = {kind: [o for o in options if o.get("type") == kind] for kind in ("play", "draw")}
        if kinds["play"] and len(kinds["play"]) < len(options):
            return rng.choice(kinds["play"] if rng.random() < PLAYS else [o for o in options if o.get("type") != "play"])
        if len(kinds["draw"]) > 1 and rng.random() < DECK:
            return next(o for o in kinds["draw"] if o["from"] == "deck")
        return rng.choice(options)
    return play_random(new_record(2, setup=random_setup(rng)), choose, turns, reveal_now_and_then=False)[0]


def celtica(rng: random.Random, turns: int) -> dict:
    from celtica_games import random_game, seeded
    return random_game(seeded(rng), players=3, max_turns=turns)[0]


GAMES = {"keltis": keltis, "keltis-orakel": orakel, "celtica": celtica}


def tap_again(page, base_url: str, record: dict, asked: Counter) -> tuple[list[int], str]:
    """Tap ``record``'s turns again on a new game: the taps of each turn, and
    a note where the table logged a turn otherwise than the record. Counts
    the questions asked into ``asked`` (by key)."""
    from browser_helpers import api
    from tapping import current_player, join, play_turn
    from test_orakel_celtica import recorded

    created = api(base_url, "POST", "/games", {**record, "turns": []})
    join(page, created)
    choose, state = recorded(record["turns"], page)
    taps: list[int] = []
    for k, turn in enumerate(record["turns"]):
        page.wait_for_selector("#question, #log-turn")
        if current_player(page) != turn["player"]:
            return taps, f"turn {k}: the table waits for {current_player(page)}, the record has {turn['player']}"
        tapped = play_turn(page, choose, turn["player"])
        taps.append(tapped.taps)
        asked.update(tapped)
        state["turn"] += 1
        logged = api(base_url, "GET", f"/games/{created['id']}", token=created["token"])["record"]["turns"]
        if len(logged) != k + 1 or logged[k]["actions"] != turn["actions"]:
            return taps, f"turn {k} logged as {logged[k:k + 1]}, the record has {turn}: stopped there"
    return taps, ""


def figures(taps: list[int]) -> str:
    return (f"median {statistics.median(taps)}, mean {statistics.mean(taps):.2f}, max {max(taps)} "
            f"({len(taps)} turns)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games generated per game")
    parser.add_argument("--only", choices=sorted(GAMES), action="append", help="only this game (repeatable)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (then seed+1, ...)")
    parser.add_argument("--turns", type=int, default=400, help="at most this many turns a game")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with served() as (base_url, *_):
        print(f"brehon serve on {base_url}; load average {os.getloadavg()[0]:.1f}")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for game, generate in GAMES.items():
                    if args.only and game not in args.only:
                        continue
                    every: list[int] = []
                    asked: Counter = Counter()
                    for seed in range(args.seed, args.seed + args.games):
                        record = generate(random.Random(seed), args.turns)
                        context = browser.new_context(viewport=PHONE, base_url=base_url, locale="en-GB")
                        context.add_init_script("delete globalThis.WebAssembly")  # tapping.old_phone
                        page = context.new_page()
                        page.set_default_timeout(WAIT_MS)
                        taps, note = tap_again(page, base_url, record, asked)
                        context.close()
                        every += taps
                        print(f"{game} seed {seed}: {figures(taps)}" + (f"; {note}" if note else ""))
                    if every:
                        print(f"{game} over {args.games} games: {figures(every)}; questions a turn: "
                              + ", ".join(f"{key} {n / len(every):.2f}" for key, n in asked.most_common()))
            finally:
                browser.close()
    print(f"load average now {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
