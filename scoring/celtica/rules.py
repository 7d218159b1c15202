"""The Celtica ruleset: the record's shape, setup (§3) and the turn rules
(§4-§8). Every action is checked completely before it changes the state."""

from __future__ import annotations

from typing import Any

from .. import schema, shapes
from ..chronicle import Chronicle
from ..engine import JSON, Decision, Option, RuleBroken, Ruleset, register
from . import choices, score
from .board import board_problems, board_warnings, check_setup, locations_of
from .chronicle import CelticaChronicle
from .display import (checked_give, checked_take, draw_druid_cards, gain_experience, refill,
                      usable_experience)
from .messages import MESSAGES, OPTION_WORDS, PHRASES
from .state import (COPIES, DISPLAY, DRUID_CARDS, DRUIDS, EXPERIENCE_CARDS, FIND_SITES, HAND, KINDS, WITH_PARTS,
                    START_PARTS, CelticaState, Seat, no_parts)

# More cards than a hand holds, or more parts than a site shows, are the
# rules' to refuse: the shape holds the lower bound, a client is offered the rest.
ACTIONS = shapes.Actions({
    "move": shapes.Action({"druid": shapes.Choice(*DRUIDS), "cards": shapes.Integer(0, HAND, checked="low"),
                           "experience": shapes.Integer(0, EXPERIENCE_CARDS * len(DRUIDS), checked="low",
                                                        optional=True)}),
    "take": shapes.Action({"parts": shapes.Parts(shapes.Choice(*KINDS), offered=DISPLAY)}),
    # a revealed part: its kind, or null when it is not named
    "reveal": shapes.Action({"parts": shapes.Parts(shapes.Choice(*KINDS, None), offered=DISPLAY)}),
    "give": shapes.Action({"parts": shapes.Parts(shapes.Choice(*KINDS))}),
    "cult": shapes.Action({"draw": shapes.Flag()}),
    "swap": shapes.Action({"give": shapes.Choice(*KINDS), "take": shapes.Choice(*KINDS)}),
    "buy": shapes.Action({"part": shapes.Choice(*KINDS)}),
})
#: the action types each open decision accepts (``end`` adds ``reveal``
#: when its refill would draw a part)
ALLOWED = {"move": ("move",), "take": ("take",), "give": ("give",), "cult": ("cult",),
           "reveal": ("reveal",), "done": (), "end": ("swap", "buy")}

OPTIONS = (
    Option("overshoot", "string", "cap",
           "A move past the goal: the druid stops on the goal, or the move is not allowed.", ("cap", "forbid")),
    Option("experience_alone", "boolean", True,
           "Experience cards may be played without druid cards (a move of experience cards only)."),
    Option("experience_needs_druid_card", "boolean", True,
           "Experience cards alone do not keep a player in the round (off: a house rule)."),
    Option("take_count", "string", "up_to",
           "How many parts a find site gives: any number up to the parts it shows, or exactly that many.",
           ("up_to", "exactly")),
)


