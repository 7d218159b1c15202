"""The live table across real API processes: three gunicorn processes on the
test session's Redis; listeners on two of them hear what is posted to the
third, resume with Last-Event-ID, and the summary job's event reaches them."""

from __future__ import annotations

import http.client
import json
import os
import queue
import random
import socket
import subprocess
import sys
import threading
import time
import zlib
from pathlib import Path

import pytest
from api_helpers import EXAMPLE_1, OPENING, InProcessWorker, bearer, new_record
from lost_cities_games import random_game as lost_cities_round
from worker_games import keltis_goal_area

from api import create_app
from brehon.redis_server import free_port
from brehon.serve import WORKER_CLASS
from scoring import Game
from store import SummaryQueue

ROOT = Path(__file__).resolve().parent.parent
#: Seconds a test waits for an event that should come.
WAIT = 10.0


@pytest.fixture(scope="module")
def ports(redis_url):
    """Three API processes (gunicorn, threaded, with the worker class brehon serve runs) on the test Redis."""
    started, found = start_hosts(3, REDIS_URL=redis_url)
    yield found
    stop_hosts(started)


def start_hosts(count: int, **env: str) -> tuple[list[subprocess.Popen], list[int]]:
    """``count`` API processes (gunicorn, threaded) with ``env``; once they answer."""
    environment = {**os.environ, **env}
    started, ports = [], []
    try:
        for _ in range(count):
            port = free_port()
            started.append(subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "--worker-class", WORKER_CLASS, "--workers", "1", "--threads", "32",
                 "--graceful-timeout", "2", "--bind", f"127.0.0.1:{port}", "api:create_app()"],
                cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            ports.append(port)
        for port in ports:
            wait_ready(port)
    except BaseException:
        stop_hosts(started)
        raise
    return started, ports


def stop_hosts(started: list[subprocess.Popen]) -> None:
    for process in started:
        process.terminate()
    for process in started:
        process.wait(timeout=10)


def wait_ready(port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if call(port, "GET", "/api/v1/rulesets")[0] == 200:
                return
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"the API process on port {port} did not come up")


def call(port: int, method: str, path: str, body=None, headers: dict | None = None) -> tuple[int, dict, dict]:
    """One JSON request; answers (status, body, headers)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    try:
        data = json.dumps(body).encode() if body is not None else None
        connection.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read() or b"null"), dict(answer.getheaders())
    finally:
        connection.close()


def create(port: int, record: dict) -> dict:
    status, created, _ = call(port, "POST", "/api/v1/games", record)
    assert status == 201, created
    return created


def post_turn(port: int, created: dict, turn: dict, version: int, **headers) -> tuple[int, dict, dict]:
    return call(port, "POST", f"/api/v1/games/{created['id']}/turns", turn,
                {**bearer(created["token"]), "If-Match": f'"{version}"', **headers})


def correct(port: int, created: dict, body: dict, version: int) -> tuple[int, dict, dict]:
    return call(port, "POST", f"/api/v1/games/{created['id']}/corrections", body,
                {**bearer(created["token"]), "If-Match": f'"{version}"'})


def game(port: int, created: dict) -> dict:
    return call(port, "GET", f"/api/v1/games/{created['id']}", headers=bearer(created["token"]))[1]


class Listener:
    """An open event stream, read on a thread of its own: ``next()`` gives
    the events in order as ``{"id", "event", "data"}``."""

    def __init__(self, port: int, created: dict, token: str | None = None, last_event_id: int | None = None,
                 gzip: bool = False):
        self.http = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = bearer(token or created["token"])
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        if gzip:
            headers["Accept-Encoding"] = "gzip"
        self.http.request("GET", f"/api/v1/games/{created['id']}/events", headers=headers)
        self.response = self.http.getresponse()
        self.status = self.response.status
        self.content_type = self.response.getheader("Content-Type", "")
        self.gzipped = self.response.getheader("Content-Encoding") == "gzip"
        self.wire_bytes = 0
        self.events: queue.Queue = queue.Queue()
        self.opened = threading.Event()
        self.ended = threading.Event()  # the server closed the stream
        self.heartbeats = 0
        if self.status == 200:
            threading.Thread(target=self._read, daemon=True).start()
            assert self.opened.wait(WAIT), "the stream did not open"

    def _read(self) -> None:
        event: dict = {}
        try:
            for raw in self._lines():
                line = raw.decode().rstrip("\n")
                if line.startswith("retry:"):
                    self.opened.set()
                elif line == "" and event:
                    self.events.put({**event, "data": json.loads(event["data"])})
                    event = {}
                elif line == ": heartbeat":
                    self.heartbeats += 1
                elif line and not line.startswith(":"):
                    field, _, value = line.partition(": ")
                    event[field] = value
            self.ended.set()
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            pass  # closed by the test (http.client may trip over its own closed file, or a chunk it cut)

    def _lines(self):
        """The stream's lines as they come, inflated when it is gzipped."""
        if not self.gzipped:
            yield from iter(self.response.readline, b"")
            return
        inflate, pending = zlib.decompressobj(16 + zlib.MAX_WBITS), b""
        while chunk := self.response.read1(65536):
            self.wire_bytes += len(chunk)
            *lines, pending = (pending + inflate.decompress(chunk)).split(b"\n")
            yield from (line + b"\n" for line in lines)

    def next(self, timeout: float = WAIT) -> dict:
        return self.events.get(timeout=timeout)

    def next_is(self, version: int, kind: str) -> bool:
        """Whether the next event is the ``kind`` that made ``version``. A
        test logs that one after what must not be followed by more: nothing
        came in between when it is next (no fixed wait for silence)."""
        event = self.next()
        return (event["id"], event["event"]) == (str(version), kind)

    def close(self) -> None:
        if self.http.sock is not None:
            self.http.sock.shutdown(socket.SHUT_RDWR)
        self.http.close()


