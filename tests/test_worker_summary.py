"""The summary as a pure function, on the rules files' worked examples.

Expected figures come from the rules files' own explanations of the
examples; the score after every turn is checked against a fresh replay of
the record cut after that turn, which shares no code with the summary's
single action-by-action fold.
"""

from __future__ import annotations

import random

import pytest
from keltis_games import random_game
from examples import example
from worker_games import celtica_example_3, finished_records, keltis_goal_area, orakel_example_3

from scoring import Game, Refused
from worker.summary import lead_changes, summarize


def prefix_totals(record: dict, turns: int) -> dict[str, int]:
    sheet = Game.replay({**record, "turns": record["turns"][:turns]}).scoresheet()
    return {player["id"]: player["total"] for player in sheet["players"]}


def assert_history_replays(record: dict, summary: dict) -> None:
    assert summary["start"]["scores"] == prefix_totals(record, 0)
    assert len(summary["history"]) == len(record["turns"])
    for entry in summary["history"]:
        assert entry["player"] == record["turns"][entry["turn"]]["player"]
        assert entry["scores"] == prefix_totals(record, entry["turn"] + 1), entry["turn"]


# -- Keltis: Das Orakel §17.3 ---------------------------------------------------


def test_orakel_example_3_story():
    record, sheet = orakel_example_3()
    summary = summarize(record)

    assert summary["game"] == "keltis-orakel"
    assert summary["turns"] == 11
    assert summary["scoresheet"] == sheet
    assert_history_replays(record, summary)
    assert summary["history"][-1]["scores"] == {"anna": 42, "ben": 0}
    # Anna's first purple card ends on 25 (figure 8, points-2): she leads from
    # turn 0 to the end.
    assert summary["lead_changes"] == [{"turn": 0, "player": "anna", "leaders": ["anna"], "before": ["anna", "ben"]}]
    # §17.3: "Anna: track 2+3+2+3+2 = 12 ... Ben: track 1 + 5 = 6 ... 2 stones = -2,
    # times (1 + 1 mirror) = -4".
    assert summary["sources"] == {
        "anna": {"track_start": 0, "figures": 30, "tiles": 12, "wishing_stones": 0, "mirrors": 0,
                 "priestess": 0, "goblin": 0},
        "ben": {"track_start": 0, "figures": -2, "tiles": 1, "wishing_stones": -2, "mirrors": -2,
                "priestess": 5, "goblin": 0},
    }
    facts = summary["facts"]
    # purple from the start: 0 -> 5 -> 10 -> 13 -> 20 -> 25, four clovers.
    assert summary["chart"] == "scores"
    assert facts["longest_clover_chain"] == {"length": 4, "turn": 0, "player": "anna"}
    # 0 -> 25 is +8 on the figure and +2 on the track; turn 4 repeats it later.
    assert facts["biggest_turn"] == {"turn": 0, "player": "anna", "gain": 10}
    assert facts["cards_played"] == {"red": 3, "yellow": 1, "green": 3, "blue": 1, "purple": 3}
    assert facts["end"] == {"reason": "oracle_player", "turn": 10, "player": "anna"}


# -- Celtica §17.3 ----------------------------------------------------------------


def test_celtica_example_3_story():
    record, sheet = celtica_example_3()
    summary = summarize(record)

    assert summary["scoresheet"] == sheet
    assert summary["chart"] == "parts"  # complete amulets rarely move: the chart plots parts held
    assert_history_replays(record, summary)
    # Final holdings of §17.3: Anna 4, Ben 8, Cleo 7, Dirk 5, Emma 5 parts.
    assert summary["history"][-1]["parts"] == {"anna": 4, "ben": 8, "cleo": 7, "dirk": 5, "emma": 5}
    anna, ben, dirk = (summary["sources"][player] for player in ("anna", "ben", "dirk"))
    # Anna: village 5 (1 part), castle 12 (3 parts), ruin 15 (gave w, sw).
    assert anna["by_location"]["village"] == {"gained": 1, "lost": 0}
    assert anna["by_location"]["castle"] == {"gained": 3, "lost": 0}
    assert anna["by_location"]["ruin"] == {"gained": 0, "lost": 2}
    assert anna["parts_held"] == 4 and anna["complete"] == 0
    # Ben: monasteries 4 and 10 (2 + 2), villages 5, 9, 14 (1 + 2 + 1), ruin 15
    # (gave e, n), and his end-phase swap.
    assert ben["by_location"]["monastery"] == {"gained": 4, "lost": 0}
    assert ben["by_location"]["village"] == {"gained": 4, "lost": 0}
    assert ben["by_location"]["ruin"] == {"gained": 0, "lost": 2}
    assert ben["end_phase"] == {"gained": 1, "lost": 1}
    # Dirk: two ruins (sw, then his single ne), the goal (4 parts), a bought w.
    assert dirk["by_location"]["ruin"] == {"gained": 0, "lost": 2}
    assert dirk["by_location"]["goal"] == {"gained": 4, "lost": 0}
    assert dirk["end_phase"] == {"gained": 1, "lost": 0}
    for player, sources in summary["sources"].items():
        gained = sum(kind["gained"] for kind in sources["by_location"].values()) + sources["end_phase"]["gained"]
        lost = sum(kind["lost"] for kind in sources["by_location"].values()) + sources["end_phase"]["lost"]
        assert 2 + gained - lost == sources["parts_held"], player

    facts = summary["facts"]
    assert facts["longest_clover_chain"] is None  # Celtica has no clovers
    assert facts["biggest_turn"] == {"turn": 16, "player": "dirk", "gain": 4}
    # "This was the 12th red druid card played" after turn 8; 5 + 1 more in round 3.
    assert facts["cards_played"]["red"] == 18
    assert sum(facts["cards_played"].values()) == sum(
        action["cards"] + action.get("experience", 0)
        for turn in record["turns"] for action in turn["actions"] if action["type"] == "move")
    # "Nobody holds a druid card: the game ends and Ben is the player who ended it."
    assert facts["end"] == {"reason": "round_after_goal", "turn": 21, "player": "ben"}
    assert summary["lead_changes"][-1]["leaders"] == ["ben"]


