"""The live broadcaster (replay/live.py) with many followers of several perspectives,
on a scripted match: steps recorded from a committing thread in batches, pages of a
few frames, followers joining at different steps.

Given followers of each perspective, when steps are recorded then the match ends:
each gets every step after its own once and in order, then `finished`; only its
perspective's frames; a step is encoded once per perspective (the very same bytes
reach every follower of it); the match is listened to once per perspective, and
not at all once the followers are gone."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay import live, live_reader
from replay.frames import FramePage
from tests.support.live import follow, parse

PERSPECTIVES = ["spectator", "Al", "Betty"]
PAGE = 4  # frames per page: small, so catching up takes several pages


def secret(player: str, step: int) -> str:
    return f"{player}-secret-{step}"


class ScriptedMatch:
    """A match whose step n shows each player their own secret and spectators none;
    `record` runs on a thread of its own, as the application's commits do."""

    def __init__(self, last: int):
        self.version = 1
        self.last = last
        self.listeners: dict[str, set[Callable[[int], None]]] = {}
        self.builds: dict[str, int] = {p: 0 for p in PERSPECTIVES}
        self._lock = threading.Lock()

    def listen(self, match_id: str, callback: Callable[[int], None]) -> Callable[[], None]:
        with self._lock:
            self.listeners.setdefault(match_id, set()).add(callback)
        return lambda: self.listeners[match_id].discard(callback)

    def record(self, batches: list[int]) -> None:
        for size in batches:
            with self._lock:
                self.version = min(self.last, self.version + size)
                version, told = self.version, list(self.listeners.get("m", ()))
            for callback in told:
                callback(version)
            time.sleep(0.001)  # lets followers join between two commits, as they do in a server

    def frames_after(self, perspective: str) -> Callable[[int], FramePage]:
        def page(step: int) -> FramePage:
            self.builds[perspective] += 1
            version = self.version
            end = min(version, step + PAGE)
            shown = [{"step": n, "perspective": perspective, "secret": None if perspective == "spectator" else secret(perspective, n)} for n in range(step + 1, end + 1)]
            return FramePage(
                match_id="m",
                system="scripted",
                version=version,
                finished=version >= self.last,
                perspective=perspective,
                frames=[msgspec.Raw(msgspec.json.encode(frame)) for frame in shown],
                next_step=end + 1 if end < version else None,
            )

        return page


async def follow_all(match: ScriptedMatch, followers: list[tuple[str, int]], batches: list[int], late: int = 0) -> list[list[bytes]]:
    """Every follower's messages, while a thread records `batches`; the last `late`
    followers join once the recording has started, one per turn of the loop."""
    broadcaster = live.Broadcaster(match.listen)
    pages = {p: match.frames_after(p) for p in PERSPECTIVES}
    joined = asyncio.Event()
    count = 0

    async def one(perspective: str, seen: int) -> list[bytes]:
        nonlocal count
        got: list[bytes] = []
        stream = follow(broadcaster, "m", perspective, pages[perspective], seen, keepalive=30)
        async for wire in stream:
            if not got:
                count += 1
                if count == len(followers) - late:
                    joined.set()
            got.append(wire)
        return got

    early, later = followers[: len(followers) - late], followers[len(followers) - late :]
    tasks = [asyncio.create_task(one(p, seen)) for p, seen in early]
    # Every early follower has caught up on its own before the recording starts (each is behind).
    if early:
        await asyncio.wait_for(joined.wait(), 10)
    recorder = asyncio.create_task(asyncio.to_thread(match.record, batches))
    for perspective, seen in later:
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(one(perspective, seen)))
    results = await asyncio.wait_for(asyncio.gather(*tasks), 20)
    await recorder
    assert not any(match.listeners.values())  # the last follower to go stopped listening
    assert not broadcaster.channels
    return results


