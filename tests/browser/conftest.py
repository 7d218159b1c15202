"""Browser fixtures: the real application (``brehon serve`` on a free port,
with the test session's own Redis) and the system's Chromium, driven by
Playwright at phone size. Screenshots go to ``tests/artifacts/``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 390, "height": 844}
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path() -> str | None:
    """The system's Chromium (Debian's ``chromium`` package), if installed."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def serving(redis_url: str, log_dir: Path, host: str):
    """``brehon serve --host host`` on a free port against the session's Redis;
    yields its URL on this machine."""
    port = free_port()
    # Its own database of the session's Redis: the rq worker that serve starts
    # must not take the jobs the worker tests wait for in database 0.
    env = {**os.environ, "REDIS_URL": redis_url.rsplit("/", 1)[0] + "/1"}
    log = open(log_dir / "serve.log", "w")
    process = subprocess.Popen([sys.executable, "-m", "brehon.cli", "serve", "--host", host, "--port", str(port),
                                "--data", str(log_dir / "data")],
                               cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/v1/rulesets", timeout=1)
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"brehon serve did not come up: see {log.name}")
            time.sleep(0.2)
    try:
        yield url
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
        log.close()


@pytest.fixture(scope="session")
def base_url(redis_url, tmp_path_factory):
    """The app as a table uses it: ``brehon serve --host 0.0.0.0`` (phones reach
    it on the LAN address), opened here at 127.0.0.1 as the host's laptop does."""
    with serving(redis_url, tmp_path_factory.mktemp("serve"), "0.0.0.0") as url:
        yield url


@pytest.fixture(scope="session")
def loopback_url(redis_url, tmp_path_factory):
    """``brehon serve`` as it starts by default: on loopback only."""
    with serving(redis_url, tmp_path_factory.mktemp("serve-loopback"), "127.0.0.1") as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    """The system's Chromium, headless."""
    path = chromium_path()
    if path is None:
        pytest.fail("Browser tests need Chromium: apt-get install chromium (make test installs it: tools/test-deps).")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser, base_url):
    """A fresh phone-sized browser profile (its own IndexedDB and service worker)."""
    context = browser.new_context(viewport=PHONE, base_url=base_url, locale="en-GB")
    context.set_default_timeout(10_000)
    # Every test also checks that the app keeps to its Content-Security-Policy.
    refused = []
    context.on("console", lambda message: refused.append(message.text)
               if "Content Security Policy" in message.text else None)
    yield context
    context.close()
    assert refused == [], "the app broke its Content-Security-Policy"


@pytest.fixture
def page(context):
    return context.new_page()
