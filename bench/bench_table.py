"""A table of phones and a display through the real server: what following a game costs.

Starts ``brehon serve`` (from this environment) on a free loopback port with
a temporary data directory, so that it runs its own Redis, its limits'
Redis, its rq worker and gunicorn: everything it runs is one process tree.
Creates 3-player Keltis games (``bench_keltis.long_game(players=3)``) with
their first ``--first`` turns, then logs the next ``--turns`` turns one by
one from plain Python (http.client, ``If-Match`` with the version and an
``Idempotency-Key``), in two ways, ``--rounds`` times:

- **unfollowed**: a game nobody has open; the same turns, posted as far
  apart as the followed ones came (their mean interval; back to back
  too, shown for comparison: a turn after a pause costs the host more);
- **followed**: three phones (the table screen, opened from the table's join
  link ``#g=<id>&t=<token>``) and one table display (the spectator link with
  ``&v=display``) are real Chromium pages of the app (one headless browser,
  four contexts, Playwright). After each turn the poster waits until every
  follower shows the new version: ``data-version`` on the screen's root
  (``#table`` / ``#display-screen``) when the app sets it, else the score
  strip's current player (``.strip li.current``), which changes with every
  Keltis turn. The wait is for the event itself (``wait_for_function``),
  whatever the app does to get there (fetch the game, or apply the event).

Per follower it counts, through a CDP session of its page
(``Network.requestWillBeSent``, ``Network.dataReceived`` and
``Network.loadingFinished``, encoded lengths: what came over the wire,
compressed when the answer was), the requests it sent besides its event
stream and the bytes it read (event stream included), from the first POST
until the pages are quiet after the last turn. The host's CPU is the sum of
utime+stime (and of reaped children) over ``brehon serve``'s process tree
from /proc, before and after, less the tree's idle CPU: its rate over
``--idle`` seconds just before the run, in the same state (the followers
open, or none), times the run's wall time. Chromium and the poster are not
counted.

Bounded in time: every wait has a timeout; whatever it started (the server
tree, the browser) is stopped on the way out, failure included.

Run: ``.venv/bin/python bench/bench_table.py [--turns 40] [--rounds 2]``
(about a minute per round on a 2-core machine).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_keltis import long_game  # noqa: E402
from brehon.redis_server import free_port  # noqa: E402
from timing import descendants, wait_ready  # noqa: E402

PHONES = 3
PHONE = {"width": 390, "height": 844}
DISPLAY = {"width": 1024, "height": 768}
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
#: Seconds a follower may take to show a turn, and the pages to open.
WAIT_MS = 20_000
#: The pages are quiet when no request but the stream is open for this long.
QUIET = 0.5
TICKS = os.sysconf("SC_CLK_TCK")

#: The follower shows version ``v``: the root's data-version where the app
#: sets one, else the current player of the score strip.
SHOWS = """([v, player]) => {
  const root = document.querySelector('#table, #display-screen');
  if (!root || !root.dataset.drawn) return false;
  if (root.dataset.version !== undefined) return Number(root.dataset.version) >= v;
  const current = root.querySelector('.strip li.current');
  return !!current && current.dataset.player === player;
}"""


# -- the host's CPU ------------------------------------------------------------

def names(pid: int) -> str:
    """What runs under ``pid``: the program of each process, counted."""
    seen: dict[str, int] = {}
    for member in descendants(pid):
        try:
            words = Path(f"/proc/{member}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        program = " ".join(word.decode(errors="replace") for word in words)
        name = next((part for part in ("redis-server", "gunicorn", "worker", "serve") if part in program),
                    Path(words[0].decode(errors="replace")).name)
        seen[name] = seen.get(name, 0) + 1
    return ", ".join(f"{count} {name}" for name, count in seen.items())


def cpu_seconds(pid: int) -> float:
    """CPU seconds of the tree under ``pid``: each live thread's run time
    from /proc/<pid>/task/<tid>/schedstat (nanoseconds: utime and stime
    tick at 10 ms, too coarse for a few ms per turn), plus the children each
    process reaped (cutime, cstime). The time of a thread that ended is
    lost: the parts keep theirs (gunicorn's pool threads, Redis's, serve's
    and the worker's main thread) while a game is played."""
    total = 0.0
    for member in descendants(pid):
        try:
            fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(value) for value in fields[13:15]) / TICKS
            tasks = list(Path(f"/proc/{member}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                total += int((task / "schedstat").read_text().split()[0]) / 1e9
            except (OSError, ValueError):
                continue
    return total


def idle_rate(pid: int, seconds: float) -> float:
    """The tree's CPU seconds per second while nothing is asked of it."""
    started, cpu = time.perf_counter(), cpu_seconds(pid)
    time.sleep(seconds)
    return (cpu_seconds(pid) - cpu) / (time.perf_counter() - started)


# -- the poster ----------------------------------------------------------------

class Poster:
    """Plain HTTP, as any client: creates games and logs turns."""

    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, body: dict, headers: dict | None = None) -> tuple[int, dict, dict]:
        data, sent = json.dumps(body).encode(), {"Content-Type": "application/json", **(headers or {})}
        try:
            self.connection.request(method, f"/api/v1{path}", body=data, headers=sent)
            answer = self.connection.getresponse()
        except (http.client.RemoteDisconnected, ConnectionError):
            # gunicorn closed the kept-alive connection while we were idle:
            # the same request again (its Idempotency-Key makes it safe).
            self.connection.close()
            self.connection.request(method, f"/api/v1{path}", body=data, headers=sent)
            answer = self.connection.getresponse()
        payload = json.loads(answer.read() or b"null")
        return answer.status, payload, dict(answer.getheaders())

    def create(self, record: dict, turns: int) -> dict:
        status, game, _ = self.call("POST", "/games", {**record, "turns": record["turns"][:turns]},
                                    {"Idempotency-Key": str(uuid.uuid4())})
        assert status == 201, (status, game)
        return game

    def log(self, game: dict, turn: dict, version: int) -> int:
        """Log one turn on ``version``; answers the new version."""
        status, answer, headers = self.call("POST", f"/games/{game['id']}/turns", turn, {
            "Authorization": f"Bearer {game['token']}", "If-Match": f'"{version}"',
            "Idempotency-Key": str(uuid.uuid4())})
        assert status == 201, (status, answer)
        etag = headers.get("ETag") or headers.get("Etag")
        return int(etag.strip('W/"')) if etag else int(answer["version"])


# -- the followers -------------------------------------------------------------

class Wire:
    """One page's traffic, from its CDP session: requests (the event stream
    apart) and bytes read, as encoded on the wire."""

    def __init__(self, context, page):
        self.page = page
        self.cdp = context.new_cdp_session(page)
        self.open: dict[str, dict] = {}  # requestId -> {"stream", "read"}
        self.urls: dict[str, int] = {}
        self.reset()
        self.last_change = time.perf_counter()
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.dataReceived", self._data)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.cdp.on("Network.loadingFailed", self._failed)
        self.cdp.send("Network.enable")

    def _sent(self, event: dict) -> None:
        request = event["request"]
        if request["url"].startswith("data:"):
            return
        path = request["url"].split("://", 1)[-1].partition("/")[2].partition("?")[0]
        stream = path.endswith("/events")
        self.open[event["requestId"]] = {"stream": stream, "read": 0}
        if stream:
            self.streams += 1
        else:
            self.requests += 1
            key = f"{request['method']} /{path}"
            self.urls[key] = self.urls.get(key, 0) + 1
        self.last_change = time.perf_counter()

    def _data(self, event: dict) -> None:
        known = self.open.get(event["requestId"])
        if known is None:
            return
        length = event.get("encodedDataLength", 0)
        if known["stream"] and self.closed is not None:
            # The window is closed: only what the stream still owed it.
            if not self.closed:
                self.closed = True
                self.owed += length
            return
        known["read"] += length
        self.bytes += length
        if known["stream"]:
            self.stream_bytes += length

    def _finished(self, event: dict) -> None:
        # The whole request's bytes (headers included); the chunks counted so
        # far are part of it.
        known = self.open.pop(event["requestId"], None)
        if known is not None:
            self.bytes += max(0, int(event.get("encodedDataLength", 0)) - known["read"])
            self.last_change = time.perf_counter()

    def _failed(self, event: dict) -> None:
        if self.open.pop(event["requestId"], None) is not None:
            self.last_change = time.perf_counter()

    def busy(self) -> bool:
        """A request other than the event stream is on its way."""
        return any(not known["stream"] for known in self.open.values())

    def reset(self) -> None:
        self.requests = self.streams = self.bytes = self.stream_bytes = self.owed = 0
        self.urls = {}
        self.closed: bool | None = None  # None: counting; False: waiting for the stream's next chunk

    def close(self) -> None:
        """Stop counting. Chromium reports a streamed chunk's encoded length
        with the chunk after it (0 with the chunk itself, its length with
        the next one): the stream's last event in the window is counted
        when the next chunk (the stream's heartbeat) comes; see settle()."""
        self.closed = False


def open_followers(browser, base_url: str, game: dict) -> tuple[list, list[Wire]]:
    """Three phones at the table screen and one table display, joined by
    their links as a person would; answers the contexts and their wires."""
    contexts, wires = [], []
    links = [(f"/#g={game['id']}&t={game['token']}", PHONE, "#table[data-drawn]")] * PHONES + [
        (f"/#g={game['id']}&t={game['spectator_token']}&s=1&v=display", DISPLAY, "#display-screen[data-drawn]")]
    for link, viewport, ready in links:
        context = browser.new_context(viewport=viewport, base_url=base_url, locale="en-GB")
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        page = context.new_page()
        wires.append(Wire(context, page))
        page.goto(link)
        page.wait_for_selector(ready)
    return contexts, wires


def quiet(wires: list[Wire], timeout: float = 20.0) -> None:
    """Wait until no follower has a request on its way (its stream aside),
    and none started or ended one for ``QUIET`` seconds."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        wires[0].page.wait_for_timeout(100)  # lets Playwright deliver the CDP events
        now = time.perf_counter()
        if not any(wire.busy() for wire in wires) and all(now - wire.last_change >= QUIET for wire in wires):
            return
    raise SystemExit("the followers did not settle")


def settle(wires: list[Wire], timeout: float) -> bool:
    """Wait until each follower's stream sent its next chunk after the
    window (the heartbeat: the server sends one after 15 s without news),
    so that the encoded length it still owed the window is known."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if all(wire.closed or not wire.open for wire in wires):
            return True
        wires[0].page.wait_for_timeout(200)
    return False


# -- the runs ------------------------------------------------------------------

def log_turns(poster: Poster, game: dict, turns: list[dict], players: list[str], wires: list[Wire],
              interval: float = 0.0) -> float:
    """Log ``turns`` one by one, turn i not before ``i * interval`` seconds
    from the first; after each, wait until every follower shows it.
    Answers the seconds it took."""
    version = game["version"]
    started = time.perf_counter()
    for index, turn in enumerate(turns):
        time.sleep(max(0.0, started + index * interval - time.perf_counter()))
        version = poster.log(game, turn, version)
        # The next player: seats rotate, so the strip's current player changes every turn.
        following = players[(players.index(turn["player"]) + 1) % len(players)]
        for wire in wires:
            wire.page.wait_for_function(SHOWS, arg=[version, following], polling="raf", timeout=WAIT_MS)
    return time.perf_counter() - started


def measure(pid: int, idle_seconds: float, run) -> dict:
    """The host's CPU of ``run()``, idle subtracted."""
    rate = idle_rate(pid, idle_seconds)
    started, cpu = time.perf_counter(), cpu_seconds(pid)
    answer = run()
    wall = time.perf_counter() - started
    used = cpu_seconds(pid) - cpu
    return {"cpu": used - rate * wall, "raw": used, "idle_rate": rate, "wall": wall, "answer": answer}


def unfollowed(pid: int, poster: Poster, record: dict, first: int, turns: int, idle: float, interval: float) -> dict:
    """The same turns on a game nobody follows, ``interval`` seconds apart
    (as the followed turns came: a turn after a pause costs the host more
    than one right after another, and idle is subtracted over the same time)."""
    game = poster.create(record, first)
    players = [player["id"] for player in record["players"]]
    return measure(pid, idle, lambda: log_turns(poster, game, record["turns"][first:first + turns], players, [],
                                                interval))


def followed(pid: int, poster: Poster, browser, base_url: str, record: dict, first: int, turns: int,
             idle: float, settle_seconds: float) -> dict:
    game = poster.create(record, first)
    players = [player["id"] for player in record["players"]]
    contexts, wires = open_followers(browser, base_url, game)
    try:
        quiet(wires)

        def run():
            for wire in wires:
                wire.reset()
            took = log_turns(poster, game, record["turns"][first:first + turns], players, wires)
            quiet(wires)  # the last turn's traffic, wherever it lands
            for wire in wires:
                wire.close()
            return took

        figures = measure(pid, idle, run)
        settled = settle(wires, settle_seconds)
        figures["interval"] = figures["answer"] / turns
        figures["answer"] = [{"requests": wire.requests, "bytes": wire.bytes + wire.owed, "streams": wire.streams,
                              "stream_bytes": wire.stream_bytes + wire.owed, "urls": dict(wire.urls),
                              "settled": settled} for wire in wires]
        return figures
    finally:
        for context in contexts:
            context.close()


def report_round(number: int, turns: int, still: dict, live: dict, rapid: dict) -> dict:
    followers = live["answer"]
    quiet_ms, live_ms = 1000 * still["cpu"] / turns, 1000 * live["cpu"] / turns
    requests = [f["requests"] / turns for f in followers]
    kilobytes = [f["bytes"] / 1000 / turns for f in followers]
    names = [f"phone {n + 1}" for n in range(PHONES)] + ["display"]
    print(f"round {number}:")
    for name, follower, per_turn, kb in zip(names, followers, requests, kilobytes):
        urls = ", ".join(f"{count} {url}" for url, count in sorted(follower["urls"].items())) or "none"
        print(f"  {name:8} {per_turn:5.2f} requests/turn besides its stream, {kb:6.1f} KB/turn read, "
              f"{follower['stream_bytes'] / 1000 / turns:.2f} of it the stream's "
              f"(stream opened {follower['streams']} times; {urls})"
              f"{'' if follower['settled'] else '; its last event may be missing: no chunk came after the run'}")
    print(f"  host CPU per turn: followed {live_ms:6.1f} ms, unfollowed {quiet_ms:6.1f} ms, "
          f"ratio {live_ms / quiet_ms:4.1f}  (raw {1000 * live['raw'] / turns:.1f} / "
          f"{1000 * still['raw'] / turns:.1f} ms; idle {1000 * live['idle_rate']:.0f} / "
          f"{1000 * still['idle_rate']:.0f} ms/s over {live['wall']:.1f} / {still['wall']:.1f} s; "
          f"a turn every {1000 * live['interval']:.0f} ms)")
    print(f"  (unfollowed turns back to back, for comparison: {1000 * rapid['cpu'] / turns:.1f} ms per turn)")
    return {"requests": max(requests), "kb": max(kilobytes), "followed": live_ms, "unfollowed": quiet_ms,
            "ratio": live_ms / quiet_ms}


def spread(values: list[float]) -> str:
    if len(values) == 1:
        return f"{values[0]:.2f}"
    return f"{statistics.median(values):.2f} ({min(values):.2f} to {max(values):.2f})"


@contextlib.contextmanager
def served() -> Iterator[tuple[str, int, Path, subprocess.Popen]]:
    """A ``brehon serve`` of this checkout's own, on a free port, with its data
    in a scratch folder and no Redis from the environment, until the block
    ends: its address, its port, the scratch folder and its process."""
    serve = Path(sys.executable).with_name("brehon")
    command = [str(serve)] if serve.exists() else [sys.executable, "-m", "brehon.cli"]
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "BREHON_LIMITS_URL")}
    with tempfile.TemporaryDirectory() as scratch:
        port = free_port()
        server = subprocess.Popen([*command, "serve", "--port", str(port), "--data", str(Path(scratch) / "serve")],
                                  env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  start_new_session=True)
        try:
            wait_ready(port, server)
            yield f"http://127.0.0.1:{port}", port, Path(scratch), server
        finally:
            stop(server)


