"""The open decision and its legal choices (rules §4.5), and the view's shape."""

import copy
import json
import random
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Game, Refused
from scoring.answers import check_game
from scoring.celtica.choices import build_parts
from scoring.celtica.state import KINDS

from celtica_games import conservation, load, move, record, reveal, take, turn


def opened(game: Game, *actions: dict):
    """The state after these actions of the open turn, and its decision."""
    state = copy.deepcopy(game.state)
    game.ruleset.begin_turn(state, state.active)
    for action in actions:
        game.ruleset.apply(state, action)
    return state, game.ruleset.decision(state)


def test_opening_move_decision():
    decision = Game.start(record([])).decision()
    assert (decision.name, decision.player, decision.can_end) == ("move", "anna", False)
    assert decision.choices == {"druids": dict.fromkeys(["red", "grey", "white", "brown", "black"], 0), "cards": 5,
                                "experience": 0, "goal": 18,
                                "options": {"overshoot": "cap", "experience_alone": True,
                                            "experience_needs_druid_card": True, "take_count": "up_to"}}
    assert len(decision.actions) == 25 and {"type": "move", "druid": "black", "cards": 5} in decision.actions


def test_move_decision_follows_the_options():
    short = {"locations": [{"kind": "start"}, {"kind": "village", "parts": 1}, {"kind": "goal", "parts": 2}]}
    forbid = Game.start(record([], board=short, options={"overshoot": "forbid"})).decision()
    assert sorted(action["cards"] for action in forbid.actions if action["druid"] == "red") == [1, 2]
    turns = [turn("anna", move("red", 3), {"type": "give", "parts": ["n"]}), turn("ben", move("grey", 1), take("n"))]
    alone = Game.replay(record(turns)).decision()
    assert {"type": "move", "druid": "red", "cards": 0, "experience": 1} in alone.actions
    assert alone.choices["experience"] == 1
    not_alone = Game.replay(record(turns, options={"experience_alone": False})).decision()
    assert all(action["cards"] for action in not_alone.actions)
    assert {"type": "move", "druid": "red", "cards": 1, "experience": 1} in not_alone.actions


@pytest.mark.parametrize("take_count", ["exactly", "up_to"])
def test_take_decision_with_unknown_spaces(take_count):
    setup = {"display": ["n"] * 8 + [None], "parts": {"anna": ["n", "n"], "ben": ["s", "s"]}}
    game = Game.start(record([], setup=setup, options={"take_count": take_count}))
    _, decision = opened(game, move("red", 4))  # the monastery: 2 parts
    # exactly: n n, or n and one unseen kind other than n; up to: also one part or none
    answers = 1 + 8 if take_count == "exactly" else 1 + 8 + 9 + 1
    assert decision.name == "take" and decision.listed and decision.choices == {
        "count": 2, "least": 2 if take_count == "exactly" else 0, "kinds": list(KINDS),
        "max": {kind: 8 if kind == "n" else 1 for kind in KINDS},
        "known": {kind: 8 if kind == "n" else 0 for kind in KINDS}, "unknown": 1, "answers": answers}
    # the unknown space can be any kind with an unseen copy, but only one of them
    assert {"type": "take", "parts": ["n", "n"]} in decision.actions
    assert {"type": "take", "parts": ["center", "n"]} in decision.actions
    assert all(sum(part != "n" for part in action["parts"]) <= 1 for action in decision.actions)
    assert len(decision.actions) == answers
    assert ({"type": "take", "parts": []} in decision.actions) == (take_count == "up_to")


def legal_by_choices(choices: dict, parts: tuple[str, ...]) -> bool:
    """The rule the module docstring gives clients for composing a take or give."""
    named = {kind: parts.count(kind) for kind in set(parts)}
    if not choices["least"] <= len(parts) <= choices["count"] or any(count > choices["max"].get(kind, 0) for kind, count in named.items()):
        return False
    beyond = sum(max(0, count - choices.get("known", choices["max"])[kind]) for kind, count in named.items())
    return beyond <= choices.get("unknown", 0)


def multisets(most: int) -> list[tuple[str, ...]]:
    return [parts for size in range(most + 1) for parts in combinations_with_replacement(KINDS, size)]


def accepted_answers(game: Game, state, kind: str, most: int) -> set[tuple[str, ...]]:
    """Every multiset of up to ``most`` parts the engine accepts as this action, by trying each one."""
    found = set()
    for parts in multisets(most):
        trial = Game(game.ruleset, copy.deepcopy(state), game.players)
        try:
            trial.ruleset.apply(trial.state, {"type": kind, "parts": list(parts)})
        except Exception as broken:  # RuleBroken: a refused answer
            assert not isinstance(broken, Refused)
            continue
        found.add(tuple(sorted(parts, key=KINDS.index)))
    return found


