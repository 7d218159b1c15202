"""Properties of random legal Keltis: Das Orakel games (sample and random boards)."""

from __future__ import annotations

import copy
import pickle

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from orakel_games import (boards, conservation_faults, new_record, options, play_random, play_turn, random_action,
                          setups)
from scoring.cards import HAND_SIZE
from refusals import assert_a_refused_action_changes_nothing
from scoring.engine import Game, Refused

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def chooser(data):
    return lambda items: data.draw(st.sampled_from(items))


@st.composite
def games(draw, random_board: bool):
    board = draw(boards()) if random_board else None
    record = new_record(players=draw(st.integers(2, 4)), board=board, options=draw(options()))
    record["setup"] = draw(setups(record["board"]))
    return record


def check_every_action(game: Game) -> None:
    assert conservation_faults(game) == []


@SETTINGS
@given(data=st.data(), random_board=st.booleans())
def test_random_games_conserve_and_replay_the_same(data, random_board):
    start = data.draw(games(random_board))
    record, game = play_random(start, chooser(data), turns=60, after_action=check_every_action)
    for hand in game.state.supply.hands.values():
        assert game.is_over or hand.size == HAND_SIZE
    fresh = Game.replay(record)
    assert fresh.scoresheet() == game.scoresheet()
    assert fresh.view() == game.view()
    assert pickle.loads(pickle.dumps(game.state)).__eq__(game.state)
    assert copy.deepcopy(game.state) == game.state


@SETTINGS
@given(data=st.data())
def test_wild_turns_are_refused_cleanly_and_change_nothing(data):
    start = data.draw(games(random_board=data.draw(st.booleans())))
    record, game = play_random(start, chooser(data), turns=data.draw(st.integers(0, 30)))
    for _ in range(5):
        legal = play_turn(game.copy(), chooser(data)) if not game.is_over else {"player": "anna", "actions": []}
        actions = list(legal["actions"])
        actions.insert(data.draw(st.integers(0, len(actions))), random_action(data.draw(st.randoms(use_true_random=False))))
        turn = {"player": legal["player"], "actions": actions}
        before = pickle.dumps(game.state)
        assert_a_refused_action_changes_nothing(game, turn)
        trial = game.copy()
        try:
            trial.play(turn)
        except Refused as refused:
            assert refused.violation.rule
            assert pickle.dumps(game.state) == before
            continue
        replayed = Game.replay({**record, "turns": [*record["turns"], turn]})
        assert replayed.scoresheet() == trial.scoresheet()
        assert conservation_faults(trial) == []


@SETTINGS
@given(data=st.data())
def test_check_reports_the_decision_it_would_apply(data):
    start = data.draw(games(random_board=False))
    record, game = play_random(start, chooser(data), turns=data.draw(st.integers(0, 20)))
    if game.is_over:
        return
    turn = play_turn(game.copy(), chooser(data))
    cut = data.draw(st.integers(0, len(turn["actions"])))
    before = pickle.dumps(game.state)
    answer = game.check({"player": turn["player"], "actions": turn["actions"][:cut]})
    assert pickle.dumps(game.state) == before
    assert answer["legal"]
    assert answer["complete"] == (cut == len(turn["actions"]))
    if not answer["complete"]:
        assert turn["actions"][cut] in answer["decision"].actions + answer["decision"].optional
