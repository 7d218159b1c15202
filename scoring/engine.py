"""The common engine interface every game implements, and the fold over it.

A game module (``scoring.keltis``, ...) provides one :class:`Ruleset`. The
ruleset knows how to validate a record's shape, set up a state, apply one
action to that state, say which decision is open and what is legal there,
and score the state. Everything else - replaying a record, playing one turn
onto a stored game, checking an unfinished turn, putting turn and action
indices on a refusal - is written once, here.

Errors are kept apart as python-chess keeps them apart:

- :class:`RuleBroken` is what a ruleset raises: a rule id and its details,
  without a position. The fold below adds the turn and action index.
- :class:`Refused` is what callers see: exactly one :class:`Violation` with
  its position, ready to render in a language.

States are plain mutable objects owned by their ruleset. A ruleset may
change a state while applying an action and then raise; such a state is
spoiled, so every caller that must survive a refusal works on a copy
(:meth:`Game.copy`).
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from . import messages

FORMAT = "brehon/1"


class RuleBroken(Exception):
    """A rule id with its details, raised by a ruleset without a position.

    ``details`` is the contract's ``details`` object. ``words`` holds extra
    values that only the message template needs (``ascends``, ``higher``).
    """

    def __init__(self, rule: str, details: dict | None = None, **words: Any):
        super().__init__(rule)
        self.rule = rule
        self.details = details or {}
        self.words = words


@dataclass(frozen=True)
class Violation:
    """One refusal, positioned: ``turn``/``action`` are 0-based or None."""

    game: str
    rule: str
    turn: int | None
    action: int | None
    details: dict = field(default_factory=dict)
    words: dict = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        return messages.render(self.game, self.rule, lang, {**self.details, **self.words})

    def to_json(self, lang: str = "en") -> dict:
        return {
            "rule": self.rule,
            "turn": self.turn,
            "action": self.action,
            "message": self.message(lang),
            "details": self.details,
        }


class Refused(Exception):
    """A record, turn, tally or board was refused with one violation."""

    def __init__(self, violation: Violation):
        super().__init__(violation.rule)
        self.violation = violation

    def sheet(self, lang: str = "en") -> dict:
        """The contract's rejected score sheet."""
        return {
            "game": self.violation.game,
            "status": "rejected",
            "violations": [self.violation.to_json(lang)],
        }


@dataclass(frozen=True)
class Option:
    """A house-rule switch: its name, JSON type, default and allowed values."""

    name: str
    type: str  # "boolean", "integer", "string", "array"
    default: Any
    doc: str
    choices: tuple | None = None

    def to_json(self) -> dict:
        out = {"name": self.name, "type": self.type, "default": self.default, "doc": self.doc}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        return out


@dataclass
class Decision:
    """The decision a turn is waiting for, and what may answer it.

    ``name`` is the rules file's decision name (``main``, ``reveal``,
    ``done``, ``over`` ...). ``choices`` is the game's summary of the legal
    choices as its rules file describes it for the check route. ``actions``
    lists complete action objects that answer the decision legally, so a
    client can offer only those. ``optional`` lists actions that may be
    logged without closing the decision (free reveals), and ``can_end`` says
    whether the turn may end here.
    """

    name: str
    player: str | None
    choices: dict = field(default_factory=dict)
    actions: list[dict] = field(default_factory=list)
    optional: list[dict] = field(default_factory=list)
    can_end: bool = False

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "player": self.player,
            "choices": self.choices,
            "actions": self.actions,
            "optional": self.optional,
            "can_end": self.can_end,
        }


