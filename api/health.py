"""``GET /healthz`` and ``GET /readyz``: for a load balancer or an orchestrator.

``/healthz`` answers 200 whenever this process can answer at all (restart
it otherwise). ``/readyz`` answers 200 only while the store, the summary
queue and the rate-limit counters all answer, and 503 problem+json naming
the parts that do not (send it no tables meanwhile). Neither is rate
limited, and neither is part of the API document: they are for operators.
Here too: the answer of a write that no replica confirmed.
"""

from __future__ import annotations

from flask import Blueprint, Flask, current_app

from store.redis_conn import NotReplicated

from .metrics import STORE_ERRORS
from .problems import Problem, response

blp = Blueprint("health", __name__)

#: Seconds a load balancer is asked to wait before it asks again.
RETRY_AFTER = 1


def register(app: Flask) -> None:
    """A write no replica confirmed in time is 503 problem+json with
    Retry-After, and counted as a store error (it may have landed: the same
    Idempotency-Key brings its answer back). Redis away is api/__init__.py's."""
    app.register_error_handler(NotReplicated, _not_replicated)


def _not_replicated(error: NotReplicated):
    STORE_ERRORS.inc()
    return response(Problem(503, "The write was not confirmed by a replica in time and may not be kept; "
                                 "send it again with the same Idempotency-Key.",
                            headers={"Retry-After": str(RETRY_AFTER)}))


@blp.get("/healthz")
def healthz():
    """The process answers."""
    return {"status": "ok"}


@blp.get("/readyz")
def readyz():
    """Every part this process needs answers: 200, else 503 naming what does not."""
    parts = {name: _answers(check) for name, check in current_app.extensions["brehon.readiness"].items()}
    if not all(parts.values()):
        down = ", ".join(name for name, up in parts.items() if not up)
        raise Problem(503, f"Not ready: no answer from the {down}.", headers={"Retry-After": str(RETRY_AFTER)},
                      parts=parts)
    return {"status": "ok", "parts": parts}


def _answers(check) -> bool:
    try:
        return bool(check())
    except Exception:  # whatever the part's client raises, it did not answer
        return False
