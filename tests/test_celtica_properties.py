"""Properties over random legal Celtica games, and canonical packing by brute force."""

import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from refusals import assert_a_refused_action_changes_nothing
from scoring import Game, Refused
from scoring.celtica.score import amulet_score, ranking_key
from scoring.celtica.state import DRUIDS, KINDS

from celtica_games import IDS, OPTIONS, boards, play_turn, random_game, record, setups

PART = st.sampled_from(KINDS)
ANY_ACTION = st.one_of(
    st.builds(lambda druid, cards, experience: {"type": "move", "druid": druid, "cards": cards,
                                                "experience": experience},
              st.sampled_from(DRUIDS), st.integers(0, 7), st.integers(0, 3)),
    st.builds(lambda parts: {"type": "take", "parts": parts}, st.lists(PART, max_size=4)),
    st.builds(lambda parts: {"type": "give", "parts": parts}, st.lists(PART, max_size=3)),
    st.builds(lambda parts: {"type": "reveal", "parts": parts}, st.lists(st.none() | PART, max_size=4)),
    st.builds(lambda draw: {"type": "cult", "draw": draw}, st.none() | st.booleans()),
    st.builds(lambda give, take: {"type": "swap", "give": give, "take": take}, PART, PART),
    st.builds(lambda part: {"type": "buy", "part": part}, PART),
    # malformed actions: record.invalid or, by chance, a legal one
    st.dictionaries(st.sampled_from(["type", "druid", "cards", "experience", "parts", "draw", "give", "take",
                                     "part"]),
                    st.none() | st.booleans() | st.integers(-2, 12) | st.sampled_from([*KINDS, *DRUIDS, "move"])
                    | st.lists(st.none() | PART, max_size=2), max_size=4),
)


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(2, 5), st.booleans())
def test_random_legal_games(data, players, sample_board):
    board = None if sample_board else data.draw(boards())
    setup = data.draw(setups(players))
    options = data.draw(OPTIONS)
    rec, game = random_game(data.draw, players, board=board, setup=setup, options=options)
    assert game.is_over
    fresh = Game.replay(rec)
    assert fresh.scoresheet() == game.scoresheet()
    assert fresh.view() == game.view()
    assert game.scoresheet()["status"] == "finished"
    assert game.scoresheet()["end_reason"] in ("round_after_goal", "all_druids_in_goal", "parts_exhausted")
    assert game.decision().name == "over"
    for seat in game.view()["players"].values():
        assert sum(len(amulet) for amulet in seat["amulets"]) == sum(seat["parts"].values())


@settings(max_examples=30, deadline=None)
@given(st.data(), st.integers(2, 5))
def test_illegal_turns_are_refused_cleanly_and_change_nothing(data, players):
    board = data.draw(st.none() | boards())
    rec = record([], players=players, board=board, setup=data.draw(setups(players)), options=data.draw(OPTIONS))
    game = Game.start(rec)
    while not game.is_over and game.turns_played < 120:
        legal = play_turn(data.draw, game)
        if data.draw(st.booleans()):
            cut = data.draw(st.integers(0, len(legal["actions"])))
            bad = {"player": legal["player"],
                   "actions": legal["actions"][:cut] + data.draw(st.lists(ANY_ACTION, min_size=1, max_size=2))}
            if data.draw(st.integers(0, 9)) == 0:
                bad["player"] = data.draw(st.sampled_from(IDS[:players]))
            before = pickle.dumps(game.state)
            assert_a_refused_action_changes_nothing(game, bad)
            answer = game.check(bad)
            assert pickle.dumps(game.state) == before
            try:
                game.copy().play(bad)
                assert answer["legal"] and answer["complete"]
            except Refused as refused:
                if answer["violations"]:
                    assert answer["violations"][0] == refused.violation
                else:  # legal so far, but a decision is left open
                    assert not answer["complete"] and refused.violation.rule == "turn.incomplete"
            assert pickle.dumps(game.state) == before
        answer = game.check(legal)
        assert answer["legal"] and answer["complete"]
        game.play(legal)


@settings(max_examples=10, deadline=None)
@given(st.data(), st.integers(2, 5))
def test_every_listed_action_is_accepted(data, players):
    """Not just the one the generator picks: every action of every decision."""
    game = Game.start(record([], players=players, board=data.draw(st.none() | boards()),
                             setup=data.draw(setups(players)), options=data.draw(OPTIONS)))
    ruleset = game.ruleset
    while not game.is_over:
        state = pickle.loads(pickle.dumps(game.state))
        ruleset.begin_turn(state, state.active)
        played = []
        while True:
            decision = ruleset.decision(state)
            for action in decision.actions:
                ruleset.apply(pickle.loads(pickle.dumps(state)), action)
            if decision.can_end:
                ruleset.end_turn(pickle.loads(pickle.dumps(state)))
            if not decision.actions or (decision.can_end and data.draw(st.booleans())):
                break
            action = data.draw(st.sampled_from(decision.actions))
            ruleset.apply(state, action)
            played.append(action)
        game.play({"player": game.state.active, "actions": played})


