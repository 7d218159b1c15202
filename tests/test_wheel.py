"""An installed Brehon: the wheel carries everything ``brehon serve`` needs,
the app's files and the phone's referee (Pyodide and the engine) included.
Built from this checkout, installed into a fresh virtual environment outside
it, served from there."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

import scoring
from api_helpers import served

from brehon import pyodide

ROOT = Path(__file__).resolve().parent.parent


# Builds and installs a whole environment (a few minutes): `make test` runs it, `make check` does not.
@pytest.mark.install
def test_a_wheel_installed_outside_the_checkout_serves_the_app_and_its_referee(tmp_path, redis_url):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path / "dist"), str(ROOT)],
                   check=True)
    (wheel,) = (tmp_path / "dist").glob("brehon-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", str(wheel)], check=True)

    version = subprocess.run([str(venv / "bin" / "brehon"), "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.strip() == f"brehon {wheel.name.split('-')[1]}"
    # The installed app serves its own copy of the files, not this checkout's.
    folder = subprocess.run([str(venv / "bin" / "python"), "-c", "import api.frontend; print(api.frontend.FRONTEND)"],
                            cwd=tmp_path, capture_output=True, text=True, check=True).stdout.strip()
    assert Path(folder).is_relative_to(venv)

    with served(redis_url, 2, tmp_path, brehon=venv / "bin" / "brehon") as (host, port):
        def get(path: str) -> bytes:
            with urllib.request.urlopen(f"http://{host}:{port}{path}", timeout=30) as answer:
                return answer.read()

        assert b'<script type="module" src="/js/app.js">' in get("/")
        script = get("/sw.js").decode()
        assert "__SHELL_VERSION__" not in script and f"brehon-pyodide-{pyodide.VERSION}" in script
        assert {ruleset["game"] for ruleset in json.loads(get("/api/v1/rulesets"))} == set(scoring.RULESETS)
        assert get("/vendor/pyodide/pyodide.asm.wasm") == (pyodide.FOLDER / "pyodide.asm.wasm").read_bytes()
        assert get("/referee/scoring.zip")[:2] == b"PK"
