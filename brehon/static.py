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
"""

from __future__ import annotations

import json
import shutil
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
    pyodide.install(source / PYODIDE)
    shutil.copytree(source, folder, dirs_exist_ok=True, ignore=_server_only(source))
    engine = referee_zip()
    version, script = service_worker(source, engine)
    (folder / SERVICE_WORKER).write_bytes(script)
    (folder / REFEREE_ZIP).parent.mkdir(parents=True, exist_ok=True)
    (folder / REFEREE_ZIP).write_bytes(engine)
    (folder / RULESETS).mkdir(exist_ok=True)
    schema = RulesetSchema(many=True)
    for language in LANGUAGES:
        answer = json.dumps(schema.dump(described(language)), ensure_ascii=False)
        (folder / RULESETS / f"{language}.json").write_text(answer, encoding="utf-8")
    return version


def _server_only(source: Path):
    """copytree's filter: Pyodide's gzipped copies, which only the server sends."""
    vendor = (source / PYODIDE).resolve()

    def ignored(directory: str, names: list[str]) -> list[str]:
        return [name for name in names if name.endswith(".gz")] if Path(directory).resolve() == vendor else []

    return ignored
