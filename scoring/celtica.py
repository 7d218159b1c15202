"""Celtica (Ravensburger 2006): the referee of the shared rules/celtica.md.

Five druids belong to nobody; players move them with druid cards (only
counted, never named) and experience cards (counted, each stamped with the
turn it was gained in). A play-phase turn is a walk through decisions
(rules §4.3): ``move``, then the landing's ``take`` / ``give`` / ``cult``,
then an optional ``reveal`` of the refill after a take, then ``done``. Once
the game has ended every player has one end turn, decision ``end`` (swaps,
buys, one closing ``reveal``); then ``over``.

The display is counts per kind of known spaces plus a number of unknown
spaces; the unseen parts (supply and unknown spaces) follow from
conservation (§1.1, :func:`unseen`). The refill of a turn is done once, when
its ``reveal`` arrives or when the turn ends (the same as a reveal of
nulls), so that a reveal can name parts drawn across a supply run-out
(§8.3). Until then the display stands short in :meth:`Celtica.view`.

State: :class:`CelticaState` and :class:`Holding`, plain dataclasses, dicts
and lists (they survive ``copy.deepcopy`` and ``pickle``).

``decision(state)``: ``actions`` lists complete legal actions, and
``choices`` says everything a client needs to compose one itself:

- ``take``: every legal take is listed (parts in the order of :data:`KINDS`;
  at most 24,310 on a site showing 9 symbols, 495 on one showing 4).
  ``choices``: ``count`` parts, the ``kinds`` that may be named, per kind
  the ``max`` copies, the ``known`` display spaces per kind and the
  ``unknown`` spaces. A take is legal iff it names ``count`` parts, kind k
  at most ``max[k]`` times, and the copies beyond ``known[k]``, summed over
  the kinds, are at most ``unknown`` (§8.2).
- ``give``: every legal give is listed; ``choices``: ``count``, ``kinds``
  held and per kind the ``max`` held.
- ``reveal`` (and the reveal of an ``end`` decision): the ordered reveals
  are too many to list (10 values per drawn part), so ``actions`` holds the
  reveal of nulls and, per kind the first drawn part can be, a reveal naming
  it. ``choices``: ``drawn`` and ``from``, the piles the parts come from in
  drawing order, each ``{"pile": "supply"|"ruin", "count", "max"}``: the
  next ``count`` entries of the reveal come from that pile, each null or a
  kind of ``max``, kind k named at most ``max[k]`` times in that stretch
  (§8.3; the ruin pile follows when the supply runs out).

``optional`` is always empty: Celtica has no free reveals.

``view(state)`` shape::

    {"turn": <turns played>, "active": <player id or null when over>,
     "decision": <decision name>, "phase": "play"|"end"|"over", "over": bool,
     "end_reason": str|null (set as soon as the game has ended, also in the
                             end phase), "round": n, "final_round": bool,
     "druids": {color: location index},
     "locations": [{"index", "kind", "parts": n|null}],
     "display": {"known": {kind: n}, "unknown": n}, "supply": n, "ruin": {kind: n},
     "druid_deck": n, "druid_discard": {color: n},
     "experience_deck": n, "experience_discard": n,
     "players": {id: {"druid_cards": n, "experience": n, "parts": {kind: n},
                      "amulets": [[kinds of one amulet], ...],
                      "by_location": {kind: {"gained": n, "lost": n}}}}}

``amulets`` is the canonical packing (§9); ``by_location`` counts the parts
taken at each kind of find site and given up at ruins (end-phase swaps and
buys are not locations and are not counted there).

Choices where the rules file is silent: ``parts_range`` is only checked on
locations that need ``parts`` (a start or cult site with any ``parts`` is
``parts_forbidden``); a board shape fault inside a location carries that
location's index; a tally's ``board``, when given and not null, must be a
valid profile; ``celtica.move.experience`` counts experience cards stamped
before the current turn, whatever druid cards the player holds (with the
default options a player without druid cards never has a play-phase turn);
a location's ``"parts": null`` counts as given (``parts_range`` on a find
site or ruin, ``parts_forbidden`` on a start or cult site), and a move's
``"experience": null`` is not a count (``record.invalid``); every turn's
shape is checked before the board and the setup, as in the other games.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from . import schema
from .engine import Decision, Option, RuleBroken, Ruleset, register
from .ranking import scoresheet

KINDS = ("center", "n", "ne", "e", "se", "s", "sw", "w", "nw")
DRUIDS = ("red", "grey", "white", "brown", "black")
LOCATION_KINDS = ("start", "village", "castle", "monastery", "ruin", "cult", "goal")
FIND_SITES = ("village", "castle", "monastery", "goal")
WITH_PARTS = ("village", "castle", "monastery", "ruin", "goal")
COPIES = 10  # parts of each kind
DRUID_CARDS = 12  # per colour
EXPERIENCE_CARDS = 4  # per colour (rules §18.2)
HAND = 5  # druid cards dealt per player and round
DISPLAY = 9
START_PARTS = 2
PRINTED_LENGTH = 19

ACTION_FIELDS = {
    "move": (("druid", "cards"), ("experience",)),
    "take": (("parts",), ()),
    "reveal": (("parts",), ()),
    "give": (("parts",), ()),
    "cult": (("draw",), ()),
    "swap": (("give", "take"), ()),
    "buy": (("part",), ()),
}
#: the action types each open decision accepts (``end`` adds ``reveal``
#: when its refill would draw a part)
ALLOWED = {"move": ("move",), "take": ("take",), "give": ("give",), "cult": ("cult",),
           "reveal": ("reveal",), "done": (), "end": ("swap", "buy")}

OPTIONS = (
    Option("overshoot", "string", "cap",
           "A move past the goal: cap stops the druid on the goal, forbid refuses it.", ("cap", "forbid")),
    Option("experience_alone", "boolean", True,
           "Experience cards may be played without druid cards (cards: 0)."),
    Option("experience_needs_druid_card", "boolean", True,
           "Experience cards alone do not keep a player in the round (false: house rule)."),
)

BOARD_MESSAGES = {
    "shape": ("The board profile is not in the expected shape.",
              "Das Spielplanprofil hat nicht die erwartete Form.",
              "El perfil del tablero no tiene la forma esperada."),
    "length": ("A board needs between 2 and 60 locations; this one has {count}.",
               "Ein Spielplan braucht 2 bis 60 Orte; dieser hat {count}.",
               "Un tablero necesita entre 2 y 60 lugares; este tiene {count}."),
    "kind": ("Location {index} has an unknown kind.",
             "Ort {index} hat eine unbekannte Art.",
             "El lugar {index} es de un tipo desconocido."),
    "start_first": ("The first location must be the start.",
                    "Der erste Ort muss der Start sein.",
                    "El primer lugar debe ser la salida."),
    "start_unique": ("Location {index} is a second start.",
                     "Ort {index} ist ein zweiter Start.",
                     "El lugar {index} es una segunda salida."),
    "goal_last": ("The last location must be the goal.",
                  "Der letzte Ort muss das Ziel sein.",
                  "El último lugar debe ser la meta."),
    "goal_unique": ("Location {index} is a goal before the end of the path.",
                    "Ort {index} ist ein Ziel vor dem Ende des Weges.",
                    "El lugar {index} es una meta antes del final del camino."),
    "parts_missing": ("Location {index} ({kind}) needs the number of amulet symbols it shows.",
                      "Ort {index} ({kind}) braucht die Zahl der Amulettsymbole, die er zeigt.",
                      "El lugar {index} ({kind}) necesita el número de símbolos de amuleto que muestra."),
    "parts_range": ("Location {index} must show between 1 and 9 amulet symbols.",
                    "Ort {index} muss zwischen 1 und 9 Amulettsymbole zeigen.",
                    "El lugar {index} debe mostrar entre 1 y 9 símbolos de amuleto."),
    "parts_forbidden": ("Location {index} ({kind}) shows no amulet symbols.",
                        "Ort {index} ({kind}) zeigt keine Amulettsymbole.",
                        "El lugar {index} ({kind}) no muestra símbolos de amuleto."),
}

SETUP_MESSAGES = {
    "shape": ("The setup is not in the expected shape.",
              "Der Spielaufbau hat nicht die erwartete Form.",
              "La preparación no tiene la forma esperada."),
    "display_length": ("The display has 9 spaces; the setup lists {count}.",
                       "Die Auslage hat 9 Plätze; der Spielaufbau nennt {count}.",
                       "La exposición tiene 9 espacios; la preparación indica {count}."),
    "part_id": ("{value} is not an amulet part.",
                "{value} ist kein Amulettteil.",
                "{value} no es una pieza de amuleto."),
    "players": ("Every player, and only the players, must have starting parts.",
                "Jeder Spieler, und nur die Spieler, braucht Startteile.",
                "Cada jugador, y solo los jugadores, debe tener piezas iniciales."),
    "player_parts": ("{player} must start with exactly 2 parts.",
                     "{player} muss mit genau 2 Teilen beginnen.",
                     "{player} debe empezar con exactamente 2 piezas."),
    "counts": ("There are only 10 {part} parts; the setup uses {count}.",
               "Es gibt nur 10 Teile {part}; der Spielaufbau verwendet {count}.",
               "Solo hay 10 piezas {part}; la preparación usa {count}."),
}

WARNINGS = {
    "length_not_19": "The printed board has 19 locations; this profile has {count}.",
    "no_ruin": "This board has no ruin.",
    "no_cult": "This board has no cult site.",
    "no_find_site": "This board has no village, castle or monastery.",
}


def _by_check(texts: dict[str, tuple[str, str, str]]) -> dict[str, str]:
    """Templates worded per ``details.check`` (the ``variant`` word)."""
    out = {lang: texts["shape"][i] for i, lang in enumerate(("en", "de", "es"))}
    for check, worded in texts.items():
        for i, lang in enumerate(("en", "de", "es")):
            out[f"{lang}:{check}"] = worded[i]
    return out


MESSAGES = {
    "celtica.move.empty": {
        "en": "A move needs at least one card.",
        "de": "Ein Zug braucht mindestens eine Karte.",
        "es": "Un movimiento necesita al menos una carta.",
    },
    "celtica.move.cards": {
        "en": "You hold {held} druid cards; you cannot play {cards}.",
        "de": "Du hast {held} Druidenkarten auf der Hand; du kannst nicht {cards} ausspielen.",
        "es": "Tienes {held} cartas de druida; no puedes jugar {cards}.",
    },
    "celtica.move.experience": {
        "en": "You can use {usable} experience cards now; you cannot play {experience}.",
        "de": "Du kannst jetzt {usable} Erfahrungskarten einsetzen; du kannst nicht {experience} ausspielen.",
        "es": "Ahora puedes usar {usable} cartas de experiencia; no puedes jugar {experience}.",
    },
    "celtica.move.experience_alone": {
        "en": "Experience cards must be played together with at least one {druid} druid card.",
        "de": "Erfahrungskarten müssen zusammen mit mindestens einer Druidenkarte in {druid} gespielt werden.",
        "es": "Las cartas de experiencia deben jugarse junto con al menos una carta de druida {druid}.",
    },
    "celtica.move.overshoot": {
        "en": "The {druid} druid is {left} locations from the goal; {steps} steps go past it.",
        "de": "Der Druide in {druid} steht {left} Orte vor dem Ziel; {steps} Schritte führen darüber hinaus.",
        "es": "El druida {druid} está a {left} lugares de la meta; {steps} pasos la sobrepasan.",
    },
    "celtica.take.count": {
        "en": "You must take {need} parts here; you took {got}.",
        "de": "Hier musst du {need} Teile nehmen; du hast {got} genommen.",
        "es": "Aquí debes tomar {need} piezas; has tomado {got}.",
    },
    "celtica.display.missing": {
        "en": "There is no {part} on the display.",
        "de": "In der Auslage liegt kein Teil {part}.",
        "es": "No hay ninguna pieza {part} en la exposición.",
    },
    "celtica.give.count": {
        "en": "This ruin takes {need} of your parts; you gave {got}.",
        "de": "Diese Ruine nimmt dir {need} Teile; du hast {got} abgegeben.",
        "es": "Esta ruina se lleva {need} de tus piezas; has entregado {got}.",
    },
    "celtica.holding.missing": {
        "en": "You have no {part} to give.",
        "de": "Du hast kein Teil {part} zum Abgeben.",
        "es": "No tienes ninguna pieza {part} para entregar.",
    },
    "celtica.cult.no_card": {
        "en": "No druid card is left to draw.",
        "de": "Es ist keine Druidenkarte mehr zum Nachziehen übrig.",
        "es": "No queda ninguna carta de druida para robar.",
    },
    "celtica.reveal.count": {
        "en": "{drawn} parts were drawn to refill the display; the reveal lists {listed}.",
        "de": "Zum Auffüllen der Auslage wurden {drawn} Teile gezogen; die Aufdeckung nennt {listed}.",
        "es": "Se robaron {drawn} piezas para reponer la exposición; la revelación indica {listed}.",
    },
    "celtica.end.experience": {
        "en": "A {action} costs {need} experience cards; you have {have}.",
        "de": "Ein {action} kostet {need} Erfahrungskarten; du hast {have}.",
        "es": "Cada {action} cuesta {need} cartas de experiencia; tienes {have}.",
    },
    "record.invalid": {
        "en": "The record is not valid: {reason}.",
        "de": "Der Spielbericht ist ungültig: {reason}.",
        "es": "El registro no es válido: {reason}.",
    },
    "board.invalid": _by_check(BOARD_MESSAGES),
    "setup.invalid": _by_check(SETUP_MESSAGES),
    "turn.order": {
        "en": "It is {expected}'s turn, not {player}'s.",
        "de": "{expected} ist am Zug, nicht {player}.",
        "es": "Es el turno de {expected}, no de {player}.",
    },
    "turn.incomplete": {
        "en": "The turn is not finished: {decision} is still open.",
        "de": "Der Zug ist nicht fertig: {decision} ist noch offen.",
        "es": "El turno no ha terminado: {decision} sigue pendiente.",
    },
    "turn.unexpected": {
        "en": "{type} is not possible now; expected {expected}.",
        "de": "{type} ist jetzt nicht möglich; erwartet: {expected}.",
        "es": "{type} no es posible ahora; se esperaba: {expected}.",
    },
    "game.over": {
        "en": "The game is over.",
        "de": "Das Spiel ist vorbei.",
        "es": "La partida ha terminado.",
    },
    "reveal.impossible": {
        "en": "A {part} cannot have been drawn: none can be left in the supply.",
        "de": "Ein Teil {part} kann nicht gezogen worden sein: im Vorrat kann keines mehr liegen.",
        "es": "No puede haberse robado una pieza {part}: no puede quedar ninguna en la reserva.",
    },
    "card.exhausted": {
        "en": "No more {druid} {deck} cards can be in your hand: {seen} of {total} are in the discard pile.",
        "de": "Keine weitere Karte in {druid} ({deck}) kann auf deiner Hand sein: "
              "{seen} von {total} liegen im Ablagestapel.",
        "de:druid": "Keine weitere Druidenkarte in {druid} kann auf deiner Hand sein: "
                    "{seen} von {total} liegen im Ablagestapel.",
        "de:experience": "Keine weitere Erfahrungskarte in {druid} kann auf deiner Hand sein: "
                         "{seen} von {total} liegen im Ablagestapel.",
        "es": "No puede haber más cartas {deck} de color {druid} en tu mano: "
              "{seen} de {total} están en la pila de descartes.",
        "es:druid": "No puede haber más cartas de druida de color {druid} en tu mano: "
                    "{seen} de {total} están en la pila de descartes.",
        "es:experience": "No puede haber más cartas de experiencia de color {druid} en tu mano: "
                         "{seen} de {total} están en la pila de descartes.",
    },
}


def _no_parts() -> dict[str, int]:
    return dict.fromkeys(KINDS, 0)


def _by_location() -> dict[str, dict[str, int]]:
    return {kind: {"gained": 0, "lost": 0} for kind in WITH_PARTS}


@dataclass
class Holding:
    """What the engine knows of one player: counts, never card colours."""

    druid_cards: int = HAND
    experience: list[int] = field(default_factory=list)  # the turn each card was gained in, oldest first
    parts: dict[str, int] = field(default_factory=_no_parts)
    by_location: dict[str, dict[str, int]] = field(default_factory=_by_location)


@dataclass
class CelticaState:
    """The table as the engine knows it (rules §1.1), and the open turn."""

    players: list[str]
    options: dict
    locations: list[tuple[str, int]]  # (kind, amulet symbols shown; 0 on start and cult)
    holdings: dict[str, Holding]
    druid_deck: int
    display: dict[str, int]  # known spaces per kind
    unknown: int  # display spaces whose part is not known
    supply: int
    druids: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DRUIDS, 0))
    druid_discard: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DRUIDS, 0))
    experience_deck: int = len(DRUIDS) * EXPERIENCE_CARDS
    experience_discard: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DRUIDS, 0))
    experience_spent: int = 0  # cards spent in the end phase, counted without colour
    ruin: dict[str, int] = field(default_factory=_no_parts)
    round: int = 1
    final_round: bool = False
    phase: str = "play"  # play, end, over
    end_reason: str | None = None
    turn: int = 0  # index of the open turn = turns played
    active: str | None = None
    step: str = "move"  # the open decision of the turn
    need: int = 0  # parts the open take or give must name
    site: str | None = None  # the kind of location the druid stopped on
    refill_pending: bool = False  # the display is refilled when the turn ends
    end_queue: list[str] = field(default_factory=list)  # end turns still to come, in order

    @property
    def goal(self) -> int:
        return len(self.locations) - 1

    def displayed(self) -> int:
        return sum(self.display.values()) + self.unknown

    def refill_count(self) -> int:
        """Parts the refill would draw now (rules §8.3)."""
        return min(DISPLAY - self.displayed(), self.supply + sum(self.ruin.values()))


def unseen(state: CelticaState, kind: str) -> int:
    """Parts of ``kind`` in the supply or on unknown display spaces (§1.1)."""
    held = sum(holding.parts[kind] for holding in state.holdings.values())
    return COPIES - held - state.display[kind] - state.ruin[kind]


def amulets(parts: dict[str, int]) -> list[list[str]]:
    """Canonical packing (§9): amulet j holds every kind held at least j times."""
    return [[kind for kind in KINDS if parts[kind] >= j] for j in range(1, max(parts.values(), default=0) + 1)]


def amulet_score(parts: dict[str, int]) -> tuple[int, list[int]]:
    """``(complete, incomplete sizes largest first)`` of canonical packing."""
    sizes = [len(amulet) for amulet in amulets(parts)]
    complete = min(parts[kind] for kind in KINDS)
    return complete, sizes[complete:]


def ranking_key(parts: dict[str, int]) -> tuple[int, ...]:
    """More complete amulets first, then the incomplete sizes, a missing one
    counting 0 (§12). At most 10 amulets exist, so 10 sizes pad every key."""
    complete, incomplete = amulet_score(parts)
    return (complete, *incomplete, *([0] * (COPIES - len(incomplete))))


def _sheet(ids: list[str], parts: list[dict[str, int]], end_reason: str | None, finished: bool) -> dict:
    rows, keys = [], []
    for player, held in zip(ids, parts):
        complete, incomplete = amulet_score(held)
        rows.append({"id": player, "total": complete,
                     "breakdown": {"complete": complete, "incomplete": incomplete}})
        keys.append(ranking_key(held))
    return scoresheet("celtica", end_reason, rows, keys, finished=finished)


# -- board profiles and setup ------------------------------------------------


def _board_fault(check: str, index: int | None = None, **words: Any) -> RuleBroken:
    return RuleBroken("board.invalid", {"check": check, "index": index}, variant=check, **words)


def _short_text(value: Any, high: int) -> bool:
    return isinstance(value, str) and 1 <= len(value) <= high


def check_board(board: Any) -> list[tuple[str, int]]:
    """The profile's locations as ``(kind, parts)``; ``board.invalid`` at the
    first failing check of rules §2.1."""
    if not isinstance(board, dict) or set(board) - {"name", "locations"} or "locations" not in board:
        raise _board_fault("shape")
    if "name" in board and not _short_text(board["name"], 80):
        raise _board_fault("shape")
    locations = board["locations"]
    if not isinstance(locations, list):
        raise _board_fault("shape")
    for index, location in enumerate(locations):
        if not isinstance(location, dict) or set(location) - {"kind", "parts", "label"}:
            raise _board_fault("shape", index)
        if "label" in location and not _short_text(location["label"], 40):
            raise _board_fault("shape", index)
    if not 2 <= len(locations) <= 60:
        raise _board_fault("length", count=len(locations))
    last = len(locations) - 1
    out = []
    for index, location in enumerate(locations):
        kind = location.get("kind")
        if not isinstance(kind, str) or kind not in LOCATION_KINDS:
            raise _board_fault("kind", index)
        if index == 0 and kind != "start":
            raise _board_fault("start_first", 0)
        if index > 0 and kind == "start":
            raise _board_fault("start_unique", index)
        if index == last and kind != "goal":
            raise _board_fault("goal_last", index)
        if index < last and kind == "goal":
            raise _board_fault("goal_unique", index)
        parts = location.get("parts")
        if kind in WITH_PARTS:
            if "parts" not in location:
                raise _board_fault("parts_missing", index, kind=kind)
            if not schema.is_int(parts) or not 1 <= parts <= 9:
                raise _board_fault("parts_range", index)
        elif "parts" in location:
            raise _board_fault("parts_forbidden", index, kind=kind)
        out.append((kind, parts if kind in WITH_PARTS else 0))
    return out


def board_warnings(locations: list[tuple[str, int]]) -> list[dict]:
    """The warnings of rules §2.2, each ``{"code", "message", "details"}``."""
    kinds = {kind for kind, _ in locations}
    found = []
    if len(locations) != PRINTED_LENGTH:
        found.append(("length_not_19", {"count": len(locations)}))
    if "ruin" not in kinds:
        found.append(("no_ruin", {}))
    if "cult" not in kinds:
        found.append(("no_cult", {}))
    if not kinds & {"village", "castle", "monastery"}:
        found.append(("no_find_site", {}))
    return [{"code": code, "message": WARNINGS[code].format(**details), "details": details}
            for code, details in found]


def _setup_fault(check: str, **values: Any) -> RuleBroken:
    shown = {key: value if isinstance(value, str) else json.dumps(value) for key, value in values.items()}
    return RuleBroken("setup.invalid", {"check": check, **values}, variant=check, **shown)


def check_setup(setup: Any, players: list[str]) -> tuple[list[str | None], dict[str, list[str]]]:
    """The display (9 entries, None unknown) and the starting parts;
    ``setup.invalid`` at the first failing check of rules §3.1."""
    if not isinstance(setup, dict) or set(setup) - {"display", "parts"}:
        raise _setup_fault("shape")
    display = setup.get("display", [None] * DISPLAY)
    if not isinstance(display, list):
        raise _setup_fault("shape")
    if len(display) != DISPLAY:
        raise _setup_fault("display_length", count=len(display))
    for entry in display:
        if entry is not None and entry not in KINDS:
            raise _setup_fault("part_id", value=entry)
    parts = setup.get("parts")
    if isinstance(parts, dict):
        for listed in parts.values():
            for entry in listed if isinstance(listed, list) else ():
                if not isinstance(entry, str) or entry not in KINDS:
                    raise _setup_fault("part_id", value=entry)
    if not isinstance(parts, dict) or set(parts) != set(players):
        raise _setup_fault("players")
    for player in players:
        if not isinstance(parts[player], list) or len(parts[player]) != START_PARTS:
            raise _setup_fault("player_parts", player=player)
    for kind in KINDS:
        count = display.count(kind) + sum(parts[player].count(kind) for player in players)
        if count > COPIES:
            raise _setup_fault("counts", part=kind, count=count)
    return display, parts


# -- the ruleset ---------------------------------------------------------------


class Celtica(Ruleset):
    """Celtica behind the engine interface (rules/celtica.md)."""

    game = "celtica"
    title = "Celtica"
    min_players = 2
    max_players = 5
    action_schemas = schema.action_schemas(ACTION_FIELDS, {
        "move": {"druid": schema.one_of(*DRUIDS), "cards": schema.integer(0, HAND), "experience": schema.integer(0, EXPERIENCE_CARDS * len(DRUIDS))},
        "take": {"parts": {"type": "array", "items": schema.one_of(*KINDS), "maxItems": DISPLAY}},
        "reveal": {"parts": {"type": "array", "items": schema.one_of(*KINDS, None), "maxItems": DISPLAY}},
        "give": {"parts": {"type": "array", "items": schema.one_of(*KINDS)}},
        "cult": {"draw": schema.one_of(True, False, None)},
        "swap": {"give": schema.one_of(*KINDS), "take": schema.one_of(*KINDS)},
        "buy": {"part": schema.one_of(*KINDS)},
    })
    options = OPTIONS
    messages = MESSAGES
    needs_board = True

    # -- shape -----------------------------------------------------------

    def validate_record(self, record: dict) -> None:
        schema.expect_record_frame(record, self.game, self.min_players, self.max_players, self.options)
        schema.expect_list(record["turns"], "/turns")

    def validate_turn(self, turn: Any, players: list[str]) -> None:
        actions = schema.expect_turn_frame(turn, players)
        for index, action in enumerate(actions):
            schema.expect_action(action, index, ACTION_FIELDS)
            where = f"/actions/{index}"
            kind = action["type"]
            if kind == "move":
                schema.expect_choice(action["druid"], f"{where}/druid", DRUIDS, index)
                schema.expect_int(action["cards"], f"{where}/cards", 0, action=index)
                if "experience" in action:
                    schema.expect_int(action["experience"], f"{where}/experience", 0, action=index)
            elif kind in ("take", "give", "reveal"):
                allowed = (*KINDS, None) if kind == "reveal" else KINDS
                schema.expect_list(action["parts"], f"{where}/parts", action=index)
                for position, part in enumerate(action["parts"]):
                    schema.expect_choice(part, f"{where}/parts/{position}", allowed, index)
            elif kind == "cult":
                if action["draw"] is not None:
                    schema.expect_bool(action["draw"], f"{where}/draw", index)
            elif kind == "swap":
                schema.expect_choice(action["give"], f"{where}/give", KINDS, index)
                schema.expect_choice(action["take"], f"{where}/take", KINDS, index)
            else:
                schema.expect_choice(action["part"], f"{where}/part", KINDS, index)

    def validate_board(self, board: Any) -> list[dict]:
        """Check a board profile (§2.1) and return its warnings (§2.2)."""
        return board_warnings(check_board(board))

    # -- play ------------------------------------------------------------

    def start(self, players: list[dict], options: dict, board: Any, setup: Any) -> CelticaState:
        ids = [player["id"] for player in players]
        locations = check_board(board)
        display, parts = check_setup(setup, ids)
        holdings = {player: Holding() for player in ids}
        for player in ids:
            for kind in parts[player]:
                holdings[player].parts[kind] += 1
        known = _no_parts()
        for kind in display:
            if kind is not None:
                known[kind] += 1
        return CelticaState(
            players=ids, options=options, locations=locations, holdings=holdings,
            druid_deck=len(DRUIDS) * DRUID_CARDS - HAND * len(ids),
            display=known, unknown=display.count(None),
            supply=len(KINDS) * COPIES - DISPLAY - START_PARTS * len(ids),
            active=ids[0],
        )

    def begin_turn(self, state: CelticaState, player: str) -> None:
        if state.phase == "over":
            raise RuleBroken("game.over")
        if player != state.active:
            raise RuleBroken("turn.order", {"expected": state.active, "player": player})

    def apply(self, state: CelticaState, action: dict) -> None:
        kind = action["type"]
        if kind not in _allowed(state):
            raise RuleBroken("turn.unexpected", {"type": kind, "expected": list(_allowed(state))})
        getattr(self, f"_{kind}")(state, state.holdings[state.active], action)

    def end_turn(self, state: CelticaState) -> None:
        if state.step in ("move", "take", "give", "cult"):
            raise RuleBroken("turn.incomplete", {"decision": state.step})
        if state.refill_pending or state.phase == "end":
            _refill(state, [None] * state.refill_count())
        if state.phase == "play":
            _after_play_turn(state)
        else:
            state.end_queue.pop(0)
            if state.end_queue:
                state.active, state.step = state.end_queue[0], "end"
            else:
                state.phase, state.active, state.step = "over", None, "over"
        state.turn += 1

    # -- actions ---------------------------------------------------------

    def _move(self, state: CelticaState, holding: Holding, action: dict) -> None:
        druid, cards, experience = action["druid"], action["cards"], action.get("experience", 0)
        if cards + experience < 1:
            raise RuleBroken("celtica.move.empty")
        if cards > holding.druid_cards:
            raise RuleBroken("celtica.move.cards", {"held": holding.druid_cards, "cards": cards})
        usable = _usable(state, holding)
        if experience > usable:
            raise RuleBroken("celtica.move.experience", {"usable": usable, "experience": experience})
        if experience and not cards and not state.options["experience_alone"]:
            raise RuleBroken("celtica.move.experience_alone", {"druid": druid})
        _check_colour(druid, cards, state.druid_discard[druid], "druid", DRUID_CARDS)
        _check_colour(druid, experience, state.experience_discard[druid], "experience", EXPERIENCE_CARDS)
        at, steps = state.druids[druid], cards + experience
        if at < state.goal < at + steps and state.options["overshoot"] == "forbid":
            raise RuleBroken("celtica.move.overshoot", {"druid": druid, "left": state.goal - at, "steps": steps})
        holding.druid_cards -= cards
        state.druid_discard[druid] += cards
        del holding.experience[:experience]  # the oldest cards: all of them are usable
        state.experience_discard[druid] += experience
        if at == state.goal:  # its cards are played, nothing else happens
            state.step = "done"
            return
        at = state.druids[druid] = min(at + steps, state.goal)
        kind, shown = state.locations[at]
        state.site = kind
        if kind in FIND_SITES:
            state.final_round = state.final_round or kind == "goal"
            state.step, state.need = "take", min(shown, state.displayed())
        elif kind == "ruin":
            state.step, state.need = "give", min(shown, sum(holding.parts.values()))
        else:
            state.step = "cult"

    def _take(self, state: CelticaState, holding: Holding, action: dict) -> None:
        parts = action["parts"]
        if len(parts) != state.need:
            raise RuleBroken("celtica.take.count", {"need": state.need, "got": len(parts)})
        for kind in parts:
            _take_from_display(state, kind)
            holding.parts[kind] += 1
        holding.by_location[state.site]["gained"] += len(parts)
        state.refill_pending = True
        state.step = "reveal" if state.refill_count() else "done"

    def _give(self, state: CelticaState, holding: Holding, action: dict) -> None:
        parts = action["parts"]
        if len(parts) != state.need:
            raise RuleBroken("celtica.give.count", {"need": state.need, "got": len(parts)})
        for kind in parts:
            if not holding.parts[kind]:
                raise RuleBroken("celtica.holding.missing", {"part": kind})
            holding.parts[kind] -= 1
            state.ruin[kind] += 1
        holding.by_location["ruin"]["lost"] += len(parts)
        _gain_experience(state, holding)
        state.step = "done"

    def _cult(self, state: CelticaState, holding: Holding, action: dict) -> None:
        if action["draw"]:
            if not state.druid_deck and not sum(state.druid_discard.values()):
                raise RuleBroken("celtica.cult.no_card")
            _draw_druid_cards(state, 1)
            holding.druid_cards += 1
        state.step = "done"

    def _reveal(self, state: CelticaState, holding: Holding, action: dict) -> None:
        drawn, listed = state.refill_count(), len(action["parts"])
        if listed != drawn:
            raise RuleBroken("celtica.reveal.count", {"drawn": drawn, "listed": listed})
        _refill(state, action["parts"])
        state.step = "done"

    def _swap(self, state: CelticaState, holding: Holding, action: dict) -> None:
        _spend(holding, "swap", 1)
        give, take = action["give"], action["take"]
        if not holding.parts[give]:
            raise RuleBroken("celtica.holding.missing", {"part": give})
        _take_from_display(state, take)  # checked on the display before the swap
        holding.parts[take] += 1
        holding.parts[give] -= 1
        state.display[give] += 1
        state.experience_spent += 1

    def _buy(self, state: CelticaState, holding: Holding, action: dict) -> None:
        _spend(holding, "buy", 2)
        _take_from_display(state, action["part"])
        holding.parts[action["part"]] += 1
        state.experience_spent += 2

    # -- answers ---------------------------------------------------------

    def decision(self, state: CelticaState) -> Decision:
        step, player = state.step, state.active
        if step == "over":
            return Decision("over", None)
        holding = state.holdings[player]
        if step == "move":
            return _move_decision(state, holding)
        if step == "take":
            kinds = _takeable(state)
            limits = [(kind, state.display[kind], min(unseen(state, kind), state.unknown)) for kind in kinds]
            actions = [{"type": "take", "parts": parts} for parts in _multisets(limits, state.need, state.unknown)]
            choices = {"count": state.need, "kinds": kinds,
                       "max": {kind: known + extra for kind, known, extra in limits},
                       "known": {kind: state.display[kind] for kind in kinds}, "unknown": state.unknown}
            return Decision("take", player, choices, actions)
        if step == "give":
            kinds = [kind for kind in KINDS if holding.parts[kind]]
            limits = [(kind, holding.parts[kind], 0) for kind in kinds]
            actions = [{"type": "give", "parts": parts} for parts in _multisets(limits, state.need, 0)]
            choices = {"count": state.need, "kinds": kinds, "max": {kind: holding.parts[kind] for kind in kinds}}
            return Decision("give", player, choices, actions)
        if step == "cult":
            draws = [True, False] if state.druid_deck or sum(state.druid_discard.values()) else [False]
            return Decision("cult", player, {"draw": draws}, [{"type": "cult", "draw": draw} for draw in draws])
        if step == "reveal":
            return Decision("reveal", player, _reveal_choices(state), _reveal_actions(state), can_end=True)
        if step == "done":
            return Decision("done", player, can_end=True)
        return _end_decision(state, holding)

    def scoresheet(self, state: CelticaState) -> dict:
        over = state.phase == "over"
        return _sheet(state.players, [state.holdings[player].parts for player in state.players],
                      state.end_reason if over else None, over)

    def view(self, state: CelticaState) -> dict:
        return {
            "turn": state.turn,
            "active": state.active,
            "decision": state.step,  # the decision's name, without listing its actions
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
                    "druid_cards": holding.druid_cards,
                    "experience": len(holding.experience),
                    "parts": dict(holding.parts),
                    "amulets": amulets(holding.parts),
                    "by_location": {kind: dict(counts) for kind, counts in holding.by_location.items()},
                }
                for player, holding in state.holdings.items()
            },
        }

    def tally(self, data: dict) -> dict:
        """Score final holdings (rules §15); bad input is ``record.invalid``."""
        schema.expect_object(data, "", ("game", "players"), ("options", "board"))
        schema.expect_options(data.get("options"), self.options)
        if data.get("board") is not None:
            check_board(data["board"])
        players = schema.expect_player_ids(data["players"], "/players", self.min_players, self.max_players,
                                           with_names=False)
        totals = _no_parts()
        holdings = []
        for index, player in enumerate(players):
            where = f"/players/{index}"
            schema.expect_object(player, where, ("id", "parts"))
            schema.expect_object(player["parts"], f"{where}/parts", optional=KINDS)
            held = _no_parts()
            for kind, count in player["parts"].items():
                held[kind] = schema.expect_int(count, f"{where}/parts/{kind}", 0, COPIES)
                totals[kind] += count
                if totals[kind] > COPIES:
                    raise schema.invalid(f"{where}/parts/{kind}", f"makes {totals[kind]} {kind} parts; there are 10")
            holdings.append(held)
        return _sheet([player["id"] for player in players], holdings, None, True)


# -- the turn's mechanics ------------------------------------------------------


def _allowed(state: CelticaState) -> tuple[str, ...]:
    allowed = ALLOWED.get(state.step, ())
    if state.step == "end" and state.refill_count():
        allowed = (*allowed, "reveal")
    return allowed


def _usable(state: CelticaState, holding: Holding) -> int:
    """Experience cards gained before this turn (§7)."""
    return sum(1 for stamp in holding.experience if stamp < state.turn)


def _check_colour(druid: str, count: int, seen: int, deck: str, total: int) -> None:
    if count > total - seen:
        raise RuleBroken("card.exhausted", {"druid": druid, "deck": deck, "seen": seen, "total": total},
                         variant=deck)


def _spend(holding: Holding, action: str, need: int) -> None:
    if len(holding.experience) < need:
        raise RuleBroken("celtica.end.experience", {"action": action, "need": need, "have": len(holding.experience)})
    del holding.experience[:need]


def _take_from_display(state: CelticaState, kind: str) -> None:
    """One part of ``kind`` leaves the display (§8.2): a known space first,
    else an unknown one if an unseen copy exists."""
    if state.display[kind]:
        state.display[kind] -= 1
    elif state.unknown and unseen(state, kind) >= 1:
        state.unknown -= 1
    else:
        raise RuleBroken("celtica.display.missing", {"part": kind})


def _refill(state: CelticaState, names: list[str | None]) -> None:
    """Draw ``names`` (one per part, None unrecorded) onto the display (§8.3)."""
    for kind in names:
        if not state.supply:  # the ruin pile becomes the supply
            for known in KINDS:
                state.display[known] += unseen(state, known)
            state.unknown = 0
            state.supply = sum(state.ruin.values())
            state.ruin = _no_parts()
        if kind is None:
            state.unknown += 1
        elif unseen(state, kind) >= 1:
            state.display[kind] += 1
        else:
            raise RuleBroken("reveal.impossible", {"part": kind})
        state.supply -= 1
    state.refill_pending = False


def _draw_druid_cards(state: CelticaState, count: int) -> None:
    """Take ``count`` cards off the druid deck, reshuffling the discard pile
    in at the moment a card is needed from an empty deck (§4.1)."""
    from_deck = min(count, state.druid_deck)
    state.druid_deck -= from_deck
    if count > from_deck:
        state.druid_deck = sum(state.druid_discard.values()) - (count - from_deck)
        state.druid_discard = dict.fromkeys(DRUIDS, 0)


def _gain_experience(state: CelticaState, holding: Holding) -> None:
    """The top experience card, reshuffling if needed; none when all are held (§7)."""
    if not state.experience_deck:
        state.experience_deck = sum(state.experience_discard.values()) + state.experience_spent
        state.experience_discard = dict.fromkeys(DRUIDS, 0)
        state.experience_spent = 0
    if state.experience_deck:
        state.experience_deck -= 1
        holding.experience.append(state.turn)


def _in_round(state: CelticaState, holding: Holding) -> bool:
    if holding.druid_cards:
        return True
    options = state.options
    return bool(holding.experience) and options["experience_alone"] and not options["experience_needs_druid_card"]


def _clockwise_from_left(state: CelticaState, player: str) -> list[str]:
    """Every player from ``player``'s left neighbour on, ``player`` last."""
    at = state.players.index(player) + 1
    return state.players[at:] + state.players[:at]


