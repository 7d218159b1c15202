"""The ``brehon`` command: serve, worker, replay, tally, openapi.

``replay`` and ``tally`` follow CONTRACT.md §8 exactly: the score sheet as
JSON on standard output and exit codes 0/1/2. ``serve`` runs the whole
application on one machine: a Redis of its own (unless ``REDIS_URL`` names
one), an rq worker, and the API with the PWA under gunicorn, on one port.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from scoring import Game, Refused, tally
from scoring.engine import FORMAT

#: Exit codes of replay and tally (CONTRACT.md §8).
OK, REFUSED, BAD_INPUT = 0, 1, 2

#: gunicorn's threaded workers. An open event stream holds a thread for as
#: long as a phone follows the game, so each worker has threads for 200
#: listeners and the normal traffic beside them, even when every stream
#: lands on the same worker (bench/bench_events.py measures it).
WORKERS, THREADS = 2, 256
READY_TIMEOUT = 30.0

#: gunicorn's own request limits, above the application's (api.MAX_URL,
#: MAX_HEADERS, MAX_HEADER), so that the application answers a request over
#: them with problem+json; gunicorn's plain-text answer is left only for a
#: request line over 8190 bytes (its largest finite limit: 0 would read one
#: without end) or a head over 500 fields of 16 KiB.
GUNICORN_LIMITS = ["--limit-request-line", "8190", "--limit-request-fields", "500",
                   "--limit-request-field_size", "16384"]


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


def _not_a(what: str, game: Any, reason: str) -> dict:
    return {"game": game if isinstance(game, str) else None, "status": "rejected", "violations": [
        {"rule": "record.invalid", "turn": None, "action": None,
         "message": f"This is not a valid {what}: {reason}.", "details": {"pointer": "", "reason": reason}}]}


def replay(path: str) -> int:
    """Print the score sheet of the record in ``path``; 0 legal, 1 refused, 2 not a record."""
    readable, record = _read_json(path)
    if not readable:
        print(f"brehon replay: {path} is not a readable JSON file", file=sys.stderr)
        return BAD_INPUT
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        _print(_not_a("record", record.get("game") if isinstance(record, dict) else None,
                      f'a record is a JSON object with "format": "{FORMAT}"'))
        return BAD_INPUT
    try:
        _print(Game.replay(record).scoresheet())
        return OK
    except Refused as refused:
        _print(refused.sheet())
        return REFUSED


def tally_file(path: str) -> int:
    """Print the score sheet of the tally in ``path``; 0, or 2 on bad input."""
    readable, data = _read_json(path)
    if not readable:
        print(f"brehon tally: {path} is not a readable JSON file", file=sys.stderr)
        return BAD_INPUT
    try:
        _print(tally(data))
        return OK
    except Refused as refused:
        _print(refused.sheet())
        return BAD_INPUT


def openapi() -> int:
    """Print the OpenAPI document of the application as YAML."""
    from api import create_app

    app = create_app({"REDIS_URL": "redis://127.0.0.1:1/0"})  # the document needs no Redis
    with app.app_context():
        print(app.extensions["brehon.api"].spec.to_yaml(), end="")
    return OK


def worker() -> int:
    """Run an rq worker on Brehon's queue at REDIS_URL until stopped."""
    import redis
    from rq import Worker

    from worker.jobs import QUEUE

    url = os.environ.get("REDIS_URL")
    if not url:
        print("brehon worker: set REDIS_URL to the Redis the API uses", file=sys.stderr)
        return 1
    Worker([QUEUE], connection=redis.Redis.from_url(url)).work(with_scheduler=True)
    return OK


# -- serve ---------------------------------------------------------------------


def _wait_ready(url: str, processes: list[subprocess.Popen]) -> bool:
    """Poll the API until it answers (True) or a process dies / time runs out."""
    import ssl

    # Our own certificate on our own address: only whether it answers matters.
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    deadline = time.monotonic() + READY_TIMEOUT
    while time.monotonic() < deadline:
        if any(process.poll() is not None for process in processes):
            return False
        try:
            with urllib.request.urlopen(f"{url}/api/v1/rulesets", timeout=1, context=context):
                return True
        except OSError:
            time.sleep(0.1)
    return False