@pytest.fixture
def listeners():
    """Listeners opened by a test, closed after it."""
    opened: list[Listener] = []

    def listen(*args, **kwargs) -> Listener:
        listener = Listener(*args, **kwargs)
        opened.append(listener)
        return listener

    yield listen
    for listener in opened:
        listener.close()


def test_two_listeners_on_two_processes_hear_a_turn_posted_to_a_third(redis_client, ports, listeners):
    a, b, c = ports
    created = create(a, new_record())
    on_b = listeners(b, created)
    on_c = listeners(c, created, token=created["spectator_token"])
    assert on_b.status == on_c.status == 200 and on_b.content_type.startswith("text/event-stream")
    status, answer, _ = post_turn(a, created, OPENING, 0)
    assert status == 201
    for listener in (on_b, on_c):
        event = listener.next()
        assert (event["id"], event["event"]) == ("1", "turn")
        assert event["data"]["turn"] == OPENING and event["data"]["version"] == 1
        assert event["data"]["scoresheet"] == answer["scoresheet"]
    status, undone, _ = correct(a, created, {"undo": True, "by": "ben"}, 1)
    assert status == 201
    for listener in (on_b, on_c):
        event = listener.next()
        assert (event["id"], event["event"]) == ("2", "correction")
        assert event["data"]["by"] == "ben" and event["data"]["replaced"] == {"index": 0, "turn": OPENING}
        assert event["data"]["scoresheet"] == undone["scoresheet"]
    assert post_turn(a, created, OPENING, 2)[0] == 201
    assert on_b.next_is(3, "turn") and on_c.next_is(3, "turn")


