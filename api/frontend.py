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

import hashlib
import mimetypes
from pathlib import Path

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
#: Written in sw.js where the shell's version goes; replaced when served.
VERSION_PLACEHOLDER = b"__SHELL_VERSION__"

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
    else:
        answer = send_from_directory(current_app.config["FRONTEND_FOLDER"], name, mimetype=mimetype, max_age=0)
        # Read into memory (the files are small) so that it is compressed
        # (api/compression.py) and then answered 304 against the compressed file's ETag.
        answer.direct_passthrough = False
        answer.set_data(answer.get_data())
    answer.headers["Cache-Control"] = "no-cache"
    answer.headers.update(SECURITY_HEADERS)
    return answer
