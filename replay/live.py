"""Following a running match: new frames as server-sent-event messages.

Many readers follow one match, most of them with the same perspective (every
spectator sees the same table). So a step is built and encoded once per
(match, perspective), not once per reader: a `Channel` holds that perspective's
followers on one event loop, listens to the match once, builds each new page in one
thread hop and puts the same encoded message in every follower's queue. The
application calls the channel's listener from its committing thread; the listener
only wakes the loop (`call_soon_threadsafe`), so the commit costs one call per
channel, whatever the number of readers.

A follower catches up on its own first (from its `seen` step, through the frame
cache), then takes the channel's messages; one that does not run on from what it
has (it joined between two steps, or it fell behind) makes it catch up on its own
again, so every follower gets every step once and in order.

The cost left per reader and step is its own write to its socket (some 30 µs on
loopback). After a fan-out a channel rests as long as the fan-out took: steps
recorded meanwhile go out together, and the loop keeps at least half its time for
appends and other requests. Whatever queued up for a reader goes out in one write.
Measured by bench/spectators.py.

Messages are SSE wire bytes (`id`, `event`, `data` lines), encoded here once: this
module knows neither the web framework nor any game.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator, Callable, Hashable
from typing import Any

import msgspec

from replay.frames import FramePage

KEEPALIVE_SECONDS = 15.0
# A comment keeps proxies from closing an idle stream and lets the server notice a
# reader that has gone.
KEEPALIVE = b": keep-alive\r\n\r\n"

FramesAfter = Callable[[int], FramePage]

logger = logging.getLogger(__name__)
_encode = msgspec.json.Encoder().encode


def sse(event: str, last: int, data: Any) -> bytes:
    """One SSE message. msgspec escapes every control character inside strings, so
    the JSON is one line and needs no splitting into several `data:` lines."""
    return b"id: %d\r\nevent: %s\r\ndata: %s\r\n\r\n" % (last, event.encode(), _encode(data))


class Message(msgspec.Struct, frozen=True):
    """A message for steps first..last (a `finished` one has first = last + 1, a
    keep-alive first = last = 0); `failed`: the channel could not read the match, its
    followers end their streams (an EventSource reconnects and resumes after its
    Last-Event-ID)."""

    first: int
    last: int
    wire: bytes
    finished: bool = False
    failed: bool = False
    keepalive: bool = False


class Channel:
    """The followers of one match with one perspective, on one event loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop, frames_after: FramesAfter, sent: int, keepalive: float):
        self.loop = loop
        self.frames_after = frames_after
        self.sent = sent  # the last step broadcast
        self.heard_version = sent
        self.queues: set[asyncio.Queue[Message]] = set()
        self.stop_listening: Callable[[], None] = lambda: None
        self._builder: asyncio.Task[None] | None = None
        self._rest_until = 0.0
        # One timer per channel rather than a timeout per follower and message.
        self.keepalive = keepalive
        self._ticking = loop.call_later(keepalive, self._tick)

    def _tick(self) -> None:
        self._send(Message(0, 0, KEEPALIVE, keepalive=True))
        self._ticking = self.loop.call_later(self.keepalive, self._tick)

    def close(self) -> None:
        self._ticking.cancel()
        self.stop_listening()

    def heard(self, version: int) -> None:
        # Runs on the committing thread: it must never raise there, even once this
        # channel's loop has closed (then its readers are gone).
        try:
            self.loop.call_soon_threadsafe(self._wake, version)
        except RuntimeError:
            pass

    def _wake(self, version: int) -> None:
        self.heard_version = max(self.heard_version, version)
        if self._builder is None or self._builder.done():
            self._builder = self.loop.create_task(self._build())

    async def _build(self) -> None:
        while self.sent < self.heard_version and self.queues:
            # Sending a step to 500 readers takes the event loop some 15 ms (a write per
            # reader): after a fan-out the channel rests as long as it took, so steps
            # recorded faster go out together and the loop keeps at least half its time
            # for everything else (appends first).
            wait = self._rest_until - self.loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            try:
                page = await asyncio.to_thread(self.frames_after, self.sent)
            except Exception:  # the store did not answer: the followers reconnect
                logger.exception("live frames of a match could not be built")
                self._send(Message(self.sent + 1, self.sent, b"", failed=True))
                self.heard_version = self.sent
                return
            if not page.frames:
                # The version heard is not readable yet: the next news wakes the builder again.
                self.heard_version = self.sent
                return
            first = self.sent + 1
            self.sent += len(page.frames)  # they run on from sent + 1
            started = self.loop.time()
            self._send(Message(first, self.sent, sse("frames", self.sent, page)))
            if page.next_step is None and page.finished and self.sent >= page.version:
                self._send(Message(self.sent + 1, self.sent, sse("finished", self.sent, {"version": page.version}), finished=True))
            self.heard_version = max(self.heard_version, page.version)
            # The followers woken run before this task does again (the loop's ready queue is first in, first out).
            await asyncio.sleep(0)
            ended = self.loop.time()
            self._rest_until = ended + (ended - started)

    def caught_up(self, seen: int) -> None:
        """A follower has every step up to `seen`: an idle builder behind it need not
        build those again (the first follower may have joined from step 0)."""
        if self.sent < seen and (self._builder is None or self._builder.done()):
            self.sent = seen

    def _send(self, message: Message) -> None:
        for queue in self.queues:
            queue.put_nowait(message)