class Celtica(Ruleset[CelticaState]):
    """Celtica behind the engine interface (rules/celtica.md)."""

    game = "celtica"
    title = "Celtica"
    min_players = 2
    max_players = 5
    options = OPTIONS
    messages = MESSAGES
    option_words = OPTION_WORDS
    phrases = PHRASES
    needs_board = True
    action_schemas = ACTIONS.schemas
    shared_rules = ("record.invalid", "board.invalid", "setup.invalid", "turn.order", "turn.incomplete",
                    "turn.unexpected", "game.over", "reveal.impossible", "card.exhausted")

    # -- shape -----------------------------------------------------------

    def validate_record(self, record: JSON) -> None:
        schema.expect_record_frame(record, self.game, self.min_players, self.max_players, self.options)
        schema.expect_list(record["turns"], "/turns")

    def validate_turn(self, turn: Any, players: list[str]) -> None:
        ACTIONS.expect_turn(turn, players)

    def validate_turns(self, turns: list[Any], players: list[str]) -> None:
        ACTIONS.expect_turns(turns, players)

    def board_problems(self, board: Any) -> list[RuleBroken]:
        """Every problem of a board profile (§2.1)."""
        return board_problems(board)

    def board_warnings(self, board: Any, lang: str = "en") -> list[JSON]:
        """The warnings of a valid profile (§2.2)."""
        return board_warnings(board, lang)

    # -- play ------------------------------------------------------------

    def start(self, players: list[JSON], options: JSON, board: Any, setup: Any) -> CelticaState:
        ids = [player["id"] for player in players]
        self.expect_board(board)
        locations = locations_of(board)
        display, parts = check_setup(setup, ids)
        seats = {player: Seat() for player in ids}
        for player in ids:
            for kind in parts[player]:
                seats[player].parts[kind] += 1
        known = no_parts()
        for shown in display:
            if shown is not None:
                known[shown] += 1
        return CelticaState(
            players=ids, options=options, locations=locations, seats=seats,
            druid_deck=len(DRUIDS) * DRUID_CARDS - HAND * len(ids),
            display=known, unknown=display.count(None),
            supply=len(KINDS) * COPIES - DISPLAY - START_PARTS * len(ids),
            active=ids[0],
        )

    def begin_turn(self, state: CelticaState, player: str) -> None:
        if state.phase == "over":
            raise RuleBroken("game.over", end_reason=state.end_reason)
        if player != state.active:
            raise RuleBroken("turn.order", {"expected": state.active, "player": player}, got=player)

    def apply(self, state: CelticaState, action: JSON) -> None:
        kind = action["type"]
        if kind not in _allowed(state):
            raise RuleBroken("turn.unexpected", {"type": kind, "expected": list(_allowed(state))},
                             next=state.decision)
        seat = state.seats[_active(state)]
        if kind == "move":
            self._move(state, seat, action)
        elif kind == "take":
            self._take(state, seat, action["parts"])
        elif kind == "give":
            self._give(state, seat, action["parts"])
        elif kind == "cult":
            self._cult(state, seat, action["draw"])
        elif kind == "reveal":
            self._reveal(state, action["parts"])
        elif kind == "swap":
            self._swap(state, seat, action["give"], action["take"])
        else:
            self._buy(state, seat, action["part"])

    def end_turn(self, state: CelticaState) -> None:
        if state.decision in ("move", "take", "give", "cult"):
            raise RuleBroken("turn.incomplete", {"decision": state.decision})
        if state.refill_pending or state.phase == "end":
            refill(state, [None] * state.refill_count())
        if state.phase == "play":
            _after_play_turn(state)
        else:
            state.end_queue.pop(0)
            if state.end_queue:
                state.active, state.decision = state.end_queue[0], "end"
            else:
                state.phase, state.active, state.decision = "over", None, "over"
        state.turn += 1

    # -- actions ---------------------------------------------------------

    def _move(self, state: CelticaState, seat: Seat, action: JSON) -> None:
        druid, cards, experience = action["druid"], action["cards"], action.get("experience", 0)
        if cards + experience < 1:
            raise RuleBroken("celtica.move.empty")
        if cards > seat.druid_cards:
            raise RuleBroken("celtica.move.cards", {"held": seat.druid_cards, "cards": cards})
        usable = usable_experience(state, seat)
        if experience > usable:
            raise RuleBroken("celtica.move.experience", {"usable": usable, "experience": experience})
        if experience and not cards and not state.options["experience_alone"]:
            raise RuleBroken("celtica.move.experience_alone", {"druid": druid})
        _check_colour(druid, cards, state.druid_discard[druid], "druid", DRUID_CARDS)
        _check_colour(druid, experience, state.experience_discard[druid], "experience", EXPERIENCE_CARDS)
        at, steps = state.druids[druid], cards + experience
        if at < state.goal < at + steps and state.options["overshoot"] == "forbid":
            raise RuleBroken("celtica.move.overshoot", {"druid": druid, "left": state.goal - at, "steps": steps})
        seat.druid_cards -= cards
        state.druid_discard[druid] += cards
        del seat.experience[:experience]  # the oldest cards: all of them are usable
        state.experience_discard[druid] += experience
        if at == state.goal:  # its cards are played, nothing else happens
            state.decision = "done"
            return
        at = state.druids[druid] = min(at + steps, state.goal)
        kind, shown = state.locations[at]
        state.site = kind
        if kind in FIND_SITES:
            state.final_round = state.final_round or kind == "goal"
            state.decision, state.need = "take", min(shown, state.displayed())
        elif kind == "ruin":
            state.decision, state.need = "give", min(shown, sum(seat.parts.values()))
        else:
            state.decision = "cult"

    def _take(self, state: CelticaState, seat: Seat, parts: list[str]) -> None:
        if len(parts) > state.need:
            raise RuleBroken("celtica.take.count", {"need": state.need, "got": len(parts)}, variant="too_many")
        if len(parts) < state.need and state.options["take_count"] == "exactly":
            raise RuleBroken("celtica.take.count", {"need": state.need, "got": len(parts)})
        state.display, state.unknown = checked_take(state, parts)
        for kind in parts:
            seat.parts[kind] += 1
        if state.site is not None:
            seat.by_location[state.site]["gained"] += len(parts)
        state.refill_pending = True
        state.decision = "reveal" if state.refill_count() else "done"

    def _give(self, state: CelticaState, seat: Seat, parts: list[str]) -> None:
        if len(parts) != state.need:
            raise RuleBroken("celtica.give.count", {"need": state.need, "got": len(parts)})
        checked_give(seat, parts)
        for kind in parts:
            seat.parts[kind] -= 1
            state.ruin[kind] += 1
        seat.by_location["ruin"]["lost"] += len(parts)
        gain_experience(state, seat)
        state.decision = "done"

    def _cult(self, state: CelticaState, seat: Seat, draw: bool | None) -> None:
        if draw:
            if not state.druid_deck and not sum(state.druid_discard.values()):
                raise RuleBroken("celtica.cult.no_card")
            draw_druid_cards(state, 1)
            seat.druid_cards += 1
        state.decision = "done"

    def _reveal(self, state: CelticaState, parts: list[str | None]) -> None:
        drawn, listed = state.refill_count(), len(parts)
        if listed != drawn:
            raise RuleBroken("celtica.reveal.count", {"drawn": drawn, "listed": listed})
        refill(state, parts)
        state.decision = "done"

    def _swap(self, state: CelticaState, seat: Seat, give: str, take: str) -> None:
        _check_experience(seat, "swap", 1)
        if not seat.parts[give]:
            raise RuleBroken("celtica.holding.missing", {"part": give})
        state.display, state.unknown = checked_take(state, [take])  # checked on the display before the swap
        del seat.experience[:1]
        seat.parts[take] += 1
        seat.parts[give] -= 1
        state.display[give] += 1
        state.experience_spent += 1

    def _buy(self, state: CelticaState, seat: Seat, part: str) -> None:
        _check_experience(seat, "buy", 2)
        state.display, state.unknown = checked_take(state, [part])
        del seat.experience[:2]
        seat.parts[part] += 1
        state.experience_spent += 2

    # -- answers ---------------------------------------------------------

    def decision(self, state: CelticaState) -> Decision:
        return choices.decision(state)

    def scoresheet(self, state: CelticaState) -> JSON:
        over = state.phase == "over"
        return score.sheet(state.players, [state.seats[player].parts for player in state.players],
                      state.end_reason if over else None, over)

    def view(self, state: CelticaState) -> JSON:
        return {
            "turn": state.turn,
            "active": state.active,
            "decision": state.decision,  # the decision's name, without listing its actions
            "phase": state.phase,
            "over": state.phase == "over",
            "end_reason": state.end_reason,
            "round": state.round,
            "final_round": state.final_round,
            "druids": dict(state.druids),
            "locations": [{"index": index, "kind": kind, "parts": shown if kind in WITH_PARTS else None}
                          for index, (kind, shown) in enumerate(state.locations)],
            "display": {"known": dict(state.display), "unknown": state.unknown},
            "supply": state.supply,
            "ruin": dict(state.ruin),
            "druid_deck": state.druid_deck,
            "druid_discard": dict(state.druid_discard),
            "experience_deck": state.experience_deck,
            "experience_discard": sum(state.experience_discard.values()) + state.experience_spent,
            "players": {
                player: {
                    "druid_cards": seat.druid_cards,
                    "experience": len(seat.experience),
                    "parts": dict(seat.parts),
                    "amulets": score.amulets(seat.parts),
                    "by_location": {kind: dict(counts) for kind, counts in seat.by_location.items()},
                }
                for player, seat in state.seats.items()
            },
        }

    def tally(self, data: JSON) -> JSON:
        """Score final holdings (rules §15); bad input is ``record.invalid``."""
        return score.tally(data, self.options, board_problems, self.min_players, self.max_players)

    def chronicle(self, record: JSON, state: CelticaState) -> Chronicle[CelticaState]:
        return CelticaChronicle(state.players)


