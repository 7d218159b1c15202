"""The end-of-game summary: a pure function from a game record to its story.

:func:`summarize` checks the record with one replay, then folds it again
turn by turn and assembles what the table will want to read afterwards:
the final score sheet, every player's score after every turn (the lead's
history), where each player's points came from, the turns that changed the
lead, and a few notable facts. What any of it means in a game's rules
(clover chains, what the chart measures, where points came from) is the
engine's answer: the game's :class:`scoring.chronicle.Chronicle`. Shape::

    {"game", "title", "players": [{"id", "name"}], "turns": n,
     "chart": "scores" | "parts",   # the key of start and history the lead chart plots
     "scoresheet": <the final score sheet>,
     "start": {"scores": {id: total}, "leaders": [ids]},   # before the first turn
     "history": [{"turn", "player", "scores": {id: total}, "leaders": [ids]}],
     "lead_changes": [{"turn", "player", "leaders", "before"}],
     "decisive_turns": [{"turn", "player", "reason": "lead" | "margin", "leaders",
                         "winner", "second", "change"}],   # scoring.chronicle.decisive_turns
     "sources": {id: {...}},
     "facts": {"longest_clover_chain": {"length", "turn", "player"} | null,
               "biggest_turn": {"turn", "player", "gain"} | null,
               "cards_played": {colour: n},
               "end": {"reason", "turn", "player"} | null}}

``sources`` per game (points add up to the player's total): each game's
chronicle names its own (``scoring/<game>/chronicle.py``).

Celtica's ``start`` and history entries also carry ``parts`` (parts held
per player), since its total (complete amulets) rarely moves; its
``biggest_turn`` counts parts gained, the other games' points; its
``cards_played`` counts druid and experience cards per druid; its ``end``
is the turn that ended the play phase (the end turns follow it).

``leaders`` are the rank-1 players of the score sheet at that moment, so a
game's own tie-break decides who leads.
"""

from __future__ import annotations

import scoring  # noqa: F401  (registers the games)
from scoring.chronicle import decisive_turns
from scoring.engine import Game


def summarize(record: dict) -> dict:
    """The summary of a record (shape in the module docstring).

    Raises :class:`scoring.Refused` when the record does not replay: only a
    game that the engine accepted has a story.
    """
    Game.replay(record)  # the record's shape and every turn, checked once
    game = Game.start(record)
    ruleset = game.ruleset
    chronicle = ruleset.chronicle(record, game.state)
    sheet = game.scoresheet()
    start = {"scores": _scores(sheet), "leaders": sheet["winners"], **chronicle.measures(game.state)}
    history: list[dict] = []
    for index, turn in enumerate(record["turns"]):
        game.play(turn)
        sheet = game.scoresheet()
        chronicle.turn_played(index, turn, game.state)
        history.append({"turn": index, "player": turn["player"], "scores": _scores(sheet),
                        "leaders": sheet["winners"], **chronicle.measures(game.state)})

    return {
        "game": ruleset.game,
        "title": ruleset.title,
        "players": [{"id": player["id"], "name": player["name"]} for player in record["players"]],
        "turns": len(record["turns"]),
        "chart": chronicle.chart,
        "scoresheet": sheet,
        "start": start,
        "history": history,
        "lead_changes": lead_changes(start["leaders"], history),
        "decisive_turns": decisive_turns(start, history, sheet, chronicle.chart),
        "sources": chronicle.sources(sheet, game.state),
        "facts": {
            "longest_clover_chain": chronicle.longest_chain(),
            "biggest_turn": biggest_gain(start[chronicle.chart], history, chronicle.chart),
            "cards_played": chronicle.cards_played(),
            "end": chronicle.end(sheet),
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


def biggest_gain(start: dict[str, int], history: list[dict], key: str) -> dict | None:
    """The turn whose player's ``key`` count (what the chart plots) rose most
    in it (the first on a tie)."""
    best = None
    before = start
    for entry in history:
        gain = entry[key][entry["player"]] - before[entry["player"]]
        if best is None or gain > best["gain"]:
            best = {"turn": entry["turn"], "player": entry["player"], "gain": gain}
        before = entry[key]
    return best


def _scores(sheet: dict) -> dict[str, int]:
    return {player["id"]: player["total"] for player in sheet["players"]}