def _stop(processes: list[subprocess.Popen], timeout: float = 10.0) -> None:
    """SIGTERM each process (last started first), then SIGKILL what lingers."""
    for process in reversed(processes):
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _show_qr(url: str) -> None:
    if not sys.stdout.isatty() or url.startswith(("http://127.", "https://127.", "http://localhost")):
        return
    try:
        import segno

        segno.make(url).terminal(compact=True)
    except Exception:  # a QR code is a convenience, never a reason to fail
        pass


def serve(host: str, port: int, data: str, tls_cert: str | None, tls_key: str | None) -> int:
    """Start Redis (unless REDIS_URL), the worker and gunicorn; stop all on SIGINT/SIGTERM."""
    from api.redis_server import INSTALL_HINT, RedisServer, die_with_parent, redis_server_binary

    if bool(tls_cert) != bool(tls_key):
        print("brehon serve: give both --tls-cert and --tls-key", file=sys.stderr)
        return BAD_INPUT
    env = dict(os.environ)
    if "REDIS_URL" not in env and redis_server_binary() is None:
        print(INSTALL_HINT, file=sys.stderr)
        return 1
    started: list[subprocess.Popen] = []
    stopping = False

    def stop_on_signal(signum, frame):
        nonlocal stopping
        stopping = True

    before = {signum: signal.signal(signum, stop_on_signal) for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        if "REDIS_URL" not in env:
            redis_server = RedisServer(Path(data) / "redis").start()
            started.append(redis_server.process)
            env["REDIS_URL"] = redis_server.url
            if "BREHON_LIMITS_URL" not in env:
                limits_server = RedisServer(Path(data) / "limits", durable=False).start()
                started.append(limits_server.process)
                env["BREHON_LIMITS_URL"] = limits_server.url
        own = {"start_new_session": True, "preexec_fn": die_with_parent, "env": env}
        started.append(subprocess.Popen([sys.executable, "-m", "api.cli", "worker"], **own))
        command = [sys.executable, "-m", "gunicorn", "--worker-class", "gthread", "--workers", str(WORKERS),
                   "--threads", str(THREADS), "--bind", f"{host}:{port}", "--graceful-timeout", "5",
                   *GUNICORN_LIMITS, "--access-logfile", "-", "api:create_app()"]
        if tls_cert:
            command += ["--certfile", tls_cert, "--keyfile", tls_key]
        started.append(subprocess.Popen(command, **own))
        scheme = "https" if tls_cert else "http"
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        if not _wait_ready(f"{scheme}://{shown}:{port}", started):
            if not stopping:
                print("brehon serve: the server did not come up", file=sys.stderr)
                return 1
        else:
            url = f"{scheme}://{_lan_address() if host in ('0.0.0.0', '::') else host}:{port}/"
            print(f"Brehon is running at {url}  (Ctrl-C stops it)", flush=True)
            _show_qr(url)
        while not stopping:
            if any(process.poll() is not None for process in started):
                print("brehon serve: a part stopped unexpectedly; stopping the rest", file=sys.stderr)
                return 1
            time.sleep(0.2)
        return OK
    finally:
        _stop(started)
        for signum, handler in before.items():
            signal.signal(signum, handler)


def _lan_address() -> str:
    """This machine's address on the local network (for phones at the table)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET: nothing is sent
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


# -- the command line ------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog="brehon", description="Referee and score keeper for a game table.")
    commands = main.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="run the whole application on this machine")
    run.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0 opens it to the table)")
    # A string default: argparse converts it only when serve runs, so a stray PORT breaks no other command.
    run.add_argument("--port", type=int, default=os.environ.get("PORT", "8000"))
    run.add_argument("--data", default=os.environ.get("BREHON_DATA", "./var"), help="where Redis keeps its files")
    run.add_argument("--tls-cert", help="certificate file (PEM) for HTTPS")
    run.add_argument("--tls-key", help="private key file (PEM) for HTTPS")
    commands.add_parser("worker", help="run an rq worker on REDIS_URL")
    for name, text in (("replay", "replay a game record"), ("tally", "score a tally")):
        sub = commands.add_parser(name, help=f"{text}; the score sheet as JSON on standard output")
        sub.add_argument("file", help="JSON file, or - for standard input")
    commands.add_parser("openapi", help="print the OpenAPI document (YAML)")
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
    return serve(args.host, args.port, args.data, args.tls_cert, args.tls_key)


if __name__ == "__main__":
    sys.exit(main())
