"""Following a running match: new frames as server-sent-event messages.

Many readers follow one match, most of them with the same perspective (every
spectator sees the same table). So a step is built and encoded once per
(match, perspective), not once per reader: a `Channel` holds that perspective's
followers on one event loop, listens to the match once, builds each new page in one
thread hop and writes the same encoded message to every follower. The application
calls the channel's listener from its committing thread; the listener only wakes the
loop (`call_soon_threadsafe`), so the commit costs one call per channel, whatever
the number of readers.

A follower catches up on its own first (from its `seen` step, through the frame
cache), then takes the channel's messages; one that does not run on from what it
has (it joined between two steps, or it fell behind) makes it catch up on its own
again, so every follower gets every step once and in order.

What is left per reader and fan-out is its own write, which the channel makes
itself: no task, queue or iterator per reader and message (they cost as much again
as the write). A write that cannot finish at once (the reader's socket buffer is
full) goes on in a task; what comes meanwhile waits in a short list, past which the
reader catches up through the frame cache once its socket drains, so a slow reader
holds bounded memory. A fan-out goes out a slice of readers per turn of the event
loop, so an append waits for a slice, not for 500 writes; after a fan-out the
channel rests a few times as long (longer while steps keep coming, at most REST_MAX),
and the next carries every step recorded meanwhile in one page: one write per reader
per rest, not per append.
Measured by bench/spectators.py.

A reader's side (the message, its writes, catching up) is replay/live_reader.py. This
module knows neither the web framework nor any game.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Hashable
from typing import Any

from replay.live_reader import KEEPALIVE, FramesAfter, Follower, Message, Write, catch_up, sse

KEEPALIVE_SECONDS = 15.0
# Followers written to in one turn of the event loop (some 15 µs each on loopback):
# what an append may wait behind.
SLICE = 64
# After a fan-out a channel rests REST times as long as it took: its readers take at
# most 1 / (REST + 1) of the loop, whatever the rate of appends.
REST = 3.0
# While steps keep coming during the rests (appends back to back), each rest is twice
# the one before, up to REST_BUSY times the fan-out: the readers then take at most
# 1 / (REST_BUSY + 1) of the loop. One step alone after a rest: back to REST.
REST_BUSY = 16.0
# ...but never so long that a step waits more than this for its fan-out.
REST_MAX = 0.06
logger = logging.getLogger(__name__)


class Channel:
    """The followers of one match with one perspective, on one event loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop, frames_after: FramesAfter, sent: int, keepalive: float):
        self.loop = loop
        self.frames_after = frames_after
        self.sent = sent  # the last step broadcast
        self.heard_version = sent
        self.followers: set[Follower] = set()
        self.stop_listening: Callable[[], None] = lambda: None
        self._builder: asyncio.Task[None] | None = None
        self._rest_until = 0.0
        self._rest = REST
        # One timer per channel rather than a timeout per follower and message.
        self.keepalive = keepalive
        self._ticking = loop.call_later(keepalive, self._tick)

    def _tick(self) -> None:
        message = Message(0, 0, KEEPALIVE, keepalive=True)
        for follower in list(self.followers):
            follower.offer(message)
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
        while self.sent < self.heard_version and self.followers:
            wait = self._rest_until - self.loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            try:
                page = await asyncio.to_thread(self.frames_after, self.sent)
            except Exception:  # the store did not answer: the followers reconnect
                logger.exception("live frames of a match could not be built")
                await self._fan_out([Message(self.sent + 1, self.sent, b"", failed=True)])
                self.heard_version = self.sent
                return
            if not page.frames:
                # The version heard is not readable yet: the next news wakes the builder again.
                self.heard_version = self.sent
                return
            first = self.sent + 1
            self.sent += len(page.frames)  # they run on from sent + 1
            messages = [Message(first, self.sent, sse("frames", self.sent, page))]
            if page.next_step is None and page.finished and self.sent >= page.version:
                messages.append(Message(self.sent + 1, self.sent, sse("finished", self.sent, {"version": page.version}), finished=True))
            self.heard_version = max(self.heard_version, page.version)
            took = await self._fan_out(messages)
            self._rest = min(self._rest * 2, REST_BUSY) if len(page.frames) > 1 else REST
            # Steps recorded during the rest go out together after it, one write per
            # reader for all; a step coming later goes out at once. (Resting only when
            # a step came in during the fan-out kept bursts at one fan-out per one or
            # two appends: 172-191 appends/s against 316-485 resting always.)
            self._rest_until = self.loop.time() + min(self._rest * took, REST_MAX)

    async def _fan_out(self, messages: list[Message]) -> float:
        """Offers the messages to every follower, a slice per turn of the loop; the
        seconds it took, from the first write to the turn after the last (the server
        may send what was written in a turn at its end)."""
        followers = list(self.followers)
        started = time.perf_counter()
        for at in range(0, len(followers), SLICE):
            for follower in followers[at : at + SLICE]:
                for message in messages:
                    follower.offer(message)
            await asyncio.sleep(0)  # the appends and requests waiting run between two slices
        return time.perf_counter() - started

    def caught_up(self, seen: int) -> None:
        """A follower has every step up to `seen`: an idle builder behind it need not
        build those again (the first follower may have joined from step 0)."""
        if self.sent < seen and (self._builder is None or self._builder.done()):
            self.sent = seen


