"""Running the HTTP service: one uvicorn process (SQLite wants one writer)."""

from __future__ import annotations

import gc

import uvicorn
from litestar import Litestar


def run(app: Litestar, host: str, port: int) -> None:
    # Everything alive now (modules, the app, the fixture matches) lives as long as
    # the process: moving it out of the collector's sight keeps full collections
    # short; they were the slowest 1% of requests (p99 70 ms -> 30 ms in bench/record_path.py).
    gc.collect()
    gc.freeze()
    uvicorn.run(app, host=host, port=port, loop="uvloop", http="httptools", log_level="warning")
