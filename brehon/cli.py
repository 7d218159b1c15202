"""The ``brehon`` command: serve, worker, replay, tally, openapi, backup, restore, static.

``replay`` and ``tally`` follow CONTRACT.md §8 exactly: the score sheet as
JSON on standard output and exit codes 0/1/2. What they print is
:mod:`scoring.answers`' (the phone's engine answers the same). ``serve`` (brehon/serve.py)
runs the whole application on one machine. Each command imports what it
needs when it runs: the process of ``brehon serve`` only supervises, and
loads neither Flask nor the engine.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

#: Exit codes of replay and tally (CONTRACT.md §8).
OK, REFUSED, BAD_INPUT = 0, 1, 2


def _print(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def _read_json(path: str) -> tuple[bool, Any]:
    """(True, value) for a readable JSON file, else (False, None)."""
    try:
        # utf-8-sig: a file that starts with a byte order mark is JSON all the same.
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8-sig")
        return True, json.loads(text)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):  # deep nesting is unreadable too
        return False, None


def replay(path: str) -> int:
    """Print the score sheet of the record in ``path``; 0 legal, 1 refused, 2 not a record."""
    from scoring import answers

    readable, record = _read_json(path)
    if not readable:
        print(f"brehon replay: {path} is not a readable JSON file", file=sys.stderr)
        return BAD_INPUT
    sheet = answers.replay(record)
    _print(sheet)
    if not answers.is_record(record):
        return BAD_INPUT
    return REFUSED if sheet["status"] == "rejected" else OK


def tally_file(path: str) -> int:
    """Print the score sheet of the tally in ``path``; 0, or 2 on bad input."""
    from scoring import answers

    readable, data = _read_json(path)
    if not readable:
        print(f"brehon tally: {path} is not a readable JSON file", file=sys.stderr)
        return BAD_INPUT
    sheet = answers.tally(data)
    _print(sheet)
    return BAD_INPUT if sheet["status"] == "rejected" else OK


def openapi() -> int:
    """Print the OpenAPI document of the application as YAML."""
    from api import create_app

    app = create_app({"REDIS_URL": "redis://127.0.0.1:1/0"})  # the document needs no Redis
    with app.app_context():
        print(app.extensions["brehon.api"].spec.to_yaml(), end="")
    return OK


#: The rq worker's methods whose INFO lines are its maintenance, not its jobs.
MAINTENANCE = frozenset({"clean_registries", "clean_group_registries"})


def not_maintenance(record: logging.LogRecord) -> bool:
    return record.levelno > logging.INFO or record.funcName not in MAINTENANCE


def quiet_maintenance() -> None:
    """Keep rq's registry cleaning (every few seconds: store.summaries.MAINTENANCE)
    out of the worker's log, which ``brehon serve`` prints: its jobs and
    warnings stay. A filter on rq's own logger, by the method that logs."""
    logging.getLogger("rq.worker").addFilter(not_maintenance)


def worker() -> int:
    """Run an rq worker on Brehon's queue (BREHON_QUEUE_URL, else REDIS_URL) until stopped."""
    import redis

    from store.redis_conn import is_cluster_url
    from store.summaries import SummaryWorker

    url = os.environ.get("REDIS_URL")
    if not url:
        print("brehon worker: set REDIS_URL to the Redis the API uses", file=sys.stderr)
        return 1
    # The queue is on a plain Redis: the games' own, or BREHON_QUEUE_URL beside a cluster.
    queue_url = os.environ.get("BREHON_QUEUE_URL") or url
    if is_cluster_url(queue_url):
        print("brehon worker: REDIS_URL names a Redis Cluster: set BREHON_QUEUE_URL to a plain Redis",
              file=sys.stderr)
        return 1
    quiet_maintenance()
    # No rq scheduler: Brehon schedules nothing (retries are immediate), and
    # it would be one more process of its own.
    SummaryWorker(redis.Redis.from_url(queue_url)).work()
    return OK


def _store_url(data: str) -> str | None:
    """The games' Redis: ``REDIS_URL``, else the one a running ``brehon
    serve`` on ``data`` started (it writes its URL there)."""
    from .serve import URL_FILE

    if os.environ.get("REDIS_URL"):
        return os.environ["REDIS_URL"]
    path = Path(data) / URL_FILE
    return path.read_text().strip() if path.exists() else None


