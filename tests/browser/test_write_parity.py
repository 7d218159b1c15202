"""The same writes, proven (issue 28, point 2): for a game that lives on the
phone, the phone's referee (scoring/ in Pyodide, through frontend/js/referee.js,
as local.js calls it) answers a turn or a correction with the same JSON as the
server's write, byte for byte once both are written in one canonical form
(``scoring.answers.dumps``): its news, or its refusal in the request's
language; and the news of a repeated write, the game after each write's
news (frontend/js/news.js applies it as the server's GET then answers), the
history after turns played earlier and sent later (the referee's, as the
phone shows turns it queued: ``?played_at=``, bounded as the server bounds
it), and the game's view with its log.

For each game (generated as tests/browser/test_referee_parity.py generates
them, seeded), the server's game starts at half its turns and takes, in
order: the next turns, two of them sent later (one played before the entry
before it, one a moment after it, written in UTC+2), an undo, a replace of
turn 0 by itself, a replace of a turn by a refused one, a turn of the wrong
player, a turn with a played_at that is no time, bodies that are no
correction, and a correction that names no turn. The server's log, entry by
entry as its answers tell it, is the phone's: each write of the phone is
asked on the log as the server had it, at the time the server logged it.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest
import requests
from api_helpers import UNLIMITED, served
from test_referee_parity import Server, celtica, keltis, orakel

from scoring.answers import dumps

GAMES = 8
LANGUAGES = ("en", "de", "es")
READY = "async () => (await import('/js/referee.js')).whenReady()"
#: What a log entry holds, of its news.
ENTRY = ("kind", "turn", "undo", "replace", "by", "replaced", "at")
#: The time of a refused write (nothing is logged, so none is told).
NEVER = "2024-05-01T19:00:00Z"


@pytest.fixture(scope="module")
def base_url(redis_url, tmp_path_factory):
    """This module's own server, without rate limits."""
    with served(redis_url, 5, tmp_path_factory.mktemp("write-parity"), **UNLIMITED) as (host, port):
        yield f"http://{host}:{port}"


#: When a turn sent later was played: long before the game, or a moment
#: after the entry before it (filled in then), in UTC+2; and no time at all.
LONG_AGO, A_MOMENT_AFTER, NO_TIME = "2001-01-01T00:00:00Z", "moment", "yesterday"


def writes(record: dict, mutated: dict) -> list[tuple[str, object, str | None]]:
    """The writes asked of a game started at half of ``record``'s turns:
    kind, body, and for a turn sent later when it was played."""
    turns, half = record["turns"], len(record["turns"]) // 2
    wrong = next((turn for turn, kept in zip(mutated["turns"], turns) if turn != kept), None)
    asked: list[tuple[str, object, str | None]] = [
        ("turn", turn, played) for turn, played in zip(turns[half:half + 3], (None, LONG_AGO, A_MOMENT_AFTER))]
    asked += [("correction", {"undo": True, "by": "anna"}, None)]
    if turns:
        asked += [("correction", {"replace": 0, "turn": turns[0], "by": "ben"}, None)]
    if wrong is not None:
        asked += [("correction", {"replace": mutated["turns"].index(wrong), "turn": wrong, "by": "ben"}, None)]
    if turns:
        asked += [("turn", {**turns[0], "player": "nobody"}, None), ("turn", turns[0], NO_TIME)]
    asked += [("correction", body, None) for body in (
        {"by": "x"}, {"undo": True, "by": ""}, {"undo": True, "by": "x", "why": 1},
        {"replace": 9999, "turn": {"player": "anna", "actions": []}, "by": "x"}, {"undo": "yes", "by": "x"})]
    return asked


def played_time(played: str | None, log: list[dict]) -> str | None:
    """The ``played_at`` sent: A_MOMENT_AFTER is 0.7 s after the last entry, in UTC+2."""
    if played != A_MOMENT_AFTER:
        return played
    moment = datetime.fromisoformat(log[-1]["at"]) + timedelta(seconds=0.7)
    return moment.astimezone(timezone(timedelta(hours=2))).isoformat()


def logged_at(history: dict) -> list[str]:
    """The time of each entry of a GET's history (whole seconds, as the server keeps them)."""
    at, times = datetime.fromisoformat(history["start"]) if history["start"] else None, []
    for seconds in history["seconds"]:
        at += timedelta(seconds=seconds)
        times.append(at.strftime("%Y-%m-%dT%H:%M:%SZ"))
    return times


class Writer(Server):
    """The server's side, writes too."""

    def ask_write(self, url: str, kind: str, body, lang: str, token: str, version: int, played: str | None):
        """A turn (played at ``played``) or a correction on ``version``: the status and the body."""
        route = {"turn": "turns", "correction": "corrections"}[kind]
        if not hasattr(self.local, "session"):
            self.local.session = requests.Session()
        answer = self.local.session.post(f"{self.base}{url}/{route}", json=body, timeout=30, headers={
            "Accept-Language": lang, "Authorization": f"Bearer {token}", "If-Match": f'"{version}"'},
            params={"played_at": played} if played else None)
        return answer.status_code, answer.json()


