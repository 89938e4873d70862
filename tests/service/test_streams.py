"""Streams never break: whatever reads and writes interleave, a stored stream runs
1..N with no gap and no repeat, and a stream damaged behind the service's back is
reported as such (a 500 naming the match and the step), never replayed.

With one client recording and one viewer polling, PostgreSQL once held 201 rows
for 200 appends, with a highest version of 308. A read landing between a commit and
its settling added the same records to the cached log twice, and the log's version
(its length) ran ahead of the store.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from litestar.testing import TestClient

import domain
from fixtures.random_player import PLAYERS, play_president as play
from domain.fold import replay
from service.store.match_store import Meta, Recorded
from service.store.matchlog import DamagedStream, MatchLog, OutOfStep
from service.usecases.app import Recount
from tests.support.stores import open_recount

APPENDS = 200


def recorded_match(length: int, seed: int = 3) -> tuple[Any, list[Recorded]]:
    """A legal President match as stored records, versions 1..length + 1."""
    setup, actions = play(length, seed=seed, players=PLAYERS[:4])
    system = domain.find("president")
    meta = Meta(recorded_at=1.0, recorded_by="test")
    events = [system.start(setup), *actions]
    return system, [Recorded("m_test", i, "president", e, meta) for i, e in enumerate(events, start=1)]


def stored_versions(recount: Recount, match_id: str) -> list[int]:
    return [r.version for r in recount.store.read(match_id)]


# --- the in-memory log -------------------------------------------------------------

SYSTEM, RECORDS = recorded_match(40)


@pytest.mark.parametrize(
    ("held", "added", "then"),
    [
        # given the log holds 1..held, when records `added` arrive, then it holds 1..then (None: OutOfStep)
        (5, [6, 7], 7),
        (5, [4, 5, 6], 6),  # a read and a commit both brought 4 and 5: added once
        (5, [3, 4], 5),  # nothing new
        (5, [7], None),  # 6 would be skipped
        (5, [6, 8], None),
    ],
)
def test_a_log_adds_each_version_once_and_refuses_a_gap(held: int, added: list[int], then: int | None) -> None:
    log = MatchLog.load(SYSTEM, RECORDS[:held])
    records = [RECORDS[v - 1] for v in added]
    if then is None:
        with pytest.raises(OutOfStep):
            log.replayed(records)
        assert log.version == held
    else:
        log.replayed(records)
        assert [r.version for r in log.records] == list(range(1, then + 1))
        assert log.head[0] == then and log.state.step == then


def test_a_log_refuses_another_record_at_a_version_it_holds() -> None:
    log = MatchLog.load(SYSTEM, RECORDS[:5])
    other = msgspec.structs.replace(RECORDS[4], meta=Meta(recorded_at=2.0, recorded_by="someone else"))
    with pytest.raises(OutOfStep):
        log.replayed([other, RECORDS[5]])


@settings(max_examples=40, deadline=None)
@given(cuts=st.lists(st.tuples(st.integers(1, 41), st.integers(1, 41)), min_size=1, max_size=12))
def test_a_log_holds_versions_1_to_n_whatever_order_overlapping_deliveries_come_in(cuts: list[tuple[int, int]]) -> None:
    """Deliveries (a commit's records, a read's records) overlap and repeat; each one
    that follows on from what is held is taken, and the log never holds a version twice."""
    log = MatchLog.load(SYSTEM, RECORDS[:1])
    for a, b in cuts:
        first, last = min(a, b), max(a, b)
        try:
            log.replayed(RECORDS[first - 1 : last])
        except OutOfStep:
            assert first > log.version + 1
    assert [r.version for r in log.records] == list(range(1, log.version + 1))
    expected = replay(SYSTEM, RECORDS[0].event, [r.event for r in RECORDS[1 : log.version]])
    assert msgspec.to_builtins(log.state) == msgspec.to_builtins(expected)


def test_a_stored_stream_with_a_gap_is_refused_when_loaded() -> None:
    with pytest.raises(DamagedStream, match="damaged at step 3"):
        MatchLog.load(SYSTEM, RECORDS[:2] + RECORDS[3:6])


# --- through the service, on each store --------------------------------------------


def test_hundreds_of_appends_with_readers_polling_leave_versions_1_to_n(client: TestClient, recount: Recount, db_file: Path | str) -> None:
    setup, actions = play(APPENDS, seed=11, players=PLAYERS[:4])
    created = client.post("/matches", json=msgspec.to_builtins(setup)).json()
    match_id, token = created["match_id"], created["write_token"]
    auth = {"Authorization": f"Bearer {token}"}
    done = threading.Event()
    statuses: dict[str, set[int]] = {"state": set(), "events": set(), "frames": set(), "summary": set()}

    latest = [1]  # the last version answered to the recorder

    def reader(routes: dict[str, str]) -> None:
        while not done.is_set():
            for route, url in routes.items():
                # The last few steps, as a viewer polling for news asks (all of them would
                # make each read slower as the match grows, and the test with it).
                statuses[route].add(client.get(url.format(max(1, latest[0] - 5)), headers=auth).status_code)
            done.wait(0.002)  # a viewer's pace, leaving the recorder some of the two cores

    base = f"/matches/{match_id}"
    readers = [
        threading.Thread(target=reader, args=({"state": base + "/state?step={}", "events": base + "/events?from={}"},)),
        threading.Thread(target=reader, args=({"frames": base + "/frames?from={}", "summary": base + "?from={}"},)),
    ]
    for thread in readers:
        thread.start()
    answers = []
    try:
        for version, action in enumerate(actions, start=1):
            reply = client.post(f"/matches/{match_id}/events", headers=auth, json={"expected_version": version, "events": [msgspec.to_builtins(action)]})
            answers.append((reply.status_code, reply.json().get("version")))
            latest[0] = version + 1
    finally:
        done.set()
        for thread in readers:
            thread.join()
    assert answers == [(201, v + 1) for v in range(1, len(actions) + 1)]
    assert statuses == {route: {200} for route in statuses}
    last = len(actions) + 1
    assert stored_versions(recount, match_id) == list(range(1, last + 1))
    events = client.get(f"/matches/{match_id}/events?from=1&limit=1000").json()
    assert [e["step"] for e in events["events"]] == list(range(1, last + 1))
    fresh = open_recount(db_file)
    try:
        assert fresh.log(match_id).version == last == recount.log(match_id).version
        assert msgspec.to_builtins(fresh.log(match_id).state) == msgspec.to_builtins(recount.log(match_id).state)
    finally:
        fresh.close()


def delete_stored_version(db_file: Path | str, match_id: str, version: int) -> None:
    """Damage the store behind the service's back."""
    if isinstance(db_file, Path):
        with sqlite3.connect(db_file) as conn:
            conn.execute("DELETE FROM stored_events WHERE originator_id = ? AND originator_version = ?", (match_id, version))
        return
    import psycopg

    url, _, query = db_file.partition("?schema=")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DELETE FROM {query}.stored_events WHERE originator_id = %s AND originator_version = %s", (match_id, version))


