"""A live stream's reader without a socket: what `Broadcaster.serve` writes, one item per
write, and the server-sent-events messages those writes hold."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

from replay import live
from replay.frames import FramePage


async def follow(broadcaster: live.Broadcaster, match_id: str, perspective: str, frames_after: Callable[[int], FramePage], seen: int, keepalive: float, first: bytes | None = None) -> AsyncIterator[bytes]:
    """What `Broadcaster.serve` writes to one reader, one item per write (as a socket
    would get it); the reader leaves when the iterator is closed."""
    written: asyncio.Queue[bytes | None] = asyncio.Queue()

    async def write(data: bytes) -> None:
        written.put_nowait(data)

    serving = asyncio.ensure_future(broadcaster.serve(match_id, perspective, frames_after, seen, write, keepalive, first))
    serving.add_done_callback(lambda _: written.put_nowait(None))
    try:
        while (data := await written.get()) is not None:
            yield data
        serving.result()
    finally:
        serving.cancel()


def parse(wires: list[bytes]) -> list[tuple[str, dict[str, Any]]]:
    """(event, data) of each SSE message; one write may hold several."""
    parsed = []
    for block in b"".join(wires).decode().split("\r\n\r\n"):
        fields = dict(line.split(": ", 1) for line in block.split("\r\n") if ": " in line and not line.startswith(":"))
        if "event" in fields:
            parsed.append((fields["event"], json.loads(fields["data"])))
    return parsed
