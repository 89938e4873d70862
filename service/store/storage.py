"""Which event store, from one setting: an SQLite file (the default) or a PostgreSQL
database named by a URL.

`RECOUNT_DATABASE_URL=postgresql://user[:password]@host[:port]/dbname[?schema=name]`
selects PostgreSQL; a path (or `sqlite:///path`) selects an SQLite file. The
eventsourcing library's own variables (PERSISTENCE_MODULE, POSTGRES_*, …) set in the
environment still apply where the URL says nothing.

Both recorders refuse a batch that would leave a gap in a stream, in the same
transaction as the insert: the unique (stream, version) key already refuses a
repeat, and nothing else in the library checks that version N - 1 exists.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.postgres import PostgresAggregateRecorder, PostgresApplicationRecorder
from psycopg.sql import SQL, Identifier

URL_VARIABLE = "RECOUNT_DATABASE_URL"
DEFAULT_SQLITE_FILE = "data/recount.sqlite"
_LIBRARY_PREFIXES = ("PERSISTENCE_", "SQLITE_", "POSTGRES_", "CIPHER_", "COMPRESSOR_")


def is_postgres(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))


def location_from_environment(db: str | None = None) -> str:
    """The store to open: RECOUNT_DATABASE_URL, else the SQLite file `db`, else
    RECOUNT_DB, else data/recount.sqlite."""
    return os.environ.get(URL_VARIABLE) or db or os.environ.get("RECOUNT_DB") or DEFAULT_SQLITE_FILE


def sqlite_file(location: str) -> str | None:
    """The SQLite file a location names (None for PostgreSQL)."""
    if is_postgres(location):
        return None
    return location.removeprefix("sqlite://") if location.startswith("sqlite://") else location


def env_for(location: str | None) -> dict[str, str]:
    """The store's configuration for the eventsourcing library: an SQLite file, a
    PostgreSQL URL, or (None) whatever the environment says, else the in-memory store."""
    env = {k: v for k, v in os.environ.items() if k.startswith(_LIBRARY_PREFIXES)}
    env["ORIGINATOR_ID_TYPE"] = "text"
    if location is not None and is_postgres(location):
        env.update(postgres_env(location))
    elif location is not None:
        env.setdefault("PERSISTENCE_MODULE", "eventsourcing.sqlite")
        env.setdefault("SQLITE_DBNAME", sqlite_file(location) or "")
    module = env.setdefault("PERSISTENCE_MODULE", "eventsourcing.popo")
    if module == "eventsourcing.sqlite":
        env.setdefault("APPLICATION_RECORDER_TOPIC", "service.store.sqlite_batch:BatchInsertRecorder")
    elif module == "eventsourcing.postgres":
        env.setdefault("APPLICATION_RECORDER_TOPIC", "service.store.storage:GaplessPostgresRecorder")
        env.setdefault("POSTGRES_ENABLE_DB_FUNCTIONS", "y")
        env.setdefault("POSTGRES_PASSWORD", "")
    return env


def postgres_env(url: str) -> dict[str, str]:
    parts = urlsplit(url)
    dbname = unquote(parts.path.lstrip("/"))
    if not dbname or not parts.hostname:
        raise ValueError(f"{URL_VARIABLE} must name a host and a database: postgresql://user@host:port/dbname (got {url!r})")
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": dbname,
        "POSTGRES_HOST": parts.hostname,
        "POSTGRES_PORT": str(parts.port or 5432),
        "POSTGRES_USER": unquote(parts.username or os.environ.get("USER", "postgres")),
    }
    if parts.password is not None:
        env["POSTGRES_PASSWORD"] = unquote(parts.password)
    schema = parse_qs(parts.query).get("schema")
    if schema:
        env["POSTGRES_SCHEMA"] = schema[0]
    return env


def redacted(location: str) -> str:
    """The location without its password, for messages."""
    parts = urlsplit(location)
    if not is_postgres(location) or parts.password is None:
        return location
    return location.replace(f":{parts.password}@", ":***@", 1)


class GaplessPostgresRecorder(PostgresApplicationRecorder):
    """The library's PostgreSQL recorder, inserting in one transaction that holds the
    table lock (so notification ids are committed in order, which followers rely
    on; the library's database function alone does not lock) and refuses a gap."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        table = SQL("{}.{}").format(Identifier(self.datastore.schema), Identifier(self.events_table_name))
        # The streams of a batch whose version before their first is not stored: one
        # query for the whole batch (one a stream made the lock last as long as the batch).
        self._missing_previous = SQL(
            "SELECT wanted.stream FROM unnest(%s::text[], %s::bigint[]) AS wanted(stream, version) "
            "WHERE NOT EXISTS (SELECT 1 FROM {} AS e WHERE e.originator_id = wanted.stream AND e.originator_version = wanted.version)"
        ).format(table)

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        if not stored_events:
            return []
        previous = {stream: first - 1 for stream, first in first_versions(stored_events).items() if first > 1}
        with self.datastore.transaction(commit=True) as curs:
            # Checked before the lock: a stored event is never deleted, so a predecessor
            # found committed now is there when the insert commits. Only a stream whose
            # predecessor is not seen yet is asked again under the lock (it may have been
            # committed by another process meanwhile), so the lock lasts the insert alone.
            missing = self._missing(curs, previous)
            self._lock_table(curs)
            if missing:
                missing = self._missing(curs, {stream: previous[stream] for stream in missing})
                if missing:
                    stream = missing[0]
                    raise IntegrityError(f"{stream}: version {previous[stream] + 1} would leave a gap (there is no version {previous[stream]})")
            if self.datastore.enable_db_functions:
                rows = [self.construct_pg_stored_event(e.originator_id, e.originator_version, e.topic, e.state) for e in stored_events]
                curs.execute(self.sql_invoke_pg_function_insert_events, (rows,), prepare=True)
                ids = [r[self.pg_function_name_insert_events] for r in curs.fetchall()]
            else:
                self._notify_channel(curs)
                # The plain INSERT … RETURNING (the application recorder's override would lock again).
                PostgresAggregateRecorder._insert_stored_events(self, curs, stored_events)
                ids = [r["notification_id"] for r in curs.fetchall()]
        return ids

    def _missing(self, curs: Any, previous: dict[str, int]) -> list[str]:
        """The streams among `previous` (stream: version) whose version is not stored."""
        if not previous:
            return []
        curs.execute(self._missing_previous, (list(previous), list(previous.values())), prepare=True)
        return [row["stream"] for row in curs.fetchall()]


def first_versions(stored_events: Sequence[StoredEvent]) -> dict[str, int]:
    """The lowest version each stream of a batch is given."""
    firsts: dict[str, int] = {}
    for event in stored_events:
        stream = str(event.originator_id)
        firsts[stream] = min(firsts.get(stream, event.originator_version), event.originator_version)
    return firsts
