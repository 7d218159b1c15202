"""Browser fixtures: the real application (``brehon serve`` on a free port,
with the test session's own Redis) and the system's Chromium, driven by
Playwright at phone size. Screenshots go to ``tests/artifacts/``.
"""

from __future__ import annotations

import pytest
from api_helpers import served
from browser_helpers import CHROMIUM_ARGS, chromium_path
from playwright.sync_api import sync_playwright

PHONE = {"width": 390, "height": 844}
#: The phones a screen is looked at on: 390 and 320 px wide, light and dark.
PHONES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}
LOOKS = [(size, scheme) for size in PHONES for scheme in ("light", "dark")]


@pytest.fixture(scope="session")
def base_url(redis_url, tmp_path_factory):
    """The app as a table uses it: ``brehon serve --host 0.0.0.0`` (phones reach
    it on the LAN address), opened here at 127.0.0.1 as the host's laptop does.
    Its own database of the session's Redis: the rq worker that serve starts
    must not take the jobs the worker tests wait for in database 0."""
    with served(redis_url, 1, tmp_path_factory.mktemp("serve"), host="0.0.0.0") as (_, port):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def loopback_url(redis_url, tmp_path_factory):
    """``brehon serve`` as it starts by default: on loopback only."""
    with served(redis_url, 1, tmp_path_factory.mktemp("serve-loopback")) as (host, port):
        yield f"http://{host}:{port}"


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


@pytest.fixture(params=LOOKS, ids=lambda look: f"{look[0]}-{look[1]}")
def phone(request, browser, base_url):
    """A page on a phone of that size and colour scheme; ``page.look`` names it for screenshots."""
    size, scheme = request.param
    context = browser.new_context(viewport=PHONES[size], base_url=base_url, locale="en-GB", color_scheme=scheme)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.look = f"{size}-{scheme}"
    yield page
    context.close()