class Broadcaster:
    """Channels by event loop, match and perspective, for one application.
    `listen(match_id, callback)` is the application's listener API."""

    def __init__(self, listen: Callable[[str, Callable[[int], None]], Callable[[], None]]):
        self.listen = listen
        self._lock = threading.Lock()  # several loops (test clients) may share one application
        self.channels: dict[tuple[Any, str, Hashable], Channel] = {}

    def _join(self, match_id: str, perspective: Hashable, frames_after: FramesAfter, follower: Follower, keepalive: float) -> Channel:
        loop = asyncio.get_running_loop()
        key = (loop, match_id, perspective)
        with self._lock:
            channel = self.channels.get(key)
            fresh = channel is None
            if channel is None:
                channel = self.channels[key] = Channel(loop, frames_after, follower.seen, keepalive)
            channel.followers.add(follower)
        if fresh:
            # Listening before the follower catches up, so a step recorded in between is not lost.
            channel.stop_listening = self.listen(match_id, channel.heard)
        return channel

    def _leave(self, match_id: str, perspective: Hashable, channel: Channel, follower: Follower) -> None:
        with self._lock:
            channel.followers.discard(follower)
            if channel.followers:
                return
            self.channels.pop((channel.loop, match_id, perspective), None)
        channel.close()

    async def serve(
        self,
        match_id: str,
        perspective: Hashable,
        frames_after: FramesAfter,
        seen: int,
        write: Write,
        keepalive: float = KEEPALIVE_SECONDS,
        first: bytes | None = None,
    ) -> None:
        """Writes SSE messages for every step after `seen`, as they are recorded:
        `frames` (a FramePage, id = its last step) and, once the match is over,
        `finished`; returns after it (or when the match could not be read: the reader
        reconnects). `frames_after(step)` is the perspective's page after `step`: the
        same function for every follower of (match_id, perspective). Stops listening
        when the last reader of the channel goes. `first`, if given, is written before
        anything else (a `retry:` line, say)."""
        follower = Follower(seen, write, frames_after, asyncio.get_running_loop().create_future())
        follower.busy = True  # catching up: the channel's messages wait
        if first is not None:
            await write(first)
        channel = self._join(match_id, perspective, frames_after, follower, keepalive)
        try:
            async for wire, follower.seen, done in catch_up(frames_after, follower.seen):
                await write(wire)
                if done:
                    return
            channel.caught_up(follower.seen)
            await follower.drain()
            await follower.ended
        finally:
            self._leave(match_id, perspective, channel, follower)
            if isinstance(follower.busy, asyncio.Future):
                follower.busy.cancel()
