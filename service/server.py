"""Running the HTTP service: one uvicorn process (SQLite wants one writer)."""

from __future__ import annotations

import gc
import socket

import uvicorn
from litestar import Litestar


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
    config = uvicorn.Config(app, loop="uvloop", http="httptools", log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[listening])
