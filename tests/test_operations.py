"""What an operator watches: /healthz, /readyz, /metrics and the request log."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from api_helpers import OPENING, InProcessWorker, bearer, create_game, new_record, post_turn, problem
from prometheus_client import CONTENT_TYPE_LATEST
from prometheus_client.parser import text_string_to_metric_families
from worker_games import keltis_goal_area

from api import create_app
from brehon.redis_server import RedisServer, free_port
from store.summaries import QUEUE

ROOT = Path(__file__).resolve().parent.parent


def sample(client, name: str, **labels) -> float:
    """The value of one sample on /metrics (0 when it has not been counted yet)."""
    answer = client.get("/metrics")
    assert answer.status_code == 200 and answer.mimetype == "text/plain"
    for family in text_string_to_metric_families(answer.get_data(as_text=True)):
        for found in family.samples:
            if found.name == name and all(found.labels.get(key) == value for key, value in labels.items()):
                return found.value
    return 0.0


def test_healthz_and_readyz_answer_while_every_part_does(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.get_json() == {"status": "ok", "parts": {"store": True, "queue": True, "limits": True}}


@pytest.mark.kill
def test_readyz_is_503_when_the_store_is_down_and_healthz_still_answers(tmp_path, redis_url):
    server = RedisServer(tmp_path / "redis").start()
    client = create_app({"TESTING": True, "REDIS_URL": server.url, "BREHON_LIMITS_URL": redis_url}).test_client()
    assert client.get("/readyz").status_code == 200
    server.kill()
    body = problem(client.get("/readyz"), 503)
    assert body["parts"] == {"store": False, "queue": False, "limits": True}
    assert client.get("/readyz").headers["Retry-After"] == "1"
    assert client.get("/healthz").status_code == 200


@pytest.mark.kill
def test_readyz_is_503_when_only_the_limits_are_down(tmp_path, redis_url, redis_client):
    counters = RedisServer(tmp_path / "limits", durable=False).start()
    client = create_app({"TESTING": True, "REDIS_URL": redis_url, "BREHON_LIMITS_URL": counters.url}).test_client()
    counters.kill()
    assert problem(client.get("/readyz"), 503)["parts"] == {"store": True, "queue": True, "limits": False}


def test_health_routes_are_outside_the_rate_limits(redis_client, redis_url):
    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "BREHON_LIMIT_CREATE": "1 per minute",
                      "BREHON_LIMIT_TURNS": "1 per minute"})
    client = app.test_client()
    created = create_game(client, new_record())
    assert client.post("/api/v1/games", json=new_record()).status_code == 429
    for _ in range(5):
        assert client.get("/readyz").status_code == 200
        assert client.get("/healthz").status_code == 200
        assert client.get("/metrics").status_code == 200
    assert created["id"]


def test_metrics_count_turns_logged_and_refused_by_rule(client):
    created = create_game(client, new_record())
    logged = sample(client, "brehon_turns_logged_total", game="keltis", kind="turn")
    refused = sample(client, "brehon_turns_refused_total", game="keltis", rule="turn.order")
    latency = sample(client, "brehon_request_seconds_count", route="/api/v1/games/<game_id>/turns", method="POST")
    assert post_turn(client, created, OPENING, **{"Idempotency-Key": "first-turn"}).status_code == 201
    assert sample(client, "brehon_turns_logged_total", game="keltis", kind="turn") == logged + 1
    # a repeat of the same key logs nothing
    assert post_turn(client, created, OPENING, version=0, **{"Idempotency-Key": "first-turn"}).status_code == 201
    assert sample(client, "brehon_turns_logged_total", game="keltis", kind="turn") == logged + 1
    wrong = {**OPENING, "player": "anna"}  # ben's turn now
    answer = post_turn(client, created, wrong, version=1)
    assert problem(answer, 422)["violations"][0]["rule"] == "turn.order"
    assert sample(client, "brehon_turns_refused_total", game="keltis", rule="turn.order") == refused + 1
    assert sample(client, "brehon_turns_logged_total", game="keltis", kind="turn") == logged + 1
    assert sample(client, "brehon_request_seconds_count", route="/api/v1/games/<game_id>/turns",
                  method="POST") == latency + 3


def test_metrics_show_the_summary_queue_and_its_job_durations(client, redis_client):
    assert sample(client, "brehon_summary_queue_length") == 0
    jobs = sample(client, "brehon_summary_job_seconds_count")
    create_game(client, keltis_goal_area())  # a finished game: its summary is queued
    assert sample(client, "brehon_summary_queue_length") == 1
    InProcessWorker([QUEUE], connection=redis_client).work(burst=True)
    assert sample(client, "brehon_summary_queue_length") == 0
    assert sample(client, "brehon_summary_job_seconds_count") == jobs + 1


def test_metrics_can_be_turned_off(redis_client, redis_url):
    client = create_app({"TESTING": True, "REDIS_URL": redis_url, "BREHON_METRICS": False}).test_client()
    problem(client.get("/metrics"), 404)


def test_the_request_log_is_one_json_line_per_request_without_a_token(redis_client, redis_url, tmp_path):
    port = free_port()
    env = {**os.environ, "REDIS_URL": redis_url, "BREHON_REQUEST_LOG": "json"}
    log = tmp_path / "requests.log"
    with log.open("w") as errors:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--workers", "1", "--bind", f"127.0.0.1:{port}", "api:create_app()"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=errors)
    try:
        from test_live_events import call, wait_ready

        wait_ready(port)
        status, created, _ = call(port, "POST", "/api/v1/games", new_record())
        assert status == 201
        path = f"/api/v1/games/{created['id']}"
        assert call(port, "GET", f"{path}?secret=1", headers=bearer(created["token"]))[0] == 200
        assert call(port, "GET", path, headers=bearer("not-the-token"))[0] == 404
    finally:
        server.terminate()
        server.wait(timeout=10)
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    game_lines = [line for line in lines if line["route"] == "/api/v1/games/<game_id>"]
    assert [(line["method"], line["status"], line["game"]) for line in game_lines] == [
        ("GET", 200, created["id"]), ("GET", 404, created["id"])]
    assert all(isinstance(line["ms"], float) for line in game_lines)
    text = log.read_text()
    assert created["token"] not in text and "not-the-token" not in text and "secret" not in text


@pytest.mark.parametrize("form", ["xml"])
def test_an_unknown_request_log_form_is_refused_at_start(redis_url, form):
    with pytest.raises(RuntimeError, match="BREHON_REQUEST_LOG"):
        create_app({"TESTING": True, "REDIS_URL": redis_url, "BREHON_REQUEST_LOG": form})


@pytest.mark.kill
def test_a_request_the_store_cannot_serve_is_503_and_counted(tmp_path, redis_url):
    server = RedisServer(tmp_path / "redis").start()
    client = create_app({"TESTING": True, "REDIS_URL": server.url, "BREHON_LIMITS_URL": redis_url}).test_client()
    created = create_game(client, new_record())
    errors = sample(client, "brehon_store_errors_total")
    server.kill()
    answer = client.get(f"/api/v1/games/{created['id']}", headers=bearer(created["token"]))
    assert problem(answer, 503)["detail"].startswith("The game store is unavailable")
    assert answer.headers["Retry-After"] == "1"
    assert sample(client, "brehon_store_errors_total") == errors + 1
    # A rate-limited route too: the store's second, not the end of the limit's window.
    answer = client.post("/api/v1/games", json=new_record())
    assert problem(answer, 503) and answer.headers["Retry-After"] == "1"
    assert "X-RateLimit-Limit" in answer.headers


def test_metrics_name_their_charset_once(client):
    content_type = client.get("/metrics").headers["Content-Type"]
    assert content_type == CONTENT_TYPE_LATEST and content_type.count("charset=") == 1


@pytest.mark.parametrize("host, asked, proxies, shown", [
    ("127.0.0.1", False, 0, "1"), ("0.0.0.0", False, 0, "0"), ("0.0.0.0", True, 0, "1"),
    ("127.0.0.1", False, 1, "0"), ("127.0.0.1", True, 1, "1")])  # behind a proxy, loopback is anyone
def test_brehon_serve_shows_metrics_to_the_table_only_when_asked(tmp_path, host, asked, proxies, shown):
    from brehon.serve import _operations

    env: dict = {}
    _operations(env, str(tmp_path), host, metrics=asked, log_json=False, proxies=proxies)
    assert env["BREHON_METRICS"] == shown
    assert env["BREHON_REQUEST_LOG"] == "text"
    assert Path(env["PROMETHEUS_MULTIPROC_DIR"]) == tmp_path.resolve() / "metrics"
