"""Snapshots: a match's state every SNAPSHOT_EVERY events, stored beside its events,
so that loading a long match reads the latest snapshot and folds only what follows
it (a 50,000-event match: a few ms instead of a second).

A snapshot is a cache, never the truth, and is trusted only when it is sure to be
what folding the stream would give:
- it carries a tag of the rules code (a hash of the `domain` package's sources): a
  changed domain folds differently, so its snapshots are not read;
- it carries the hash of the stored record at its version, read again at load:
  a stream replaced behind the application's back does not match;
- it is written only if its encoding decodes to an equal state.
A correction (EventVoided, EventAmended) is an event of its own, at a later
version: the state after step N, as MatchLog serves it, is the state the events up
to N left, corrections after N included nowhere in it, so no correction changes
the past a snapshot holds; the state after the correction is refolded when the
correction is replayed, from the snapshot or from the store's older records.

Snapshots are written off the request path, on a daemon thread, after a commit or
a load leaves a match SNAPSHOT_EVERY events past its latest snapshot. Same SQLite
file or PostgreSQL database as the events; the in-memory store takes none.
"""

from __future__ import annotations

import hashlib
import logging
import queue
import threading
from typing import Any

import msgspec

from domain.protocol import GameSystem
from service.store.match_store import MatchStore, Recorded
from service.store.sidetables import SideTable, sources_tag

SNAPSHOT_EVERY = 500
TABLE = "recount_snapshots"
logger = logging.getLogger(__name__)

Keys = dict[str, tuple[int, int, "str | None"]]


class Snapshot(msgspec.Struct, frozen=True):
    version: int
    record_sha256: str  # of the stored record at `version`
    state: bytes  # msgpack of the state after `version`
    keys: bytes  # msgpack of the idempotency keys of requests up to `version`


class SnapshotStore(SideTable):
    """Read and write snapshots in the store's own database."""

    table = TABLE

    def __init__(self, store: MatchStore):
        # The rules code: the `domain` package's sources.
        self.tag = sources_tag("domain")
        self._encoder = msgspec.msgpack.Encoder()
        self._decoders: dict[type, msgspec.msgpack.Decoder[Any]] = {}
        self._keys_decoder = msgspec.msgpack.Decoder(dict[str, tuple[int, int, str | None]])
        super().__init__(store)

    def create_table(self) -> None:
        with self.datastore.transaction(commit=True) as c:
            c.execute(self.sql(
                "CREATE TABLE IF NOT EXISTS {table} (stream TEXT NOT NULL, version INTEGER NOT NULL, "
                "code TEXT NOT NULL, record_sha256 TEXT NOT NULL, state {blob} NOT NULL, keys {blob} NOT NULL, "
                "PRIMARY KEY (stream, code, version))"
            ))

    def latest(self, stream: str) -> Snapshot | None:
        """The latest snapshot of the stream taken by this rules code, if any."""
        if not self.enabled:
            return None
        with self.datastore.transaction(commit=False) as c:
            c.execute(self.sql(
                "SELECT version, record_sha256, state, keys FROM {table} WHERE stream = ? AND code = ? "
                "ORDER BY version DESC LIMIT 1"), (stream, self.tag))
            rows = self.rows(c)
        if not rows:
            return None
        version, sha, state, keys = rows[0]
        return Snapshot(version, sha, bytes(state), bytes(keys))

    def save(self, record: Recorded, state: Any, keys: Keys) -> bool:
        """Store the state after `record` (and the idempotency keys up to it); only
        if it decodes to an equal state. Replaces the stream's older snapshots."""
        if not self.enabled:
            return False
        encoded = self._encoder.encode(state)
        if self._decoder(type(state)).decode(encoded) != state:
            logger.warning("the state of %s at %d does not survive msgpack: no snapshot", record.stream, record.version)
            return False
        kept = {key: value for key, value in keys.items() if value[1] <= record.version}
        row = (record.stream, record.version, self.tag, self.record_sha256(record), encoded, self._encoder.encode(kept))
        with self.datastore.transaction(commit=True) as c:
            c.execute(self.sql("DELETE FROM {table} WHERE stream = ? AND (code <> ? OR version <= ?)"),
                      (record.stream, self.tag, record.version))
            # Another process may have written the same snapshot meanwhile: either is right.
            c.execute(self.sql("INSERT INTO {table} VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"), row)
        return True

    def clear(self) -> None:
        """Drop every snapshot (they are rebuilt as matches are loaded)."""
        if self.enabled:
            with self.datastore.transaction(commit=True) as c:
                c.execute(self.sql("DELETE FROM {table}"))

    # -- decoding -------------------------------------------------------------------------------

    def record_sha256(self, record: Recorded) -> str:
        stored = self.store.mapper.to_stored_event(record)
        return hashlib.sha256(stored.topic.encode() + b"\0" + stored.state).hexdigest()

    def _decoder(self, state_type: type) -> msgspec.msgpack.Decoder[Any]:
        decoder = self._decoders.get(state_type)
        if decoder is None:
            decoder = self._decoders[state_type] = msgspec.msgpack.Decoder(state_type)
        return decoder

    def decode(self, snapshot: Snapshot, system: GameSystem, created: Recorded) -> tuple[Any, Keys]:
        """The snapshot's state and idempotency keys."""
        state = self._decoder(type(system.initial(created.event))).decode(snapshot.state)
        return state, self._keys_decoder.decode(snapshot.keys)


class SnapshotWriter:
    """Writes snapshots on a daemon thread, so no request waits for one. Offers made
    while one is written are kept, the latest per stream."""

    def __init__(self, snapshots: SnapshotStore, every: int = SNAPSHOT_EVERY):
        self.snapshots = snapshots
        self.every = every
        self.taken: dict[str, int] = {}  # the latest version snapshotted (or offered) per stream
        self._pending: dict[str, tuple[Recorded, Any, Keys]] = {}
        self._lock = threading.Lock()
        self._wake: queue.SimpleQueue[bool] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def due(self, stream: str, version: int) -> bool:
        return self.snapshots.enabled and version - self.taken.get(stream, 0) >= self.every

    def offer(self, record: Recorded, state: Any, keys: Keys) -> None:
        """Snapshot the state after `record` soon (call only when `due`)."""
        with self._lock:
            self.taken[record.stream] = record.version
            self._pending[record.stream] = (record, state, dict(keys))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="recount-snapshots", daemon=True)
                self._thread.start()
        self._wake.put(True)

    def _run(self) -> None:
        while self._wake.get():
            while True:
                with self._lock:
                    if not self._pending:
                        break
                    stream = next(iter(self._pending))
                    record, state, keys = self._pending.pop(stream)
                try:
                    self.snapshots.save(record, state, keys)
                except Exception:  # noqa: BLE001 - a snapshot is only a cache: the load folds the events instead
                    logger.exception("writing a snapshot of %s failed", stream)

    def flush(self) -> None:
        """Write what is pending now, on this thread (tests, benchmarks, closing)."""
        while True:
            with self._lock:
                if not self._pending:
                    return
                stream = next(iter(self._pending))
                record, state, keys = self._pending.pop(stream)
            self.snapshots.save(record, state, keys)

    def close(self) -> None:
        """Stop the thread, dropping what is pending (a snapshot is only a cache; the
        store is about to close)."""
        with self._lock:
            self._pending.clear()
            thread, self._thread = self._thread, None
        if thread is not None:
            self._wake.put(False)
            thread.join(timeout=5)
