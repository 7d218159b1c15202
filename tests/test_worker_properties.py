"""Summaries of random legal games of all three games.

Whatever the game, the summary's history must equal fresh replays of the
record cut after each turn, the sources must add up to what the score
sheet says, and the biggest turn must be one no other turn beats.
"""

from __future__ import annotations

import celtica_games
import orakel_games
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from keltis_games import random_game as keltis_game
from test_worker_summary import assert_history_replays

from worker.summary import summarize

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def assert_biggest_turn(summary: dict, key: str) -> None:
    before = summary["start"][key]
    gains = []
    for entry in summary["history"]:
        gains.append(entry[key][entry["player"]] - before[entry["player"]])
        before = entry[key]
    best = summary["facts"]["biggest_turn"]
    if not gains:
        assert best is None
        return
    assert best["gain"] == max(gains)
    assert best["turn"] == gains.index(max(gains))


@SETTINGS
@given(st.randoms(use_true_random=False), st.integers(2, 4))
def test_keltis_summaries(rng, players):
    record = keltis_game(rng, players=players, turns=30).record
    summary = summarize(record)
    assert_history_replays(record, summary)
    assert_biggest_turn(summary, "scores")
    for player in summary["scoresheet"]["players"]:
        assert sum(summary["sources"][player["id"]].values()) == player["total"]


@SETTINGS
@given(st.data(), st.integers(2, 4))
def test_orakel_summaries(data, players):
    record, _ = orakel_games.play_random(orakel_games.new_record(players), lambda items: data.draw(st.sampled_from(items)),
                                         turns=30)
    summary = summarize(record)
    assert_history_replays(record, summary)
    assert_biggest_turn(summary, "scores")
    for player in summary["scoresheet"]["players"]:
        assert sum(summary["sources"][player["id"]].values()) == player["total"]
    chain = summary["facts"]["longest_clover_chain"]
    assert chain is None or chain["length"] >= 1


@SETTINGS
@given(st.data(), st.integers(2, 5))
def test_celtica_summaries(data, players):
    record, game = celtica_games.random_game(data.draw, players, max_turns=40)
    summary = summarize(record)
    assert_history_replays(record, summary)
    assert_biggest_turn(summary, "parts")
    held = game.view()["players"]
    for player, sources in summary["sources"].items():
        assert sources["parts_held"] == sum(held[player]["parts"].values())
        gained = sum(kind["gained"] for kind in sources["by_location"].values()) + sources["end_phase"]["gained"]
        lost = sum(kind["lost"] for kind in sources["by_location"].values()) + sources["end_phase"]["lost"]
        assert summary["start"]["parts"][player] + gained - lost == sources["parts_held"]
    assert (summary["facts"]["end"] is not None) == (summary["scoresheet"]["status"] == "finished")
