"""Installable and light: the manifest, the service worker, the app opening
offline, an update offered rather than forced, and the first visit's weight."""

from __future__ import annotations

from playwright.sync_api import expect

FIRST_VISIT_LIMIT = 200 * 1024


def test_first_visit_is_under_200_kb(page, context):
    transferred = []

    def count(response):
        if response.from_service_worker:  # answered from the cache: nothing crossed the network
            return
        sizes = response.request.sizes()
        transferred.append((response.url, sizes["responseHeadersSize"] + sizes["responseBodySize"]))

    # On the context, so the service worker's precache fetches count too.
    context.on("response", count)
    page.goto("/")
    page.wait_for_selector("nav.menu")
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_load_state("networkidle")
    total = sum(size for _, size in transferred)
    print(f"first visit: {total} bytes in {len(transferred)} responses")
    assert any(url.endswith("/js/screens/table.js") for url, _ in transferred)  # the whole shell came
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
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    expect(page.locator("nav.menu")).to_be_visible()
    expect(page.locator("#badge")).to_have_attribute("data-state", "offline")
    context.set_offline(False)

