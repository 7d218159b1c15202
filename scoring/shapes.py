"""A game's actions, each described once: the keys an action of each type
has and the values each key may take. From that one description come

- the full shape check (:meth:`Actions.check`), which names the first fault
  as ``record.invalid`` with a JSON pointer, in the order the keys are
  declared (the order the rules files fix);
- the one-step recogniser of each type (:attr:`Actions.recognisers`),
  which passes a valid action without building a pointer or a reason
  (nearly every action of a replay);
- the JSON Schema of each type (:attr:`Actions.schemas`, ``GET
  /api/v1/rulesets``), from which an offline client composes.

The shape is not the rules: a value of the right shape may still be
refused by the game (a card not in hand). A schema may offer a narrower
range than the shape check holds (an integer's ``checked``), when the
game's rules refuse the rest with a refusal of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import schema
from .engine import RuleBroken

JSON = dict[str, Any]


class Field:
    """The values one key of an action may take. ``optional``: the key may
    be left out (it is then not checked)."""

    optional: bool

    def check(self, value: Any, pointer: str, index: int) -> None:
        """Raise ``record.invalid`` at the first fault of ``value``."""
        raise NotImplementedError

    def recognises(self, value: str, names: dict[str, Any]) -> str:
        """A Python expression, on the expression ``value``, true exactly
        for the values :meth:`check` passes (or false for some of them: they
        are then checked in full). Constants it reads go into ``names``."""
        raise NotImplementedError

    def json_schema(self) -> JSON:
        raise NotImplementedError


def _name(names: dict[str, Any], constant: Any) -> str:
    """A name for ``constant`` in the recognisers' namespace."""
    name = f"_{len(names)}"
    names[name] = constant
    return name


@dataclass(frozen=True)
class Choice(Field):
    """One of ``values`` (strings or null). ``null``: null is taken besides
    them without being one of the choices a fault lists."""

    values: tuple[str | None, ...]
    null: bool = False
    optional: bool = False

    def __init__(self, *values: str | None, null: bool = False, optional: bool = False):
        # Only strings and null: a set of them tells true from 1, as the check does.
        assert all(value is None or isinstance(value, str) for value in values), values
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "null", null)
        object.__setattr__(self, "optional", optional)

    def check(self, value: Any, pointer: str, index: int) -> None:
        if value is not None or not self.null:
            schema.expect_choice(value, pointer, self.values, index)

    def recognises(self, value: str, names: dict[str, Any]) -> str:
        return f"{value} in {_name(names, frozenset((*self.values, None) if self.null else self.values))}"

    def json_schema(self) -> JSON:
        return schema.one_of(*((None, *self.values) if self.null else self.values))


@dataclass(frozen=True)
class Integer(Field):
    """An integer from ``low`` to ``high`` as offered. ``checked``: what the
    shape check holds, ``"range"`` both bounds, ``"low"`` the lower one,
    ``"type"`` only that it is an integer (the rules refuse the rest in
    their own words). ``null``: null is taken too (with ``"type"`` only)."""

    low: int
    high: int
    checked: str = "range"
    null: bool = False
    optional: bool = False

    def __post_init__(self) -> None:
        assert self.checked in ("range", "low", "type") and not (self.null and self.checked != "type"), self

    def check(self, value: Any, pointer: str, index: int) -> None:
        if self.null:
            if value is not None and not schema.is_int(value):
                raise schema.invalid(pointer, "must be an integer or null", index)
        elif self.checked == "range":
            schema.expect_int(value, pointer, self.low, self.high, index)
        elif self.checked == "low":
            schema.expect_int(value, pointer, self.low, action=index)
        else:
            schema.expect_int(value, pointer, action=index)

    def recognises(self, value: str, names: dict[str, Any]) -> str:
        if self.null:
            return f"({value} is None or type({value}) is int)"
        bounds = {"range": f" and {self.low} <= {value} <= {self.high}", "low": f" and {value} >= {self.low}",
                  "type": ""}[self.checked]
        return f"type({value}) is int{bounds}"

    def json_schema(self) -> JSON:
        return schema.integer(self.low, self.high, nullable=self.null)


