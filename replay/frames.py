"""Frames: what one perspective sees after each step of a match, with the step's
event in words and the time it was recorded.

Frames are a pure function of the stored events. They are built in one pass over
the match (one `evolve` per step from the nearest checkpoint), never by rebuilding
the state for each step. Knows the game-system protocol, never a single game.

Because stored events never change, the frame of a step for a perspective never
changes either: `FrameCache` keeps frames once built, encoded, so a page fetched
again, or a new step sent to every reader following a match, is built once per
perspective rather than once per reader.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any, Protocol

import msgspec

from domain.protocol import GameSystem, Perspective, event_tag

# The first event creates the match: there is no state before it to describe it in.
CREATED = "match created"
PAGE_DEFAULT = 200
PAGE_MAX = 1000
CACHE_BUDGET_BYTES = 128 * 1024 * 1024


class Frame(msgspec.Struct, frozen=True, kw_only=True):
    """The table after `step` events, as the perspective may see it. `view` is the
    game system's `view()` output."""

    step: int
    type: str
    description: str
    recorded_at: float
    recorded_by: str
    finished: bool
    view: Any


class FramePage(msgspec.Struct, frozen=True, kw_only=True):
    """Frames of a match that now has `version` steps; each item of `frames` is a
    Frame, already encoded. `next_step` is where the following page starts (None
    when this page reaches the last step asked for)."""

    match_id: str
    system: str
    version: int
    finished: bool
    perspective: str
    frames: list[msgspec.Raw]
    next_step: int | None


class Record(Protocol):
    version: int
    event: msgspec.Struct
    meta: Any


class Log(Protocol):
    """What frames need of a match (service.app.MatchLog has it)."""

    system: GameSystem
    stream: str
    state: Any

    @property
    def version(self) -> int: ...

    def walk(self, first: int, last: int) -> Iterator[tuple[Record, Any, Any]]: ...

    def describe(self, record: Record, before: Any, after: Any = None, perspective: Perspective = ...) -> str: ...


def walk_frames(log: Log, perspective: Perspective, first: int, last: int, skip: frozenset[int] = frozenset()) -> Iterator[Frame]:
    """Frames for steps first..last (clipped to the match), in one pass; steps in
    `skip` are only stepped over (their state is still folded, not viewed)."""
    last = min(last, log.version)
    if first > last:
        return
    system = log.system
    # The log words the events: it knows corrections, which no game system does. The words are the
    # perspective's, like the view: an exchange named to its two players is two cards to the others.
    view, describe, finished = system.view, log.describe, system.finished
    for record, before, after in log.walk(first, last):
        if record.version in skip:
            continue
        event = record.event
        yield Frame(
            step=record.version,
            type=event_tag(type(event)),
            description=CREATED if before is None else describe(record, before, after, perspective),
            recorded_at=record.meta.recorded_at,
            recorded_by=record.meta.recorded_by,
            finished=finished(after),
            view=view(after, perspective),
        )


class FrameCache:
    """Encoded frames by match, perspective and step, kept while they fit in
    `budget` bytes; the match and perspective used least recently go first."""

    def __init__(self, budget: int = CACHE_BUDGET_BYTES):
        self.budget = budget
        self._lock = threading.Lock()
        self._entries: OrderedDict[tuple[str, Perspective], dict[int, msgspec.Raw]] = OrderedDict()
        self._sizes: dict[tuple[str, Perspective], int] = {}
        self._total = 0
        self._encode = msgspec.json.Encoder().encode

    @property
    def size(self) -> int:
        return self._total

    def frames(self, log: Log, perspective: Perspective, first: int, last: int) -> list[msgspec.Raw]:
        """Encoded frames for steps first..last (clipped to the match): the cached
        ones as they are, the others built in one pass over the gap."""
        last = min(last, log.version)
        if first > last:
            return []
        key = (log.stream, perspective)
        with self._lock:
            known = self._entries.get(key, {})
            found = {step: known[step] for step in range(first, last + 1) if step in known}
            if key in self._entries:
                self._entries.move_to_end(key)
        missing = [step for step in range(first, last + 1) if step not in found]
        if missing:
            built = {
                frame.step: msgspec.Raw(self._encode(frame))
                for frame in walk_frames(log, perspective, missing[0], missing[-1], skip=frozenset(found))
            }
            self._keep(key, built)
            found.update(built)
        return [found[step] for step in range(first, last + 1)]

    def _keep(self, key: tuple[str, Perspective], built: dict[int, msgspec.Raw]) -> None:
        with self._lock:
            entry = self._entries.setdefault(key, {})
            self._entries.move_to_end(key)
            added = 0
            for step, raw in built.items():
                if step not in entry:
                    entry[step] = raw
                    added += len(raw)
            self._sizes[key] = self._sizes.get(key, 0) + added
            self._total += added
            while self._total > self.budget and len(self._entries) > 1:
                oldest, _ = self._entries.popitem(last=False)
                self._total -= self._sizes.pop(oldest)


def page(
    cache: FrameCache,
    log: Log,
    perspective: Perspective,
    label: str,
    first: int,
    last: int | None,
    limit: int = PAGE_DEFAULT,
) -> FramePage:
    """At most `limit` frames from step `first` up to `last` (default: the end). Asking
    from past the end gives an empty page, so a reader can poll for what is new."""
    version = log.version
    wanted_end = version if last is None else min(last, version)
    end = min(wanted_end, first + max(1, min(limit, PAGE_MAX)) - 1)
    return FramePage(
        match_id=log.stream,
        system=log.system.name,
        version=version,
        finished=log.system.finished(log.state),
        perspective=label,
        frames=cache.frames(log, perspective, first, end),
        next_step=end + 1 if first <= end < wanted_end else None,
    )
