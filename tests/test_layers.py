"""The layers depend one way (issue 10): ``scoring`` on nothing, ``store``
and ``exports`` on ``scoring``, the game layer ``tables`` on ``store`` (issue
20), ``api`` on those and ``worker`` on ``store``, never on each other;
``brehon`` starts them. Only the store imports redis or rq, it re-exports
no engine words, and the views ask ``tables`` rather than its store (issue
28). Checked in the source's imports, and in the modules a process really
loads."""

from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from brehon.redis_server import free_port

ROOT = Path(__file__).resolve().parent.parent

#: package -> the top-level modules it must never import.
FORBIDDEN = {
    "scoring": {"api", "worker", "store", "tables", "exports", "brehon", "flask", "redis", "rq"},
    "store": {"api", "worker", "tables", "exports", "brehon", "flask"},
    "tables": {"api", "worker", "exports", "brehon", "flask", "redis", "rq"},
    "exports": {"api", "worker", "store", "tables", "brehon", "flask", "redis", "rq"},
    "api": {"worker", "brehon", "redis", "rq"},
    "worker": {"api", "tables", "brehon", "flask", "redis", "rq"},  # only the store talks to Redis and rq
}

FLASK = ("flask", "flask_smorest", "flask_limiter", "marshmallow", "werkzeug")


def _imports(path: Path) -> set[str]:
    """The top-level modules a source file imports (absolute imports only)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.partition(".")[0])
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_a_layer_imports_only_the_layers_below_it(package):
    wrong = {str(path.relative_to(ROOT)): sorted(_imports(path) & FORBIDDEN[package])
             for path in sorted((ROOT / package).rglob("*.py"))}
    assert {path: names for path, names in wrong.items() if names} == {}


def test_the_store_re_exports_no_engine_words():
    """``store`` offers its own nouns: who needs the engine's (a turn, a
    correction, the turns of a log) imports them from ``scoring``."""
    tree = ast.parse((ROOT / "store" / "__init__.py").read_text())
    assert [node.module for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").partition(".")[0] == "scoring"] == []


def test_no_view_reaches_into_the_store_behind_tables():
    """``tables`` offers what the views need (a game, boards, summaries, the
    event feed): no module of ``api`` reads a ``.store`` attribute."""
    reaching = {f"{path.relative_to(ROOT)}:{node.lineno}" for path in sorted((ROOT / "api").rglob("*.py"))
                for node in ast.walk(ast.parse(path.read_text(), str(path)))
                if isinstance(node, ast.Attribute) and node.attr == "store"}
    assert sorted(reaching) == []


def _loaded(code: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", code + "\nimport sys; print(' '.join(sorted(sys.modules)))"],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    return set(done.stdout.split())


def test_the_engine_loads_nothing_beyond_python_s_own_library():
    # The phone runs the same package in Pyodide, where no third-party module is installed.
    added = _loaded("import scoring, scoring.answers") - _loaded("")  # less what the interpreter's start loads (site's .pth)
    assert "scoring.keltis" in added
    assert sorted(name for name in added if name.partition(".")[0] not in sys.stdlib_module_names
                  and name.partition(".")[0] != "scoring") == []


def test_the_engine_s_source_imports_only_python_s_own_library():
    # Every module the phone may load (scoring.answers too), imports inside functions included.
    outside = {str(path.relative_to(ROOT)): sorted(name for name in _imports(path)
                                                   if name not in sys.stdlib_module_names and name != "scoring")
               for path in sorted((ROOT / "scoring").rglob("*.py"))}
    assert {path: names for path, names in outside.items() if names} == {}


def test_importing_the_worker_jobs_loads_no_flask():
    loaded = _loaded("import worker.jobs")
    assert "worker.jobs" in loaded and "rq" in loaded
    assert sorted(name for name in loaded if name.partition(".")[0] in FLASK + ("api",)) == []


def test_the_csv_export_loads_what_the_phones_referee_has():
    """The phone's referee runs exports/spreadsheet.py beside scoring: it
    must load no PDF library (fpdf) and none of the server's packages."""
    loaded = _loaded("import exports.spreadsheet")
    assert "exports.spreadsheet" in loaded
    server = {"fpdf", "exports.scoresheet", *FLASK, "redis", "rq", "api", "store", "tables", "worker"}
    assert sorted(name for name in loaded if name in server or name.partition(".")[0] in server) == []


def test_the_app_loads_no_pdf_library_until_a_pdf_is_asked_for():
    """fpdf, with fontTools and Pillow, is some 19 MB that an idle server's
    gunicorn processes need not hold (bench/bench_memory.py, issue 28)."""
    loaded = _loaded("from api import create_app\ncreate_app({'REDIS_URL': 'redis://127.0.0.1:1/0'})")
    assert "api.games" in loaded
    assert sorted(name for name in loaded if name.partition(".")[0] in ("fpdf", "fontTools", "PIL")) == []


def test_the_process_of_brehon_serve_loads_no_flask(tmp_path):
    """The supervisor itself, run as `brehon serve` runs it, up and serving,
    then stopped: the modules it loaded on the way are listed at its exit."""
    port = free_port()
    code = ("import sys\nfrom brehon.cli import main\n"
            f"code = main(['serve', '--port', '{port}', '--data', {str(tmp_path / 'data')!r}])\n"
            "print('MODULES', ' '.join(sorted(sys.modules)), flush=True)\nsys.exit(code)")
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "BREHON_LIMITS_URL")}
    serve = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        lines = iter(serve.stdout)
        assert any("Brehon is running" in line for line in lines)
        serve.send_signal(signal.SIGINT)
        modules = next(line for line in lines if line.startswith("MODULES ")).split()[1:]
        assert serve.wait(30) == 0
    finally:
        if serve.poll() is None:
            serve.kill()
            serve.wait()
        serve.stdout.close()
    assert "brehon.serve" in modules
    assert sorted(name for name in modules if name.partition(".")[0] in FLASK + ("api", "scoring")) == []


def test_building_the_app_opens_no_connection_and_starts_no_thread(redis_client, redis_url):
    """gunicorn builds the app once (``--preload``) and forks its workers from
    it: nothing made before the fork may be shared by them, so the store and
    the limiter connect on first use, in each worker, and the events thread
    starts with a worker's first stream."""
    import threading

    from api import create_app

    database = 7  # a database nobody else uses here: its clients are this app's
    url = f"{redis_url.rsplit('/', 1)[0]}/{database}"
    threads = threading.active_count()
    app = create_app({"TESTING": True, "REDIS_URL": url, "BREHON_LIMITS_URL": url})
    assert [client for client in redis_client.client_list() if client["db"] == str(database)] == []
    for timer in [thread for thread in threading.enumerate() if isinstance(thread, threading.Timer)]:
        timer.join()  # the limiter's in-memory fallback expires its counts in a short timer; a fork re-arms it
    assert threading.active_count() == threads
    with app.test_client() as client:  # the first request connects
        assert client.post("/api/v1/games", json={}).status_code == 422
    assert [client for client in redis_client.client_list() if client["db"] == str(database)] != []
