"""``brehon serve``: the whole application on one machine, supervised.

It starts a Redis of its own for the games (unless ``REDIS_URL`` names
one) and one that keeps nothing on disk for the rate-limit counters, an rq
worker (``brehon worker``), and the API with the PWA under gunicorn, on
one port. A part that dies is started again (with backoff) while the
others go on; one ``brehon serve`` holds its data directory at a time.
This process only starts and watches them: it imports no Flask
and no engine, so it costs little memory. gunicorn loads the application
once (``--preload``) and forks its workers from it, so they share its
pages; the store's Redis connections are opened on first use, in each
worker (api/__init__.py).
"""

from __future__ import annotations

import fcntl
import os
import resource
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import gunicorn_internals
from .cli import BAD_INPUT, OK
from .redis_server import INSTALL_HINT, RedisServer, die_with_parent, redis_server_binary

#: gunicorn's threaded workers. An open event stream holds a thread for as
#: long as a phone follows the game, so each worker has threads for 200
#: listeners and the normal traffic beside them, even when every stream
#: lands on the same worker (bench/bench_events.py measures it).
WORKERS, THREADS = 2, 256
#: The worker class: gunicorn's gthread, except that a connection gets a
#: thread only once its request has come (brehon/gunicorn_worker.py). With
#: gthread itself, a client that sends part of a head and then nothing holds a
#: thread as long as it likes: about 520 such connections from one device
#: stalled the table (bench/bench_half_open.py). Chosen over the other
#: remedies because it keeps the threads (and the code the streams run on)
#: as they are: a limit per address would cut off the phones behind one
#: proxy or NAT, a read timeout alone only shortens the stall (every thread
#: still waits that long, and a client reconnects), and gevent's worker would
#: change every blocking call of the app (Redis, the streams' queues).
WORKER_CLASS = "brehon.gunicorn_worker.HeadFirstWorker"
#: Connections one worker holds at most (gunicorn's worker_connections),
#: below the open-file limit, which serve raises to its hard limit: a
#: connection that waits for its request costs a socket, not a thread.
CONNECTIONS = 10_000
#: Bytes from which glibc's malloc maps an allocation of its own, returned
#: to the system when it is freed. Fixed here: by default the threshold rises
#: after the first such free, and then the bodies a worker gathered (1,500
#: clients sending 900 KiB each) stayed resident after they had gone
#: (bench/bench_half_open.py: 135 -> 169 MiB; with it, 137 -> 137 MiB).
MALLOC_MMAP_THRESHOLD = 128 * 1024
#: Open files a worker keeps beside its connections (Redis, logs, metrics).
FILES_BESIDE = 1024
READY_TIMEOUT = 30.0

#: Seconds between two looks at the parts.
WATCH_INTERVAL = 0.2
#: A part that ran this many seconds before it died is started again at once.
STEADY = 60.0
#: The first and the longest wait before a part that keeps dying is started again.
FIRST_WAIT, LONGEST_WAIT = 0.5, 30.0
#: The file in the data directory that one brehon serve holds.
LOCK_FILE = "brehon.lock"
#: The file in the data directory that holds the server's secret.
SECRET_FILE = "secret"
#: The file in the data directory that names the games' Redis while it runs
#: (for ``brehon backup`` and ``brehon restore``).
URL_FILE = "redis.url"
#: gunicorn's own request limits, above the application's (api.MAX_URL,
#: MAX_HEADERS, MAX_HEADER), so that the application answers a request over
#: them with its own problem+json. A request line over 8190 bytes (gunicorn's
#: largest finite limit) or a head over 500 fields of 16 KiB is refused by
#: gunicorn itself, as problem+json too (brehon/gunicorn_worker.py). Not 0
#: (no limit): gunicorn then reads a request line without end, copying it
#: whole on every read (a 32 MB line held a worker for over two minutes).
GUNICORN_LIMITS = ["--limit-request-line", "8190", "--limit-request-fields", "500",
                   "--limit-request-field_size", "16384"]


