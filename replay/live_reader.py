"""One reader of a live stream (replay/live.py): the SSE message the channels write,
and how a follower writes it, catches up on its own through the frame cache over any gap,
and holds bounded memory while its socket drains.

Messages are SSE wire bytes (`id`, `event`, `data` lines), encoded here once: this
module knows neither the web framework nor any game.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from typing import Any

import msgspec

from replay.frames import FramePage

# A comment keeps proxies from closing an idle stream and lets the server notice a
# reader that has gone.
KEEPALIVE = b": keep-alive\r\n\r\n"
# Messages that wait for a reader still writing; past them it catches up on its own.
PENDING_MAX = 32

FramesAfter = Callable[[int], FramePage]
# Writes bytes to one reader; the coroutine usually finishes without waiting.
Write = Callable[[bytes], Coroutine[Any, Any, None]]

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


def _start(write: Coroutine[Any, Any, None]) -> asyncio.Future[None] | None:
    """Runs a write until it first waits, in the caller's turn of the loop: None when
    it is done (the usual case: the bytes are in the socket's buffer), else the task
    that finishes it."""
    try:
        waiting = write.send(None)
    except StopIteration:
        return None
    return asyncio.ensure_future(_finish(write, waiting))


async def _finish(write: Coroutine[Any, Any, None], waiting: Any) -> None:
    """Drives a coroutine started by `_start` on from the future it waits for, as a
    task would (an error or a cancellation goes into the coroutine)."""
    while True:
        if getattr(waiting, "_asyncio_future_blocking", False):
            # Received, as a task marks it; awaiting it here marks it again.
            waiting._asyncio_future_blocking = False
        try:
            if waiting is None:
                await asyncio.sleep(0)  # a bare yield: the coroutine only gave up its turn
            else:
                await waiting
        except BaseException as error:  # noqa: BLE001 - handed to the coroutine, as a task does
            try:
                waiting = write.throw(error)
            except StopIteration:
                return
            continue
        try:
            waiting = write.send(None)
        except StopIteration:
            return


class Follower:
    """One reader of a channel: the last step it has (`seen`), how to write to it, and
    while it is busy (writing on, or catching up) what the channel sent meanwhile."""

    __slots__ = ("seen", "write", "frames_after", "busy", "pending", "behind", "ended")

    def __init__(self, seen: int, write: Write, frames_after: FramesAfter, ended: asyncio.Future[None]):
        self.seen = seen
        self.write = write
        self.frames_after = frames_after
        # Not None while the reader has its own work going (joining counts): the channel's messages wait.
        self.busy: object | None = None
        self.pending: list[Message] = []
        self.behind = False  # pending overflowed: catch up from `seen` through the frame cache
        self.ended = ended

    def offer(self, message: Message) -> None:
        """The channel's message: written now when it runs on from what the reader
        has, else kept for the reader's own work."""
        if self.ended.done():
            return
        if self.busy is not None:
            if message.keepalive:
                return  # a busy stream is not idle
            if len(self.pending) < PENDING_MAX:
                self.pending.append(message)
            else:
                self.pending.clear()
                self.behind = True
            return
        if message.failed:
            self._end()
        elif message.keepalive:
            self._write(message.wire, False)
        elif message.last <= self.seen and not message.finished:
            return  # had it from catching up
        elif message.first == self.seen + 1:
            self.seen = max(self.seen, message.last)
            self._write(message.wire, message.finished)
        else:  # a gap: it joined between two steps
            self.pending.append(message)
            self.busy = asyncio.ensure_future(self._work(None))

    def _write(self, wire: bytes, last: bool) -> None:
        try:
            writing = _start(self.write(wire))
        except Exception as error:  # the reader's connection failed: this reader is done
            self._end(error)
            return
        if writing is not None:
            self.busy = asyncio.ensure_future(self._work(writing, last))
        elif last:
            self._end()

    async def _work(self, writing: Awaitable[None] | None, last: bool = False) -> None:
        try:
            if writing is not None:
                await writing
            if last:
                self._end()
                return
            await self.drain()
        except Exception as error:
            self._end(error)

    async def drain(self) -> None:
        """Writes what waited (catching up on its own over any gap), until nothing
        does; then the channel writes to this reader directly again."""
        while (self.pending or self.behind) and not self.ended.done():
            batch, self.pending = self.pending, []
            out: list[bytes] = []
            done = False
            if self.behind:
                self.behind = False
                async for wire, self.seen, done in catch_up(self.frames_after, self.seen):
                    out.append(wire)
            if not done:
                # What the batch holds of the steps caught up on is skipped.
                more, self.seen, done = await _deliver(batch, self.seen, self.frames_after)
                out.extend(more)
            if out:
                await self.write(out[0] if len(out) == 1 else b"".join(out))
            if done:
                self._end()
        self.busy = None

    def _end(self, error: BaseException | None = None) -> None:
        if not self.ended.done():
            self.ended.set_result(None) if error is None else self.ended.set_exception(error)


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
            async for wire, seen, done in catch_up(frames_after, seen):
                out.append(wire)
                if done:
                    return out, seen, True
    return out, seen, False


async def catch_up(frames_after: FramesAfter, seen: int) -> AsyncIterator[tuple[bytes, int, bool]]:
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