def _after_play_turn(state: CelticaState) -> None:
    """What follows a play-phase turn (§4.2): an end, a new round, or the next player."""
    player = state.active
    if all(at == state.goal for at in state.druids.values()):
        _end_game(state, player, "all_druids_in_goal")
    elif not state.displayed() and not state.supply and not sum(state.ruin.values()):
        _end_game(state, player, "parts_exhausted")
    elif not any(holding.druid_cards for holding in state.holdings.values()):
        if state.final_round:
            _end_game(state, player, "round_after_goal")
        else:
            state.round += 1
            _draw_druid_cards(state, HAND * len(state.players))
            for holding in state.holdings.values():
                holding.druid_cards += HAND
            state.active, state.step = _clockwise_from_left(state, player)[0], "move"
    else:
        order = _clockwise_from_left(state, player)
        state.active = next(other for other in order if _in_round(state, state.holdings[other]))
        state.step = "move"


def _end_game(state: CelticaState, player: str, reason: str) -> None:
    state.phase, state.end_reason = "end", reason
    state.end_queue = _clockwise_from_left(state, player)
    state.active, state.step = state.end_queue[0], "end"


# -- legal choices ---------------------------------------------------------------


def _takeable(state: CelticaState) -> list[str]:
    """Kinds a take, swap or buy may name now (§4.5)."""
    return [kind for kind in KINDS if state.display[kind] or (state.unknown and unseen(state, kind) >= 1)]