# -- Keltis ---------------------------------------------------------------------------


def test_keltis_goal_area_story():
    record = keltis_goal_area()
    summary = summarize(record)
    sheet = summary["scoresheet"]

    assert sheet == Game.replay(record).scoresheet()
    assert (sheet["status"], sheet["end_reason"]) == ("finished", "goal_area")
    assert_history_replays(record, summary)
    # The fragment: Cleo's large figure reaches purple 7 (6 x 2), the 3 points there not scored.
    assert summary["facts"]["end"] == {"reason": "goal_area", "turn": 44, "player": "cleo"}
    assert summary["sources"]["cleo"] == {"figures": 12, "tiles": 0, "wishing_stones": -4}
    for player in sheet["players"]:
        assert sum(summary["sources"][player["id"]].values()) == player["total"]
        assert summary["sources"][player["id"]]["tiles"] == player["breakdown"]["track"]
    plays = {color: 0 for color in ("red", "yellow", "green", "blue", "purple")}
    for turn in record["turns"]:
        for action in turn["actions"]:
            if action["type"] == "play":
                plays[action["card"]["color"]] += 1
    assert summary["facts"]["cards_played"] == plays
    assert summary["facts"]["cards_played"]["purple"] == 7  # 0, 1, 2, 3, 4, 4, then 6


def test_keltis_example_2_chain_over_two_figures():
    record = example("keltis", "example2")["record"]
    summary = summarize(record)
    # Turn 2: red 1 (clover) -> blue 2 (clover) -> red 2: two clover steps.
    assert summary["facts"]["longest_clover_chain"] == {"length": 2, "turn": 2, "player": "anna"}
    assert summary["facts"]["end"] is None  # still in progress
    assert_history_replays(record, summary)


def test_random_games_history_matches_replays():
    for seed in range(3):
        record = random_game(random.Random(seed), players=3, turns=40).record
        summary = summarize(record)
        assert_history_replays(record, summary)
        assert summary["scoresheet"] == Game.replay(record).scoresheet()


# -- the parts on their own ---------------------------------------------------------


def test_lead_changes_only_where_leaders_differ():
    history = [
        {"turn": 0, "player": "a", "leaders": ["a"]},
        {"turn": 1, "player": "b", "leaders": ["a"]},
        {"turn": 2, "player": "c", "leaders": ["a", "c"]},
        {"turn": 3, "player": "a", "leaders": ["c"]},
    ]
    assert lead_changes(["a", "b", "c"], history) == [
        {"turn": 0, "player": "a", "leaders": ["a"], "before": ["a", "b", "c"]},
        {"turn": 2, "player": "c", "leaders": ["a", "c"], "before": ["a"]},
        {"turn": 3, "player": "a", "leaders": ["c"], "before": ["a", "c"]},
    ]


def test_a_refused_record_has_no_summary():
    record = example("keltis", "example4")["record"]
    with pytest.raises(Refused) as refused:
        summarize(record)
    assert refused.value.violation.rule == "keltis.row.direction"


def test_orakel_example_2_goblin_and_mirror_sources():
    data = example("orakel", "example2")
    summary = summarize(data["record"])
    assert summary["scoresheet"] == data["sheet"]
    sources = summary["sources"]
    # §17.2: Anna's goblin scoring (+10 for two different goblin fields), Ben's
    # points-4 and his mirror without a stone (0 x 2), Carla's points-1.
    assert sources["anna"]["goblin"] == 10 and sources["anna"]["tiles"] == 0
    assert sources["ben"]["tiles"] == 4 and sources["ben"]["mirrors"] == 0
    assert sources["carla"]["tiles"] == 1 and sources["carla"]["figures"] == -6
    for player in summary["scoresheet"]["players"]:
        assert sum(sources[player["id"]].values()) == player["total"]
    # Ben's turn 4 (figure -4 -> 0, +4 points) and Anna's turn 9 (figure 0 -> -2,
    # +10 goblin) both gain 8: the first one counts.
    assert summary["facts"]["biggest_turn"] == {"turn": 4, "player": "ben", "gain": 8}
    assert summary["facts"]["longest_clover_chain"] is None
    assert_history_replays(data["record"], summary)


