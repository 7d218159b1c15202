"""A damaged copy of Pyodide in the phone's cache: the service worker checks
each copy against the release's digests (sw.js), fetches a damaged one
again, and where it cannot, the referee says it cannot start and the
composer asks the server."""

from __future__ import annotations

import hashlib

from browser_helpers import ROOT
from keltis_script import Policy, keltis_game
from playwright.sync_api import expect
from tapping import play_turn

#: Pyodide starts in seconds, not milliseconds: wait for it as long as it may take on a busy CI.
START = 120_000
READY = "async () => (await import('/js/referee.js')).whenReady()"
WASM = "/vendor/pyodide/pyodide.asm.wasm"
#: The release's WebAssembly as the server holds it.
WASM_SHA256 = hashlib.sha256((ROOT / "frontend" / "vendor" / "pyodide" / "pyodide.asm.wasm").read_bytes()).hexdigest()

PYODIDE_CACHE = "await caches.open((await caches.keys()).find(name => name.startsWith('brehon-pyodide-')))"
# One byte changed in the cached copy: a WebAssembly that no longer compiles
# (Pyodide used to wait for it for ever).
DAMAGE = f"""async path => {{
  const cache = {PYODIDE_CACHE};
  const kept = await cache.match(path);
  const bytes = new Uint8Array(await kept.arrayBuffer());
  bytes[100] ^= 0xff;
  await cache.put(path, new Response(bytes, {{headers: kept.headers}}));
}}"""
CACHED_SHA256 = f"""async path => {{
  const kept = await ({PYODIDE_CACHE}).match(path);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', await kept.arrayBuffer()));
  return Array.from(hash, byte => byte.toString(16).padStart(2, '0')).join('');
}}"""


def referee_kept(page) -> None:
    page.goto("/")
    page.wait_for_selector("nav.menu")
    assert page.wait_for_function(READY, timeout=START).json_value() is True
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    assert page.evaluate(CACHED_SHA256, WASM) == WASM_SHA256


def test_a_damaged_cached_pyodide_file_is_fetched_again_and_the_referee_starts(page):
    referee_kept(page)
    page.evaluate(DAMAGE, WASM)
    assert page.evaluate(CACHED_SHA256, WASM) != WASM_SHA256

    page.reload()
    page.wait_for_selector("nav.menu")
    assert page.wait_for_function(READY, timeout=START).json_value() is True
    expect(page.locator("#referee")).to_contain_text("runs on this phone")
    assert page.evaluate(CACHED_SHA256, WASM) == WASM_SHA256


def test_a_referee_that_cannot_fetch_a_whole_file_says_it_cannot_start_and_the_server_checks(page, context, base_url):
    referee_kept(page)
    page.evaluate(DAMAGE, WASM)
    context.set_offline(True)  # the damaged file cannot be fetched again
    page.reload()
    page.wait_for_selector("nav.menu")
    assert page.wait_for_function(READY, timeout=START).json_value() is False
    expect(page.locator("#referee")).to_contain_text("cannot run the rules referee")
    state = page.evaluate("async () => (await import('/js/referee.js')).refereeState()")
    assert state["state"] == "unavailable" and "pyodide.asm.wasm" in state["reason"]

    # Back online, on this page: the composer asks the server's check route.
    context.set_offline(False)
    created = keltis_game(base_url)
    page.evaluate("hash => { location.hash = hash; }", f"#g={created['id']}&t={created['token']}")
    page.wait_for_selector("#table[data-drawn]")
    assert page.get_attribute("#table", "data-referee") == "unavailable"
    with page.expect_request(lambda request: request.method == "POST"
                             and request.url.endswith(f"/api/v1/games/{created['id']}/check")):
        play_turn(page, Policy(), "anna")
    expect(page.locator("#log li")).to_have_count(1)
