"""Heavy work in a bounded pool, off the event loop: the check of an imported file
(JSON Lines or notation), a match's notation written, a what-if replay.

Each is a pure computation (no store, no clock, no key file): the route reads what it
needs, hands it to the pool, and stores what comes back (`export.store_checked`), so
what an import records and answers is what the in-process functions record and answer.
A worker process (the default) has its own interpreter lock: the event loop and the
small requests keep their speed while a long file is checked. A thread pool shares the
lock with the event loop (bench/heavy_beside_small.py measures both). A checked import
comes back encoded as the store keeps it (`export.Encoded`, a few bytes objects): the
records themselves, thousands of structs, took the server's lock for their unpickling in
one piece. A worker process runs at a lower CPU priority (nice), so that on a busy
machine the server's own requests are scheduled ahead of the heavy work.

Configured by environment: RECOUNT_HEAVY_POOL (`process`, the default, or `thread`),
RECOUNT_HEAVY_WORKERS (1), RECOUNT_HEAVY_QUEUE (how many more may wait for a worker, 8),
RECOUNT_HEAVY_NICE (added to a worker process's nice value, 10; 0 keeps the server's) and
RECOUNT_HEAVY_SWITCH_INTERVAL (seconds, `sys.setswitchinterval`, set when the pool starts).
One pool per process, started at its first use; a request beyond the workers and the
queue is answered 503 with Retry-After at once.
"""

from __future__ import annotations

import asyncio
import math
import atexit
import concurrent.futures
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec

import domain
from domain.notation_file import write_match
from domain.protocol import Standings
from service.errors import RecountError
from service.reads import frames_projection
from service.reads.whatif import WhatIf, replay_under
from service.store.sidetables import has_database
from service.records import export, notation_import
from service.usecases.results import Created

RETRY_AFTER_SECONDS = 2


class Busy(RecountError):
    """Every worker is busy and the queue is full: nothing was done, retry shortly."""

    status = 503

    def __init__(self, admitted: int):
        super().__init__(f"the server is busy with {admitted} heavy requests (imports, notation, what-if): nothing was done, retry in {RETRY_AFTER_SECONDS} s")
        self.headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}


class _Failed:
    """An exception raised in a worker, carried back as a value: pickle rebuilds an
    exception by calling its class with its `args`, which fails for one whose __init__
    takes other arguments (IllegalAction's rule), and that would break the pool."""

    def __init__(self, error: BaseException):
        self.kind, self.args, self.state = type(error), error.args, dict(error.__dict__)

    def error(self) -> BaseException:
        error = self.kind.__new__(self.kind)
        error.args = self.args
        error.__dict__.update(self.state)
        return error


def _guarded(function: Callable[..., Any], *args: Any) -> Any:
    try:
        return function(*args)
    except Exception as error:  # noqa: BLE001 - answered by the route, as raised in process
        return _Failed(error)


def _exit_with(parent: int, nice: int) -> None:
    """A worker ends when the server does, however it ends (a SIGTERM or SIGKILL runs no
    shutdown of the pool): an orphan would hold the server's output pipes open forever.
    It yields the CPU to the server (RECOUNT_HEAVY_NICE)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-server", daemon=True).start()
    os.nice(nice)


class HeavyPool:
    """Workers (processes or threads) and a bound on the requests admitted to them."""

    def __init__(self, kind: str = "process", workers: int = 1, queued: int = 8, nice: int = 10, switch_interval: float | None = None):
        if kind not in ("process", "thread"):
            raise ValueError(f"RECOUNT_HEAVY_POOL is process or thread, not {kind!r}")
        self.kind, self.workers, self.limit = kind, workers, workers + queued
        self.nice, self.switch_interval = nice, switch_interval
        self.admitted = 0
        self._lock = threading.Lock()
        self._executor: concurrent.futures.Executor | None = None

    def executor(self) -> concurrent.futures.Executor:
        with self._lock:
            if self._executor is None:
                if self.switch_interval is not None:
                    # How long a thread (a worker thread, or the one storing what a worker process
                    # returns) holds the interpreter lock before the event loop may take it.
                    sys.setswitchinterval(self.switch_interval)
                if self.kind == "process":
                    # spawn: a fork of a process running threads (the writer, the server) may copy a held lock.
                    context = multiprocessing.get_context("spawn")
                    self._executor = concurrent.futures.ProcessPoolExecutor(
                        self.workers, mp_context=context, initializer=_exit_with, initargs=(os.getpid(), self.nice)
                    )
                else:
                    self._executor = concurrent.futures.ThreadPoolExecutor(self.workers, thread_name_prefix="heavy")
            return self._executor

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """`function(*args)` on a worker; Busy if the pool is full."""
        with self._lock:
            if self.admitted >= self.limit:
                raise Busy(self.admitted)
            self.admitted += 1
        try:
            result = await asyncio.get_running_loop().run_in_executor(self.executor(), _guarded, function, *args)
        finally:
            with self._lock:
                self.admitted -= 1
        if isinstance(result, _Failed):
            raise result.error()
        return result

    def close(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


def configured(environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """The pool's settings from the environment (the defaults for the others); a value that
    does not fit is said by its variable's name (SystemExit: the server checks them at start)."""
    settings: dict[str, Any] = {}
    kind = environ.get("RECOUNT_HEAVY_POOL", "").strip()
    if kind:
        if kind not in ("process", "thread"):
            raise SystemExit(f"RECOUNT_HEAVY_POOL={kind!r}: it is process or thread")
        settings["kind"] = kind
    for name, key, kind_of, least, meaning in (
        ("RECOUNT_HEAVY_WORKERS", "workers", int, 1, "worker processes or threads, a whole number of 1 or more"),
        ("RECOUNT_HEAVY_QUEUE", "queued", int, 0, "requests that may wait for a worker, a whole number of 0 or more"),
        ("RECOUNT_HEAVY_NICE", "nice", int, 0, "added to a worker process's nice value, a whole number from 0 to 19"),
        ("RECOUNT_HEAVY_SWITCH_INTERVAL", "switch_interval", float, 1e-6, "seconds, a number more than 0"),
    ):
        text = environ.get(name, "").strip()
        if not text:
            continue
        try:
            value = kind_of(text)
        except ValueError:
            raise SystemExit(f"{name}={text!r}: it is {meaning}") from None
        if not math.isfinite(value) or value < least or (key == "nice" and value > 19):
            raise SystemExit(f"{name}={text!r}: it is {meaning}")
        settings[key] = value
    return settings


