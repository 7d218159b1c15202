"""The end-of-game summary: a pure function from a game record to its story.

:func:`summarize` checks the record with one replay, then folds it again
action by action through the ruleset's interface, keeping what the table
will want to read afterwards: the final score sheet, every player's score
after every turn (the lead's history), where each player's points came
from, the turns that changed the lead, and a few notable facts. Of the
state it reads only the engine's answers (``scoresheet`` and ``view``).
Shape::

    {"game", "title", "players": [{"id", "name"}], "turns": n,
     "scoresheet": <the final score sheet>,
     "start": {"scores": {id: total}, "leaders": [ids]},   # before the first turn
     "history": [{"turn", "player", "scores": {id: total}, "leaders": [ids]}],
     "lead_changes": [{"turn", "player", "leaders", "before"}],
     "sources": {id: {...}},
     "facts": {"longest_clover_chain": {"length", "turn", "player"} | null,
               "biggest_turn": {"turn", "player", "gain"} | null,
               "cards_played": {colour: n},
               "end": {"reason", "turn", "player"} | null}}

``sources`` per game (points add up to the player's total):

- keltis: ``figures``, ``tiles`` (point tiles), ``wishing_stones``;
- keltis-orakel: ``track_start``, ``figures``, ``tiles``, ``wishing_stones``
  (the table value), ``mirrors`` (what they added to it), ``priestess``,
  ``goblin``;
- celtica: ``complete`` amulets, ``parts_held``, ``by_location`` (kind ->
  parts ``gained`` at find sites and ``lost`` at ruins) and ``end_phase``
  (``gained``/``lost`` by swaps and buys).

Celtica's ``start`` and history entries also carry ``parts`` (parts held
per player), since its total (complete amulets) rarely moves; its
``biggest_turn`` counts parts gained, the other games' points; its
``cards_played`` counts druid and experience cards per druid; its ``end``
is the turn that ended the play phase (the end turns follow it).

``leaders`` are the rank-1 players of the score sheet at that moment, so a
game's own tie-break decides who leads.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

import scoring  # noqa: F401  (registers the games)
from scoring.cards import COLORS
from scoring.celtica import DRUIDS
from scoring.engine import Game, Ruleset


def summarize(record: dict) -> dict:
    """The summary of a record (shape in the module docstring).

    Raises :class:`scoring.Refused` when the record does not replay: only a
    game that the engine accepted has a story.
    """
    Game.replay(record)  # the record's shape and every turn, checked once
    game = Game.start(record)
    ruleset, state = game.ruleset, game.state
    sheet = ruleset.scoresheet(state)
    view = ruleset.view(state)
    reader = _READERS[ruleset.game](record, view)
    start = {"scores": _scores(sheet), "leaders": sheet["winners"], **reader.measures(view)}
    history: list[dict] = []
    for index, turn in enumerate(record["turns"]):
        reader.begin(turn, view)
        _play(ruleset, state, turn, reader.action_played)
        sheet = ruleset.scoresheet(state)
        view = ruleset.view(state)
        entry = {"turn": index, "player": turn["player"], "scores": _scores(sheet), "leaders": sheet["winners"]}
        reader.turn_played(index, turn, view)
        entry.update(reader.measures(view))
        history.append(entry)

    return {
        "game": ruleset.game,
        "title": ruleset.title,
        "players": [{"id": player["id"], "name": player["name"]} for player in record["players"]],
        "turns": len(record["turns"]),
        "scoresheet": sheet,
        "start": start,
        "history": history,
        "lead_changes": lead_changes(start["leaders"], history),
        "sources": reader.sources(sheet, view),
        "facts": {
            "longest_clover_chain": reader.longest_chain(),
            "biggest_turn": reader.biggest_turn(start, history),
            "cards_played": reader.cards_played(),
            "end": reader.end(sheet),
        },
    }


def lead_changes(start_leaders: list[str], history: list[dict]) -> list[dict]:
    """The turns after which the leaders differ from the leaders before."""
    changes = []
    before = start_leaders
    for entry in history:
        if entry["leaders"] != before:
            changes.append({"turn": entry["turn"], "player": entry["player"],
                            "leaders": entry["leaders"], "before": before})
        before = entry["leaders"]
    return changes


def _scores(sheet: dict) -> dict[str, int]:
    return {player["id"]: player["total"] for player in sheet["players"]}


def _play(ruleset: Ruleset, state: Any, turn: dict, action_played: Callable) -> None:
    """One whole turn, action by action, telling ``action_played`` after
    each action so that chains can be traced."""
    ruleset.begin_turn(state, turn["player"])
    for action in turn["actions"]:
        ruleset.apply(state, action)
        action_played(action, state, ruleset)
    ruleset.end_turn(state)


# -- per game ------------------------------------------------------------------


class _Reader:
    """What one game's summary reads from its turns; the defaults suit the
    Keltis games, where the score is points."""

    def __init__(self, record: dict, start: dict):
        self.players = [player["id"] for player in record["players"]]
        self.player = self.players[0]  # whose turn is being read
        self.cards: Counter = Counter()
        self.chain_now = 0  # clover steps in the turn being read
        self.chain: tuple[int, int, str] | None = None  # the longest clover chain so far: (length, turn, player)
        self.ended: tuple[int, str] | None = None  # (turn, player) of the turn that ended the game

    # during the replay

    def begin(self, turn: dict, view: dict) -> None:
        """A turn starts; ``view`` is the table before it."""
        self.player = turn["player"]

    def action_played(self, action: dict, state: Any, ruleset: Ruleset) -> None:
        if action["type"] == "play":
            self.cards[action["card"]["color"]] += 1

    def turn_played(self, index: int, turn: dict, after: dict) -> None:
        """A turn ended; ``after`` is the table after it."""
        if self.chain_now and (self.chain is None or self.chain_now > self.chain[0]):
            self.chain = (self.chain_now, index, turn["player"])
        self.chain_now = 0
        if self.ended is None and self._ended(after):
            self.ended = (index, turn["player"])

    def measures(self, view: dict) -> dict:
        """What the history keeps of a table besides the scores."""
        return {}

    @staticmethod
    def _ended(view: dict) -> bool:
        return view["over"]

    # afterwards

    def longest_chain(self) -> dict | None:
        if self.chain is None:
            return None
        length, turn, player = self.chain
        return {"length": length, "turn": turn, "player": player}

    def biggest_turn(self, start: dict, history: list[dict]) -> dict | None:
        """The turn whose player gained the most points in it."""
        return _biggest_gain(start["scores"], history, "scores")

    def cards_played(self) -> dict[str, int]:
        return {color: self.cards[color] for color in COLORS}

    def end(self, sheet: dict) -> dict | None:
        if sheet["status"] != "finished" or self.ended is None:
            return None
        turn, player = self.ended
        return {"reason": sheet["end_reason"], "turn": turn, "player": player}

    def sources(self, sheet: dict, view: dict) -> dict:
        """Per player, where the final score came from (each game says)."""
        raise NotImplementedError


class _Keltis(_Reader):
    """Keltis: a chain is the clover steps of one turn (rules §9); points
    come from figures, point tiles (the track) and wishing stones."""

    def action_played(self, action: dict, state: Any, ruleset: Ruleset) -> None:
        super().action_played(action, state, ruleset)
        if action["type"] == "clover" and action.get("path") is not None:
            self.chain_now += 1

    def sources(self, sheet: dict, view: dict) -> dict:
        return {
            player["id"]: {
                "figures": player["breakdown"]["figures"],
                "tiles": player["breakdown"]["track"],
                "wishing_stones": player["breakdown"]["wishing_stones"],
            }
            for player in sheet["players"]
        }


class _Orakel(_Reader):
    """Keltis: Das Orakel: clovers move a figure by themselves (rules §8.3),
    so a chain is traced on the board from where the moving figure started
    to where it came to rest after each action that moved it (a ``play``,
    a ``spiral``, or the ``reveal`` of a clover it had reached). The track
    is split by the engine's ``track_sources``, and the wishing stones'
    value into the stones' own table value and what the mirrors multiplied
    it by."""

    def __init__(self, record: dict, start: dict):
        super().__init__(record, start)
        self.colours = [spot["color"] for spot in start["fields"]]
        self.figures_before: list[int] = []
        self.moves: list[tuple[int, str | None, int]] = []  # (from, card colour or None, came to rest)

    def begin(self, turn: dict, view: dict) -> None:
        super().begin(turn, view)
        self.figures_before = view["players"][self.player]["figures"]

    def action_played(self, action: dict, state: Any, ruleset: Ruleset) -> None:
        super().action_played(action, state, ruleset)
        figures = ruleset.view(state)["players"][self.player]["figures"]
        arrived = list((Counter(figures) - Counter(self.figures_before)).elements())
        left = list((Counter(self.figures_before) - Counter(figures)).elements())
        self.figures_before = figures
        if not arrived:
            return
        if action["type"] == "play":
            self.moves.append((left[0], action["card"]["color"], arrived[0]))
        elif action["type"] == "spiral":
            self.moves.append((action["to"], None, arrived[0]))
        else:  # the reveal of a clover the figure had reached let it go on
            self.moves.append((left[0], None, arrived[0]))

    def turn_played(self, index: int, turn: dict, after: dict) -> None:
        tiles = [spot["tile"] for spot in after["fields"]]
        self.chain_now = sum(self._clover_steps(start, colour, rest, tiles) for start, colour, rest in self.moves)
        self.moves = []
        super().turn_played(index, turn, after)

    def _clover_steps(self, start: int, colour: str | None, rest: int, tiles: list) -> int:
        """Clover moves from ``start`` (after a card move of ``colour``, when
        given) to where the figure came to rest, following the clover tiles
        on the board; 0 when they do not lead there."""
        spot = self._next(start, colour) if colour else start
        steps = 0
        while spot is not None and spot != rest:
            tile = tiles[spot] or ""
            if not tile.startswith("clover-"):
                break
            spot = self._next(spot, tile.removeprefix("clover-"))
            steps += 1
        return steps if spot == rest else 0

    def _next(self, spot: int, colour: str) -> int | None:
        """The first field strictly ahead of ``spot`` of ``colour`` (rules §8.1)."""
        for index in range(spot + 1, len(self.colours)):
            if self.colours[index] == colour:
                return index
        return None

    def sources(self, sheet: dict, view: dict) -> dict:
        answer = {}
        for player in sheet["players"]:
            breakdown = player["breakdown"]
            track = view["players"][player["id"]]["track_sources"]
            stones = breakdown["wishing_stones"] // (1 + breakdown["mirrors"])
            answer[player["id"]] = {
                "track_start": track["start"],
                "figures": breakdown["figures"],
                "tiles": track["tiles"],
                "wishing_stones": stones,
                "mirrors": breakdown["wishing_stones"] - stones,
                "priestess": track["priestess"],
                "goblin": track["goblin"],
            }
        return answer


class _Celtica(_Reader):
    """Celtica: no clovers and no points but amulets; the history also
    keeps the parts each player holds, the biggest turn is the most parts
    gained in one turn, and the cards played are druid cards per druid."""

    def __init__(self, record: dict, start: dict):
        super().__init__(record, start)
        self.end_phase = {player: {"gained": 0, "lost": 0} for player in self.players}

    def action_played(self, action: dict, state: Any, ruleset: Ruleset) -> None:
        if action["type"] == "move":  # druid and experience cards alike count for the druid
            self.cards[action["druid"]] += action["cards"] + (action.get("experience") or 0)
        elif action["type"] in ("swap", "buy"):
            self.end_phase[self.player]["gained"] += 1
            self.end_phase[self.player]["lost"] += action["type"] == "swap"

    def measures(self, view: dict) -> dict:
        return {"parts": _parts_held(view)}

    @staticmethod
    def _ended(view: dict) -> bool:
        return view["phase"] != "play"  # the play phase ended: the end phase or over

    def biggest_turn(self, start: dict, history: list[dict]) -> dict | None:
        """The turn whose player gained the most parts in it."""
        return _biggest_gain(start["parts"], history, "parts")

    def cards_played(self) -> dict[str, int]:
        return {druid: self.cards[druid] for druid in DRUIDS}

    def sources(self, sheet: dict, view: dict) -> dict:
        answer = {}
        for player in sheet["players"]:
            held = view["players"][player["id"]]
            answer[player["id"]] = {
                "complete": player["breakdown"]["complete"],
                "parts_held": sum(held["parts"].values()),
                "by_location": held["by_location"],
                "end_phase": self.end_phase[player["id"]],
            }
        return answer


def _biggest_gain(start: dict[str, int], history: list[dict], key: str) -> dict | None:
    """The turn whose player's ``key`` count rose most in it (the first on a tie)."""
    best = None
    before = start
    for entry in history:
        gain = entry[key][entry["player"]] - before[entry["player"]]
        if best is None or gain > best["gain"]:
            best = {"turn": entry["turn"], "player": entry["player"], "gain": gain}
        before = entry[key]
    return best


def _parts_held(view: dict) -> dict[str, int]:
    return {player: sum(held["parts"].values()) for player, held in view["players"].items()}


_READERS: dict[str, type[_Reader]] = {"keltis": _Keltis, "keltis-orakel": _Orakel, "celtica": _Celtica}
