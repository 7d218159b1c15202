"""The Keltis ruleset: the record's shape (§13.5), setup (§3) and the turn
rules (§5-§10). Every action is checked completely before it changes the
state (the order of checks is §13.2's)."""

from __future__ import annotations

from typing import Any

from .. import schema, shapes
from ..cards import COLORS, Supply, card_of, row_allows, row_refused, rows_json
from ..chronicle import Chronicle
from ..engine import JSON, Decision, Option, RuleBroken, Ruleset, register
from . import choices, score
from .board import DRAW_PILE, END_ROW, GOAL_AREA_END, GOAL_ROW, PATHS, ROWS, SIZES, TILES, check_layout, layout_of
from .chronicle import KeltisChronicle
from .messages import CARD_RULES, MESSAGES, OPTION_WORDS
from .state import Figure, KeltisState, Seat

ACTIONS = shapes.Actions({
    "play": shapes.Action({"card": shapes.Card(COLORS), "figure": shapes.Choice(None, *SIZES, optional=True),
                           "bonus": shapes.Choice(None, *PATHS, optional=True)}),
    "discard": shapes.Action({"card": shapes.Card(COLORS)}),
    # the figure first: the rules file checks it before the path
    "clover": shapes.Action({"figure": shapes.Choice(None, *SIZES, optional=True), "path": shapes.Choice(None, *PATHS)},
                            (shapes.Together("figure", "must be null when the clover is declined",
                                             lambda action: action["path"] is None and action.get("figure") is not None),)),
    "reveal": shapes.Action({"path": shapes.Choice(*PATHS), "row": shapes.Integer(1, END_ROW),
                             "tile": shapes.Choice(*TILES)}),
    "draw": shapes.Action({"from": shapes.Choice("deck", *COLORS)}),
})
FREE_REVEAL_AT = ("main", "clover", "draw")
NO_BOARD = "must be null for keltis, which has no board profile"


