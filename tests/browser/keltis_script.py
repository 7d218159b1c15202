"""A Keltis table for the browser tests: a complete tile layout, a game
created with it, and a policy that walks figures into the goal area."""

from __future__ import annotations

from browser_helpers import api, log_checked_turn

PATHS = ["red", "yellow", "green", "blue", "purple"]
# A complete layout (L1-L3 of rules/keltis.md §2.2): rows 1-4 of every path
# and every end stone hold the 25 tiles, so no reveal is ever owed.
TILES = ["wish"] * 9 + ["clover"] * 9 + ["points-1"] * 2 + ["points-2"] * 3 + ["points-3"] * 2
# Anna walks three paths, Ben two: five figures reach the goal area.
PLAN = {"anna": ["red", "yellow", "green"], "ben": ["blue", "purple"]}


def layout() -> dict:
    stones = [(path, row) for row in (1, 2, 3, 4, 9) for path in PATHS]
    tiles: dict = {}
    for (path, row), tile in zip(stones, TILES):
        tiles.setdefault(path, {})[str(row)] = tile
    return {"tiles": tiles, "tiles_complete": True}


def keltis_game(base_url: str, setup: dict | None = None) -> dict:
    record = {"format": "brehon/1", "game": "keltis", "options": {},
              "players": [{"id": "anna", "name": "Anna"}, {"id": "ben", "name": "Ben"}],
              "board": None, "setup": setup or layout(), "turns": []}
    return api(base_url, "POST", "/games", record)


class Policy:
    """Which offered value to tap: play along the planned paths (``plan``:
    each player's), lowest card first."""

    def __init__(self, plan: dict | None = None):
        self.plan = plan or PLAN
        self.turns = dict.fromkeys(self.plan, 0)

    def __call__(self, key, values, player):
        if key == "type":
            return "play" if "play" in values else values[0]
        if key == "card.color":
            plan = self.plan[player]
            wanted = plan[self.turns[player] % len(plan)]
            return wanted if wanted in values else next(v for v in values if v in plan)
        if key == "card.value":
            return min(values)
        if key == "figure":
            return "small" if "small" in values else values[0]
        if key == "path":  # a clover: step on, never decline
            return next((v for v in values if v is not None), None)
        if key == "from":
            return "deck"
        return values[0]


# Three players walk two paths each, ascending from 0: a game that runs long.
THREE = {"anna": ["red", "yellow"], "ben": ["green", "blue"], "cleo": ["purple", "red"]}


def three_player_game(base_url: str, turns: int) -> dict:
    """A 3-player Keltis game with ``turns`` turns logged, each composed from
    the legal actions the check route offers (plays along the player's paths,
    lowest card first, clovers stepped on, drawing from the deck)."""
    players = [{"id": player, "name": player.capitalize()} for player in THREE]
    created = api(base_url, "POST", "/games", {"format": "brehon/1", "game": "keltis", "options": {}, "players": players,
                                               "board": None, "setup": layout(), "turns": []})
    seen = {player: 0 for player in THREE}
    for number in range(turns):
        player = players[number % 3]["id"]
        log_checked_turn(base_url, created, created["version"] + number, player,
                         lambda legal, player=player: _pick(legal, THREE[player][seen[player] % 2]))
        seen[player] += 1
    return created


def _pick(actions: list, path: str) -> dict:
    plays = sorted((a for a in actions if a["type"] == "play" and a["card"]["color"] == path and a.get("figure") != "large"),
                   key=lambda a: a["card"]["value"])
    return (plays or [a for a in actions if a["type"] == "play"] or
            [a for a in actions if a.get("from") == "deck"] or [a for a in actions if a.get("path")] or actions)[0]
