"""gunicorn's threaded worker, giving a connection a thread only once its request is whole.

gunicorn's ``gthread`` worker hands a new connection to a thread as soon as
its first bytes arrive, and that thread then waits, blocking, for the rest
of the request. A client that sends a request line and one header and then
nothing holds a thread for as long as it likes: about 520 such connections
held every thread of ``brehon serve`` (2 workers x 256) and no turn was
answered any more (issues 23 and 30; bench/bench_half_open.py).

This worker reads each request in its event loop instead, without a thread,
as nginx does, whatever its framing: the head; then the body, sent with
Content-Length or chunked; a client that sent ``Expect: 100-continue`` is
answered ``100 Continue`` from the loop and its body gathered there too.
Only then does a thread take the request, and it reads nothing from the
client: its parser reads what the loop gathered (a thread never waits on a
slow sender). The loop answers on its own, and closes the connection:

- 431 to a head over :data:`HEAD_BUFFER` bytes without its end;
- 413 to a body over the app's limit (api.bodies.MAX_BODY), sent or announced;
- 408 to a request not whole :data:`REQUEST_TIMEOUT` seconds after it began:
  one deadline for the whole request, however slowly its bytes come;
- 503 with ``Retry-After`` to the connections that have waited longest when
  the bytes all waiting requests hold pass :data:`BUDGET`. The oldest, not
  the newest: a real turn is a few hundred bytes, whole in milliseconds, so
  it is never the oldest, whereas refusing the newest would refuse every
  turn while a greedy client held the budget.

A request sent behind another before the client read the answer
(pipelined) waits in the loop until that answer has left the socket, and
then for one of :data:`PIPELINE_LANES` threads kept for such requests: a
client that pipelines and never reads fills no thread and queues nothing
beyond the request the loop read, while the table's own requests go first.

After the loop's own answers and the app's closing ones, the connection
lingers in the loop (:data:`LINGER`), not in gthread's close_graceful, which
waited there for the client, blocking the loop, every other connection with
it, for up to 2 s per connection.

With TLS the handshake happens in the loop too, on a socket that does not
block. Only HTTP/1.1 (gunicorn's default): ``brehon serve`` offers no HTTP/2.
gunicorn's own refusals (a head it cannot read) are written as problem+json
(:meth:`HeadFirstWorker.handle_error`). What this extends of gunicorn's
insides is listed in brehon/gunicorn_internals.py, and ``brehon serve``
refuses to start on a gunicorn that lacks one of them.
"""

from __future__ import annotations

import errno
import fcntl
import json
import selectors
import socket
import ssl
import struct
import termios
import time
from collections import OrderedDict, deque
from functools import partial
from http import HTTPStatus

from gunicorn import http, sock, util
from gunicorn.http import errors
from gunicorn.http.body import ChunkedReader, LengthReader
from gunicorn.http.message import MAX_REQUEST_LINE, Request
from gunicorn.http.unreader import IterUnreader
from gunicorn.workers.gthread import _DEFER, ThreadWorker, TConn

from api import MAX_URL
from api.bodies import MAX_BODY
from api.problems import MEDIA_TYPE

#: Seconds a connection has to send a whole request, head and body, from
#: its opening (or, kept alive, from the first byte of its next request).
#: Generous for a phone on a poor Wi-Fi: a turn is a few hundred bytes.
REQUEST_TIMEOUT = 20.0
#: Bytes of a head at most: a phone's are under one KiB.
HEAD_BUFFER = 64 * 1024
#: Bytes that the requests waiting in one worker's loop hold at most, heads
#: and bodies together: 32 requests of the largest body at once.
BUDGET = 32 * 1024 * 1024
#: Seconds a refused client is asked to wait before it tries again.
RETRY_AFTER = 5
#: Threads that answer pipelined requests at a time, per worker.
PIPELINE_LANES = 2
#: Seconds a thread waits on a client that does not read its answer.
STALLED = 20.0
#: After the loop's own answer, how long and how much it reads on (and
#: throws away) before it closes, as gunicorn's util.close_graceful does: a
#: close with unread bytes would reset the connection and lose the answer.
LINGER, LINGER_BYTES = 2.0, 64 * 1024