class Broadcaster:
    """Channels by event loop, match and perspective, for one application.
    `listen(match_id, callback)` is the application's listener API."""

    def __init__(self, listen: Callable[[str, Callable[[int], None]], Callable[[], None]]):
        self.listen = listen
        self._lock = threading.Lock()  # several loops (test clients) may share one application
        self.channels: dict[tuple[Any, str, Hashable], Channel] = {}

    def _join(self, match_id: str, perspective: Hashable, frames_after: FramesAfter, seen: int, keepalive: float) -> tuple[Channel, asyncio.Queue[Message]]:
        loop = asyncio.get_running_loop()
        key = (loop, match_id, perspective)
        queue: asyncio.Queue[Message] = asyncio.Queue()
        with self._lock:
            channel = self.channels.get(key)
            fresh = channel is None
            if channel is None:
                channel = self.channels[key] = Channel(loop, frames_after, seen, keepalive)
            channel.queues.add(queue)
        if fresh:
            # Listening before the follower catches up, so a step recorded in between is not lost.
            channel.stop_listening = self.listen(match_id, channel.heard)
        return channel, queue

    def _leave(self, match_id: str, perspective: Hashable, channel: Channel, queue: asyncio.Queue[Message]) -> None:
        with self._lock:
            channel.queues.discard(queue)
            if channel.queues:
                return
            self.channels.pop((channel.loop, match_id, perspective), None)
        channel.close()

    async def follow(
        self,
        match_id: str,
        perspective: Hashable,
        frames_after: FramesAfter,
        seen: int,
        keepalive: float = KEEPALIVE_SECONDS,
        first: bytes | None = None,
    ) -> AsyncIterator[bytes]:
        """SSE messages for every step after `seen`, as they are recorded: `frames` (a
        FramePage, id = its last step) and, once the match is over, `finished`, which
        ends the stream. `frames_after(step)` is the perspective's page after `step`:
        the same function for every follower of (match_id, perspective). Stops
        listening when the last reader of the channel goes. `first`, if given, is
        sent before anything else (a `retry:` line, say)."""
        if first is not None:
            yield first
        channel, queue = self._join(match_id, perspective, frames_after, seen, keepalive)
        try:
            async for wire, seen, done in _catch_up(frames_after, seen):
                yield wire
                if done:
                    return
            channel.caught_up(seen)
            while True:
                # What queued up while this reader was busy goes out in one write.
                message = await queue.get()
                if queue.empty() and message.first == seen + 1 and not (message.keepalive or message.failed):
                    # The common case, once per follower and step: the next step, alone. No batch to sort.
                    yield message.wire
                    if message.finished:
                        return
                    seen = message.last
                    continue
                batch = [message]
                while not queue.empty():
                    batch.append(queue.get_nowait())
                out, seen, done = await _deliver(batch, seen, frames_after)
                if out:
                    yield out[0] if len(out) == 1 else b"".join(out)
                if done:
                    return
        finally:
            self._leave(match_id, perspective, channel, queue)


async def _deliver(batch: list[Message], seen: int, frames_after: FramesAfter) -> tuple[list[bytes], int, bool]:
    """What a reader that has steps up to `seen` sends of `batch`: the messages that
    run on from what it has, in order, catching up on its own over any gap; then
    the last step it has, and whether its stream ends."""
    out: list[bytes] = []
    for message in batch:
        if message.failed:
            return out, seen, True
        if message.keepalive:
            out.append(message.wire)
        elif message.last <= seen and not message.finished:
            continue  # already had from catching up
        elif message.first == seen + 1:
            out.append(message.wire)
            if message.finished:
                return out, seen, True
            seen = message.last
        else:
            async for wire, seen, done in _catch_up(frames_after, seen):
                out.append(wire)
                if done:
                    return out, seen, True
    return out, seen, False


async def _catch_up(frames_after: FramesAfter, seen: int) -> AsyncIterator[tuple[bytes, int, bool]]:
    """(message, last step sent, finished) for the pages after `seen`, up to the
    latest step, then `finished` if the match is over."""
    while True:
        page = await asyncio.to_thread(frames_after, seen)
        if page.frames:
            seen += len(page.frames)
            yield sse("frames", seen, page), seen, False
            if page.next_step is not None:
                continue
        if page.finished and seen >= page.version:
            yield sse("finished", seen, {"version": page.version}), seen, True
        return

