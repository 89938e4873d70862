"""The batch recorder (service/sqlite_batch.py overrides a private method of the pinned
eventsourcing library) passes the library's own recorder contract tests, on an SQLite
file as the application uses it. The library's timing and many-thread throughput
cases are benchmarks of the library, not parts of the contract, and are left out.
(The library runs its own SQLite application recorder through ApplicationRecorderTestCase
only: the aggregate recorders' case expects None from an empty insert, where an
application recorder returns its empty list of notification ids.)"""

from __future__ import annotations

import tempfile
import unittest
from pathlib import Path

import importlib.util
import sys
import types

from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.sqlite import SQLiteDatastore

if importlib.util.find_spec("Crypto") is None:
    # The library's test module imports its AES cipher (pycryptodome) for cases this
    # file does not run; Recount stores no ciphered events and does not depend on it.
    sys.modules.setdefault("eventsourcing.cipher", types.SimpleNamespace(AESCipher=None))  # type: ignore[arg-type]
from eventsourcing.tests.persistence import (  # noqa: E402
    ApplicationRecorderTestCase,
    NonInterleavingNotificationIDsBaseCase,
)

from service.sqlite_batch import ROWS_PER_STATEMENT, BatchInsertRecorder


class _OnAFile:
    def setUp(self) -> None:
        self._dir = tempfile.TemporaryDirectory()
        self.datastore = SQLiteDatastore(str(Path(self._dir.name) / "contract.sqlite"))

    def tearDown(self) -> None:
        self.datastore.pool.close()
        self._dir.cleanup()

    def create_recorder(self) -> BatchInsertRecorder:
        recorder = BatchInsertRecorder(self.datastore)
        recorder.create_table()
        return recorder


class TestBatchRecorderAsApplicationRecorder(_OnAFile, ApplicationRecorderTestCase):
    @unittest.skip("a timing benchmark of the library, not part of its contract")
    def test_performance(self) -> None: ...

    @unittest.skip("a throughput benchmark (100,000 events from 10 threads), not part of the contract")
    def test_concurrent_no_conflicts(self) -> None: ...

    @unittest.skip("a throughput benchmark, not part of the contract")
    def test_concurrent_throughput(self) -> None: ...

    def test_batches_longer_than_one_statement_get_consecutive_ids(self) -> None:
        """Beyond the library's cases: a batch split over several INSERT statements
        returns every row's notification id, in order."""
        recorder = self.create_recorder()
        originator = self.new_originator_id()
        count = ROWS_PER_STATEMENT * 2 + 7
        events = [StoredEvent(originator, version, "topic", b"x") for version in range(1, count + 1)]
        ids = recorder.insert_events(events)
        assert ids == list(range(1, count + 1))
        assert [n.id for n in recorder.select_notifications(1, count + 10)] == ids

    def test_a_batch_that_leaves_a_gap_is_refused_whole(self) -> None:
        recorder = self.create_recorder()
        originator = self.new_originator_id()
        recorder.insert_events([StoredEvent(originator, 1, "topic", b"x")])
        with self.assertRaises(IntegrityError):
            recorder.insert_events([StoredEvent(originator, 3, "topic", b"x")])
        assert [e.originator_version for e in recorder.select_events(originator)] == [1]


class TestBatchRecorderDoesNotInterleave(_OnAFile, NonInterleavingNotificationIDsBaseCase):
    """Two batches of 1,000 inserted at once from two threads get one block of ids
    each: what lets sqlite_batch.py compute the ids of a multi-row INSERT."""
