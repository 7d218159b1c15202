"""The Lost Cities ruleset: the record's shape (§11.5), setup (§3) and the
turn rules (§5-§7). Every action is checked completely before it changes
the state (the order of checks is §11.2's).

Where the rules file is silent, these are the choices (none needed an
option: each is what the printed game does, or only a reading of the file):

- in a tally, ``details.expedition`` of a row refusal holds the row's cards
  before the faulty one (what the expedition held when that card came), as
  in a replay; a tally's existence fault points at the repeated card (the
  second of a number, the fourth wager of a colour), players in seating
  order, colours in the order of the game;
- ``details.known`` of ``card.not_in_hand`` and a hand's known cards in the
  view are in the order of the game's colours, then by value, wagers first;
- ``options: null`` and ``setup.carry: null`` read as absent; a tally's
  ``earlier_rounds: null`` is refused (the file says an integer);
- an action after the round's last draw is ``game.over`` with the shared
  message of a finished game (the round ended with that draw);
- the action schema of ``GET /rulesets`` lists all six colours: purple is
  refused by the engine without the option, as the rules file says.
"""

from __future__ import annotations

from typing import Any

from .. import schema, shapes
from ..cards import CardSet
from ..chronicle import Chronicle
from ..engine import JSON, Decision, Option, RuleBroken, Ruleset, register
from . import choices, score
from .chronicle import LostCitiesChronicle
from .messages import CARD_RULES, MESSAGES, OPTION_WORDS
from .state import DECK, NUMBERS, WAGER_WORD, LostCitiesState, LostCitiesSupply, card_set, values_json

# -- the actions' shape (rules §6, §11.5) --------------------------------------
# The colours depend on the option ``purple``: one declaration per card set.


def actions_of(cards: CardSet) -> shapes.Actions:
    """The three actions for one card set (5 or 6 colours)."""
    card = shapes.Card(cards.colors, low=NUMBERS[0], high=NUMBERS[-1], words=(WAGER_WORD,))
    return shapes.Actions({
        "play": shapes.Action({"card": card}),
        "discard": shapes.Action({"card": card}),
        "draw": shapes.Action({"from": shapes.Choice("deck", *cards.colors)}),
    })


#: purple -> the actions' shapes
ACTIONS = {purple: actions_of(card_set(purple)) for purple in (False, True)}

# -- the ruleset -----------------------------------------------------------------

NO_BOARD = "must be null for lost-cities, which has no board"


