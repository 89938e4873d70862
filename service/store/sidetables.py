"""Tables of the service's own beside the events, in the store's database (SQLite or
PostgreSQL; the in-memory store has none): caches and projections that are never the
truth (snapshots, stored replay frames). What they share: the two databases' SQL, and a
tag of the code whose output they keep, so that changed code never reads what older code
wrote."""

from __future__ import annotations

import functools
import hashlib
from abc import ABC, abstractmethod
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from service.store.match_store import MatchStore

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def sources_tag(*paths: str) -> str:
    """A hash of the Python sources under `paths` (folders or files, from the repository's root)."""
    digest = hashlib.sha256()
    for name in paths:
        base = ROOT / name
        for path in sorted(base.rglob("*.py")) if base.is_dir() else [base]:
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def has_database(env: Mapping[str, str]) -> bool:
    """Whether a store so configured has a database for side tables (not the one in memory)."""
    return env.get("PERSISTENCE_MODULE", "") in ("eventsourcing.sqlite", "eventsourcing.postgres")


class SideTable(ABC):
    """A table of the store's database: `{table}` in a statement names it (with the
    PostgreSQL schema), `?` is a parameter in both dialects, `{blob}` the bytes type.
    Rows are read as tuples in both (`rows`): PostgreSQL's cursor gives dicts."""

    table = ""

    def __init__(self, store: MatchStore):
        self.store = store
        self.module = store.env.get("PERSISTENCE_MODULE", "")
        self.enabled = has_database(store.env)
        if self.enabled:
            self.datastore = store.recorder.datastore
            store.create_tables(self.create_table)

    @abstractmethod
    def create_table(self) -> None:
        """Create the table(s) if missing (run once, alone on the store, at start)."""

    @staticmethod
    def rows(cursor: Any) -> list[tuple[Any, ...]]:
        """The rows the cursor's last statement selected, each a tuple in the SELECT's order."""
        return [tuple(row.values()) if isinstance(row, dict) else tuple(row) for row in cursor.fetchall()]

    def sql(self, statement: str, table: str | None = None) -> str:
        postgres = self.module == "eventsourcing.postgres"
        name = table or self.table
        statement = statement.replace("{table}", f'"{self.datastore.schema}".{name}' if postgres else name)
        statement = statement.replace("{blob}", "BYTEA" if postgres else "BLOB")
        return statement.replace("?", "%s") if postgres else statement
