"""HTTP edges: every error class as problem+json, the PWA's static files, the OpenAPI document."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import scoring

from api import create_app
from api_helpers import create_game, new_record, problem

ROOT = Path(__file__).resolve().parent.parent


def test_unknown_routes_are_404_problems(client):
    problem(client.get("/api/v1/nothing"), 404)
    problem(client.get("/no-such-file.js"), 404)
    problem(client.get("/../pyproject.toml"), 404)


def test_a_wrong_method_is_405_with_allow(client):
    answer = client.delete("/api/v1/games")
    problem(answer, 405)
    assert "POST" in answer.headers["Allow"]
    problem(client.put("/api/v1/rulesets", json={}), 405)


def test_a_body_over_one_mebibyte_is_413(client):
    big = '{"padding": "' + "x" * (1024 * 1024) + '"}'
    problem(client.post("/api/v1/games", data=big, content_type="application/json"), 413)
    problem(client.post("/api/v1/tally", data=big, content_type="application/json"), 413)


def test_a_body_that_is_not_json_is_415(client):
    problem(client.post("/api/v1/games", data="format=brehon/1", content_type="application/x-www-form-urlencoded"), 415)
    problem(client.post("/api/v1/tally", data="{}", content_type="text/plain"), 415)


def test_malformed_json_is_400(client):
    body = problem(client.post("/api/v1/games", data='{"format": ', content_type="application/json"), 400)
    assert "JSON" in body["detail"]
    created = create_game(client, new_record())
    answer = client.post(f"/api/v1/games/{created['id']}/turns", data="[1,", content_type="application/json",
                         headers={"Authorization": f"Bearer {created['token']}", "If-Match": '"0"'})
    problem(answer, 400)


@pytest.mark.parametrize("route", ["/api/v1/games", "/api/v1/tally", "/api/v1/boards"])
def test_json_nested_too_deeply_to_parse_is_400_not_500(client, route):
    # Python's parser raises RecursionError there, not the ValueError of malformed JSON
    deep = "[" * 100_000 + "]" * 100_000
    body = problem(client.post(route, data=deep, content_type="application/json"), 400)
    assert "deep" in body["detail"]


@pytest.mark.parametrize("body", [[], None, 7, "keltis"])
def test_a_record_that_is_no_object_is_refused_as_brehon_replay_refuses_it(client, body):
    (violation,) = problem(client.post("/api/v1/games", json=body), 422)["violations"]
    with pytest.raises(scoring.Refused) as engine:
        scoring.Game.replay(body)
    assert violation == engine.value.violation.to_json()


def test_an_empty_body_is_record_invalid(client):
    (violation,) = problem(client.post("/api/v1/tally"), 422)["violations"]
    assert violation["rule"] == "record.invalid"


# -- the PWA --------------------------------------------------------------------


def test_the_app_shell_is_served_at_the_root(client):
    with client.get("/") as answer:
        assert answer.status_code == 200 and answer.mimetype == "text/html"
        assert answer.headers["Cache-Control"] == "no-cache"
        assert answer.get_data() == (ROOT / "frontend" / "index.html").read_bytes()


@pytest.mark.parametrize("name, mimetype", [
    ("js/app.js", "text/javascript"),
    ("manifest.webmanifest", "application/manifest+json"),
    ("css/app.css", "text/css"),
    ("icons/icon.svg", "image/svg+xml"),
])
def test_static_files_go_out_with_the_types_browsers_need(client, name, mimetype):
    with client.get(f"/{name}") as answer:
        assert answer.status_code == 200
        assert answer.mimetype == mimetype
        assert answer.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("name", ["", "index.html", "sw.js", "js/referee-worker.js"])
def test_the_app_runs_only_its_own_code_and_no_site_frames_it(client, name):
    with client.get(f"/{name}") as answer:
        assert answer.status_code == 200
        policy = dict(part.strip().split(" ", 1) for part in answer.headers["Content-Security-Policy"].split(";"))
        assert policy["default-src"] == policy["style-src"] == policy["worker-src"] == policy["connect-src"] == "'self'"
        # The referee's worker compiles WebAssembly; JavaScript is never evaluated ('unsafe-eval').
        assert policy["script-src"] == "'self' 'wasm-unsafe-eval'"
        assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"
        assert answer.headers["Referrer-Policy"] == "no-referrer"


@pytest.mark.parametrize("name", ["js/app.js", "css/app.css", "icons/icon.svg"])
def test_what_a_page_loads_carries_no_policy_of_its_own(client, name):
    # A browser heeds a policy only on a document or a worker's own script:
    # on the first visit's sixty other answers it would be 330 bytes each for nothing.
    with client.get(f"/{name}") as answer:
        assert answer.status_code == 200 and answer.headers["X-Content-Type-Options"] == "nosniff"
        assert "Content-Security-Policy" not in answer.headers and "Referrer-Policy" not in answer.headers
        assert "Content-Disposition" not in answer.headers and "Expires" not in answer.headers


def test_the_app_shell_has_no_inline_script_or_style():
    html = (ROOT / "frontend" / "index.html").read_text()
    assert re.findall(r"<script\b[^>]*>", html) == ['<script type="module" src="/js/app.js">']
    assert "<style" not in html and not re.search(r"\s(style|on[a-z]+)=", html)


def test_the_service_worker_is_served_for_the_whole_app(client):
    with client.get("/sw.js") as answer:
        assert answer.status_code == 200 and answer.mimetype == "text/javascript"
        assert answer.headers["Service-Worker-Allowed"] == "/"
        assert answer.headers["Cache-Control"] == "no-cache"


# -- OpenAPI --------------------------------------------------------------------


def test_the_committed_openapi_document_matches_the_app():
    generated = subprocess.run([sys.executable, "-m", "brehon.cli", "openapi"], cwd=ROOT, check=True,
                               capture_output=True, text=True).stdout
    committed = (ROOT / "openapi.yaml").read_text()
    assert generated == committed, "openapi.yaml is stale: run `make openapi` and commit it"
    paths = yaml.safe_load(committed)["paths"]
    for route in ("/api/v1/games", "/api/v1/games/{game_id}/turns", "/api/v1/games/{game_id}/check",
                  "/api/v1/games/{game_id}/scoresheet", "/api/v1/games/{game_id}/record", "/api/v1/tally",
                  "/api/v1/boards", "/api/v1/boards/{board_id}", "/api/v1/rulesets"):
        assert route in paths


def test_there_is_no_default_redis(monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    with pytest.raises(RuntimeError, match="REDIS_URL"):
        create_app()


def test_the_server_says_where_the_table_reaches_it(redis_url):
    """GET /api/v1/server (issue 11 §6): the addresses `brehon serve` hands over, or
    the request's own address unless that is loopback."""
    from api import create_app

    from importlib.metadata import version

    listening = create_app({"REDIS_URL": redis_url, "ADDRESSES": "http://192.0.2.7:8000/"}).test_client()
    assert listening.get("/api/v1/server").get_json() == {"addresses": ["http://192.0.2.7:8000/"], "loopback_only": False,
                                                          "version": version("brehon")}
    loopback = create_app({"REDIS_URL": redis_url, "ADDRESSES": ""}).test_client()
    assert loopback.get("/api/v1/server").get_json() == {"addresses": [], "loopback_only": True,
                                                         "version": version("brehon")}
    unknown = create_app({"REDIS_URL": redis_url, "ADDRESSES": None}).test_client()
    assert unknown.get("/api/v1/server", base_url="http://127.0.0.1:5000").get_json()["loopback_only"] is True
    assert unknown.get("/api/v1/server", base_url="http://table.local:5000").get_json()["addresses"] == [
        "http://table.local:5000/"]
