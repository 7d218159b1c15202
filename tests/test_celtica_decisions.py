"""The open decision and its legal choices (rules §4.5), and the view's shape."""

import copy

from scoring import Game
from scoring.celtica import ACTION_LIMIT, KINDS

from celtica_games import load, move, record, reveal, take, turn


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
                                            "experience_needs_druid_card": True}}
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


def test_take_decision_with_unknown_spaces():
    setup = {"display": ["n"] * 8 + [None], "parts": {"anna": ["n", "n"], "ben": ["s", "s"]}}
    game = Game.start(record([], setup=setup))
    _, decision = opened(game, move("red", 4))  # the monastery: 2 parts
    assert decision.name == "take" and decision.choices == {"count": 2, "kinds": list(KINDS)}
    # the unknown space can be any kind with an unseen copy, but only one of them
    assert {"type": "take", "parts": ["n", "n"]} in decision.actions
    assert {"type": "take", "parts": ["center", "n"]} in decision.actions
    assert all(sum(part != "n" for part in action["parts"]) <= 1 for action in decision.actions)
    assert len(decision.actions) == 1 + 8  # n n, or n and one unseen kind other than n


def test_take_decision_lists_at_most_the_limit():
    board = {"locations": [{"kind": "start"}, {"kind": "castle", "parts": 9}, {"kind": "goal", "parts": 1}]}
    game = Game.start(record([], board=board, setup={"parts": {"anna": ["n", "s"], "ben": ["e", "w"]}}))
    state, decision = opened(game, move("red", 1))
    assert decision.choices["count"] == 9 and len(decision.actions) == ACTION_LIMIT
    for action in decision.actions:
        game.ruleset.apply(copy.deepcopy(state), action)


def test_give_cult_reveal_done_and_over_decisions():
    game = Game.start(record([]))
    _, give = opened(game, move("red", 3))
    assert give.choices == {"count": 1, "kinds": ["n", "s"]}
    assert give.actions == [{"type": "give", "parts": ["n"]}, {"type": "give", "parts": ["s"]}]
    _, cult = opened(game, move("red", 2))
    assert cult.choices == {"draw": [True, False]} and len(cult.actions) == 2
    _, revealing = opened(game, move("red", 1), take("n"))
    assert revealing.name == "reveal" and revealing.can_end and revealing.choices == {"drawn": 1}
    assert revealing.actions[0] == reveal(None) and reveal("n") in revealing.actions and revealing.optional == []
    _, done = opened(game, move("red", 1), take("n"), reveal("e"))
    assert (done.name, done.actions, done.can_end) == ("done", [], True)
    assert Game.replay(load("complete_game.record")).decision().name == "over"


def test_end_decision():
    rec = load("complete_game.record")
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
    view = Game.replay(load("opening.record")).view()
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