END_OF_HEAD = b"\r\n\r\n"
CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"
#: gunicorn's own bounds on a chunk's size line and on the trailers
#: (gunicorn.http.body): past them gunicorn refuses the body, so the loop
#: waits no longer.
CHUNK_LINE, TRAILERS = 8190, 8190 * 32
HEX = frozenset(b"0123456789abcdefABCDEF")

def problem(status: int, detail: str, extra: str = "") -> bytes:
    """A whole answer that closes the connection, problem+json like every
    answer of the app (its title too: the status's phrase, api/problems.py)."""
    title = HTTPStatus(status).phrase
    body = json.dumps({"type": "about:blank", "title": title, "status": status, "detail": detail}).encode()
    return (f"HTTP/1.1 {status} {title}\r\nConnection: close\r\nContent-Type: {MEDIA_TYPE}\r\n{extra}"
            f"Content-Length: {len(body)}\r\n\r\n").encode("latin-1") + body


TOO_LONG_HEAD = problem(431, f"The request's head is over {HEAD_BUFFER} bytes.")
TOO_LARGE = problem(413, f"The body is over {MAX_BODY} bytes.")  # as the app says it (api/bodies.py)
TOO_SLOW = problem(408, f"The request was not whole within {REQUEST_TIMEOUT:g} s.")
TOO_BUSY = problem(503, "The server holds too many unfinished requests; try again.", f"Retry-After: {RETRY_AFTER}\r\n")


class Refused(Exception):
    """The loop answers the request itself (with :attr:`answer`) and closes the connection."""

    def __init__(self, answer: bytes):
        super().__init__()
        self.answer = answer


class ChunkedBody:
    """Where a chunked body ends in the bytes gathered so far, read on from
    where the last look stopped (each chunk's size line is read once).

    gunicorn's ChunkedReader reads by blocking on its source, so it cannot
    say "not yet" to the loop; this only finds the end, by the same rules
    and bounds, and gunicorn's reader decodes the body in the thread. A body
    this cannot read (a size that is no hex number) is handed over whole as
    it is: gunicorn refuses it there, from the bytes it has."""

    def __init__(self, start: int):
        self.at = start  # the next chunk's size line, or the trailers
        self.size = 0  # the body's bytes so far
        self.last = False  # the last chunk (size 0) was read: trailers follow

    def end(self, data: bytearray) -> int | None:
        """The offset just past the body once it is here, else None."""
        while not self.last:
            line_end = data.find(b"\r\n", self.at)
            if line_end < 0:
                return len(data) if len(data) - self.at > CHUNK_LINE else None
            digits = bytes(data[self.at:line_end]).split(b";", 1)[0].rstrip(b" \t")
            if not digits or not HEX.issuperset(digits):
                return len(data)
            chunk = int(digits, 16)
            self.size += chunk
            if self.size > MAX_BODY:
                raise Refused(TOO_LARGE)
            if chunk == 0:
                self.at, self.last = line_end + 2, True
            elif len(data) < line_end + 2 + chunk + 2:
                return None
            else:
                self.at = line_end + 2 + chunk + 2
        if len(data) - self.at < 2:
            return None
        if data[self.at:self.at + 2] == b"\r\n":
            return self.at + 2
        trailers_end = data.find(END_OF_HEAD, self.at)
        if trailers_end >= 0:
            return trailers_end + len(END_OF_HEAD)
        return len(data) if len(data) - self.at > TRAILERS else None


