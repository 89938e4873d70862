"""The eventsourcing library's SQLite application recorder, inserting a batch of
events with one statement.

The library inserts row by row (to read each row's notification id). The sqlite3
module releases the GIL around every statement it steps, so on a busy server each
row made the committing thread wait for the GIL again; one multi-row INSERT per
batch waits once. The rows of one INSERT get consecutive rowids (the table is a
plain rowid table and the transaction holds the write lock), so the ids are known.

After the insert, in the same transaction (which then holds the write lock, so no
other process can commit in between), a batch that would leave a gap in a stream
is refused: the (stream, version) key refuses a repeat, nothing else a gap.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor

from service.store.storage import first_versions

ROWS_PER_STATEMENT = 500  # 4 parameters a row, well under SQLite's 32,766


class BatchInsertRecorder(SQLiteApplicationRecorder):
    def _insert_events(self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **_: Any) -> Sequence[int] | None:
        ids: list[int] = []
        # A multi-row INSERT into a table with a unique key needs a statement journal
        # (to undo the statement alone if a row is refused): by default a temporary
        # file created, written and deleted at every batch. In memory it is no system call.
        c.execute("PRAGMA temp_store = MEMORY")
        for start in range(0, len(stored_events), ROWS_PER_STATEMENT):
            chunk = stored_events[start : start + ROWS_PER_STATEMENT]
            params: list[Any] = []
            for s in chunk:
                oid = s.originator_id.hex if isinstance(s.originator_id, UUID) else s.originator_id
                params += (oid, s.originator_version, s.topic, s.state)
            c.execute(f"INSERT INTO {self.events_table_name} VALUES " + ",".join(["(?,?,?,?)"] * len(chunk)), params)
            last = c.lastrowid
            ids.extend(range(last - len(chunk) + 1, last + 1))
        for stream, first in first_versions(stored_events).items():
            if first > 1:
                c.execute(f"SELECT 1 FROM {self.events_table_name} WHERE originator_id = ? AND originator_version = ?", (stream, first - 1))
                if c.fetchone() is None:
                    raise IntegrityError(f"{stream}: version {first} would leave a gap (there is no version {first - 1})")
        return ids
