"""The same writes, proven (issue 28, point 2): for a game that lives on the
phone, the phone's referee (scoring/ in Pyodide, through frontend/js/referee.js,
as local.js calls it) answers a turn or a correction with the same JSON as the
server's write, byte for byte once both are written in one canonical form
(``scoring.answers.dumps``): its news, or its refusal in the request's
language; and the news of a repeated write, the history after a turn (the
referee's, and frontend/js/history.js's, with which the phone applies a
turn's news), and the game's view with its log.

For each game (generated as tests/browser/test_referee_parity.py generates
them, seeded), the server's game starts at half its turns and takes, in
order: the next turns, an undo, a replace of turn 0 by itself, a replace of a
turn by a refused one, a turn of the wrong player, bodies that are no
correction, and a correction that names no turn. The server's log, entry by
entry as its answers tell it, is the phone's: each write of the phone is
asked on the log as the server had it, at the time the server logged it.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

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


def writes(record: dict, mutated: dict) -> list[tuple[str, object]]:
    """The writes asked of a game started at half of ``record``'s turns."""
    turns, half = record["turns"], len(record["turns"]) // 2
    wrong = next((turn for turn, kept in zip(mutated["turns"], turns) if turn != kept), None)
    asked: list[tuple[str, object]] = [("turn", turn) for turn in turns[half:half + 3]]
    asked += [("correction", {"undo": True, "by": "anna"})]
    if turns:
        asked += [("correction", {"replace": 0, "turn": turns[0], "by": "ben"})]
    if wrong is not None:
        asked += [("correction", {"replace": mutated["turns"].index(wrong), "turn": wrong, "by": "ben"})]
    if turns:
        asked += [("turn", {**turns[0], "player": "nobody"})]
    asked += [("correction", {"by": "x"}), ("correction", {"undo": True, "by": ""}),
              ("correction", {"undo": True, "by": "x", "why": 1}), ("correction", {"replace": 9999, "turn": {
                  "player": "anna", "actions": []}, "by": "x"}), ("correction", {"undo": "yes", "by": "x"})]
    return asked


def logged_at(history: dict) -> list[str]:
    """The time of each entry of a GET's history (whole seconds, as the server keeps them)."""
    at, times = datetime.fromisoformat(history["start"]) if history["start"] else None, []
    for seconds in history["seconds"]:
        at += timedelta(seconds=seconds)
        times.append(at.strftime("%Y-%m-%dT%H:%M:%SZ"))
    return times


class Writer(Server):
    """The server's side, writes too."""

    def ask_write(self, url: str, kind: str, body, lang: str, token: str, version: int):
        """A turn or a correction on ``version``: the status and the body."""
        route = {"turn": "turns", "correction": "corrections"}[kind]
        if not hasattr(self.local, "session"):
            self.local.session = requests.Session()
        answer = self.local.session.post(f"{self.base}{url}/{route}", json=body, timeout=30, headers={
            "Accept-Language": lang, "Authorization": f"Bearer {token}", "If-Match": f'"{version}"'})
        return answer.status_code, answer.json()


#: The phone's side: every write, repeat, history and view in one batch.
PHONE = """async calls => {
  const {writes, repeats, histories, views} = JSON.parse(calls);
  const referee = await import('/js/referee.js');
  const {afterTurn} = await import('/js/history.js');
  const all = (calls, ask) => Promise.all(calls.map(ask));
  return JSON.stringify({
    writes: await all(writes, ([record, log, kind, body, lang, at]) => referee.write(record, log, kind, body, lang, at)),
    repeats: await all(repeats, ([record, log, version]) => referee.told(record, log, version)),
    histories: await all(histories, ([history, ats, held]) => referee.historyAfter(history, ats, held)),
    applied: histories.map(([history, [at], held]) => afterTurn(history, at, held)),
    views: await all(views, ([record, lang, log]) => referee.game(record, lang, log)),
  });
}"""


def test_the_phone_writes_what_the_server_writes(page, base_url):
    cases = [make(seed) for make in (keltis, orakel, celtica) for seed in range(GAMES)]
    server = Writer(base_url)
    calls: dict[str, list] = {"writes": [], "repeats": [], "histories": [], "views": []}
    expected: dict[str, list] = {key: [] for key in calls}
    labels: dict[str, list] = {key: [] for key in calls}
    for number, one in enumerate(cases):
        start = {**one.record, "turns": one.record["turns"][:len(one.record["turns"]) // 2]}
        status, created = server.ask("POST", "/games", start)
        assert status == 201, (one.label, created)
        url, token = f"/games/{created['id']}", created["token"]
        seen = server.ask("GET", url, token=token)[1]
        log = [{"kind": "turn", "turn": turn, "at": at} for turn, at in zip(start["turns"], logged_at(seen["history"]))]
        for kind, body in writes(one.record, one.mutated):
            lang = LANGUAGES[(number + len(calls["writes"])) % 3]
            status, answer = server.ask_write(url, kind, body, lang, token, len(log))
            label = f"{one.label}: {kind} {dumps(body)[:120]} at version {len(log)} ({lang})"
            calls["writes"].append([start, list(log), kind, body, lang, answer.get("at", NEVER)])
            expected["writes"].append((status, answer))
            labels["writes"].append(label)
            if status != 201:
                continue
            before = seen["history"]
            log.append({key: answer[key] for key in ENTRY if key in answer})
            seen = server.ask("GET", url, token=token)[1]
            calls["repeats"].append([start, list(log), len(log)])
            expected["repeats"].append(answer)
            labels["repeats"].append(label + ": told again")
            if kind == "turn":
                calls["histories"].append([before, [answer["at"]], len(seen["record"]["turns"]) - 1])
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
    expected["applied"], labels["applied"] = expected["histories"], [f"{label} (history.js)" for label in
                                                                     labels["histories"]]
    for key in ("repeats", "histories", "applied", "views"):
        for answer, got, label in zip(expected[key], phone[key], labels[key]):
            if dumps(answer) != dumps(got):
                differ.append(f"{label}:\n  server {dumps(answer)[:400]}\n  phone  {dumps(got)[:400]}")
    print(f"write parity: {len(cases)} games, {len(calls['writes'])} writes, {len(calls['histories'])} turns' "
          f"histories")
    assert not differ, f"{len(differ)} answers differ; the first:\n" + "\n".join(differ[:5])
