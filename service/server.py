"""Running the HTTP service: one uvicorn process (SQLite wants one writer)."""

from __future__ import annotations

import asyncio
import gc
import re
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import msgspec
import uvicorn
from litestar import Litestar
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.app import Recount, request_hash
from service.errors import Malformed
from service.http import FAST_PATH_DECLINED, FAST_PATH_FAILURE
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


class CoalescingHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol over `CoalescedWrites`."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.transport = CoalescedWrites(transport, self.loop)  # type: ignore[assignment]


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
    claims to be serving)."""
    # Everything alive now (modules, the app, the fixture matches) lives as long as
    # the process: moving it out of the collector's sight keeps full collections
    # short; they were the slowest 1% of requests (p99 70 ms -> 30 ms in bench/record_path.py).
    gc.collect()
    gc.freeze()
    # No access log: uvicorn formats its arguments for every reply even when the level
    # drops the line (the client address, the quoted path: ~1% of the record path's CPU).
    # An open live stream (a browser tab following a match) never ends by itself: without
    # a bound, SIGTERM would wait for every follower to leave before the store is closed.
    config = uvicorn.Config(
        RecordFastPath(app), loop="uvloop", http=CoalescingHttpToolsProtocol, log_level="warning", access_log=False,
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS,
    )
    uvicorn.Server(config).run(sockets=[listening])
