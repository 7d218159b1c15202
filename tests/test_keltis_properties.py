"""Properties of random Keltis games (hypothesis drives every choice)."""

import copy
import pickle
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from keltis_games import random_game
from refusals import assert_a_refused_action_changes_nothing
from scoring import Game, Refused
from scoring.engine import RuleBroken
from scoring.keltis import RULESET as KELTIS
from scoring.keltis.board import PATHS, STOCK

CARDS = 110
REMOVED = {2: 30, 3: 0, 4: 0}  # cards put back in the box unseen
FIGURES = 5

SETTINGS = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
GAMES = st.builds(
    lambda rng, players, turns: random_game(rng, players, turns, illegal=0.08),
    st.randoms(use_true_random=False), st.integers(2, 4), st.integers(1, 90),
)


def assert_conserved(state) -> None:
    """Cards, figures and tiles are all where they can be (rules §1, §4)."""
    supply, seats = state.supply, state.seats.values()
    in_rows = Counter((color, value) for seat in seats for color, row in seat.rows.items() for value in row)
    in_piles = Counter((color, value) for color, pile in supply.piles.items() for value in pile)
    known = sum((Counter(hand.known) for hand in supply.hands.values()), Counter())
    hands = sum(hand.size for hand in supply.hands.values())
    assert hands + sum(in_rows.values()) + sum(in_piles.values()) + supply.draw_pile \
        + REMOVED[len(state.players)] == CARDS
    assert +Counter(supply.seen) == in_rows + in_piles + known
    assert max(supply.seen.values(), default=0) <= 2
    assert all(hand.unknown >= 0 for hand in supply.hands.values())

    for seat in seats:
        large_on_paths = sum(figure.large for figure in seat.figures.values())
        assert large_on_paths + seat.large_left == 1
        assert len(seat.figures) + seat.small_left + seat.large_left == FIGURES
        assert all(1 <= figure.row <= 9 for figure in seat.figures.values())
    assert state.goal_area == sum(figure.row >= 7 for seat in seats for figure in seat.figures.values())

    laid = [(path, row, state.laid[path][row]) for path in PATHS for row in range(1, 10)]
    tiles = Counter(tile for _, _, tile in laid if tile not in (None, "none"))
    assert tiles == +state.known_kinds and all(tiles[kind] <= STOCK[kind] for kind in STOCK)
    assert sum(tile not in (None, "none") for _, row, tile in laid if row < 9) <= 20
    assert sum(tile == "none" for _, row, tile in laid if row < 9) <= 20
    assert all(tile != "none" for _, row, tile in laid if row == 9)
    taken = [state.laid[path][row] for path in PATHS for row in range(1, 10) if state.taken[path][row]]
    assert all(tile not in (None, "none") for tile in taken)
    assert sum(seat.stones_held for seat in seats) == taken.count("wish")
    if state.options["point_tiles_stay"]:
        assert set(taken) <= {"wish"}


def without_nulls(action: dict) -> dict:
    return {key: value for key, value in action.items() if value is not None}


def assert_folds_action_by_action(game, rng) -> None:
    """Conservation after every action; every listed answer is accepted; the
    fresh replay agrees with the state the generator ran."""
    record = game.record
    state = KELTIS.start(record["players"], KELTIS.default_options(record["options"]), None, record["setup"])
    assert_conserved(state)
    for turn in record["turns"]:
        KELTIS.begin_turn(state, turn["player"])
        for action in turn["actions"]:
            decision = KELTIS.decision(state)
            listed = decision.actions + decision.optional
            for answer in rng.sample(listed, min(3, len(listed))):
                KELTIS.apply(copy.deepcopy(state), answer)
            KELTIS.apply(state, action)
            assert_conserved(state)
        KELTIS.end_turn(state)
    fresh = Game.replay(record)
    assert fresh.scoresheet() == KELTIS.scoresheet(state) == KELTIS.scoresheet(game.state)
    assert fresh.view() == KELTIS.view(game.state)
    assert pickle.loads(pickle.dumps(fresh.state)).supply == fresh.state.supply


@SETTINGS
@given(GAMES, st.randoms(use_true_random=False))
def test_a_random_game_folds_action_by_action(game, rng):
    assert_folds_action_by_action(game, rng)


def test_long_seeded_games_to_both_ends():
    """Whole games to their end (hypothesis keeps its games short); the odd
    seeds play at every chance, so some end in the goal area."""
    ends = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        game = random_game(rng, players=2 + seed % 3, turns=200, illegal=0.05, eagerness=1.0 if seed % 2 else None)
        assert_folds_action_by_action(game, rng)
        assert_refusals_leave_the_game_unchanged(game)
        assert_accepted_actions_were_listed(game)
        ends[game.state.end_reason] += 1
    assert set(ends) == {"goal_area", "deck_exhausted"}


def assert_refusals_leave_the_game_unchanged(game) -> None:
    """Every refused random action, played as a turn on a copy of the game
    before it, is refused at that action and leaves the game as it was."""
    record = game.record
    for index, prefix, action, rule in game.refused[:6]:
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
        with pytest.raises(Refused):
            Game.replay({**record, "turns": [*record["turns"][:index], turn]})


@SETTINGS
@given(GAMES)
def test_refused_turns_leave_the_game_unchanged(game):
    assert_refusals_leave_the_game_unchanged(game)


def assert_accepted_actions_were_listed(game) -> None:
    """decision() lists every answer the engine would take (confirming
    reveals of known stones and keys set to null aside)."""
    for action, decision in game.accepted_extra:
        if action["type"] == "reveal" and decision.name != "reveal":
            if str(action["row"]) not in decision.choices["reveals"].get(action["path"], {}):
                continue  # it confirmed a known stone
        listed = [without_nulls(answer) for answer in decision.actions + decision.optional]
        assert without_nulls(action) in listed, (action, decision.name)


@SETTINGS
@given(GAMES)
def test_random_actions_the_engine_accepts_are_listed(game):
    assert_accepted_actions_were_listed(game)


@SETTINGS
@given(st.randoms(use_true_random=False), st.integers(2, 4), st.integers(0, 60))
def test_replay_raises_only_refused(rng, players, turns):
    """A legal record with one random turn appended: a sheet or a refusal."""
    record = random_game(rng, players, turns).record
    actions = [{"type": rng.choice(["play", "discard", "clover", "reveal", "draw", "pass"]),
                "card": {"color": rng.choice([*PATHS, "gold"]), "value": rng.randint(-1, 11)},
                "path": rng.choice([None, *PATHS]), "row": rng.randint(0, 10), "tile": rng.choice(["wish", "none"]),
                "from": "deck", "figure": rng.choice([None, "small"])} for _ in range(rng.randint(0, 3))]
    for action in actions:
        for key in rng.sample(sorted(action), rng.randint(0, len(action))):
            if key != "type":
                del action[key]
    player = rng.choice([p["id"] for p in record["players"]])
    try:
        Game.replay({**record, "turns": [*record["turns"], {"player": player, "actions": actions}]})
    except Refused as refused:
        assert refused.violation.rule
    except RuleBroken:  # pragma: no cover - the fold must position every refusal
        pytest.fail("a RuleBroken escaped the fold")
