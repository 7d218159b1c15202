"""gunicorn's threaded worker, giving a connection a thread only once its request has come.

gunicorn's ``gthread`` worker hands a new connection to a thread as soon as
its first bytes arrive, and that thread then waits, blocking, for the rest
of the request. A client that sends a request line and one header and then
nothing holds a thread for as long as it likes: about 520 such connections
held every thread of ``brehon serve`` (2 workers x 256) and no turn was
answered any more (issue 23; bench/bench_half_open.py).

This worker reads each request in its event loop instead, without a thread,
as nginx does: the head, and a body sent with Content-Length up to the app's
limit (api.bodies.MAX_BODY), are gathered there until they are whole, and
only then is the connection handed to a thread, which finds everything it
parses already read. A connection whose request is not whole
:data:`REQUEST_TIMEOUT` seconds after it began is closed. One that waits
costs a socket and the bytes it sent, not a thread, so thousands of them
leave the threads to the table and its event streams (which still hold a
thread each while they are open: brehon/serve.py).

What the loop does not gather goes to a thread as gunicorn has it: a head
over :data:`HEAD_BUFFER` bytes without its end (the app's limits answer it,
api.MAX_HEADERS), a body over the app's limit (answered 413), a chunked one,
or one behind ``Expect: 100-continue`` (its client waits for an answer before
it sends the body). There a client that stops sending, or reading, is given
up after :data:`STALLED` seconds.

With TLS the handshake happens in the loop too, on a socket that does not
block. Only HTTP/1.1 (gunicorn's default): ``brehon serve`` offers no HTTP/2.
"""

from __future__ import annotations

import errno
import re
import selectors
import ssl
import time
from collections import OrderedDict
from functools import partial

from gunicorn import http, sock
from gunicorn.workers.gthread import _DEFER, ThreadWorker, TConn

from api.bodies import MAX_BODY

#: Seconds a connection has to send a whole request, from its opening (or,
#: kept alive, from the first byte of its next request). Generous for a phone
#: on a poor Wi-Fi: a turn is a few hundred bytes.
REQUEST_TIMEOUT = 20.0
#: Bytes of a head gathered in the loop at most: a phone's are under one KiB.
HEAD_BUFFER = 64 * 1024
#: Seconds a thread waits on a client that neither sends nor reads.
STALLED = 20.0

END_OF_HEAD = b"\r\n\r\n"
#: At most 18 digits: int() refuses over 4,300, which would stop the loop. A
#: longer one is not waited for; gunicorn's parser refuses it in a thread.
CONTENT_LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*(\d{1,18})[ \t]*\r\n", re.IGNORECASE)
#: A chunked body or a client waiting for 100 Continue: handed over with the head.
NOT_WAITED_FOR = re.compile(rb"\r\n(?:transfer-encoding|expect):", re.IGNORECASE)


class WaitingConn(TConn):
    """A connection whose request is gathered in the event loop (:attr:`head`)
    before a thread parses it."""

    def __init__(self, cfg, client_sock, client, server):
        super().__init__(cfg, client_sock, client, server)
        self.head = bytearray()
        self.handshaken = not cfg.is_ssl

    def init(self):
        """In the thread: the parser, reading first what the loop gathered. The
        socket is wrapped for TLS and shaken hands with already (in the loop)."""
        if not self.initialized:
            self.initialized = True
            self.parser = http.get_parser(self.cfg, self.sock, self.client)
        self.sock.settimeout(STALLED)
        if self.head:
            self.parser.unreader.unread(bytes(self.head))
            self.head.clear()

    def tls_pending(self) -> int:
        """Bytes TLS has decrypted already that recv() did not return: the
        socket does not show them as readable."""
        return self.sock.pending() if isinstance(self.sock, ssl.SSLSocket) else 0


