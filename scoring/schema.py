"""Shape checks for records, turns, tallies and board profiles.

Every check raises ``RuleBroken('record.invalid', {'pointer', 'reason'})``
at the first fault it meets, with a JSON pointer to the field at fault, so
the order of the calls is the order the rules files fix. These are plain
functions on JSON values: the engine validates a record on the command line
exactly as the API does.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Collection
from typing import Any, cast

from .engine import FORMAT, Option, RuleBroken

# Used with fullmatch: with match, "$" would also take "ada\n" (it matches before a final newline).
PLAYER_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")


#: The longest player name, in characters once trimmed and normalised.
NAME_LENGTH = 40
#: Unicode categories a name never holds: control characters (newlines, NUL,
#: tabs...), format characters (bidi overrides and isolates, zero-width
#: spaces and joiners, soft hyphens) and line or paragraph separators. They
#: would reorder, hide or break the name where the table reads it.
NOT_IN_NAMES = {"Cc", "Cf", "Zl", "Zp"}


def invalid(pointer: str, reason: str, action: int | None = None) -> RuleBroken:
    """A ``record.invalid``; ``action`` marks the faulty action of a turn."""
    broken = RuleBroken("record.invalid", {"pointer": pointer, "reason": f"{pointer or '/'} {reason}"})
    if action is not None:
        broken.words["action"] = action
    return broken


def pointer_token(key: str) -> str:
    """A key as one JSON pointer step (RFC 6901: ``~`` and ``/`` escaped)."""
    return key.replace("~", "~0").replace("/", "~1")


def is_int(value: Any) -> bool:
    return type(value) is int or isinstance(value, int) and not isinstance(value, bool)  # JSON's ints in one step


def expect_object(value: Any, pointer: str, required: Collection[str] = (), optional: Collection[str] = (),
                  action: int | None = None) -> dict[str, Any]:
    """An object with every ``required`` key and no key outside both lists."""
    if not isinstance(value, dict):
        raise invalid(pointer, "must be an object", action)
    for key in value:
        if key not in required and key not in optional:
            raise invalid(f"{pointer}/{pointer_token(key)}", "is not allowed here", action)
    for key in required:
        if key not in value:
            raise invalid(f"{pointer}/{key}", "is required", action)
    return value


def expect_int(value: Any, pointer: str, low: int | None = None, high: int | None = None,
               action: int | None = None) -> int:
    if not is_int(value):
        raise invalid(pointer, "must be an integer", action)
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise invalid(pointer, f"must be an integer {bounds}", action)
    return cast(int, value)


def expect_bool(value: Any, pointer: str, action: int | None = None) -> bool:
    if not isinstance(value, bool):
        raise invalid(pointer, "must be true or false", action)
    return value


def expect_choice(value: Any, pointer: str, choices: Collection[Any], action: int | None = None) -> Any:
    if isinstance(value, (str, int)) and not isinstance(value, bool) and value in choices:
        return value  # the common case, without building the message
    choices = tuple(choices)
    if isinstance(value, bool) or value not in choices:
        shown = ", ".join(json.dumps(choice) for choice in choices)  # as the record spells them
        raise invalid(pointer, f"must be one of {shown}", action)
    return value


def expect_list(value: Any, pointer: str, low: int = 0, high: int | None = None,
                action: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise invalid(pointer, "must be an array", action)
    if len(value) < low or (high is not None and len(value) > high):
        size = f"{low} to {high}" if high is not None else f"at least {low}"
        raise invalid(pointer, f"must hold {size} entries", action)
    return value


def expect_string(value: Any, pointer: str, low: int = 0, high: int | None = None,
                  action: int | None = None) -> str:
    if not isinstance(value, str) or len(value) < low or (high is not None and len(value) > high):
        raise invalid(pointer, f"must be a string of {low} to {high} characters", action)
    return value


def is_card(value: Any, colors: Collection[str], low: int = 0, high: int = 10,
            words: Collection[str] = ()) -> bool:
    """Whether ``value`` is a valid card object, in one step (the common case)."""
    try:
        return type(value) is dict and len(value) == 2 and value["color"] in colors \
            and (type(number := value["value"]) is int and low <= number <= high or number in words)
    except (KeyError, TypeError):  # without those keys, or an unhashable colour or value
        return False


def expect_card(value: Any, pointer: str, colors: Collection[str], action: int | None = None,
                low: int = 0, high: int = 10, words: Collection[str] = ()) -> dict[str, Any]:
    """A card object: its ``color`` one of ``colors``, its ``value`` an
    integer from ``low`` to ``high`` or one of ``words`` (a card a game names
    rather than numbers, as Lost Cities' wagers)."""
    if is_card(value, colors, low, high, words):
        return cast(dict[str, Any], value)  # the common case; below, the first fault is named
    expect_object(value, pointer, ("color", "value"), action=action)
    expect_choice(value["color"], f"{pointer}/color", colors, action)
    number = value["value"]
    if not words:
        expect_int(number, f"{pointer}/value", low, high, action)
    elif not (is_int(number) and low <= number <= high or isinstance(number, str) and number in words):
        named = " or ".join(json.dumps(word) for word in words)  # as the record spells them
        raise invalid(f"{pointer}/value", f"must be an integer from {low} to {high} or {named}", action)
    return cast(dict[str, Any], value)


def player_name(value: Any, pointer: str) -> str:
    """A player's name as the record keeps it: trimmed and in Unicode NFC,
    1 to :data:`NAME_LENGTH` characters, with no character of
    :data:`NOT_IN_NAMES`."""
    if not isinstance(value, str):
        raise invalid(pointer, f"must be a string of 1 to {NAME_LENGTH} characters")
    name = unicodedata.normalize("NFC", value).strip()
    for character in name:
        if unicodedata.category(character) in NOT_IN_NAMES:
            raise invalid(pointer, f"must not hold U+{ord(character):04X} ({unicodedata.name(character, 'a control')}): "
                                   "no control, bidi or zero-width characters")
    if not 1 <= len(name) <= NAME_LENGTH:
        raise invalid(pointer, f"must be 1 to {NAME_LENGTH} characters once trimmed")
    return name


def expect_player_ids(value: Any, pointer: str, low: int, high: int, with_names: bool = True) -> list[Any]:
    """The ``players`` list of a record (``with_names``) or the ids of a tally.
    A record's names are kept as :func:`player_name` gives them (the player
    objects are changed in place), and no two read alike: the same once
    normalised, ignoring case."""
    expect_list(value, pointer, low, high)
    ids = set()
    names = set()
    for index, player in enumerate(value):
        where = f"{pointer}/{index}"
        if with_names:
            expect_object(player, where, ("id", "name"))
            player["name"] = name = player_name(player["name"], f"{where}/name")
            alike = unicodedata.normalize("NFC", name.casefold())
            if alike in names:
                raise invalid(f"{where}/name", "repeats another player's name")
            names.add(alike)
        elif not isinstance(player, dict):
            raise invalid(where, "must be an object")
        elif "id" not in player:
            raise invalid(f"{where}/id", "is required")
        if not isinstance(player["id"], str) or not PLAYER_ID.fullmatch(player["id"]):
            raise invalid(f"{where}/id", "must be 1 to 32 of a-z, 0-9, _ and -, starting with a letter or digit")
        if player["id"] in ids:
            raise invalid(f"{where}/id", "repeats another player's id")
        ids.add(player["id"])
    return cast(list[Any], value)


def expect_options(value: Any, options: tuple[Option, ...], pointer: str = "/options") -> dict[str, Any]:
    """Known keys only, each of its option's type and choices."""
    if value is None:
        return {}
    expect_object(value, pointer, optional=[option.name for option in options])
    by_name = {option.name: option for option in options}
    for key, given in value.items():
        option = by_name[key]
        where = f"{pointer}/{key}"
        if option.choices is not None:
            expect_choice(given, where, option.choices)
        elif option.type == "boolean":
            expect_bool(given, where)
        elif option.type == "integer":
            expect_int(given, where)
    return cast(dict[str, Any], value)


def expect_record_frame(record: Any, game: str, low: int, high: int, options: tuple[Option, ...],
                        check_options: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The parts every record shares: top-level keys, format, game, options,
    players; and ``turns`` being an array. Board and setup are the game's.
    ``check_options`` adds the game's own option checks (ranges, arrays),
    run right after the generic ones so the order of faults holds."""
    expect_object(record, "", ("format", "game", "players", "turns"), ("options", "board", "setup"))
    if record["format"] != FORMAT:
        raise invalid("/format", f"must be {FORMAT}")
    if record["game"] != game:
        raise invalid("/game", f"must be {game}")
    expect_options(record.get("options"), options)
    if check_options is not None:
        check_options(record.get("options") or {})
    expect_player_ids(record["players"], "/players", low, high)
    return cast(dict[str, Any], record)


def expect_turn_frame(turn: Any, players: list[str]) -> list[Any]:
    """A turn object with a listed player and an actions array; returns it."""
    expect_object(turn, "", ("player", "actions"))
    if turn["player"] not in players:
        raise invalid("/player", "is not one of the record's players")
    return expect_list(turn["actions"], "/actions")


# -- the actions as JSON Schema (GET /api/v1/rulesets) -------------------------
# What a client may compose without asking the server (offline): every
# action type with the values each field may take. Only the shape: whether
# an action is legal is still the engine's to say when the turn arrives.


def one_of(*values: Any) -> dict[str, Any]:
    return {"enum": list(values)}


def integer(low: int, high: int, nullable: bool = False) -> dict[str, Any]:
    return {"type": ["integer", "null"] if nullable else "integer", "minimum": low, "maximum": high}


def card(colors: Collection[str], nullable: bool = False, low: int = 0, high: int = 10,
         words: Collection[str] = ()) -> dict[str, Any]:
    value = {"oneOf": [integer(low, high), one_of(*words)]} if words else integer(low, high)
    shape = {"type": "object", "properties": {"color": one_of(*colors), "value": value},
             "required": ["color", "value"], "additionalProperties": False}
    return {"oneOf": [shape, {"type": "null"}]} if nullable else shape
