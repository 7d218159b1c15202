"""Helpers of the browser tests: the browser's path and flags, screenshots,
direct API calls, the tokens the app keeps, sample boards.

(Kept out of conftest.py: two conftest modules in one run would shadow
each other on import.)
"""

from __future__ import annotations

import json
import shutil
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
DATA = ROOT / "tests" / "data"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path() -> str | None:
    """The system's Chromium (Debian's ``chromium`` package), if installed."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def shot(page, name: str) -> None:
    """A phone-size screenshot of the whole screen for people to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def api(base_url: str, method: str, path: str, body=None, token: str | None = None, headers=None) -> dict:
    """Call the API directly (setting up a game, reading what the app did)."""
    headers = {"Content-Type": "application/json", **(headers or {})}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{base_url}/api/v1{path}", data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def log_checked_turn(base_url: str, created: dict, version: int, player: str, pick) -> None:
    """Log ``player``'s turn on ``version`` through the API, composed action by
    action from the legal actions the check route offers: ``pick`` chooses one."""
    actions: list = []
    while True:
        check = api(base_url, "POST", f"/games/{created['id']}/check", {"player": player, "actions": actions},
                    token=created["token"])
        if check["complete"]:
            break
        actions.append(pick(check["decision"]["actions"]))
    api(base_url, "POST", f"/games/{created['id']}/turns", {"player": player, "actions": actions},
        token=created["token"], headers={"If-Match": f'"{version}"'})


def stored_token(page, game_id: str) -> str | None:
    """The token the app keeps in IndexedDB for a game on this device, or None."""
    return page.evaluate(f"""new Promise(resolve => {{
        const open = indexedDB.open('brehon');
        open.onsuccess = () => open.result.transaction('games').objectStore('games').get('{game_id}').onsuccess =
            event => resolve(event.target.result && event.target.result.token);
    }})""")


def sample_board(game: str) -> dict:
    """The sample board profile of the rules files (invented, for tests),
    as the worked examples under tests/data carry it."""
    if game == "celtica":
        return json.loads((DATA / "celtica" / "opening.json").read_text())["record"]["board"]
    return json.loads((DATA / "orakel" / "example1.json").read_text())["record"]["board"]


def game_gets(page, game_id: str) -> list:
    """Every GET of the whole game (``/api/v1/games/<id>``, not its events,
    record or score sheet) the page sends from now on."""
    path = f"/api/v1/games/{game_id}"
    gets: list = []
    page.on("request", lambda request: gets.append(request)
            if request.method == "GET" and urllib.parse.urlsplit(request.url).path == path else None)
    return gets


def stored_game(page, game_id: str) -> dict:
    """The game as the app keeps it in IndexedDB for opening it offline."""
    return page.evaluate(f"""new Promise(resolve => {{
        const open = indexedDB.open('brehon');
        open.onsuccess = () => open.result.transaction('games').objectStore('games').get('{game_id}').onsuccess =
            event => resolve(event.target.result.seen.data);
    }})""")
