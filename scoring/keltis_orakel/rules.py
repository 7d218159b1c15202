"""The Orakel ruleset: the record's shape, setup (§4) and the turn rules
(§6-§11). Every action is checked completely before it changes the state."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .. import schema, shapes
from ..cards import (ALL_CARDS, COLORS, HAND_SIZE, Card, Supply, card_json, card_of, direction, row_allows,
                     row_refused, rows_json)
from ..chronicle import Chronicle
from ..engine import JSON, Decision, Option, RuleBroken, Ruleset, register
from . import choices, score
from .board import (LARGE_FIELDS, NONE, REMOVED_MAX, SMALL_FIELDS, TILE_COUNTS, TILES, Board, _int_list, board_problems,
                    board_warnings, setup_tiles)
from .chronicle import OrakelChronicle
from .messages import CARD_RULES, GAME, MESSAGES, OPTION_WORDS
from .state import OrakelState, Seat

OPTIONS = (
    Option("track_start", "integer", 0, "Where the score markers start: 0 in front of field 1, 1 on it."),
    Option("stones_per_landing", "string", 1, "Wishing stones taken per arrival on a large field or the center.",
           choices=(1, "all")),
    Option("spiral_to_start", "boolean", False, "A spiral may send a figure back to the start field."),
    Option("redraw_own_discard", "boolean", True, "A player may draw back the card he discarded this turn."),
    Option("goblin_scores", "array", [5, 10, 15],
           "Goblin scoring for all three figures on 1, 2, 3 different goblin fields."),
    Option("two_player_removed", "integer", 30, "Cards removed unseen in a 2-player game (0-93)."),
    Option("play_without_move", "string", "when_stuck",
           "Whether a card may be played without movement when nothing can move with it.",
           choices=("when_stuck", "never")),
    Option("row_direction", "string", "kept",
           "What a goblin's row discard does to the row's direction: it stays, or it follows the cards left.",
           choices=("kept", "from_cards")),
)



def _check_options(options: JSON) -> None:
    scores = options.get("goblin_scores")
    if "goblin_scores" in options and not _int_list(scores, 3):
        raise schema.invalid("/options/goblin_scores", "must be a list of 3 integers")
    if "two_player_removed" in options:
        schema.expect_int(options["two_player_removed"], "/options/two_player_removed", 0, REMOVED_MAX)
    if "stones_per_landing" in options and isinstance(options["stones_per_landing"], float):
        raise schema.invalid("/options/stones_per_landing", 'must be one of 1, "all"')


LAST_FIELD = SMALL_FIELDS + LARGE_FIELDS + 1  # the center, after the start and the rest
# A field outside the board is the rules' to refuse (field.unknown and the like):
# the shape only asks for an integer, and a client is offered the board's fields.
ACTIONS = shapes.Actions({
    "play": shapes.Action({"card": shapes.Card(COLORS),
                           "figure": shapes.Integer(0, LAST_FIELD, checked="type", null=True, optional=True),
                           "priestess": shapes.Integer(1, LAST_FIELD, checked="type", null=True, optional=True)},
                          (shapes.Together("priestess", "cannot be given together with figure",
                                           lambda action: action.get("figure") is not None
                                           and action.get("priestess") is not None),)),
    "discard": shapes.Action({"card": shapes.Card(COLORS)}),
    "reveal": shapes.Action({"field": shapes.Integer(1, LAST_FIELD - 1, checked="type"),
                             "tile": shapes.Choice(*TILES, NONE)}),
    "spiral": shapes.Action({"to": shapes.Integer(0, LAST_FIELD, checked="type", null=True, optional=True)}),
    "goblin": shapes.Action({"hand": shapes.Card(COLORS, null=True, optional=True),
                             "row": shapes.Choice(*COLORS, null=True, optional=True)},
                            (shapes.Together("row", "cannot be given together with hand",
                                             lambda action: action.get("hand") is not None
                                             and action.get("row") is not None),)),
    "draw": shapes.Action({"from": shapes.Choice("deck", *COLORS)}),
})


class Orakel(Ruleset[OrakelState]):
    """The rules of Keltis: Das Orakel."""

    game = GAME
    title = "Keltis: Das Orakel"
    min_players = 2
    max_players = 4
    options = OPTIONS
    messages = MESSAGES
    option_words = OPTION_WORDS
    needs_board = True
    action_schemas = ACTIONS.schemas

    # -- shape -----------------------------------------------------------

    def validate_record(self, record: JSON) -> None:
        schema.expect_record_frame(record, GAME, self.min_players, self.max_players, OPTIONS, _check_options)
        if record.get("board") is None:
            raise schema.invalid("/board", "is required: a keltis-orakel record carries its board profile")
        schema.expect_list(record["turns"], "/turns")

    def validate_turn(self, turn: Any, players: list[str]) -> None:
        ACTIONS.expect_turn(turn, players)

    def validate_turns(self, turns: list[Any], players: list[str]) -> None:
        ACTIONS.expect_turns(turns, players)

    def board_problems(self, board: Any) -> list[RuleBroken]:
        """Every §3.2 problem, as ``board.invalid``. A profile always sits at
        ``/board`` (of a record, a tally and the body of ``POST
        /api/v1/boards``), so the pointers name the field there."""
        return [RuleBroken("board.invalid", problem) for problem in board_problems(board, "/board")]

    def board_warnings(self, board: Any, lang: str = "en") -> list[JSON]:
        return board_warnings(Board.of(board), lang)

    # -- play ------------------------------------------------------------

    def start(self, players: list[JSON], options: JSON, board: Any, setup: Any) -> OrakelState:
        self.expect_board(board)
        plan = Board.of(board)
        laid = setup_tiles(setup, plan)
        ids = [player["id"] for player in players]
        removed = options["two_player_removed"] if len(ids) == 2 else 0
        draw_pile = len(ALL_CARDS) * 2 - removed - HAND_SIZE * len(ids)
        tiles: list[str | None] = [None] * len(plan.kinds)
        for index, tile in laid.items():
            tiles[index] = tile
        track = options["track_start"]
        known = Counter(dict.fromkeys(TILE_COUNTS, 0))  # every tile id: a Counter's missing key is a call
        known.update(laid.values())
        return OrakelState(
            board=plan,
            options=options,
            players=ids,
            seats={
                player: Seat(figures=[0, 0, 0], rows={color: [] for color in COLORS},
                             kept=dict.fromkeys(COLORS, 0), track=track,
                             sources={"start": track, "tiles": 0, "priestess": 0, "goblin": 0})
                for player in ids
            },
            supply=Supply.deal(ids, draw_pile),
            tiles=tiles,
            taken=[False] * len(plan.kinds),
            stones=list(plan.stones),
            known_tiles=known,
            active=ids[0],
        )

    def begin_turn(self, state: OrakelState, player: str) -> None:
        if state.end_reason is not None:
            raise RuleBroken("game.over", {"end_reason": state.end_reason})
        if player != state.active:
            raise RuleBroken("turn.order", {"expected": state.active, "got": player})
        state.clovers = 0
        state.supply.own_discard = None

    def end_turn(self, state: OrakelState) -> None:
        if state.decision != "complete" and state.end_reason is None:  # a turn that ended the game is complete
            if state.decision == "reveal":
                raise _reveal_required(state.pending)
            raise RuleBroken("turn.incomplete", {"decision": state.decision})
        state.turn += 1
        if state.end_reason is None:  # else the decision stays "over"
            state.decision = "main"
            state.active = state.players[state.turn % len(state.players)]

    def apply(self, state: OrakelState, action: JSON) -> None:
        kind, decision = action["type"], state.decision
        if state.end_reason is not None:  # the move of this turn ended the game
            raise RuleBroken("game.over", {"end_reason": state.end_reason}, variant="in_turn")
        # a reveal (checked against the open decision there), else what each decision accepts
        if kind == "reveal":
            self._reveal(state, action["field"], action["tile"])
        elif decision == "reveal":
            raise _reveal_required(state.pending)
        elif decision == "draw" and kind == "draw":
            self._draw(state, action["from"])
        elif decision == "main" and kind == "discard":
            state.supply.discard(state.active, card_of(action["card"]))
            self._movement_over(state)
        elif decision == "main" and kind == "play":
            self._play(state, card_of(action["card"]), action.get("figure"), action.get("priestess"))
        elif decision == "spiral" and kind == "spiral":
            self._spiral(state, action.get("to"))
        elif decision == "goblin" and kind == "goblin":
            self._goblin(state, action.get("hand"), action.get("row"))
        else:
            raise RuleBroken("turn.unexpected", {"decision": decision, "type": kind})

    # -- actions ---------------------------------------------------------

    def _play(self, state: OrakelState, card: Card, figure: int | None, steps: int | None) -> None:
        player, board = state.active, state.board
        seat = state.seats[player]
        color, value = card
        state.supply.check_holds(player, card)
        going = state.row_direction(player, color)
        if not row_allows(seat.rows[color], value, going):
            raise row_refused(CARD_RULES, color, seat.rows[color], value, going)
        target = None
        if figure is not None:
            if figure not in seat.figures:
                standing = sorted(set(seat.figures))
                raise RuleBroken(f"{GAME}.figure.not_there", {"field": figure}, fields=standing, count=len(standing))
            target = board.ahead[color][figure]
            if target is None:
                raise RuleBroken(f"{GAME}.move.no_field", {"field": figure, "color": color})
        elif steps is not None:
            self._check_priestess(state, value, steps)
        elif self._must_move(state, card):
            raise RuleBroken(f"{GAME}.move.required", {"card": card_json(card)})
        state.supply.play(player, card)
        seat.rows[color].append(value)
        seat.kept[color] = seat.kept[color] or direction(seat.rows[color])
        if figure is not None and target is not None:
            state.mover = seat.figures.index(figure)
            state.turn_start = figure
            self._arrive(state, target)
        elif steps is not None:
            state.priestess += steps
            if state.priestess in seat.figures:
                seat.track += 5
                seat.sources["priestess"] += 5
            self._movement_over(state)
        else:
            self._movement_over(state)

    def _check_priestess(self, state: OrakelState, value: int, steps: int) -> None:
        center = state.board.center
        if state.priestess == center:
            raise RuleBroken(f"{GAME}.priestess.finished")
        green = state.board.green[value]
        if not 1 <= steps <= green:
            broken = RuleBroken(f"{GAME}.priestess.range", {"steps": steps, "green": green})
            if green == 0:
                broken.words["variant"] = "none"
            raise broken
        if state.priestess + steps > center:
            raise RuleBroken(f"{GAME}.priestess.past_center", {"from": state.priestess, "steps": steps, "center": center})

    def _must_move(self, state: OrakelState, card: tuple[str, int]) -> bool:
        """Whether a play of ``card`` without movement is refused (§7.1.2)."""
        if state.options["play_without_move"] == "never":
            return True
        board = state.board
        ahead = board.ahead[card[0]]
        if any(ahead[spot] is not None for spot in state.seats[state.active].figures):
            return True
        return state.priestess != board.center and board.green[card[1]] > 0

    def _reveal(self, state: OrakelState, spot: int, tile: str) -> None:
        if state.decision == "complete":
            raise RuleBroken("turn.unexpected", {"decision": "complete", "type": "reveal"})
        owed = state.decision == "reveal"
        if owed and spot != state.pending:
            raise _reveal_required(state.pending)
        kinds = state.board.kinds
        if not 0 <= spot < len(kinds) or kinds[spot] != "small":
            raise _impossible(spot, tile, "not a small field")
        known = state.tiles[spot]
        if state.taken[spot]:
            if tile != NONE:
                raise RuleBroken("reveal.mismatch", {"field": spot, "known": NONE, "tile": tile},
                                 place={"field": spot}, revealed=tile, taken="mirror", variant="taken")
            return
        if known is not None:
            if tile != known:
                raise RuleBroken("reveal.mismatch", {"field": spot, "known": known, "tile": tile},
                                 place={"field": spot}, revealed=tile)
        elif tile == NONE:
            raise _impossible(spot, tile, "every small field holds a tile")
        elif state.known_tiles[tile] >= TILE_COUNTS[tile]:
            raise _impossible(spot, tile, "no such tile is left")
        else:
            state.tiles[spot] = tile
            state.known_tiles[tile] += 1
        if owed:
            self._tile(state, spot)

    def _spiral(self, state: OrakelState, to: int | None) -> None:
        if to is None:
            self._movement_over(state)
            return
        spiral = state.pending
        if not 0 <= to < spiral:
            raise RuleBroken(f"{GAME}.spiral.not_behind", {"spiral": spiral, "to": to})
        if to == state.turn_start:
            raise RuleBroken(f"{GAME}.spiral.turn_start", {"to": to})
        if to == 0 and not state.options["spiral_to_start"]:
            raise RuleBroken(f"{GAME}.spiral.start_field")
        self._arrive(state, to)

    def _goblin(self, state: OrakelState, hand: JSON | None, row: str | None) -> None:
        player = state.active
        if hand is not None:
            state.supply.discard(player, card_of(hand))
        elif row is not None:
            cards = state.seats[player].rows[row]
            if not cards:
                raise RuleBroken(f"{GAME}.goblin.empty_row", {"row": row})
            state.supply.discard_from_row((row, cards.pop()))
        self._movement_over(state)

    def _draw(self, state: OrakelState, source: str) -> None:
        if state.supply.draw(state.active, source, CARD_RULES, state.options["redraw_own_discard"]):
            self._end(state, "deck_exhausted")
            return
        state.draws -= 1
        if state.draws == 0:
            state.decision = "complete"

    # -- movement ----------------------------------------------------------

    def _arrive(self, state: OrakelState, spot: int) -> None:
        """One arrival of the moving figure (§8.2)."""
        board, player = state.board, state.active
        figures = state.seats[player].figures
        figures[state.mover] = spot
        if spot >= board.oracle_from:
            area = board.oracle_from
            if sum(place >= area for place in figures) == 3:
                self._end(state, "oracle_player")
                return
            if sum(place >= area for seat in state.seats.values() for place in seat.figures) >= 5:
                self._end(state, "oracle_total")
                return
        kind = board.kinds[spot]
        if kind == "small":
            if state.tiles[spot] is None:
                state.decision, state.pending = "reveal", spot
            else:
                self._tile(state, spot)
            return
        if state.stones[spot]:  # a large field or the center; the start holds none
            take = state.stones[spot] if state.options["stones_per_landing"] == "all" else 1
            state.stones[spot] -= take
            state.seats[player].stones_held += take
        self._movement_over(state)

    def _tile(self, state: OrakelState, spot: int) -> None:
        """The tile on ``spot`` takes effect (§8.3)."""
        seat = state.seats[state.active]
        tile = state.tiles[spot]
        assert tile is not None, "a tile takes effect once it is known"
        if state.taken[spot]:
            self._movement_over(state)
        elif tile.startswith("points-"):
            points = int(tile[len("points-"):])
            seat.track += points
            seat.sources["tiles"] += points
            self._movement_over(state)
        elif tile.startswith("clover-"):
            following = state.board.ahead[tile[len("clover-"):]][spot]
            if following is None:
                self._movement_over(state)
            else:
                state.clovers += 1
                self._arrive(state, following)
        elif tile == "spiral":
            if choices.spiral_targets(state, spot):
                state.decision, state.pending = "spiral", spot
            else:
                self._movement_over(state)
        elif tile == "goblin":
            self._goblin_scoring(state)
            state.decision, state.pending = "goblin", spot
        else:  # a mirror still lying there
            seat.mirrors += 1
            state.taken[spot] = True
            self._movement_over(state)

    def _goblin_scoring(self, state: OrakelState) -> None:
        seat = state.seats[state.active]
        if seat.goblin_scored or any(state.tiles[spot] != "goblin" for spot in seat.figures):
            return
        points = state.options["goblin_scores"][len(set(seat.figures)) - 1]
        seat.goblin_scored = True
        seat.track += points
        seat.sources["goblin"] += points

    def _movement_over(self, state: OrakelState) -> None:
        state.decision = "draw"
        state.draws = HAND_SIZE - state.supply.hands[state.active].size

    def _end(self, state: OrakelState, reason: str) -> None:
        state.end_reason = reason
        state.decision = "over"

    # -- answers -----------------------------------------------------------

    def decision(self, state: OrakelState) -> Decision:
        """The open decision with every complete legal action answering it."""
        return choices.decision(state)

    def scoresheet(self, state: OrakelState) -> JSON:
        return score.sheet(state)

    def tally(self, data: JSON) -> JSON:
        """§15: final positions read off the table, scored as §12."""
        return score.tally(data, self.options, _check_options, self.board_problems, self.min_players,
                           self.max_players)

    def chronicle(self, record: JSON, state: OrakelState) -> Chronicle[OrakelState]:
        return OrakelChronicle(state.players)

    def view(self, state: OrakelState) -> JSON:
        board = state.board
        fields = []
        for index, kind in enumerate(board.kinds):
            tile = NONE if state.taken[index] else state.tiles[index]
            fields.append({"index": index, "kind": kind, "color": board.colors[index],
                           "value": board.values[index], "tile": tile, "stones": state.stones[index]})
        players = {}
        for player, seat in state.seats.items():
            players[player] = {
                "figures": list(seat.figures),
                "rows": rows_json(seat.rows, state.row_directions(player)),
                "stones_held": seat.stones_held,
                "mirrors": seat.mirrors,
                "track": seat.track,
                "track_sources": dict(seat.sources),
                "goblin_scored": seat.goblin_scored,
                "hand": state.supply.hands[player].to_json(),
            }
        return {
            "turn": state.turn,
            "active": None if state.end_reason else state.active,
            "decision": "over" if state.end_reason else state.decision,
            "over": state.end_reason is not None,
            "end_reason": state.end_reason,
            "draw_pile": state.supply.draw_pile,
            "priestess": state.priestess,
            "piles": {color: list(pile) for color, pile in state.supply.piles.items()},
            "fields": fields,
            "players": players,
        }


def _reveal_required(spot: int) -> RuleBroken:
    return RuleBroken("reveal.required", {"field": spot}, place={"field": spot})


def _impossible(spot: int, tile: str, reason: str) -> RuleBroken:
    return RuleBroken("reveal.impossible", {"field": spot, "tile": tile, "reason": reason},
                      thing=tile, place={"field": spot}, variant="bare" if tile == NONE else None)


RULESET = register(Orakel())
