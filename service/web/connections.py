"""A connection as the server keeps it: uvicorn's httptools protocol with deadlines on
reading a request, a bound on open connections, and a reply's writes sent together.
What a server open to anyone needs below the framework (service/web/limits.py sets
the figures)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

import msgspec
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.errors import ErrorBody
from service.web.limits import ReadTimeouts


class CoalescedWrites:
    """A connection's transport whose writes made in one turn of the event loop go
    out in one `send`: uvicorn writes a reply's head and its body separately, two
    system calls (on loopback each also runs the reader's side of TCP and wakes it).
    The record path answers a commit group's replies together, so they were a burst
    of twice as many sends as replies. Everything else is the transport's own."""

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
    their waits began, in the state uvicorn shares between a server's connections, so the
    longest wait is found without looking at every connection."""

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
