"""Turns sent after they were played keep their times (CONTRACT §8):
``POST .../turns?played_at=`` against a real Redis."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from urllib.parse import quote

import pytest

from api_helpers import EXAMPLE_1, bearer, create_game, new_record, post_turn, problem
from scoring import answers


def iso(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def utc_now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def post_played(client, created: dict, turn: dict, version: int, played: str):
    """POST one turn on ``version``, played at ``played``."""
    return client.post(f"/api/v1/games/{created['id']}/turns?played_at={quote(played)}", json=turn,
                       headers={**bearer(created["token"]), "If-Match": f'"{version}"'})


def logged_times(client, created: dict) -> list[datetime]:
    history = client.get(f"/api/v1/games/{created['id']}", headers=bearer(created["token"])).get_json()["history"]
    at = datetime.fromisoformat(history["start"])
    times = []
    for seconds in history["seconds"]:
        at += timedelta(seconds=seconds)
        times.append(at)
    return times


def test_turns_sent_late_keep_when_they_were_played_within_the_entry_before_and_their_arrival(client):
    created = create_game(client, new_record())
    sent = utc_now()
    turns = EXAMPLE_1["turns"]
    played = [sent - timedelta(hours=3),                  # kept: nothing before it
              sent - timedelta(hours=2, seconds=8),       # kept
              sent - timedelta(hours=2, minutes=30),      # before the entry before it: that entry's time
              sent + timedelta(hours=1)]                  # in the future: its arrival
    for version, (turn, when) in enumerate(zip(turns, played)):
        # An offset other than UTC's is read as the same instant.
        answer = post_played(client, created, turn, version, when.astimezone(timezone(timedelta(hours=1))).isoformat())
        assert answer.status_code == 201, answer.get_json()
    arrived = utc_now()
    times = logged_times(client, created)
    assert times[:3] == [played[0], played[1], played[1]]
    assert sent <= times[3] <= arrived
    # A turn that says nothing is logged when it arrives, after them.
    assert post_turn(client, created, turns[4], version=4).status_code == 201
    assert logged_times(client, created)[4] >= times[3]


@pytest.mark.parametrize("played", ["yesterday", "2026-12-07T20:15:00", "2026-13-07T20:15:00Z", ""])
def test_a_played_at_that_is_no_time_with_its_offset_is_a_422_naming_it_and_nothing_is_stored(client, played):
    created = create_game(client, new_record())
    body = problem(post_played(client, created, EXAMPLE_1["turns"][0], 0, played), 422)
    assert body["detail"].startswith("played_at: ") and body["title"] == "Invalid query parameter"
    assert client.get(f"/api/v1/games/{created['id']}", headers=bearer(created["token"])).get_json()["version"] == 0


def test_the_phones_write_keeps_the_time_by_the_same_rule():
    record = new_record()
    first = answers.write(record, [], "turn", EXAMPLE_1["turns"][0], at="2026-12-07T22:00:00Z",
                          played="2026-12-07T20:00:00.600+00:00")
    assert first["entry"]["at"] == "2026-12-07T20:00:00Z"
    entries = [first["entry"]]
    second = answers.write(record, entries, "turn", EXAMPLE_1["turns"][1], at="2026-12-07T22:00:01Z",
                           played="2026-12-07T19:00:00Z")
    assert second["entry"]["at"] == "2026-12-07T20:00:00Z"
    history = answers.game_view(record, entries=[*entries, second["entry"]])["history"]
    assert (history["start"], history["seconds"]) == ("2026-12-07T20:00:00Z", [0, 0])
    late = answers.write(record, entries, "turn", EXAMPLE_1["turns"][1], at="2026-12-07T22:00:01Z",
                         played="2026-12-08T19:00:00Z")
    assert late["entry"]["at"] == "2026-12-07T22:00:01Z"
    refused = answers.write(record, entries, "turn", EXAMPLE_1["turns"][1], at="2026-12-07T22:00:01Z",
                            played="2026-12-07T19:00:00")
    assert refused["status"] == 422 and refused["detail"].startswith("played_at: ")