def stop(server: subprocess.Popen) -> None:
    """SIGTERM to brehon serve (it stops its parts), then SIGKILL to its
    session (one this script started) if anything lingers."""
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(server.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if server.poll() is None:
        server.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=40, help="turns logged per run")
    parser.add_argument("--first", type=int, default=17, help="turns the game is created with")
    parser.add_argument("--rounds", type=int, default=2, help="each run (followed, unfollowed) this many times")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of idle CPU measured before each run")
    parser.add_argument("--settle", type=float, default=20.0,
                        help="seconds to wait for each stream's next chunk after the run (its heartbeat)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    record = long_game(players=3, turns=args.first + args.turns)
    rounds = []
    started = time.monotonic()
    with served() as (base_url, port, _, server):
        poster = Poster(port)
        # Warm up: every worker has served turns and GETs of a game.
        game = poster.create(record, args.first)
        version = game["version"]
        for turn in record["turns"][args.first:args.first + 6]:
            version = poster.log(game, turn, version)
        count, steady = len(descendants(server.pid)), time.monotonic()
        while time.monotonic() - steady < 2.0 and time.monotonic() - started < 30.0:  # every part up
            time.sleep(0.2)
            if len(descendants(server.pid)) != count:
                count, steady = len(descendants(server.pid)), time.monotonic()
        print(f"brehon serve on {base_url} ({names(server.pid)}); {os.cpu_count()} CPUs; "
              f"load average {os.getloadavg()[0]:.1f}; 3-player Keltis, turns {args.first} to "
              f"{args.first + args.turns} ({args.turns} turns), {PHONES} phones and a display")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            try:
                for number in range(1, args.rounds + 1):
                    live = followed(server.pid, poster, browser, base_url, record, args.first, args.turns,
                                    args.idle, args.settle)
                    still = unfollowed(server.pid, poster, record, args.first, args.turns, args.idle,
                                       live["interval"])
                    rapid = unfollowed(server.pid, poster, record, args.first, args.turns, args.idle, 0.0)
                    rounds.append(report_round(number, args.turns, still, live, rapid))
            finally:
                browser.close()
    print(f"over {len(rounds)} rounds, median (range):")
    print(f"  requests per follower per turn (the most of the four): {spread([r['requests'] for r in rounds])}"
          f"  target <= 0.25")
    print(f"  KB read per follower per turn (the most of the four):  {spread([r['kb'] for r in rounds])}"
          f"  target <= 3")
    print(f"  host CPU ms per turn, followed:   {spread([r['followed'] for r in rounds])}")
    print(f"  host CPU ms per turn, unfollowed: {spread([r['unfollowed'] for r in rounds])}")
    print(f"  ratio:                            {spread([r['ratio'] for r in rounds])}  target <= 2")
    return 0


if __name__ == "__main__":
    sys.exit(main())
