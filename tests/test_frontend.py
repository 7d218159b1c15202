"""The app's files: the service worker's cache version, filled in from a
hash of the app's files and engine, so that any change to ``frontend/`` or
``scoring/`` reaches installed phones; the phone's referee as it is served."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import zlib
import shutil
import zipfile
from pathlib import Path

import pytest

import scoring
from api import create_app
from api.frontend import shell_files
from brehon import pyodide

FRONTEND = Path(__file__).resolve().parent.parent / "frontend"
VERSION = re.compile(r"const VERSION = 'brehon-shell-([0-9a-f]+)';")


@pytest.fixture
def copy(tmp_path) -> Path:
    """A copy of frontend/ that a test may change."""
    # Without Pyodide's 20 MB, which the shell's version leaves out.
    return Path(shutil.copytree(FRONTEND, tmp_path / "frontend", ignore=shutil.ignore_patterns("pyodide")))


def served_version(redis_url: str, folder: Path | None = None) -> str:
    """The version in sw.js as an app built now on ``folder`` serves it."""
    config = {"TESTING": True, "REDIS_URL": redis_url}
    if folder is not None:
        config["FRONTEND_FOLDER"] = folder
    with create_app(config).test_client().get("/sw.js") as answer:
        assert answer.status_code == 200
        (version,) = VERSION.findall(answer.get_data(as_text=True))
        assert answer.headers["ETag"] == f'"{version}"'
        return version


def test_the_served_service_worker_carries_a_version_not_the_placeholder(client):
    script = client.get("/sw.js").get_data(as_text=True)
    (version,) = VERSION.findall(script)
    # The SHA-256 of each of Pyodide's files, by the path it is served at.
    digests = json.loads(re.search(r"const PYODIDE_SHA256 = (\{.*?\});", script)[1])
    assert set(digests) == {f"/vendor/pyodide/{name}" for name in pyodide.FILES}
    wasm = (FRONTEND / "vendor" / "pyodide" / "pyodide.asm.wasm").read_bytes()
    assert digests["/vendor/pyodide/pyodide.asm.wasm"] == hashlib.sha256(wasm).hexdigest()
    # Everything else is sw.js as written.
    files = ", ".join(f"'{path}'" for path in shell_files(FRONTEND))
    assert script == ((FRONTEND / "sw.js").read_text().replace("__SHELL_VERSION__", version)
                      .replace("'__SHELL_FILES__'", files).replace("__PYODIDE_VERSION__", pyodide.VERSION)
                      .replace("__PYODIDE_SHA256__", json.dumps(digests)))
    assert "__SHELL_VERSION__" not in script and "__PYODIDE_VERSION__" not in script and "__SHELL_FILES__" not in script


def test_the_shell_is_made_from_the_files_of_the_app(copy):
    # A module added to the app is in the shell with no edit of sw.js; the
    # service worker, Pyodide and the raster icons are not.
    (copy / "js" / "added.js").write_text("export const added = 1;\n")
    (copy / "vendor" / "pyodide").mkdir(parents=True, exist_ok=True)
    (copy / "vendor" / "pyodide" / "pyodide.js").write_text("")
    files = shell_files(copy)
    assert "/js/added.js" in files and "/js/screens/table/composer.js" in files and files[0] == "/"
    assert "/sw.js" not in files and "/vendor/pyodide/pyodide.js" not in files and "/icons/icon-192.png" not in files


def test_the_same_files_give_the_same_version(redis_url, copy):
    assert served_version(redis_url, copy) == served_version(redis_url, copy) == served_version(redis_url)


def add_a_line(path: Path) -> None:
    path.write_bytes(path.read_bytes() + b"\n")


@pytest.mark.parametrize("change", [
    lambda folder: add_a_line(folder / "js" / "screens" / "newgame.js"),
    lambda folder: add_a_line(folder / "css" / "app.css"),
    lambda folder: (folder / "i18n" / "en.json").rename(folder / "i18n" / "en-GB.json"),
    lambda folder: (folder / "icons" / "new.svg").write_text("<svg/>"),
], ids=["a screen", "the stylesheet", "a renamed file", "a new file"])
def test_any_change_to_the_files_changes_the_version(redis_url, copy, change):
    before = served_version(redis_url, copy)
    change(copy)
    assert served_version(redis_url, copy) != before


def test_a_phone_with_the_current_service_worker_revalidates_to_304(client):
    etag = client.get("/sw.js").headers["ETag"]
    assert client.get("/sw.js", headers={"If-None-Match": etag}).status_code == 304
    assert client.get("/sw.js", headers={"If-None-Match": '"older"'}).status_code == 200


def test_the_other_files_come_from_the_configured_folder(redis_url, copy):
    (copy / "index.html").write_text("<!doctype html><title>copy</title>")
    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "FRONTEND_FOLDER": copy})
    assert app.test_client().get("/").get_data(as_text=True) == "<!doctype html><title>copy</title>"


def test_the_files_go_out_compressed_and_revalidate(client):
    gzip = {"Accept-Encoding": "gzip"}
    answer = client.get("/js/composer.js", headers=gzip)
    assert answer.headers["Content-Encoding"] == "gzip"
    assert int(answer.headers["Content-Length"]) < (FRONTEND / "js" / "composer.js").stat().st_size
    # A phone revalidating its copy gets a 304 against the compressed file's ETag.
    assert client.get("/js/composer.js", headers={**gzip, "If-None-Match": answer.headers["ETag"]}).status_code == 304
    # Without gzip the file as it is.
    assert client.get("/js/composer.js").get_data() == (FRONTEND / "js" / "composer.js").read_bytes()


def test_the_apis_json_goes_out_compressed_to_who_accepts_it(client):
    gzip = {"Accept-Encoding": "gzip"}
    answer = client.get("/api/v1/rulesets", headers=gzip)
    plain = client.get("/api/v1/rulesets")
    assert answer.headers["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain.headers
    assert int(answer.headers["Content-Length"]) < len(plain.get_data()) / 4
    assert json.loads(zlib.decompress(answer.get_data(), 16 + zlib.MAX_WBITS)) == plain.get_json()


def test_the_phones_engine_is_the_scoring_package_this_server_runs(client):
    answer = client.get("/referee/scoring.zip")
    assert answer.status_code == 200 and answer.mimetype == "application/zip"
    root = Path(scoring.__file__).parent.parent
    with zipfile.ZipFile(io.BytesIO(answer.get_data())) as engine:
        files = {name: engine.read(name) for name in engine.namelist()}
    expected = {path.relative_to(root).as_posix(): path.read_bytes() for path in (root / "scoring").rglob("*.py")}
    # and the CSV export, without the PDF's
    expected |= {name: (root / name).read_bytes() for name in ("exports/__init__.py", "exports/spreadsheet.py")}
    assert files == expected
    # The same engine makes the same bytes, so a phone revalidates to 304.
    assert client.get("/referee/scoring.zip", headers={"If-None-Match": answer.headers["ETag"]}).status_code == 304


def test_a_change_to_the_engine_changes_the_shell_version(redis_url, copy, monkeypatch):
    before = served_version(redis_url, copy)
    monkeypatch.setattr("api.frontend.referee_zip", lambda: b"another engine")
    assert served_version(redis_url, copy) != before


def test_pyodide_goes_out_as_its_gzipped_copy_with_the_type_webassembly_needs(client):
    answer = client.get("/vendor/pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "gzip, br"})
    assert answer.status_code == 200 and answer.mimetype == "application/wasm"
    assert answer.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in answer.headers["Vary"]
    assert gzip.decompress(answer.get_data()) == (pyodide.FOLDER / "pyodide.asm.wasm").read_bytes()
    plain = client.get("/vendor/pyodide/pyodide.asm.wasm")
    assert "Content-Encoding" not in plain.headers and plain.get_data()[:4] == b"\0asm"
    refused = client.get("/vendor/pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "gzip;q=0, br"})
    assert "Content-Encoding" not in refused.headers and refused.get_data()[:4] == b"\0asm"


def test_the_policy_lets_webassembly_compile_but_not_javascript_eval(client):
    policy = client.get("/js/referee-worker.js").headers["Content-Security-Policy"]
    script_src = next(part for part in policy.split(";") if part.strip().startswith("script-src")).split()
    assert script_src == ["script-src", "'self'", "'wasm-unsafe-eval'"]


def test_an_installed_pyodide_is_the_pinned_release(tmp_path):
    assert pyodide.installed()  # make test installs it before the tests run
    assert not pyodide.installed(tmp_path)
    with pytest.raises(ValueError, match="not the pinned"):
        pyodide.checked(b"a tarball that is not the pinned release")