class WaitingConn(TConn):
    """A connection whose request is gathered in the event loop (:attr:`gathered`)
    before a thread parses it."""

    def __init__(self, cfg, client_sock, client, server):
        super().__init__(cfg, client_sock, client, server)
        self.gathered = bytearray()
        self.handshaken = not cfg.is_ssl
        self.begin(pipelined=False)

    def begin(self, pipelined: bool) -> None:
        """A request begins: its deadline runs from now."""
        self.due = time.monotonic() + REQUEST_TIMEOUT
        self.searched = 0  # where the search for the head's end goes on
        self.head_end: int | None = None
        self.body_length: int | None = None  # sent with Content-Length
        self.chunked: ChunkedBody | None = None
        #: Sent before the answer to the one before it was written.
        self.pipelined = pipelined

    def whole(self, worker: HeadFirstWorker) -> bool:
        """Whether the request is here whole (or as whole as it will be:
        gunicorn refuses what it cannot read). Raises :class:`Refused`."""
        if self.head_end is None:
            end = self.gathered.find(END_OF_HEAD, max(0, self.searched - len(END_OF_HEAD) + 1))
            self.searched = len(self.gathered)
            if end < 0 or end + len(END_OF_HEAD) > HEAD_BUFFER:
                if len(self.gathered) > HEAD_BUFFER:
                    raise Refused(TOO_LONG_HEAD)
                return False
            self.head_end = end + len(END_OF_HEAD)
            if not self.framed(worker):
                return True
        return self.body_here()

    def framed(self, worker: HeadFirstWorker) -> bool:
        """Learn how the body is sent from the head, read by gunicorn's own
        parser (its rules, its refusals), and answer 100 Continue when the
        client waits for it. False when there is no body to wait for: the
        head is bad (gunicorn refuses it in the thread) or the body is empty."""
        assert self.head_end is not None
        try:
            request = Request(worker.cfg, IterUnreader([bytes(self.gathered[:self.head_end])]), self.client)
        except Exception:  # whatever gunicorn refuses, it refuses in the thread, as ever
            return False
        reader = request.body.reader
        if isinstance(reader, ChunkedReader):
            self.chunked = ChunkedBody(self.head_end)
        elif isinstance(reader, LengthReader):
            if reader.length > MAX_BODY:
                raise Refused(TOO_LARGE)
            self.body_length = reader.length
        else:  # gunicorn reads no other framing of a request
            return False
        if request._expected_100_continue and not self.body_here():
            self.sock.send(CONTINUE)  # a few bytes on a socket that has sent nothing yet
        return self.chunked is not None or self.body_length != 0

    def body_here(self) -> bool:
        """Whether the body is here whole (the head is read)."""
        if self.chunked is not None:
            return self.chunked.end(self.gathered) is not None
        assert self.head_end is not None and self.body_length is not None
        return len(self.gathered) >= self.head_end + self.body_length

    def init(self):
        """In the thread: the parser, reading what the loop gathered and
        never the socket (so a thread never waits on a sender). The socket
        is wrapped for TLS and shaken hands with already (in the loop)."""
        if not self.initialized:
            self.initialized = True
            self.parser = http.get_parser(self.cfg, self.sock, self.client)
            self.parser.unreader = IterUnreader(())
        self.sock.settimeout(STALLED)  # for writing the answer
        if self.gathered:
            self.parser.unreader.unread(bytes(self.gathered))
            self.gathered = bytearray()

    def tls_pending(self) -> int:
        """Bytes TLS has decrypted already that recv() did not return: the
        socket does not show them as readable."""
        return self.sock.pending() if isinstance(self.sock, ssl.SSLSocket) else 0

    def unsent(self) -> int:
        """Bytes of the last answer still in the socket's send queue (Linux:
        SIOCOUTQ; elsewhere none are known)."""
        try:
            return struct.unpack("i", fcntl.ioctl(self.sock.fileno(), termios.TIOCOUTQ, b"\0" * 4))[0]
        except (AttributeError, OSError):
            return 0


