"""The match index: a disposable read model (sqlite-utils table) rebuilt from the
stored events by polling the store's notification log; it never holds the truth."""

from __future__ import annotations

import json
import threading
from typing import Any

import sqlite_utils

from service.app import Recount
from service.store import at_start_up


class MatchIndex:
    def __init__(self, recount: Recount, path: str | None):
        self.recount = recount
        # check_same_thread off: reads come from the server's worker threads, and
        # every use goes through self._lock.
        import sqlite3

        self.db = sqlite_utils.Database(sqlite3.connect(path or ":memory:", check_same_thread=False))
        self._lock = threading.Lock()
        at_start_up(self._create_tables)

    def _create_tables(self) -> None:
        self.db["matches"].create(
            {"id": str, "system": str, "title": str, "players": str, "version": int, "finished": int, "created_at": float, "updated_at": float},
            pk="id",
            if_not_exists=True,
        )
        self.db["position"].create({"name": str, "notification_id": int}, pk="name", if_not_exists=True)

    def _position(self) -> int:
        rows = list(self.db["position"].rows_where("name = ?", ["matches"]))
        return rows[0]["notification_id"] if rows else 0

    def catch_up(self) -> None:
        """Fold every notification after the last one seen into the table."""
        with self._lock:
            position = self._position()
            if position > (self.recount.store.recorder.max_notification_id() or 0):
                # The index is ahead of the store (the store was replaced): rebuild it.
                with self.db.conn:
                    self.db["matches"].delete_where()
                    self.db["position"].delete_where()
                position = 0
            while True:
                notifications = self.recount.store.notifications(position + 1, 500)
                if not notifications:
                    break
                streams = {str(n.originator_id) for n in notifications}
                rows = []
                for stream in streams:
                    summary = self.recount.summary(self.recount.log(stream))
                    summary["players"] = json.dumps(summary["players"])
                    summary["finished"] = int(summary["finished"])
                    rows.append(summary)
                position = notifications[-1].id
                with self.db.conn:
                    self.db["matches"].upsert_all(rows, pk="id")
                    self.db["position"].upsert({"name": "matches", "notification_id": position}, pk="name")

    def list(self) -> list[dict[str, Any]]:
        self.catch_up()
        with self._lock:
            rows = list(self.db["matches"].rows_where(order_by="created_at desc"))
        for row in rows:
            row["players"] = json.loads(row["players"])
            row["finished"] = bool(row["finished"])
        return rows
