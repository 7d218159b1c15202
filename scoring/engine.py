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

States are plain mutable objects owned by their ruleset. A ruleset checks
an action completely before it changes anything, so a refused action leaves
the state as it was; a refused *turn* may still have applied its earlier
actions, so a caller that must survive one plays on a :meth:`Game.copy`.

The language of a message is a code (``en``, ``de``, ``es``); choosing it
from a request is the caller's business.
"""

from __future__ import annotations

import copy
import pickle
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar

from . import messages
from .messages import OptionWords

if TYPE_CHECKING:
    from .chronicle import Chronicle

FORMAT = "brehon/1"

#: A JSON object as the engine reads and answers it.
JSON = dict[str, Any]
State = TypeVar("State")


class RuleBroken(Exception):
    """A rule id with its details, raised by a ruleset without a position.

    ``details`` is the contract's ``details`` object. ``words`` holds extra
    values that only the message template needs (``ascends``, ``higher``).
    """

    def __init__(self, rule: str, details: JSON | None = None, **words: Any):
        super().__init__(rule)
        self.rule = rule
        self.details: JSON = details or {}
        self.words: JSON = words


@dataclass(frozen=True)
class Violation:
    """One refusal, positioned: ``turn``/``action`` are 0-based or None."""

    game: str | None
    rule: str
    turn: int | None
    action: int | None
    details: JSON = field(default_factory=dict)
    words: JSON = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        return messages.render(self.game, self.rule, lang, {**self.details, **self.words})

    def to_json(self, lang: str = "en") -> JSON:
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

    def sheet(self, lang: str = "en") -> JSON:
        """The contract's rejected score sheet."""
        return {
            "game": self.violation.game,
            "status": "rejected",
            "violations": [self.violation.to_json(lang)],
        }


def record_invalid(game: str | None, pointer: str, reason: str, turn: int | None = None,
                   action: int | None = None) -> Refused:
    """A ``record.invalid`` refusal of the field at ``pointer``; ``reason``
    reads on after the pointer ("holds at most 500 turns")."""
    details = {"pointer": pointer, "reason": f"{pointer or '/'} {reason}"}
    return Refused(Violation(game, "record.invalid", turn, action, details))


