"""Memory of an idle ``brehon serve``: each process's PSS and the total.

Starts ``brehon serve`` (the console script of this virtualenv) with a data
directory of its own in a temporary folder, on a free loopback port,
creates one Keltis game, waits for the processes to settle, then prints
every process ``brehon serve`` started (and itself) with its proportional
set size from ``/proc/<pid>/smaps_rollup`` (Linux), and the total. PSS
shares a page between the processes that map it, so the total is what the
whole application costs the machine. The goal is under 150 MB.

Run: ``.venv/bin/python bench/bench_memory.py [--settle 3]``
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from timing import descendants  # noqa: E402

BREHON = Path(sys.executable).parent / "brehon"
GOAL_MB = 150.0
READY_TIMEOUT = 60.0


def free_port() -> int:
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port != 6379:
            return port


def pss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    raise RuntimeError(f"no Pss line for process {pid}")


def describe(pid: int) -> str:
    words = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    text = " ".join(word.decode(errors="replace") for word in words if word)
    return text.replace(str(ROOT) + "/", "")[:90]


def create_game(base: str) -> dict:
    record = {"format": "brehon/1", "game": "keltis", "options": {}, "board": None,
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "setup": {"tiles": {}, "tiles_complete": False}, "turns": []}
    request = urllib.request.Request(f"{base}/api/v1/games", data=json.dumps(record).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--settle", type=float, default=3.0, help="seconds to let the idle processes settle")
    args = parser.parse_args()
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "BREHON_LIMITS_URL")}
    with tempfile.TemporaryDirectory(prefix="brehon-memory-") as folder:
        serve = subprocess.Popen([str(BREHON), "serve", "--port", str(port), "--data", str(Path(folder) / "data")],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        try:
            deadline = time.monotonic() + READY_TIMEOUT
            for line in serve.stdout:
                if "Brehon is running" in line or time.monotonic() > deadline:
                    break
            else:
                print("brehon serve did not come up", file=sys.stderr)
                return 1
            base = f"http://127.0.0.1:{port}"
            created = create_game(base)
            print(f"created game {created['id']}; letting it settle for {args.settle} s")
            time.sleep(args.settle)  # a benchmark, not a test: idle means after a quiet moment
            total = 0
            print(f"{'pid':>7}  {'PSS MB':>7}  process")
            for pid in descendants(serve.pid):
                kb = pss_kb(pid)
                total += kb
                print(f"{pid:>7}  {kb / 1024:7.1f}  {describe(pid)}")
            print(f"{'total':>7}  {total / 1024:7.1f}  ({len(descendants(serve.pid))} processes; goal < {GOAL_MB:.0f})")
            return 0 if total / 1024 < GOAL_MB else 1
        finally:
            serve.send_signal(signal.SIGINT)
            try:
                serve.wait(30)
            except subprocess.TimeoutExpired:
                serve.kill()
                serve.wait()
            serve.stdout.close()


if __name__ == "__main__":
    sys.exit(main())
