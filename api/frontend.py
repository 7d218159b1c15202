"""The PWA's static files (``frontend/``), served at the site root.

No build step: files go out as they are, with MIME types browsers insist on
(ES modules, the web app manifest) and ``Cache-Control: no-cache`` so a
phone revalidates by ETag and never runs a stale app after an update (the
service worker keeps the offline copy). The service worker is served from
the root so its scope is the whole app.

One file is filled in: ``sw.js`` names its cache after a hash of every file
of the folder, so any change to the app changes the service worker's bytes,
which is what tells an installed phone that a new version is there. The
folder is ``FRONTEND_FOLDER`` of the configuration (``frontend/`` unless a
test names a copy); the hash is taken once, when the app is built.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from pathlib import Path

from flask import Blueprint, Response, current_app, request, send_from_directory
from flask.blueprints import BlueprintSetupState
from werkzeug.exceptions import NotFound
from werkzeug.security import safe_join

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
}

#: Sent with every file of the app. Scripts, styles, images, API calls and
#: the service worker come from the app's own origin only, and no inline
#: script or style attribute runs (the app sets styles through the CSSOM,
#: ``el.style``, which a policy does not restrict). No site may frame it,
#: and no link leaks the address (whose fragment holds a game token).
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; "
                               "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}

SERVICE_WORKER = "sw.js"
#: Text files sent gzipped to a browser that accepts it: the first visit
#: stays under PWA.md's 200 KB as the app grows.
COMPRESSIBLE = {".js", ".css", ".json", ".html", ".svg", ".webmanifest"}
#: Written in sw.js where the shell's version goes; replaced when served.
VERSION_PLACEHOLDER = b"__SHELL_VERSION__"

blp = Blueprint("frontend", __name__)


@blp.record_once
def _fill_in_the_service_worker(state: BlueprintSetupState) -> None:
    # Once per app: the folder's hash and the service worker carrying it.
    folder = Path(state.app.config.setdefault("FRONTEND_FOLDER", FRONTEND))
    version = shell_version(folder)
    script = (folder / SERVICE_WORKER).read_bytes().replace(VERSION_PLACEHOLDER, version.encode())
    state.app.extensions["brehon.service_worker"] = (version, script)


def shell_version(folder: Path) -> str:
    """A short hash of every file under ``folder``: its path and its bytes."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


@blp.get("/")
def index() -> Response:
    """The app shell."""
    return _send("index.html")


@blp.get("/<path:name>")
def asset(name: str) -> Response:
    """Any other file of the app, by its path."""
    if name.startswith("api/"):
        raise NotFound()
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
    elif suffix in COMPRESSIBLE and "gzip" in request.accept_encodings:
        answer = _gzipped(name, mimetype)
    else:
        answer = send_from_directory(current_app.config["FRONTEND_FOLDER"], name, mimetype=mimetype, max_age=0)
    answer.headers["Cache-Control"] = "no-cache"
    answer.headers.update(SECURITY_HEADERS)
    return answer


def _gzipped(name: str, mimetype: str) -> Response:
    """A text file of the app gzipped, with an ETag of its own (so a 304
    answers the compressed copy). Written here because werkzeug sends files
    as they are and Flask-Compress leaves file responses alone."""
    path = safe_join(str(current_app.config["FRONTEND_FOLDER"]), name)
    if path is None or not Path(path).is_file():
        raise NotFound()
    body = Path(path).read_bytes()
    answer = Response(gzip.compress(body, mtime=0), mimetype=mimetype)
    answer.headers["Content-Encoding"] = "gzip"
    answer.headers["Vary"] = "Accept-Encoding"
    answer.set_etag(hashlib.sha256(body).hexdigest()[:16] + "-gzip")
    return answer.make_conditional(request)