@dataclass(frozen=True)
class Option:
    """A house-rule switch: its name, JSON type, default and allowed values."""

    name: str
    type: str  # "boolean", "integer", "string", "array"
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None

    def to_json(self) -> JSON:
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
    whether the turn may end here. ``listed`` says whether ``actions`` holds
    every legal answer; where it does not (too many to send), ``choices``
    describes them all and ``actions`` holds some or none. Such a decision
    may then ``grow`` an action being built step by step: for the action so
    far (None: not begun), the actions one step further, and itself once it
    is a legal answer; its JSON carries ``next``, the first steps.
    """

    name: str
    player: str | None
    choices: JSON = field(default_factory=dict)
    actions: list[JSON] = field(default_factory=list)
    optional: list[JSON] = field(default_factory=list)
    can_end: bool = False
    listed: bool = True
    grow: Callable[[JSON | None], list[JSON]] | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> JSON:
        first = {"next": self.grow(None)} if self.grow is not None else {}
        return {
            "name": self.name,
            "player": self.player,
            "choices": self.choices,
            "actions": self.actions,
            "optional": self.optional,
            "can_end": self.can_end,
            "listed": self.listed,
            **first,
        }


class Ruleset(ABC, Generic[State]):
    """One game's rules. Subclasses are stateless; states are separate objects.

    Every method that changes a state checks everything first: when it
    raises :class:`RuleBroken`, the state is unchanged.
    """

    game: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    needs_board: bool = False
    #: type -> JSON Schema of that action (:func:`scoring.schema.action_schemas`)
    action_schemas: JSON = {}
    #: the shared rule ids (:data:`messages.SHARED`) this game can refuse with
    shared_rules: tuple[str, ...] = tuple(messages.SHARED)
    #: rule id -> {"en": template, "de": ..., "es": ...}: the game's own
    #: rules and the fields it fills into the shared ones
    messages: dict[str, dict[str, str]]
    #: the options in words (``messages.option_in_words``)
    option_words: OptionWords
    #: language -> phrase id -> template: the game's words for a field of a
    #: shared template (:func:`messages.register`)
    phrases: dict[str, dict[str, str]] = {}

    # -- shape -----------------------------------------------------------

    @abstractmethod
    def validate_record(self, record: JSON) -> None:
        """Raise ``RuleBroken('record.invalid', {'pointer', 'reason'})`` at the
        first schema fault in the order the rules file fixes. ``turns`` are
        checked by :meth:`validate_turn` afterwards, by the fold."""

    def for_options(self, options: Any) -> "Ruleset[State]":
        """The ruleset that plays a record with these (validated) options: this
        one, unless an option changes the shape of the actions (Lost Cities'
        ``purple`` adds a colour), so the turns' schema knows it."""
        return self

    @abstractmethod
    def validate_turn(self, turn: Any, players: list[str]) -> None:
        """Raise ``record.invalid`` for a malformed turn. ``details.pointer``
        is relative to the turn (``/actions/2/card``); set the keyword
        ``action=`` on the RuleBroken's words when one action is at fault."""

    @abstractmethod
    def validate_turns(self, turns: list[Any], players: list[str]) -> None:
        """:meth:`validate_turn` of each turn of a record, in order (the
        replay's check of all its turns); the RuleBroken also carries the
        turn's index as the keyword ``turn=``."""

    def board_problems(self, board: Any) -> list[RuleBroken]:
        """Every problem of a board profile (``board.invalid``, or
        ``record.invalid`` for a game without profiles), in the order of the
        rules file's checks; empty when the profile is valid."""
        return [RuleBroken("record.invalid", {"pointer": "/board", "reason": "this game has no board profile"})]

    def board_warnings(self, board: Any, lang: str = "en") -> list[JSON]:
        """The warnings of a valid profile, each ``{"code", "message", "details"}``, the message in ``lang``."""
        return []

    def expect_board(self, board: Any) -> None:
        """Raise the first problem of a profile (setup needs no warnings)."""
        problems = self.board_problems(board)
        if problems:
            raise problems[0]

    def validate_board(self, board: Any) -> list[JSON]:
        """Raise the first problem of a profile; return its warnings."""
        self.expect_board(board)
        return self.board_warnings(board)

    # -- play ------------------------------------------------------------

    @abstractmethod
    def start(self, players: list[JSON], options: JSON, board: Any, setup: Any) -> State:
        """The state after setup; raise ``board.invalid`` / ``setup.invalid``."""

    @abstractmethod
    def begin_turn(self, state: State, player: str) -> None:
        """Open a turn for ``player``: ``game.over``, then ``turn.order``."""

    @abstractmethod
    def apply(self, state: State, action: JSON) -> None:
        """Apply one action to the open turn, or raise :class:`RuleBroken`."""

    @abstractmethod
    def end_turn(self, state: State) -> None:
        """Close the turn: ``reveal.required`` / ``turn.incomplete`` when a
        decision is still open (a turn that ended the game is complete).
        It may end exactly when :meth:`decision` says ``can_end``."""

    @abstractmethod
    def decision(self, state: State) -> Decision:
        """The open decision of the current turn with its legal choices."""

    @abstractmethod
    def scoresheet(self, state: State) -> JSON:
        """The contract's score sheet of this state."""

    @abstractmethod
    def view(self, state: State) -> JSON:
        """The table as it stands, as JSON, for drawing it (the PWA) and
        for the summary: what lies where, whose turn it is, and what is
        known of each hand. Each game module documents its shape."""

    @abstractmethod
    def tally(self, data: JSON) -> JSON:
        """The score sheet of a tally (CONTRACT §7); bad input raises
        ``record.invalid`` (or ``board.invalid``)."""

    @abstractmethod
    def chronicle(self, record: JSON, state: State) -> "Chronicle[State]":
        """What the end-of-game summary reads of this game, turn by turn,
        from the state after setup (:mod:`scoring.chronicle`)."""

    def is_over(self, state: State) -> bool:
        return bool(self.scoresheet(state)["status"] == "finished")

    def describe(self, lang: str = "en") -> JSON:
        """What ``GET /api/v1/rulesets`` says of this game, its options in
        words in ``lang``."""
        return {
            "game": self.game,
            "title": self.title,
            "players": {"min": self.min_players, "max": self.max_players},
            "options": [messages.option_in_words(self.option_words, option.to_json(), lang) for option in self.options],
            "rules": sorted({*(rule for rule in self.messages if "." in rule), *self.shared_rules}),
            "needs_board": self.needs_board,
            "actions": self.action_schemas,
        }

    def default_options(self, options: JSON | None) -> JSON:
        """The options with every missing key set to its default."""
        # A default is JSON: only an array (or object) needs a copy of its own.
        merged = {option.name: copy.deepcopy(option.default) if isinstance(option.default, (list, dict))
                  else option.default for option in self.options}
        merged.update(options or {})
        return merged


