"""The PWA's static files (``frontend/``), served at the site root.

No build step: files go out as they are, with MIME types browsers insist on
(ES modules, the web app manifest) and ``Cache-Control: no-cache`` so a
phone revalidates by ETag and never runs a stale app after an update (the
service worker keeps the offline copy). The service worker is served from
the root so its scope is the whole app.

One file is filled in: ``sw.js`` names its cache after a hash of every file
of the folder and of the phone's engine, so any change to the app changes the
service worker's bytes, which is what tells an installed phone that a new
version is there. Its list of the app shell's files is made from the folder
too (:func:`shell_files`), so a new module is kept offline without an edit. It also names the Pyodide release the referee runs on,
which has a cache of its own: 6 MB that an update of the app need not fetch
again, and the SHA-256 of each of its files, which the service worker checks
its copies against (a damaged one is fetched again). The folder is ``FRONTEND_FOLDER`` of the configuration
(``frontend/`` unless a test names a copy); the hash is taken once, when the
app is built.

The phone's referee is ``scoring/`` itself, served as one zip
(``/referee/scoring.zip``) made from the package this server runs, so the
phone can never judge by other rules than the server. Pyodide's large files
(``vendor/pyodide/``, put there by the install step, brehon/pyodide.py) are
sent as their gzipped copies.
"""

from __future__ import annotations

import hashlib
import io
import json
import mimetypes
import zipfile
from pathlib import Path

import exports
import scoring
from exports import spreadsheet

from flask import Blueprint, Response, current_app, request, send_from_directory
from flask.blueprints import BlueprintSetupState
from werkzeug.routing import PathConverter

FRONTEND = Path(__file__).resolve().parent.parent / "frontend"

#: Types the platform's mimetypes table may lack or get wrong.
TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".wasm": "application/wasm",  # WebAssembly.instantiateStreaming insists on it
    ".zip": "application/zip",
}

#: Sent with every file of the app. Scripts, styles, images, API calls and
#: the service worker come from the app's own origin only, and no inline
#: script or style attribute runs (the app sets styles through the CSSOM,
#: ``el.style``, which a policy does not restrict). WebAssembly may be
#: compiled (``'wasm-unsafe-eval'``), for the referee's worker; JavaScript
#: still may not be (no ``'unsafe-eval'``). No site may frame it,
#: and no link leaks the address (whose fragment holds a game token).
SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff"}
#: What only a document or a worker's own script heeds: a browser takes a
#: page's policy from the page and a worker's from its script, and ignores
#: these on the modules, styles and images they load (about 330 bytes saved
#: on each of the first visit's sixty answers).
DOCUMENT_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; "
                               "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
}
#: The app's worker scripts besides the service worker (they start with the policy of their own answer).
WORKERS = ("js/referee-worker.js",)

SERVICE_WORKER = "sw.js"
#: Written in sw.js where the shell's version goes; replaced when served.
VERSION_PLACEHOLDER = b"__SHELL_VERSION__"
#: Written in sw.js where the app shell's files go.
SHELL_PLACEHOLDER = b"'__SHELL_FILES__'"
#: The kinds of file the pages load, which the shell keeps. Left out: the
#: raster icons (the system fetches them when installing) and ``vendor/``
#: (Pyodide has a cache of its own; jsQR is loaded on first use).
SHELL_SUFFIXES = (".html", ".webmanifest", ".css", ".svg", ".json", ".js")
#: Written in sw.js where the Pyodide release goes (its cache's name).
PYODIDE_PLACEHOLDER = b"__PYODIDE_VERSION__"
#: Written in sw.js where the digests of Pyodide's files go: the service
#: worker checks each copy it keeps against them.
PYODIDE_DIGESTS_PLACEHOLDER = b"__PYODIDE_SHA256__"
#: Where the install step puts Pyodide, inside the app's folder.
PYODIDE = Path("vendor") / "pyodide"
#: The phone's engine, as the server serves it.
REFEREE_ZIP = "referee/scoring.zip"

blp = Blueprint("frontend", __name__)


class AssetPath(PathConverter):
    """A path of the app's files: anything but ``api/...``, so that the API's
    routes alone answer there (an OPTIONS ``Allow`` names their methods only)."""

    regex = r"(?!api/)[^/].*?"


@blp.record_once
def _add_the_asset_converter(state: BlueprintSetupState) -> None:
    state.app.url_map.converters["asset"] = AssetPath


@blp.record_once
def _fill_in_the_service_worker(state: BlueprintSetupState) -> None:
    # Once per app: the engine's zip, the folder's hash and the service worker carrying it.
    folder = Path(state.app.config.setdefault("FRONTEND_FOLDER", FRONTEND))
    engine = referee_zip()
    state.app.extensions["brehon.referee"] = engine
    state.app.extensions["brehon.service_worker"] = service_worker(folder, engine)


def referee_zip() -> bytes:
    """The phone's engine as a zip: the ``scoring`` package and the CSV
    export (a game kept on a phone exports the server's bytes), their Python
    files in a fixed order with a fixed date, so the same engine makes the
    same bytes."""
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zipped:
        for name, path in engine_files():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zipped.writestr(info, path.read_bytes())
    return archive.getvalue()