class Ruleset(ABC):
    """One game's rules. Subclasses are stateless; states are separate objects."""

    game: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    #: rule id -> {"en": template, "de": ..., "es": ...}; the game's own rules
    #: and its wording of the shared ones.
    messages: dict[str, dict[str, str]]

    # -- shape -----------------------------------------------------------

    @abstractmethod
    def validate_record(self, record: dict) -> None:
        """Raise ``RuleBroken('record.invalid', {'pointer', 'reason'})`` at the
        first schema fault in the order the rules file fixes. ``turns`` are
        checked by :meth:`validate_turn` afterwards, by the fold."""

    @abstractmethod
    def validate_turn(self, turn: Any, players: list[str]) -> None:
        """Raise ``record.invalid`` for a malformed turn. ``details.pointer``
        is relative to the turn (``/actions/2/card``); set the keyword
        ``action=`` on the RuleBroken's words when one action is at fault."""

    def validate_board(self, board: Any) -> list[dict]:
        """Check a stored board profile. Raise ``board.invalid`` (or
        ``record.invalid`` for its shape) and return the warnings."""
        raise RuleBroken("record.invalid", {"pointer": "/board", "reason": "this game has no board profile"})

    # -- play ------------------------------------------------------------

    @abstractmethod
    def start(self, players: list[dict], options: dict, board: Any, setup: Any) -> Any:
        """The state after setup; raise ``board.invalid`` / ``setup.invalid``."""

    @abstractmethod
    def begin_turn(self, state: Any, player: str) -> None:
        """Open a turn for ``player``: ``game.over``, then ``turn.order``."""

    @abstractmethod
    def apply(self, state: Any, action: dict) -> None:
        """Apply one action to the open turn, or raise :class:`RuleBroken`."""

    @abstractmethod
    def end_turn(self, state: Any) -> None:
        """Close the turn: ``reveal.required`` / ``turn.incomplete`` when a
        decision is still open (a turn that ended the game is complete)."""

    @abstractmethod
    def decision(self, state: Any) -> Decision:
        """The open decision of the current turn with its legal choices."""

    @abstractmethod
    def scoresheet(self, state: Any) -> dict:
        """The contract's score sheet of this state."""

    @abstractmethod
    def view(self, state: Any) -> dict:
        """The table as it stands, as JSON, for drawing it (the PWA) and
        for the summary: what lies where, whose turn it is, and what is
        known of each hand. Each game module documents its shape."""

    @abstractmethod
    def tally(self, data: dict) -> dict:
        """The score sheet of a tally (CONTRACT §7); bad input raises
        ``record.invalid`` (or ``board.invalid``)."""

    def is_over(self, state: Any) -> bool:
        return self.scoresheet(state)["status"] == "finished"

    def describe(self) -> dict:
        """What ``GET /api/v1/rulesets`` says of this game."""
        return {
            "game": self.game,
            "title": self.title,
            "players": {"min": self.min_players, "max": self.max_players},
            "options": [option.to_json() for option in self.options],
            "rules": sorted(rule for rule in self.messages if "." in rule),
            "needs_board": self.needs_board,
            "actions": self.action_schemas,
        }

    needs_board: bool = False
    #: type -> JSON Schema of that action (:func:`scoring.schema.action_schemas`)
    action_schemas: dict = {}

    def default_options(self, options: dict | None) -> dict:
        """The options with every missing key set to its default."""
        merged = {option.name: copy.deepcopy(option.default) for option in self.options}
        merged.update(options or {})
        return merged


def _positioned(ruleset: Ruleset, broken: RuleBroken, turn: int | None, action: int | None) -> Refused:
    words = dict(broken.words)
    return Refused(Violation(ruleset.game, broken.rule, turn, action, broken.details, words))


