"""The gunicorn internals that brehon/gunicorn_worker.py extends or calls,
beyond gunicorn's documented settings, and a check that they are there.

``brehon serve`` checks them before it starts anything (brehon/serve.py),
so that a gunicorn release that renamed one is refused with one line at
start-up, not found out by a worker failing on the first connection. This
module imports gunicorn alone (not the worker, which imports the app):
``brehon serve``'s own process stays without Flask.
"""

from __future__ import annotations

import importlib
import inspect

#: Module -> name in it -> the attributes the worker uses of it: methods it
#: overrides or calls, and attributes it reads or sets (an attribute a
#: class sets on its instances counts when some class of its MRO assigns it).
EXTENDS: dict[str, dict[str, list[str]]] = {
    "gunicorn.workers.gthread": {
        "ThreadWorker": ["__init__", "init_process", "accept", "on_client_socket_readable", "finish_request",
                         "murder_pending", "enqueue_req", "handle_request", "handle_error", "poller",
                         "keepalived_conns", "nr_conns", "alive", "cfg", "log"],
        "TConn": ["__init__", "init", "close", "parser", "initialized", "data_ready", "sock", "client"],
        "_DEFER": [],
    },
    "gunicorn.http": {"get_parser": []},
    "gunicorn.http.message": {"Request": ["body", "_expected_100_continue"], "MAX_REQUEST_LINE": []},
    "gunicorn.http.body": {"ChunkedReader": [], "LengthReader": ["length"]},
    "gunicorn.http.unreader": {"IterUnreader": ["unread", "take_buffered", "buf"]},
    "gunicorn.http.errors": {name: [] for name in (
        "ParseException", "LimitRequestLine", "LimitRequestHeaders", "ExpectationFailed",
        "UnsupportedTransferCoding", "ConfigurationProblem", "ForbiddenProxyRequest",
        "InvalidResponseHeader", "InvalidResponseHeaderName")},
    "gunicorn.sock": {"ssl_context": []},
    "gunicorn.util": {"write_nonblock": []},
}


def has(owner: object, attribute: str) -> bool:
    """Whether ``owner`` has ``attribute``, or, a class, sets it on its instances."""
    if hasattr(owner, attribute):
        return True
    if not isinstance(owner, type):
        return False
    for klass in owner.__mro__[:-1]:
        try:
            if f"self.{attribute} =" in inspect.getsource(klass):
                return True
        except (OSError, TypeError):
            continue
    return False


def missing(extends: dict[str, dict[str, list[str]]] = EXTENDS) -> list[str]:
    """The dotted names in ``extends`` that the installed gunicorn lacks."""
    lacking = []
    for module_name, names in extends.items():
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            lacking.append(module_name)
            continue
        for name, attributes in names.items():
            if not hasattr(module, name):
                lacking.append(f"{module_name}.{name}")
                continue
            owner = getattr(module, name)
            lacking += [f"{module_name}.{name}.{attribute}" for attribute in attributes if not has(owner, attribute)]
    return lacking


def refusal() -> str | None:
    """The one line ``brehon serve`` refuses to start with, or None when every internal is there."""
    lacking = missing()
    if not lacking:
        return None
    import gunicorn

    return (f"brehon serve: gunicorn {gunicorn.__version__} lacks {', '.join(lacking)}, which "
            "brehon/gunicorn_worker.py extends; install the gunicorn that pyproject.toml names")
