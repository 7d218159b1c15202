"""Keltis (Kosmos 2008): the referee of the shared rules/keltis.md.

A turn is a walk through decision points (rules §5): ``main`` (play or
discard), ``reveal`` (an arrival on a stone whose tile is unknown),
``clover`` (a clover took effect), ``draw``, then ``done``; ``over`` once
the game has ended. Every step of a figure runs the arrival procedure of
§5.1 (:meth:`Keltis._step`). Hands are never entered: the card supply of
:mod:`scoring.cards` knows only the cards taken from discard piles (§7.3).

State: :class:`KeltisState`, plain dataclasses, lists and dicts (it
survives ``copy.deepcopy`` and ``pickle``). Stones are kept per path as
lists indexed by row (index 0, the start stone, is unused): the laid-out
tile (``None`` while unknown) and whether that tile was taken.

``decision(state).choices`` (the check route's summary, rules §14):

- ``main``: ``{"play": {color: {"values": [...], "move": "enter", "figures":
  [sizes]} | {..., "move": "step", "to_row": r} | {..., "move": "bonus",
  "bonus": [paths]}}, "discard": [cards], "reveals": ...}``
- ``reveal``: ``{"path", "row", "tiles": [tile ids]}``
- ``clover``: ``{"paths": [...], "decline": true, "reveals": ...}``, plus
  ``"enter"`` and ``"figures"`` with ``clover_can_enter``
- ``draw``: ``{"from": ["deck", colours...], "reveals": ...}``

``reveals`` maps ``path -> row -> [tile ids]`` for every stone whose tile is
still unknown. ``decision(state).optional`` lists those free reveals as
actions; reveals that would only confirm a known stone are left out (they
change nothing).

``view(state)`` shape::

    {"turn": <turns played>, "active": <player id or null when over>,
     "decision": <decision name>, "over": bool, "end_reason": str|null,
     "draw_pile": n, "goal_area": n,
     "piles": {color: [values bottom..top]},
     "stones": {path: {"1".."9": {"tile": id|"none"|null, "taken": bool}}},
     "players": {id: {"figures": [{"path", "row", "large"}],
                      "start": {"small": n, "large": n},
                      "rows": {color: {"cards": [values],
                                       "direction": "ascending"|"descending"|null}},
                      "stones_held": n, "track": n,
                      "hand": {"known": [cards], "unknown": n}}}}

``stones.*.tile`` is the laid-out content (``null`` while unknown); with
``taken`` true the stone is bare now. Choices where the rules file is
silent: a free reveal is checked against what lies on the stone now (a
taken tile reads ``none``), exactly as §6.4 says; the tally requires all
four keys of a player (``id``, ``figures``, ``stones_held``, ``track``);
``options: null`` reads as ``{}`` like an absent key, while ``setup.tiles``
and ``setup.tiles_complete`` must be absent or of their type (``null`` is
``record.invalid``); within one object an unknown key is reported before a
missing one; ``3.0`` is not an integer.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from . import schema
from .cards import COLORS, VALUES, Supply, card_json, check_row, direction, row_allows
from .engine import Decision, Option, RuleBroken, Ruleset, register
from .ranking import scoresheet

PATHS = COLORS
ROWS = range(1, 10)
END_ROW = 9
GOAL_ROW = 7  # rows 7, 8 and 9 are the goal area
GOAL_AREA_END = 5  # the 5th figure in the goal area ends the game
ROW_VALUES = (0, -4, -3, -2, 1, 2, 3, 6, 7, 10)
WISHING_STONES = (-4, -3, 2, 3, 6, 10)  # index: stones held, 5 or more -> 10
STOCK = {"wish": 9, "clover": 9, "points-1": 2, "points-2": 3, "points-3": 2}
TILES = (*STOCK, "none")
DARK_STONES = 20  # stones of rows 1-8 that start with a tile
SMALL_FIGURES = 4
DRAW_PILE = {2: 64, 3: 86, 4: 78}
SIZES = ("small", "large")

ACTION_FIELDS = {
    "play": (("card",), ("figure", "bonus")),
    "discard": (("card",), ()),
    "clover": (("path",), ("figure",)),
    "reveal": (("path", "row", "tile"), ()),
    "draw": (("from",), ()),
}
# What each open decision accepts besides a free reveal.
ALLOWED = {"main": ("play", "discard"), "clover": ("clover",), "draw": ("draw",)}
FREE_REVEAL_AT = ("main", "clover", "draw")

MESSAGES = {
    "keltis.row.direction": {
        "en": "Your {color} row {heading}: the next {color} card must be {last} or {bound}.",
        "de": "Deine Reihe in {color} {heading}: die nächste Karte in {color} muss {last} oder {bound} sein.",
        "es": "Tu fila {color} {heading}: la siguiente carta {color} debe ser {last} o {bound}.",
    },
    "keltis.path.occupied": {
        "en": "You already have a figure on the {path} path; it moves on, and no second figure can enter there.",
        "de": "Du hast schon eine Figur auf dem Pfad {path}; sie zieht weiter, eine zweite kann dort nicht einsteigen.",
        "es": "Ya tienes una figura en el camino {path}; ella avanza, y ninguna segunda figura puede entrar ahí.",
    },
    "keltis.figure.missing": {
        "en": "Say which figure enters the {path} path: small or large.",
        "de": "Sag, welche Figur den Pfad {path} betritt: klein oder groß.",
        "es": "Di qué figura entra en el camino {path}: pequeña o grande.",
    },
    "keltis.figure.unavailable": {
        "en": "You have no {figure} figure left on the start stone.",
        "de": "Du hast keine {figure} Figur mehr auf dem Startstein.",
        "es": "No te queda ninguna figura {figure} en la piedra de salida.",
    },
    "keltis.bonus.missing": {
        "en": "Your {color} figure is on the end stone: choose another figure to advance (bonus) or decline with null.",
        "de": "Deine Figur auf {color} steht auf dem Endstein: wähle eine andere Figur für den Bonusschritt oder lehne mit null ab.",
        "es": "Tu figura {color} está en la piedra final: elige otra figura para avanzar (bonificación) o renuncia con null.",
    },
    "keltis.bonus.unexpected": {
        "en": "Your {color} figure is not on the end stone, so this card gives no bonus step.",
        "de": "Deine Figur auf {color} steht nicht auf dem Endstein, also gibt diese Karte keinen Bonusschritt.",
        "es": "Tu figura {color} no está en la piedra final, así que esta carta no da paso de bonificación.",
    },
    "keltis.move.no_figure": {
        "en": "You have no figure on the {path} path to move.",
        "de": "Du hast keine Figur auf dem Pfad {path}, die ziehen könnte.",
        "es": "No tienes ninguna figura en el camino {path} que mover.",
    },
    "keltis.move.at_end": {
        "en": "Your figure on the {path} path is on the end stone and cannot move further.",
        "de": "Deine Figur auf dem Pfad {path} steht auf dem Endstein und kann nicht weiter.",
        "es": "Tu figura en el camino {path} está en la piedra final y no puede avanzar más.",
    },
    "keltis.draw.empty": {
        "en": "The {pile} discard pile is empty.",
        "de": "Der Ablagestapel {pile} ist leer.",
        "es": "La pila de descarte {pile} está vacía.",
    },
    "keltis.draw.own_discard": {
        "en": "You cannot take back the card you just discarded.",
        "de": "Du kannst die Karte, die du gerade abgeworfen hast, nicht zurücknehmen.",
        "es": "No puedes recuperar la carta que acabas de descartar.",
    },
    "record.invalid": {
        "en": "This is not a valid Keltis record: {reason}.",
        "de": "Das ist kein gültiger Keltis-Spielbericht: {reason}.",
        "es": "Esto no es un registro válido de Keltis: {reason}.",
    },
    "setup.invalid": {
        "en": "This tile layout cannot exist: {reason}.",
        "de": "Diese Plättchenauslage kann es nicht geben: {reason}.",
        "es": "Esta disposición de fichas no puede existir: {reason}.",
    },
    "turn.order": {
        "en": "It is {expected}'s turn, not {got}'s.",
        "de": "{expected} ist am Zug, nicht {got}.",
        "es": "Es el turno de {expected}, no de {got}.",
    },
    "turn.incomplete": {
        "en": "The turn is not finished: {decision} is still open.",
        "de": "Der Zug ist nicht fertig: {decision} ist noch offen.",
        "es": "El turno no ha terminado: {decision} sigue pendiente.",
    },
    "turn.unexpected": {
        "en": "A {type} is not possible now; the game is waiting for {decision}.",
        "de": "{type} ist jetzt nicht möglich; das Spiel wartet auf {decision}.",
        "es": "{type} no es posible ahora; el juego espera {decision}.",
    },
    "game.over": {
        "en": "The game is over ({end_reason}); nothing more can be played.",
        "de": "Das Spiel ist vorbei ({end_reason}); es kann nichts mehr gespielt werden.",
        "es": "La partida ha terminado ({end_reason}); no se puede jugar nada más.",
    },
    "reveal.required": {
        "en": "Which tile lies on {path} {row}? Add a reveal for it.",
        "de": "Welches Plättchen liegt auf {path} {row}? Füge eine Aufdeckung dafür hinzu.",
        "es": "¿Qué ficha hay en {path} {row}? Añade una revelación.",
    },
    "reveal.mismatch": {
        "en": "{path} {row} holds {known}, not {revealed}.",
        "de": "Auf {path} {row} liegt {known}, nicht {revealed}.",
        "es": "En {path} {row} hay {known}, no {revealed}.",
    },
    "reveal.impossible": {
        "en": "No layout has {tile} on {path} {row}: {reason}.",
        "de": "Keine Auslage hat {tile} auf {path} {row}: {reason}.",
        "es": "Ninguna disposición tiene {tile} en {path} {row}: {reason}.",
    },
    "card.exhausted": {
        "en": "Both {color} {value} cards are already seen elsewhere; this one cannot be in your hand.",
        "de": "Beide Karten {color} {value} sind schon anderswo zu sehen; diese kann nicht auf deiner Hand sein.",
        "es": "Las dos cartas {color} {value} ya se han visto en otro sitio; esta no puede estar en tu mano.",
    },
    "card.not_in_hand": {
        "en": "Every card in your hand is known, and none of them is {color} {value}.",
        "de": "Jede Karte deiner Hand ist bekannt, und keine davon ist {color} {value}.",
        "es": "Todas las cartas de tu mano son conocidas y ninguna es {color} {value}.",
    },
}


# -- state -------------------------------------------------------------------


@dataclass
class Figure:
    """A figure on a path: its row (1-9) and whether it is the large one."""

    row: int
    large: bool


@dataclass
class Seat:
    """One player's side of the table (rules §4)."""

    rows: dict[str, list[int]] = field(default_factory=lambda: {color: [] for color in COLORS})
    figures: dict[str, Figure] = field(default_factory=dict)  # path -> figure
    small_left: int = SMALL_FIGURES
    large_left: int = 1
    stones_held: int = 0
    track: int = 0

    def left(self, size: str) -> int:
        return self.large_left if size == "large" else self.small_left