_pool: HeavyPool | None = None
_pool_lock = threading.Lock()


def pool() -> HeavyPool:
    """The process's pool, as its environment configures it."""
    global _pool  # noqa: PLW0603 - one pool a process, whatever the applications in it
    with _pool_lock:
        if _pool is None:
            _pool = HeavyPool(**configured())
            # Before the interpreter's teardown, which a worker's manager thread outlives.
            atexit.register(_pool.close)
        return _pool


def frames_projection_wanted(environ: Mapping[str, str] = os.environ) -> bool:
    """RECOUNT_FRAMES_PROJECTION: `process` (the default) or `off`; another value is said by
    the variable's name (SystemExit: checked before a server changes anything)."""
    wanted = environ.get("RECOUNT_FRAMES_PROJECTION", "").strip() or "process"
    if wanted not in ("process", "off"):
        raise SystemExit(f"RECOUNT_FRAMES_PROJECTION={wanted!r}: it is process or off")
    return wanted == "process"


def start_frames_projection(env: Mapping[str, str], environ: Mapping[str, str] = os.environ) -> multiprocessing.process.BaseProcess | None:
    """Start the process that stores every match's replay frames as they are recorded
    (service/reads/frames_projection.py), at the pool's CPU priority; none for a store
    with no database of its own (in memory) or with RECOUNT_FRAMES_PROJECTION=off."""
    if not frames_projection_wanted(environ) or not has_database(env):
        return None
    nice = configured(environ).get("nice", 10)
    # spawn, as the pool: a fork of a process running threads may copy a held lock.
    process = multiprocessing.get_context("spawn").Process(
        target=_project_frames, args=(dict(env), os.getpid(), nice), name="recount-frames", daemon=True
    )
    process.start()
    return process


def _project_frames(env: dict[str, str], parent: int, nice: int) -> None:
    _exit_with(parent, nice)
    frames_projection.run(env)


# --- the work (module functions: a worker process finds them by name) -----------------


def named_in(body: bytes) -> list[tuple[int, str]]:
    """The header line and the id of every match of a JSON Lines export (the file read,
    not checked: 413 past `export.EVENTS_MAX`, 422 for a line that does not fit)."""
    return [(match.first_line, match.header.match_id) for match in export.parse(body.splitlines())]


def checked_import(body: bytes, allow_unchained: bool) -> list[export.Encoded]:
    """The records of every match of a JSON Lines export, checked, encoded for the store."""
    return [export.encoded(records) for records in export.checked_matches(export.parse(body.splitlines()), allow_unchained=allow_unchained)]


def checked_notation(text: str, now: float) -> tuple[Created, export.Encoded]:
    created, records = notation_import.checked_notation(text, now)
    return created, export.encoded(records)


def notation(events: Sequence[msgspec.Struct], system: str, date: str) -> str:
    return write_match(events, system, date=date)


def what_if(
    system: str, created: msgspec.Struct, recorded: Sequence[tuple[int, msgspec.Struct]], standings: Standings,
    preset: str | None, options: dict[str, Any] | None,
) -> WhatIf:
    return replay_under(domain.find(system), created, recorded, standings, preset, options)