class HeadFirstWorker(ThreadWorker):
    """``gthread``, gathering each request in the loop before a thread takes it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        #: Connections whose request is being gathered (or, pipelined, waits
        #: for a lane), in the order they began, which is the order of their deadlines.
        self.waiting: OrderedDict[WaitingConn, None] = OrderedDict()
        #: Bytes the waiting connections hold.
        self.held = 0
        #: Pipelined requests whole in the loop, waiting for a lane.
        self.pipelined: deque[WaitingConn] = deque()
        #: Pipelined requests in threads now.
        self.in_lanes: set[WaitingConn] = set()
        #: Connections the loop answered itself, closing soon -> when at the latest.
        self.lingering: OrderedDict[WaitingConn, float] = OrderedDict()
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
        self.gather(conn)

    def on_client_socket_readable(self, conn, client):
        """A kept-alive connection's next request begins: gather it in the loop too."""
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        conn.begin(pipelined=False)
        self.gather(conn)

    def finish_request(self, conn, fs):
        """After the thread's answer. A kept-alive connection whose client
        sent the start of its next request before it had this answer:
        gthread hands it straight to a thread; here the loop gathers it, and
        it waits for a lane. A connection that closes lingers in the loop:
        gthread's close_graceful would wait there for the client, blocking,
        up to 2 s."""
        self.in_lanes.discard(conn)
        try:
            keep_alive = not fs.cancelled() and fs.result() not in (False, _DEFER)
        except Exception:  # gthread's handle() answers its errors: none come here
            keep_alive = False
        if keep_alive and self.alive and conn.parser.unreader.buf.getvalue():
            conn.gathered = bytearray(conn.parser.unreader.take_buffered())
            conn.sock.setblocking(False)
            conn.begin(pipelined=True)
            self.gather(conn)
        elif keep_alive:
            super().finish_request(conn, fs)
        else:
            conn.sock.setblocking(False)
            self.close_lingering(conn)
        self.open_lanes()

    def gather(self, conn: WaitingConn) -> None:
        """Wait in the loop for the rest of the connection's request (it may
        be whole already: a pipelined one)."""
        self.waiting[conn] = None
        self.held += len(conn.gathered)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.read_request, conn))
        if conn.gathered:
            self.advance(conn)

    def read_request(self, conn: WaitingConn, _client) -> None:
        """Read what the connection has sent; hand the request on once it is
        whole, close the connection when the client left."""
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
        conn.gathered += data
        self.held += len(data)
        self.advance(conn)
        self.keep_budget()

    def advance(self, conn: WaitingConn) -> None:
        """Hand the request on if it is whole: to a thread, or, pipelined, to the lanes' queue."""
        try:
            if not conn.whole(self):
                return
        except Refused as refused:
            self.drop(conn, refused.answer)
            return
        except OSError:  # the 100 Continue found the client gone
            self.drop(conn)
            return
        self.poller.unregister(conn.sock)
        if conn.pipelined:
            self.pipelined.append(conn)  # still waiting: it keeps its deadline and its place in the budget
            self.open_lanes()
            return
        self.stop_waiting(conn)
        conn.data_ready = True  # gthread's own wait for a first byte is over
        self.enqueue_req(conn)

    def stop_waiting(self, conn: WaitingConn) -> None:
        del self.waiting[conn]
        self.held -= len(conn.gathered)

    def open_lanes(self) -> None:
        """Give free lanes to pipelined requests whose connection has sent
        the answer before them (the others wait on, in turn)."""
        for _ in range(len(self.pipelined)):
            if len(self.in_lanes) >= PIPELINE_LANES:
                return
            conn = self.pipelined.popleft()
            if conn.unsent():
                self.pipelined.append(conn)
                continue
            self.stop_waiting(conn)
            self.in_lanes.add(conn)
            conn.data_ready = True
            self.enqueue_req(conn)

    def keep_budget(self) -> None:
        """Past the budget, refuse the requests that have waited longest."""
        while self.held > BUDGET and self.waiting:
            self.drop(next(iter(self.waiting)), TOO_BUSY)

    def drop(self, conn: WaitingConn, answer: bytes = b"") -> None:
        """Close a waiting connection; first answer it, if ``answer``."""
        self.stop_waiting(conn)
        if conn in self.pipelined:
            self.pipelined.remove(conn)
        else:
            self.poller.unregister(conn.sock)
        conn.gathered = bytearray()
        if not (answer and self.alive):
            self.close(conn)
            return
        try:
            conn.sock.send(answer)  # all of it, or what fits: the client is going anyway
        except OSError:
            self.close(conn)
        else:
            self.close_lingering(conn)

    def close_lingering(self, conn: WaitingConn) -> None:
        """Close the connection once the client has closed its side, or
        after :data:`LINGER` seconds or :data:`LINGER_BYTES` bytes, reading
        (and throwing away) what it sends meanwhile, in the loop."""
        try:
            conn.sock.shutdown(socket.SHUT_WR)
        except OSError:
            self.close(conn)
            return
        self.lingering[conn] = time.monotonic() + LINGER
        conn.drained = 0
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.linger, conn))

    def linger(self, conn: WaitingConn, _client) -> None:
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError, ssl.SSLWantReadError):
            return
        except OSError:
            data = b""
        conn.drained += len(data)
        if not data or conn.drained >= LINGER_BYTES:
            del self.lingering[conn]
            self.poller.unregister(conn.sock)
            self.close(conn)

    def close(self, conn: WaitingConn) -> None:
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self):
        """Close the connections whose request did not come in time, and all
        that wait once the worker stops (they have not asked anything yet),
        and those that lingered long enough; and give lanes to pipelined
        requests whose connection has sent its answer since."""
        super().murder_pending()
        now = time.monotonic()
        while self.waiting:
            conn = next(iter(self.waiting))
            if conn.due > now and self.alive:
                break
            # 408 to a request begun (an idle connection, a browser's
            # preconnection, is closed quietly); 503 to a pipelined one that
            # got no lane in time.
            self.drop(conn, TOO_BUSY if conn in self.pipelined else TOO_SLOW if conn.gathered else b"")
        while self.lingering:
            conn, due = next(iter(self.lingering.items()))
            if due > now and self.alive:
                break
            del self.lingering[conn]
            self.poller.unregister(conn.sock)
            self.close(conn)
        self.open_lanes()

    def handle_request(self, req, conn):
        """The loop answered 100 Continue already, or did not need to: the body is here."""
        req._expected_100_continue = False
        return super().handle_request(req, conn)

    def handle_error(self, req, client, addr, exc):
        """gunicorn's own refusals (a request line over its largest limit, a
        head it cannot read) as problem+json, like every answer of the app.
        gunicorn writes them through one function, util.write_error (as
        text/html), with no setting: its status and reason come from
        gunicorn's own choice (:func:`refusal`), the answer from here."""
        status, detail = refusal(exc)
        if status == 500:
            self.log.exception("Error handling request")
        else:
            self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        try:
            util.write_nonblock(client, problem(status, detail))
        except Exception:
            self.log.debug("Failed to send error message.")


#: gunicorn's refusals that are not 400 (gunicorn.workers.base.Worker.handle_error).
STATUSES: dict[type, int] = {
    errors.LimitRequestLine: 414, errors.LimitRequestHeaders: 431, errors.ExpectationFailed: 417,
    errors.UnsupportedTransferCoding: 501, errors.ConfigurationProblem: 500, errors.ForbiddenProxyRequest: 403,
    ssl.SSLError: 403,
}


def refusal(exc: BaseException) -> tuple[int, str]:
    """The status and detail of gunicorn's answer to ``exc``: 400 for a
    request it cannot read, 500 for the app's fault."""
    if isinstance(exc, errors.LimitRequestLine):
        return 414, (f"The request line is over {MAX_REQUEST_LINE} bytes; "
                     f"a request target has at most {MAX_URL} characters.")
    if isinstance(exc, (errors.InvalidResponseHeader, errors.InvalidResponseHeaderName)):
        return 500, ""
    for kind, status in STATUSES.items():
        if isinstance(exc, kind):
            return status, str(exc)
    if isinstance(exc, errors.ParseException):
        return 400, str(exc)
    return 500, ""
