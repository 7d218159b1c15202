"""``POST /api/v1/qr``: a QR code of a join link, as SVG.

The link carries a game token in its fragment, so it travels in a request
body and never in a URL that a server log would keep. Drawn by ``segno``.
"""

from __future__ import annotations

import io

import segno
from flask import Response
from marshmallow import Schema, fields, validate

from .bodies import Blueprint

blp = Blueprint("qr", __name__, url_prefix="/api/v1/qr", description="QR codes of join links")

#: Long enough for any join link; a QR code of more is unreadable on a phone anyway.
MAX_TEXT = 1000


class QrSchema(Schema):
    text = fields.String(required=True, validate=validate.Length(min=1, max=MAX_TEXT))


@blp.route("", methods=["POST"])
@blp.arguments(QrSchema)
@blp.response(200, content_type="image/svg+xml", description="The QR code as an SVG image")
def qr(body: dict):
    """Draw ``text`` as a QR code (SVG), dark on light, with a quiet zone."""
    out = io.BytesIO()
    segno.make(body["text"], error="m").save(out, kind="svg", scale=4, border=4, xmldecl=False, omitsize=True,
                                             dark="#000", light="#fff")
    return Response(out.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})
