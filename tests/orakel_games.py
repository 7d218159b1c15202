"""Random legal Keltis: Das Orakel games and random valid boards, for tests.

``play_random(record, choose, ...)`` plays turns onto a record by picking,
at every open decision, one of the complete actions ``decision()`` lists
(now and then a free reveal from ``optional``). ``choose`` picks one item of
a list, so Hypothesis (``data.draw(sampled_from(...))``) and ``random`` can
both drive it.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from hypothesis import strategies as st

from scoring.cards import ALL_CARDS, COLORS, COPIES
from scoring.engine import Game, Refused
from scoring.keltis_orakel.board import TILE_COUNTS, TILES

SAMPLE_BOARD = json.loads((Path(__file__).parent / "data" / "boards" / "keltis-orakel-sample.json").read_text())
PLAYERS = [{"id": name, "name": name.title()} for name in ("anna", "ben", "carla", "dora")]

Choose = Callable[[list], Any]


def new_record(players: int = 2, board: dict | None = None, setup: dict | None = None,
               options: dict | None = None) -> dict:
    """A record with no turns yet."""
    return {
        "format": "brehon/1",
        "game": "keltis-orakel",
        "options": options or {},
        "players": PLAYERS[:players],
        "board": copy.deepcopy(board or SAMPLE_BOARD),
        "setup": setup or {},
        "turns": [],
    }


def play_turn(game: Game, choose: Choose, reveal_now_and_then: bool = True,
              after_action: Callable[[Game], None] | None = None) -> dict:
    """Play one random legal turn onto ``game`` and return it.

    Applies the actions straight through the ruleset, so an action that
    ``decision()`` lists but ``apply`` refuses raises :class:`RuleBroken`.
    """
    ruleset, state = game.ruleset, game.state
    player = ruleset.decision(state).player
    ruleset.begin_turn(state, player)
    actions = []
    while True:
        decision = ruleset.decision(state)
        if decision.can_end:
            break
        options = decision.actions
        if reveal_now_and_then and decision.optional and choose([False, False, False, True]):
            options = decision.optional
        action = copy.deepcopy(choose(options))
        ruleset.apply(state, action)
        actions.append(action)
        if after_action:
            after_action(game)
    ruleset.end_turn(state)
    game.turns_played += 1
    return {"player": player, "actions": actions}


def play_random(record: dict, choose: Choose, turns: int, **kwargs: Any) -> tuple[dict, Game]:
    """Add up to ``turns`` random legal turns to ``record`` (a copy); stop at the end."""
    record = copy.deepcopy(record)
    game = Game.replay(record)
    for _ in range(turns):
        if game.is_over:
            break
        record["turns"].append(play_turn(game, choose, **kwargs))
    return record, game


def random_action(rng) -> dict:
    """Any well-formed action, legal or not (``rng``: ``random.Random``'s interface)."""
    card = {"color": rng.choice(COLORS), "value": rng.randint(0, 10)}
    return rng.choice([
        {"type": "play", "card": card, "figure": rng.randint(-1, 36)},
        {"type": "play", "card": card, "priestess": rng.randint(-1, 6)},
        {"type": "play", "card": card},
        {"type": "discard", "card": card},
        {"type": "reveal", "field": rng.randint(-1, 36), "tile": rng.choice([*TILES, "none"])},
        {"type": "spiral", "to": rng.choice([None, rng.randint(-1, 36)])},
        {"type": "goblin", "row": rng.choice(COLORS)},
        {"type": "goblin", "hand": card},
        {"type": "goblin"},
        {"type": "draw", "from": rng.choice(["deck", *COLORS])},
    ])


def random_setup(rng, board: dict | None = None) -> dict:
    """Some tiles of one random full layout (``rng``: ``random.Random``'s interface)."""
    small = [index for index, spot in enumerate((board or SAMPLE_BOARD)["fields"]) if spot["kind"] == "small"]
    layout = rng.sample([tile for tile, count in TILE_COUNTS.items() for _ in range(count)], len(small))
    shown = sorted(rng.sample(small, rng.randint(0, len(small))))
    return {"tiles": {str(spot): layout[small.index(spot)] for spot in shown}, "tiles_complete": len(shown) == len(small)}


def conservation_faults(game: Game) -> list[str]:
    """Everything that breaks the component counts of §1 in this state."""
    state = game.state
    supply, faults = state.supply, []
    in_rows = Counter((color, value) for seat in state.seats.values()
                      for color, row in seat.rows.items() for value in row)
    in_piles = Counter((color, value) for color, pile in supply.piles.items() for value in pile)
    known = Counter()
    for hand in supply.hands.values():
        known.update(hand.known)
    for card in ALL_CARDS:
        placed = in_rows[card] + in_piles[card] + known[card]
        seen = supply.seen.get(card, 0)
        if placed != seen or placed > COPIES:
            faults.append(f"card {card}: rows+piles+known {placed}, seen {seen}")
    removed = state.options["two_player_removed"] if len(state.players) == 2 else 0
    cards = sum(in_rows.values()) + sum(in_piles.values()) + sum(h.size for h in supply.hands.values())
    if cards + supply.draw_pile + removed != len(ALL_CARDS) * COPIES:
        faults.append("the 110 cards do not add up")
    if sum(state.stones) + sum(seat.stones_held for seat in state.seats.values()) != 9:
        faults.append("wishing stones do not add up to 9")
    mirrors_held = sum(seat.mirrors for seat in state.seats.values())
    if mirrors_held != sum(state.taken) or mirrors_held > TILE_COUNTS["mirror"]:
        faults.append("mirrors held differ from mirrors taken")
    laid = Counter(tile for tile in state.tiles if tile is not None)
    if laid != +state.known_tiles or any(laid[tile] > TILE_COUNTS[tile] for tile in laid):
        faults.append("known tiles exceed the tile counts")
    for seat in state.seats.values():
        if len(seat.figures) != 3 or not all(0 <= spot <= 35 for spot in seat.figures):
            faults.append("figures off the board")
    if not 0 <= state.priestess <= 35:
        faults.append("priestess off the board")
    return faults


@st.composite
def boards(draw: Any) -> dict:
    """Board profiles that pass every check of §3.2 (warnings allowed)."""
    large = draw(st.sets(st.integers(1, 34), min_size=4, max_size=4))
    colors = draw(st.lists(st.sampled_from(COLORS), min_size=35, max_size=35))
    values = draw(st.lists(st.integers(-6, 16), min_size=35, max_size=35))
    if draw(st.booleans()):
        values.sort()
    fields = [{"kind": "start", "color": None, "value": 0}]
    for index in range(1, 35):
        spot = {"kind": "large" if index in large else "small", "color": colors[index - 1], "value": values[index - 1]}
        if index in large:
            spot["stones"] = 2
        fields.append(spot)
    fields.append({"kind": "center", "color": colors[34], "value": values[34], "stones": 1})
    return {
        "name": "random",
        "fields": fields,
        "oracle_from": draw(st.integers(1, 35)),
        "wishing_stone_table": draw(st.lists(st.integers(-5, 15), min_size=10, max_size=10)),
        "green_numbers": draw(st.lists(st.integers(0, 6), min_size=11, max_size=11)),
    }


@st.composite
def setups(draw: Any, board: dict) -> dict:
    """A setup listing some tiles of one random full layout."""
    small = [index for index, spot in enumerate(board["fields"]) if spot["kind"] == "small"]
    tiles = [tile for tile, count in TILE_COUNTS.items() for _ in range(count)]
    layout = draw(st.permutations(tiles))
    shown = draw(st.sets(st.sampled_from(small), max_size=30))
    return {"tiles": {str(spot): layout[small.index(spot)] for spot in sorted(shown)},
            "tiles_complete": len(shown) == 30}


OPTION_CHOICES = {
    "stones_per_landing": [1, "all"],
    "spiral_to_start": [False, True],
    "redraw_own_discard": [True, False],
    "play_without_move": ["when_stuck", "never"],
    "two_player_removed": [30, 0, 90],
    "row_direction": ["kept", "from_cards"],
}


@st.composite
def options(draw: Any) -> dict:
    """Some house rules switched on."""
    return {name: draw(st.sampled_from(values)) for name, values in OPTION_CHOICES.items() if draw(st.booleans())}


# -- building records by hand -------------------------------------------------


def card(color: str, value: int) -> dict:
    return {"color": color, "value": value}


def play(color: str, value: int, figure: int | None = None, priestess: int | None = None) -> dict:
    action = {"type": "play", "card": card(color, value)}
    if figure is not None:
        action["figure"] = figure
    if priestess is not None:
        action["priestess"] = priestess
    return action


def discard(color: str, value: int) -> dict:
    return {"type": "discard", "card": card(color, value)}


def draw(source: str = "deck") -> dict:
    return {"type": "draw", "from": source}


def reveal(field: int, tile: str) -> dict:
    return {"type": "reveal", "field": field, "tile": tile}


def turn(player: str, *actions: dict) -> dict:
    return {"player": player, "actions": list(actions)}


def with_turns(record: dict, *turns: dict) -> dict:
    return {**record, "turns": [*record["turns"], *turns]}


def refusal(record: dict) -> tuple[str, int | None, int | None, dict]:
    """The one violation of a refused record: rule, turn, action, details."""
    try:
        Game.replay(record)
    except Refused as refused:
        violation = refused.violation
        return violation.rule, violation.turn, violation.action, violation.details
    raise AssertionError("the record was accepted")


def board_with(**changes: Any) -> dict:
    """The sample board with some fields recoloured (``colors={index: color}``)
    or other top-level keys replaced."""
    board = copy.deepcopy(SAMPLE_BOARD)
    for index, color in changes.pop("colors", {}).items():
        board["fields"][index]["color"] = color
    board.update(changes)
    return board