class LostCities(Ruleset[LostCitiesState]):
    """The Lost Cities referee (rules/lost-cities.md). One instance per value
    of ``purple`` (:meth:`for_options`): the colours are part of the turns'
    shape."""

    game = "lost-cities"
    title = "Lost Cities"
    min_players = 2
    max_players = 2
    messages = MESSAGES
    option_words = OPTION_WORDS
    #: the widest shape, six colours: ``purple`` is refused without the option
    action_schemas = ACTIONS[True].schemas
    shared_rules = ("record.invalid", "setup.invalid", "turn.order", "turn.incomplete", "turn.unexpected",
                    "game.over", "card.exhausted", "card.not_in_hand")
    options = (
        Option("purple", "boolean", False,
               "The sixth expedition of the 2019 edition, purple: 72 cards, 56 in the deck at the start."),
    )

    def __init__(self, purple: bool = False):
        self.actions = ACTIONS[purple]

    def for_options(self, options: Any) -> "LostCities":
        purple = isinstance(options, dict) and options.get("purple") is True
        return WITH_PURPLE if purple else RULESET

    # -- shape (rules §11.5) --------------------------------------------------

    def validate_record(self, record: JSON) -> None:
        """``record.invalid`` at the first fault: top-level keys, format, game,
        options, players, board, setup, then that ``turns`` is an array."""
        schema.expect_record_frame(record, self.game, self.min_players, self.max_players, self.options)
        if record.get("board") is not None:
            raise schema.invalid("/board", NO_BOARD)
        setup = record.get("setup")
        if setup is not None:
            schema.expect_object(setup, "/setup", optional=("carry",))
            carry = setup.get("carry")
            if carry is not None:
                if not isinstance(carry, dict):
                    raise schema.invalid("/setup/carry", "must be an object")
                for player, points in carry.items():
                    schema.expect_int(points, f"/setup/carry/{schema.pointer_token(player)}")
        schema.expect_list(record["turns"], "/turns")

    def validate_turn(self, turn: Any, players: list[str]) -> None:
        self.actions.expect_turn(turn, players)

    def validate_turns(self, turns: list[Any], players: list[str]) -> None:
        self.actions.expect_turns(turns, players)

    # -- setup (rules §3) -------------------------------------------------------

    def start(self, players: list[JSON], options: JSON, board: Any, setup: Any) -> LostCitiesState:
        """The state after setup; ``setup.invalid`` for a carry that names no
        player of the record, then for points out of bounds (§3.2)."""
        ids = [player["id"] for player in players]
        carry = (setup or {}).get("carry") or {}
        for player in carry:
            if player not in ids:
                raise RuleBroken("setup.invalid", {"reason": f"carry names {player}, who is no player of this round",
                                                   "player": player})
        for player, points in carry.items():
            if not -score.CARRY <= points <= score.CARRY:
                raise RuleBroken("setup.invalid", {
                    "reason": f"{player} carries {points} points, outside {-score.CARRY} to {score.CARRY}",
                    "player": player})
        cards = card_set(options["purple"])
        return LostCitiesState(
            players=ids,
            options=options,
            colors=cards.colors,
            supply=LostCitiesSupply.deal(ids, DECK[options["purple"]], cards),
            expeditions={player: {color: [] for color in cards.colors} for player in ids},
            carry={player: carry.get(player, 0) for player in ids},
            active=ids[0],
        )

    # -- turns (rules §5) ----------------------------------------------------------

    def begin_turn(self, state: LostCitiesState, player: str) -> None:
        """Open a turn: ``game.over``, then ``turn.order``."""
        if state.end_reason is not None:
            raise RuleBroken("game.over", {"end_reason": state.end_reason})
        if player != state.active:
            raise RuleBroken("turn.order", {"expected": state.active, "got": player})
        state.supply.own_discard = None

    def apply(self, state: LostCitiesState, action: JSON) -> None:
        """One action: ``game.over``, ``turn.unexpected``, then its own checks."""
        if state.end_reason is not None:
            raise RuleBroken("game.over", {"end_reason": state.end_reason})
        kind, decision = action["type"], state.decision
        if decision == "main" and kind == "play":
            self._play(state, action)
        elif decision == "main" and kind == "discard":
            state.supply.discard(state.active, state.supply.cards.of(action["card"]))
            state.decision = "draw"
        elif decision == "draw" and kind == "draw":
            self._draw(state, action["from"])
        else:
            raise RuleBroken("turn.unexpected", {"decision": decision, "type": kind})

    def end_turn(self, state: LostCitiesState) -> None:
        """Close the turn: ``turn.incomplete`` unless it is ``done`` or the
        round ended in it."""
        if state.end_reason is None:
            if state.decision != "done":
                raise RuleBroken("turn.incomplete", {"decision": state.decision})
            state.decision = "main"
            state.active = state.players[(state.turn + 1) % len(state.players)]
        state.turn += 1

    def _play(self, state: LostCitiesState, action: JSON) -> None:
        """§7.3 (``card.exhausted``, ``card.not_in_hand``), then §7.1."""
        supply = state.supply
        card = supply.cards.of(action["card"])
        color, value = card
        expedition = state.expeditions[state.active][color]
        supply.check_holds(state.active, card)
        broken = score.row_fault(color, expedition, value)
        if broken is not None:
            raise broken
        supply.play(state.active, card)
        expedition.append(value)
        state.decision = "draw"

    def _draw(self, state: LostCitiesState, source: str) -> None:
        """From the deck (the last card ends the round) or a pile (§6.3)."""
        if state.supply.draw(state.active, source, CARD_RULES, redraw_own_discard=False):
            state.end_reason, state.decision = "deck_exhausted", "over"
        else:
            state.decision = "done"

    # -- the open decision (rules §12) ------------------------------------------------

    def decision(self, state: LostCitiesState) -> Decision:
        if state.over:
            return Decision("over", None, can_end=True)
        if state.decision == "done":
            return Decision("done", state.active, can_end=True)
        summary, actions = (choices.main_choices if state.decision == "main" else choices.draw_choices)(state)
        return Decision(state.decision, state.active, summary, actions)

    # -- scores, the table, the summary -------------------------------------------------

    def scoresheet(self, state: LostCitiesState) -> JSON:
        return score.sheet(self.game, state)

    def tally(self, data: JSON) -> JSON:
        return score.tally(self.game, data, self.options, self.default_options)

    def chronicle(self, record: JSON, state: LostCitiesState) -> Chronicle[LostCitiesState]:
        return LostCitiesChronicle(state.players, state.colors)

    def view(self, state: LostCitiesState) -> JSON:
        """The table as JSON (shape in the package docstring)."""
        supply = state.supply
        return {
            "turn": state.turn,
            "active": None if state.over else state.active,
            "decision": "over" if state.over else state.decision,
            "over": state.over,
            "end_reason": state.end_reason,
            "colors": list(state.colors),
            "deck": supply.draw_pile,
            "piles": {color: values_json(pile) for color, pile in supply.piles.items()},
            "players": {
                player: {
                    "expeditions": {color: values_json(values) for color, values in expeditions.items()},
                    "hand": supply.hand_json(player),
                    "earlier_rounds": state.carry[player],
                }
                for player, expeditions in state.expeditions.items()
            },
        }


RULESET = LostCities()
WITH_PURPLE = LostCities(purple=True)
register(RULESET)