def check_follower(perspective: str, seen: int, messages: list[bytes], last: int) -> None:
    parsed = parse(messages)
    steps = [f["step"] for kind, page in parsed if kind == "frames" for f in page["frames"]]
    assert steps == list(range(seen + 1, last + 1)), (perspective, seen)
    assert parsed[-1] == ("finished", {"version": last})
    frames = [f for kind, page in parsed if kind == "frames" for f in page["frames"]]
    assert all(f["perspective"] == perspective for f in frames)
    others = [p for p in PERSPECTIVES if p != perspective]
    assert not any(secret(p, f["step"]) in json.dumps(frames) for p in others for f in frames)


def test_many_followers_of_three_perspectives_each_get_every_step_once_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    last = 40
    match = ScriptedMatch(last)
    match.version = 2  # the deal is recorded: every follower has something to catch up on
    encoded: list[str] = []
    encode = live_reader.sse
    counted = lambda event, step, data: (encoded.append(event), encode(event, step, data))[1]  # noqa: E731
    for module in (live, live_reader):  # the channels' pages and the followers' own catch-ups
        monkeypatch.setattr(module, "sse", counted)
    followers = [(PERSPECTIVES[i % 3], i % 2) for i in range(90)]
    results = asyncio.run(follow_all(match, followers, [1, 3, 1, 2, 5, 1, 1, 30]))
    for (perspective, seen), messages in zip(followers, results, strict=True):
        check_follower(perspective, seen, messages, last)
    # Each follower catches up in one page (steps 1-2); after that, a page is built
    # and encoded per perspective, not per follower: a few dozen pages at most where
    # building per follower would take 90 times the broadcast's.
    pages = encoded.count("frames")
    assert pages == sum(match.builds.values())
    assert pages <= len(followers) + len(PERSPECTIVES) * 20, match.builds
    assert encoded.count("finished") == len(PERSPECTIVES)  # one `finished` per channel


def test_a_follower_joining_after_the_end_gets_the_rest_then_finished_and_listens_no_more() -> None:
    match = ScriptedMatch(9)
    match.version = 9
    (messages,) = asyncio.run(follow_all(match, [("Al", 3)], []))
    check_follower("Al", 3, messages, 9)


@settings(max_examples=25, deadline=None)
@given(
    batches=st.lists(st.integers(1, 6), min_size=1, max_size=12),
    followers=st.lists(st.tuples(st.sampled_from(PERSPECTIVES), st.integers(0, 3)), min_size=1, max_size=8),
    late=st.integers(0, 8),
)
def test_every_follower_gets_every_step_once_whatever_the_batches_and_when_it_joins(batches: list[int], followers: list[tuple[str, int]], late: int) -> None:
    last = 4 + sum(batches)
    match = ScriptedMatch(last)
    match.version = 4
    results = asyncio.run(follow_all(match, followers, batches, late=min(late, len(followers))))
    for (perspective, seen), messages in zip(followers, results, strict=True):
        check_follower(perspective, seen, messages, last)


def test_a_reader_leaving_does_not_stop_the_channel_of_those_who_stay() -> None:
    match = ScriptedMatch(10)
    match.version = 2

    async def run() -> list[bytes]:
        broadcaster = live.Broadcaster(match.listen)
        pages = match.frames_after("spectator")
        leaving = follow(broadcaster, "m", "spectator", pages, 0, keepalive=30)
        staying = follow(broadcaster, "m", "spectator", pages, 0, keepalive=30)
        got = [await anext(staying)]
        await anext(leaving)
        await leaving.aclose()
        assert len(match.listeners["m"]) == 1  # the channel still listens for the one who stays
        await asyncio.to_thread(match.record, [3, 5])
        got.extend([wire async for wire in staying])
        assert not match.listeners["m"]
        return got

    check_follower("spectator", 0, asyncio.run(run()), 10)


