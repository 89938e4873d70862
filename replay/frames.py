"""Frames: what one perspective sees after each step of a match, with the step's
event in words and the time it was recorded.

Frames are a pure function of the stored events. They are built in one pass over
the match (one `evolve` per step from the nearest checkpoint), never by rebuilding
the state for each step. Knows the game-system protocol, never a single game.

A reader that replays a whole match asks for patches (replay/patches.py) instead:
each frame then holds what changed since the step before, and the first frame of a
page what changed since step 1, whose view (the board, the seating, the ruleset:
what never changes) the reader has from the first page it read. So a replay weighs
about what its events weigh, and a jump needs one request from the step jumped to.

Because stored events never change, the frame of a step for a perspective never
changes either: `FrameCache` keeps frames once built, encoded, so a page fetched
again, or a new step sent to every reader following a match, is built once per
perspective rather than once per reader; and the patches a replay reads may be built
ahead of any reader, off the write path, and stored (`StoredFrames`: the service keeps
them as a projection of the events), so a replay's first read finds them made.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any, Protocol

import msgspec

from domain.corrections import CORRECTIONS
from domain.protocol import GameSystem, Perspective, Standings, event_tag
from replay.patches import diff
from replay.steps import StepPatch

# The first event creates the match: there is no state before it to describe it in.
CREATED = "match created"
PAGE_DEFAULT = 200
PAGE_MAX = 1000
CACHE_BUDGET_BYTES = 128 * 1024 * 1024


class Frame(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The table after `step` events, as the perspective may see it. `view` is the
    game system's `view()` output. `corrects`: the step a correction (EventVoided,
    EventAmended) corrects, so a reader can mark that step as corrected (absent for
    any other event)."""

    step: int
    type: str
    description: str
    recorded_at: float
    recorded_by: str
    finished: bool
    view: Any
    corrects: int | None = None
    # The seat whose own phone (seat token) recorded the step; absent for the write token.
    recorded_as: str | None = None