class Game:
    """A ruleset and a state, folded turn by turn.

    This is what the command line and the API hold: ``Game.replay(record)``
    folds a whole record, ``game.play(turn)`` adds one more turn, and
    ``game.check(turn)`` answers a possibly unfinished turn without
    changing anything.
    """

    def __init__(self, ruleset: Ruleset, state: Any, players: list[str], turns_played: int = 0):
        self.ruleset = ruleset
        self.state = state
        self.players = players
        self.turns_played = turns_played

    # -- building --------------------------------------------------------

    @classmethod
    def replay(cls, record: Any) -> "Game":
        """Fold a whole record. Raises :class:`Refused` at the first fault:
        the record's schema (turns included), then board and setup, then the
        turns in order."""
        ruleset = ruleset_of(record)
        try:
            ruleset.validate_record(record)
        except RuleBroken as broken:
            raise _positioned(ruleset, broken, None, None) from None
        players = [player["id"] for player in record["players"]]
        for index, turn in enumerate(record["turns"]):
            cls._validate_turn(ruleset, turn, players, index, pointer_prefix=f"/turns/{index}")
        game = cls.start(record, ruleset=ruleset, validated=True)
        for turn in record["turns"]:
            game._play_validated(turn)
        return game

    @classmethod
    def start(cls, record: dict, *, ruleset: Ruleset | None = None, validated: bool = False) -> "Game":
        """The game after setup, before any turn of ``record`` is played."""
        ruleset = ruleset or ruleset_of(record)
        if not validated:
            try:
                ruleset.validate_record({**record, "turns": []})
            except RuleBroken as broken:
                raise _positioned(ruleset, broken, None, None) from None
        try:
            state = ruleset.start(
                record["players"],
                ruleset.default_options(record.get("options")),
                record.get("board"),
                record.get("setup"),
            )
        except RuleBroken as broken:
            raise _positioned(ruleset, broken, None, None) from None
        return cls(ruleset, state, [player["id"] for player in record["players"]])

    def copy(self) -> "Game":
        return Game(self.ruleset, copy.deepcopy(self.state), self.players, self.turns_played)

    # -- turns -----------------------------------------------------------

    @staticmethod
    def _validate_turn(ruleset: Ruleset, turn: Any, players: list[str], index: int, pointer_prefix: str = "") -> None:
        try:
            ruleset.validate_turn(turn, players)
        except RuleBroken as broken:
            action = broken.words.pop("action", None)
            if pointer_prefix and "pointer" in broken.details:
                relative = broken.details["pointer"]
                broken.details["pointer"] = pointer_prefix + relative
                # The reason starts with the same pointer: name it from the record's root too.
                reason, lead = broken.details.get("reason"), f"{relative or '/'} "
                if isinstance(reason, str) and reason.startswith(lead):
                    broken.details["reason"] = f"{broken.details['pointer']} {reason[len(lead):]}"
            raise _positioned(ruleset, broken, index, action) from None

    def play(self, turn: Any) -> None:
        """Validate and apply one whole turn. On :class:`Refused` this game
        is spoiled: play on a :meth:`copy` when the original must survive."""
        self._validate_turn(self.ruleset, turn, self.players, self.turns_played)
        self._play_validated(turn)

    def _play_validated(self, turn: dict) -> None:
        index = self.turns_played
        ruleset, state = self.ruleset, self.state
        try:
            ruleset.begin_turn(state, turn["player"])
        except RuleBroken as broken:
            raise _positioned(ruleset, broken, index, None) from None
        for position, action in enumerate(turn["actions"]):
            try:
                ruleset.apply(state, action)
            except RuleBroken as broken:
                raise _positioned(ruleset, broken, index, position) from None
        try:
            ruleset.end_turn(state)
        except RuleBroken as broken:
            raise _positioned(ruleset, broken, index, len(turn["actions"])) from None
        self.turns_played += 1

    def check(self, turn: Any) -> dict:
        """Answer a possibly unfinished turn without changing this game.

        ``legal`` is whether every action sent so far is allowed, ``complete``
        whether the turn could be logged as it stands, ``violations`` the
        first refusal (at most one), and ``decision`` the open decision with
        its legal choices after the legal prefix of the turn.
        """
        trial = self.copy()
        ruleset, state, index = trial.ruleset, trial.state, trial.turns_played
        violation = None
        try:
            self._validate_turn(ruleset, turn, self.players, index)
            try:
                ruleset.begin_turn(state, turn["player"])
            except RuleBroken as broken:
                raise _positioned(ruleset, broken, index, None) from None
        except Refused as refused:
            return {"legal": False, "complete": False, "violations": [refused.violation], "decision": None}
        for position, action in enumerate(turn["actions"]):
            before = copy.deepcopy(state)
            try:
                ruleset.apply(state, action)
            except RuleBroken as broken:
                violation = _positioned(ruleset, broken, index, position).violation
                state = trial.state = before
                break
        decision = ruleset.decision(state)
        complete = False
        if violation is None:
            try:
                ruleset.end_turn(copy.deepcopy(state))
                complete = True
            except RuleBroken:
                complete = False
        return {
            "legal": violation is None,
            "complete": complete,
            "violations": [violation] if violation else [],
            "decision": decision,
        }

    # -- answers ---------------------------------------------------------

    def decision(self) -> Decision:
        """The decision that opens the next turn (``over`` once it ended)."""
        return self.ruleset.decision(self.state)

    def scoresheet(self) -> dict:
        return self.ruleset.scoresheet(self.state)

    def view(self) -> dict:
        return self.ruleset.view(self.state)

    @property
    def is_over(self) -> bool:
        return self.ruleset.is_over(self.state)


# -- the games -------------------------------------------------------------

RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Make a game known to the fold, the command line and the API."""
    messages.register(ruleset.game, ruleset.messages)
    RULESETS[ruleset.game] = ruleset
    return ruleset


class UnknownGame(Exception):
    """The input names no game Brehon knows (or is not an object at all)."""


def ruleset_of(data: Any) -> Ruleset:
    """The ruleset named by ``data['game']``; :class:`Refused` with
    ``record.invalid`` when the game is missing or unknown."""
    game = data.get("game") if isinstance(data, dict) else None
    if isinstance(game, str) and game in RULESETS:
        return RULESETS[game]
    raise Refused(Violation(
        game if isinstance(game, str) else None, "record.invalid", None, None,
        {"pointer": "/game", "reason": f"game must be one of {', '.join(sorted(RULESETS))}"},
    ))


def replay(record: Any) -> dict:
    """The score sheet of a record, or its rejected sheet (English)."""
    try:
        return Game.replay(record).scoresheet()
    except Refused as refused:
        return refused.sheet()


def tally(data: Any, lang: str = "en") -> dict:
    """The score sheet of a tally; raises :class:`Refused` on bad input."""
    ruleset = ruleset_of(data)
    try:
        return ruleset.tally(data)
    except RuleBroken as broken:
        raise _positioned(ruleset, broken, None, None) from None
