"""The servers the benches start in processes of their own (a helper, not a bench):

    python -m bench.serve DB PORT        the service as `make run` starts it
    python -m bench.serve --echo PORT    a bare echo ASGI app, no Litestar: it reads a
                                         POST's body, decodes it into the record route's
                                         request struct and answers 201 with a small JSON
                                         body, under uvicorn with the service's settings
                                         (service/web/server.py: uvloop, its coalescing
                                         httptools protocol, no access log, gc frozen)."""

from __future__ import annotations

import gc
import os
import socket
import sys
from typing import Any

import msgspec

from service.reads.readmodel import MatchIndex
from service.store.match_store import MatchStore, default_env
from service.usecases.app import AppendResult, Recount
from service.web import connections, server
from service.web.routes import AppendRequest, create_app

_request = msgspec.json.Decoder(AppendRequest)
_HEADERS = [(b"content-type", b"application/json")]


async def echo(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Decode the body as the record route's request and answer 201."""
    if scope["type"] != "http":
        return
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    data = _request.decode(b"".join(chunks))
    answer = msgspec.json.encode(AppendResult(match_id="echo", version=len(data.events) + (data.expected_version or 0), first_step=1))
    await send({"type": "http.response.start", "status": 201, "headers": [*_HEADERS, (b"content-length", str(len(answer)).encode())]})
    await send({"type": "http.response.body", "body": answer})


def serve_echo(listening: socket.socket) -> None:
    import uvicorn

    gc.collect()
    gc.freeze()
    config = uvicorn.Config(echo, loop="uvloop", http=connections.CoalescingHttpToolsProtocol, log_level="warning", access_log=False, lifespan="off")
    uvicorn.Server(config).run(sockets=[listening])


def serve() -> None:
    if sys.argv[1] == "--echo":
        return serve_echo(socket.create_server(("127.0.0.1", int(sys.argv[2]))))
    db, port = sys.argv[1], int(sys.argv[2])
    recount = Recount(MatchStore(default_env(db)))
    app = create_app(recount, MatchIndex(recount, None))
    if os.environ.get("BENCH_PROFILE"):
        # Profile the server (a figure for finding the cost, not for reporting).
        import cProfile
        import signal

        profile = cProfile.Profile()
        signal.signal(signal.SIGTERM, lambda *_: (profile.disable(), profile.dump_stats(os.environ["BENCH_PROFILE"]), os._exit(0)))
        profile.enable()
    listening = socket.create_server(("127.0.0.1", port))
    server.run(app, listening)


if __name__ == "__main__":
    serve()
