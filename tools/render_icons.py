"""Render the app's PNG icons from its SVGs with the system's Chromium, for
the manifest (Android's installs want PNG) and iOS's home screen (the
apple-touch-icon: a full square, its corners the icon's green, as iOS
rounds it itself). Run again when an
SVG changes: ``.venv/bin/python tools/render_icons.py``."""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "frontend" / "icons"
#: Each PNG: the SVG it is drawn from, its size in pixels, what shows
#: through the SVG's transparent corners (None: they stay transparent).
PNGS = {"icon-192.png": ("icon.svg", 192, None), "icon-512.png": ("icon.svg", 512, None),
        "maskable-512.png": ("maskable.svg", 512, None), "apple-touch-icon.png": ("icon.svg", 180, "#1f5f4a")}


def main() -> None:
    chromium = next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox"])
        for png, (source, size, corners) in PNGS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / source).read_text().replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f"<body style='margin:0;background:{corners or 'none'}'>{svg}</body>")
            page.screenshot(path=str(ICONS / png), omit_background=corners is None)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