@dataclass
class KeltisState:
    """Everything the referee knows of one game (rules §4)."""

    players: list[str]
    options: dict
    seats: dict[str, Seat]
    supply: Supply
    laid: dict[str, list[str | None]]  # path -> row -> laid-out tile, None unknown
    taken: dict[str, list[bool]]  # path -> row -> the tile was taken
    known_kinds: Counter = field(default_factory=Counter)  # laid-out tiles known, by kind
    known_bare: int = 0  # known bare stones on rows 1-8
    known_dark: int = 0  # known tiles on rows 1-8
    goal_area: int = 0
    turn: int = 0  # turns played
    decision: str = "main"
    owed: tuple[str, int] | None = None  # the stone an open reveal decision names
    discarded: str | None = None  # the pile that received this turn's discard
    end_reason: str | None = None

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    @property
    def active(self) -> str | None:
        return None if self.over else self.players[self.turn % len(self.players)]

    def content(self, path: str, row: int) -> str | None:
        """What lies on a stone now: a tile id, ``none``, or None if unknown."""
        return "none" if self.taken[path][row] else self.laid[path][row]


# -- the ruleset -------------------------------------------------------------


class Keltis(Ruleset):
    """The Keltis referee (rules/keltis.md)."""

    game = "keltis"
    title = "Keltis"
    min_players = 2
    max_players = 4
    messages = MESSAGES
    action_schemas = schema.action_schemas(ACTION_FIELDS, {
        "play": {"card": schema.card(COLORS), "figure": schema.one_of(None, *SIZES), "bonus": schema.one_of(None, *PATHS)},
        "discard": {"card": schema.card(COLORS)},
        "clover": {"path": schema.one_of(None, *PATHS), "figure": schema.one_of(None, *SIZES)},
        "reveal": {"path": schema.one_of(*PATHS), "row": schema.integer(1, END_ROW), "tile": schema.one_of(*TILES)},
        "draw": {"from": schema.one_of("deck", *COLORS)},
    })
    options = (
        Option("redraw_own_discard", "boolean", True,
               "A player may draw back the card they discarded in the same turn."),
        Option("clover_can_enter", "boolean", False,
               "A clover may bring a figure from the start stone onto row 1 of a new path."),
        Option("tie_break", "string", "shared", "How equal totals rank.", ("shared", "wishing_stones")),
        Option("point_tiles_stay", "boolean", True,
               "Point tiles stay and score for every arrival; false: the first arrival takes them."),
    )

    # -- shape (rules §13.5) ----------------------------------------------

    def validate_record(self, record: dict) -> None:
        """``record.invalid`` at the first fault: top-level keys, options,
        players, board, setup, then that ``turns`` is an array."""
        schema.expect_record_frame(record, self.game, self.min_players, self.max_players, self.options)
        if record.get("board") is not None:
            raise schema.invalid("/board", "must be null for keltis, which has no board profile")
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

    def validate_turn(self, turn, players: list[str]) -> None:
        """``record.invalid`` for a malformed turn; ``action=`` marks the action."""
        for index, action in enumerate(schema.expect_turn_frame(turn, players)):
            schema.expect_action(action, index, ACTION_FIELDS)
            pointer = f"/actions/{index}"
            kind = action["type"]
            if kind in ("play", "discard"):
                schema.expect_card(action["card"], f"{pointer}/card", COLORS, index)
            if kind in ("play", "clover") and "figure" in action:
                schema.expect_choice(action["figure"], f"{pointer}/figure", (None, *SIZES), index)
            if kind == "play" and "bonus" in action:
                schema.expect_choice(action["bonus"], f"{pointer}/bonus", (None, *PATHS), index)
            elif kind == "clover":
                schema.expect_choice(action["path"], f"{pointer}/path", (None, *PATHS), index)
                if action["path"] is None and action.get("figure") is not None:
                    raise schema.invalid(f"{pointer}/figure", "must be null when the clover is declined", index)
            elif kind == "reveal":
                schema.expect_choice(action["path"], f"{pointer}/path", PATHS, index)
                schema.expect_int(action["row"], f"{pointer}/row", 1, END_ROW, index)
                schema.expect_choice(action["tile"], f"{pointer}/tile", TILES, index)
            elif kind == "draw":
                schema.expect_choice(action["from"], f"{pointer}/from", ("deck", *COLORS), index)

    # -- setup (rules §3) ---------------------------------------------------

    def start(self, players: list[dict], options: dict, board, setup) -> KeltisState:
        """The state after setup; ``setup.invalid`` when the layout cannot exist."""
        ids = [player["id"] for player in players]
        setup = setup or {}
        listed = [(path, int(row), tile) for path, rows in setup.get("tiles", {}).items()
                  for row, tile in rows.items()]
        complete = setup.get("tiles_complete", False)
        _check_layout(listed, complete)
        state = KeltisState(
            players=ids,
            options=options,
            seats={player: Seat() for player in ids},
            supply=Supply.deal(ids, DRAW_PILE[len(ids)]),
            laid={path: [None] * (END_ROW + 1) for path in PATHS},
            taken={path: [False] * (END_ROW + 1) for path in PATHS},
        )
        for path, row, tile in listed:
            _record_tile(state, path, row, tile)
        if complete:
            for path in PATHS:
                for row in ROWS:
                    if state.laid[path][row] is None:
                        _record_tile(state, path, row, "none")
        return state

    # -- turns (rules §5) -----------------------------------------------------

    def begin_turn(self, state: KeltisState, player: str) -> None:
        """Open a turn: ``game.over``, then ``turn.order``."""
        if state.over:
            raise RuleBroken("game.over", {"end_reason": state.end_reason})
        if player != state.active:
            raise RuleBroken("turn.order", {"expected": state.active, "got": player})
        state.decision, state.owed, state.discarded = "main", None, None

    def end_turn(self, state: KeltisState) -> None:
        """Close the turn: ``reveal.required`` or ``turn.incomplete`` unless it
        is ``done`` or the game ended in it."""
        if not state.over:
            if state.decision == "reveal":
                path, row = state.owed
                raise RuleBroken("reveal.required", {"path": path, "row": row})
            if state.decision != "done":
                raise RuleBroken("turn.incomplete", {"decision": state.decision})
            state.decision = "main"
        state.turn += 1

    def apply(self, state: KeltisState, action: dict) -> None:
        """Apply one action in the order of rules §5.2 and §13.2."""
        if state.over:
            raise RuleBroken("game.over", {"end_reason": state.end_reason})
        kind = action["type"]
        if state.decision == "reveal":
            path, row = state.owed
            if kind != "reveal" or action["path"] != path or action["row"] != row:
                raise RuleBroken("reveal.required", {"path": path, "row": row})
            _check_unknown_reveal(state, path, row, action["tile"])
            _record_tile(state, path, row, action["tile"])
            state.owed = None
            self._arrive(state, path, row)
            return
        if kind == "reveal" and state.decision in FREE_REVEAL_AT:
            self._free_reveal(state, action["path"], action["row"], action["tile"])
            return
        if kind not in ALLOWED.get(state.decision, ()):
            raise RuleBroken("turn.unexpected", {"decision": state.decision, "type": kind})
        if kind == "play":
            self._play(state, action)
        elif kind == "discard":
            card = (action["card"]["color"], action["card"]["value"])
            state.supply.take_from_hand(state.active, card)
            state.supply.discard(card)
            state.discarded = card[0]
            state.decision = "draw"
        elif kind == "clover":
            self._clover(state, action)
        else:
            self._draw(state, action["from"])

    # -- the actions ----------------------------------------------------------

    def _play(self, state: KeltisState, action: dict) -> None:
        color, value = action["card"]["color"], action["card"]["value"]
        seat = state.seats[state.active]
        state.supply.take_from_hand(state.active, (color, value))
        check_row(color, seat.rows[color], value, "keltis.row.direction")
        figure = seat.figures.get(color)
        size, bonus = action.get("figure"), action.get("bonus")
        if figure is None:
            _check_entry(seat, color, size)
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
        seat.rows[color].append(value)
        state.supply.seen_in_row((color, value))
        if figure is None:
            self._enter(state, seat, color, size)
        elif figure.row < END_ROW:
            self._step(state, color)
        elif bonus is not None:
            self._step(state, bonus)
        else:
            state.decision = "draw"

    def _clover(self, state: KeltisState, action: dict) -> None:
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
            self._step(state, path)
        elif not state.options["clover_can_enter"]:
            raise RuleBroken("keltis.move.no_figure", {"path": path})
        else:
            _check_entry(seat, path, size)
            self._enter(state, seat, path, size)

    def _draw(self, state: KeltisState, source: str) -> None:
        supply = state.supply
        if source == "deck":
            if supply.draw_from_deck(state.active):
                state.end_reason, state.decision = "deck_exhausted", "over"
                return
        else:
            pile = supply.piles[source]
            if not pile:
                raise RuleBroken("keltis.draw.empty", {"pile": source})
            if state.discarded == source and not state.options["redraw_own_discard"]:
                raise RuleBroken("keltis.draw.own_discard", {"pile": source, "card": card_json((source, pile[-1]))})
            supply.draw_from_pile(state.active, source)
        state.decision = "done"

    def _free_reveal(self, state: KeltisState, path: str, row: int, tile: str) -> None:
        """A free reveal records or confirms a fact; it applies nothing (§6.4)."""
        current = state.content(path, row)
        if current is None:
            _check_unknown_reveal(state, path, row, tile)
            _record_tile(state, path, row, tile)
        elif tile != current:
            raise RuleBroken("reveal.mismatch", {"path": path, "row": row, "known": current, "revealed": tile})

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
            state.decision, state.owed = "reveal", (path, figure.row)
        else:
            self._arrive(state, path, figure.row)

    def _arrive(self, state: KeltisState, path: str, row: int) -> None:
        """The stone's content takes effect for the active player."""
        tile = state.content(path, row)
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
        if name == "reveal":
            path, row = state.owed
            tiles = possible_tiles(state, row)
            return Decision("reveal", player, {"path": path, "row": row, "tiles": tiles},
                            [{"type": "reveal", "path": path, "row": row, "tile": tile} for tile in tiles])
        choices, actions = {"main": _main_choices, "clover": _clover_choices, "draw": _draw_choices}[name](state)
        optional, unknown = [], {}
        for path in PATHS:
            for row in ROWS:
                if state.laid[path][row] is None:
                    tiles = possible_tiles(state, row)
                    unknown.setdefault(path, {})[str(row)] = tiles
                    optional += [{"type": "reveal", "path": path, "row": row, "tile": tile} for tile in tiles]
        choices["reveals"] = unknown
        return Decision(name, player, choices, actions, optional)

    # -- scores (rules §11) -------------------------------------------------------

    def scoresheet(self, state: KeltisState) -> dict:
        """The score sheet: finished with ``end_reason`` once over."""
        rows = [_score_row(player, seat.figures.values(), seat.stones_held, seat.track)
                for player, seat in state.seats.items()]
        return scoresheet(self.game, state.end_reason, rows, _rank_keys(rows, state.options["tie_break"]))

    def tally(self, data: dict) -> dict:
        """A finished sheet from final positions (rules §15); bad input is
        ``record.invalid``."""
        schema.expect_object(data, "", ("game", "players"), ("options", "board"))
        options = self.default_options(schema.expect_options(data.get("options"), self.options))
        if data.get("board") is not None:
            raise schema.invalid("/board", "must be null for keltis, which has no board profile")
        schema.expect_player_ids(data["players"], "/players", self.min_players, self.max_players, with_names=False)
        rows, stones, goal = [], 0, 0
        for index, player in enumerate(data["players"]):
            where = f"/players/{index}"
            schema.expect_object(player, where, ("id", "figures", "stones_held", "track"))
            figures = schema.expect_list(player["figures"], f"{where}/figures", 0, 1 + SMALL_FIGURES)
            for number, figure in enumerate(figures):
                schema.expect_object(figure, f"{where}/figures/{number}", ("row", "large"))
                schema.expect_int(figure["row"], f"{where}/figures/{number}/row", 0, END_ROW)
                schema.expect_bool(figure["large"], f"{where}/figures/{number}/large")
            large = sum(figure["large"] for figure in figures)
            if large > 1:
                raise schema.invalid(f"{where}/figures", "holds more than one large figure")
            if len(figures) - large > SMALL_FIGURES:
                raise schema.invalid(f"{where}/figures", f"holds more than {SMALL_FIGURES} small figures")
            held = schema.expect_int(player["stones_held"], f"{where}/stones_held", 0, STOCK["wish"])
            track = schema.expect_int(player["track"], f"{where}/track", 0)
            stones += held
            goal += sum(figure["row"] >= GOAL_ROW for figure in figures)
            rows.append(_score_row(player["id"], [Figure(f["row"], f["large"]) for f in figures], held, track))
        if stones > STOCK["wish"]:
            raise schema.invalid("/players", f"hold more than {STOCK['wish']} wishing stones together")
        if goal > GOAL_AREA_END:
            raise schema.invalid("/players", f"have more than {GOAL_AREA_END} figures on rows 7-9 together")
        return scoresheet(self.game, None, rows, _rank_keys(rows, options["tie_break"]), finished=True)

    # -- the table as it stands ----------------------------------------------------

    def view(self, state: KeltisState) -> dict:
        """The table as JSON (shape in the module docstring)."""
        supply = state.supply
        players = {}
        for player, seat in state.seats.items():
            hand = supply.hands[player]
            players[player] = {
                "figures": [{"path": path, "row": figure.row, "large": figure.large}
                            for path, figure in seat.figures.items()],
                "start": {"small": seat.small_left, "large": seat.large_left},
                "rows": {color: {"cards": list(cards), "direction": _heading(cards)}
                         for color, cards in seat.rows.items()},
                "stones_held": seat.stones_held,
                "track": seat.track,
                "hand": {"known": [card_json(card) for card in sorted(hand.known.elements())],
                         "unknown": hand.unknown},
            }
        return {
            "turn": state.turn,
            "active": state.active,
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


# -- helpers -------------------------------------------------------------------


def _check_layout(listed: list[tuple[str, int, str]], complete: bool) -> None:
    """The checks of rules §3.2, in order."""
    def refuse(reason: str) -> RuleBroken:
        return RuleBroken("setup.invalid", {"reason": reason})

    for path, row, tile in listed:
        if tile == "none":
            raise refuse(f"{path} {row} is listed as none, but setup lists only tiles")
    kinds = Counter(tile for _, _, tile in listed)
    for kind, stock in STOCK.items():
        if kinds[kind] > stock:
            raise refuse(f"{kinds[kind]} {kind} tiles are listed, but there are only {stock}")
    dark = sum(row < END_ROW for _, row, _ in listed)
    if dark > DARK_STONES:
        raise refuse(f"{dark} tiles are listed on rows 1-8, but only {DARK_STONES} stones there hold one")
    if complete:
        # All 25 tiles with at most 20 on rows 1-8 leaves one on every end stone.
        for kind, stock in STOCK.items():
            if kinds[kind] != stock:
                raise refuse(f"tiles_complete needs all {stock} {kind} tiles, but {kinds[kind]} listed")


def _record_tile(state: KeltisState, path: str, row: int, tile: str) -> None:
    """A stone's laid-out content becomes known."""
    state.laid[path][row] = tile
    if tile == "none":
        state.known_bare += 1
        return
    state.known_kinds[tile] += 1
    if row < END_ROW:
        state.known_dark += 1


def _impossible(state: KeltisState, row: int, tile: str) -> str | None:
    """Why no complete layout has ``tile`` on an unknown stone of ``row``
    (rules §6.4 (a)-(d)), or None when one does."""
    if tile == "none":
        if row == END_ROW:
            return "every end stone holds a tile"
        if state.known_bare >= 40 - DARK_STONES:
            return f"{40 - DARK_STONES} stones of rows 1-8 are already known to be bare"
        return None
    if state.known_kinds[tile] >= STOCK[tile]:
        return f"all {STOCK[tile]} {tile} tiles are already known to lie elsewhere"
    if row < END_ROW and state.known_dark >= DARK_STONES:
        return f"{DARK_STONES} stones of rows 1-8 are already known to hold tiles"
    return None


def _check_unknown_reveal(state: KeltisState, path: str, row: int, tile: str) -> None:
    reason = _impossible(state, row, tile)
    if reason is not None:
        raise RuleBroken("reveal.impossible", {"path": path, "row": row, "tile": tile, "reason": reason})


def possible_tiles(state: KeltisState, row: int) -> list[str]:
    """The tile ids §6.4 still allows on an unknown stone of ``row``."""
    return [tile for tile in TILES if _impossible(state, row, tile) is None]


def _check_entry(seat: Seat, path: str, size: str | None) -> None:
    """A figure must enter ``path``: ``figure.missing``, ``figure.unavailable``."""
    if size is None:
        raise RuleBroken("keltis.figure.missing", {"path": path})
    if not seat.left(size):
        raise RuleBroken("keltis.figure.unavailable",
                         {"figure": size, "small_left": seat.small_left, "large_left": seat.large_left})


def _check_movable(seat: Seat, path: str) -> None:
    """A bonus or clover step on ``path``: ``move.no_figure``, ``move.at_end``."""
    figure = seat.figures.get(path)
    if figure is None:
        raise RuleBroken("keltis.move.no_figure", {"path": path})
    if figure.row == END_ROW:
        raise RuleBroken("keltis.move.at_end", {"path": path})


def _heading(cards: list[int]) -> str | None:
    return {1: "ascending", -1: "descending", 0: None}[direction(cards)]


def _score_row(player: str, figures, stones_held: int, track: int) -> dict:
    """One sheet row (rules §11); figures on the start stone score 0."""
    on_paths = sum(ROW_VALUES[figure.row] * (2 if figure.large else 1) for figure in figures)
    wishing = WISHING_STONES[min(stones_held, len(WISHING_STONES) - 1)]
    breakdown = {"track": track, "figures": on_paths, "wishing_stones": wishing, "stones_held": stones_held}
    return {"id": player, "total": track + on_paths + wishing, "breakdown": breakdown}


def _rank_keys(rows: list[dict], tie_break: str) -> list:
    if tie_break == "wishing_stones":
        return [(row["total"], row["breakdown"]["stones_held"]) for row in rows]
    return [row["total"] for row in rows]


def _main_choices(state: KeltisState) -> tuple[dict, list[dict]]:
    """Per colour the playable values and what a play would move; the
    discardable cards (rules §14)."""
    player = state.active
    seat, supply = state.seats[player], state.supply
    plays, discards, actions = {}, [], []
    sizes = [size for size in SIZES if seat.left(size)]
    for color in COLORS:
        holdable = [value for value in VALUES if supply.could_hold(player, (color, value))]
        discards += [card_json((color, value)) for value in holdable]
        values = [value for value in holdable if row_allows(seat.rows[color], value)]
        figure = seat.figures.get(color)
        if figure is None:
            plays[color] = {"values": values, "move": "enter", "figures": sizes}
            extras = [{"figure": size} for size in sizes]
        elif figure.row < END_ROW:
            plays[color] = {"values": values, "move": "step", "to_row": figure.row + 1}
            extras = [{}]
        else:
            targets = [path for path, other in seat.figures.items() if other.row < END_ROW]
            plays[color] = {"values": values, "move": "bonus", "bonus": targets}
            extras = [{"bonus": path} for path in (None, *targets)]
        actions += [{"type": "play", "card": card_json((color, value)), **extra}
                    for value in values for extra in extras]
    actions += [{"type": "discard", "card": card} for card in discards]
    return {"play": plays, "discard": discards}, actions


def _clover_choices(state: KeltisState) -> tuple[dict, list[dict]]:
    """The paths a clover may name, entering ones with the option, and null."""
    seat = state.seats[state.active]
    paths = [path for path in PATHS if path in seat.figures and seat.figures[path].row < END_ROW]
    actions = [{"type": "clover", "path": path} for path in paths]
    choices = {"paths": paths, "decline": True}
    if state.options["clover_can_enter"]:
        sizes = [size for size in SIZES if seat.left(size)]
        entering = [path for path in PATHS if path not in seat.figures] if sizes else []
        choices.update(enter=entering, figures=sizes)
        actions += [{"type": "clover", "path": path, "figure": size} for path in entering for size in sizes]
    actions.append({"type": "clover", "path": None})
    return choices, actions


def _draw_choices(state: KeltisState) -> tuple[dict, list[dict]]:
    """The deck and every pile that may be drawn from."""
    sources = ["deck"] + [color for color, pile in state.supply.piles.items() if pile
                          and (state.options["redraw_own_discard"] or color != state.discarded)]
    return {"from": sources}, [{"type": "draw", "from": source} for source in sources]


KELTIS = register(Keltis())