def test_orakel_chain_after_a_spiral():
    record, _ = orakel_example_3()  # its board and its clovers on 5, 10, 13 and 20
    record["turns"] = [
        {"player": "anna", "actions": [{"type": "play", "card": {"color": "green", "value": 1}, "figure": 0},
                                       {"type": "reveal", "field": 3, "tile": "points-1"},
                                       {"type": "draw", "from": "deck"}]},
        {"player": "ben", "actions": [{"type": "play", "card": {"color": "red", "value": 3}, "figure": 0},
                                      {"type": "reveal", "field": 1, "tile": "points-1"},
                                      {"type": "draw", "from": "deck"}]},
        # yellow 3 -> 9, a spiral back to 5, then the clovers 5 -> 10 -> 13 -> 20 -> 25
        {"player": "anna", "actions": [{"type": "play", "card": {"color": "yellow", "value": 5}, "figure": 3},
                                       {"type": "reveal", "field": 9, "tile": "spiral"},
                                       {"type": "spiral", "to": 5},
                                       {"type": "draw", "from": "deck"}]},
    ]
    summary = summarize(record)
    assert summary["facts"]["longest_clover_chain"] == {"length": 4, "turn": 2, "player": "anna"}
    # figure 3 (-3) -> 25 (8) and points-2 on 25
    assert summary["facts"]["biggest_turn"] == {"turn": 2, "player": "anna", "gain": 13}


def test_orakel_chain_through_a_revealed_clover():
    record, _ = orakel_example_3()
    del record["setup"]["tiles"]["10"]  # the clover-yellow on 10 is revealed on the way
    record["turns"] = [
        {"player": "anna", "actions": [{"type": "play", "card": {"color": "purple", "value": 2}, "figure": 0},
                                       {"type": "reveal", "field": 10, "tile": "clover-yellow"},
                                       {"type": "draw", "from": "deck"}]},
    ]
    summary = summarize(record)
    assert summary["history"][0]["scores"]["anna"] == 10  # on 25: figure 8, points-2
    assert summary["facts"]["longest_clover_chain"] == {"length": 4, "turn": 0, "player": "anna"}


def test_decisive_turns_are_the_last_change_of_the_lead_and_the_turns_that_built_the_win():
    from scoring.chronicle import decisive_turns

    def entry(turn, player, a, b, c, leaders):
        return {"turn": turn, "player": player, "scores": {"a": a, "b": b, "c": c}, "leaders": leaders}

    start = {"scores": {"a": 0, "b": 0, "c": 0}, "leaders": ["a", "b", "c"]}
    history = [
        entry(0, "a", 3, 0, 0, ["a"]),       # a leads
        entry(1, "b", 3, 5, 0, ["b"]),       # b leads
        entry(2, "c", 3, 5, 9, ["c"]),       # c leads
        entry(3, "a", 10, 5, 9, ["a"]),      # a leads for good: +7 on b
        entry(4, "b", 10, 8, 9, ["a"]),      # b closes 3: no part of the win
        entry(5, "a", 14, 8, 9, ["a"]),      # +4 on b
        entry(6, "b", 14, 9, 9, ["a"]),
        entry(7, "a", 16, 9, 9, ["a"]),      # +2 on b
    ]
    sheet = {"players": [{"id": "a", "rank": 1}, {"id": "b", "rank": 2}, {"id": "c", "rank": 2}], "winners": ["a"]}
    assert len(lead_changes(start["leaders"], history)) == 4
    chosen = decisive_turns(start, history, sheet, "scores")
    assert [(turn["turn"], turn["reason"], turn["change"]) for turn in chosen] == \
        [(0, "margin", 3), (3, "lead", 7), (5, "margin", 4)]
    assert {(turn["winner"], turn["second"]) for turn in chosen} == {("a", "b")}
    # a winner who led from the start: no change of the lead, only the turns that built it
    calm = [entry(0, "a", 2, 0, 0, ["a"]), entry(1, "b", 2, 1, 0, ["a"]), entry(2, "a", 5, 1, 0, ["a"])]
    start_a = {"scores": {"a": 0, "b": 0, "c": 0}, "leaders": ["a"]}
    assert [(turn["turn"], turn["reason"]) for turn in decisive_turns(start_a, calm, sheet, "scores")] == \
        [(0, "margin"), (2, "margin")]
    assert decisive_turns(start_a, [], sheet, "scores") == []


def test_a_summary_names_at_most_three_decisive_turns():
    for game, record in finished_records().items():
        summary = summarize(record)
        assert 1 <= len(summary["decisive_turns"]) <= 3, game
        assert summary["decisive_turns"][-1]["turn"] <= summary["turns"] - 1
