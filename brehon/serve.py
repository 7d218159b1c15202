"""``brehon serve``: the whole application on one machine, supervised.

It starts a Redis of its own for the games (unless ``REDIS_URL`` names
one) and one that keeps nothing on disk for the rate-limit counters, an rq
worker (``brehon worker``), and the API with the PWA under gunicorn, on
one port. This process only starts and watches them: it imports no Flask
and no engine, so it costs little memory. gunicorn loads the application
once (``--preload``) and forks its workers from it, so they share its
pages; the store's Redis connections are opened on first use, in each
worker (api/__init__.py).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from .cli import BAD_INPUT, OK
from .redis_server import INSTALL_HINT, RedisServer, die_with_parent, redis_server_binary

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
            assert redis_server.process is not None  # start() started it
            started.append(redis_server.process)
            env["REDIS_URL"] = redis_server.url
            if "BREHON_LIMITS_URL" not in env:
                limits_server = RedisServer(Path(data) / "limits", durable=False).start()
                assert limits_server.process is not None
                started.append(limits_server.process)
                env["BREHON_LIMITS_URL"] = limits_server.url
        own: dict[str, Any] = {"start_new_session": True, "preexec_fn": die_with_parent, "env": env}
        started.append(subprocess.Popen([sys.executable, "-m", "brehon.cli", "worker"], **own))
        command = [sys.executable, "-m", "gunicorn", "--worker-class", "gthread", "--workers", str(WORKERS),
                   "--threads", str(THREADS), "--bind", f"{host}:{port}", "--graceful-timeout", "5",
                   *GUNICORN_LIMITS, "--access-logfile", "-", "--preload", "api:create_app()"]
        if tls_cert and tls_key:  # both or neither: checked above
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
