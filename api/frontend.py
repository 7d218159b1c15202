"""The PWA's static files (``frontend/``), served at the site root.

No build step: files go out as they are, with MIME types browsers insist on
(ES modules, the web app manifest) and ``Cache-Control: no-cache`` so a
phone revalidates by ETag and never runs a stale app after an update (the
service worker keeps the offline copy). The service worker is served from
the root so its scope is the whole app.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path

from flask import Blueprint, Response, send_from_directory
from werkzeug.exceptions import NotFound

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

SERVICE_WORKER = "sw.js"

blp = Blueprint("frontend", __name__)


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
    answer = send_from_directory(FRONTEND, name, mimetype=mimetype, max_age=0)
    answer.headers["Cache-Control"] = "no-cache"
    answer.headers["X-Content-Type-Options"] = "nosniff"
    if name == SERVICE_WORKER:
        answer.headers["Service-Worker-Allowed"] = "/"
    return answer
