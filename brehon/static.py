"""``brehon static DIR``: the app with its referee as plain files, for any
static web host (no Brehon server behind it).

From such a host the app plays games on the phone only (frontend/js/local.js)
and says that sharing them needs a Brehon server. The files are the ones
``brehon serve`` serves, made by the same functions (api/frontend.py):

- the app's folder, ``frontend/``, as it is;
- ``sw.js`` with the shell's version and the Pyodide release filled in;
- ``referee/scoring.zip``, the phone's engine;
- ``vendor/pyodide/``, the pinned Pyodide (installed first when missing,
  brehon/pyodide.py), without the gzipped copies the server sends: a
  static host sends the plain files;
- ``rulesets/<lang>.json``, what ``GET /api/v1/rulesets`` answers in each
  language, which the app reads where no API answers (frontend/js/rulesets.js).

``DIR`` may hold an older build, and someone else may have planted links in
it. No write ever goes through a link: each file is written beside its place
and renamed over it (``os.replace``), which replaces a link found there, not
its target; and a ``DIR`` or a folder inside it that is a symbolic link is
refused before anything is written (every file under it would land
elsewhere).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from api.frontend import FRONTEND, PYODIDE, REFEREE_ZIP, SERVICE_WORKER, referee_zip, service_worker
from api.rulesets import described
from api.schemas import RulesetSchema
from scoring.messages import LANGUAGES

from . import pyodide

#: Where the static build keeps each language's rulesets.
RULESETS = "rulesets"


def write_static(folder: Path, source: Path = FRONTEND) -> str:
    """Write the static app into ``folder`` (made if need be; files already
    there are replaced) from the app's folder ``source``; answers the
    shell's version. ValueError for a folder inside the app's own: each
    build would copy the one before it."""
    if folder.resolve().is_relative_to(source.resolve()):
        raise ValueError(f"{folder} is inside the app's folder {source}: write the static app elsewhere")
    _refuse_linked_folders(folder)
    pyodide.install(source / PYODIDE)
    shutil.copytree(source, folder, dirs_exist_ok=True, ignore=_server_only(source), copy_function=_copy)
    engine = referee_zip()
    version, script = service_worker(source, engine)
    _write(folder / SERVICE_WORKER, script)
    (folder / REFEREE_ZIP).parent.mkdir(parents=True, exist_ok=True)
    _write(folder / REFEREE_ZIP, engine)
    (folder / RULESETS).mkdir(exist_ok=True)
    schema = RulesetSchema(many=True)
    for language in LANGUAGES:
        answer = json.dumps(schema.dump(described(language)), ensure_ascii=False)
        _write(folder / RULESETS / f"{language}.json", answer.encode())
    return version


def _refuse_linked_folders(folder: Path) -> None:
    """ValueError when ``folder``, or a folder anywhere inside it, is a symbolic link."""
    if folder.is_symlink():
        raise ValueError(f"{folder} is a symbolic link: give the folder itself")
    for directory, folders, _ in os.walk(folder):  # never follows links
        for name in folders:
            if (Path(directory) / name).is_symlink():
                raise ValueError(f"{Path(directory) / name} is a symbolic link: remove it, or write the app elsewhere")


def _write(path: Path, data: bytes, like: Path | None = None) -> None:
    """Put ``data`` at ``path``, replacing whatever is there (a link
    included) and never writing through it; with the permissions of ``like``,
    else readable by all (a static site's files are public)."""
    with tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{path.name}.", delete=False) as scratch:
        scratch.write(data)
    try:
        if like is None:
            os.chmod(scratch.name, 0o644)
        else:
            shutil.copystat(like, scratch.name)
        os.replace(scratch.name, path)
    except BaseException:
        os.unlink(scratch.name)
        raise


def _copy(source: str, target: str) -> None:
    """copytree's copy: shutil.copy2 would open a link at ``target`` and write into what it names."""
    _write(Path(target), Path(source).read_bytes(), like=Path(source))


def _server_only(source: Path):
    """copytree's filter: Pyodide's gzipped copies, which only the server sends."""
    vendor = (source / PYODIDE).resolve()

    def ignored(directory: str, names: list[str]) -> list[str]:
        return [name for name in names if name.endswith(".gz")] if Path(directory).resolve() == vendor else []

    return ignored