class Keltis(Ruleset[KeltisState]):
    """The Keltis referee (rules/keltis.md)."""

    game = "keltis"
    title = "Keltis"
    min_players = 2
    max_players = 4
    messages = MESSAGES
    option_words = OPTION_WORDS
    action_schemas = ACTIONS.schemas
    shared_rules = ("record.invalid", "setup.invalid", "turn.order", "turn.incomplete", "turn.unexpected",
                    "game.over", "reveal.required", "reveal.mismatch", "reveal.impossible",
                    "card.exhausted", "card.not_in_hand")
    options = (
        Option("redraw_own_discard", "boolean", True,
               "A player may draw back the card they discarded in the same turn."),
        Option("clover_can_enter", "boolean", False,
               "A clover may bring a figure from the start stone onto row 1 of a new path."),
        Option("tie_break", "string", "shared", "How equal totals rank.", ("shared", "wishing_stones")),
        Option("point_tiles_stay", "boolean", True,
               "Point tiles stay and score for every arrival; when off, the first arrival takes them."),
    )

    # -- shape (rules §13.5) ----------------------------------------------

    def validate_record(self, record: JSON) -> None:
        """``record.invalid`` at the first fault: top-level keys, options,
        players, board, setup, then that ``turns`` is an array."""
        schema.expect_record_frame(record, self.game, self.min_players, self.max_players, self.options)
        if record.get("board") is not None:
            raise schema.invalid("/board", NO_BOARD)
        setup = record.get("setup")
        if setup is not None:
            schema.expect_object(setup, "/setup", optional=("tiles", "tiles_complete"))
            tiles = schema.expect_object(setup.get("tiles", {}), "/setup/tiles", optional=PATHS)
            for path, rows in tiles.items():
                schema.expect_object(rows, f"/setup/tiles/{path}", optional=[str(row) for row in ROWS])
                for row, tile in rows.items():
                    schema.expect_choice(tile, f"/setup/tiles/{path}/{row}", TILES)
            if "tiles_complete" in setup:
                schema.expect_bool(setup["tiles_complete"], "/setup/tiles_complete")
        schema.expect_list(record["turns"], "/turns")

    def validate_turn(self, turn: Any, players: list[str]) -> None:
        """``record.invalid`` for a malformed turn; ``action=`` marks the action."""
        ACTIONS.expect_turn(turn, players)

    def validate_turns(self, turns: list[Any], players: list[str]) -> None:
        ACTIONS.expect_turns(turns, players)

    # -- setup (rules §3) ---------------------------------------------------

    def start(self, players: list[JSON], options: JSON, board: Any, setup: Any) -> KeltisState:
        """The state after setup; ``setup.invalid`` when the layout cannot exist."""
        ids = [player["id"] for player in players]
        setup = setup or {}
        listed = layout_of(setup)
        complete = setup.get("tiles_complete", False)
        check_layout(listed, complete)
        state = KeltisState(
            players=ids,
            options=options,
            seats={player: Seat() for player in ids},
            supply=Supply.deal(ids, DRAW_PILE[len(ids)]),
            laid={path: [None] * (END_ROW + 1) for path in PATHS},
            taken={path: [False] * (END_ROW + 1) for path in PATHS},
            active=ids[0],
        )
        for path, row, tile in listed:
            state.record_tile(path, row, tile)
        if complete:
            for path in PATHS:
                for row in ROWS:
                    if state.laid[path][row] is None:
                        state.record_tile(path, row, "none")
        return state

    # -- turns (rules §5) -----------------------------------------------------

    def begin_turn(self, state: KeltisState, player: str) -> None:
        """Open a turn: ``game.over``, then ``turn.order``."""
        if state.end_reason is not None:
            raise RuleBroken("game.over", {"end_reason": state.end_reason})
        if player != state.active:
            raise RuleBroken("turn.order", {"expected": state.active, "got": player})
        state.clovers = 0  # the turn before left no decision open (end_turn)
        state.supply.own_discard = None

    def end_turn(self, state: KeltisState) -> None:
        """Close the turn: ``reveal.required`` or ``turn.incomplete`` unless it
        is ``done`` or the game ended in it."""
        if state.end_reason is None:
            if state.pending is not None:
                raise _reveal_required(*state.pending)
            if state.decision != "done":
                raise RuleBroken("turn.incomplete", {"decision": state.decision})
            state.decision = "main"
            state.active = state.players[(state.turn + 1) % len(state.players)]
        state.turn += 1

    def apply(self, state: KeltisState, action: JSON) -> None:
        """Apply one action in the order of rules §5.2 and §13.2."""
        if state.end_reason is not None:  # the move of this turn ended the game
            raise RuleBroken("game.over", {"end_reason": state.end_reason}, variant="in_turn")
        kind, decision = action["type"], state.decision
        # an owed reveal, a free one (not once the turn is done), else what each decision accepts
        if state.pending is not None:
            self._owed_reveal(state, action, state.pending)
        elif kind == "reveal" and decision in FREE_REVEAL_AT:
            self._free_reveal(state, action["path"], action["row"], action["tile"])
        elif decision == "draw" and kind == "draw":
            self._draw(state, action["from"])
        elif decision == "main" and kind == "discard":
            state.supply.discard(state.active, card_of(action["card"]))
            state.decision = "draw"
        elif decision == "main" and kind == "play":
            self._play(state, action)
        elif decision == "clover" and kind == "clover":
            self._clover(state, action)
        else:
            raise RuleBroken("turn.unexpected", {"decision": decision, "type": kind})

    # -- the actions ----------------------------------------------------------

    def _owed_reveal(self, state: KeltisState, action: JSON, stone: tuple[str, int]) -> None:
        path, row = stone
        if action["type"] != "reveal" or action["path"] != path or action["row"] != row:
            raise _reveal_required(path, row)
        state.check_unknown_reveal(path, row, action["tile"])
        state.record_tile(path, row, action["tile"])
        state.pending = None
        self._arrive(state, path, row)

    def _play(self, state: KeltisState, action: JSON) -> None:
        card = card_of(action["card"])
        color, value = card
        player = state.active
        seat = state.seats[player]
        state.supply.check_holds(player, card)
        if not row_allows(seat.rows[color], value):
            raise row_refused(CARD_RULES, color, seat.rows[color], value)
        figure = seat.figures.get(color)
        size, bonus = action.get("figure"), action.get("bonus")
        entering = None
        if figure is None:
            entering = _check_entry(seat, color, size)
            if bonus is not None:
                raise RuleBroken("keltis.bonus.unexpected", {"color": color})
        else:
            if size is not None:
                raise RuleBroken("keltis.path.occupied", {"path": color})
            if figure.row < END_ROW and bonus is not None:
                raise RuleBroken("keltis.bonus.unexpected", {"color": color})
            if figure.row == END_ROW:
                if "bonus" not in action:
                    raise RuleBroken("keltis.bonus.missing", {"color": color})
                if bonus is not None:
                    _check_movable(seat, bonus)
        state.supply.play(player, card)
        seat.rows[color].append(value)
        if entering is not None:
            self._enter(state, seat, color, entering)
        elif figure is not None and figure.row < END_ROW:
            self._step(state, color)
        elif bonus is not None:
            self._step(state, bonus)
        else:
            state.decision = "draw"

    def _clover(self, state: KeltisState, action: JSON) -> None:
        path = action["path"]
        if path is None:
            state.decision = "draw"
            return
        seat = state.seats[state.active]
        size = action.get("figure")
        if path in seat.figures:
            _check_movable(seat, path)
            if size is not None:
                raise RuleBroken("keltis.path.occupied", {"path": path})
            state.clovers += 1
            self._step(state, path)
        elif not state.options["clover_can_enter"]:
            raise RuleBroken("keltis.move.no_figure", {"path": path})
        else:
            size = _check_entry(seat, path, size)
            state.clovers += 1
            self._enter(state, seat, path, size)

    def _draw(self, state: KeltisState, source: str) -> None:
        if state.supply.draw(state.active, source, CARD_RULES, state.options["redraw_own_discard"]):
            state.end_reason, state.decision = "deck_exhausted", "over"
        else:
            state.decision = "done"

    def _free_reveal(self, state: KeltisState, path: str, row: int, tile: str) -> None:
        """A free reveal records or confirms a fact; it applies nothing (§6.4)."""
        current = state.content(path, row)
        if current is None:
            state.check_unknown_reveal(path, row, tile)
            state.record_tile(path, row, tile)
        elif tile != current:
            raise RuleBroken("reveal.mismatch", {"path": path, "row": row, "known": current, "revealed": tile},
                             place=_stone(path, row))

    # -- arrivals (rules §5.1, §9) ---------------------------------------------

    def _enter(self, state: KeltisState, seat: Seat, path: str, size: str) -> None:
        if size == "large":
            seat.large_left -= 1
        else:
            seat.small_left -= 1
        seat.figures[path] = Figure(0, size == "large")
        self._step(state, path)

    def _step(self, state: KeltisState, path: str) -> None:
        """One step forward of the active player's figure on ``path``."""
        figure = state.seats[state.active].figures[path]
        figure.row += 1
        if figure.row == GOAL_ROW:
            state.goal_area += 1
            if state.goal_area == GOAL_AREA_END:
                state.end_reason, state.decision = "goal_area", "over"
                return
        if state.laid[path][figure.row] is None:
            state.decision, state.pending = "reveal", (path, figure.row)
        else:
            self._arrive(state, path, figure.row)

    def _arrive(self, state: KeltisState, path: str, row: int) -> None:
        """The stone's content takes effect for the active player."""
        tile = state.content(path, row)
        assert tile is not None, "an arrival is on a known stone"
        seat = state.seats[state.active]
        state.decision = "draw"
        if tile == "wish":
            seat.stones_held += 1
            state.taken[path][row] = True
        elif tile == "clover":
            state.decision = "clover"
        elif tile != "none":
            seat.track += int(tile[-1])
            if not state.options["point_tiles_stay"]:
                state.taken[path][row] = True

    # -- the open decision (rules §14) -------------------------------------------

    def decision(self, state: KeltisState) -> Decision:
        """The open decision with its choices and every legal answer."""
        name, player = state.decision, state.active
        if state.over:
            return Decision("over", None, can_end=True)
        if name == "done":
            return Decision("done", player, can_end=True)
        if state.pending is not None:
            path, row = state.pending
            tiles = state.possible_tiles(row)
            return Decision("reveal", player, {"path": path, "row": row, "tiles": tiles},
                            [{"type": "reveal", "path": path, "row": row, "tile": tile} for tile in tiles])
        if name == "main":
            summary, actions = choices.main_choices(state)
        elif name == "clover":
            summary, actions = choices.clover_choices(state)
        else:
            summary, actions = choices.draw_choices(state)
        summary["reveals"], optional = choices.unknown_stones(state)
        return Decision(name, player, summary, actions, optional)

    # -- scores, the table, the summary ----------------------------------------------

    def scoresheet(self, state: KeltisState) -> JSON:
        return score.sheet(self.game, state)

    def tally(self, data: JSON) -> JSON:
        return score.tally(self.game, data, self.options, self.default_options, self.min_players, self.max_players)

    def chronicle(self, record: JSON, state: KeltisState) -> Chronicle[KeltisState]:
        return KeltisChronicle(state.players)

    def view(self, state: KeltisState) -> JSON:
        """The table as JSON (shape in the package docstring)."""
        supply = state.supply
        players = {
            player: {
                "figures": [{"path": path, "row": figure.row, "large": figure.large}
                            for path, figure in seat.figures.items()],
                "start": {"small": seat.small_left, "large": seat.large_left},
                "rows": rows_json(seat.rows),
                "stones_held": seat.stones_held,
                "track": seat.track,
                "hand": supply.hands[player].to_json(),
            }
            for player, seat in state.seats.items()
        }
        return {
            "turn": state.turn,
            "active": None if state.over else state.active,
            "decision": "over" if state.over else state.decision,
            "over": state.over,
            "end_reason": state.end_reason,
            "draw_pile": supply.draw_pile,
            "goal_area": state.goal_area,
            "piles": {color: list(pile) for color, pile in supply.piles.items()},
            "stones": {path: {str(row): {"tile": state.laid[path][row], "taken": state.taken[path][row]}
                              for row in ROWS} for path in PATHS},
            "players": players,
        }


def _stone(path: str, row: int) -> JSON:
    """A stone as messages name it: its path and row ("red 3")."""
    return {"color": path, "value": row}


def _reveal_required(path: str, row: int) -> RuleBroken:
    return RuleBroken("reveal.required", {"path": path, "row": row}, place=_stone(path, row))


def _check_entry(seat: Seat, path: str, size: str | None) -> str:
    """The size of the figure that enters ``path``: ``figure.missing``,
    ``figure.unavailable``."""
    if size is None:
        raise RuleBroken("keltis.figure.missing", {"path": path})
    if not seat.left(size):
        raise RuleBroken("keltis.figure.unavailable",
                         {"figure": size, "small_left": seat.small_left, "large_left": seat.large_left})
    return size


def _check_movable(seat: Seat, path: str) -> None:
    """A bonus or clover step on ``path``: ``move.no_figure``, ``move.at_end``."""
    figure = seat.figures.get(path)
    if figure is None:
        raise RuleBroken("keltis.move.no_figure", {"path": path})
    if figure.row == END_ROW:
        raise RuleBroken("keltis.move.at_end", {"path": path})


RULESET = register(Keltis())