def backup_or_restore(command: str, folder: str, data: str) -> int:
    """``backup``: write every game and board into ``folder``; ``restore``:
    load them into an empty store."""
    from store import Store
    from store.backup import NotEmpty, backup, restore

    url = _store_url(data)
    if url is None:
        print(f"brehon {command}: no brehon serve runs on {Path(data).resolve()}; start it, or set REDIS_URL",
              file=sys.stderr)
        return 1
    store = Store.from_url(url)
    try:
        games, boards = (backup if command == "backup" else restore)(store, Path(folder))
    except NotEmpty:
        print(f"brehon restore: the store at {url} is not empty; restore into a new data directory", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"brehon {command}: {error}", file=sys.stderr)
        return 1
    done = "written to" if command == "backup" else "restored from"
    print(f"{games} games and {boards} boards {done} {Path(folder).resolve()}")
    return OK


def static(folder: str) -> int:
    """Write the app with its referee as plain files into ``folder`` (brehon/static.py)."""
    from .pyodide import VERSION
    from .static import write_static

    try:
        version = write_static(Path(folder))
    except (OSError, ValueError) as error:  # ValueError: a Pyodide tarball that is not the pinned one
        print(f"brehon static: {error}", file=sys.stderr)
        return 1
    print(f"The app {version} with its referee (Pyodide {VERSION}) is written to {Path(folder).resolve()}: "
          "serve that folder as it is; games there are played on the phone")
    return OK


# -- the command line ------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog="brehon", description="Referee and score keeper for a game table.")
    main.add_argument("--version", action="version", version=f"brehon {version('brehon')}")
    commands = main.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="run the whole application on this machine")
    run.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0 opens it to the table)")
    # A string default: argparse converts it only when serve runs, so a stray PORT breaks no other command.
    run.add_argument("--port", type=int, default=os.environ.get("PORT", "8000"))
    run.add_argument("--data", default=os.environ.get("BREHON_DATA", "./var"), help="where Redis keeps its files")
    run.add_argument("--tls-cert", help="certificate file (PEM) for HTTPS")
    run.add_argument("--tls-key", help="private key file (PEM) for HTTPS")
    run.add_argument("--metrics", action="store_true",
                     help="serve GET /metrics on every address, too (only on loopback otherwise)")
    run.add_argument("--log-json", action="store_true", help="log each request as one JSON line")
    run.add_argument("--proxy", type=int, metavar="N", default=os.environ.get("BREHON_PROXIES", "0"),
                     help="the number of trusted reverse proxies in front (or set BREHON_PROXIES; 0: none, "
                          "and no X-Forwarded-* header is believed)")
    commands.add_parser("worker", help="run an rq worker on BREHON_QUEUE_URL, else REDIS_URL")
    for name, text in (("replay", "replay a game record"), ("tally", "score a tally")):
        sub = commands.add_parser(name, help=f"{text}; the score sheet as JSON on standard output")
        sub.add_argument("file", help="JSON file, or - for standard input")
    commands.add_parser("openapi", help="print the OpenAPI document (YAML)")
    for name, text in (("backup", "write every game and board into DIR (JSON lines)"),
                       ("restore", "load a backup from DIR into an empty store")):
        sub = commands.add_parser(name, help=text)
        sub.add_argument("folder", metavar="DIR")
        sub.add_argument("--data", default=os.environ.get("BREHON_DATA", "./var"),
                         help="the data directory of the running brehon serve (or set REDIS_URL)")
    sub = commands.add_parser("static", help="write the app with its referee as plain files into DIR, for any "
                                             "static web host (games there are played on the phone)")
    sub.add_argument("folder", metavar="DIR")
    return main


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``brehon`` console script."""
    args = parser().parse_args(argv)
    if args.command == "replay":
        return replay(args.file)
    if args.command == "tally":
        return tally_file(args.file)
    if args.command == "openapi":
        return openapi()
    if args.command == "worker":
        return worker()
    if args.command == "static":
        return static(args.folder)
    if args.command in ("backup", "restore"):
        return backup_or_restore(args.command, args.folder, args.data)
    from .serve import serve

    return serve(args.host, args.port, args.data, args.tls_cert, args.tls_key,
                 metrics=args.metrics, log_json=args.log_json, proxies=args.proxy)


if __name__ == "__main__":
    sys.exit(main())
