"""The group-commit writer: the adapter between checked appends and the store.

Appends that wait while a flush runs are checked together, one after another
against the state each leaves, then written in one transaction (one fsync) by a
single I/O thread while the next group gathers; each is answered only after its
own commit, in the order they came.

Where the checks run: a small append is checked on the event loop (pure
computation, and a writer thread doing it fought the loop for the GIL: see
bench/record_path.py and docs/design-notes.md). An append heavier than
HEAVY_BATCH events of checking (10,000 actions, or corrections that re-check a
long match) is checked on a checker thread before it queues, against the match
as it stands; its group uses that check as is if the match has not moved since,
so the appends to other matches never wait behind it and the loop gets the GIL
back at each switch interval. A group that must still check heavily (the match
moved) is checked on the I/O thread. One flush runs at a time, which keeps the
order. The loop never waits on a lock: a flush that finds
a synchronous commit under way tries again a moment later.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from service.errors import Conflict
from service.store.follow import Listeners
from service.store.match_store import MatchStore, Recorded, VersionConflict
from service.store.matchlog import MatchLog
from service.store.repository import MatchRepository
from service.usecases import planning
from service.usecases.planning import Job, Plan
from service.usecases.results import AppendResult

GROUP_COMMIT_MAX = 256
# Events of checking above which a batch is checked off the event loop.
HEAVY_BATCH = 200
# Seconds a thread holding the GIL keeps it while another asks for it (Python's default: 0.005).
SWITCH_INTERVAL = 0.001
# Records encoded on the event loop at most; a longer group is encoded on the I/O thread.
ENCODE_ON_LOOP = 64
# Times an append is checked again after another process took its version first.
CONFLICT_RETRIES = 3
# Seconds before a flush tries again when a synchronous commit holds the store.
LOCK_RETRY = 0.001
logger = logging.getLogger(__name__)


class GroupCommitWriter:
    def __init__(self, store: MatchStore, repository: MatchRepository, listeners: Listeners, reload: Callable[[str], MatchLog]):
        self.store = store
        self.repository = repository
        self.listeners = listeners
        self.reload = reload  # the match's log with every other process's appends
        self._commit_lock = threading.Lock()
        self._pending: list[Job] = []
        self._writing = False
        self._io = ThreadPoolExecutor(max_workers=1, thread_name_prefix="recount-io")
        # While a worker thread checks a long batch, the loop and the I/O thread each
        # wait up to a switch interval whenever they take the GIL back, several times
        # per append: at the default 5 ms other tables' appends took 130-150 ms.
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        # Heavy appends are checked here before they queue, so the groups behind them do not wait.
        self._checker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="recount-check")

    def close(self) -> None:
        """Finish the write under way, then close the store (no commit after it)."""
        self._checker.shutdown()
        with self._commit_lock:
            self._io.shutdown()
            self.store.close()

    def commit_now(self, job: Job) -> AppendResult:
        """Check and commit one job on the calling thread (scripts, imports, sync routes)."""
        with self._commit_lock:
            self._commit([job])
        return job.future.result()

    async def submit(self, job: Job) -> AppendResult:
        """Queue the job for the next group; returns once it is durable (or refused)."""
        loop = asyncio.get_running_loop()
        if job.weight() > HEAVY_BATCH:
            await loop.run_in_executor(self._checker, job.precheck, self.store.encode)
        job.waiter = loop.create_future()
        self._pending.append(job)
        if len(self._pending) == 1 and not self._writing:
            loop.call_soon(self._flush, loop)
        return await job.waiter

    def _flush(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._writing or not self._pending:
            return
        if not self._commit_lock.acquire(blocking=False):
            loop.call_later(LOCK_RETRY, self._flush, loop)
            return
        self._writing = True
        batch, self._pending = self._pending[:GROUP_COMMIT_MAX], self._pending[GROUP_COMMIT_MAX:]
        for job in batch:
            # The log held now: an earlier group may have been committed to a reloaded one.
            job.log = (self.repository.peek(job.stream) or job.log) if job.log is not None else None
        if sum(job.weight() for job in batch) > HEAVY_BATCH:
            work = loop.run_in_executor(self._io, self._commit, batch)
        else:
            plan = planning.plan(batch)
            # Encoding is CPU work: done here for a small group, so the I/O thread needs
            # the GIL as little as possible; a long one is encoded there, off the loop.
            if sum(isinstance(r, Recorded) for r in plan.to_write) <= ENCODE_ON_LOOP:
                plan.to_write = [self.store.encode([r])[0] if isinstance(r, Recorded) else r for r in plan.to_write]
            work = loop.run_in_executor(self._io, self._write_or_settle, batch, plan)

        def done(outcome: asyncio.Future[Plan | None]) -> None:
            failure = outcome.exception()
            if failure is None and (written := outcome.result()) is not None:
                try:
                    self._settle(batch, written, None)
                except Exception as error:  # noqa: BLE001 - the jobs not settled are answered below
                    failure = error
            self._writing = False
            self._commit_lock.release()
            for job in batch:
                if not job.future.done():  # only if settling itself failed
                    job.future.set_exception(failure or RuntimeError("the append was not settled"))
            self._answer(batch)
            self._flush(loop)

        work.add_done_callback(done)

    @staticmethod
    def _answer(batch: list[Job]) -> None:
        for job in batch:
            assert job.waiter is not None
            if job.waiter.done():  # the request went away
                continue
            error = job.future.exception()
            if error is not None:
                job.waiter.set_exception(error)
            else:
                job.waiter.set_result(job.future.result())

    def _commit(self, batch: list[Job]) -> None:
        """Check every job against the state left by the jobs before it, then commit
        all the legal ones in one transaction (on the calling thread)."""
        plan = planning.plan(batch)
        self._settle(batch, plan, self._write(plan.records) if plan.records else None)

    def _write_or_settle(self, batch: list[Job], plan: Plan) -> Plan | None:
        """Write a planned small group (on the I/O thread). Written, it is settled on the
        event loop (the plan returned): settling is Python work, and on this thread it
        made the loop and this thread trade the GIL back and forth at every group. A
        failed write is settled here (a conflict reads the store again)."""
        error = self._write(plan.to_write) if plan.to_write else None
        if error is None:
            return plan
        self._settle(batch, plan, error)
        return None

    def _write(self, records: Sequence[Any]) -> Exception | None:
        try:
            self.repository.follower.own(self.store.append(records))
        except Exception as error:  # noqa: BLE001 - settled by the caller
            return error
        return None

    def _settle(self, batch: list[Job], plan: Plan, error: Exception | None) -> None:
        """Answer every job of a planned batch once its write has succeeded or failed."""
        for job, result in plan.replays:
            job.future.set_result(result)
        if isinstance(error, VersionConflict):
            # Another process wrote to one of these streams: forget what we knew and
            # check each job again on its own against the stream as stored (a 409
            # then only if its expected_version really is stale).
            for job, _, _ in plan.accepted:
                self.repository.forget(job.stream)
            for job, _, _ in plan.accepted:
                self._retry_alone(job)
            return
        if error is not None:
            for job, _, _ in plan.accepted:
                job.future.set_exception(error)
            return
        touched: dict[str, int] = {}
        for job, records, states in plan.accepted:
            first, last = records[0].version, records[-1].version
            self.repository.committed(job.stream, job.system if job.expected == 0 else None, records, states)
            touched[job.stream] = last
            job.future.set_result(AppendResult(job.stream, last, first, replayed=id(job) in plan.echoes))
        for stream, version in touched.items():
            self.listeners.tell(stream, version)

    def _retry_alone(self, job: Job) -> None:
        job.attempts += 1
        if job.attempts > CONFLICT_RETRIES:
            job.future.set_exception(Conflict("other recordings kept reaching this match first; reload and retry"))
            return
        if job.log is not None:
            try:
                job.log = self.reload(job.stream)
            except Exception as error:  # noqa: BLE001
                job.future.set_exception(error)
                return
        self._commit([job])