def test_an_event_is_its_writes_answer_and_shows_the_game_as_a_fetch_does(redis_client, ports, listeners):
    # A phone applies the news of an event (or of its own write's answer)
    # instead of fetching the game: a turn's news appends its turn and its
    # entry to the game the phone shows; a correction's brings the turns
    # and the history as they now stand.
    a, b, _ = ports
    created = create(a, new_record())
    listener = listeners(b, created)
    shown = game(a, created)
    for version, turn in enumerate(EXAMPLE_1["turns"][:3]):
        status, answer, headers = post_turn(a, created, turn, version)
        assert status == 201 and headers["ETag"] == f'"{version + 1}"'
        news = listener.next()["data"]
        assert news == answer and (news["kind"], news["version"], news["turn"]) == ("turn", version + 1, turn)
        history = shown["history"]
        start = history["start"] or news["at"]
        logged = time.mktime(time.strptime(start, "%Y-%m-%dT%H:%M:%SZ")) + sum(history["seconds"])
        at = time.mktime(time.strptime(news["at"], "%Y-%m-%dT%H:%M:%SZ"))
        shown = {**shown, "version": news["version"], "state": news["state"], "decision": news["decision"],
                 "scoresheet": news["scoresheet"], "record": {**shown["record"],
                                                              "turns": shown["record"]["turns"] + [turn]},
                 "history": {**history, "start": start, "seconds": history["seconds"] + [round(at - logged)],
                             "holds": history["holds"] + [len(shown["record"]["turns"])]}}
        assert shown == game(a, created)
    status, answer, _ = correct(a, created, {"replace": 1, "turn": EXAMPLE_1["turns"][1], "by": "ben"}, 3)
    news = listener.next()["data"]
    assert status == 201 and news == answer and news["kind"] == "correction"
    fetched = game(a, created)
    assert {key: news[key] for key in ("version", "state", "decision", "scoresheet", "history")} == \
        {key: fetched[key] for key in ("version", "state", "decision", "scoresheet", "history")}
    assert news["turns"] == fetched["record"]["turns"]


def test_a_gzipped_stream_sends_each_event_as_it_happens(redis_client, ports, listeners):
    a, b, _ = ports
    created = create(a, new_record())
    plain, gzipped = listeners(b, created), listeners(b, created, gzip=True)
    assert gzipped.gzipped and not plain.gzipped
    for version, turn in enumerate(EXAMPLE_1["turns"]):
        assert post_turn(a, created, turn, version)[0] == 201
        # Each event arrives before the next turn is posted: flushed, not buffered.
        assert gzipped.next() == plain.next()
    assert gzipped.wire_bytes < 5 * 2048  # five events of a whole game each, told in under 2 KB


def test_a_listener_that_drops_and_resumes_gets_exactly_the_events_it_missed(redis_client, ports, listeners):
    a, b, c = ports
    created = create(a, new_record())
    steady = listeners(a, created)  # follows the whole game: what the resumed listener must match
    dropping = listeners(b, created)
    turns = EXAMPLE_1["turns"]
    assert post_turn(c, created, turns[0], 0)[0] == 201
    assert dropping.next()["id"] == "1"
    dropping.close()
    for version, turn in enumerate(turns[1:4], start=1):
        assert post_turn(c, created, turn, version)[0] == 201
    assert correct(c, created, {"replace": 1, "turn": turns[1], "by": "anna"}, 4)[0] == 201
    heard = [steady.next() for _ in range(5)]
    assert [event["id"] for event in heard] == ["1", "2", "3", "4", "5"]

    resumed = listeners(c, created, last_event_id=1)
    missed = [resumed.next() for _ in range(4)]
    assert missed == heard[1:]  # rebuilt from the log, exactly as they were heard live
    assert post_turn(a, created, turns[4], 5)[0] == 201  # and nothing more before this turn
    live = steady.next()
    assert live["id"] == "6" and resumed.next() == live
    assert correct(a, created, {"undo": True, "by": "anna"}, 6)[0] == 201
    assert resumed.next_is(7, "correction") and steady.next_is(7, "correction")


def test_last_event_id_zero_replays_the_whole_log_with_each_score_sheet(redis_client, ports, listeners):
    a, _, _ = ports
    created = create(a, EXAMPLE_1)
    listener = listeners(a, created, last_event_id=0)
    events = [listener.next() for _ in range(5)]
    for version, event in enumerate(events, start=1):
        assert int(event["id"]) == event["data"]["version"] == version
        prefix = {**EXAMPLE_1, "turns": EXAMPLE_1["turns"][:version]}
        assert event["data"]["scoresheet"] == Game.replay(prefix).scoresheet()
    assert correct(a, created, {"undo": True, "by": "anna"}, 5)[0] == 201
    assert listener.next_is(6, "correction")