#: the fields of a refusal that name a player (by id in ``details``)
PLAYER_FIELDS = ("expected", "got", "player")


def _positioned(ruleset: Ruleset[Any], broken: RuleBroken, turn: int | None, action: int | None,
                names: dict[str, str] | None = None) -> Refused:
    """The refusal at its position; messages name players by the record's
    names (``details`` keep the ids)."""
    words = dict(broken.words)
    for key in PLAYER_FIELDS:
        player = words.get(key, broken.details.get(key))
        if names and isinstance(player, str) and player in names:
            words[key] = names[player]
    return Refused(Violation(ruleset.game, broken.rule, turn, action, broken.details, words))


class Game:
    """A ruleset and a state, folded turn by turn.

    This is what the command line and the API hold: ``Game.replay(record)``
    folds a whole record, ``game.play(turn)`` adds one more turn, and
    ``game.check(turn)`` answers a possibly unfinished turn without
    changing anything.
    """

    def __init__(self, ruleset: Ruleset[Any], state: Any, players: list[str], turns_played: int = 0,
                 names: dict[str, str] | None = None):
        self.ruleset = ruleset
        self.state = state
        self.players = players
        self.turns_played = turns_played
        self.names = names or {}  # player id -> name, for messages

    # -- building --------------------------------------------------------

    @classmethod
    def replay(cls, record: Any) -> "Game":
        """Fold a whole record. Raises :class:`Refused` at the first fault:
        the record's schema (turns included), then board and setup, then the
        turns in order."""
        ruleset = _validated(record)
        game = cls.start(record, ruleset=ruleset, validated=True)
        game._play_validated(record["turns"])
        return game

    @classmethod
    def start(cls, record: JSON, *, ruleset: Ruleset[Any] | None = None, validated: bool = False) -> "Game":
        """The game after setup, before any turn of ``record`` is played."""
        ruleset = ruleset or ruleset_of(record)
        if not validated:
            try:
                ruleset.validate_record({**record, "turns": []})
            except RuleBroken as broken:
                raise _positioned(ruleset, broken, None, None) from None
            ruleset = ruleset.for_options(record.get("options"))
        try:
            state = ruleset.start(
                record["players"],
                ruleset.default_options(record.get("options")),
                record.get("board"),
                record.get("setup"),
            )
        except RuleBroken as broken:
            raise _positioned(ruleset, broken, None, None, _names(record)) from None
        return cls(ruleset, state, [player["id"] for player in record["players"]], names=_names(record))

    @classmethod
    def resume(cls, record: JSON, state: Any, turns_played: int) -> "Game":
        """The game of ``record`` at a state kept from an earlier fold."""
        return cls(ruleset_of(record).for_options(record.get("options")), state,
                   [player["id"] for player in record["players"]], turns_played, _names(record))

    def copy(self) -> "Game":
        # pickle copies these plain states five times faster than deepcopy.
        return Game(self.ruleset, pickle.loads(pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL)),
                    self.players, self.turns_played, self.names)

    # -- turns -----------------------------------------------------------

    @staticmethod
    def _validate_turn(ruleset: Ruleset[Any], turn: Any, players: list[str], index: int) -> None:
        try:
            ruleset.validate_turn(turn, players)
        except RuleBroken as broken:
            raise _turn_invalid(ruleset, broken, index) from None

    def validate(self, turn: Any) -> None:
        """Raise :class:`Refused` (``record.invalid``) when ``turn`` is not of
        the shape of a turn of this game, without playing it."""
        self._validate_turn(self.ruleset, turn, self.players, self.turns_played)

    def play(self, turn: Any) -> None:
        """Validate and apply one whole turn. On :class:`Refused` the turn's
        earlier actions may stand: play on a :meth:`copy` when the original
        must survive."""
        self._validate_turn(self.ruleset, turn, self.players, self.turns_played)
        self._play_validated([turn])

    def _play_validated(self, turns: list[JSON]) -> None:
        """Play validated turns in order (a replay's in one loop)."""
        ruleset, state = self.ruleset, self.state
        for turn in turns:
            index = self.turns_played
            try:
                ruleset.begin_turn(state, turn["player"])
            except RuleBroken as broken:
                raise _positioned(ruleset, broken, index, None, self.names) from None
            for position, action in enumerate(turn["actions"]):
                try:
                    ruleset.apply(state, action)
                except RuleBroken as broken:
                    raise _positioned(ruleset, broken, index, position, self.names) from None
            try:
                ruleset.end_turn(state)
            except RuleBroken as broken:  # where the missing action belongs
                raise _positioned(ruleset, broken, index, len(turn["actions"]), self.names) from None
            self.turns_played += 1

    def check(self, turn: Any) -> JSON:
        """Answer a possibly unfinished turn without changing this game.

        ``legal`` is whether every action sent so far is allowed, ``complete``
        whether the turn could be logged as it stands, ``violations`` the
        first refusal (at most one), ``decision`` the open decision with
        its legal choices after the legal prefix of the turn, and ``table``
        the table (:meth:`view`) as that prefix leaves it: where a move ends
        that no decision names (an Orakel clover on a known tile).
        """
        ruleset, index = self.ruleset, self.turns_played
        state = self.copy().state  # one copy: a refused action leaves it as it was
        try:
            self._validate_turn(ruleset, turn, self.players, index)
            ruleset.begin_turn(state, turn["player"])
        except RuleBroken as broken:
            refused = _positioned(ruleset, broken, index, None, self.names)
            return {"legal": False, "complete": False, "violations": [refused.violation], "decision": None,
                    "table": ruleset.view(state)}
        except Refused as refused:
            return {"legal": False, "complete": False, "violations": [refused.violation], "decision": None,
                    "table": ruleset.view(state)}
        violation = None
        for position, action in enumerate(turn["actions"]):
            try:
                ruleset.apply(state, action)
            except RuleBroken as broken:
                violation = _positioned(ruleset, broken, index, position, self.names).violation
                break
        decision = ruleset.decision(state)
        return {
            "legal": violation is None,
            "complete": violation is None and decision.can_end,
            "violations": [violation] if violation else [],
            "decision": decision,
            "table": ruleset.view(state),
        }

    # -- answers ---------------------------------------------------------

    def decision(self) -> Decision:
        """The decision that opens the next turn (``over`` once it ended)."""
        return self.ruleset.decision(self.state)

    def scoresheet(self) -> JSON:
        return self.ruleset.scoresheet(self.state)

    def view(self) -> JSON:
        return self.ruleset.view(self.state)

    @property
    def is_over(self) -> bool:
        return self.ruleset.is_over(self.state)


