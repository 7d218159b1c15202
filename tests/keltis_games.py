"""Random legal Keltis games for the property tests.

The generator walks the engine's own decisions: at every point it picks
one of ``decision().actions`` (now and then a free reveal from
``decision().optional``), so every game it writes is legal by
construction. With ``illegal`` > 0 it also throws in random actions of any
shape the schema allows; those the engine accepts are kept, those it
refuses are remembered with their position so tests can replay them.

``rng`` is anything with the ``random.Random`` interface: hypothesis's
``st.randoms()`` in the properties, so every choice is a data draw.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from scoring.cards import COLORS
from scoring.engine import RuleBroken
from scoring.keltis import RULESET as KELTIS
from scoring.keltis.board import PATHS, ROWS, STOCK, TILES

SIZES = ("small", "large")
ABSENT = object()  # a key left out of an action


@dataclass
class RandomGame:
    record: dict
    #: (turn index, the legal actions of that turn before it, the refused action, rule id)
    refused: list[tuple[int, list[dict], dict, str]] = field(default_factory=list)
    #: random actions the engine took, with the decision that was open
    accepted_extra: list[tuple[dict, object]] = field(default_factory=list)
    state: object = None  # the state after the last turn, as the generator ran it


def random_layout(rng) -> dict:
    """A complete tile listing: a tile on every end stone and on 20 of rows 1-8."""
    tiles = [kind for kind, count in STOCK.items() for _ in range(count)]
    rng.shuffle(tiles)
    dark = [(path, row) for path in PATHS for row in ROWS if row < 9]
    stones = [(path, 9) for path in PATHS] + rng.sample(dark, 20)
    listing: dict = {}
    for (path, row), tile in zip(stones, tiles):
        listing.setdefault(path, {})[str(row)] = tile
    return listing


def random_setup(rng) -> dict | None:
    """Nothing known, a complete layout, or part of one."""
    kind = rng.choice(["nothing", "complete", "partial"])
    if kind == "nothing":
        return rng.choice([None, {}, {"tiles": {}, "tiles_complete": False}])
    listing = random_layout(rng)
    if kind == "complete":
        return {"tiles": listing, "tiles_complete": True}
    partial = {path: {row: tile for row, tile in rows.items() if rng.random() < 0.5}
               for path, rows in listing.items()}
    return {"tiles": partial}


def random_options(rng) -> dict:
    return {
        "redraw_own_discard": rng.random() < 0.5,
        "clover_can_enter": rng.random() < 0.5,
        "tie_break": rng.choice(["shared", "wishing_stones"]),
        "point_tiles_stay": rng.random() < 0.7,
    }


def random_action(rng) -> dict:
    """Any action the schema accepts, legal or not."""
    kind = rng.choice(["play", "discard", "clover", "reveal", "draw"])
    card = {"color": rng.choice(COLORS), "value": rng.randint(0, 10)}
    fields: dict = {}
    if kind == "play":
        fields = {"card": card, "figure": rng.choice([ABSENT, None, *SIZES]),
                  "bonus": rng.choice([ABSENT, None, *PATHS])}
    elif kind == "discard":
        fields = {"card": card}
    elif kind == "clover":
        path = rng.choice([None, *PATHS])
        fields = {"path": path, "figure": ABSENT if path is None else rng.choice([ABSENT, None, *SIZES])}
    elif kind == "reveal":
        fields = {"path": rng.choice(PATHS), "row": rng.randint(1, 9), "tile": rng.choice(TILES)}
    else:
        fields = {"from": rng.choice(["deck", *COLORS])}
    return {"type": kind, **{key: value for key, value in fields.items() if value is not ABSENT}}


def _pick_main(rng, state, actions: list[dict], eagerness: float) -> dict:
    """Plays and discards, often pushing the most advanced figure so that end
    stones, bonus steps and the goal area come up in short games."""
    plays = [action for action in actions if action["type"] == "play"]
    if plays and rng.random() < eagerness:
        figures = state.seats[state.active].figures
        if figures and rng.random() < 0.7:
            front = max(figures, key=lambda path: figures[path].row)
            pushing = [action for action in plays if action["card"]["color"] == front]
            if pushing:  # the nearest values keep the card row playable longest
                last = state.seats[state.active].rows[front][-1:] or [5]
                pushing.sort(key=lambda action: abs(action["card"]["value"] - last[0]))
                return rng.choice(pushing[:3])
        return rng.choice(plays)
    return rng.choice([action for action in actions if action["type"] == "discard"])


def random_game(rng, players: int = 2, turns: int = 60, illegal: float = 0.0,
                options: dict | None = None, setup=ABSENT, free_reveals: float = 0.1,
                eagerness: float | None = None) -> RandomGame:
    """A legal record of at most ``turns`` turns (fewer if the game ends)."""
    ids = [f"p{number}" for number in range(players)]
    options = random_options(rng) if options is None else options
    setup = random_setup(rng) if setup is ABSENT else setup
    record = {"format": "brehon/1", "game": "keltis", "options": options,
              "players": [{"id": player, "name": player.upper()} for player in ids],
              "board": None, "setup": setup, "turns": []}
    game = RandomGame(record)
    if eagerness is None:  # how often a player plays rather than discards
        eagerness = rng.uniform(0.4, 0.95)
    state = KELTIS.start(record["players"], KELTIS.default_options(options), None, setup)
    for index in range(turns):
        if state.over:
            break
        player = state.active
        KELTIS.begin_turn(state, player)
        actions: list[dict] = []
        while True:
            decision = KELTIS.decision(state)
            if decision.name in ("done", "over"):
                break
            assert decision.actions, f"no legal answer at {decision.name}"
            if illegal and rng.random() < illegal:
                action = random_action(rng)
                trial = copy.deepcopy(state)
                try:
                    KELTIS.apply(trial, action)
                except RuleBroken as broken:
                    game.refused.append((index, list(actions), action, broken.rule))
                    continue
                game.accepted_extra.append((action, decision))
                state = trial
                actions.append(action)
                continue
            if decision.optional and rng.random() < free_reveals:
                action = rng.choice(decision.optional)
            elif decision.name == "main":
                action = _pick_main(rng, state, decision.actions, eagerness)
            elif decision.name == "draw" and rng.random() < 0.6:
                action = decision.actions[0]  # the deck, so that games run out of cards
            else:
                action = rng.choice(decision.actions)
            KELTIS.apply(state, action)
            actions.append(action)
        KELTIS.end_turn(state)
        record["turns"].append({"player": player, "actions": actions})
    game.state = state
    return game


# -- hand-written records ---------------------------------------------------------


def play(color: str, value: int, **fields) -> dict:
    return {"type": "play", "card": {"color": color, "value": value}, **fields}


def discard(color: str, value: int) -> dict:
    return {"type": "discard", "card": {"color": color, "value": value}}


def reveal(path: str, row: int, tile: str) -> dict:
    return {"type": "reveal", "path": path, "row": row, "tile": tile}


def draw(source: str = "deck") -> dict:
    return {"type": "draw", "from": source}


def clover(path: str | None, **fields) -> dict:
    return {"type": "clover", "path": path, **fields}


#: the tile an automatic reveal names, the first one the layout still allows
REVEAL_ORDER = ("none", "wish", "points-1", "points-2", "points-3", "clover")


class Table:
    """Writes a legal record turn by turn against the engine, for tests that
    need a position. Owed reveals are answered with the first tile of
    ``REVEAL_ORDER`` the layout allows; a turn left open is finished by
    declining clovers and drawing from ``draw``."""

    def __init__(self, players=("anna", "ben"), options: dict | None = None, setup=None):
        self.record = {"format": "brehon/1", "game": "keltis", "options": options or {},
                       "players": [{"id": player, "name": player.title()} for player in players],
                       "board": None, "setup": setup, "turns": []}
        self.state = KELTIS.start(self.record["players"], KELTIS.default_options(options), None, setup)

    def turn(self, *actions: dict, draw_from: str = "deck") -> list[dict]:
        """Play one turn: ``actions``, with reveals and the ending filled in."""
        state, player, done = self.state, self.state.active, []

        def answer_reveals():
            while state.decision == "reveal":
                path, row = state.pending
                tile = next(tile for tile in REVEAL_ORDER if tile in state.possible_tiles(row))
                KELTIS.apply(state, reveal(path, row, tile))
                done.append(reveal(path, row, tile))

        KELTIS.begin_turn(state, player)
        for action in actions:
            KELTIS.apply(state, action)
            done.append(action)
            answer_reveals()
        while state.decision in ("clover", "draw"):
            action = clover(None) if state.decision == "clover" else draw(draw_from)
            KELTIS.apply(state, action)
            done.append(action)
        KELTIS.end_turn(state)
        self.record["turns"].append({"player": player, "actions": done})
        return done

    def with_turn(self, player: str, *actions: dict) -> dict:
        """The record so far plus one raw turn, for the engine to judge."""
        return {**self.record, "turns": [*self.record["turns"], {"player": player, "actions": list(actions)}]}


# -- positions the tests start from -------------------------------------------------


def bonus_table() -> Table:
    """Ben: small figure on green 9 (row 10, 9, ... 2), large figure on yellow 3."""
    table = Table()
    anna_cards = iter([("blue", value) for value in range(11)] + [("red", 0), ("red", 1)])
    bens_plays = [play("green", 10, figure="small"), *(play("green", value) for value in range(9, 1, -1)),
                  play("yellow", 5, figure="large"), play("yellow", 5), play("yellow", 6)]
    for number, ben_play in enumerate(bens_plays):
        anna = [reveal("yellow", 4, "none")] if number == 0 else []
        table.turn(*anna, discard(*next(anna_cards)))
        table.turn(ben_play)
    table.turn(discard(*next(anna_cards)))
    return table


def goal_table(tiles: dict | None = None) -> Table:
    """Four figures on row 7 (Anna red, yellow; Ben green, blue), Cleo's large
    figure on purple 6 with the row 0, 1, 2, 3, 4, 4; purple 7 holds points-3.
    ``tiles`` lists more of the layout (other paths than purple)."""
    table = Table(("anna", "ben", "cleo"), setup={"tiles": {"purple": {"7": "points-3"}, **(tiles or {})}})
    anna = [play("red", 0, figure="small"), *(play("red", v) for v in range(1, 7)),
            play("yellow", 0, figure="small"), *(play("yellow", v) for v in range(1, 7))]
    ben = [play("green", 0, figure="small"), *(play("green", v) for v in range(1, 7)),
           play("blue", 0, figure="small"), *(play("blue", v) for v in range(1, 7))]
    cleo = [play("purple", 0, figure="large"), *(play("purple", v) for v in (1, 2, 3, 4, 4))]
    cleo += [discard("purple", value) for value in (7, 8, 9, 10, 7, 8, 9, 10)]
    for anna_play, ben_play, cleo_action in zip(anna, ben, cleo):
        table.turn(anna_play)
        table.turn(ben_play)
        table.turn(cleo_action)
    table.turn(discard("red", 10))
    table.turn(discard("green", 10))
    return table
