"""Compressed answers: flask-compress for the app's files and the API's JSON.

One app-wide hook (``COMPRESS_REGISTER``) compresses the types below for a
client that accepts it. The event stream is not among them: it compresses
itself, event by event (api/events.py).
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask_compress import Compress

MIMETYPES = ["text/javascript", "text/css", "text/html", "application/json", "application/problem+json",
             "application/manifest+json", "image/svg+xml"]


class Compression(Compress):
    """flask-compress, except that an API answer keeps its ETag: flask-compress
    appends the coding to a strong ETag ("5:gzip"), which suits a file, but
    a game's ETag is its version (CONTRACT §8), which If-Match and
    If-None-Match name whatever the coding (and ``Vary: Accept-Encoding``
    keeps caches apart)."""

    def after_request(self, response: Response | None) -> Response:
        version = response.headers.get("ETag") if response is not None and request.path.startswith("/api/") else None
        response = super().after_request(response)
        if version is not None:
            response.headers["ETag"] = version
        return response


compress = Compression()


def init_app(app: Flask) -> None:
    app.config.setdefault("COMPRESS_REGISTER", True)
    app.config.setdefault("COMPRESS_STREAMS", False)
    app.config.setdefault("COMPRESS_MIMETYPES", MIMETYPES)
    compress.init_app(app)