def engine_files() -> list[tuple[str, Path]]:
    """What the phone's engine is made of: each file's name in the zip and where it lies."""
    root = Path(scoring.__file__).parent.parent
    paths = [*Path(scoring.__file__).parent.rglob("*.py"), Path(exports.__file__), Path(spreadsheet.__file__)]
    return sorted((path.relative_to(root).as_posix(), path) for path in paths)


def pyodide_version(folder: Path) -> str:
    """The Pyodide release installed in the app's folder ("none" before the install step)."""
    stamp = folder / PYODIDE / "VERSION"
    return stamp.read_text().strip() if stamp.is_file() else "none"


def pyodide_digests(folder: Path) -> dict[str, str]:
    """The SHA-256 of each file of the Pyodide release installed in the app's
    folder, by the path it is served at (none before the install step). The
    install step unpacked them from the release's tarball, checked against
    its pinned sha512 (brehon/pyodide.py), so these are the release's own."""
    vendor = folder / PYODIDE
    files = sorted(path for path in vendor.glob("*") if path.is_file() and path.suffix != ".gz" and path.name != "VERSION")
    return {f"/{PYODIDE.as_posix()}/{path.name}": hashlib.sha256(path.read_bytes()).hexdigest() for path in files}


def service_worker(folder: Path, engine: bytes) -> tuple[str, bytes]:
    """The shell's version and ``sw.js`` with it, the shell's files, the
    Pyodide release and its files' digests filled in."""
    version = shell_version(folder, engine)
    script = (folder / SERVICE_WORKER).read_bytes().replace(VERSION_PLACEHOLDER, version.encode())
    files = ", ".join(f"'{path}'" for path in shell_files(folder)).encode()
    script = script.replace(SHELL_PLACEHOLDER, files)
    script = script.replace(PYODIDE_DIGESTS_PLACEHOLDER, json.dumps(pyodide_digests(folder)).encode())
    return version, script.replace(PYODIDE_PLACEHOLDER, pyodide_version(folder).encode())


def shell_files(folder: Path) -> list[str]:
    """The paths the service worker keeps for opening offline: the root and
    every file of the folder the pages load, but the service worker itself."""
    paths = sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*")
                   if path.is_file() and path.suffix in SHELL_SUFFIXES and path.name != SERVICE_WORKER
                   and Path("vendor") not in path.relative_to(folder).parents)
    return ["/", *(f"/{path}" for path in paths)]


def shell_version(folder: Path, engine: bytes) -> str:
    """A short hash of every file under ``folder`` (its path and its bytes)
    and of the engine's zip. Pyodide is left out: its release names its own cache."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and PYODIDE not in p.relative_to(folder).parents):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    digest.update(REFEREE_ZIP.encode() + b"\0" + hashlib.sha256(engine).digest())
    return digest.hexdigest()[:16]


@blp.get("/")
def index() -> Response:
    """The app shell."""
    return _send("index.html")


@blp.get(f"/{REFEREE_ZIP}")
def referee() -> Response:
    """The phone's engine: ``scoring/`` as this server runs it."""
    answer = Response(current_app.extensions["brehon.referee"], mimetype=TYPES[".zip"])
    answer.add_etag()
    answer.make_conditional(request)
    return _secured(answer)


@blp.get("/<asset:name>")
def asset(name: str) -> Response:
    """Any other file of the app, by its path."""
    return _send(name)


def _send(name: str) -> Response:
    suffix = Path(name).suffix.lower()
    mimetype = TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"
    if name == SERVICE_WORKER:
        version, script = current_app.extensions["brehon.service_worker"]
        answer = Response(script, mimetype=mimetype)
        answer.set_etag(version)
        answer.make_conditional(request)
        answer.headers["Service-Worker-Allowed"] = "/"
    elif Path(current_app.config["FRONTEND_FOLDER"], f"{name}.gz").is_file() and request.accept_encodings["gzip"] > 0:
        # Sent as it lies on disk: flask-compress leaves an answer with a coding alone.
        answer = send_from_directory(current_app.config["FRONTEND_FOLDER"], f"{name}.gz", mimetype=mimetype, max_age=0)
        answer.headers["Content-Encoding"] = "gzip"
        answer.vary.add("Accept-Encoding")
    else:
        answer = send_from_directory(current_app.config["FRONTEND_FOLDER"], name, mimetype=mimetype, max_age=0)
        # Read into memory (the files are small) so that it is compressed
        # (api/compression.py) and then answered 304 against the compressed file's ETag.
        answer.direct_passthrough = False
        answer.set_data(answer.get_data())
    # An app file is shown, not saved, and "no-cache" says all of its freshness.
    for redundant in ("Content-Disposition", "Expires"):
        answer.headers.pop(redundant, None)
    return _secured(answer, document=name == SERVICE_WORKER or name in WORKERS or mimetype == "text/html")


def _secured(answer: Response, document: bool = False) -> Response:
    answer.headers["Cache-Control"] = "no-cache"
    answer.headers.update(SECURITY_HEADERS)
    if document:
        answer.headers.update(DOCUMENT_HEADERS)
    return answer