def _connections() -> int:
    """Raise this process's open-file limit (the workers inherit it) as far
    as its hard limit lets, and answer how many connections each worker may
    hold within it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = CONNECTIONS + FILES_BESIDE
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        soft = wanted
    if soft == resource.RLIM_INFINITY:
        return CONNECTIONS
    return max(1000, min(CONNECTIONS, soft - FILES_BESIDE))  # 1000: gunicorn's own default


def _started(server: RedisServer) -> subprocess.Popen:
    """Start a Redis and hand its process to the part that keeps it."""
    process = server.start().process
    assert process is not None  # start() started it
    return process


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


def _show_qr(url: str) -> None:
    if not sys.stdout.isatty() or url.startswith(("http://127.", "https://127.", "http://localhost")):
        return
    try:
        import segno

        segno.make(url).terminal(compact=True)
    except Exception:  # a QR code is a convenience, never a reason to fail
        pass


class Part:
    """One process of ``brehon serve``, started again with backoff when it dies.

    A part that dies within :data:`STEADY` seconds of its start waits twice
    as long as the last time before it is started again (from
    :data:`FIRST_WAIT` up to :data:`LONGEST_WAIT`); one that ran steadily
    starts again at once. Each death is logged with its cause."""

    def __init__(self, name: str, start: Callable[[], subprocess.Popen]):
        self.name = name
        self._start = start
        self.process: subprocess.Popen | None = None
        self._started_at = 0.0
        self._wait = 0.0
        self._due: float | None = None  # when to start it again

    def start(self) -> None:
        self.process = self._start()
        self._started_at = time.monotonic()

    def watch(self) -> None:
        """Notice a death, and start the part again once its wait is over."""
        now = time.monotonic()
        if self._due is None:
            code = self.process.poll() if self.process else None
            if code is not None:
                self._died(_cause(code), now)
        elif now >= self._due:
            self._due = None
            try:
                self.start()
            except (OSError, RuntimeError) as error:  # a Redis that does not come up, say
                self._died(str(error), now)
            else:
                _log(f"the {self.name} runs again (pid {self.process.pid if self.process else '?'})")

    def _died(self, cause: str, now: float) -> None:
        steady = now - self._started_at >= STEADY
        self._wait = 0.0 if steady else min(LONGEST_WAIT, max(FIRST_WAIT, 2 * self._wait))
        self._due = now + self._wait
        _log(f"the {self.name} stopped ({cause}); starting it again in {self._wait:g} s")

    def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM, then SIGKILL when it lingers."""
        process = self.process
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _cause(code: int) -> str:
    if code < 0:
        return f"killed by {signal.Signals(-code).name}"
    return f"exit status {code}"


def _log(text: str) -> None:
    print(f"brehon serve: {text}", file=sys.stderr, flush=True)