@pytest.mark.parametrize("take_count", ["exactly", "up_to"])
@pytest.mark.parametrize("display", [
    ["n", "n", "s", "e", "e", "e", None, None, None],  # known spaces and three unknown ones
    [None] * 9,  # nothing known: every kind with unseen copies
    list(KINDS),  # all known, one of each
])
def test_take_decision_lists_every_legal_take_and_its_choices_say_which(display, take_count):
    board = {"locations": [{"kind": "start"}, {"kind": "castle", "parts": 3}, {"kind": "goal", "parts": 1}]}
    setup = {"display": display, "parts": {"anna": ["n", "s"], "ben": ["e", "w"]}}
    game = Game.start(record([], board=board, setup=setup, options={"take_count": take_count}))
    state, decision = opened(game, move("red", 1))
    accepted = accepted_answers(game, state, "take", 3)
    assert accepted == {parts for parts in multisets(3) if legal_by_choices(decision.choices, parts)}
    assert decision.choices["answers"] == len(accepted)
    listed = {tuple(action["parts"]) for action in decision.actions}
    # listed while at most 150 (one of them has 220 takes up to 3 parts)
    assert decision.listed == (len(accepted) <= 150)
    assert listed == (accepted if decision.listed else set()) and len(listed) == len(decision.actions)


def test_give_decision_lists_every_legal_give_and_its_choices_say_which():
    board = {"locations": [{"kind": "start"}, {"kind": "ruin", "parts": 3}, {"kind": "goal", "parts": 1}]}
    game = Game.start(record([], board=board))
    game.state.seats["anna"].parts.update({"n": 3, "e": 1, "w": 2})  # she held n, s: 5 more from the supply
    game.state.supply -= 5
    conservation(game.state)
    state, decision = opened(game, move("red", 1))
    assert decision.choices == {"count": 3, "least": 3, "kinds": ["n", "e", "s", "w"],
                                "max": {"n": 3, "e": 1, "s": 1, "w": 2}, "answers": 11}
    listed = {tuple(action["parts"]) for action in decision.actions}
    assert decision.listed and len(listed) == 11
    assert listed == accepted_answers(game, state, "give", 3)
    assert listed == {parts for parts in multisets(3) if legal_by_choices(decision.choices, parts)}


@pytest.mark.parametrize("take_count, answers", [("exactly", 24310), ("up_to", 48620)])
def test_the_largest_take_is_described_not_listed(take_count, answers):
    """Issue 12 §3: 9 parts over an unknown display are too many takes to
    list (9 of 9 kinds with repeats; up to 9 of them); the choices describe
    them, and every take built from the choices part by part is accepted."""
    board = {"locations": [{"kind": "start"}, {"kind": "castle", "parts": 9}, {"kind": "goal", "parts": 1}]}
    game = Game.start(record([], board=board, setup={"parts": {"anna": ["n", "s"], "ben": ["e", "w"]}},
                             options={"take_count": take_count}))
    state, decision = opened(game, move("red", 1))
    assert (decision.name, decision.listed, decision.actions) == ("take", False, [])
    assert decision.choices["count"] == 9 and decision.choices["answers"] == answers
    rng = random.Random(12)
    for _ in range(50):
        parts = build_parts(decision.choices, rng.choice)
        assert legal_by_choices(decision.choices, tuple(parts))
        game.ruleset.apply(copy.deepcopy(state), {"type": "take", "parts": parts})


def test_the_largest_take_grows_part_by_part_as_the_engine_says():
    """Issue 28 §2: the composer builds a take too large to list from the
    check's ``next`` (``?building=true``), never from a rule of its own:
    every step it offers keeps the take legal, and the take ends legal."""
    board = {"locations": [{"kind": "start"}, {"kind": "castle", "parts": 9}, {"kind": "goal", "parts": 1}]}
    game = Game.start(record([], board=board, setup={"parts": {"anna": ["n", "s"], "ben": ["e", "w"]}}))
    opening = game.check(turn("anna", move("red", 1)))["decision"].to_json()
    # up to 9 parts (the default): any kind first, or none at all
    assert opening["next"] == [{"type": "take", "parts": parts} for parts in [*([kind] for kind in KINDS), []]]
    rng = random.Random(28)
    for _ in range(3):
        building: dict = {"type": "take", "parts": []}
        while True:
            offered = check_game(game.copy(), turn("anna", move("red", 1), building), "en", building=True)
            grown = rng.choice(offered["decision"]["next"])
            if grown == building:
                break
            building = grown
        assert game.copy().check(turn("anna", move("red", 1), building))["legal"]