# -- canonical packing -----------------------------------------------------------------


def arrangements(parts: list[str]):
    """Every way to put these parts into amulets (one part of a kind per amulet)."""
    def place(index: int, amulets: list[set]):
        if index == len(parts):
            yield amulets
            return
        kind = parts[index]
        for amulet in amulets:
            if kind not in amulet:
                amulet.add(kind)
                yield from place(index + 1, amulets)
                amulet.remove(kind)
        amulets.append({kind})
        yield from place(index + 1, amulets)
        amulets.pop()

    yield from place(0, [])


def key_of(amulets: list[set]) -> tuple:
    sizes = sorted((len(amulet) for amulet in amulets), reverse=True)
    complete = sum(size == len(KINDS) for size in sizes)
    incomplete = sizes[complete:]
    return (complete, *incomplete, *([0] * (10 - len(incomplete))))


def best_by_brute_force(counts: dict[str, int]) -> tuple:
    parts = [kind for kind in KINDS for _ in range(counts[kind])]
    return max(key_of(amulets) for amulets in arrangements(parts))


@settings(max_examples=60, deadline=None)
@given(st.lists(PART, max_size=7))
def test_canonical_packing_is_never_beaten(parts):
    counts = {kind: parts.count(kind) for kind in KINDS}
    assert ranking_key(counts) == best_by_brute_force(counts)


def test_canonical_packing_with_a_complete_amulet():
    counts = dict.fromkeys(KINDS, 1) | {"n": 2}
    assert ranking_key(counts) == best_by_brute_force(counts)
    assert amulet_score(counts) == (1, [1])


# -- the choices a client composes from ------------------------------------------------


def admitted_by_choices(decision, parts: tuple) -> bool:
    """The rules the module docstring gives a client for composing a take,
    give or reveal from ``decision.choices`` alone."""
    choices = decision.choices
    if decision.name == "take":
        named = {kind: parts.count(kind) for kind in set(parts)}
        beyond = sum(max(0, count - choices["known"][kind]) for kind, count in named.items() if kind in choices["known"])
        return (len(parts) == choices["count"] and beyond <= choices["unknown"]
                and all(count <= choices["max"].get(kind, 0) for kind, count in named.items()))
    if decision.name == "give":
        return len(parts) == choices["count"] and all(
            parts.count(kind) <= choices["max"].get(kind, 0) for kind in set(parts))
    stretches, at = [], 0
    for pile in choices["from"]:
        stretches.append((parts[at:at + pile["count"]], pile["max"]))
        at += pile["count"]
    return len(parts) == choices["drawn"] and all(
        stretch.count(kind) <= most.get(kind, 0) for stretch, most in stretches for kind in set(stretch) - {None})


def accepted(ruleset, state, kind: str, parts: tuple) -> bool:
    try:
        ruleset.apply(pickle.loads(pickle.dumps(state)), {"type": kind, "parts": list(parts)})
    except Exception as broken:  # RuleBroken: the engine refuses it
        assert not isinstance(broken, Refused)
        return False
    return True


@settings(max_examples=15, deadline=None)
@given(st.data(), st.integers(2, 5))
def test_choices_admit_exactly_what_the_engine_accepts(data, players):
    """For small takes, gives and reveals: every candidate the choices admit
    is accepted, every other one refused; takes and gives are listed in full."""
    rec, game = random_game(data.draw, players, board=data.draw(st.none() | boards()),
                            setup=data.draw(setups(players)), options=data.draw(OPTIONS), max_turns=30)
    game = Game.start(rec)
    ruleset = game.ruleset
    for turn in rec["turns"]:
        state = pickle.loads(pickle.dumps(game.state))
        ruleset.begin_turn(state, turn["player"])
        for action in [*turn["actions"], None]:
            decision = ruleset.decision(state)
            kind = "reveal" if decision.name == "end" else decision.name
            size = decision.choices.get("count", decision.choices.get("drawn"))
            # a reveal is only asked for when the refill draws a part (rules §5.3)
            if kind in ("take", "give", "reveal") and size is not None and (kind == "reveal") <= size <= 2:
                pool = (None, *KINDS) if kind == "reveal" else KINDS
                candidates = ([()] if size == 0 else [(a,) for a in pool] if size == 1
                              else [(a, b) for a in pool for b in pool])
                for parts in candidates:
                    if kind != "reveal" and list(parts) != sorted(parts, key=KINDS.index):
                        continue  # takes and gives are listed in the order of KINDS
                    assert admitted_by_choices(decision, parts) == accepted(ruleset, state, kind, parts), parts
                    if kind != "reveal":
                        assert ({"type": kind, "parts": list(parts)} in decision.actions) == \
                            admitted_by_choices(decision, parts)
            if action is not None:
                ruleset.apply(state, action)
        game.play(turn)