def test_an_idempotent_retry_after_a_lost_answer_leaves_one_turn(redis_client, ports, listeners):
    a, b, _ = ports
    created = create(a, new_record())
    listener = listeners(b, created)
    body = json.dumps(OPENING).encode()
    request = (f"POST /api/v1/games/{created['id']}/turns HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               f"Authorization: Bearer {created['token']}\r\nIf-Match: \"0\"\r\nIdempotency-Key: phone-1-turn-0\r\n"
               f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body
    with socket.create_connection(("127.0.0.1", a)) as lost:
        lost.sendall(request)  # and hang up before the answer comes
    assert listener.next()["id"] == "1"  # the server logged it all the same
    status, answer, headers = post_turn(a, created, OPENING, 0, **{"Idempotency-Key": "phone-1-turn-0"})
    assert status == 201 and headers["Idempotent-Replayed"] == "true"
    assert answer["version"] == 1
    now = game(b, created)
    assert now["version"] == 1 and len(now["history"]["seconds"]) == 1
    assert answer["scoresheet"] == now["scoresheet"]
    assert correct(a, created, {"undo": True, "by": "anna"}, 1)[0] == 201
    assert listener.next_is(2, "correction")  # the retry sent no second turn event


def test_a_spectator_reads_and_listens_but_cannot_write(redis_client, ports, listeners):
    a, b, _ = ports
    created = create(a, EXAMPLE_1)
    spectator = bearer(created["spectator_token"])
    for tail in ("", "/scoresheet", "/record"):
        assert call(b, "GET", f"/api/v1/games/{created['id']}{tail}", headers=spectator)[0] == 200
    writes = [("turns", EXAMPLE_1["turns"][0]), ("corrections", {"undo": True, "by": "me"}),
              ("check", EXAMPLE_1["turns"][0])]
    for tail, body in writes:
        status, problem, headers = call(b, "POST", f"/api/v1/games/{created['id']}/{tail}", body,
                                        {**spectator, "If-Match": '"5"'})
        assert status == 403 and headers["Content-Type"] == "application/problem+json", (tail, problem)
    assert game(a, created)["version"] == 5
    listener = listeners(b, created, token=created["spectator_token"], last_event_id=4)
    assert listener.next()["id"] == "5"
    stranger = listeners(b, created, token="not-a-token")
    assert stranger.status == 404


def test_the_summary_job_tells_the_listeners(redis_client, ports, listeners):
    a, b, _ = ports
    record = keltis_goal_area()
    created = create(a, {**record, "turns": record["turns"][:-1]})
    listener = listeners(b, created)
    status, answer, _ = post_turn(a, created, record["turns"][-1], created["version"])
    assert status == 201 and answer["scoresheet"]["status"] == "finished"
    assert listener.next()["event"] == "turn"
    InProcessWorker([SummaryQueue(redis_client).queue], connection=redis_client).work(burst=True)
    event = listener.next()
    assert (event["id"], event["event"]) == (str(answer["version"]), "summary")
    status, summary, _ = call(b, "GET", f"/api/v1/games/{created['id']}/summary", headers=bearer(created["token"]))
    assert status == 200 and event["data"]["summary"] == summary
    # coming back after the final turn, the summary follows the missed events
    again = listeners(a, created, last_event_id=answer["version"] - 1)
    assert [again.next()["event"], again.next()["event"]] == ["turn", "summary"]


def test_the_next_round_of_a_match_is_told_live_and_on_return(redis_client, ports, listeners):
    a, b, c = ports
    made = lost_cities_round(random.Random(3), turns=200).record  # to the deck's last card
    created = create(a, {**made, "options": made["options"] or {}})
    live = listeners(b, created, token=created["spectator_token"])  # a display follows the match too
    status, started, _ = call(c, "POST", f"/api/v1/games/{created['id']}/next", headers=bearer(created["token"]))
    assert status == 201
    event = live.next()
    assert (event["id"], event["event"]) == (str(created["version"]), "next")
    assert event["data"] == {"kind": "next", "version": created["version"], "next": started["id"]}
    # Asked again by another phone: the same round.
    assert call(a, "POST", f"/api/v1/games/{created['id']}/next", headers=bearer(created["token"]))[0] == 200
    back = listeners(a, created, last_event_id=created["version"])
    assert back.next() == event  # coming back, the next round follows what was missed (here: nothing)


def test_a_bad_last_event_id_is_a_400_and_one_beyond_the_log_resumes_from_now(redis_client, ports, listeners):
    a, b, _ = ports
    created = create(a, new_record())
    status, problem, _ = call(a, "GET", f"/api/v1/games/{created['id']}/events",
                              headers={**bearer(created["token"]), "Last-Event-ID": "seven"})
    assert status == 400 and problem["status"] == 400
    listener = listeners(b, created, last_event_id=99)  # another game's id, say
    assert post_turn(a, created, OPENING, 0)[0] == 201
    assert listener.next()["id"] == "1"


@pytest.mark.parametrize("last_event_id", ["²", "٣", "-1", "1.0"])
def test_a_last_event_id_of_other_digits_is_a_400_too(client, last_event_id):
    # "²" and "٣" are digits to str.isdigit but not numbers to int(): they were a 500
    created = client.post("/api/v1/games", json=new_record()).get_json()
    answer = client.get(f"/api/v1/games/{created['id']}/events",
                        headers={**bearer(created["token"]), "Last-Event-ID": last_event_id})
    assert answer.status_code == 400 and answer.mimetype == "application/problem+json"


def test_a_quiet_stream_sends_heartbeats(redis_client, redis_url):
    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "EVENTS_HEARTBEAT": 0.2})
    client = app.test_client()
    created = client.post("/api/v1/games", json=new_record()).get_json()
    answer = client.get(f"/api/v1/games/{created['id']}/events", headers=bearer(created["token"]), buffered=False)
    chunks = iter(answer.response)
    assert next(chunks).startswith(b"retry: ")
    assert next(chunks) == b": heartbeat\n\n"
    assert next(chunks) == b": heartbeat\n\n"
    answer.close()


