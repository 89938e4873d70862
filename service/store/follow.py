"""Following the appends of other processes on the same store.

Several processes may record into one store (two servers on one PostgreSQL, or a
server and `recount import` on one SQLite file). Each keeps matches cached in
memory, so each must notice what the others append before it answers: the store's
notification log numbers every stored event in commit order, and a process that
remembers how far it has read asks only for the highest number, one cheap query,
when a request comes in; only when it has moved does it read which streams grew.

A process's own commits move the position directly (their notification ids come
back from the insert), so a process alone on its store reads nothing more.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any

from service.store.match_store import MatchStore

# How many notifications are read at a time while catching up.
READ_PAGE = 1000
logger = logging.getLogger(__name__)


class Follower:
    """Where this process has read the store's notification log up to, and which
    streams grew since."""

    def __init__(self, store: MatchStore):
        self.store = store
        self._lock = threading.Lock()
        # Everything stored before this process started is read from the stream
        # itself when a match is first loaded.
        self.position = store.head()
        # The highest version heard of for each stream that grew while this process ran.
        self.latest: dict[str, int] = {}

    def own(self, ids: Sequence[int] | None) -> None:
        """This process committed the events with these notification ids: if nothing
        else was committed since the position, move it past them."""
        if not ids:
            return
        with self._lock:
            if ids[0] == self.position + 1 and ids[-1] == self.position + len(ids):
                self.position = ids[-1]

    def grown(self) -> dict[str, int]:
        """The streams appended to since the last call (by any process), each with
        its highest version now: empty, after one query, when nothing is new."""
        head = self.store.head()  # outside the lock: concurrent requests ask at once
        if head <= self.position:
            return {}
        with self._lock:
            if head <= self.position:  # another request read them meanwhile
                return {}
            heads: dict[str, int] = {}
            position = self.position
            while position < head:
                page = self.store.notifications(position + 1, READ_PAGE, stop=head)
                if not page:
                    break
                for notification in page:
                    stream = str(notification.originator_id)
                    heads[stream] = max(heads.get(stream, 0), notification.originator_version)
                position = page[-1].id
            for stream, version in heads.items():
                if version > self.latest.get(stream, 0):
                    self.latest[stream] = version
            # Moved last: a request that finds nothing new without the lock must
            # find `latest` up to date.
            self.position = position
            return heads


class Poller:
    """Calls `catch_up` every `interval` seconds on a daemon thread while `wanted()`
    says someone waits for news (a live stream open with no requests coming in
    would otherwise never hear of another process's appends)."""

    def __init__(self, catch_up: Callable[[], object], wanted: Callable[[], bool], interval: float = 0.25):
        self._catch_up = catch_up
        self._wanted = wanted
        self._interval = interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def start(self) -> None:
        with self._lock:
            if self._thread is None and not self._stop.is_set():
                self._thread = threading.Thread(target=self._run, name="recount-follow", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self._interval):
            if not self._wanted():
                continue
            try:
                self._catch_up()
            except Exception:  # noqa: BLE001 - the store may be briefly unreachable; try again next time
                logger.exception("following the store failed")

    def stop(self) -> None:
        self._stop.set()
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            thread.join()


class Listeners:
    """Who waits for news of which match. Appends made here are told at their commit;
    a live stream waiting with no request coming in would never hear of another
    process's appends, so while anyone listens `catch_up` is polled."""

    def __init__(self, catch_up: Callable[[], Any]):
        self._lock = threading.Lock()
        self.by_stream: dict[str, set[Callable[[int], None]]] = {}
        self._poller = Poller(catch_up, self.waiting)

    def add(self, stream: str, callback: Callable[[int], None]) -> Callable[[], None]:
        with self._lock:
            self.by_stream.setdefault(stream, set()).add(callback)
        self._poller.start()

        def stop() -> None:
            with self._lock:
                self.by_stream.get(stream, set()).discard(callback)

        return stop

    def waiting(self) -> bool:
        return any(self.by_stream.values())

    def tell(self, stream: str, version: int) -> None:
        for callback in list(self.by_stream.get(stream, ())):
            try:
                callback(version)
            except Exception:  # a listener's failure must not stop the others or the commit's answers
                logger.exception("listener of %s failed", stream)

    def close(self) -> None:
        self._poller.stop()
