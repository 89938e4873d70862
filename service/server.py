"""Running the HTTP service: one uvicorn process (SQLite wants one writer)."""

from __future__ import annotations

import asyncio
import functools
import gc
import logging
import re
import socket
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import msgspec
import uvicorn
from litestar import Litestar
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.app import Recount, request_hash
from service.errors import ErrorBody, Malformed
from service.http import FAST_PATH_DECLINED, FAST_PATH_FAILURE
from service.limits import ReadTimeouts, WriteAccess, connections_cap, guard, open_files_limit, settings_from_environment
from service.params import BODY_MAX
from service.params import bearer_of

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


class CoalescedWrites:
    """A connection's transport whose writes made in one turn of the event loop go
    out in one `send`: uvicorn writes a reply's head and its body separately, two
    system calls (on loopback each also runs the reader's side of TCP and wakes it).
    The record path answers a commit group's replies together, so they were a burst
    of twice as many sends as replies (one send a reply: 370 -> 344 µs of CPU per
    recorded action without the fast path below, 239 -> 232 with it). Everything else
    is the transport's own."""

    __slots__ = ("_transport", "_loop", "_pending")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop):
        self._transport = transport
        self._loop = loop
        self._pending: list[bytes] = []

    def write(self, data: bytes) -> None:
        if not self._pending:
            self._loop.call_soon(self._flush)
        self._pending.append(data)

    def writelines(self, lines: Any) -> None:
        for data in lines:
            self.write(data)

    def _flush(self) -> None:
        if not self._pending:
            return
        data = self._pending[0] if len(self._pending) == 1 else b"".join(self._pending)
        self._pending.clear()
        if not self._transport.is_closing():
            self._transport.write(data)

    def close(self) -> None:
        self._flush()  # a reply written just before the close still goes out, as it would have
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


def _closing_answer(status: int, reason: str, words: str, *headers: str) -> bytes:
    """An answer the protocol writes itself before it closes the connection: JSON, as every
    error of the service is (service/errors.py ErrorBody)."""
    body = msgspec.json.encode(ErrorBody(status=status, error=words))
    head = [f"HTTP/1.1 {status} {reason}", *headers, "content-type: application/json", f"content-length: {len(body)}", "connection: close"]
    return "\r\n".join([*head, "", ""]).encode() + body


REQUEST_TIMEOUT = _closing_answer(408, "Request Timeout", "the request was not sent in time")
TOO_MANY_CONNECTIONS = _closing_answer(503, "Service Unavailable", "the server holds as many connections as it may: retry shortly", "retry-after: 1")


class CoalescingHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol over `CoalescedWrites`, with deadlines on reading a
    request and a bound on connections. uvicorn closes a connection only when it idles
    after an answer (its keep-alive timer): one that never sent a request, one trickling
    its headers and one that stopped in its body stayed open for good, and 1,100 of them
    took every file a process may open.

    A connection waits on its client for a request's headers (from its connection, or from
    the first byte of a request after an answer: `timeouts.headers` in all), for its body
    (`body_gap` between two pieces, `body_total` in all) and, idle, for the next request
    (uvicorn's keep-alive timer, `keep_alive`). Past a deadline it is closed, with a 408 if
    a request was begun and nothing is being answered. Answering is not waited on: a live
    stream runs as long as its reader stays. One timer a connection, moved lazily (a
    deadline pushed later is checked when the timer fires).

    Past `connections_max` open connections a new one closes the one that has waited on its
    client the longest (idle, or sending a request), or, when every one is being answered,
    is itself answered 503. The connections that wait on their clients are kept in the order
    their waits began, in the state uvicorn shares between a server's connections: looking
    at each to find the longest took much of the server's time under 2,000 slow clients."""

    def __init__(self, *args: Any, timeouts: ReadTimeouts = ReadTimeouts(), connections_max: int | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.timeouts = timeouts
        self.connections_max = connections_max
        self._queue: OrderedDict[CoalescingHttpToolsProtocol, None] | None = (
            None if connections_max is None else self.server_state.__dict__.setdefault("recount_waiting", OrderedDict())
        )
        self._waiting_for: str | None = None  # "headers", "body", "idle" (uvicorn's timer), or None: answering
        self._since = 0.0  # when the wait began
        self._deadline = 0.0
        self._body_end = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = 0.0
        self._begun = False  # a byte of the request awaited has come

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.transport = CoalescedWrites(transport, self.loop)  # type: ignore[assignment]
        self._wait("headers", self.timeouts.headers)
        if self.connections_max is not None and len(self.connections) > self.connections_max:
            self._make_room()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self._answering()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._waiting_for == "idle":  # bytes that begin no request (a blank line) still end the idle wait
            self._wait("headers", self.timeouts.headers)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._begun = True
        if self._waiting_for != "headers":  # a new connection's wait began when it was made
            self._wait("headers", self.timeouts.headers)

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        # A request without a body completes right after (on_message_complete).
        self._wait("body", self.timeouts.body_gap)
        self._body_end = self._since + self.timeouts.body_total

    def on_body(self, body: bytes) -> None:
        super().on_body(body)
        self._deadline = min(self.loop.time() + self.timeouts.body_gap, self._body_end)

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._begun = False
        if self.cycle.response_complete:
            # Answered before its body ended (a 401 to an upload): uvicorn's keep-alive timer,
            # stopped by the body's bytes, is not armed again; the next request is awaited.
            self._wait("headers", self.timeouts.headers)
        else:
            self._answering()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.timeout_keep_alive_task is not None:
            self._waiting_for = "idle"
            self._queued()

    def _answering(self) -> None:
        self._waiting_for = None
        if self._queue is not None:
            self._queue.pop(self, None)

    def _queued(self) -> None:
        """Last in the order of the waits (uvicorn's keep-alive timer bounds an idle one)."""
        if self._queue is not None:
            self._queue.pop(self, None)
            self._queue[self] = None

    def _wait(self, what: str, seconds: float) -> None:
        self._waiting_for = what
        self._queued()
        self._since = self.loop.time()
        self._deadline = self._since + seconds
        if self._timer is None or self._timer_at > self._deadline:
            if self._timer is not None:
                self._timer.cancel()
            self._timer_at = self._deadline
            self._timer = self.loop.call_at(self._deadline, self._on_deadline)

    def _on_deadline(self) -> None:
        self._timer = None
        if self._waiting_for not in ("headers", "body") or self.transport.is_closing():
            return
        now = self.loop.time()
        if self.flow.read_paused:
            # The server is not reading (a pipelined request waits its turn, or the app has
            # yet to take the body read so far): the time is not the client's.
            self._deadline = max(self._deadline, now + self.timeouts.headers)
        if now < self._deadline:
            self._timer_at = self._deadline
            self._timer = self.loop.call_at(self._deadline, self._on_deadline)
            return
        cycle = self.cycle
        if self._waiting_for == "body":
            answer = cycle is not None and not cycle.response_started
            if cycle is not None:  # the app reading the body is told the client is gone
                cycle.disconnected = True
                cycle.message_event.set()
        else:
            answer = self._begun and (cycle is None or cycle.response_complete)
        if answer:
            self.transport.write(REQUEST_TIMEOUT)
        self._answering()
        self.transport.close()

    def _make_room(self) -> None:
        assert self._queue is not None
        oldest = next(iter(self._queue))  # never empty: this connection waits for its first request
        if oldest is not self:
            oldest._answering()
            oldest.transport.close()
            self.connections.discard(oldest)
        else:
            self._answering()
            self.transport.write(TOO_MANY_CONNECTIONS)
            self.transport.close()
            self.connections.discard(self)


GRACEFUL_SHUTDOWN_SECONDS = 3

RECORD_PATH = re.compile(r"/matches/([^/]+)/events")
# The headers the record route reads; a request repeating one goes the route's own way.
_READ = {b"authorization", b"idempotency-key", b"content-length"}
_JSON = (b"content-type", b"application/json")


class RecordFastPath:
    """The record route's successful answer without the framework: an ASGI app before
    the Litestar one that takes `POST /matches/{id}/events`, reads the body, records it
    with the same call `service.http.record_events` makes and answers its 201 with the
    bytes and headers Litestar sends for it. Anything else it hands to Litestar: a
    request it does not take untouched (another route, a body of unknown or too large
    a length, a repeated header, an Authorization of another scheme), and one it took
    with its body replayed and a mark in the scope (the error the append raised, or
    that the body does not fit the match's actions), so that the route answers it, as
    it would have, without recording twice. The OpenAPI document is Litestar's.

    Litestar's routing, signature, response and middleware cost more CPU per request
    than the service's own check and commit of an action: with this path the server
    spent 239 µs of CPU per recorded action against 370 without (bench/record_path.py's
    load, the two servers measured in turns in one run)."""

    def __init__(self, app: Litestar):
        self.app = app
        self.recount: Recount = app.state.recount

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or scope.get("root_path") or (matched := RECORD_PATH.fullmatch(scope["path"])) is None:
            return await self.app(scope, receive, send)
        read: dict[bytes, bytes] = {}
        for name, value in scope["headers"]:
            if name in _READ:
                if name in read:
                    return await self.app(scope, receive, send)
                read[name] = value
        length = read.get(b"content-length", b"")
        if not length.isdigit() or int(length) > BODY_MAX:
            return await self.app(scope, receive, send)
        try:
            token = bearer_of(read.get(b"authorization", b"").decode("latin-1"))
        except Malformed:
            return await self.app(scope, receive, send)
        messages = []
        chunks = []
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                return await self.app(scope, _replay(messages, receive), send)
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = chunks[0] if len(chunks) == 1 else b"".join(chunks)
        key = read[b"idempotency-key"].decode("latin-1") if b"idempotency-key" in read else None
        try:
            result = await self.recount.append_body_async(matched.group(1), token, body, idempotency_key=key, request_hash=request_hash(body) if key else None)
        except Exception as error:  # noqa: BLE001 - answered by the route, as it answers its own
            scope[FAST_PATH_FAILURE] = error
            return await self.app(scope, _replay(messages, receive), send)
        if result is None:
            scope[FAST_PATH_DECLINED] = True
            return await self.app(scope, _replay(messages, receive), send)
        answer = msgspec.json.encode(result)
        await send({"type": "http.response.start", "status": 201, "headers": [_JSON, (b"content-length", str(len(answer)).encode())]})
        await send({"type": "http.response.body", "body": answer})


def _replay(messages: list[dict[str, Any]], receive: Receive) -> Receive:
    """`receive` giving the messages read already first, in order."""
    pending = list(messages)

    async def replayed() -> dict[str, Any]:
        return pending.pop(0) if pending else await receive()

    return replayed


def run(app: Litestar, listening: socket.socket) -> None:
    """Serve on a socket bound already (so a busy port is said before anything
    claims to be serving), with the limits the environment sets (service/limits.py)."""
    settings = settings_from_environment()
    guard(app, WriteAccess.of(settings))
    connections_max = connections_cap(settings, open_files_limit())
    _log_to_stderr()
    # Everything alive now (modules, the app, the fixture matches) lives as long as
    # the process: moving it out of the collector's sight keeps full collections
    # short; they were the slowest 1% of requests (p99 70 ms -> 30 ms in bench/record_path.py).
    gc.collect()
    gc.freeze()
    # No access log: uvicorn formats its arguments for every reply even when the level
    # drops the line (the client address, the quoted path: ~1% of the record path's CPU).
    # An open live stream (a browser tab following a match) never ends by itself: without
    # a bound, SIGTERM would wait for every follower to leave before the store is closed.
    protocol = functools.partial(CoalescingHttpToolsProtocol, timeouts=settings.timeouts, connections_max=connections_max)
    config = uvicorn.Config(
        RecordFastPath(app), loop="uvloop", http=protocol, log_level="warning", access_log=False,  # type: ignore[arg-type]
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS, timeout_keep_alive=settings.timeouts.keep_alive,  # type: ignore[arg-type]
    )
    uvicorn.Server(config).run(sockets=[listening])


def _log_to_stderr() -> None:
    """The service's own log lines (a 5xx with its request id, service/http_errors.py) on
    stderr beside uvicorn's, with the time."""
    logger = logging.getLogger("recount")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.WARNING)
