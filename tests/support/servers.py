"""`recount serve` processes for the multi-process tests: started on a store, waited for
until they answer, stopped at the end; and a random President match created on one."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import msgspec

from fixtures.random_player import PLAYERS, play_president as play
from tests.support.stores import free_port


RECOUNT = Path(sys.executable).parent / "recount"


@contextmanager
def serving(location: Path | str, count: int = 1) -> Iterator[list[tuple[str, subprocess.Popen[bytes]]]]:
    """`count` `recount serve` processes on the store, started together; their URLs
    once they answer."""
    env = {k: v for k, v in os.environ.items() if k != "RECOUNT_DATABASE_URL"}
    servers = []
    for _ in range(count):
        port = free_port()
        command = [str(RECOUNT), "--db", str(location), "serve", "--host", "127.0.0.1", "--port", str(port), "--no-fixtures"]
        servers.append((f"http://127.0.0.1:{port}", subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)))
    try:
        for url, process in servers:
            for _ in range(600):  # a start takes a second or two; a failure shows below
                try:
                    if httpx.get(url + "/systems").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert process.poll() is None, process.stderr.read().decode() if process.stderr else "the server exited"
                threading.Event().wait(0.05)
        yield servers
    finally:
        for _, process in servers:
            if process.poll() is None:
                process.terminate()
        for _, process in servers:
            process.wait(10)


def new_match(url: str, length: int, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    setup, actions = play(length, seed=seed, players=PLAYERS[:4])
    created = httpx.post(url + "/matches", json=msgspec.to_builtins(setup)).json()
    return created, [msgspec.to_builtins(a) for a in actions]
