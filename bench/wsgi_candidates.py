"""The app for the servers bench/bench_half_open.py measures beside gunicorn
(``--server``): hypercorn serves the WSGI app itself (:data:`wsgi`), uvicorn
through a2wsgi (:func:`asgi`), granian through ``api:create_app``."""

from __future__ import annotations

from a2wsgi import WSGIMiddleware

from api import create_app

#: As many threads as each gunicorn worker of ``brehon serve`` has (brehon/serve.py).
THREADS = 256

wsgi = create_app()


def asgi() -> WSGIMiddleware:
    return WSGIMiddleware(wsgi, workers=THREADS)
