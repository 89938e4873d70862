"""The match cache keeps its bound: the events a log holds are counted whenever they
change, a replay reading the past of a log loaded from a snapshot or trimmed
included, and the least recently used logs are dropped once the count passes the
bound. Through the HTTP API (Litestar's test client) on a real SQLite file."""

from __future__ import annotations

from pathlib import Path

import msgspec
from litestar.testing import TestClient

from fixtures.random_player import play_president as play
from service.reads.readmodel import MatchIndex
from service.store.match_store import MatchStore, default_env
from service.usecases.app import Recount
from service.web.routes import create_app
from tests.support.stores import open_recount

MATCHES = 6
EVENTS = 600  # past a snapshot (every 500) and past the length a log is trimmed from
BOUND = 1_500  # two matches read whole fit, three do not


def recorded(db: Path) -> list[str]:
    setup, actions = play(EVENTS - 1, seed=28)
    moves = [msgspec.to_builtins(a) for a in actions[: EVENTS - 1]]
    recount = open_recount(db)
    ids = []
    for _ in range(MATCHES):
        match = recount.create(setup)
        recount.append(match.match_id, match.write_token, moves)
        ids.append(match.match_id)
    recount.logs.snapshot_writer.flush()
    recount.close()
    return ids


def events_really_held(recount: Recount, ids: list[str]) -> int:
    return sum(log.held() for log in map(recount.logs.peek, ids) if log is not None)


def test_reading_early_steps_of_many_matches_counts_what_the_logs_hold_and_evicts(tmp_path: Path) -> None:
    db = tmp_path / "bound.sqlite"
    ids = recorded(db)
    # A restart: every match loads from its snapshot (or trimmed), holding only its latest steps.
    recount = Recount(MatchStore(default_env(str(db))), events_held_max=BOUND)
    try:
        with TestClient(app=create_app(recount, MatchIndex(recount, str(tmp_path / "index.sqlite")))) as client:
            for n, match_id in enumerate(ids, start=1):
                reply = client.get(f"/matches/{match_id}/state", params={"step": 10})
                assert reply.status_code == 200, reply.text
                assert reply.json()["step"] == 10
                assert recount.logs.peek(match_id).held() == EVENTS  # the past was read, and is held
                assert recount.logs.events_held == events_really_held(recount, ids), f"after {n} matches"
                assert recount.logs.events_held <= BOUND
        held = [match_id for match_id in ids if recount.logs.peek(match_id) is not None]
        assert held == ids[-2:]  # the least recently used were dropped
    finally:
        recount.close()


def test_a_dropped_log_reading_its_past_changes_no_count(tmp_path: Path) -> None:
    """Whoever still holds a dropped log may read its past: the repository no longer
    counts it, so the count stays that of the logs it holds."""
    db = tmp_path / "dropped.sqlite"
    ids = recorded(db)
    recount = Recount(MatchStore(default_env(str(db))), events_held_max=BOUND)
    try:
        first = recount.log(ids[0])
        recount.logs.forget(ids[0])
        for match_id in ids[1:3]:
            recount.log(match_id)
        before = recount.logs.events_held
        first.state_at(10)  # reads the dropped log's past
        assert first.held() == EVENTS
        assert recount.logs.events_held == before == events_really_held(recount, ids)
    finally:
        recount.close()