def test_a_damaged_stream_is_a_500_naming_the_match_and_the_step(client: TestClient, recount: Recount, db_file: Path | str) -> None:
    setup, actions = play(12, seed=5, players=PLAYERS[:4])
    created = client.post("/matches", json=msgspec.to_builtins(setup)).json()
    match_id, token = created["match_id"], created["write_token"]
    recount.append(match_id, token, [msgspec.to_builtins(a) for a in actions])
    delete_stored_version(db_file, match_id, 6)
    fresh = open_recount(db_file)
    try:
        from service.reads.readmodel import MatchIndex
        from service.web.routes import create_app

        with TestClient(app=create_app(fresh, MatchIndex(fresh, None))) as other:
            for route in ("state", "events", "frames", "standings"):
                reply = other.get(f"/matches/{match_id}/{route}")
                assert reply.status_code == 500, route
                assert match_id in reply.json()["error"] and "step 6" in reply.json()["error"]
    finally:
        fresh.close()


def test_an_append_that_would_leave_a_gap_is_refused_by_the_store(recount: Recount) -> None:
    setup, actions = play(4, seed=5, players=PLAYERS[:4])
    created = recount.create(setup)
    log = recount.log(created.match_id)
    skipping = Recorded(created.match_id, 3, "president", actions[1], log.created.meta)
    from service.store.match_store import VersionConflict

    with pytest.raises(VersionConflict, match="gap"):
        recount.store.append([skipping])
    assert stored_versions(recount, created.match_id) == [1]


def test_a_batch_over_several_streams_is_refused_whole_if_one_would_leave_a_gap(recount: Recount) -> None:
    """The store checks every stream of a batch at once (one query on PostgreSQL):
    a batch continuing one match and skipping a version of another records neither;
    the same batch without the skip records both."""
    from service.store.match_store import VersionConflict

    setup, actions = play(4, seed=5, players=PLAYERS[:4])
    first, second = recount.create(setup), recount.create(setup)
    meta = recount.log(first.match_id).created.meta
    continuing = Recorded(first.match_id, 2, "president", actions[0], meta)
    with pytest.raises(VersionConflict, match=f"{second.match_id}.*gap"):
        recount.store.append([continuing, Recorded(second.match_id, 3, "president", actions[1], meta)])
    assert (stored_versions(recount, first.match_id), stored_versions(recount, second.match_id)) == ([1], [1])
    recount.store.append([continuing, Recorded(second.match_id, 2, "president", actions[0], meta)])
    assert (stored_versions(recount, first.match_id), stored_versions(recount, second.match_id)) == ([1, 2], [1, 2])
