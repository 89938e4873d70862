"""Frames: what one perspective sees after each step of a match, with the step's
event in words and the time it was recorded.

Frames are a pure function of the stored events. They are built in one pass over
the match (one `evolve` per step from the nearest checkpoint), never by rebuilding
the state for each step. Knows the game-system protocol, never a single game.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

import msgspec

from domain.protocol import GameSystem, Perspective

# The first event creates the match: there is no state before it to describe it in.
CREATED = "match created"
PAGE_DEFAULT = 200
PAGE_MAX = 1000


class Frame(msgspec.Struct, frozen=True, kw_only=True):
    """The table after `step` events, as the perspective may see it. `view` is the
    game system's `view()` output, encoded as it is (no copy into builtins first)."""

    step: int
    type: str
    description: str
    recorded_at: float
    recorded_by: str
    finished: bool
    view: Any


class FramePage(msgspec.Struct, frozen=True, kw_only=True):
    """Frames `first`..`last` of a match that now has `version` steps. `next_step` is
    where the following page starts (None when this page reaches the last step)."""

    match_id: str
    system: str
    version: int
    finished: bool
    perspective: str
    frames: list[Frame]
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


def _tag(event: msgspec.Struct, _tags: dict[type, str] = {}) -> str:  # noqa: B006 - a deliberate per-type cache
    kind = type(event)
    tag = _tags.get(kind)
    if tag is None:
        tag = _tags[kind] = str(kind.__struct_config__.tag or kind.__name__)
    return tag


def frames(log: Log, perspective: Perspective, first: int, last: int) -> list[Frame]:
    """Frames for steps first..last (clipped to the match), in one pass."""
    last = min(last, log.version)
    if first > last:
        return []
    system = log.system
    view, describe, finished = system.view, system.describe, system.finished
    built = []
    for record, before, after in log.walk(first, last):
        event = record.event
        built.append(
            Frame(
                step=record.version,
                type=_tag(event),
                description=CREATED if before is None else describe(before, event),
                recorded_at=record.meta.recorded_at,
                recorded_by=record.meta.recorded_by,
                finished=finished(after),
                view=view(after, perspective),
            )
        )
    return built


def page(log: Log, perspective: Perspective, label: str, first: int, last: int | None, limit: int = PAGE_DEFAULT) -> FramePage:
    """At most `limit` frames from step `first` up to `last` (default: the end). Asking
    from past the end gives an empty page, so a reader can poll for what is new."""
    version = log.version
    end = min(version, first + max(1, min(limit, PAGE_MAX)) - 1, last if last is not None else version)
    wanted_end = version if last is None else min(last, version)
    return FramePage(
        match_id=log.stream,
        system=log.system.name,
        version=version,
        finished=log.system.finished(log.state),
        perspective=label,
        frames=frames(log, perspective, first, end),
        next_step=end + 1 if first <= end < wanted_end else None,
    )
