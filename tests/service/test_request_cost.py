"""What one request costs, counted (never timed): a correction re-checks from the step
before the one it corrects, once, whatever the corrections before it; a record of N steps
and C corrections is checked, written as notation, imported and replayed in work linear in
N + C; a stored replay checks nothing; a file imported twice is refused before any check;
an import has a ceiling; and heavy work runs on the pool, off the event loop."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

import domain.corrections
from domain.notation_file import parse_match, write_match
from domain.president import SYSTEM
from fixtures.corrected import corrected_match
from service.records import export, heavy, notation_import
from service.store import matchlog
from service.store.matchlog import CHECKPOINT_EVERY, MatchLog
from service.usecases.app import Recount
from tests.support.stores import open_recount

STEPS = 300


class Counted:
    """Calls of the President system's rules check and fold, and of the refold a
    correction runs, while it is installed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.checks = self.evolves = self.refolds = 0
        check, evolve, refold_from = SYSTEM.check, SYSTEM.evolve, domain.corrections.refold_from

        def counted_check(*args: Any) -> Any:
            self.checks += 1
            return check(*args)

        def counted_evolve(*args: Any) -> Any:
            self.evolves += 1
            return evolve(*args)

        def counted_refold(*args: Any, **kwargs: Any) -> Any:
            self.refolds += 1
            return refold_from(*args, **kwargs)

        monkeypatch.setattr(SYSTEM, "check", counted_check)
        monkeypatch.setattr(SYSTEM, "evolve", counted_evolve)
        monkeypatch.setattr(domain.corrections, "refold_from", counted_refold)
        monkeypatch.setattr(matchlog, "refold_from", counted_refold)

    def reset(self) -> None:
        self.checks = self.evolves = self.refolds = 0


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counted:
    return Counted(monkeypatch)


@pytest.fixture
def in_threads(monkeypatch: pytest.MonkeyPatch) -> Iterator[heavy.HeavyPool]:
    """The heavy pool as threads of this process, so that a test sees what runs there."""
    pool = heavy.HeavyPool("thread", workers=1, queued=2)
    monkeypatch.setattr(heavy, "_pool", pool)
    yield pool
    pool.close()


def recorded(recount: Recount, voids: int) -> tuple[Any, list[msgspec.Struct]]:
    """A match of about STEPS steps with `voids` corrections, recorded in one request."""
    setup, events = corrected_match(STEPS, voids)
    created = recount.create(setup)
    recount.append(created.match_id, created.write_token, [msgspec.to_builtins(e) for e in events])
    return created, events


@pytest.mark.parametrize("voids", [0, 40])
def test_a_correction_re_checks_from_the_step_before_it_once_whatever_the_corrections_before_it(recount: Recount, counted: Counted, voids: int) -> None:
    created, events = recorded(recount, voids)
    version = len(events) + 1
    counted.reset()
    result = recount.append(created.match_id, created.write_token, [{"type": "EventVoided", "step": version, "reason": "not played"}])
    assert result.version == version + 1
    assert counted.refolds == 1
    # From the checkpoint at or before the step it voids: at most CHECKPOINT_EVERY folds, and no check (nothing follows it).
    assert counted.evolves <= CHECKPOINT_EVERY and counted.checks == 0, (counted.evolves, counted.checks)


def test_one_request_of_many_corrections_folds_each_step_a_bounded_number_of_times(recount: Recount, counted: Counted) -> None:
    """The whole match in one append (as a notation import records it): each correction
    refolds from the step before the one it voids, not from the match's start."""
    created, events = recorded(recount, 40)
    assert counted.refolds == 40
    assert counted.evolves <= 3 * len(events), f"{counted.evolves} folds for {len(events)} events"


def test_a_stored_match_replays_without_a_check_in_work_linear_in_its_events(recount: Recount, counted: Counted) -> None:
    created, events = recorded(recount, 40)
    counted.reset()
    log = MatchLog.load(SYSTEM, recount.store.read(created.match_id))
    assert log.version == len(events) + 1
    assert counted.checks == 0  # checks happen before append, never on replay
    assert counted.evolves <= 2 * len(events), f"{counted.evolves} folds for {len(events)} events"


def test_notation_export_and_import_are_linear_in_events_and_corrections(recount: Recount, counted: Counted, tmp_path: Any) -> None:
    created, events = recorded(recount, 40)
    everything = [r.event for r in recount.log(created.match_id).records]
    counted.reset()
    text = write_match(everything, "president")
    assert counted.evolves <= 2 * len(events) and counted.refolds == 40, (counted.evolves, counted.refolds)
    counted.reset()
    _, parsed = parse_match(text)
    assert parsed == events
    assert counted.evolves <= 2 * len(events) and counted.checks <= 2 * len(events), (counted.evolves, counted.checks)
    lines = b"".join(export.export_lines(recount, created.match_id)).splitlines()
    target = open_recount(tmp_path / "target.sqlite")
    try:
        counted.reset()
        export.import_all(target, export.parse(lines))
        assert counted.evolves <= 4 * len(events), f"{counted.evolves} folds to import {len(events)} events"
        counted.reset()
        notation_import.import_notation(target, text)
        assert counted.evolves <= 8 * len(events), f"{counted.evolves} folds to import the notation of {len(events)} events"
    finally:
        target.close()


