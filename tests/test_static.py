"""``brehon static DIR``: the app with its referee as plain files, the very
bytes ``brehon serve`` serves. (A browser plays a game from such a folder in
tests/browser/test_local_games.py.)"""

from __future__ import annotations

import json

from api.frontend import FRONTEND
from brehon import pyodide
from brehon.cli import main


def test_static_writes_the_app_the_referee_and_the_rulesets_as_the_server_serves_them(tmp_path, client, capsys):
    site = tmp_path / "site"
    assert main(["static", str(site)]) == 0
    assert str(site) in capsys.readouterr().out

    # Every file of the app, as it is, but the service worker and Pyodide's gzipped copies.
    app = {path.relative_to(FRONTEND) for path in FRONTEND.rglob("*") if path.is_file()}
    written = {path.relative_to(site) for path in site.rglob("*") if path.is_file()}
    assert {path for path in app if path.suffix != ".gz"} <= written
    assert not [path for path in written if path.suffix == ".gz"]
    assert (site / "js" / "local.js").read_bytes() == (FRONTEND / "js" / "local.js").read_bytes()
    assert {name for name in pyodide.FILES} <= {path.name for path in (site / "vendor" / "pyodide").iterdir()}

    # sw.js with its version and the Pyodide release filled in: the server's own.
    script = (site / "sw.js").read_bytes()
    assert b"__SHELL_VERSION__" not in script and b"__PYODIDE_VERSION__" not in script
    assert script == client.get("/sw.js").get_data()
    assert (site / "referee" / "scoring.zip").read_bytes() == client.get("/referee/scoring.zip").get_data()

    # What GET /api/v1/rulesets answers in each language, for a host with no API.
    for language in ("en", "de", "es"):
        answer = client.get("/api/v1/rulesets", headers={"Accept-Language": language}).get_json()
        assert json.loads((site / "rulesets" / f"{language}.json").read_text()) == answer
    assert json.loads((site / "rulesets" / "de.json").read_text()) != json.loads((site / "rulesets" / "en.json").read_text())


def test_static_writes_into_a_folder_it_can_make_or_says_why_not(tmp_path, capsys):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert main(["static", str(blocked / "site")]) == 1
    assert "brehon static:" in capsys.readouterr().err
    # Inside the app's own folder, each build would copy the one before it.
    assert main(["static", str(FRONTEND / "site")]) == 1
    assert "inside the app's folder" in capsys.readouterr().err
    assert not (FRONTEND / "site").exists()


def test_static_replaces_links_planted_in_the_folder_and_never_writes_through_them(tmp_path):
    site, outside = tmp_path / "site", tmp_path / "outside"
    outside.mkdir()
    (site / "rulesets").mkdir(parents=True)
    for name, link in (("sw.js", site / "sw.js"), ("en.json", site / "rulesets" / "en.json")):
        (outside / name).write_text("not yours")
        link.symlink_to(outside / name)

    assert main(["static", str(site)]) == 0
    # The targets are untouched; the links are files of the app now.
    assert [(outside / name).read_text() for name in ("sw.js", "en.json")] == ["not yours", "not yours"]
    assert not (site / "sw.js").is_symlink() and b"__SHELL_VERSION__" not in (site / "sw.js").read_bytes()
    assert not (site / "rulesets" / "en.json").is_symlink()
    assert isinstance(json.loads((site / "rulesets" / "en.json").read_text()), list)
    assert not [path for path in site.rglob(".*") if path.is_file()], "a scratch file was left behind"


def test_static_refuses_a_folder_that_is_a_link_or_holds_one(tmp_path, capsys):
    outside = tmp_path / "outside"
    (outside / "rulesets").mkdir(parents=True)
    linked = tmp_path / "linked"
    linked.symlink_to(outside)
    assert main(["static", str(linked)]) == 1
    assert "is a symbolic link" in capsys.readouterr().err

    site = tmp_path / "site"
    site.mkdir()
    (site / "rulesets").symlink_to(outside / "rulesets")
    assert main(["static", str(site)]) == 1
    assert "rulesets is a symbolic link" in capsys.readouterr().err
    assert list(outside.rglob("*")) == [outside / "rulesets"], "something was written outside"
    assert list(site.iterdir()) == [site / "rulesets"]