def _multisets(limits: list[tuple[str, int, int]], size: int, budget: int) -> list[list[str]]:
    """Every multiset of ``size`` parts. ``limits`` gives per kind the known
    copies and the extra copies unknown spaces may hold; all the extras
    together are at most ``budget`` (the unknown spaces)."""
    found: list[list[str]] = []

    def walk(index: int, left: int, budget: int, picked: list[str]) -> None:
        if not left:
            found.append(list(picked))
            return
        if index == len(limits):
            return
        kind, known, extra = limits[index]
        for count in range(min(left, known + min(extra, budget)), -1, -1):
            walk(index + 1, left - count, budget - max(0, count - known), picked + [kind] * count)

    walk(0, size, budget, [])
    return found


def _first_draws(state: CelticaState) -> list[str]:
    """Kinds the first part of the refill can be (the supply, or the ruin
    pile that replaces an empty supply)."""
    if state.supply:
        return [kind for kind in KINDS if unseen(state, kind) >= 1]
    return [kind for kind in KINDS if state.ruin[kind]]


def _reveal_choices(state: CelticaState) -> dict:
    """What a reveal of the refill may name, pile by pile in drawing order
    (§8.3): first the supply, then the ruin pile that replaces it."""
    drawn = state.refill_count()
    from_supply = min(drawn, state.supply)
    piles = [("supply", from_supply, {kind: unseen(state, kind) for kind in KINDS}),
             ("ruin", drawn - from_supply, dict(state.ruin))]
    return {"drawn": drawn, "from": [
        {"pile": pile, "count": count, "max": {kind: most for kind, most in most_of.items() if most}}
        for pile, count, most_of in piles if count]}


