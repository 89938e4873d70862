"""The service as `make run` starts it, plus a bare echo endpoint: the baseline that
decodes the same body and returns, under the same server."""

from __future__ import annotations

import os
import socket
import sys

from litestar import post
from litestar.params import JSONBody

from service import server
from service.app import AppendResult, Recount
from service.http import AppendRequest, create_app
from service.readmodel import MatchIndex
from service.store import MatchStore, default_env


@post("/bench/echo", status_code=201)
async def echo(data: JSONBody[AppendRequest]) -> AppendResult:
    return AppendResult(match_id="echo", version=len(data.events) + (data.expected_version or 0), first_step=1)


def main() -> None:
    db, port = sys.argv[1], int(sys.argv[2])
    recount = Recount(MatchStore(default_env(db)))
    app = create_app(recount, MatchIndex(recount, None), extra_routes=[echo])
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
    main()
