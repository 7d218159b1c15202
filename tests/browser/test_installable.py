"""Installable and light: the manifest, the service worker, the app opening
offline, an update offered rather than forced, and the first visit's weight."""

from __future__ import annotations

import re
import struct
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

from keltis_script import keltis_game
from playwright.sync_api import expect
from tapping import answer, join, old_phone

FIRST_VISIT_LIMIT = 200 * 1024
FRONTEND = Path(__file__).resolve().parents[2] / "frontend"
#: Fetched after the first screen, in the background (test_referee.py weighs it).
REFEREE = ("/vendor/pyodide/", "/referee/")

# Whether the service worker's cache holds every path of the shell.
PRECACHED = """async shell => {
  const cached = new Set();
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) cached.add(new URL(request.url).pathname);
  }
  return shell.every(path => cached.has(path));
}"""


def shell(base_url: str) -> list[str]:
    """The app shell, as the served service worker lists it for its cache."""
    with urllib.request.urlopen(f"{base_url}/sw.js") as answer:
        script = answer.read().decode()
    return re.findall(r"'(/[^']*)'", re.search(r"const SHELL = \[(.*?)\];", script, re.S)[1])


def test_the_shell_lists_every_module_of_the_app(base_url):
    # Made from the folder, not written: a module added to frontend/js is kept offline.
    listed = shell(base_url)
    modules = {f"/{path.relative_to(FRONTEND).as_posix()}" for path in (FRONTEND / "js").rglob("*.js")}
    assert modules <= set(listed)
    assert {"/", "/index.html", "/css/app.css", "/i18n/de.json", "/manifest.webmanifest"} <= set(listed)
    assert "/sw.js" not in listed and not any(path.startswith("/vendor/") for path in listed)


def test_first_visit_is_under_200_kb(page, context, base_url):
    SHELL = shell(base_url)
    # What a first visit fetches: the shell, the service worker's script, and
    # the rulesets the home screen asks for (kept for composing offline).
    FIRST_VISIT = {*SHELL, "/sw.js", "/api/v1/rulesets"}
    # On the context, so the service worker's precache fetches count too;
    # those answered from its cache crossed no network.
    responses = []
    context.on("response", lambda response: responses.append(response))

    def arrived() -> set[str]:
        return {urlparse(r.url).path for r in responses if not r.from_service_worker}

    page.goto("/")
    page.wait_for_selector("nav.menu")
    page.wait_for_function(PRECACHED, arg=SHELL)
    # The worker's fetches reach Playwright on the worker's own channel, which
    # may lag the page's: wait until each of them has been heard.
    while FIRST_VISIT - arrived():
        context.wait_for_event("response", predicate=lambda r: not r.from_service_worker)
    transferred = [(r.url, r.request.sizes()) for r in responses
                   if not r.from_service_worker and not urlparse(r.url).path.startswith(REFEREE)]
    total = sum(sizes["responseHeadersSize"] + sizes["responseBodySize"] for _, sizes in transferred)
    print(f"first visit: {total} bytes in {len(transferred)} responses")
    assert len(SHELL) > 40 and "/js/screens/table.js" in SHELL  # the shell as sw.js lists it was read
    assert total < FIRST_VISIT_LIMIT, f"first visit transferred {total} bytes"


def test_manifest_and_service_worker(page, context):
    page.goto("/")
    href = page.get_attribute('link[rel="manifest"]', "href")
    manifest = page.evaluate(f"fetch('{href}').then(r => r.json())")
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"]
    purposes = {icon.get("purpose", "any") for icon in manifest["icons"]}
    assert {"any", "maskable"} <= purposes
    for icon in manifest["icons"]:
        assert page.evaluate(f"fetch('{icon['src']}').then(r => r.status)") == 200
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope.endswith("/")
    # The shell is cached: with no network the app still opens.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    expect(page.locator("nav.menu")).to_be_visible()
    expect(page.locator("#badge")).to_have_attribute("data-state", "offline")
    context.set_offline(False)



def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its header (the signature, then IHDR)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_png_icons_for_phones_that_install_from_png(page, base_url):
    # Android's install and iOS's home screen take PNG: an icon of each size the manifest names, and the apple-touch-icon.
    page.goto("/")
    href = page.get_attribute('link[rel="manifest"]', "href")
    manifest = page.evaluate(f"fetch('{href}').then(r => r.json())")
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    assert {(icon["sizes"], icon["purpose"]) for icon in pngs} == {("192x192", "any"), ("512x512", "any"),
                                                                    ("512x512", "maskable")}
    for icon in pngs:
        with urllib.request.urlopen(base_url + icon["src"]) as answer:
            assert answer.headers["Content-Type"] == "image/png"
            assert "x".join(map(str, png_size(answer.read()))) == icon["sizes"], icon["src"]
    with urllib.request.urlopen(base_url + page.get_attribute('link[rel="apple-touch-icon"]', "href")) as answer:
        assert png_size(answer.read()) == (180, 180)


def test_a_new_version_is_offered_never_forced(context, page, base_url):
    """A new service worker waits while a turn is being composed; the app
    offers a reload, and only the person's tap brings the new version in.

    (The new worker comes from registering the script under another URL:
    the browser fetches a service worker's script itself, out of reach of
    Playwright's routing, and the served sw.js is shared by every test
    running on this tree. The app's update path is the same either way:
    updatefound, installed and waiting, the offer, skip-waiting, reload.)
    """
    # No referee: a waiting worker activates only once the old one has
    # answered every fetch in flight, and the referee's 13 MB of Pyodide
    # (hashed as it passes) can hold that past the test's patience on a
    # loaded 2-core machine. The update path does not depend on it.
    old_phone(context)
    join(page, keltis_game(base_url))
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    answer(page, "play")  # a turn half composed
    page.evaluate("window.sameDocument = true")
    page.evaluate("navigator.serviceWorker.addEventListener('controllerchange', () => { window.controllerChanged = true; })")
    page.evaluate("navigator.serviceWorker.register('/sw.js?version=next')")
    notice = page.locator("#notice")
    expect(notice).to_contain_text("A new version of Brehon is ready.")
    # The new worker is installed and waits: nothing took control of the page.
    page.wait_for_function("() => navigator.serviceWorker.getRegistration().then(r => r.waiting && r.waiting.state === 'installed')")
    assert page.evaluate("window.controllerChanged") is None
    # Nothing was reloaded: the page and the answers given so far are as they were.
    assert page.evaluate("window.sameDocument") is True
    expect(page.locator("#question")).to_have_attribute("data-key", "card.color")
    waiting = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.waiting && r.waiting.scriptURL)")
    assert waiting.endswith("/sw.js?version=next")
    notice.get_by_role("button", name="Reload now").click()
    page.wait_for_function("() => window.sameDocument === undefined")  # reloaded
    page.wait_for_selector("#table[data-drawn]")
    controller = page.evaluate("navigator.serviceWorker.controller.scriptURL")
    assert controller.endswith("/sw.js?version=next")  # the new version runs the page now


def test_the_browser_runs_no_inline_script_in_the_app(browser, base_url):
    # A context of its own: the usual one fails a test on any policy breach.
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        page.goto("/")
        page.wait_for_selector("nav.menu")  # the app's own module scripts ran
        refused = page.evaluate("""() => new Promise(resolve => {
            document.addEventListener('securitypolicyviolation', event => resolve(event.effectiveDirective));
            const script = document.createElement('script');
            script.textContent = 'window.injected = true';
            document.head.append(script);
        })""")
        assert refused == "script-src-elem"
        assert page.evaluate("window.injected") is None
    finally:
        context.close()