def _reveal_actions(state: CelticaState) -> list[dict]:
    drawn = state.refill_count()
    if not drawn:
        return []
    rest = [None] * (drawn - 1)
    return [{"type": "reveal", "parts": [None, *rest]}] + [
        {"type": "reveal", "parts": [kind, *rest]} for kind in _first_draws(state)
    ]


def _move_decision(state: CelticaState, holding: Holding) -> Decision:
    usable = _usable(state, holding)
    alone, forbid = state.options["experience_alone"], state.options["overshoot"] == "forbid"
    actions = []
    for druid in DRUIDS:
        at = state.druids[druid]
        most_cards = min(holding.druid_cards, DRUID_CARDS - state.druid_discard[druid])
        most_experience = min(usable, EXPERIENCE_CARDS - state.experience_discard[druid])
        most_steps = state.goal - at if forbid and at < state.goal else None
        for cards in range(most_cards + 1):
            for experience in range(most_experience + 1 if cards or alone else 1):
                steps = cards + experience
                if not steps or (most_steps is not None and steps > most_steps):
                    continue
                move = {"type": "move", "druid": druid, "cards": cards}
                if experience:
                    move["experience"] = experience
                actions.append(move)
    choices = {"druids": dict(state.druids), "cards": holding.druid_cards, "experience": usable,
               "goal": state.goal, "options": dict(state.options)}
    return Decision("move", state.active, choices, actions)


def _end_decision(state: CelticaState, holding: Holding) -> Decision:
    have = len(holding.experience)
    takeable = _takeable(state)
    actions: list[dict] = []
    if have >= 1:
        actions += [{"type": "swap", "give": give, "take": take}
                    for give in KINDS if holding.parts[give] for take in takeable]
    if have >= 2:
        actions += [{"type": "buy", "part": part} for part in takeable]
    actions += _reveal_actions(state)
    choices = {"experience": have, "kinds": takeable, **_reveal_choices(state)}
    return Decision("end", state.active, choices, actions, can_end=True)


CELTICA = register(Celtica())
