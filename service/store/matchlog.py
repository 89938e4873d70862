"""A match in memory: its records, the current state, and checkpointed states so that
the state at any step is cheap. A cache over the store, never the truth."""

from __future__ import annotations

import bisect
import functools
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import msgspec

from domain.corrections import EventAmended, EventVoided, advance, is_correction, refold_from, unchanged_before
from domain.protocol import EVERYONE, GameSystem, Perspective
from service.errors import NotFound
from service.store.history import DamagedStream, History
from service.store.match_store import Recorded

CHECKPOINT_EVERY = 32
# How many of its latest steps a MatchLog keeps in memory after a full load (`trim`):
# the past is read again from the store when a replay or a correction asks for it.
RECENT_KEPT = 64


class OutOfStep(Exception):
    """Records that do not follow on from what this MatchLog holds (a version skipped,
    or a different record at a version it holds): the cache is wrong, reload it."""


class MatchLog:
    """What is known of one match in memory: its records, the current state, a state
    every CHECKPOINT_EVERY steps and at every correction. Disposable: rebuilt from
    the store.

    `records[i]` is always the record at version i + 1: adding a record that is
    already held does nothing (a read and a commit may both bring it), and adding
    one that would skip a version raises OutOfStep."""

    def __init__(self, system: GameSystem, first: Recorded):
        if first.version != 1:
            raise DamagedStream(first.stream, 1, first.version)
        self.system = system
        self.stream = first.stream
        self.records = History(first, 1, (), None)
        self.state = system.initial(first.event)
        # (version, state) replaced as one value, so a reader on another thread never
        # pairs a version with the state of another (`version` and `state` are
        # updated one after the other).
        self.head: tuple[int, Any] = (1, self.state)
        self._marks: dict[int, Any] = {1: self.state}
        self._mark_steps: list[int] = [1]
        self.keys: dict[str, tuple[int, int, str | None]] = {}
        # Seat token hashes of the players who joined, from the records that seated them
        # (the created record holds those of the players it seats).
        self.joined_seats: dict[str, str] = {}
        self._seats_read_from = 1  # the records before this version were read for joined seats
        # The first step whose checkpoints are all held (see `trim`, `from_snapshot`).
        self._past_base = 1
        self._past_lock = threading.RLock()

    @classmethod
    def load(cls, system: GameSystem, records: Sequence[Recorded]) -> MatchLog:
        """The log of a stored stream, which must run 1..N (else DamagedStream)."""
        for step, record in enumerate(records, start=1):
            if record.version != step:
                raise DamagedStream(record.stream, step, record.version)
        log = cls(system, records[0])
        log.replayed(records[1:])
        return log

    @classmethod
    def from_snapshot(
        cls, system: GameSystem, first: Recorded, state: Any, keys: dict[str, tuple[int, int, str | None]],
        recent: Sequence[Recorded], read_upto: Callable[[int], Sequence[Recorded]],
    ) -> MatchLog:
        """The log of a stored stream from a snapshot: `state` after `recent[0]` (at
        the snapshot's version), the records after it folded on; the records before it
        (`read_upto(version)`) are read only when asked for."""
        log = cls(system, first)
        base = recent[0].version
        for step, record in enumerate(recent, start=base):
            if record.version != step:
                raise DamagedStream(record.stream, step, record.version)
        if base > 1:
            log.records = History(first, base, recent[:1], lambda: read_upto(base - 1))
            log._past_base = base
            log._marks[base] = state
            log._mark_steps.append(base)
            log.state, log.head = state, (base, state)
            log.keys = dict(keys)
        log.replayed(recent[1:])
        return log

    @property
    def version(self) -> int:
        return len(self.records)

    def held(self) -> int:
        """How many records this log holds in memory."""
        return self.records.held()

    def trim(self, read_upto: Callable[[int], Sequence[Recorded]], keep: int = RECENT_KEPT) -> None:
        """Keep in memory only the latest steps (from a checkpoint at least `keep`
        steps back) and the checkpoints from there on; the rest is read again from the
        store (`read_upto(version)`) when asked for. Call it where the log's records are
        added (the repository's lock): the checkpoint list is edited in place."""
        with self._past_lock:
            version = self.version
            i = bisect.bisect_right(self._mark_steps, version - keep) - 1
            base = self._mark_steps[i] if i >= 0 else 1
            if base <= self.records.base:
                return
            self.records.trim(base, lambda: read_upto(base - 1))
            for step in self._mark_steps[1:i]:
                del self._marks[step]
            del self._mark_steps[1:i]
            self._past_base = base

    def hold_past(self) -> None:
        """Read and fold the past a trimmed or snapshot-loaded log does not hold (a
        blocking store read: call it off the event loop before a correction or a
        replay from early steps, which would otherwise do it where they run)."""
        self.records.whole()
        self._fill_past()

    def _fill_past(self) -> None:
        """Fold the records before the first step held again, for the checkpoints
        among them (a replay or a correction reaching back past what is held)."""
        with self._past_lock:
            base = self._past_base
            if base <= 1:
                return
            full = MatchLog.load(self.system, self.records[:base])
            for step in full._mark_steps:
                if 1 < step < base:
                    self._marks[step] = full._marks[step]
                    # In place: the writer may be appending a later checkpoint meanwhile.
                    bisect.insort(self._mark_steps, step)
            self._past_base = 1

    def seat_token_hashes(self, read_past: bool = True) -> dict[str, str]:
        """Every seat token's hash by player: those the match was created with, and those
        of the players who joined since and are seated in the match as it stands (a join
        voided, or amended to another name, seats nobody: its token reads nothing, however
        the log was loaded). A log loaded from a snapshot reads its past from the store the
        first time a player seated now joined before the snapshot (a blocking read: call
        it off the event loop, or with `read_past` False)."""
        created = self.created.meta.seat_token_sha256 or {}
        seated = self.system.players(self.state)
        base = self.records.base
        if read_past and base > self._seats_read_from and any(p not in created and p not in self.joined_seats for p in seated):
            for record in self.records.whole()[1:base]:
                if record.meta.seat_token_sha256:
                    self.joined_seats.update(record.meta.seat_token_sha256)
            self._seats_read_from = base  # once: a match recorded before newcomers had seat tokens has none to find
        # A copy first: the writer may add to `joined_seats` on another thread meanwhile.
        joined = {p: h for p, h in dict(self.joined_seats).items() if p in seated and p not in created} if self.joined_seats else {}
        return {**created, **joined} if joined else created

    @property
    def created(self) -> Recorded:
        return self.records[0]

    @functools.cached_property
    def seated_at_start(self) -> tuple[str, ...]:
        """The players the match was created with, in seat order."""
        return tuple(self.system.seated(self.created.event))

    def unknown(self, records: Sequence[Recorded]) -> int:
        """How many leading `records` this log holds already (the same records at the
        same versions); raises OutOfStep if the rest would not follow on."""
        held = 0
        for record in records:
            if record.version > self.version:
                break
            if self.records[record.version - 1] != record:
                raise OutOfStep(f"{self.stream}: another record is held at version {record.version}")
            held += 1
        expected = self.version + 1
        for record in records[held:]:
            if record.version != expected:
                raise OutOfStep(f"{self.stream}: version {record.version} does not follow version {expected - 1}")
            expected += 1
        return held

    def extend(self, records: Sequence[Recorded], states: Sequence[Any]) -> None:
        """Add checked records and the states after each (as the check computed them);
        the ones already held are skipped."""
        held = self.unknown(records)
        records, states = records[held:], states[held:]
        if not records:
            return
        for record, state in zip(records, states, strict=True):
            if record.version % CHECKPOINT_EVERY == 0 or is_correction(record.event):
                self._marks[record.version] = state
                self._mark_steps.append(record.version)
        for record in records:
            if record.meta.seat_token_sha256:
                self.joined_seats.update(record.meta.seat_token_sha256)
        self.records.extend(records)
        self.head = (records[-1].version, states[-1])
        self.state = states[-1]
        first, last = records[0], records[-1]
        if first.meta.idempotency_key:
            self.keys[first.meta.idempotency_key] = (first.version, last.version, first.meta.request_hash)

    def following(self, state: Any, record: Recorded, earlier: Sequence[msgspec.Struct], pending: Sequence[Any] = ()) -> Any:
        """The state after `record`, given the state before it and the events before
        it (`earlier[i]` at step i + 1, the record's own event last); `pending[i]` the
        state after step self.version + 1 + i, folded but not yet added: a correction
        refolds what is in effect, from the nearest step it leaves valid."""
        if is_correction(record.event):
            return self.corrected(earlier, record.event.step, pending_from=self.version + 1, pending=pending)
        return advance(self.system, state, record.version, record.event)

    def corrected(
        self, recorded: Sequence[msgspec.Struct], check_from: int | None = None, describe: Any = str,
        pending_from: int = 0, pending: Sequence[Any] = (),
    ) -> Any:
        """The state after `recorded` (`recorded[i]` the event at step i + 1, the last
        a correction of an earlier step), refolded from the latest step that no
        correction changes, instead of from step 1; actions from `check_from` on are
        checked again (IllegalAction as `refold` raises it). `pending[i]` is the state
        after step pending_from + i, computed by a check or a replay of many events
        before they are added here: a correction among them refolds from the step
        before the one it corrects, not from the log's last step."""
        correction = recorded[-1]
        pending_upto = pending_from + len(pending)

        def known(m: int) -> bool:
            if pending_from <= m < pending_upto:
                return True
            held = self.records[m - 1].event if m <= self.version else None
            return held is not None and (held is recorded[m - 1] or held == recorded[m - 1])

        base = unchanged_before(recorded, correction.step, known)
        state = pending[base - pending_from] if pending_from <= base < pending_upto else self.state_at(base)
        # Only the steps after it: no correction among them reaches back past it.
        after = list(enumerate(recorded[base:], start=base + 1))
        return refold_from(self.system, base, state, after, check_from=check_from, describe=describe)

    def replayed(self, records: Sequence[Recorded]) -> None:
        """Add stored records, trusting them (a stored stream always replays); the
        ones already held are skipped. Each request's records (grouped by idempotency
        key) are added together; a correction among them refolds from the states
        folded before it in the group."""
        records = records[self.unknown(records):]
        start = 0
        for i in range(1, len(records) + 1):
            if i == len(records) or records[i].meta.idempotency_key != records[start].meta.idempotency_key:
                group = records[start:i]
                state = self.state
                states: list[Any] = []
                # The events up to each record, built once for the group, only if it corrects.
                earlier = [r.event for r in self.records] if any(is_correction(r.event) for r in group) else []
                for record in group:
                    if earlier:
                        earlier.append(record.event)
                    state = self.following(state, record, earlier, states)
                    states.append(state)
                self.extend(group, states)
                start = i

    def state_at(self, step: int) -> Any:
        """The state after `step` events (1 = just created), from the nearest checkpoint
        (there is one at every correction, so only plain actions follow it)."""
        if not 1 <= step <= self.version:
            raise NotFound(f"step {step} is not in this match (steps 1 to {self.version})")
        if 1 < step < self._past_base:
            self._fill_past()
        current = self.state
        if current.step == step:  # the writer may have appended records but not yet the state
            return current
        # A copy taken in one step: `_fill_past` (another thread) may insert earlier
        # checkpoints into the list between a search and an index into it.
        marks = tuple(self._mark_steps)
        mark = marks[bisect.bisect_right(marks, step) - 1]
        state = self._marks[mark]
        for record in self.records[mark:step]:
            state = advance(self.system, state, record.version, record.event)
        return state

    def walk(self, first: int, last: int) -> Iterator[tuple[Recorded, Any, Any]]:
        """(record, state before, state after) for steps first..last, in one pass."""
        if first < self._past_base:
            self._fill_past()
        if first == 1:
            yield self.records[0], None, self._marks[1]
            first = 2
        if first > last:
            return
        state = self.state_at(first - 1)
        for record in self.records[first - 1 : last]:
            after = self._marks[record.version] if is_correction(record.event) else advance(self.system, state, record.version, record.event)
            yield record, state, after
            state = after

    def describe(self, record: Recorded, before: Any, after: Any = None, perspective: Perspective = EVERYONE) -> str:
        """The event in words as `perspective` may know it (like `redact`, the words name
        nothing hidden from it); a correction says what it corrects, in the same
        perspective's words. The default is the recorder's: everyone."""
        event = record.event
        if record.version == 1:
            return "match created"
        if not is_correction(event):
            return self.system.describe(before, event, after, perspective=perspective)
        target = self.records[event.step - 1]
        was = self.system.describe(self.state_at(event.step - 1), target.event, perspective=perspective)
        why = f": {event.reason}" if event.reason else ""
        if isinstance(event, EventVoided):
            return f"correction: step {event.step} ({was}) did not happen{why}"
        before = self.state_at(event.step - 1)
        now = self.system.describe(before, event.event, perspective=perspective)
        if now != was:
            return f"correction: at step {event.step}, {now} (not {was}){why}"
        # The words leave out what was corrected (a card's suit): name the fields that changed, as redacted for the perspective.
        old, new = self.system.redact(before, target.event, perspective), self.system.redact(before, event.event, perspective)
        shown = [f"{key} {_in_words(value)}, not {_in_words(old.get(key))}" for key, value in new.items() if value != old.get(key)]
        return f"correction: at step {event.step}, {now}: {'; '.join(shown) if shown else '(a detail hidden from this view)'}{why}"

    def redact(self, record: Recorded, before: Any, perspective: Perspective) -> dict[str, Any]:
        """The event as `perspective` may see it."""
        event = record.event
        if record.version == 1:
            return msgspec.to_builtins(event)
        if isinstance(event, EventAmended):
            hidden = self.system.redact(self.state_at(event.step - 1), event.event, perspective)
            return {"type": "EventAmended", "step": event.step, "reason": event.reason, "event": dict(hidden)}
        if isinstance(event, EventVoided):
            return msgspec.to_builtins(event)
        return dict(self.system.redact(before, event, perspective))


def _in_words(value: Any) -> str:
    """A field of an event as the words of a correction name it: a list as its items."""
    if isinstance(value, list | tuple):
        return ", ".join(_in_words(item) for item in value) or "none"
    return "none" if value is None else str(value)
