"""Which store, from one setting: RECOUNT_DATABASE_URL names PostgreSQL, else an
SQLite file (the default for `make run`)."""

from __future__ import annotations

import pytest

from service.store import storage


@pytest.mark.parametrize(
    ("location", "expected"),
    [
        # given a location, then the eventsourcing variables it sets
        ("data/recount.sqlite", {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": "data/recount.sqlite", "APPLICATION_RECORDER_TOPIC": "service.store.sqlite_batch:BatchInsertRecorder"}),
        ("sqlite:///tmp/r.sqlite", {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": "/tmp/r.sqlite"}),
        (
            "postgresql://rec:s%40cret@db.local:5433/recount?schema=club",
            {
                "PERSISTENCE_MODULE": "eventsourcing.postgres",
                "POSTGRES_HOST": "db.local",
                "POSTGRES_PORT": "5433",
                "POSTGRES_USER": "rec",
                "POSTGRES_PASSWORD": "s@cret",
                "POSTGRES_DBNAME": "recount",
                "POSTGRES_SCHEMA": "club",
                "POSTGRES_ENABLE_DB_FUNCTIONS": "y",
                "APPLICATION_RECORDER_TOPIC": "service.store.storage:GaplessPostgresRecorder",
            },
        ),
        ("postgres://rec@db.local/recount", {"POSTGRES_PORT": "5432", "POSTGRES_PASSWORD": "", "ORIGINATOR_ID_TYPE": "text"}),
    ],
)
def test_a_location_selects_its_store(location: str, expected: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("PERSISTENCE_MODULE", "SQLITE_DBNAME", "POSTGRES_PASSWORD", "POSTGRES_SCHEMA", "APPLICATION_RECORDER_TOPIC"):
        monkeypatch.delenv(name, raising=False)
    env = storage.env_for(location)
    assert {k: env.get(k) for k in expected} == expected


def test_the_url_variable_wins_over_the_sqlite_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RECOUNT_DB", raising=False)
    monkeypatch.delenv(storage.URL_VARIABLE, raising=False)
    assert storage.location_from_environment() == "data/recount.sqlite"
    monkeypatch.setenv(storage.URL_VARIABLE, "postgresql://u@h/d")
    assert storage.location_from_environment() == "postgresql://u@h/d"


def test_a_url_without_a_database_is_refused_and_a_password_never_printed() -> None:
    with pytest.raises(ValueError, match="must name a host and a database"):
        storage.env_for("postgresql://u@h")
    assert storage.redacted("postgresql://u:pw@h:1/d") == "postgresql://u:***@h:1/d"
