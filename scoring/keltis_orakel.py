"""Keltis: Das Orakel (``keltis-orakel``), rules/keltis-orakel.md.

Three figures per player walk a 36-field spiral path whose layout comes from
a board profile in the record. A played card goes into the player's row of
its colour and moves one figure to the next field of that colour, or walks
the oracle priestess up to the card's green number. Small fields hold path
tiles (points, clovers, spirals, goblins, mirrors) that the table reveals as
figures reach them; large fields and the center hold wishing stones.

The state is a plain :class:`Table` (dataclasses, dicts and lists), so it
survives ``copy.deepcopy`` and ``pickle``. Cards and rows are the shared code
of :mod:`scoring.cards`; ranking is :mod:`scoring.ranking`.

A turn runs as one open *decision* at a time (§6): ``main``, ``reveal``,
``spiral``, ``goblin``, ``draw``, then ``complete``; ``over`` once the game
has ended. Legal actions are only listed by :meth:`Orakel.decision`, never
computed while applying.

``view(state)`` shape::

    {"turn": turns played, "active": player id (None once over), "decision": decision name,
     "over": bool, "end_reason": str | None, "draw_pile": n,
     "priestess": field index, "piles": {color: [values, bottom first]},
     "fields": [{"index", "kind", "color", "value",
                 "tile": tile id | "none" (mirror taken) | None (unknown;
                         also on the start, large fields and the center),
                 "stones": wishing stones left}],
     "players": {id: {"figures": [3 field indices],
                      "rows": {color: {"cards": [values],
                                       "direction": "ascending" | "descending" | None}},
                      "stones_held", "mirrors", "track",
                      "track_sources": {"start", "tiles", "priestess", "goblin"},
                      "goblin_scored": bool,
                      "hand": {"known": [cards], "unknown": n}}}}

Choices where the rules file is silent:

- ``decision().optional`` lists the free reveals that agree with what is
  known: for a known small field its one confirming reveal, for an unknown
  one every tile id with stock left.
- A ``spiral`` action may leave out ``to`` (the same as ``to: null``), as any
  optional key may be ``null``.
- ``board.invalid`` details carry ``check`` (§3.2), a JSON ``pointer`` to the
  field at fault and a ``reason``; :func:`board_problems` lists every problem
  in the order of §3.2 for an editor, the refusal carries the first.
- The board warnings of §3.3 are one entry per code, naming every field
  (or pair) at fault in ``details``.
- A field's ``stones: null`` is the same as leaving it out (0); only an
  integer is a stone count, so ``2.0`` on a large field is ``board.invalid``.
- ``setup: null`` is the same as ``{}``; inside it, ``tiles: null`` or
  ``tiles_complete: null`` is a ``shape`` fault (§4.2 fixes their types).
- In a tally, a missing ``board`` key is ``record.invalid`` (a missing key,
  §15); a ``board`` that is there but not an object is ``board.invalid``
  (``shape``, §3.2). Players are checked before the board, as in a record.
- Within ``options``, the type and choice faults of every key come before the
  list and range checks of ``goblin_scores`` and ``two_player_removed``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from . import schema
from .cards import ALL_CARDS, COLORS, HAND_SIZE, Supply, card_json, card_of, check_row, direction, row_allows
from .engine import Decision, Option, RuleBroken, Ruleset, register
from .ranking import scoresheet

GAME = "keltis-orakel"

TILE_COUNTS = {
    "points-1": 4, "points-2": 6, "points-3": 4, "points-4": 2,
    "clover-red": 1, "clover-yellow": 1, "clover-green": 1, "clover-blue": 1, "clover-purple": 1,
    "spiral": 3, "goblin": 3, "mirror": 3,
}
TILES = tuple(TILE_COUNTS)
NONE = "none"  # a small field whose mirror has been taken
KINDS = ("start", "small", "large", "center")
FIELD_KEYS = ("kind", "color", "value", "stones")
BOARD_KEYS = ("fields", "oracle_from", "wishing_stone_table", "green_numbers")
SMALL_FIELDS, LARGE_FIELDS, LARGE_STONES = 30, 4, 2
LAST_FIELD = SMALL_FIELDS + LARGE_FIELDS + 1  # the center, after the start and the rest
REMOVED_MAX = 93
DECIMAL = re.compile(r"0|[1-9][0-9]*")  # used with fullmatch: "5\n" is no field

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
)


def _rule(name: str) -> str:
    return f"{GAME}.{name}"


MESSAGES: dict[str, dict[str, str]] = {
    _rule("row.direction"): {
        "en": "Your {color} row {heading}: the next {color} card must be {last} or {bound}.",
        "de": "Deine Reihe in {color} {heading}: die nächste Karte in {color} muss {last} oder {bound} sein.",
        "es": "Tu fila {color} {heading}: la siguiente carta {color} debe ser {last} o {bound}.",
    },
    _rule("figure.not_there"): {
        "en": "None of your figures stands on field {field}.",
        "de": "Keine deiner Figuren steht auf Feld {field}.",
        "es": "Ninguna de tus figuras está en la casilla {field}.",
    },
    _rule("move.no_field"): {
        "en": "There is no {color} field ahead of field {field}.",
        "de": "Vor Feld {field} liegt kein Feld in {color}.",
        "es": "No hay ninguna casilla {color} por delante de la casilla {field}.",
    },
    _rule("move.required"): {
        "en": "A played card must move a figure or the priestess; if nothing can move, discard it instead.",
        "de": "Eine ausgespielte Karte muss eine Figur oder die Priesterin bewegen; "
              "kann sich nichts bewegen, wirf sie stattdessen ab.",
        "es": "Una carta jugada debe mover una figura o la sacerdotisa; si nada puede moverse, descártala.",
    },
    _rule("priestess.finished"): {
        "en": "The priestess has reached the center and cannot be moved any more.",
        "de": "Die Priesterin hat die Mitte erreicht und kann nicht mehr bewegt werden.",
        "es": "La sacerdotisa ha llegado al centro y ya no puede moverse.",
    },
    _rule("priestess.range"): {
        "en": "With this card the priestess may walk 1 to {green} fields, not {steps}.",
        "de": "Mit dieser Karte darf die Priesterin 1 bis {green} Felder gehen, nicht {steps}.",
        "es": "Con esta carta la sacerdotisa puede avanzar de 1 a {green} casillas, no {steps}.",
        "en:none": "This card cannot move the priestess.",
        "de:none": "Diese Karte kann die Priesterin nicht bewegen.",
        "es:none": "Esta carta no puede mover a la sacerdotisa.",
    },
    _rule("priestess.past_center"): {
        "en": "The priestess stands on field {from}; {steps} steps would take her past the center.",
        "de": "Die Priesterin steht auf Feld {from}; {steps} Schritte führten sie über die Mitte hinaus.",
        "es": "La sacerdotisa está en la casilla {from}; {steps} pasos la llevarían más allá del centro.",
    },
    _rule("spiral.not_behind"): {
        "en": "The spiral on field {spiral} only sends a figure back: field {to} is not behind it.",
        "de": "Die Spirale auf Feld {spiral} schickt eine Figur nur zurück: Feld {to} liegt nicht dahinter.",
        "es": "La espiral de la casilla {spiral} solo hace retroceder: la casilla {to} no está detrás.",
    },
    _rule("spiral.turn_start"): {
        "en": "This figure started the turn on field {to}; the spiral cannot send it back there.",
        "de": "Diese Figur begann den Zug auf Feld {to}; die Spirale kann sie nicht dorthin zurückschicken.",
        "es": "Esta figura empezó el turno en la casilla {to}; la espiral no puede devolverla allí.",
    },
    _rule("spiral.start_field"): {
        "en": "A spiral cannot send a figure back to the start field.",
        "de": "Eine Spirale kann keine Figur auf das Startfeld zurückschicken.",
        "es": "Una espiral no puede devolver una figura a la casilla de salida.",
    },
    _rule("goblin.empty_row"): {
        "en": "Your {row} row has no card to discard.",
        "de": "Deine Reihe in {row} hat keine Karte zum Abwerfen.",
        "es": "Tu fila {row} no tiene ninguna carta que descartar.",
    },
    _rule("draw.empty_pile"): {
        "en": "The {pile} discard pile is empty.",
        "de": "Der Ablagestapel {pile} ist leer.",
        "es": "La pila de descarte {pile} está vacía.",
    },
    _rule("draw.own_discard"): {
        "en": "You put this {color} {value} there in this turn and may not take it back.",
        "de": "Du hast diese {color} {value} in diesem Zug dort abgelegt und darfst sie nicht zurücknehmen.",
        "es": "Pusiste este {color} {value} ahí en este turno y no puedes recuperarlo.",
    },
    # The shared ids, worded for this game (§14.2).
    "turn.order": {
        "en": "It is {expected}'s turn.",
        "de": "{expected} ist am Zug.",
        "es": "Es el turno de {expected}.",
    },
    "turn.incomplete": {
        "en": "The turn is not finished: {decision} is still open.",
        "de": "Der Zug ist nicht fertig: {decision} ist noch offen.",
        "es": "El turno no ha terminado: {decision} sigue pendiente.",
    },
    "turn.unexpected": {
        "en": "This action does not fit now: {decision} is open.",
        "de": "Diese Aktion passt jetzt nicht: offen ist {decision}.",
        "es": "Esta acción no corresponde ahora: está pendiente {decision}.",
    },
    "game.over": {
        "en": "The game is already over ({end_reason}).",
        "de": "Das Spiel ist schon vorbei ({end_reason}).",
        "es": "La partida ya ha terminado ({end_reason}).",
    },
    "reveal.required": {
        "en": "Field {field} is not known yet: enter its tile first.",
        "de": "Feld {field} ist noch nicht bekannt: gib zuerst sein Plättchen ein.",
        "es": "La casilla {field} aún no se conoce: indica primero su loseta.",
    },
    "reveal.mismatch": {
        "en": "Field {field} holds {known}, not {tile}.",
        "de": "Auf Feld {field} liegt {known}, nicht {tile}.",
        "es": "En la casilla {field} hay {known}, no {tile}.",
        "en:taken": "Field {field} is empty: its mirror has been taken.",
        "de:taken": "Feld {field} ist leer: sein Spiegel wurde genommen.",
        "es:taken": "La casilla {field} está vacía: su espejo ya se tomó.",
    },
    "reveal.impossible": {
        "en": "{tile} cannot lie on field {field}.",
        "de": "{tile} kann nicht auf Feld {field} liegen.",
        "es": "{tile} no puede estar en la casilla {field}.",
    },
    "card.exhausted": {
        "en": "Both {card} cards are already on the table; this one cannot be in your hand.",
        "de": "Beide Karten {card} liegen schon auf dem Tisch; diese kann nicht auf deiner Hand sein.",
        "es": "Las dos cartas {card} ya están en la mesa; esta no puede estar en tu mano.",
    },
    "card.not_in_hand": {
        "en": "Every card in your hand is known, and none of them is {card}.",
        "de": "Jede Karte deiner Hand ist bekannt, und keine davon ist {card}.",
        "es": "Todas las cartas de tu mano son conocidas y ninguna es {card}.",
    },
}

WARNING_TEXT = {
    "values_decrease": "Some fields have a lower value than the field before them: {fields}.",
    "early_not_negative": "Field 1 has a value of {value}; the first fields are usually negative.",
    "color_repeat": "Neighbouring fields share a colour: {pairs}.",
    "color_balance": "The colours are unevenly spread: {counts}.",
    "wishing_table": "The wishing-stone table does not start at 0 or decreases somewhere: {table}.",
}


# -- the board profile -------------------------------------------------------


@dataclass
class Board:
    """A checked board profile, reshaped for play."""

    kinds: list[str]
    colors: list[str | None]
    values: list[int]
    stones: list[int]
    oracle_from: int
    wishing: list[int]
    green: list[int]
    #: colour -> field -> the first field of that colour strictly ahead (None: none).
    ahead: dict[str, list[int | None]]

    @property
    def center(self) -> int:
        return len(self.kinds) - 1

    @classmethod
    def of(cls, profile: dict) -> "Board":
        fields = profile["fields"]
        colors = [spot.get("color") for spot in fields]
        ahead: dict[str, list[int | None]] = {}
        for color in COLORS:
            following: list[int | None] = [None] * len(fields)
            nearest = None
            for index in range(len(fields) - 1, -1, -1):
                following[index] = nearest
                if colors[index] == color:
                    nearest = index
            ahead[color] = following
        return cls(
            kinds=[spot["kind"] for spot in fields],
            colors=colors,
            values=[spot["value"] for spot in fields],
            stones=[spot.get("stones") or 0 for spot in fields],
            oracle_from=profile["oracle_from"],
            wishing=list(profile["wishing_stone_table"]),
            green=list(profile["green_numbers"]),
            ahead=ahead,
        )


def _problem(check: str, pointer: str, reason: str) -> dict:
    return {"check": check, "pointer": pointer, "reason": f"{pointer or '/'} {reason}"}


def _stones_are(spot: dict, wanted: int) -> bool:
    """Whether a field holds ``wanted`` stones; absent or null is 0, and only an
    integer counts (``2.0`` and ``true`` are no stone counts)."""
    stones = spot.get("stones")
    stones = 0 if stones is None else stones
    return schema.is_int(stones) and stones == wanted


def _int_list(value: Any, size: int, low: int | None = None) -> bool:
    return (isinstance(value, list) and len(value) == size
            and all(schema.is_int(item) and (low is None or item >= low) for item in value))


def board_problems(board: Any, pointer: str = "") -> list[dict]:
    """Every §3.2 problem of a profile, in the order of the checks.

    Each problem is ``{"check", "pointer", "reason"}``. A broken shape or
    field shape stops the list there, since the later checks read the fields.
    """
    problems: list[dict] = []
    if not isinstance(board, dict):
        return [_problem("shape", pointer, "must be an object")]
    for key in BOARD_KEYS:
        if key not in board:
            problems.append(_problem("shape", f"{pointer}/{key}", "is required"))
    for key in board:
        if key not in BOARD_KEYS and key != "name":
            problems.append(_problem("shape", f"{pointer}/{key}", "is not allowed here"))
    if "fields" in board and not isinstance(board["fields"], list):
        problems.append(_problem("shape", f"{pointer}/fields", "must be an array"))
    if "name" in board and not isinstance(board["name"], str):
        problems.append(_problem("shape", f"{pointer}/name", "must be a string"))
    if problems:
        return problems

    fields = board["fields"]
    for index, spot in enumerate(fields):
        where = f"{pointer}/fields/{index}"
        if not isinstance(spot, dict):
            problems.append(_problem("field_shape", where, "must be an object"))
            continue
        for key in spot:
            if key not in FIELD_KEYS:
                problems.append(_problem("field_shape", f"{where}/{key}", "is not allowed here"))
        if spot.get("kind") not in KINDS:
            problems.append(_problem("field_shape", f"{where}/kind", f"must be one of {', '.join(KINDS)}"))
        if not schema.is_int(spot.get("value")):
            problems.append(_problem("field_shape", f"{where}/value", "must be an integer"))
    if problems:
        return problems

    last = len(fields) - 1
    kinds = [spot["kind"] for spot in fields]
    for index, spot in enumerate(fields):
        where = f"{pointer}/fields/{index}"
        if index == 0 and spot["kind"] != "start":
            problems.append(_problem("start", f"{where}/kind", "must be start"))
        elif index > 0 and spot["kind"] == "start":
            problems.append(_problem("start", f"{where}/kind", "may only be start on field 0"))
        elif index == 0:
            if spot.get("color") is not None:
                problems.append(_problem("start", f"{where}/color", "must be null on the start"))
            if spot["value"] != 0:
                problems.append(_problem("start", f"{where}/value", "must be 0 on the start"))
            if not _stones_are(spot, 0):
                problems.append(_problem("start", f"{where}/stones", "must be 0 on the start"))
    if not fields:
        problems.append(_problem("start", f"{pointer}/fields/0", "must be the start field"))
    for index, spot in enumerate(fields):
        where = f"{pointer}/fields/{index}"
        if index == last and spot["kind"] != "center":
            problems.append(_problem("center", f"{where}/kind", "must be center on the last field"))
        elif index != last and spot["kind"] == "center":
            problems.append(_problem("center", f"{where}/kind", "may only be center on the last field"))
        elif index == last and not _stones_are(spot, 1):
            problems.append(_problem("center", f"{where}/stones", "must be 1 on the center"))
    for index, spot in enumerate(fields):
        if index > 0 and spot.get("color") not in COLORS:
            problems.append(_problem("color", f"{pointer}/fields/{index}/color",
                                     f"must be one of {', '.join(COLORS)}"))
    for kind, wanted, stones in (("small", SMALL_FIELDS, 0), ("large", LARGE_FIELDS, LARGE_STONES)):
        count = kinds.count(kind)
        if count != wanted:
            problems.append(_problem(kind, f"{pointer}/fields", f"must hold exactly {wanted} {kind} fields, not {count}"))
        for index, spot in enumerate(fields):
            if spot["kind"] == kind and not _stones_are(spot, stones):
                problems.append(_problem(kind, f"{pointer}/fields/{index}/stones", f"must be {stones} on a {kind} field"))
    oracle_from = board["oracle_from"]
    if not schema.is_int(oracle_from) or not 1 <= oracle_from <= last:
        problems.append(_problem("oracle_from", f"{pointer}/oracle_from", f"must be an integer from 1 to {last}"))
    if not _int_list(board["wishing_stone_table"], 10):
        problems.append(_problem("wishing_stone_table", f"{pointer}/wishing_stone_table",
                                 "must be a list of exactly 10 integers"))
    if not _int_list(board["green_numbers"], 11, low=0):
        problems.append(_problem("green_numbers", f"{pointer}/green_numbers",
                                 "must be a list of exactly 11 integers, each 0 or more"))
    return problems


def board_warnings(board: dict) -> list[dict]:
    """The §3.3 warnings of a valid profile, one entry per code."""
    fields = board["fields"]
    values = [spot["value"] for spot in fields]
    colors = [spot.get("color") for spot in fields]
    found: list[tuple[str, dict]] = []
    lower = [index for index in range(2, len(fields)) if values[index] < values[index - 1]]
    if lower:
        found.append(("values_decrease", {"fields": lower}))
    if values[1] >= 0:
        found.append(("early_not_negative", {"field": 1, "value": values[1]}))
    pairs = [[index, index + 1] for index in range(1, len(fields) - 1) if colors[index] == colors[index + 1]]
    if pairs:
        found.append(("color_repeat", {"pairs": pairs}))
    counts = Counter(colors[1:])
    spread = {color: counts[color] for color in COLORS}
    if max(spread.values()) - min(spread.values()) > 2:
        found.append(("color_balance", {"counts": spread}))
    table = board["wishing_stone_table"]
    if table[0] != 0 or any(table[index] < table[index - 1] for index in range(2, len(table))):
        found.append(("wishing_table", {"table": table}))
    return [
        {"code": _rule(f"board.{code}"), "message": WARNING_TEXT[code].format(**details), "details": details}
        for code, details in found
    ]


# -- the state ---------------------------------------------------------------


@dataclass
class Seat:
    """One player's pieces and points."""

    figures: list[int]
    rows: dict[str, list[int]]
    track: int
    sources: dict[str, int]
    stones_held: int = 0
    mirrors: int = 0
    goblin_scored: bool = False


