"""POST /api/v1/qr: a join link drawn as an SVG QR code, the link in the body."""

from __future__ import annotations

import io

import segno

LINK = "https://192.168.1.20:8000/#g=0123456789abcdef&t=secret-token"


def test_a_link_becomes_an_svg_qr_code(client):
    answer = client.post("/api/v1/qr", json={"text": LINK})
    assert answer.status_code == 200
    assert answer.mimetype == "image/svg+xml"
    svg = answer.get_data(as_text=True)
    assert svg.startswith("<svg") and "viewBox" in svg  # scales to any size on the page
    # The route draws the link itself, unchanged: segno's symbol of it.
    drawn = io.BytesIO()
    segno.make(LINK, error="m").save(drawn, kind="svg", scale=4, border=4, xmldecl=False, omitsize=True,
                                     dark="#000", light="#fff")
    assert svg == drawn.getvalue().decode()
    assert answer.headers["Cache-Control"] == "no-store"


def test_bad_bodies_are_refused(client):
    assert client.post("/api/v1/qr", json={}).status_code == 422
    assert client.post("/api/v1/qr", json={"text": ""}).status_code == 422
    assert client.post("/api/v1/qr", json={"text": "x" * 1001}).status_code == 422
