"""Several processes on one store (a server and `recount import` on one SQLite file,
two servers behind a load balancer on one PostgreSQL): each notices the others'
appends before it answers, writers on both lose and duplicate nothing, and a
version taken by the other process is a 409 only when the writer's expected_version
really is stale. Two Recount instances over one store stand in for two processes
here (each has its own connections and cache); test_servers.py runs real ones.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import msgspec

from fixtures.random_player import PLAYERS, play_president as play
from service.errors import Conflict
from service.reads.readmodel import MatchIndex
from service.usecases.app import Recount
from tests.support.stores import open_recount

ACTIONS = 60


def race(apps: list[Recount], match_id: str, token: str, actions: list[Any], acknowledged: list[int]) -> None:
    """Record the scripted actions through every app at once: each writer appends
    the next one at the version it sees, and reloads on a 409."""

    def writer(app: Recount) -> None:
        while (version := app.log(match_id).version) <= len(actions):
            try:
                acknowledged.append(app.append(match_id, token, [msgspec.to_builtins(actions[version - 1])], expected_version=version).version)
            except Conflict:
                continue  # the other process took this version: read again

    threads = [threading.Thread(target=writer, args=(app,)) for app in apps for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_writers_in_two_processes_on_one_match_lose_and_duplicate_nothing(db_file: Path | str) -> None:
    first, second = open_recount(db_file), open_recount(db_file)
    try:
        setup, actions = play(ACTIONS, seed=21, players=PLAYERS[:4])
        created = first.create(setup)
        acknowledged: list[int] = []
        race([first, second], created.match_id, created.write_token, actions, acknowledged)
        assert sorted(acknowledged) == list(range(2, len(actions) + 2))  # each version acknowledged once
        fresh = open_recount(db_file)
        try:
            stored = fresh.store.read(created.match_id)
            truth = msgspec.to_builtins(fresh.log(created.match_id).state)
        finally:
            fresh.close()
        assert [r.version for r in stored] == list(range(1, len(actions) + 2))
        assert [r.event for r in stored[1:]] == actions
        for app in (first, second):
            assert msgspec.to_builtins(app.log(created.match_id).state) == truth
    finally:
        first.close()
        second.close()


def test_a_reader_in_one_process_sees_a_step_recorded_through_the_other(db_file: Path | str) -> None:
    writing, reading = open_recount(db_file), open_recount(db_file)
    try:
        setup, actions = play(6, seed=4, players=PLAYERS[:4])
        created = writing.create(setup)
        index = MatchIndex(reading, None)
        assert reading.log(created.match_id).version == 1
        assert [m.version for m in index.list()] == [1]
        heard: list[int] = []
        news = threading.Event()

        def listener(version: int) -> None:
            heard.append(version)
            news.set()

        stop = reading.listen(created.match_id, listener)
        writing.append(created.match_id, created.write_token, [msgspec.to_builtins(actions[0])], expected_version=1)
        assert news.wait(10), "the live stream of the other process never heard of the append"
        stop()
        assert heard[-1] == 2
        assert reading.log(created.match_id).version == 2
        assert [m.version for m in index.list()] == [2]
        # The reader's cached log was at version 2; its writer's expected_version 2 is current, not stale.
        writing.append(created.match_id, created.write_token, [msgspec.to_builtins(actions[1])], expected_version=2)
        assert reading.append(created.match_id, created.write_token, [msgspec.to_builtins(actions[2])], expected_version=3).version == 4
        assert writing.log(created.match_id).version == 4
    finally:
        writing.close()
        reading.close()


def test_processes_starting_together_on_a_new_store_all_start(db_file: Path | str) -> None:
    """Two servers behind a load balancer are started together on an empty store: both
    create the tables, and neither may fail for the other having done so (PostgreSQL
    refused the second with a duplicate type or relation)."""
    started: list[Recount] = []
    failed: list[BaseException] = []
    together = threading.Barrier(4)

    def start() -> None:
        together.wait()
        try:
            started.append(open_recount(db_file))
        except BaseException as error:  # noqa: BLE001 - the test reports what any start raised
            failed.append(error)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert failed == []
        setup, _ = play(1, seed=3, players=PLAYERS[:4])
        created = started[0].create(setup)
        assert all(app.log(created.match_id).version == 1 for app in started)
    finally:
        for app in started:
            app.close()
