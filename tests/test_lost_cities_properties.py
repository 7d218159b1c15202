"""Properties of random Lost Cities rounds (hypothesis drives every choice):
the fold never crashes, the score recomputed from the expeditions equals
the running score, and every card is where it can be."""

import pickle
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lost_cities_games import VALUES, random_game
from refusals import assert_a_refused_action_changes_nothing
from scoring import Game, Refused, tally
from scoring.engine import RuleBroken
from scoring.lost_cities.state import COLORS, PURPLE, WAGER

HAND = 8
SETTINGS = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
GAMES = st.builds(lambda rng, turns: random_game(rng, turns, illegal=0.08),
                  st.randoms(use_true_random=False), st.integers(1, 120))


def assert_conserved(state) -> None:
    """Every card is in a hand, an expedition, a pile or the deck (rules §1, §4)."""
    supply = state.supply
    cards = 12 * len(state.colors)
    in_rows = Counter((color, value) for seat in state.expeditions.values() for color, row in seat.items()
                      for value in row)
    in_piles = Counter((color, value) for color, pile in supply.piles.items() for value in pile)
    known = sum((Counter(hand.known) for hand in supply.hands.values()), Counter())
    hands = sum(hand.size for hand in supply.hands.values())
    assert hands + sum(in_rows.values()) + sum(in_piles.values()) + supply.draw_pile == cards
    assert +Counter(supply.seen) == in_rows + in_piles + known
    assert all(copies <= (3 if value == WAGER else 1) for (_, value), copies in supply.seen.items())
    assert all(hand.unknown >= 0 and len(hand.known) <= hand.size for hand in supply.hands.values())
    if state.decision == "main" and not state.over:
        assert supply.hands[state.active].size == HAND


def recomputed(game: Game) -> dict:
    """The sheet from the final expeditions alone, through the tally."""
    view = game.view()
    state = game.state
    return tally({"game": "lost-cities", "options": state.options,
                  "players": [{"id": player, "expeditions": view["players"][player]["expeditions"],
                               "earlier_rounds": state.carry[player]} for player in state.players]})


def assert_folds_and_scores(made) -> None:
    """Conservation after every action; the running score equals the score
    recomputed from the expeditions; a fresh replay agrees."""
    record = made.record
    game = Game.start(record)
    assert_conserved(game.state)
    ruleset, state = game.ruleset, game.state
    for turn in record["turns"]:
        ruleset.begin_turn(state, turn["player"])
        for action in turn["actions"]:
            ruleset.apply(state, action)
            assert_conserved(state)
        ruleset.end_turn(state)
        game.turns_played += 1
        running, again = game.scoresheet(), recomputed(game)
        assert [(p["total"], p["breakdown"], p["rank"]) for p in running["players"]] == \
            [(p["total"], p["breakdown"], p["rank"]) for p in again["players"]]
        assert running["winners"] == again["winners"]
    fresh = Game.replay(record)
    assert fresh.scoresheet() == game.scoresheet() == made.game.scoresheet()
    assert fresh.view() == made.game.view()
    assert pickle.loads(pickle.dumps(fresh.state)).supply == fresh.state.supply
    if fresh.is_over:
        assert fresh.view()["deck"] == 0 and fresh.scoresheet()["end_reason"] == "deck_exhausted"


@SETTINGS
@given(GAMES)
def test_a_random_round_folds_and_its_score_is_the_expeditions_score(made):
    assert_folds_and_scores(made)


def assert_refusals_leave_the_game_unchanged(made) -> None:
    record = made.record
    for index, prefix, action, rule in made.refused[:6]:
        stored = Game.replay({**record, "turns": record["turns"][:index]})
        before = pickle.dumps(stored.state)
        turn = {"player": record["turns"][index]["player"], "actions": [*prefix, action]}
        assert_a_refused_action_changes_nothing(stored, turn)
        with pytest.raises(Refused) as refused:
            stored.copy().play(turn)
        assert (refused.value.violation.rule, refused.value.violation.action) == (rule, len(prefix))
        assert pickle.dumps(stored.state) == before
        check = stored.check(turn)
        assert not check["legal"] and check["violations"][0].rule == rule
        assert pickle.dumps(stored.state) == before


@SETTINGS
@given(GAMES)
def test_refused_turns_leave_the_game_unchanged(made):
    assert_refusals_leave_the_game_unchanged(made)


@SETTINGS
@given(GAMES)
def test_random_actions_the_engine_accepts_are_listed(made):
    for action, decision in made.accepted_extra:
        assert action in decision.actions, (action, decision.name)


def test_whole_seeded_rounds_end_with_the_deck():
    for seed in range(6):
        made = random_game(random.Random(seed), turns=400, illegal=0.05, purple=bool(seed % 2))
        assert made.game.is_over
        assert_folds_and_scores(made)
        assert_refusals_leave_the_game_unchanged(made)


@SETTINGS
@given(st.randoms(use_true_random=False), st.integers(0, 60))
def test_replay_raises_only_refused(rng, turns):
    """A legal record with one random turn appended: a sheet or a refusal."""
    record = random_game(rng, turns).record
    actions = [{"type": rng.choice(["play", "discard", "draw", "pass"]),
                "card": {"color": rng.choice([*COLORS, PURPLE, "gold"]), "value": rng.choice([*VALUES, 1, 11, "x"])},
                "from": rng.choice(["deck", *COLORS, PURPLE])} for _ in range(rng.randint(0, 3))]
    for action in actions:
        for key in rng.sample(sorted(action), rng.randint(0, len(action))):
            if key != "type":
                del action[key]
    player = rng.choice(["anna", "ben", "zoe"])
    try:
        Game.replay({**record, "turns": [*record["turns"], {"player": player, "actions": actions}]})
    except Refused as refused:
        assert refused.violation.rule
    except RuleBroken:  # pragma: no cover - the fold must position every refusal
        pytest.fail("a RuleBroken escaped the fold")
