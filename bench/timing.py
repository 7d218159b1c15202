"""Measuring helpers shared by the benchmarks (run as `python bench/<name>.py`,
so this folder is on the path)."""

from __future__ import annotations

import http.client
import subprocess
import time
from typing import Any, Callable


def seconds_per_call(work: Callable[[], Any], calls: int) -> tuple[float, Any]:
    """Mean seconds of ``work()`` over ``calls`` calls, and its last answer."""
    started = time.perf_counter()
    for _ in range(calls):
        answer = work()
    return (time.perf_counter() - started) / calls, answer


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