# --- over HTTP --------------------------------------------------------------------------


def test_a_match_already_stored_is_refused_with_409_before_any_check(client: TestClient, recount: Recount, in_threads: heavy.HeavyPool, monkeypatch: pytest.MonkeyPatch) -> None:
    created, _ = recorded(recount, 5)
    body = b"".join(export.export_lines(recount, created.match_id))
    checks = []
    real = export.checked
    monkeypatch.setattr(export, "checked", lambda *args: (checks.append(1), real(*args))[1])
    head = recount.store.head()
    reply = client.post("/imports", content=body, headers={"Content-Type": "application/x-ndjson"})
    assert reply.status_code == 409, reply.text
    assert "in this store already" in reply.json()["error"]
    assert checks == [] and recount.store.head() == head


def test_an_import_past_the_ceiling_is_413_naming_the_limit_and_records_nothing(client: TestClient, recount: Recount) -> None:
    head = recount.store.head()
    header = {"format": export.FORMAT, "match_id": "long", "system": "president", "exported_at": 0.0, "events": export.EVENTS_MAX + 1}
    line = {"step": 2, "type": "PlayerPassed", "event": {"player": "Al"}, "meta": {}}
    body = b"\n".join([msgspec.json.encode(header), *[msgspec.json.encode(line)] * (export.EVENTS_MAX + 1)])
    reply = client.post("/imports", content=body, headers={"Content-Type": "application/x-ndjson"})
    assert reply.status_code == 413, reply.text
    assert f"{export.EVENTS_MAX:,} events" in reply.json()["error"]
    text = '[System "president"]\n[Players "Al, Betty, Carl, Dana"]\n\n' + "Al passes\n" * (export.EVENTS_MAX + 1)
    reply = client.post("/imports/notation", content=text.encode(), headers={"Content-Type": "text/plain; charset=utf-8"})
    assert reply.status_code == 413, reply.text
    assert f"{export.EVENTS_MAX:,} events" in reply.json()["error"] and f"line {export.EVENTS_MAX + 4}" in reply.json()["error"]
    assert recount.store.head() == head


def test_heavy_work_runs_on_a_worker_thread_not_the_event_loop(
    client: TestClient, recount: Recount, in_threads: heavy.HeavyPool, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    created, _ = recorded(recount, 5)
    elsewhere = open_recount(tmp_path / "elsewhere.sqlite")
    try:
        other, _ = recorded(elsewhere, 5)
        body = b"".join(export.export_lines(elsewhere, other.match_id))
    finally:
        elsewhere.close()
    ran: list[tuple[str, bool]] = []

    def where(function: Any) -> Any:
        def recording(*args: Any) -> Any:
            try:
                asyncio.get_running_loop()
                on_loop = True
            except RuntimeError:
                on_loop = False
            ran.append((threading.current_thread().name, on_loop))
            return function(*args)

        return recording

    for name in ("notation", "what_if", "named_in", "checked_import", "checked_notation"):
        monkeypatch.setattr(heavy, name, where(getattr(heavy, name)))
    auth = {"Authorization": f"Bearer {created.write_token}"}
    text = client.get(f"/matches/{created.match_id}/notation", headers=auth).text
    assert client.post(f"/matches/{created.match_id}/what-if", json={}, headers=auth).json()["legal"] is True
    assert client.post("/imports/notation", content=text.encode(), headers={"Content-Type": "text/plain"}).status_code == 201
    assert client.post("/imports", content=body, headers={"Content-Type": "application/x-ndjson"}).status_code == 201
    assert len(ran) == 5, ran
    assert all(name.startswith("heavy") and not on_loop for name, on_loop in ran), ran


def test_heavy_work_in_the_worker_process_never_runs_in_this_one(client: TestClient, recount: Recount, monkeypatch: pytest.MonkeyPatch) -> None:
    """The default pool: the notation is written by the worker process (the function in
    this process refuses to run), and comes back the same."""
    created, _ = recorded(recount, 5)
    expected = write_match([r.event for r in recount.log(created.match_id).records], "president")

    def not_here(*args: Any) -> Any:
        raise AssertionError("heavy work ran in the server's own process")

    monkeypatch.setattr(heavy, "write_match", not_here)
    monkeypatch.setattr(heavy, "_pool", heavy.HeavyPool("process", workers=1, queued=1))
    try:
        reply = client.get(f"/matches/{created.match_id}/notation", headers={"Authorization": f"Bearer {created.write_token}"})
    finally:
        heavy._pool.close()  # noqa: SLF001
    assert reply.status_code == 200, reply.text
    assert reply.text.split("\n\n", 1)[1] == expected.split("\n\n", 1)[1]


def test_a_full_pool_answers_503_with_retry_after_and_does_nothing(client: TestClient, recount: Recount, in_threads: heavy.HeavyPool) -> None:
    created, _ = recorded(recount, 0)
    in_threads.admitted = in_threads.limit
    reply = client.get(f"/matches/{created.match_id}/notation", headers={"Authorization": f"Bearer {created.write_token}"})
    assert reply.status_code == 503 and reply.headers["Retry-After"] == str(heavy.RETRY_AFTER_SECONDS), reply.text
    in_threads.admitted = 0