def complete(head: bytes | bytearray) -> bool:
    """Whether the request in ``head`` is here whole, or is as whole as the
    loop waits for (see the module's comment)."""
    end = head.find(END_OF_HEAD)
    if end < 0:
        return len(head) >= HEAD_BUFFER
    fields = head[:end + 2]
    if NOT_WAITED_FOR.search(fields):
        return True
    length = CONTENT_LENGTH.search(fields)
    body = int(length.group(1)) if length else 0
    return body > MAX_BODY or len(head) >= end + len(END_OF_HEAD) + body


class HeadFirstWorker(ThreadWorker):
    """``gthread``, reading each request in the loop before a thread takes it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        #: Connections whose request is being read -> when they are closed; in
        #: the order they came, which is the order of those times.
        self.waiting: OrderedDict[WaitingConn, float] = OrderedDict()
        self.tls: ssl.SSLContext | None = None

    def init_process(self):
        if self.cfg.is_ssl:
            # One context for the worker's life, not one per connection as
            # gunicorn makes it: a renewed certificate counts from the next start.
            self.tls = sock.ssl_context(self.cfg)
        super().init_process()

    def accept(self, listener):
        try:
            client_sock, client_addr = listener.accept()
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        conn = WaitingConn(self.cfg, client_sock, client_addr, listener.getsockname())  # not blocking
        if self.tls is not None:
            conn.sock = self.tls.wrap_socket(conn.sock, server_side=True, do_handshake_on_connect=False,
                                             suppress_ragged_eofs=self.cfg.suppress_ragged_eofs)
        self.wait_for_request(conn)

    def on_client_socket_readable(self, conn, client):
        """A kept-alive connection's next request begins: gather it in the loop too."""
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self.wait_for_request(conn)

    def finish_request(self, conn, fs):
        """A kept-alive connection whose client sent the start of its next
        request with the last: gthread hands it straight to a thread, where a
        client that sends the rest a byte at a time would hold the thread.
        The loop gathers the rest, as for any request."""
        keep_alive = not fs.cancelled() and fs.exception() is None and fs.result() not in (False, _DEFER)
        if not (keep_alive and self.alive and conn.parser.unreader.buf.getvalue()):
            return super().finish_request(conn, fs)
        conn.head += conn.parser.unreader.take_buffered()
        conn.sock.setblocking(False)
        if complete(conn.head):
            self.enqueue_req(conn)
        else:
            self.wait_for_request(conn)

    def wait_for_request(self, conn: WaitingConn) -> None:
        self.waiting[conn] = time.monotonic() + REQUEST_TIMEOUT
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.read_request, conn))

    def read_request(self, conn: WaitingConn, _client) -> None:
        """Read what the connection has sent; hand it to a thread once its
        request is here, close it when the client left."""
        try:
            if not conn.handshaken:
                conn.sock.do_handshake()
                conn.handshaken = True
            data = conn.sock.recv(65536)
            while data and conn.tls_pending():
                data += conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError, ssl.SSLWantReadError, ssl.SSLWantWriteError):
            # Not all there yet. (TLS never waits to write here: the
            # handshake's answer, a few KiB, fits a new socket's send buffer.)
            return
        except OSError:  # reset, or a broken TLS handshake
            data = b""
        if not data:
            self.drop(conn)
            return
        conn.head += data
        if complete(conn.head):
            del self.waiting[conn]
            self.poller.unregister(conn.sock)
            conn.data_ready = True  # gthread's own wait for a first byte is over
            self.enqueue_req(conn)

    def drop(self, conn: WaitingConn) -> None:
        del self.waiting[conn]
        try:
            self.poller.unregister(conn.sock)
        except (KeyError, ValueError):
            pass
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self):
        """Close the connections whose request did not come in time, and all
        that wait once the worker stops (they have not asked anything yet)."""
        super().murder_pending()
        now = time.monotonic()
        while self.waiting:
            conn, due = next(iter(self.waiting.items()))
            if due > now and self.alive:
                break
            self.drop(conn)