#: The phone's side: every write, repeat, news applied, history and view in one batch.
PHONE = """async calls => {
  const {writes, repeats, applied, histories, views} = JSON.parse(calls);
  const referee = await import('/js/referee.js');
  const {applyNews} = await import('/js/news.js');
  const all = (calls, ask) => Promise.all(calls.map(ask));
  return JSON.stringify({
    writes: await all(writes, ([record, log, kind, body, lang, at, played]) =>
      referee.write(record, log, kind, body, lang, at, played)),
    repeats: await all(repeats, ([record, log, version]) => referee.told(record, log, version)),
    applied: applied.map(([game, news]) => applyNews(game, news)),
    histories: await all(histories, ([history, ats, held, arrival]) => referee.historyAfter(history, ats, held, arrival)),
    views: await all(views, ([record, lang, log]) => referee.game(record, lang, log)),
  });
}"""


def test_the_phone_writes_what_the_server_writes(page, base_url):
    cases = [make(seed) for make in (keltis, orakel, celtica) for seed in range(GAMES)]
    server = Writer(base_url)
    calls: dict[str, list] = {"writes": [], "repeats": [], "applied": [], "histories": [], "views": []}
    expected: dict[str, list] = {key: [] for key in calls}
    labels: dict[str, list] = {key: [] for key in calls}
    for number, one in enumerate(cases):
        start = {**one.record, "turns": one.record["turns"][:len(one.record["turns"]) // 2]}
        status, created = server.ask("POST", "/games", start)
        assert status == 201, (one.label, created)
        url, token = f"/games/{created['id']}", created["token"]
        seen = server.ask("GET", url, token=token)[1]
        log = [{"kind": "turn", "turn": turn, "at": at} for turn, at in zip(start["turns"], logged_at(seen["history"]))]
        for kind, body, played in writes(one.record, one.mutated):
            lang = LANGUAGES[(number + len(calls["writes"])) % 3]
            played = played_time(played, log)
            status, answer = server.ask_write(url, kind, body, lang, token, len(log), played)
            label = f"{one.label}: {kind} {dumps(body)[:120]} at version {len(log)} ({lang}, played {played})"
            # The server's arrival is when it logged the turn, or later.
            calls["writes"].append([start, list(log), kind, body, lang, answer.get("at", NEVER), played])
            expected["writes"].append((status, answer))
            labels["writes"].append(label)
            if status != 201:
                continue
            before = seen
            log.append({key: answer[key] for key in ENTRY if key in answer})
            seen = server.ask("GET", url, token=token)[1]
            calls["repeats"].append([start, list(log), len(log)])
            expected["repeats"].append(answer)
            labels["repeats"].append(label + ": told again")
            calls["applied"].append([before, answer])
            expected["applied"].append(seen)
            labels["applied"].append(label + ": its news applied (news.js)")
            if kind == "turn":
                calls["histories"].append([before["history"], [played or answer["at"]],
                                           len(seen["record"]["turns"]) - 1, answer["at"] if played else None])
                expected["histories"].append(seen["history"])
                labels["histories"].append(label + ": the history after it")
        calls["views"].append([start, LANGUAGES[number % 3], log])
        # Less the store's own: the id, and a match's rounds (answers.game_view).
        expected["views"].append({key: value for key, value in seen.items() if key not in ("id", "round", "follows", "next")})
        labels["views"].append(f"{one.label}: GET {url} after its writes")
    assert sum(status == 201 for status, _ in expected["writes"]) > len(cases) * 3, "too few writes were taken"
    assert sum(status == 422 for status, _ in expected["writes"]) > len(cases) * 5, "too few writes were refused"

    page.goto("/")
    assert page.wait_for_function(READY, timeout=120_000).json_value() is True
    phone = json.loads(page.evaluate(PHONE, json.dumps(calls)))

    differ = []
    for (status, answer), got, label in zip(expected["writes"], phone["writes"], labels["writes"]):
        if status == 201:
            got = got.get("news", got)
        if dumps(answer) != dumps(got):
            differ.append(f"{label}:\n  server {status} {dumps(answer)[:400]}\n  phone  {dumps(got)[:400]}")
    for key in ("repeats", "histories", "applied", "views"):
        for answer, got, label in zip(expected[key], phone[key], labels[key]):
            if dumps(answer) != dumps(got):
                differ.append(f"{label}:\n  server {dumps(answer)[:400]}\n  phone  {dumps(got)[:400]}")
    print(f"write parity: {len(cases)} games, {len(calls['writes'])} writes, {len(calls['histories'])} turns' "
          f"histories, {sum(bool(call[-1]) for call in calls['histories'])} of them played earlier")
    assert not differ, f"{len(differ)} answers differ; the first:\n" + "\n".join(differ[:5])