@dataclass(frozen=True)
class Card(Field):
    """A card of one of ``colors`` (``{"color", "value"}``), or null when
    ``null``. Its value is an integer from ``low`` to ``high``, or one of
    ``words``: a card the game names rather than numbers (Lost Cities'
    ``"wager"``)."""

    colors: tuple[str, ...]
    null: bool = False
    optional: bool = False
    low: int = 0
    high: int = 10
    words: tuple[str, ...] = ()

    def check(self, value: Any, pointer: str, index: int) -> None:
        if value is not None or not self.null:
            schema.expect_card(value, pointer, self.colors, index, self.low, self.high, self.words)

    def recognises(self, value: str, names: dict[str, Any]) -> str:
        test = (f"is_card({value}, {_name(names, frozenset(self.colors))}, {self.low}, {self.high}, "
                f"{_name(names, frozenset(self.words))})")
        return f"({value} is None or {test})" if self.null else test

    def json_schema(self) -> JSON:
        return schema.card(self.colors, self.null, self.low, self.high, self.words)


@dataclass(frozen=True)
class Flag(Field):
    """True, false or null."""

    optional: bool = False

    def check(self, value: Any, pointer: str, index: int) -> None:
        if value is not None:
            schema.expect_bool(value, pointer, index)

    def recognises(self, value: str, names: dict[str, Any]) -> str:
        return f"({value} is None or type({value}) is bool)"

    def json_schema(self) -> JSON:
        return schema.one_of(True, False, None)


@dataclass(frozen=True)
class Parts(Field):
    """An array of ``item`` choices; ``offered``: how many a client offers
    at most (None: no bound), which the shape check leaves to the rules."""

    item: Choice
    offered: int | None = None
    optional: bool = False

    def check(self, value: Any, pointer: str, index: int) -> None:
        schema.expect_list(value, pointer, action=index)
        for position, part in enumerate(value):
            self.item.check(part, f"{pointer}/{position}", index)

    def recognises(self, value: str, names: dict[str, Any]) -> str:
        return f"type({value}) is list and all({self.item.recognises('part', names)} for part in {value})"

    def json_schema(self) -> JSON:
        shape = {"type": "array", "items": self.item.json_schema()}
        return shape if self.offered is None else {**shape, "maxItems": self.offered}


@dataclass(frozen=True)
class Together:
    """A fault between two keys of one action, checked after each key's
    own: ``broken(action)`` names it at ``key`` with ``reason``."""

    key: str
    reason: str
    broken: Callable[[JSON], bool]


@dataclass(frozen=True)
class Action:
    """One action type: its keys in the order they are checked, and the
    faults between keys."""

    fields: dict[str, Field]
    together: tuple[Together, ...] = ()

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(key for key, field in self.fields.items() if not field.optional)

    @property
    def optional(self) -> tuple[str, ...]:
        return tuple(key for key, field in self.fields.items() if field.optional)


#: Whether an action of one type is valid, in one step: True for exactly the
#: actions of that type that :meth:`Actions.check` passes. It reads each
#: required key with ``[]`` and counts the keys, so it may raise KeyError or
#: TypeError for an action it does not recognise.
Recogniser = Callable[[JSON], bool]


