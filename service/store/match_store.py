"""The event store adapter: the eventsourcing library's recorders with a msgspec mapper.

A stored event is a `Recorded`: the game event (a tagged msgspec struct of one game
system) and the metadata recorded beside it (when, by which token, the request's
idempotency key). The stored topic is "<system>:<tag>", so a stream decodes without
knowing its game in advance.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import msgspec
from eventsourcing.persistence import (
    InfrastructureFactory,
    IntegrityError,
    Mapper,
    Notification,
    OperationalError,
    StoredEvent,
)

import domain
from domain.corrections import correction_types
from domain.protocol import event_tag


T = TypeVar("T")
# Seconds a process starting on a PostgreSQL schema waits for another creating its tables.
TABLES_WAIT = 30.0
# Notification ids over which `firsts_and_lasts` scans an index instead of the rows.
LONG_RANGE = 100_000


class Meta(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """Facts about the recording, not about the game: kept beside the event."""

    recorded_at: float
    recorded_by: str
    idempotency_key: str | None = None
    request_hash: str | None = None
    # Only on a match's first event: hashes of its write token and seat tokens; the seat
    # tokens' also on an event that seats players who joined (theirs only).
    write_token_sha256: str | None = None
    seat_token_sha256: dict[str, str] | None = None
    # Only on a match's first event: hands stay hidden from non-players after the end.
    keep_hands_private: bool = False
    # sha256 over the previous event's chain and this event (service/store/chain.py): tamper evidence.
    chain: str | None = None
    # The match is over after this event (set where the event is checked, which knows the
    # state after it): the match index reads "finished" from the notification log with it.
    ends_match: bool = False
    # The players in seat order after this event, only where they differ from those the
    # match was created with (a player joined): the index reads a match's players from
    # its first and last events without folding it.
    seated: tuple[str, ...] | None = None
    # Recorded by the service itself, as the rules make it happen (`follow_up`: a sealed
    # round's reveal), not sent: the same event sent next is taken as recorded already.
    automatic: bool = False
    # The seat whose seat token recorded this event (None: the write token, or the service
    # in a write token's request). Omitted when None, so older records keep their bytes and
    # their chain hashes.
    recorded_as: str | None = None


class Recorded(msgspec.Struct, frozen=True, gc=False):
    """One event of one match's stream, at its version (1-based).

    Untracked by the cycle collector (`gc=False`): a record refers only to immutable
    data, never back to itself, and matches held in memory hold many records."""

    stream: str
    version: int
    system: str
    event: msgspec.Struct
    meta: Meta

    # The names the eventsourcing library's EventStore reads.
    @property
    def originator_id(self) -> str:
        return self.stream

    @property
    def originator_version(self) -> int:
        return self.version


class VersionConflict(Exception):
    """Another append took the version this one expected to write."""


def _topics() -> dict[str, tuple[str, type]]:
    topics: dict[str, tuple[str, type]] = {}
    for name, system in domain.systems().items():
        for event_type in (system.created_type, *system.action_types, *correction_types(system)):
            topics[f"{name}:{event_tag(event_type)}"] = (name, event_type)
    return topics


class MsgspecMapper(Mapper):
    """Encodes `Recorded` as the JSON array [meta, event] with one encoder, and
    decodes with one decoder per topic, built once (the library's default mapper
    reads `vars(event)`, which msgspec structs do not have)."""

    def __init__(self, transcoder: Any = None, compressor: Any = None, cipher: Any = None):
        super().__init__(transcoder=transcoder, compressor=compressor, cipher=cipher)
        self._encoder = msgspec.json.Encoder()
        self._decoders = {
            topic: (system, msgspec.json.Decoder(tuple[Meta, event_type]))
            for topic, (system, event_type) in _topics().items()
        }

    def to_stored_event(self, domain_event: Recorded) -> StoredEvent:  # type: ignore[override]
        tag = type(domain_event.event).__struct_config__.tag
        state = self._encoder.encode((domain_event.meta, domain_event.event))
        if self.compressor:
            state = self.compressor.compress(state)
        if self.cipher:
            state = self.cipher.encrypt(state)
        return StoredEvent(
            originator_id=domain_event.stream,
            originator_version=domain_event.version,
            topic=f"{domain_event.system}:{tag}",
            state=state,
        )

    def to_domain_event(self, stored_event: StoredEvent) -> Recorded:  # type: ignore[override]
        state = stored_event.state
        if self.cipher:
            state = self.cipher.decrypt(state)
        if self.compressor:
            state = self.compressor.decompress(state)
        system, decoder = self._decoders[stored_event.topic]
        meta, event = decoder.decode(state)
        return Recorded(
            stream=str(stored_event.originator_id),
            version=stored_event.originator_version,
            system=system,
            event=event,
            meta=meta,
        )


def at_start_up(create: Callable[[], T], attempts: int = 50) -> T:
    """`create()`, tried again while another process starting on the same store holds
    its tables: two servers started together both create the tables if missing, and
    SQLite says the file is locked (or PostgreSQL meets the other's catalog row, a
    unique violation, once a process has stopped waiting for the other's turn:
    `MatchStore.create_tables`)."""
    for attempt in range(attempts):
        try:
            return create()
        except (IntegrityError, OperationalError, sqlite3.OperationalError):
            if attempt == attempts - 1:
                raise
            time.sleep(0.1)
    raise AssertionError("unreachable")


def default_env(sqlite_file: str | None) -> dict[str, str]:
    """The store's configuration: the process environment, with an SQLite file
    (or the in-memory store when `sqlite_file` is None and nothing is set)."""
    from service.store.storage import env_for

    return env_for(sqlite_file)


class MatchStore:
    """Append and read match streams; list everything ever recorded in order."""

    def __init__(self, env: Mapping[str, str]):
        self.env = dict(env)
        self.factory = InfrastructureFactory.construct(self.env)
        self.recorder = self.create_tables(self.factory.application_recorder)
        self.mapper = self.factory.mapper(mapper_class=MsgspecMapper)
        self.events = self.factory.event_store(mapper=self.mapper, recorder=self.recorder)
        self._before_close: list[Callable[[], object]] = []

    def create_tables(self, create: Callable[[], T]) -> T:
        """`create()` (tables of this store, made if missing), alone on the store and
        tried again while the file is locked (`at_start_up`). PostgreSQL's CREATE TABLE
        IF NOT EXISTS and CREATE TYPE are not safe against a second process doing the
        same at once (a duplicate type or relation, "tuple concurrently updated"), so
        the processes starting on one schema take turns behind an advisory lock. It is
        held on a connection of its own (a pool of one must still serve the CREATEs)
        and goes with it; a process that has waited TABLES_WAIT seconds for it goes
        ahead anyway. SQLite's own file lock already makes them take turns."""
        if self.env.get("PERSISTENCE_MODULE") != "eventsourcing.postgres":
            return at_start_up(create)
        import psycopg

        datastore = self.factory.datastore  # type: ignore[attr-defined]
        settings = dict(datastore.pool.kwargs)  # with the pool's dict_row row factory
        if datastore.pool.get_password_func:
            settings["password"] = datastore.pool.get_password_func()
        key = f"recount tables {datastore.schema}"
        with psycopg.connect(**settings, autocommit=True, connect_timeout=10) as conn:
            deadline = time.monotonic() + TABLES_WAIT
            while not conn.execute("SELECT pg_try_advisory_lock(hashtextextended(%s, 0)) AS taken", (key,)).fetchone()["taken"]:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.05)
            return at_start_up(create)

    def before_close(self, callback: Callable[[], object]) -> None:
        """Call `callback` when the store closes, before its connections do (the
        snapshot writer stops there)."""
        self._before_close.append(callback)

    def encode(self, records: Sequence[Recorded]) -> list[StoredEvent]:
        return [self.mapper.to_stored_event(record) for record in records]

    def append(self, records: Sequence[Recorded] | Sequence[StoredEvent]) -> Sequence[int] | None:
        """Append in one transaction: all or nothing; returns the notification ids
        given. Records may come encoded already, so that the encoding runs where the
        caller wants the CPU spent. VersionConflict if a version is taken or would
        leave a gap."""
        stored = [r if isinstance(r, StoredEvent) else self.mapper.to_stored_event(r) for r in records]
        try:
            return self.recorder.insert_events(stored)
        except IntegrityError as error:
            raise VersionConflict(str(error)) from error

    def read(self, stream: str, *, after: int = 0, upto: int | None = None) -> list[Recorded]:
        return list(self.events.get(stream, gt=after or None, lte=upto))

    def notifications(self, start: int, limit: int = 500, stop: int | None = None) -> Sequence[Notification]:
        return self.recorder.select_notifications(start, limit, stop=stop)

    def firsts_and_lasts(self, start: int, stop: int) -> list[Notification]:
        """The notifications from `start` to `stop` (inclusive) that are a stream's
        first event or its last in that range, in order: what a read model that
        summarizes matches needs, without reading every event of the range (a
        1M-event SQLite store: about half a second, against half a minute for all of
        them). The in-memory store reads them all."""
        module = self.env.get("PERSISTENCE_MODULE", "")
        if module == "eventsourcing.sqlite":
            table, position, mark = self.recorder.events_table_name, "rowid", "?"
            # Over a long range, scan the (stream, version) key's index, which holds the
            # rowids, rather than the rows with their states.
            scan = f"{table} INDEXED BY sqlite_autoindex_{table}_1" if stop - start > LONG_RANGE else table
        elif module == "eventsourcing.postgres":
            table = f'"{self.recorder.datastore.schema}".{self.recorder.events_table_name}'
            position, mark, scan = "notification_id", "%s", table
        else:
            everything = self.recorder.select_notifications(start, max(stop - start + 1, 1), stop=stop)
            last = {n.originator_id: n.id for n in everything}
            return [n for n in everything if n.originator_version == 1 or last[n.originator_id] == n.id]
        with self.recorder.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT MIN({position}) AS first, MAX({position}) AS last FROM {scan} "
                      f"WHERE {position} BETWEEN {mark} AND {mark} GROUP BY originator_id", (start, stop))
            bounds = [(r["first"], r["last"]) if isinstance(r, dict) else tuple(r) for r in c.fetchall()]
            lasts = {last for _, last in bounds}
            wanted = sorted({i for pair in bounds for i in pair})
            rows = []
            for chunk in range(0, len(wanted), 10_000):
                ids = wanted[chunk : chunk + 10_000]
                c.execute(f"SELECT {position} AS id, originator_id, originator_version, topic, state FROM {table} "
                          f"WHERE {position} IN ({', '.join([mark] * len(ids))}) ORDER BY {position}", ids)
                rows += [(r["id"], r["originator_id"], r["originator_version"], r["topic"], r["state"]) if isinstance(r, dict) else tuple(r)
                         for r in c.fetchall()]
        return [
            Notification(id=i, originator_id=str(o), originator_version=v, topic=t, state=bytes(b))
            for i, o, v, t, b in rows
            if v == 1 or i in lasts
        ]

    def head(self) -> int:
        """The highest notification id stored (0 when empty): one indexed query."""
        return self.recorder.max_notification_id() or 0

    def decode(self, notification: Notification) -> Recorded:
        return self.mapper.to_domain_event(notification)

    def close(self) -> None:
        for callback in self._before_close:
            callback()
        self.factory.close()