# -- the turn's mechanics ------------------------------------------------------


def _allowed(state: CelticaState) -> tuple[str, ...]:
    allowed = ALLOWED.get(state.decision, ())
    if state.decision == "end" and state.refill_count():
        allowed = (*allowed, "reveal")
    return allowed


def _check_colour(druid: str, count: int, seen: int, deck: str, total: int) -> None:
    if count > total - seen:
        raise RuleBroken("card.exhausted", {"druid": druid, "deck": deck, "seen": seen, "total": total},
                         variant="counted")


def _check_experience(seat: Seat, action: str, need: int) -> None:
    if len(seat.experience) < need:
        raise RuleBroken("celtica.end.experience", {"action": action, "need": need, "have": len(seat.experience)})


def _active(state: CelticaState) -> str:
    """The player of the open turn (there is one until the game is over)."""
    assert state.active is not None
    return state.active


def _in_round(state: CelticaState, seat: Seat) -> bool:
    if seat.druid_cards:
        return True
    options = state.options
    return bool(seat.experience) and options["experience_alone"] and not options["experience_needs_druid_card"]


def _clockwise_from_left(state: CelticaState, player: str) -> list[str]:
    """Every player from ``player``'s left neighbour on, ``player`` last."""
    at = state.players.index(player) + 1
    return state.players[at:] + state.players[:at]


def _after_play_turn(state: CelticaState) -> None:
    """What follows a play-phase turn (§4.2): an end, a new round, or the next player."""
    player = _active(state)
    if all(at == state.goal for at in state.druids.values()):
        _end_game(state, player, "all_druids_in_goal")
    elif not state.displayed() and not state.supply and not sum(state.ruin.values()):
        _end_game(state, player, "parts_exhausted")
    elif not any(seat.druid_cards for seat in state.seats.values()):
        if state.final_round:
            _end_game(state, player, "round_after_goal")
        else:
            state.round += 1
            draw_druid_cards(state, HAND * len(state.players))
            for seat in state.seats.values():
                seat.druid_cards += HAND
            state.active, state.decision = _clockwise_from_left(state, player)[0], "move"
    else:
        order = _clockwise_from_left(state, player)
        state.active = next(other for other in order if _in_round(state, state.seats[other]))
        state.decision = "move"


def _end_game(state: CelticaState, player: str, reason: str) -> None:
    state.phase, state.end_reason = "end", reason
    state.end_queue = _clockwise_from_left(state, player)
    state.active, state.decision = state.end_queue[0], "end"


RULESET = register(Celtica())
