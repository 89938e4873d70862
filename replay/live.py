"""Following a running match: new frames as server-sent-event messages.

The application calls a listener from its writer thread after each commit; the
listener only wakes this stream's asyncio queue (`call_soon_threadsafe`), and the
frames are built here, off the writer thread, for this reader's perspective.
Messages are plain dicts with the fields of an SSE message (event, id, data,
comment), so this module knows neither the web framework nor any game.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import msgspec

from replay.frames import FramePage

KEEPALIVE_SECONDS = 15.0

Listen = Callable[[Callable[[int], None]], Callable[[], None]]


async def follow(
    listen: Listen,
    frames_after: Callable[[int], FramePage],
    seen: int,
    keepalive: float = KEEPALIVE_SECONDS,
) -> AsyncIterator[dict[str, Any]]:
    """Messages for every step after `seen`, as they are recorded: `frames` (a
    FramePage, id = its last step) and, once the match is over, `finished`, which
    ends the stream. Stops listening when the reader goes (the generator is closed
    or cancelled)."""
    loop = asyncio.get_running_loop()
    news: asyncio.Queue[int] = asyncio.Queue()

    def heard(version: int) -> None:
        # Runs on the writer thread: it must never raise there, even once this
        # stream's loop has closed (then the reader is gone and stop() follows).
        try:
            loop.call_soon_threadsafe(news.put_nowait, version)
        except RuntimeError:
            pass

    stop = listen(heard)
    encode = msgspec.json.Encoder().encode
    try:
        while True:
            # Subscribed before catching up, so a step recorded in between is not lost.
            page = await asyncio.to_thread(frames_after, seen)
            if page.frames:
                seen += len(page.frames)  # they run on from seen + 1
                yield {"event": "frames", "id": seen, "data": encode(page).decode()}
                if page.next_step is not None:
                    continue
            if page.finished and seen >= page.version:
                yield {"event": "finished", "id": seen, "data": encode({"version": page.version}).decode()}
                return
            try:
                await asyncio.wait_for(news.get(), keepalive)
            except TimeoutError:
                # A comment keeps proxies from closing an idle stream and lets the
                # server notice a reader that has gone.
                yield {"comment": "keep-alive", "data": None}
                continue
            while not news.empty():
                news.get_nowait()
    finally:
        stop()