def _names(record: JSON) -> dict[str, str]:
    return {player["id"]: player["name"] for player in record["players"]}


def _validated(record: Any) -> Ruleset[Any]:
    """The record's ruleset once its shape, turns included, is valid."""
    ruleset = ruleset_of(record)
    try:
        ruleset.validate_record(record)
    except RuleBroken as broken:
        raise _positioned(ruleset, broken, None, None) from None
    ruleset = ruleset.for_options(record.get("options"))
    try:
        ruleset.validate_turns(record["turns"], [player["id"] for player in record["players"]])
    except RuleBroken as broken:
        raise _turn_invalid(ruleset, broken, broken.words.pop("turn"), in_record=True) from None
    return ruleset


def _turn_invalid(ruleset: Ruleset[Any], broken: RuleBroken, index: int, in_record: bool = False) -> Refused:
    """The ``record.invalid`` of turn ``index``; ``in_record``: its pointer
    starts at the record (``/turns/<index>``), else at the turn."""
    action = broken.words.pop("action", None)
    if in_record and "pointer" in broken.details:
        relative = broken.details["pointer"]
        broken.details["pointer"] = f"/turns/{index}{relative}"
        # The reason starts with the same pointer: name it from the record's root too.
        reason, lead = broken.details.get("reason"), f"{relative or '/'} "
        if isinstance(reason, str) and reason.startswith(lead):
            broken.details["reason"] = f"{broken.details['pointer']} {reason[len(lead):]}"
    return _positioned(ruleset, broken, index, action)


