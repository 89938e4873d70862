"""Snapshots (service/store/snapshots.py) and logs that hold only their latest steps: a log
loaded from a snapshot, or trimmed, answers every state, record and walk exactly as
the log folded from step 1 does, on SQLite and PostgreSQL, corrections included."""

from __future__ import annotations

from pathlib import Path

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixtures.random_player import play_president as play
from service.store.matchlog import MatchLog
from service.store.snapshots import SnapshotStore
from service.usecases import handlers
from service.usecases.app import Recount
from tests.support.stores import open_recount

ON_A_STORE = settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def recorded_match(recount: Recount, length: int, seed: int, *, amend_at: float | None, void_last: bool) -> str:
    """A President match of `length` random legal actions; optionally one step amended
    (to the same action) partway, and the last action voided at the end."""
    setup, actions = play(length, seed=seed)
    moves = [msgspec.to_builtins(a) for a in actions]
    match = recount.create(setup)
    split = len(moves) if amend_at is None else max(1, int(amend_at * len(moves)))
    recount.append(match.match_id, match.write_token, moves[:split])
    if amend_at is not None:
        step = 2 + int(amend_at * (split - 1))
        handlers.correct(recount.services, match.match_id, match.write_token, step, instead=moves[step - 2], reason="same again")
        if moves[split:]:
            recount.append(match.match_id, match.write_token, moves[split:])
    if void_last:
        last = recount.log(match.match_id)
        plain = [r.version for r in last.records if r.version > 1 and type(r.event).__name__ not in ("EventVoided", "EventAmended")]
        handlers.correct(recount.services, match.match_id, match.write_token, plain[-1], reason="did not happen")
    return match.match_id


def same_log(loaded: MatchLog, folded: MatchLog, steps: list[int]) -> None:
    assert loaded.version == folded.version
    assert msgspec.to_builtins(loaded.state) == msgspec.to_builtins(folded.state)
    assert loaded.keys == folded.keys
    for step in steps:
        assert msgspec.to_builtins(loaded.state_at(step)) == msgspec.to_builtins(folded.state_at(step)), step
    assert list(loaded.records) == list(folded.records)
    walked = [(r.version, msgspec.to_builtins(after)) for r, _, after in loaded.walk(1, loaded.version)]
    assert walked == [(r.version, msgspec.to_builtins(after)) for r, _, after in folded.walk(1, folded.version)]


@ON_A_STORE
@given(
    seed=st.integers(0, 10_000),
    length=st.integers(3, 90),
    at=st.floats(0, 1),
    amend_at=st.none() | st.floats(0.05, 0.95),
    void_last=st.booleans(),
)
def test_a_log_loaded_from_a_snapshot_at_any_version_equals_the_folded_log(
    db_file: Path | str, seed: int, length: int, at: float, amend_at: float | None, void_last: bool
) -> None:
    # given a match (corrections before or after the snapshot's version), and a snapshot at a random version
    recount = open_recount(db_file)
    try:
        match_id = recorded_match(recount, length, seed, amend_at=amend_at, void_last=void_last)
        full = recount.logs.load(match_id)
        version = 1 + int(at * (full.version - 1))
        assert recount.logs.snapshots.save(full.records[version - 1], full.state_at(version), full.keys)
        # when the match is loaded again
        loaded = recount.logs.load(match_id)
        # then it started from the snapshot (a correction after it reads the past again), and it
        # answers as the fold from step 1 does
        corrected_after = any(type(r.event).__name__ in ("EventVoided", "EventAmended") for r in full.records[version:])
        assert loaded.records.base == (1 if corrected_after else version)
        folded = MatchLog.load(full.system, recount.store.read(match_id))
        same_log(loaded, folded, sorted({1, version, folded.version, *range(1, folded.version + 1, 5)}))
    finally:
        recount.close()


def test_a_snapshot_of_other_rules_code_or_of_a_replaced_record_is_not_read(db_file: Path | str) -> None:
    recount = open_recount(db_file)
    try:
        match_id = recorded_match(recount, 40, 3, amend_at=None, void_last=False)
        log = recount.logs.load(match_id)
        snapshots: SnapshotStore = recount.logs.snapshots
        # given a snapshot at step 30 taken by other rules code: it is not read
        snapshots.tag = "other-rules"
        snapshots.save(log.records[29], log.state_at(30), log.keys)
        snapshots.tag = SnapshotStore(recount.store).tag
        assert snapshots.latest(match_id) is None and recount.logs.load(match_id).records.base == 1
        # given a snapshot whose record at its version is not the stored one: it is read, then refused
        other = msgspec.structs.replace(log.records[29], meta=msgspec.structs.replace(log.records[29].meta, recorded_by="someone else"))
        snapshots.save(other, log.state_at(1), log.keys)
        assert snapshots.latest(match_id) is not None
        loaded = recount.logs.load(match_id)
        assert loaded.records.base == 1 and msgspec.to_builtins(loaded.state) == msgspec.to_builtins(log.state)
    finally:
        recount.close()


def test_loading_a_long_match_writes_a_snapshot_and_the_next_load_starts_from_it(db_file: Path | str) -> None:
    recount = open_recount(db_file)
    try:
        recount.logs.snapshot_writer.every = 100
        match_id = recorded_match(recount, 300, 11, amend_at=0.5, void_last=False)
        recount.logs.forget(match_id)
        first = recount.log(match_id)
        recount.logs.snapshot_writer.flush()
        # the state before the head: the last step is told from it after a restart, with no fold of the past
        assert recount.logs.snapshots.latest(match_id).version == first.version - 1
        recount.logs.forget(match_id)
        again = recount.log(match_id)
        assert again.records.base == first.version - 1 and again.held() == 3  # the first record, the snapshot's and the latest
        assert msgspec.to_builtins(again.state) == msgspec.to_builtins(first.state)
    finally:
        recount.close()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), length=st.integers(20, 200), keep=st.integers(1, 80))
def test_a_trimmed_log_reads_its_past_again_and_answers_as_the_whole_log(tmp_path_factory, seed: int, length: int, keep: int) -> None:
    recount = open_recount(tmp_path_factory.mktemp("trim") / "r.sqlite")
    try:
        match_id = recorded_match(recount, length, seed, amend_at=0.4, void_last=True)
        folded = MatchLog.load(recount.log(match_id).system, recount.store.read(match_id))
        trimmed = MatchLog.load(folded.system, recount.store.read(match_id))
        trimmed.trim(lambda upto: recount.store.read(match_id, upto=upto), keep=keep)
        assert trimmed.held() < folded.version or folded.version <= keep + 32
        same_log(trimmed, folded, list(range(1, folded.version + 1, 3)))
    finally:
        recount.close()