class Actions:
    """A game's action types: type -> :class:`Action`."""

    def __init__(self, kinds: dict[str, Action]):
        self.kinds = kinds
        #: type -> (required keys besides ``type``, optional keys)
        self.fields = {kind: (action.required, action.optional) for kind, action in kinds.items()}
        self.required = {kind: frozenset(("type", *action.required)) for kind, action in kinds.items()}
        self.allowed = {kind: frozenset(("type", *action.fields)) for kind, action in kinds.items()}
        self.recognisers = {kind: _recogniser(action) for kind, action in kinds.items()}
        self.schemas = {kind: _json_schema(kind, action) for kind, action in kinds.items()}

    def check(self, action: Any, index: int) -> None:
        """``record.invalid`` at the first fault of one action of a turn:
        its keys, then each value in the order declared, then the faults
        between keys."""
        self._expect_keys(action, index)
        declared = self.kinds[action["type"]]
        for key, field in declared.fields.items():
            if key in action:
                field.check(action[key], f"/actions/{index}/{key}", index)
        for rule in declared.together:
            if rule.broken(action):
                raise schema.invalid(f"/actions/{index}/{rule.key}", rule.reason, index)

    def _expect_keys(self, action: Any, index: int) -> None:
        """An action object whose ``type`` is one of these, with every
        required key and no other key."""
        if isinstance(action, dict):
            kind = action.get("type")
            if isinstance(kind, str) and kind in self.kinds and self.required[kind] <= action.keys() <= self.allowed[kind]:
                return  # the common case, without building pointers
        pointer = f"/actions/{index}"
        if not isinstance(action, dict):
            raise schema.invalid(pointer, "must be an object", index)
        schema.expect_choice(action.get("type"), f"{pointer}/type", self.kinds, index)
        required, optional = self.fields[action["type"]]
        schema.expect_object(action, pointer, ("type", *required), optional, index)

    def expect_turn(self, turn: Any, players: list[str]) -> None:
        """A turn object of a listed player whose every action is valid. An
        action its type's recogniser knows valid passes in one step, any
        other goes through :meth:`check`, which names the first fault."""
        # else the common case, without building pointers
        if not (type(turn) is dict and len(turn) == 2 and type(actions := turn.get("actions")) is list
                and turn.get("player") in players):
            actions = schema.expect_turn_frame(turn, players)
        recognisers = self.recognisers
        for position, action in enumerate(actions):
            try:
                if recognisers[action["type"]](action):
                    continue
            except (KeyError, TypeError):  # no object, no or an unknown type, a key missing, an unhashable value
                pass
            self.check(action, position)

    def expect_turns(self, turns: list[Any], players: list[str]) -> None:
        """Every turn of a record, as :meth:`expect_turn`; the RuleBroken of
        a fault carries the turn's index as its word ``turn``."""
        for index, turn in enumerate(turns):
            try:
                self.expect_turn(turn, players)
            except RuleBroken as broken:
                broken.words["turn"] = index
                raise


def _recogniser(action: Action) -> Recogniser:
    """The one-step recogniser of ``action``'s type, compiled from its
    fields' expressions into one lambda: a replay runs it for every action,
    and a loop over the fields calling each would cost it about a third of
    its speed (bench/bench_keltis.py); namedtuple and dataclasses build
    their methods the same way."""
    names: dict[str, Any] = {"is_card": schema.is_card}
    size = " + ".join([str(1 + len(action.required)), *(f"({key!r} in action)" for key in action.optional)])
    terms = [f"len(action) == {size}"]
    for key, field in action.fields.items():
        test = field.recognises(f"action[{key!r}]", names)
        terms.append(f"({key!r} not in action or {test})" if field.optional else test)
    terms += [f"not {_name(names, rule.broken)}(action)" for rule in action.together]
    recognise: Recogniser = eval(f"lambda action: {' and '.join(terms)}", names)  # noqa: S307 (our own text)
    return recognise


def _json_schema(kind: str, action: Action) -> JSON:
    """The JSON Schema of one action type: its required keys, then its
    optional ones."""
    keys = (*action.required, *action.optional)
    return {"type": "object",
            "properties": {"type": {"const": kind}, **{key: action.fields[key].json_schema() for key in keys}},
            "required": ["type", *action.required], "additionalProperties": False}
