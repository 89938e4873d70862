"""The matches this process holds in memory, kept in step with the store.

A MatchLog is a cache, never the truth. Three things add records to one: loading
it, hearing (through the Follower) that any process appended to it, and this
process's own commits. They may interleave and bring the same records twice;
MatchLog skips what it holds and refuses a gap, and a log that cannot follow on
is dropped, to be loaded again from the store.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import domain
from domain.protocol import GameSystem
from service.errors import NotFound
from service.follow import Follower
from service.matchlog import MatchLog, OutOfStep
from service.store import MatchStore, Recorded


class LogCache:
    def __init__(self, store: MatchStore):
        self.store = store
        self.follower = Follower(store)
        self._logs: dict[str, MatchLog] = {}
        self._lock = threading.RLock()

    def get(self, match_id: str) -> MatchLog:
        """The match's log with every append the Follower has heard of (call its
        `grown()` first to hear of the latest)."""
        with self._lock:
            log = self._logs.get(match_id)
        if log is None:
            records = self.store.read(match_id)
            if not records:
                raise NotFound(f"there is no match {match_id!r}")
            loaded = MatchLog.load(domain.find(records[0].system), records)
            with self._lock:
                log = self._logs.setdefault(match_id, loaded)
        if log.version < self.follower.latest.get(match_id, 0):
            newer = self.store.read(match_id, after=log.version)
            with self._lock:
                try:
                    log.replayed(newer)
                except OutOfStep:
                    self.forget(match_id, log)
                    return self.get(match_id)
        return log

    def committed(self, stream: str, system: GameSystem | None, records: Sequence[Recorded], states: Sequence[Any]) -> None:
        """Add what this process has just committed (checked, with the states after
        each); a new match (system given, records from version 1) starts its log."""
        with self._lock:
            log = self._logs.get(stream)
            if log is None and system is not None and records[0].version == 1:
                log = self._logs[stream] = MatchLog(system, records[0])
                records, states = records[1:], states[1:]
            try:
                if log is not None and records:
                    log.extend(records, states)
            except OutOfStep:  # committed all the same; the log is loaded again when next read
                self.forget(stream, log)

    def forget(self, stream: str, log: MatchLog | None = None) -> None:
        """Drop the stream's log (only if it is still `log`, when given)."""
        with self._lock:
            if log is None or self._logs.get(stream) is log:
                self._logs.pop(stream, None)
