"""The phone's referee: scoring/ in Pyodide, in a worker, fetched in the
background after the first screen, within its budget, and kept by the
service worker so it starts again with no network."""

from __future__ import annotations

from urllib.parse import urlparse

from playwright.sync_api import expect

#: The referee's download at most, compressed (issue 21's budget).
REFEREE_LIMIT = 7 * 1024 * 1024
REFEREE = ("/vendor/pyodide/", "/referee/")
#: Pyodide starts in seconds, not milliseconds: wait for it as long as it may take on a busy CI.
START = 120_000

READY = "async () => (await import('/js/referee.js')).whenReady()"


def test_the_referee_loads_in_the_background_within_its_budget_and_starts_again_offline(page, context):
    responses = []
    context.on("response", lambda response: responses.append(response))
    page.goto("/")
    page.wait_for_selector("nav.menu")
    expect(page.locator("#referee")).to_contain_text("background")
    assert page.wait_for_function(READY, timeout=START).json_value() is True
    expect(page.locator("#referee")).to_contain_text("runs on this phone")

    fetched = [r for r in responses if urlparse(r.url).path.startswith(REFEREE) and not r.from_service_worker]
    paths = {urlparse(r.url).path for r in fetched}
    assert {"/referee/scoring.zip", "/vendor/pyodide/pyodide.asm.wasm", "/vendor/pyodide/python_stdlib.zip"} <= paths
    total = sum(r.request.sizes()["responseBodySize"] + r.request.sizes()["responseHeadersSize"] for r in fetched)
    print(f"the referee: {total} bytes in {len(fetched)} responses")
    assert total < REFEREE_LIMIT, f"the referee transferred {total} bytes"

    context.set_offline(True)
    page.reload()
    page.wait_for_selector("nav.menu")
    assert page.wait_for_function(READY, timeout=START).json_value() is True
    expect(page.locator("#referee")).to_contain_text("runs on this phone")


#: The memory snapshot the worker keeps of Pyodide with the engine imported (frontend/js/referee-worker.js).
SNAPSHOTS = "(await (await caches.open('brehon-referee-snapshot')).keys())"
ANSWERS = "async () => (await (await import('/js/referee.js')).tally({game: 'keltis', players: []})).status"


def test_the_referee_starts_again_from_its_snapshot_and_afresh_when_it_is_refused(page):
    starts = []
    page.on("console", lambda message: starts.append(message.text) if "referee starts afresh" in message.text else None)
    page.goto("/")
    assert page.wait_for_function(READY, timeout=START).json_value() is True
    page.wait_for_function(f"async () => ({SNAPSHOTS}).length === 1")  # kept in the background

    page.reload()
    assert page.wait_for_function(READY, timeout=START).json_value() is True
    assert page.evaluate(ANSWERS) == "rejected"
    assert starts == [], "the referee did not start from its snapshot"

    key = page.evaluate(f"async () => ({SNAPSHOTS})[0].url")
    page.evaluate("""async key => (await caches.open('brehon-referee-snapshot'))
                     .put(key, new Response(new Uint8Array(64)))""", key)  # not a snapshot of this Pyodide
    page.reload()
    assert page.wait_for_function(READY, timeout=START).json_value() is True
    assert page.evaluate(ANSWERS) == "rejected"
    assert len(starts) == 1
    page.wait_for_function("""async key => {
      const kept = await caches.match(key);  // written again in the background
      return kept && (await kept.arrayBuffer()).byteLength > 64;
    }""", arg=key)


def test_the_phone_writes_the_csv_in_german_and_spanish_with_the_server_s_bytes(page, base_url):
    import json
    from browser_helpers import DATA, api

    record = json.loads((DATA / "celtica" / "complete_game.json").read_text())
    record = record.get("record", record)
    created = api(base_url, "POST", "/games", record)
    page.goto("/")
    page.wait_for_selector("nav.menu")
    assert page.wait_for_function(READY, timeout=START).json_value() is True
    for lang in ("de", "es", "en"):
        phone = page.evaluate("async ([record, lang]) => (await import('/js/referee.js')).csv(record, lang)",
                              [record, lang])
        server = page.request.get(f"{base_url}/api/v1/games/{created['id']}/scoresheet?format=csv&lang={lang}",
                                  headers={"Authorization": f"Bearer {created['token']}"})
        assert server.ok and phone.encode() == server.body(), lang
        assert phone.startswith({"de": "Spiel,Optionen,", "es": "juego,opciones,", "en": "game,options,"}[lang])