# -- the games -------------------------------------------------------------

RULESETS: dict[str, Ruleset[Any]] = {}


def register(ruleset: Ruleset[Any]) -> Ruleset[Any]:
    """Make a game known to the fold, the command line and the API."""
    messages.register(ruleset.game, ruleset.messages, ruleset.phrases)
    RULESETS[ruleset.game] = ruleset
    return ruleset


def ruleset_of(data: Any) -> Ruleset[Any]:
    """The ruleset named by ``data['game']``; :class:`Refused` with
    ``record.invalid`` when the game is missing or unknown."""
    game = data.get("game") if isinstance(data, dict) else None
    if isinstance(game, str) and game in RULESETS:
        return RULESETS[game]
    raise record_invalid(game if isinstance(game, str) else None, "/game",
                         f"must be one of {', '.join(sorted(RULESETS))}")


def replay(record: Any) -> JSON:
    """The score sheet of a record, or its rejected sheet (English)."""
    try:
        return Game.replay(record).scoresheet()
    except Refused as refused:
        return refused.sheet()


def tally(data: Any) -> JSON:
    """The score sheet of a tally; raises :class:`Refused` on bad input."""
    ruleset = ruleset_of(data)
    try:
        return ruleset.tally(data)
    except RuleBroken as broken:
        raise _positioned(ruleset, broken, None, None) from None


@dataclass(frozen=True)
class BoardVerdict:
    """What the rules say of a board profile: its problems, all of them, and
    the warnings of a valid one."""

    game: str
    violations: list[Violation]
    warnings: list[JSON]

    @property
    def valid(self) -> bool:
        return not self.violations

    def refusal(self) -> Refused:
        """The refusal of an invalid profile: its first problem."""
        return Refused(self.violations[0])


def check_board(data: Any, lang: str = "en") -> BoardVerdict:
    """Judge ``data['board']``, a profile of ``data['game']`` (``Refused``
    when the game is unknown); its warnings said in ``lang``."""
    ruleset = ruleset_of(data)
    problems = ruleset.board_problems(data.get("board"))
    violations = [Violation(ruleset.game, broken.rule, None, None, broken.details, broken.words)
                  for broken in problems]
    return BoardVerdict(ruleset.game, violations, [] if problems else ruleset.board_warnings(data["board"], lang))


def unknown_board(record: Any) -> Refused:
    """The refusal of a record whose ``board`` names no stored profile of its
    game: the first fault the rules check before the board, else
    ``record.invalid`` at ``/board/id``."""
    game = record.get("game") if isinstance(record, dict) else None
    try:
        _validated(record)
    except Refused as refused:
        if not refused.violation.details.get("pointer", "").startswith("/board"):
            return refused
    return record_invalid(game, "/board/id", f"names no stored {game} board")
