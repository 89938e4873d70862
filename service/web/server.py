"""Running the HTTP service: one uvicorn process (SQLite wants one writer), with the
record route's fast path ahead of Litestar and connections kept as
service/web/connections.py keeps them."""

from __future__ import annotations

import functools
import gc
import logging
import re
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import msgspec
import uvicorn
from litestar import Litestar

from service.errors import Malformed
from service.records import heavy
from service.usecases.app import Recount, request_hash
from service.web.connections import CoalescingHttpToolsProtocol
from service.web.limits import WriteAccess, connections_cap, guard, open_files_limit, settings_from_environment
from service.web.params import BODY_MAX, bearer_of
from service.web.routes import FAST_PATH_DECLINED, FAST_PATH_FAILURE

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


GRACEFUL_SHUTDOWN_SECONDS = 3

RECORD_PATH = re.compile(r"/matches/([^/]+)/events")
# The headers the record route reads; a request repeating one goes the route's own way.
_READ = {b"authorization", b"idempotency-key", b"content-length"}
_JSON = (b"content-type", b"application/json")


class RecordFastPath:
    """The record route's successful answer without the framework: an ASGI app before
    the Litestar one that takes `POST /matches/{id}/events`, reads the body, records it
    with the same call `service.web.routes.record_events` makes and answers its 201 with the
    bytes and headers Litestar sends for it. Anything else it hands to Litestar: a
    request it does not take untouched (another route, a body of unknown or too large
    a length, a repeated header, an Authorization of another scheme), and one it took
    with its body replayed and a mark in the scope (the error the append raised, or
    that the body does not fit the match's actions), so that the route answers it, as
    it would have, without recording twice. The OpenAPI document is Litestar's.

    Litestar's routing, signature, response and middleware cost more CPU per request
    than the service's own check and commit of an action (bench/record_path.py measures
    the server with and without this path)."""

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
    claims to be serving), with the limits the environment sets (service/web/limits.py)."""
    settings = settings_from_environment()
    heavy.configured()  # a RECOUNT_HEAVY_* that does not fit stops the start, not a request
    guard(app, WriteAccess.of(settings))
    connections_max = connections_cap(settings, open_files_limit())
    _log_to_stderr()
    # Everything alive now (modules, the app, the fixture matches) lives as long as
    # the process: moving it out of the collector's sight keeps full collections
    # short; they were the slowest 1% of requests.
    gc.collect()
    gc.freeze()
    # No access log: uvicorn formats its arguments for every reply even when the level
    # drops the line (the client address, the quoted path).
    # An open live stream (a browser tab following a match) never ends by itself: without
    # a bound, SIGTERM would wait for every follower to leave before the store is closed.
    protocol = functools.partial(CoalescingHttpToolsProtocol, timeouts=settings.timeouts, connections_max=connections_max)
    config = uvicorn.Config(
        RecordFastPath(app), loop="uvloop", http=protocol, log_level="warning", access_log=False,  # type: ignore[arg-type]
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS, timeout_keep_alive=settings.timeouts.keep_alive,  # type: ignore[arg-type]
    )
    uvicorn.Server(config).run(sockets=[listening])


def _log_to_stderr() -> None:
    """The service's own log lines (a 5xx with its request id, service/web/http_errors.py) on
    stderr beside uvicorn's, with the time."""
    logger = logging.getLogger("recount")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.WARNING)