class PatchFrame(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A Frame whose view is sent as `patch` of the view of step `base`: 0 (the
    patch is the whole view), 1 (the first frame of a page) or step - 1."""

    step: int
    type: str
    description: str
    recorded_at: float
    recorded_by: str
    finished: bool
    base: int
    patch: Any
    corrects: int | None = None
    recorded_as: str | None = None  # as Frame's


def corrected_step(event: Any) -> int | None:
    """The step a correction corrects; None for any other event."""
    return event.step if isinstance(event, CORRECTIONS) else None


class FramePage(msgspec.Struct, frozen=True, kw_only=True):
    """Frames of a match that now has `version` steps; each item of `frames` is a
    Frame (a PatchFrame when patches were asked for), already encoded. `next_step` is where the following page starts (None
    when this page reaches the last step asked for)."""

    match_id: str
    system: str
    version: int
    finished: bool
    perspective: str
    frames: list[msgspec.Raw]
    next_step: int | None


class LivePage(FramePage, frozen=True, kw_only=True, omit_defaults=True):
    """A page of the live stream: with the standings as of its last step when they
    changed since the step before its first (None: unchanged), whole or (asked for)
    as `standings_patch` of those; and, for the match's recorder, what the rules allow
    after its last step (`allowed`: {"finished", "choices"} of `GET
    /matches/{id}/allowed`, as a patch of what they allowed at the step before its
    first), so a recording page learns the next choices with the step, not by asking."""

    standings: Standings | None = None
    standings_patch: StepPatch | None = None
    allowed: StepPatch | None = None


class Record(Protocol):
    version: int
    event: msgspec.Struct
    meta: Any


class Log(Protocol):
    """What frames need of a match (service.store.matchlog.MatchLog has it)."""

    system: GameSystem
    stream: str
    state: Any
    head: tuple[int, Any]  # (version, state) as one value

    @property
    def version(self) -> int: ...

    @property
    def created(self) -> Record: ...

    def walk(self, first: int, last: int) -> Iterator[tuple[Record, Any, Any]]: ...

    def describe(self, record: Record, before: Any, after: Any = None, perspective: Perspective = ...) -> str: ...

    def state_at(self, step: int) -> Any: ...


def walk(log: Log, first: int, last: int) -> Iterator[tuple[Record, Any, Any]]:
    """`log.walk(first, last)`, with step 1 made from the log's first record: a log that holds
    only its latest steps (loaded from a snapshot after a restart) reads its past again for
    the steps between, never for step 1 (the first frame every reader asks for)."""
    if first == 1:
        yield log.created, None, first_state(log)
        first = 2
    if first <= last:
        yield from log.walk(first, last)


def first_state(log: Log) -> Any:
    """The state after step 1, made again (`log.state_at(1)` may read the past of a log that holds only its latest steps)."""
    return log.system.initial(log.created.event)


def walk_frames(log: Log, perspective: Perspective, first: int, last: int, skip: frozenset[int] = frozenset()) -> Iterator[Frame]:
    """Frames for steps first..last (clipped to the match), in one pass; steps in
    `skip` are only stepped over (their state is still folded, not viewed). The views
    of successive frames share the parts a step left alone (the system's `viewer`): read, never changed."""
    last = min(last, log.version)
    if first > last:
        return
    system = log.system
    # The log words the events: it knows corrections, which no game system does. The words are the
    # perspective's, like the view: an exchange named to its two players is two cards to the others.
    view, describe, finished = system.viewer(perspective), log.describe, system.finished
    for record, before, after in walk(log, first, last):
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
            view=view(after),
            corrects=corrected_step(event),
            recorded_as=record.meta.recorded_as,
        )


# How a frame is sent: its whole view (FULL), a patch of the step before (PATCH), or
# a patch of step 1's view (KEY: the first frame of a page of patches).
FULL, PATCH, KEY = "full", "patch", "key"


def walk_patches(log: Log, perspective: Perspective, first: int, last: int, wanted: dict[int, str]) -> Iterator[tuple[int, str, PatchFrame]]:
    """(step, form, frame) for each step of first..last in `wanted` (step -> PATCH or
    KEY), in one pass that views every step from first - 1 when the first is a PATCH (a
    patch needs the view before it), and step 1's view once (a key frame patches it)."""
    last = min(last, log.version)
    if first > last:
        return
    system = log.system
    view, describe, finished = system.viewer(perspective), log.describe, system.finished
    first_view: Any = None
    if first > 1 and KEY in wanted.values():
        first_view = system.view(first_state(log), perspective)
    previous: Any = None
    for record, before, after in walk(log, first if first == 1 or wanted.get(first) != PATCH else first - 1, last):
        step = record.version
        current = view(after)
        if step == 1:
            first_view = current
        form = wanted.get(step)
        if form is not None:
            base = 0 if step == 1 else (1 if form == KEY else step - 1)
            against = None if base == 0 else first_view if base == 1 else previous
            yield step, form, PatchFrame(
                step=step,
                type=event_tag(type(record.event)),
                description=CREATED if before is None else describe(record, before, after, perspective),
                recorded_at=record.meta.recorded_at,
                recorded_by=record.meta.recorded_by,
                finished=finished(after),
                base=base,
                patch=current if base == 0 else diff(against, current),
                corrects=corrected_step(record.event),
                recorded_as=record.meta.recorded_as,
            )
        previous = current


def encoded_patches(log: Log, perspective: Perspective, first: int, last: int) -> Iterator[tuple[int, bytes]]:
    """(step, frame) for each step of first..last as a patch of the step before (step 1:
    its whole view), encoded as a page carries it: what `StoredFrames` keeps."""
    encode = msgspec.json.Encoder().encode
    for step, _, frame in walk_patches(log, perspective, first, last, dict.fromkeys(range(first, last + 1), PATCH)):
        yield step, encode(frame)


def runs(steps: list[int]) -> Iterator[tuple[int, int]]:
    """(first, last) of each run of consecutive steps of a sorted list."""
    start = previous = steps[0]
    for step in steps[1:]:
        if step != previous + 1:
            yield start, previous
            start = step
        previous = step
    yield start, previous


class StoredFrames(Protocol):
    """Frames built ahead of any reader and kept (what `encoded_patches` gives)."""

    def read(self, stream: str, perspective: Perspective, first: int, last: int) -> dict[int, bytes]:
        """The frames kept of steps first..last, by step (the others are missing)."""
        ...


# A gap of fewer steps (the live stream's step or two) is built at once rather than looked up.
STORED_FROM = 16


class FrameCache:
    """Encoded frames by match, perspective, form and step, kept while they fit in
    `budget` bytes; the match and perspective used least recently go first. Patches
    missing from it are read from `stored` (when given) before any is built."""

    def __init__(self, budget: int = CACHE_BUDGET_BYTES, stored: StoredFrames | None = None):
        self.budget = budget
        self.stored = stored
        self._lock = threading.Lock()
        self._entries: OrderedDict[tuple[str, Perspective], dict[tuple[str, int], msgspec.Raw]] = OrderedDict()
        self._sizes: dict[tuple[str, Perspective], int] = {}
        self._total = 0
        self._encode = msgspec.json.Encoder().encode

    @property
    def size(self) -> int:
        return self._total

    def frames(self, log: Log, perspective: Perspective, first: int, last: int, patches: bool = False, continuing: bool = False) -> list[msgspec.Raw]:
        """Encoded frames for steps first..last (clipped to the match): the cached
        ones as they are, the others built in one pass over the gap. With `patches`,
        the first frame patches step 1's view (or, `continuing`, the step before:
        the reader has it) and the others the step before."""
        last = min(last, log.version)
        if first > last:
            return []
        if patches:
            forms = {step: PATCH for step in range(first, last + 1)}
            if not continuing and first > 1:
                forms[first] = KEY
        else:
            forms = {step: FULL for step in range(first, last + 1)}
        key = (log.stream, perspective)
        with self._lock:
            known = self._entries.get(key, {})
            found = {step: known[(form, step)] for step, form in forms.items() if (form, step) in known}
            if key in self._entries:
                self._entries.move_to_end(key)
        missing = {step: form for step, form in forms.items() if step not in found}
        if patches and self.stored is not None and len(missing) >= STORED_FROM:
            # Step 1 is whole whatever its form: a stored frame serves either.
            kept = self._stored(self.stored, log, perspective, [step for step, form in missing.items() if form == PATCH or step == 1])
            self._keep(key, {(missing.pop(step), step): raw for step, raw in kept.items()})
            found.update(kept)
        if missing:
            low, high = min(missing), max(missing)
            if patches:
                built = {}
                # Each run of missing steps in its own pass: the steps stored between two runs are not viewed again.
                for low, high in runs(sorted(missing)):
                    built.update(((form, step), msgspec.Raw(self._encode(frame))) for step, form, frame in walk_patches(log, perspective, low, high, missing))
            else:
                skip = frozenset(step for step in range(low, high + 1) if step not in missing)
                built = {(FULL, frame.step): msgspec.Raw(self._encode(frame)) for frame in walk_frames(log, perspective, low, high, skip=skip)}
            self._keep(key, built)
            found.update((step, raw) for (_, step), raw in built.items())
        return [found[step] for step in range(first, last + 1)]

    @staticmethod
    def _stored(stored: StoredFrames, log: Log, perspective: Perspective, steps: list[int]) -> dict[int, msgspec.Raw]:
        if not steps:
            return {}
        kept = stored.read(log.stream, perspective, min(steps), max(steps))
        return {step: msgspec.Raw(kept[step]) for step in steps if step in kept}

    def _keep(self, key: tuple[str, Perspective], built: dict[tuple[str, int], msgspec.Raw]) -> None:
        with self._lock:
            entry = self._entries.setdefault(key, {})
            self._entries.move_to_end(key)
            added = 0
            for at, raw in built.items():
                if at not in entry:
                    entry[at] = raw
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
    patches: bool = False,
    continuing: bool = False,
) -> FramePage:
    """At most `limit` frames from step `first` up to `last` (default: the end). Asking
    from past the end gives an empty page, so a reader can poll for what is new.
    `patches`, `continuing`: as FrameCache.frames."""
    version = log.version
    wanted_end = version if last is None else min(last, version)
    end = min(wanted_end, first + max(1, min(limit, PAGE_MAX)) - 1)
    return FramePage(
        match_id=log.stream,
        system=log.system.name,
        version=version,
        finished=log.system.finished(log.state),
        perspective=label,
        frames=cache.frames(log, perspective, first, end, patches, continuing),
        next_step=end + 1 if first <= end < wanted_end else None,
    )