@dataclass
class Table:
    """Everything a replay knows (§2), plus the open decision of the turn."""

    board: Board
    options: dict
    players: list[str]
    seats: dict[str, Seat]
    supply: Supply
    #: per field: the tile laid there at setup when known, else None
    tiles: list[str | None]
    #: per field: whether its mirror has been taken
    taken: list[bool]
    #: per field: wishing stones left
    stones: list[int]
    #: tile id -> small fields known to hold it (taken mirrors included)
    known_tiles: Counter
    warnings: list[dict]
    priestess: int = 0
    turn: int = 0
    end_reason: str | None = None
    # the open turn
    decision: str = "main"
    pending: int = 0  # the field of an open reveal, spiral or goblin
    mover: int = 0  # which of the active player's figures moves
    turn_start: int = 0  # where that figure stood before the card move
    draws: int = 0
    own_discard: tuple[str, int] | None = None  # (pile, its height after this turn's discard)

    @property
    def active(self) -> str:
        return self.players[self.turn % len(self.players)]


# -- the ruleset -------------------------------------------------------------


def _card_or_none(value: Any, pointer: str, index: int) -> None:
    if value is not None:
        schema.expect_card(value, pointer, COLORS, index)


def _int_or_none(value: Any, pointer: str, index: int) -> None:
    if value is not None and not schema.is_int(value):
        raise schema.invalid(pointer, "must be an integer or null", index)


