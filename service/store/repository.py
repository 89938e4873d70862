"""The match repository: the matches this process holds in memory, kept in step with
the store, within a bound.

A MatchLog is a cache, never the truth. Four things add records to one: loading
it, hearing (through the Follower) that any process appended to it, this
process's own commits, and a replay or a correction reading its past. They may interleave and bring the same records twice;
MatchLog skips what it holds and refuses a gap, and a log that cannot follow on
is dropped, to be loaded again from the store.

The cache is bounded by the events it holds, least recently used first out (a
1,000-event match holds about 0.6 MB; an unbounded cache grew with every match
ever touched), and a log loaded holds only the match's latest steps
(MatchLog.trim): a replay or a correction that reaches further back reads the
past again once, then holds it, counted like the rest (History.watch). Loading
reads the latest snapshot (service/store/snapshots.py) and the events after it, or,
with none, the whole match, folded, and then offers a snapshot; `get_async` loads
on a worker thread, never on the event loop, and no lock is held while a match
loads, so other matches' appends never wait for it.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import domain
from domain.corrections import is_correction
from domain.protocol import GameSystem
from service.errors import NotFound
from service.store.follow import Follower
from service.store.match_store import MatchStore, Recorded
from service.store.matchlog import MatchLog, OutOfStep
from service.store.snapshots import SnapshotStore, SnapshotWriter

# The events held in memory before the least recently used matches are dropped.
EVENTS_HELD_MAX = 250_000
# A match loaded with more events than this holds only its latest steps; a shorter
# one is held whole (reading its past again would cost more than it saves).
TRIM_FROM = 256


class MatchRepository:
    def __init__(self, store: MatchStore, events_held_max: int = EVENTS_HELD_MAX):
        self.store = store
        self.follower = Follower(store)
        self.events_held_max = events_held_max
        self._logs: OrderedDict[str, MatchLog] = OrderedDict()
        self._sizes: dict[str, int] = {}  # the events counted for each log held
        self.events_held = 0
        self._lock = threading.RLock()
        self.snapshots = SnapshotStore(store)
        self.snapshot_writer = SnapshotWriter(self.snapshots)
        store.before_close(self.snapshot_writer.close)

    def close(self) -> None:
        self.snapshot_writer.close()

    def load(self, match_id: str) -> MatchLog:
        """The match's log as stored: from its latest snapshot, else from step 1
        (NotFound if there is no such match). Blocking; holds no lock."""
        snapshot = self.snapshots.latest(match_id)
        if snapshot is not None:
            recent = self.store.read(match_id, after=snapshot.version - 1)
            if recent and recent[0].version == snapshot.version and self.snapshots.record_sha256(recent[0]) == snapshot.record_sha256:
                created = recent[0] if snapshot.version == 1 else self.store.read(match_id, upto=1)[0]
                system = domain.find(created.system)
                state, keys = self.snapshots.decode(snapshot, system, created)
                log = MatchLog.from_snapshot(system, created, state, keys, recent, self._reader(match_id))
                self.snapshot_writer.taken[match_id] = snapshot.version
                return log
        records = self.store.read(match_id)
        if not records:
            raise NotFound(f"there is no match {match_id!r}")
        log = MatchLog.load(domain.find(records[0].system), records)
        if self.snapshot_writer.due(match_id, log.version):
            self._offer(log, log.version)
        if log.version > TRIM_FROM:
            log.trim(self._reader(match_id))
        return log

    def _reader(self, match_id: str) -> Callable[[int], list[Recorded]]:
        """What reads a match's older records again, for a log that holds only its latest."""
        return lambda upto: self.store.read(match_id, upto=upto)

    def get(self, match_id: str) -> MatchLog:
        """The match's log with every append the Follower has heard of (call its
        `grown()` first to hear of the latest). Blocking: reads the store when the
        match is not held or has grown elsewhere."""
        log = self.peek(match_id)
        if log is None:
            loaded = self.load(match_id)
            with self._lock:
                log = self._logs.setdefault(match_id, loaded)
                self._watch(match_id, log)
                self._held(match_id, log)
        if log.version < self.follower.latest.get(match_id, 0):
            newer = self.store.read(match_id, after=log.version)
            if log.records.base > 1 and any(is_correction(record.event) for record in newer):
                # Another process corrected the match: read and fold the past the
                # correction re-checks here, not under the lock every match's lookup takes.
                log.hold_past()
            with self._lock:
                try:
                    log.replayed(newer)
                except OutOfStep:
                    self.forget(match_id, log)
                    return self.get(match_id)
                self._held(match_id, log)
        return log

    async def get_async(self, match_id: str) -> MatchLog:
        """`get` without blocking the event loop: a log held and up to date is
        answered at once, any other on a worker thread."""
        log = self.peek(match_id)
        if log is not None and log.version >= self.follower.latest.get(match_id, 0):
            return log
        return await asyncio.to_thread(self.get, match_id)

    def peek(self, match_id: str) -> MatchLog | None:
        """The log held for the match, if any (no store read); marks it recently used."""
        with self._lock:
            log = self._logs.get(match_id)
            if log is not None:
                self._logs.move_to_end(match_id)
            return log

    def committed(self, stream: str, system: GameSystem | None, records: Sequence[Recorded], states: Sequence[Any]) -> None:
        """Add what this process has just committed (checked, with the states after
        each); a new match (system given, records from version 1) starts its log."""
        with self._lock:
            log = self._logs.get(stream)
            if log is None and system is not None and records[0].version == 1:
                log = self._logs[stream] = MatchLog(system, records[0])
                self._watch(stream, log)
                records, states = records[1:], states[1:]
            try:
                if log is not None and records:
                    log.extend(records, states)
            except OutOfStep:  # committed all the same; the log is loaded again when next read
                self.forget(stream, log)
                return
            if log is not None:
                self._held(stream, log)

    def forget(self, stream: str, log: MatchLog | None = None) -> None:
        """Drop the stream's log (only if it is still `log`, when given)."""
        with self._lock:
            if log is None or self._logs.get(stream) is log:
                self._drop(stream)

    def _watch(self, stream: str, log: MatchLog) -> None:
        """Count the log's records again whenever they change, wherever that happens:
        appends and reads of the store come here, but a replay or a correction reading
        the past of a trimmed or snapshot-loaded log grows it where it runs."""
        log.records.watch(lambda: self._count(stream, log))

    def _drop(self, stream: str) -> None:
        dropped = self._logs.pop(stream, None)
        if dropped is not None:
            dropped.records.watch(None)
        self.events_held -= self._sizes.pop(stream, 0)

    def _held(self, stream: str, log: MatchLog) -> None:
        """Offer a snapshot if one is due and count the log's events (under the lock)."""
        if self._logs.get(stream) is not log:  # dropped meanwhile: nothing to count
            return
        version, _ = log.head
        if self.snapshot_writer.due(stream, version) and version <= log.version:
            self._offer(log, version)
        self._count(stream, log)

    def _offer(self, log: MatchLog, version: int) -> None:
        """A snapshot of the state before step `version`, the head (that step's record is
        folded again on load): a reader of the last step after a restart, a replay's
        first look at a finished match, is told it from the state before it, which a
        snapshot at the head would leave to a fold of the whole past. At the head itself
        when the head is a correction: folding it again on load would re-check from the
        step it corrects, reading the past."""
        head = log.records[version - 1]
        if version >= 2 and not is_correction(head.event):
            self.snapshot_writer.offer(log.records[version - 2], log.state_at(version - 1), log.keys)
        else:
            self.snapshot_writer.offer(head, log.state_at(version), log.keys)

    def _count(self, stream: str, log: MatchLog) -> None:
        """Count the events the log holds and drop the least recently used other logs
        past the bound; a dropped log still serves whoever holds it."""
        with self._lock:
            if self._logs.get(stream) is not log:
                return
            held = log.held()
            self.events_held += held - self._sizes.get(stream, 0)
            self._sizes[stream] = held
            self._logs.move_to_end(stream)
            while self.events_held > self.events_held_max and len(self._logs) > 1:
                self._drop(next(iter(self._logs)))
