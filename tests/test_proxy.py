"""``brehon serve`` behind a reverse proxy (issue 23): Debian's Caddy in
front, configured as the README says. With ``--proxy 1`` (here
``BREHON_PROXIES=1``) a turn logged through Caddy reaches a follower's event
stream through it, the invite names the address the phones opened, and the
rate limits count each client's address as Caddy passes it on. Without it,
forged X-Forwarded-* headers change nothing.

The clients come from different loopback addresses (127.0.0.3, ...), so
that their limits are counted apart."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from email.message import Message
from pathlib import Path

import pytest
from api_helpers import OPENING, new_record, served
from test_live_events import Listener, post_turn

from api import create_app
from brehon.redis_server import free_port

#: The Caddyfile of the README's "Behind a reverse proxy", on plain HTTP and a
#: free port, and a grace period: stopped, Caddy waits that long for the event
#: streams still open through it (without one, until killed: 15 s a test run).
CADDYFILE = """\
{{
	admin off
	auto_https off
	grace_period 1s
}}
http://:{port} {{
	bind 127.0.0.1
	reverse_proxy 127.0.0.1:{upstream} {{
		flush_interval -1
	}}
}}
"""


@contextlib.contextmanager
def caddy(upstream: int, folder: Path) -> Iterator[int]:
    """Caddy on a free loopback port in front of ``upstream``; yields its port."""
    binary = shutil.which("caddy")
    if binary is None:
        pytest.fail("Caddy is missing: make test installs it (tools/test-deps), or apt-get install caddy")
    port = free_port()
    config = folder / "Caddyfile"
    config.write_text(CADDYFILE.format(port=port, upstream=upstream))
    # Caddy keeps its state under HOME and XDG_*: here, in the test's folder.
    environment = {**os.environ, "HOME": str(folder), "XDG_DATA_HOME": str(folder / "data"),
                   "XDG_CONFIG_HOME": str(folder / "config")}
    log = open(folder / "caddy.log", "w")
    process = subprocess.Popen([binary, "run", "--config", str(config), "--adapter", "caddyfile"],
                               env=environment, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while request(port, "GET", "/api/v1/rulesets", timeout=1, ok=(OSError,))[0] != 200:
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"Caddy did not come up: see {log.name}")
            time.sleep(0.05)
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def request(port: int, method: str, path: str, body=None, headers: dict | None = None, source: str = "127.0.0.1",
            timeout: float = 30, ok: tuple = ()) -> tuple[int, dict, Message | dict]:
    """One JSON request from the loopback address ``source``; answers
    (status, body, headers: their names in any case, as Caddy writes them
    its own way), or (0, {}, {}) on an error of the kinds ``ok``."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        connection.request(method, path, body=json.dumps(body) if body is not None else None,
                           headers={"Content-Type": "application/json", **(headers or {})})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read() or b"null"), answer.headers
    except ok:
        return 0, {}, {}
    finally:
        connection.close()


def left_to_create(port: int, source: str, **headers: str) -> int:
    """Create a game from ``source``: how many more its address may create
    this minute (flask-limiter's count for that address)."""
    status, created, answer = request(port, "POST", "/api/v1/games", new_record(), headers, source=source)
    assert status == 201, created
    return int(answer["X-RateLimit-Remaining"])


@pytest.fixture(scope="module")
def proxied(redis_url, tmp_path_factory) -> Iterator[tuple[int, int]]:
    """``brehon serve`` with BREHON_PROXIES=1 and Caddy in front: (serve's port, Caddy's)."""
    folder = tmp_path_factory.mktemp("proxied")
    with served(redis_url, 5, folder, BREHON_PROXIES="1") as (_, port), caddy(port, folder) as front:
        yield port, front


@pytest.fixture(scope="module")
def alone(redis_url, tmp_path_factory) -> Iterator[int]:
    """``brehon serve`` without --proxy, as a games night runs it: its port."""
    with served(redis_url, 6, tmp_path_factory.mktemp("alone")) as (_, port):
        yield port


def test_a_turn_logged_through_the_proxy_reaches_a_follower_through_it(proxied):
    _, front = proxied
    status, created, _ = request(front, "POST", "/api/v1/games", new_record())
    assert status == 201, created
    listener = Listener(front, created)
    try:
        status, answer, _ = post_turn(front, created, OPENING, 0)
        assert status == 201, answer
        event = listener.next()
        assert (event["id"], event["event"]) == ("1", "turn")
    finally:
        listener.close()


def test_the_invite_names_the_address_the_phones_open_through_the_proxy(proxied):
    port, front = proxied
    status, server, _ = request(front, "GET", "/api/v1/server", headers={"Host": f"brehon.test:{front}"})
    assert status == 200, server
    assert server["addresses"] == [f"http://brehon.test:{front}/"]
    assert server["loopback_only"] is False
    # The scheme too, as a proxy that ends TLS says it (Caddy on HTTPS sends the same).
    status, server, _ = request(port, "GET", "/api/v1/server",
                                headers={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "brehon.example.org"})
    assert server["addresses"] == ["https://brehon.example.org/"]


def test_the_limits_count_each_client_as_the_proxy_passes_it_on(proxied):
    _, front = proxied
    first = left_to_create(front, "127.0.0.3")
    # Another client, who claims to be the first: Caddy sets X-Forwarded-For
    # to the address it came from, and that is what is counted.
    assert left_to_create(front, "127.0.0.4", **{"X-Forwarded-For": "127.0.0.3"}) == first
    assert left_to_create(front, "127.0.0.3") == first - 1


def test_without_proxy_forged_forwarded_headers_change_nothing(alone):
    forged = {"X-Forwarded-For": "127.0.0.5", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"}
    first = left_to_create(alone, "127.0.0.5")
    assert left_to_create(alone, "127.0.0.6", **forged) == first  # counted as itself, not as 127.0.0.5
    assert left_to_create(alone, "127.0.0.5") == first - 1
    plain = request(alone, "GET", "/api/v1/server")[1]
    assert request(alone, "GET", "/api/v1/server", headers=forged)[1] == plain


@pytest.mark.parametrize("proxies", ["-1", "one"])
def test_a_number_of_proxies_that_is_none_is_refused_at_start(redis_url, proxies):
    with pytest.raises(RuntimeError, match="BREHON_PROXIES"):
        create_app({"REDIS_URL": redis_url, "PROXIES": proxies})
