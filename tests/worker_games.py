"""Finished games of all three games for the worker and export tests.

Each comes from its rules file: Keltis the goal-area fragment of
rules/keltis.md §16 (the position of ``goal_table`` and Cleo's purple 6),
Keltis: Das Orakel example 3 (§17.3) and Celtica example 17.3.
"""

from __future__ import annotations

from examples import example
from keltis_games import goal_table, play


def keltis_goal_area() -> dict:
    """Four figures in the goal area; Cleo's large purple figure steps in as
    the fifth and ends the game (turn 44, no draw)."""
    return goal_table().with_turn("cleo", play("purple", 6))


def orakel_example_3() -> tuple[dict, dict]:
    """The record and the score sheet of keltis-orakel.md §17.3."""
    data = example("orakel", "example3")
    return data["record"], data["sheet"]


def celtica_example_3() -> tuple[dict, dict]:
    """The record and the score sheet of celtica.md §17.3."""
    data = example("celtica", "complete_game")
    return data["record"], data["sheet"]


def finished_records() -> dict[str, dict]:
    """One finished record per game, by game id."""
    return {
        "keltis": keltis_goal_area(),
        "keltis-orakel": orakel_example_3()[0],
        "celtica": celtica_example_3()[0],
    }
