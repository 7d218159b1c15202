"""Measuring helpers shared by the benchmarks (run as `python bench/<name>.py`,
so this folder is on the path)."""

from __future__ import annotations

import http.client
import random
import subprocess
import time
from pathlib import Path
from typing import Any, Callable


def seconds_per_call(work: Callable[[], Any], calls: int, rounds: int = 5) -> tuple[float, Any]:
    """Mean seconds of ``work()`` over ``calls`` calls in the fastest of
    ``rounds`` rounds, and its last answer. Other processes on a shared
    machine only ever slow a round down, so the fastest is the steadiest."""
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        for _ in range(calls):
            answer = work()
        best = min(best, (time.perf_counter() - started) / calls)
    return best, answer


def report_engine(game: str, record: dict, seed: int,
                  about_decision: Callable[[Any], str] = lambda decision: "") -> None:
    """Print a long game's engine figures (Keltis and Orakel alike): full
    replays, and ``decision()`` and ``check()`` of the turn at its midpoint."""
    from scoring import Game

    turns = len(record["turns"])
    actions = sum(len(turn["actions"]) for turn in record["turns"])
    Game.replay(record)  # warm up
    per_replay, _ = seconds_per_call(lambda: Game.replay(record), 200)
    middle = Game.replay({**record, "turns": record["turns"][: turns // 2]})
    per_decision, decision = seconds_per_call(middle.decision, 200)
    turn = record["turns"][turns // 2]
    per_check, _ = seconds_per_call(lambda: middle.check(turn), 1000)
    print(f"{game}: {len(record['players'])} players, {turns} turns, {actions} actions, seed {seed}")
    print(f"replays per second: {1 / per_replay:.0f}")
    print(f"ms per replay: {1000 * per_replay:.2f}")
    print(f"ms per decision() at turn {turns // 2}: {1000 * per_decision:.3f}{about_decision(decision)}")
    print(f"ms per check() of turn {turns // 2} ({len(turn['actions'])} actions): {1000 * per_check:.3f}")


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def wait_ready(port: int, server: subprocess.Popen, timeout: float = 30.0) -> None:
    """Wait until the server on ``port`` answers ``GET /api/v1/rulesets``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and server.poll() is None:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/api/v1/rulesets")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not come up")


def random_turns(ruleset: Any, record: dict, state: Any, turns: int, seed: int,
                 choose: Callable[[Any, random.Random], list[dict]]) -> dict:
    """Play ``turns`` turns in seating order onto ``state`` and ``record``
    (Keltis and Orakel), each action drawn from the legal ones that
    ``choose(decision, rng)`` keeps, until the turn may end. Stops the
    benchmark when the game ends early: the seed must give a long game."""
    rng = random.Random(seed)
    ids = [player["id"] for player in record["players"]]
    for index in range(turns):
        player = ids[index % len(ids)]
        ruleset.begin_turn(state, player)
        actions = []
        while not (decision := ruleset.decision(state)).can_end:
            action = rng.choice(choose(decision, rng))
            ruleset.apply(state, action)
            actions.append(action)
        ruleset.end_turn(state)
        record["turns"].append({"player": player, "actions": actions})
        if ruleset.decision(state).name == "over":
            raise SystemExit(f"seed {seed}: the game ended after {index + 1} turns; pick another seed")
    return record


def descendants(pid: int) -> list[int]:
    """``pid`` and every process below it, parents first (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop(0)
        found.append(current)
        todo.extend(sorted(children.get(current, [])))
    return found
