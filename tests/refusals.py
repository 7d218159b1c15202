"""A refused action changes nothing: the engine checks before it applies
(scoring/engine.py), so ``check`` needs no copy per action."""

from __future__ import annotations

import pickle

from scoring import Game, RuleBroken


def assert_a_refused_action_changes_nothing(game: Game, turn: dict) -> None:
    """Play ``turn`` action by action on a copy of ``game``: the state after
    a refused ``begin_turn`` or action is byte for byte the state before it."""
    ruleset, state = game.ruleset, game.copy().state
    try:
        ruleset.validate_turn(turn, game.players)
    except RuleBroken:
        return  # a malformed turn never reaches the state
    before = pickle.dumps(state)
    try:
        ruleset.begin_turn(state, turn["player"])
    except RuleBroken:
        assert pickle.dumps(state) == before
        return
    for action in turn["actions"]:
        before = pickle.dumps(state)
        try:
            ruleset.apply(state, action)
        except RuleBroken as broken:
            assert pickle.dumps(state) == before, broken.rule
            return