def test_a_stream_that_lost_its_subscription_ends_and_the_client_resumes(redis_client, ports, listeners):
    """A stream whose process lost Redis hears nothing any more: it ends
    (rather than send heartbeats over a frozen score), and the client that
    comes back with Last-Event-ID gets what was published meanwhile."""
    a, b, _ = ports
    created = create(a, new_record())
    listener = listeners(b, created)
    redis_client.client_kill_filter(_type="pubsub")  # every process's one subscription drops
    assert post_turn(a, created, OPENING, 0)[0] == 201  # published while nobody may be subscribed
    assert listener.ended.wait(WAIT), "the stream went on without its subscription"
    assert listener.heartbeats == 0
    again = listeners(b, created, last_event_id=0)
    event = again.next()
    assert (event["id"], event["data"]["turn"]) == ("1", OPENING)
    assert correct(a, created, {"undo": True, "by": "anna"}, 1)[0] == 201
    assert again.next_is(2, "correction")  # heard live again, and nothing in between


def test_a_turn_logged_while_the_stream_opens_is_sent_once(redis_client, redis_url):
    client = create_app({"TESTING": True, "REDIS_URL": redis_url, "EVENTS_HEARTBEAT": 0.2}).test_client()
    created = client.post("/api/v1/games", json=new_record()).get_json()
    answer = client.get(f"/api/v1/games/{created['id']}/events", headers=bearer(created["token"]), buffered=False)
    # The stream is answered, but nothing of it has been read yet.
    logged = client.post(f"/api/v1/games/{created['id']}/turns", json=OPENING,
                         headers={**bearer(created["token"]), "If-Match": '"0"'})
    assert logged.status_code == 201
    chunks = iter(answer.response)
    assert next(chunks).startswith(b"retry: ")
    assert next(chunks).startswith(b"id: 1\nevent: turn\n")
    assert next(chunks) == b": heartbeat\n\n"  # and not the same turn again from the live side
    answer.close()
