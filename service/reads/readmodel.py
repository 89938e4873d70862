"""Read models as projections: sqlite-utils tables fed from the store's notification
log, each remembering how far it has read, never holding the truth and rebuilt from
scratch (`recount rebuild`).

`TableProjection` is the runner they share: the position, the catch-up loop in pages, a
restart when the store was replaced. The match index is one: its summary fields come
from each match's created event, its version and updated_at from each notification,
and "finished" from the Meta flag `ends_match` set where the event was checked; it
never folds a match. (Events recorded before that flag existed say nothing, so a
match that ended then is listed as running until it is rebuilt from a store that
carries the flag.)
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Sequence

import sqlite_utils
from eventsourcing.persistence import Notification

import domain
from service.store.match_store import at_start_up
from service.usecases.app import Recount
from service.usecases.reading import played_as
from service.usecases.results import MatchSummary

PAGE = 5000
# A summarizing projection reads a stream's first and last notifications of a page
# (service/store/match_store.py firsts_and_lasts; one index scan however long the range): one
# page for the whole log, as little memory as there are streams.
SUMMARY_PAGE = 10**12


class TableProjection:
    """A read model in an SQLite file (or memory), fed from the notification log.
    Subclasses create their tables (`create_tables`), empty them (`tables`) and fold
    a page of notifications (`fold`, inside the page's transaction). One that needs
    of each page only each stream's first event and its last in the page says
    `summarizes = True` and is given only those (MatchStore.firsts_and_lasts)."""

    name = "projection"
    tables: tuple[str, ...] = ()
    position_table = "position"
    page = PAGE
    summarizes = False

    def __init__(self, recount: Recount, path: str | None):
        self.recount = recount
        # Reads come from the server's worker threads; every use goes through self._lock.
        self.db = sqlite_utils.Database(sqlite3.connect(path or ":memory:", check_same_thread=False))
        self._lock = threading.Lock()
        at_start_up(self._create)

    def _create(self) -> None:
        self.db[self.position_table].create({"name": str, "notification_id": int}, pk="name", if_not_exists=True)
        self.create_tables()

    def create_tables(self) -> None:
        raise NotImplementedError

    def fold(self, notifications: Sequence[Notification]) -> None:
        raise NotImplementedError

    def position(self) -> int:
        rows = list(self.db[self.position_table].rows_where("name = ?", [self.name]))
        return rows[0]["notification_id"] if rows else 0

    def _clear(self) -> None:
        with self.db.conn:
            for table in self.tables:
                self.db[table].delete_where()
            self.db[self.position_table].delete_where("name = ?", [self.name])

    def rebuild(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Empty the tables and fold the whole notification log again; returns how
        many notifications it covered."""
        with self._lock:
            self._clear()
        return self.catch_up(progress)

    def catch_up(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Fold every notification after the last one seen; `progress(done, total)`
        after each page."""
        with self._lock:
            position = self.position()
            head = self.recount.store.head()
            if position > head:  # the store was replaced: start again
                self._clear()
                position = 0
            start, read = position, 0
            while position < head:
                if self.summarizes:
                    stop = min(position + self.page, head)
                    notifications = self.recount.store.firsts_and_lasts(position + 1, stop)
                else:
                    notifications = self.recount.store.notifications(position + 1, self.page, stop=head)
                    if not notifications:
                        break
                    stop = notifications[-1].id
                with self.db.conn:
                    # One transaction a page (one disk sync, not one a statement: the
                    # connection does not open one by itself here).
                    if not self.db.conn.in_transaction:
                        self.db.conn.execute("BEGIN")
                    self.fold(notifications)
                    read += stop - position
                    position = stop
                    self.db[self.position_table].upsert({"name": self.name, "notification_id": position}, pk="name")
                if progress is not None:
                    progress(position - start, max(head - start, position - start))
            return read


class MatchIndex(TableProjection):
    name = "matches"
    tables = ("matches",)
    summarizes = True
    page = SUMMARY_PAGE

    def create_tables(self) -> None:
        table = self.db["matches"]
        if table.exists() and not {"first_players", "preset", "mode"} <= set(table.columns_dict):
            # An index file of an older layout: disposable, so read again from the start.
            table.drop()
            self.db[self.position_table].delete_where("name = ?", [self.name])
        table.create(
            {"id": str, "system": str, "preset": str, "mode": str, "title": str, "players": str, "version": int, "finished": int, "created_at": float, "updated_at": float,
             "first_players": str},
            pk="id",
            if_not_exists=True,
        )

    def fold(self, notifications: Sequence[Notification]) -> None:
        store = self.recount.store
        # Only a stream's first event and its last in the page say anything to the index.
        last = {str(n.originator_id): n for n in notifications}
        created = []
        for n in notifications:
            if n.originator_version == 1:
                record = store.decode(n)
                system = domain.find(record.system)
                # The preset and mode the created event says, without folding anything.
                preset, mode = played_as(system, record.event)
                created.append({
                    "id": record.stream, "system": system.name, "preset": preset, "mode": mode,
                    "title": getattr(record.event, "title", ""),
                    "players": (players := json.dumps(list(system.seated(record.event)))), "first_players": players, "version": 1,
                    "finished": 0, "created_at": record.meta.recorded_at, "updated_at": record.meta.recorded_at,
                })
        if created:
            self.db.conn.executemany(
                "insert or replace into matches (id, system, preset, mode, title, players, first_players, version, finished, created_at, updated_at) "
                "values (:id, :system, :preset, :mode, :title, :players, :first_players, :version, :finished, :created_at, :updated_at)",
                created,
            )
        updates = []
        for stream, n in last.items():
            if n.originator_version > 1:
                meta = store.decode(n).meta
                seated = json.dumps(list(meta.seated)) if meta.seated is not None else None
                updates.append((n.originator_version, int(meta.ends_match), meta.recorded_at, seated, stream, n.originator_version))
        self.db.conn.executemany(
            "update matches set version = ?, finished = ?, updated_at = ?, players = coalesce(?, first_players) where id = ? and version < ?", updates
        )

    def list(self) -> list[MatchSummary]:
        self.catch_up()
        with self._lock:
            rows = list(self.db["matches"].rows_where(order_by="created_at desc"))
        return [
            MatchSummary(
                id=row["id"], system=row["system"], preset=row["preset"], mode=row["mode"], title=row["title"], players=json.loads(row["players"]), version=row["version"],
                finished=bool(row["finished"]), created_at=row["created_at"], updated_at=row["updated_at"],
            )
            for row in rows
        ]