def test_an_idle_channel_sends_keep_alive_comments_from_one_timer() -> None:
    match = ScriptedMatch(10)
    match.version = 3

    async def run() -> list[bytes]:
        broadcaster = live.Broadcaster(match.listen)
        stream = follow(broadcaster, "m", "spectator", match.frames_after("spectator"), 3, keepalive=0.02)
        got = [await anext(stream), await anext(stream)]
        await stream.aclose()
        return got

    assert asyncio.run(run()) == [live_reader.KEEPALIVE, live_reader.KEEPALIVE]


def test_when_the_match_cannot_be_read_the_followers_streams_end_to_reconnect() -> None:
    match = ScriptedMatch(10)
    match.version = 3
    failing = {"now": False}
    pages = match.frames_after("Al")

    def frames_after(step: int) -> FramePage:
        if failing["now"]:
            raise OSError("the store is not answering")
        return pages(step)

    async def run() -> list[list[bytes]]:
        broadcaster = live.Broadcaster(match.listen)
        streams = [follow(broadcaster, "m", "Al", frames_after, 3, keepalive=30) for _ in range(3)]
        readers = [asyncio.create_task(collect(s)) for s in streams]
        while sum(len(c.followers) for c in broadcaster.channels.values()) < len(streams):
            await asyncio.sleep(0.01)  # all three caught up and wait on the channel
        failing["now"] = True
        await asyncio.to_thread(match.record, [1])
        got = await asyncio.wait_for(asyncio.gather(*readers), 5)
        assert not match.listeners["m"] and not broadcaster.channels
        return got

    async def collect(stream: Any) -> list[bytes]:
        return [wire async for wire in stream]

    ended = asyncio.run(run())
    assert all(not any(b"event: frames" in wire for wire in got) for got in ended)  # nothing past step 3, and no hang


def test_a_reader_whose_writes_stall_keeps_a_bounded_backlog_holds_no_one_back_and_then_gets_every_step_once_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Given a reader whose writes stall (its socket buffer is full) and one that reads,
    when steps are recorded one by one: the other gets each at once; what waits for the
    stalled one never passes PENDING_MAX messages (past them it is behind); when its
    writes go on, it catches up through the frame cache and gets every step once, in order."""
    monkeypatch.setattr(live_reader, "PENDING_MAX", 3)
    last = 16
    match = ScriptedMatch(last)
    match.version = 4

    async def run() -> tuple[list[bytes], list[bytes]]:
        broadcaster = live.Broadcaster(match.listen)
        pages = match.frames_after("Al")
        flowing = asyncio.Event()
        flowing.set()
        stalled: list[bytes] = []

        async def write(data: bytes) -> None:
            stalled.append(data)
            await flowing.wait()

        serving = asyncio.ensure_future(broadcaster.serve("m", "Al", pages, 4, write, keepalive=30))
        reading = follow(broadcaster, "m", "Al", pages, 4, keepalive=30, first=b": reading\r\n\r\n")
        read = [await anext(reading)]
        while not broadcaster.channels or not idle(next(iter(broadcaster.channels.values())).followers, 2):
            await asyncio.sleep(0.001)  # both have caught up and wait for the channel
        (channel,) = broadcaster.channels.values()
        (follower,) = [f for f in channel.followers if f.write is write]
        flowing.clear()
        backlog = []
        for _ in range(last - 4):
            await asyncio.to_thread(match.record, [1])
            while channel.sent < match.version:
                await asyncio.sleep(0.001)
            read.append(await anext(reading))  # the reader gets the step while the other is stalled
            backlog.append(len(follower.pending))
        assert max(backlog) <= live_reader.PENDING_MAX and follower.behind
        flowing.set()
        await asyncio.wait_for(serving, 5)
        read.extend([wire async for wire in reading])
        return stalled, read

    def idle(followers: set[live_reader.Follower], count: int) -> bool:
        return len(followers) == count and all(f.busy is None for f in followers)

    stalled, read = asyncio.run(run())
    check_follower("Al", 4, stalled, last)
    check_follower("Al", 4, read, last)