def test_give_cult_reveal_done_and_over_decisions():
    game = Game.start(record([]))
    _, give = opened(game, move("red", 3))
    assert give.choices == {"count": 1, "least": 1, "kinds": ["n", "s"], "max": {"n": 1, "s": 1}, "answers": 2}
    assert give.actions == [{"type": "give", "parts": ["n"]}, {"type": "give", "parts": ["s"]}]
    _, cult = opened(game, move("red", 2))
    assert cult.choices == {"draw": [True, False]} and len(cult.actions) == 2
    _, revealing = opened(game, move("red", 1), take("n"))
    assert revealing.name == "reveal" and revealing.can_end and revealing.listed and revealing.choices == {"drawn": 1, "from": [
        # unseen: 10 less the display's one and the held ones (Anna n, n, s; Ben center, w)
        {"pile": "supply", "count": 1, "max": {kind: 8 if kind in ("center", "n", "s", "w") else 9 for kind in KINDS}}]}
    assert revealing.actions[0] == reveal(None) and reveal("n") in revealing.actions and revealing.optional == []
    _, done = opened(game, move("red", 1), take("n"), reveal("e"))
    assert (done.name, done.actions, done.can_end) == ("done", [], True)
    assert Game.replay(load("complete_game")["record"]).decision().name == "over"


def test_end_decision():
    rec = load("complete_game")["record"]
    game = Game.replay({**rec, "turns": rec["turns"][:23]})  # Dirk: two experience cards
    decision = game.decision()
    assert decision.name == "end" and decision.can_end and decision.choices["experience"] == 2
    assert {"type": "buy", "part": "w"} in decision.actions
    assert {"type": "swap", "give": "center", "take": "w"} in decision.actions
    assert decision.choices["drawn"] == 0 and not [a for a in decision.actions if a["type"] == "reveal"]
    state, after_buy = opened(game, {"type": "buy", "part": "w"})
    assert after_buy.choices["drawn"] == 1 and after_buy.choices["experience"] == 0
    assert [a["type"] for a in after_buy.actions] == ["reveal"] * len(after_buy.actions)


def test_view_shape():
    view = Game.replay(load("opening")["record"]).view()
    assert set(view) == {"turn", "active", "decision", "phase", "over", "end_reason", "round", "final_round",
                         "druids", "locations", "display", "supply", "ruin", "druid_deck", "druid_discard",
                         "experience_deck", "experience_discard", "players"}
    assert view["turn"] == 6 and view["decision"] == "move" and view["phase"] == "play" and not view["over"]
    assert view["locations"][0] == {"index": 0, "kind": "start", "parts": None}
    assert view["locations"][18] == {"index": 18, "kind": "goal", "parts": 4}
    assert set(view["players"]["anna"]) == {"druid_cards", "experience", "parts", "amulets", "by_location"}
    assert view["players"]["anna"]["by_location"]["village"] == {"gained": 2, "lost": 0}
    assert view["players"]["anna"]["by_location"]["castle"] == {"gained": 2, "lost": 0}
    assert view["experience_discard"] == 1 and view["experience_deck"] == 19


@st.composite
def take_tables(draw) -> dict:
    """A record whose first move stops on a find site showing 1-9 parts, over
    a display of any mix of known and unknown spaces."""
    pool = [kind for kind in KINDS for _ in range(10)]
    display = draw(st.lists(st.sampled_from((*KINDS, None)), min_size=9, max_size=9))
    for kind in display:
        if kind is not None:
            pool.remove(kind)
    held = draw(st.permutations(pool))[:4]
    site = {"kind": draw(st.sampled_from(("village", "castle", "monastery"))), "parts": draw(st.integers(1, 9))}
    board = {"locations": [{"kind": "start"}, site, {"kind": "goal", "parts": 1}]}
    setup = {"display": display, "parts": {"anna": held[:2], "ben": held[2:]}}
    return record([], board=board, setup=setup, options={"take_count": draw(st.sampled_from(("up_to", "exactly")))})


@settings(max_examples=150, deadline=None)
@given(take_tables())
def test_a_check_of_a_take_answers_under_20_kb(table):
    """Issue 12 §3: the check answer of an open take stays small on any
    board (its time is measured in bench/bench_celtica.py)."""
    answer = Game.start(table).check({"player": "anna", "actions": [move("red", 1)]})
    assert answer["decision"].name == "take"
    body = json.dumps({"legal": answer["legal"], "complete": answer["complete"],
                       "violations": [violation.to_json() for violation in answer["violations"]],
                       "decision": answer["decision"].to_json()}, separators=(",", ":"))
    assert len(body.encode()) < 20_000


def test_a_check_of_the_9_part_take_over_an_unknown_display_is_small():
    board = {"locations": [{"kind": "start"}, {"kind": "village", "parts": 9}, {"kind": "goal", "parts": 1}]}
    game = Game.start(record([], board=board, setup={"parts": {"anna": ["n", "s"], "ben": ["e", "w"]}}))
    answer = game.check({"player": "anna", "actions": [move("red", 1)]})
    assert answer["decision"].choices["answers"] == 48620
    assert len(json.dumps(answer["decision"].to_json()).encode()) < 20_000