def _check_options(options: dict) -> None:
    scores = options.get("goblin_scores")
    if "goblin_scores" in options and not _int_list(scores, 3):
        raise schema.invalid("/options/goblin_scores", "must be a list of 3 integers")
    if "two_player_removed" in options:
        schema.expect_int(options["two_player_removed"], "/options/two_player_removed", 0, REMOVED_MAX)
    if "stones_per_landing" in options and isinstance(options["stones_per_landing"], float):
        raise schema.invalid("/options/stones_per_landing", "must be one of 1, all")


ACTIONS = {
    "play": (("card",), ("figure", "priestess")),
    "discard": (("card",), ()),
    "reveal": (("field", "tile"), ()),
    "spiral": ((), ("to",)),
    "goblin": ((), ("hand", "row")),
    "draw": (("from",), ()),
}
SOURCES = ("deck", *COLORS)
REVEALED = (*TILES, NONE)


class Orakel(Ruleset):
    """The rules of Keltis: Das Orakel."""

    game = GAME
    title = "Keltis: Das Orakel"
    min_players = 2
    max_players = 4
    action_schemas = schema.action_schemas(ACTIONS, {
        "play": {"card": schema.card(COLORS), "figure": schema.integer(0, LAST_FIELD, nullable=True),
                 "priestess": schema.integer(1, LAST_FIELD, nullable=True)},
        "discard": {"card": schema.card(COLORS)},
        "reveal": {"field": schema.integer(1, LAST_FIELD - 1), "tile": schema.one_of(*REVEALED)},
        "spiral": {"to": schema.integer(0, LAST_FIELD, nullable=True)},
        "goblin": {"hand": schema.card(COLORS, nullable=True), "row": schema.one_of(None, *COLORS)},
        "draw": {"from": schema.one_of(*SOURCES)},
    })
    options = OPTIONS
    messages = MESSAGES
    needs_board = True

    # -- shape -----------------------------------------------------------

    def validate_record(self, record: dict) -> None:
        schema.expect_record_frame(record, GAME, self.min_players, self.max_players, OPTIONS, _check_options)
        if record.get("board") is None:
            raise schema.invalid("/board", "is required: a keltis-orakel record carries its board profile")
        schema.expect_list(record["turns"], "/turns")

    def validate_turn(self, turn: Any, players: list[str]) -> None:
        actions = schema.expect_turn_frame(turn, players)
        for index, action in enumerate(actions):
            schema.expect_action(action, index, ACTIONS)
            where = f"/actions/{index}"
            kind = action["type"]
            if kind == "play":
                schema.expect_card(action["card"], f"{where}/card", COLORS, index)
                _int_or_none(action.get("figure"), f"{where}/figure", index)
                _int_or_none(action.get("priestess"), f"{where}/priestess", index)
                if action.get("figure") is not None and action.get("priestess") is not None:
                    raise schema.invalid(f"{where}/priestess", "cannot be given together with figure", index)
            elif kind == "discard":
                schema.expect_card(action["card"], f"{where}/card", COLORS, index)
            elif kind == "reveal":
                schema.expect_int(action["field"], f"{where}/field", action=index)
                schema.expect_choice(action["tile"], f"{where}/tile", REVEALED, index)
            elif kind == "spiral":
                _int_or_none(action.get("to"), f"{where}/to", index)
            elif kind == "goblin":
                _card_or_none(action.get("hand"), f"{where}/hand", index)
                if action.get("row") is not None:
                    schema.expect_choice(action["row"], f"{where}/row", COLORS, index)
                    if action.get("hand") is not None:
                        raise schema.invalid(f"{where}/row", "cannot be given together with hand", index)
            else:
                schema.expect_choice(action["from"], f"{where}/from", SOURCES, index)

    def validate_board(self, board: Any, pointer: str = "/board") -> list[dict]:
        """Refuse a profile breaking §3.2 with ``board.invalid`` (the first
        problem); return its §3.3 warnings.

        A profile always sits at ``/board`` (of a record, a tally and the body
        of ``POST /api/v1/boards``), so the pointers name the field there."""
        problems = board_problems(board, pointer)
        if problems:
            raise RuleBroken("board.invalid", problems[0])
        return board_warnings(board)

    def _setup_tiles(self, setup: Any, board: Board) -> dict[int, str]:
        """The §4.2 checks; the listed tiles by field."""
        def refuse(check: str, reason: str) -> RuleBroken:
            return RuleBroken("setup.invalid", {"check": check, "reason": reason})

        setup = {} if setup is None else setup
        if (not isinstance(setup, dict) or set(setup) - {"tiles", "tiles_complete"}
                or not isinstance(setup.get("tiles", {}), dict)
                or not isinstance(setup.get("tiles_complete", False), bool)):
            raise refuse("shape", "setup must be an object with tiles (an object) and tiles_complete (a boolean)")
        tiles = setup.get("tiles", {})
        for key in tiles:
            if not DECIMAL.fullmatch(key) or int(key) >= len(board.kinds) or board.kinds[int(key)] != "small":
                raise refuse("field", f"{key!r} is not a small field of the board")
        for key, tile in tiles.items():
            if not isinstance(tile, str) or tile not in TILE_COUNTS:
                raise refuse("tile", f"{tile!r} on field {key} is not a tile id")
        for tile, count in Counter(tiles.values()).items():
            if count > TILE_COUNTS[tile]:
                raise refuse("count", f"{tile} is listed {count} times but exists {TILE_COUNTS[tile]} times")
        if setup.get("tiles_complete", False) and len(tiles) < SMALL_FIELDS:
            raise refuse("complete", f"tiles_complete is true but only {len(tiles)} of {SMALL_FIELDS} small fields are listed")
        return {int(key): tile for key, tile in tiles.items()}

    # -- play ------------------------------------------------------------

    def start(self, players: list[dict], options: dict, board: Any, setup: Any) -> Table:
        warnings = self.validate_board(board)
        plan = Board.of(board)
        laid = self._setup_tiles(setup, plan)
        ids = [player["id"] for player in players]
        removed = options["two_player_removed"] if len(ids) == 2 else 0
        draw_pile = len(ALL_CARDS) * 2 - removed - HAND_SIZE * len(ids)
        tiles: list[str | None] = [None] * len(plan.kinds)
        for index, tile in laid.items():
            tiles[index] = tile
        track = options["track_start"]
        return Table(
            board=plan,
            options=options,
            players=ids,
            seats={
                player: Seat(figures=[0, 0, 0], rows={color: [] for color in COLORS}, track=track,
                             sources={"start": track, "tiles": 0, "priestess": 0, "goblin": 0})
                for player in ids
            },
            supply=Supply.deal(ids, draw_pile),
            tiles=tiles,
            taken=[False] * len(plan.kinds),
            stones=list(plan.stones),
            known_tiles=Counter(laid.values()),
            warnings=warnings,
        )

    def begin_turn(self, state: Table, player: str) -> None:
        if state.end_reason is not None:
            raise RuleBroken("game.over", {"end_reason": state.end_reason})
        if player != state.active:
            raise RuleBroken("turn.order", {"expected": state.active, "got": player})

    def end_turn(self, state: Table) -> None:
        if state.end_reason is None:
            if state.decision == "reveal":
                raise RuleBroken("reveal.required", {"field": state.pending})
            if state.decision != "complete":
                raise RuleBroken("turn.incomplete", {"decision": state.decision})
        state.turn += 1
        state.decision = "main" if state.end_reason is None else "over"
        state.own_discard = None

    def apply(self, state: Table, action: dict) -> None:
        kind = action["type"]
        if state.end_reason is not None:
            raise RuleBroken("game.over", {"end_reason": state.end_reason})
        if kind == "reveal":
            self._reveal(state, action["field"], action["tile"])
            return
        if state.decision == "reveal":
            raise RuleBroken("reveal.required", {"field": state.pending})
        if DECIDES.get(kind) != state.decision:
            raise RuleBroken("turn.unexpected", {"decision": state.decision, "type": kind})
        if kind == "play":
            self._play(state, card_of(action["card"]), action.get("figure"), action.get("priestess"))
        elif kind == "discard":
            card = card_of(action["card"])
            state.supply.take_from_hand(state.active, card)
            self._discard(state, card, from_row=False)
            self._movement_over(state)
        elif kind == "spiral":
            self._spiral(state, action.get("to"))
        elif kind == "goblin":
            self._goblin(state, action.get("hand"), action.get("row"))
        else:
            self._draw(state, action["from"])

    # -- actions ---------------------------------------------------------

    def _play(self, state: Table, card: tuple[str, int], figure: int | None, steps: int | None) -> None:
        player, board = state.active, state.board
        seat = state.seats[player]
        color, value = card
        state.supply.take_from_hand(player, card)
        row = seat.rows[color]
        try:
            check_row(color, row, value, _rule("row.direction"))
        except RuleBroken as broken:
            # Orakel's details name the row and the card only (§14.1).
            broken.words["color"] = broken.details.pop("color")
            raise
        if figure is not None:
            if figure not in seat.figures:
                raise RuleBroken(_rule("figure.not_there"), {"field": figure})
            target = board.ahead[color][figure]
            if target is None:
                raise RuleBroken(_rule("move.no_field"), {"field": figure, "color": color})
        elif steps is not None:
            self._check_priestess(state, value, steps)
        elif self._must_move(state, card):
            raise RuleBroken(_rule("move.required"), {"card": card_json(card)})
        row.append(value)
        state.supply.seen_in_row(card)
        if figure is not None:
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

    def _check_priestess(self, state: Table, value: int, steps: int) -> None:
        center = state.board.center
        if state.priestess == center:
            raise RuleBroken(_rule("priestess.finished"))
        green = state.board.green[value]
        if not 1 <= steps <= green:
            broken = RuleBroken(_rule("priestess.range"), {"steps": steps, "green": green})
            if green == 0:
                broken.words["variant"] = "none"
            raise broken
        if state.priestess + steps > center:
            raise RuleBroken(_rule("priestess.past_center"), {"from": state.priestess, "steps": steps, "center": center})

    def _must_move(self, state: Table, card: tuple[str, int]) -> bool:
        """Whether a play of ``card`` without movement is refused (§7.1.2)."""
        if state.options["play_without_move"] == "never":
            return True
        board = state.board
        ahead = board.ahead[card[0]]
        if any(ahead[spot] is not None for spot in state.seats[state.active].figures):
            return True
        return state.priestess != board.center and board.green[card[1]] > 0

    def _discard(self, state: Table, card: tuple[str, int], from_row: bool) -> None:
        if from_row:
            state.supply.discard_from_row(card)
        else:
            state.supply.discard(card)
        state.own_discard = (card[0], len(state.supply.piles[card[0]]))

    def _reveal(self, state: Table, spot: int, tile: str) -> None:
        if state.decision == "complete":
            raise RuleBroken("turn.unexpected", {"decision": "complete", "type": "reveal"})
        owed = state.decision == "reveal"
        if owed and spot != state.pending:
            raise RuleBroken("reveal.required", {"field": state.pending})
        kinds = state.board.kinds
        if not 0 <= spot < len(kinds) or kinds[spot] != "small":
            raise RuleBroken("reveal.impossible", {"field": spot, "tile": tile, "reason": "not a small field"})
        known = state.tiles[spot]
        if state.taken[spot]:
            if tile != NONE:
                broken = RuleBroken("reveal.mismatch", {"field": spot, "known": NONE, "tile": tile})
                broken.words["variant"] = "taken"
                raise broken
            return
        if known is not None:
            if tile != known:
                raise RuleBroken("reveal.mismatch", {"field": spot, "known": known, "tile": tile})
        elif tile == NONE:
            raise RuleBroken("reveal.impossible", {"field": spot, "tile": tile, "reason": "every small field holds a tile"})
        elif state.known_tiles[tile] >= TILE_COUNTS[tile]:
            raise RuleBroken("reveal.impossible", {"field": spot, "tile": tile, "reason": "no such tile is left"})
        else:
            state.tiles[spot] = tile
            state.known_tiles[tile] += 1
        if owed:
            self._tile(state, spot)

    def _spiral(self, state: Table, to: int | None) -> None:
        if to is None:
            self._movement_over(state)
            return
        spiral = state.pending
        if not 0 <= to < spiral:
            raise RuleBroken(_rule("spiral.not_behind"), {"spiral": spiral, "to": to})
        if to == state.turn_start:
            raise RuleBroken(_rule("spiral.turn_start"), {"to": to})
        if to == 0 and not state.options["spiral_to_start"]:
            raise RuleBroken(_rule("spiral.start_field"))
        self._arrive(state, to)

    def _goblin(self, state: Table, hand: dict | None, row: str | None) -> None:
        player = state.active
        if hand is not None:
            card = card_of(hand)
            state.supply.take_from_hand(player, card)
            self._discard(state, card, from_row=False)
        elif row is not None:
            cards = state.seats[player].rows[row]
            if not cards:
                raise RuleBroken(_rule("goblin.empty_row"), {"row": row})
            self._discard(state, (row, cards.pop()), from_row=True)
        self._movement_over(state)

    def _draw(self, state: Table, source: str) -> None:
        supply, player = state.supply, state.active
        if source == "deck":
            if supply.draw_from_deck(player):
                self._end(state, "deck_exhausted")
                return
        else:
            pile = supply.piles[source]
            if not pile:
                raise RuleBroken(_rule("draw.empty_pile"), {"pile": source})
            if not state.options["redraw_own_discard"] and state.own_discard == (source, len(pile)):
                raise RuleBroken(_rule("draw.own_discard"), {"pile": source, "card": card_json((source, pile[-1]))},
                                 color=source, value=pile[-1])
            supply.draw_from_pile(player, source)
        state.draws -= 1
        if state.draws == 0:
            state.decision = "complete"

    # -- movement ----------------------------------------------------------

    def _arrive(self, state: Table, spot: int) -> None:
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

    def _tile(self, state: Table, spot: int) -> None:
        """The tile on ``spot`` takes effect (§8.3)."""
        seat = state.seats[state.active]
        tile = state.tiles[spot]
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
                self._arrive(state, following)
        elif tile == "spiral":
            if _spiral_targets(state, spot):
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

    def _goblin_scoring(self, state: Table) -> None:
        seat = state.seats[state.active]
        if seat.goblin_scored or any(state.tiles[spot] != "goblin" for spot in seat.figures):
            return
        points = state.options["goblin_scores"][len(set(seat.figures)) - 1]
        seat.goblin_scored = True
        seat.track += points
        seat.sources["goblin"] += points

    def _movement_over(self, state: Table) -> None:
        state.decision = "draw"
        state.draws = HAND_SIZE - state.supply.hands[state.active].size

    def _end(self, state: Table, reason: str) -> None:
        state.end_reason = reason
        state.decision = "over"

    # -- answers -----------------------------------------------------------

    def decision(self, state: Table) -> Decision:
        """The open decision with every complete legal action answering it."""
        name = state.decision
        if state.end_reason is not None:
            return Decision("over", None, {"end_reason": state.end_reason}, can_end=True)
        player = state.active
        if name == "complete":
            return Decision(name, player, {}, can_end=True)
        if name == "reveal":
            tiles = _tiles_left(state)
            return Decision(name, player, {"field": state.pending, "tiles": tiles},
                            [{"type": "reveal", "field": state.pending, "tile": tile} for tile in tiles])
        optional = _free_reveals(state)
        if name == "main":
            choices, actions = _main_choices(state)
        elif name == "spiral":
            targets = [*_spiral_targets(state, state.pending), None]
            choices = {"field": state.pending, "to": targets}
            actions = [{"type": "spiral", "to": to} for to in targets]
        elif name == "goblin":
            rows = [color for color, cards in state.seats[player].rows.items() if cards]
            hand = [card_json(card) for card in state.supply.possible_cards(player)]
            choices = {"field": state.pending, "rows": rows, "hand": hand, "decline": True}
            actions = ([{"type": "goblin", "hand": card} for card in hand]
                       + [{"type": "goblin", "row": color} for color in rows] + [{"type": "goblin"}])
        else:
            sources = _draw_sources(state)
            choices = {"count": state.draws, "sources": sources}
            actions = [{"type": "draw", "from": source} for source in sources]
        return Decision(name, player, choices, actions, optional)

    def scoresheet(self, state: Table) -> dict:
        rows = [_sheet_row(state.board, player, seat.figures, seat.stones_held, seat.mirrors, seat.track)
                for player, seat in state.seats.items()]
        extra = {"warnings": state.warnings} if state.warnings else {}
        return scoresheet(GAME, state.end_reason, rows, [row["total"] for row in rows], **extra)

    def view(self, state: Table) -> dict:
        board = state.board
        fields = []
        for index, kind in enumerate(board.kinds):
            tile = NONE if state.taken[index] else state.tiles[index]
            fields.append({"index": index, "kind": kind, "color": board.colors[index],
                           "value": board.values[index], "tile": tile, "stones": state.stones[index]})
        players = {}
        for player, seat in state.seats.items():
            hand = state.supply.hands[player]
            players[player] = {
                "figures": list(seat.figures),
                "rows": {color: {"cards": list(cards), "direction": _heading(cards)} for color, cards in seat.rows.items()},
                "stones_held": seat.stones_held,
                "mirrors": seat.mirrors,
                "track": seat.track,
                "track_sources": dict(seat.sources),
                "goblin_scored": seat.goblin_scored,
                "hand": {"known": [card_json(card) for card in sorted(hand.known.elements())],
                         "unknown": hand.unknown},
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

    def tally(self, data: dict) -> dict:
        """§15: final positions read off the table, scored as §12."""
        schema.expect_object(data, "", ("game", "board", "players"), ("options",))
        schema.expect_options(data.get("options"), OPTIONS)
        _check_options(data.get("options") or {})
        players = schema.expect_player_ids(data["players"], "/players", self.min_players, self.max_players,
                                           with_names=False)
        stones = mirrors = 0
        for index, player in enumerate(players):
            where = f"/players/{index}"
            schema.expect_object(player, where, ("id", "fields", "stones_held", "mirrors", "track"), ("name",))
            if "name" in player:
                schema.expect_string(player["name"], f"{where}/name", 1, 40)
            schema.expect_list(player["fields"], f"{where}/fields", 3, 3)
            for number, spot in enumerate(player["fields"]):
                schema.expect_int(spot, f"{where}/fields/{number}", 0, 35)
            stones += schema.expect_int(player["stones_held"], f"{where}/stones_held", 0, 9)
            mirrors += schema.expect_int(player["mirrors"], f"{where}/mirrors", 0, 3)
            schema.expect_int(player["track"], f"{where}/track")
        if stones > 9:
            raise schema.invalid("/players", "hold more than 9 wishing stones together")
        if mirrors > 3:
            raise schema.invalid("/players", "hold more than 3 mirrors together")
        warnings = self.validate_board(data["board"])
        board = Board.of(data["board"])
        rows = [_sheet_row(board, player["id"], player["fields"], player["stones_held"], player["mirrors"],
                           player["track"]) for player in players]
        extra = {"warnings": warnings} if warnings else {}
        return scoresheet(GAME, None, rows, [row["total"] for row in rows], finished=True, **extra)


#: which decision each non-reveal action answers
DECIDES = {"play": "main", "discard": "main", "spiral": "spiral", "goblin": "goblin", "draw": "draw"}


def _sheet_row(board: Board, player: str, figures: list[int], stones: int, mirrors: int, track: int) -> dict:
    """One score sheet row (§12)."""
    figure_points = sum(board.values[spot] for spot in figures)
    wishing = board.wishing[stones] * (1 + mirrors)
    return {
        "id": player,
        "total": track + figure_points + wishing,
        "breakdown": {"track": track, "figures": figure_points, "wishing_stones": wishing,
                      "stones_held": stones, "mirrors": mirrors},
    }


def _heading(cards: list[int]) -> str | None:
    return {1: "ascending", -1: "descending"}.get(direction(cards))


def _spiral_targets(state: Table, spiral: int) -> list[int]:
    """§8.4: fields behind the spiral, not the turn start, not 0 unless allowed."""
    low = 0 if state.options["spiral_to_start"] else 1
    return [spot for spot in range(low, spiral) if spot != state.turn_start]


def _tiles_left(state: Table) -> list[str]:
    return [tile for tile in TILES if state.known_tiles[tile] < TILE_COUNTS[tile]]


def _free_reveals(state: Table) -> list[dict]:
    """Every free reveal that agrees with what is known (§7.3)."""
    left = _tiles_left(state)
    reveals = []
    for spot, kind in enumerate(state.board.kinds):
        if kind != "small":
            continue
        if state.taken[spot]:
            reveals.append({"type": "reveal", "field": spot, "tile": NONE})
        elif state.tiles[spot] is not None:
            reveals.append({"type": "reveal", "field": spot, "tile": state.tiles[spot]})
        else:
            reveals.extend({"type": "reveal", "field": spot, "tile": tile} for tile in left)
    return reveals


def _draw_sources(state: Table) -> list[str]:
    sources = ["deck"]
    for color, pile in state.supply.piles.items():
        if pile and (state.options["redraw_own_discard"] or state.own_discard != (color, len(pile))):
            sources.append(color)
    return sources


def _main_choices(state: Table) -> tuple[dict, list[dict]]:
    """The ``main`` decision: playable cards with where they move, and discards."""
    board, player = state.board, state.active
    seat = state.seats[player]
    center, priestess = board.center, state.priestess
    places = sorted(set(seat.figures))
    never = state.options["play_without_move"] == "never"
    holdable = state.supply.possible_cards(player)
    plays: list[dict] = []
    playable: dict[str, list[int]] = {color: [] for color in COLORS}
    for color, value in holdable:
        if not row_allows(seat.rows[color], value):
            continue
        playable[color].append(value)
        card = {"color": color, "value": value}
        ahead = board.ahead[color]
        moves = [{"type": "play", "card": card, "figure": place} for place in places if ahead[place] is not None]
        reach = min(board.green[value], center - priestess)
        moves.extend({"type": "play", "card": card, "priestess": steps} for steps in range(1, reach + 1))
        if not moves and not never:
            moves.append({"type": "play", "card": card})
        plays.extend(moves)
    discards = [{"type": "discard", "card": card_json(card)} for card in holdable]
    choices = {
        "playable": playable,
        "figures": {str(place): {color: board.ahead[color][place] for color in COLORS} for place in places},
        "priestess": {"field": priestess,
                      "reach": [min(green, center - priestess) for green in board.green]},
        "discardable": [card_json(card) for card in holdable],
    }
    return choices, plays + discards


RULESET = register(Orakel())

__all__ = ["GAME", "Orakel", "RULESET", "Board", "Table", "board_problems", "board_warnings"]