def _lock(data: Path) -> int | None:
    """Hold the data directory for the life of this process (and of the
    Redis that writes there): the file descriptor of the lock, or None when
    another ``brehon serve`` holds it."""
    data.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(data / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        return None
    return descriptor


def _secret_file(data: Path) -> Path:
    """The server's secret (it signs the snapshots), made on first start;
    only this user may read it."""
    path = data / SECRET_FILE
    if not path.exists():
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as written:
            written.write(secrets.token_bytes(32))
    return path


def is_cluster_url(url: str) -> bool:
    """As :func:`store.redis_conn.is_cluster_url`, without importing the
    store (and with it the engine) into this small process."""
    return url.partition("://")[0] in ("redis+cluster", "rediss+cluster")


def _operations(env: dict, data: str, host: str, metrics: bool, log_json: bool, proxies: int) -> None:
    """What an operator watches: /metrics counted across every process in
    one multiprocess directory (emptied at start: the counts of an earlier
    run are not this one's), off on other addresses than loopback unless
    asked for (and behind a proxy, whose requests come from loopback on
    behalf of anyone), and the request log (in place of gunicorn's access log)."""
    counts = Path(data).resolve() / "metrics"
    shutil.rmtree(counts, ignore_errors=True)
    counts.mkdir(parents=True)
    env["PROMETHEUS_MULTIPROC_DIR"] = str(counts)
    env["BREHON_METRICS"] = "1" if metrics or (host in ("127.0.0.1", "localhost", "::1") and not proxies) else "0"
    env["BREHON_REQUEST_LOG"] = "json" if log_json else "text"


def serve(host: str, port: int, data: str, tls_cert: str | None, tls_key: str | None, *,
          metrics: bool = False, log_json: bool = False, proxies: int = 0) -> int:
    """Start Redis (unless REDIS_URL), the worker and gunicorn, keep them
    running, and stop them all on SIGINT/SIGTERM. ``proxies``: how many
    reverse proxies in front to believe (api/__init__.py, _behind_proxies)."""
    if bool(tls_cert) != bool(tls_key):
        print("brehon serve: give both --tls-cert and --tls-key", file=sys.stderr)
        return BAD_INPUT
    if proxies < 0:
        print("brehon serve: --proxy is the number of proxies in front, 0 or more", file=sys.stderr)
        return BAD_INPUT
    unfit = gunicorn_internals.refusal()
    if unfit:
        print(unfit, file=sys.stderr)
        return 1
    env = dict(os.environ)
    if "REDIS_URL" not in env and redis_server_binary() is None:
        print(INSTALL_HINT, file=sys.stderr)
        return 1
    folder = Path(data).resolve()
    lock = _lock(folder)
    if lock is None:
        print(f"brehon serve: {folder} is in use by another brehon serve", file=sys.stderr)
        return 1
    if "BREHON_SECRET_FILE" not in env:  # hosts of one cluster share one (README)
        env["BREHON_SECRET_FILE"] = str(_secret_file(folder))
    parts: list[Part] = []
    stopping = False

    def stop_on_signal(signum, frame):
        nonlocal stopping
        stopping = True

    before = {signum: signal.signal(signum, stop_on_signal) for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        if "REDIS_URL" not in env:
            # The lock goes to the games' Redis too: a second serve waits until it is gone.
            games = RedisServer(folder / "redis", pass_fds=(lock,))
            parts.append(Part("Redis of the games", lambda: _started(games)))
            env["REDIS_URL"] = games.url
            (folder / URL_FILE).write_text(games.url + "\n")
        elif is_cluster_url(env["REDIS_URL"]) and "BREHON_QUEUE_URL" not in env:
            # Beside a Redis Cluster (the operator's, never started here) the
            # queue needs a plain Redis: a durable one, it holds the summary jobs.
            queue = RedisServer(folder / "queue", pass_fds=(lock,))
            parts.append(Part("Redis of the summary queue", lambda: _started(queue)))
            env["BREHON_QUEUE_URL"] = queue.url
        if "BREHON_LIMITS_URL" not in env and (parts or is_cluster_url(env["REDIS_URL"])):
            limits = RedisServer(folder / "limits", durable=False)
            parts.append(Part("Redis of the rate limits", lambda: _started(limits)))
            env["BREHON_LIMITS_URL"] = limits.url
        _operations(env, data, host, metrics, log_json, proxies)
        scheme = "https" if tls_cert else "http"
        env["BREHON_PROXIES"] = str(proxies)
        if proxies:  # the phones open the proxy's address: each request names it (api/server.py)
            env.pop("BREHON_ADDRESSES", None)
        else:
            env["BREHON_ADDRESSES"] = ",".join(_table_addresses(scheme, host, port))  # GET /api/v1/server
        own: dict[str, Any] = {"start_new_session": True, "preexec_fn": die_with_parent, "env": env}
        parts.append(Part("summary worker", lambda: subprocess.Popen(
            [sys.executable, "-m", "brehon.cli", "worker"], **own)))
        command = [sys.executable, "-m", "gunicorn", "--config", "python:brehon.gunicorn_config",
                   "--worker-class", WORKER_CLASS, "--workers", str(WORKERS), "--threads", str(THREADS),
                   "--worker-connections", str(_connections()),
                   # gunicorn believes no X-Forwarded-Proto, from loopback neither:
                   # only --proxy says whom to believe (api/__init__.py).
                   "--forwarded-allow-ips", "",
                   "--bind", f"{host}:{port}", "--graceful-timeout", "5", *GUNICORN_LIMITS, "--preload",
                   # gunicorn's control socket sits at one path per user: two servers
                   # on a machine (tests, two hosts) would take it from each other.
                   "--no-control-socket",
                   "api:create_app()"]
        if tls_cert and tls_key:  # both or neither: checked above
            command += ["--certfile", tls_cert, "--keyfile", tls_key]
        web = {**own, "env": {**env, "MALLOC_MMAP_THRESHOLD_": str(MALLOC_MMAP_THRESHOLD)}}
        parts.append(Part("web server (gunicorn)", lambda: subprocess.Popen(command, **web)))
        for part in parts:
            part.start()
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        if not _wait_ready(f"{scheme}://{shown}:{port}", [part.process for part in parts if part.process]):
            if not stopping:
                print("brehon serve: the server did not come up", file=sys.stderr)
                return 1
        else:
            url = f"{scheme}://{_lan_address() if host in ('0.0.0.0', '::') else host}:{port}/"
            print(f"Brehon is running at {url}  (Ctrl-C stops it)", flush=True)
            _show_qr(url)
        while not stopping:
            for part in parts:
                part.watch()
            time.sleep(WATCH_INTERVAL)
        return OK
    finally:
        for part in reversed(parts):  # Redis last, after everything that writes to it
            part.stop()
        (folder / URL_FILE).unlink(missing_ok=True)
        for signum, handler in before.items():
            signal.signal(signum, handler)
        os.close(lock)


def _table_addresses(scheme: str, host: str, port: int) -> list[str]:
    """The URLs other machines can open: none when it listens on loopback."""
    import ipaddress

    if host in ("0.0.0.0", "::"):
        lan = _lan_address()
        return [] if lan == "127.0.0.1" else [f"{scheme}://{lan}:{port}/"]
    try:
        if ipaddress.ip_address(host.strip("[]")).is_loopback:
            return []
    except ValueError:
        if host == "localhost":
            return []
    return [f"{scheme}://{host}:{port}/"]


def _lan_address() -> str:
    """This machine's address on the local network (for phones at the table)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET: nothing is sent
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"
