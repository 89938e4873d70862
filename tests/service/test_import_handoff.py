"""An import checked in a worker process comes back to the server as a few bytes objects
(its records encoded as the store keeps them, in chunks), and is stored exactly as the
in-process import stores it; the server does not read its own commit back."""

from __future__ import annotations

import pickle
from pathlib import Path

import msgspec
import pytest

from fixtures.corrected import corrected_match
from service.records import export, heavy
from service.store.match_store import MatchStore
from service.usecases.app import Recount
from tests.support.stores import open_recount


def exported(tmp_path: Path, matches: int = 2) -> bytes:
    """A JSON Lines file of `matches` matches with corrections, exported from a store of its own."""
    source = open_recount(tmp_path / "source.sqlite")
    try:
        body = b""
        for seed in range(matches):
            setup, events = corrected_match(120, 12, seed=seed)
            created = source.create(setup)
            source.append(created.match_id, created.write_token, [msgspec.to_builtins(e) for e in events])
            body += b"".join(export.export_lines(source, created.match_id))
        return body
    finally:
        source.close()


def rows(store: MatchStore) -> list[tuple[int, str, int, str, bytes]]:
    return [(n.id, n.originator_id, n.originator_version, n.topic, n.state) for n in store.notifications(1, 100_000)]


def test_the_worker_returns_bytes_in_chunks_that_store_what_the_in_process_import_stores(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(export, "ROWS_PER_CHUNK", 50)
    body = exported(tmp_path)
    handed = pickle.loads(pickle.dumps(heavy.checked_import(body, False)))  # as the pool carries it back
    assert [type(match) for match in handed] == [export.Encoded, export.Encoded]
    for match in handed:
        assert len(match.chunks) > 1 and all(isinstance(chunk, bytes) for chunk in match.chunks)
    in_process, through_worker = open_recount(tmp_path / "in_process.sqlite"), open_recount(tmp_path / "worker.sqlite")
    try:
        expected_ids = export.import_all(in_process, export.parse(body.splitlines()))
        assert export.store_checked(through_worker, handed) == expected_ids
        assert rows(through_worker.store) == rows(in_process.store)
        assert [r.event for r in through_worker.log(expected_ids[1]).records] == [r.event for r in in_process.log(expected_ids[1]).records]
    finally:
        in_process.close()
        through_worker.close()


def test_a_notation_import_through_the_worker_stores_its_records_as_checked(recount: Recount) -> None:
    text = '[System "president"]\n[Players "Al, Betty, Carl, Dana"]\n\n'
    created, handed = heavy.checked_notation(text, 1.0)
    assert isinstance(handed, export.Encoded) and handed.match_id == created.match_id
    assert export.store_checked(recount, [handed]) == [created.match_id]
    assert recount.log(created.match_id).version == 1


def test_storing_an_import_does_not_read_its_own_events_back(recount: Recount, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The follower is moved past the import's own commit, as the writer moves it past
    its own: catching up afterwards reads no notification of it."""
    handed = heavy.checked_import(exported(tmp_path, matches=1), False)
    read: list[int] = []
    notifications = recount.store.notifications
    monkeypatch.setattr(recount.store, "notifications", lambda *args, **kwargs: read.extend(n.id for n in notifications(*args, **kwargs)) or notifications(*args, **kwargs))
    [match_id] = export.store_checked(recount, handed)
    recount.catch_up()
    assert read == []
    assert recount.log(match_id).version == recount.store.head()


@pytest.mark.parametrize(
    ("variable", "value"),
    [("RECOUNT_HEAVY_NICE", "ten"), ("RECOUNT_HEAVY_NICE", "25"), ("RECOUNT_HEAVY_WORKERS", "0"), ("RECOUNT_HEAVY_QUEUE", "-1"), ("RECOUNT_HEAVY_POOL", "fork"), ("RECOUNT_HEAVY_SWITCH_INTERVAL", "nan")],
)
def test_a_heavy_setting_that_does_not_fit_is_said_by_its_name(variable: str, value: str) -> None:
    """Checked when the server starts (service/web/server.py run), not first met by an
    import's request as a 500."""
    with pytest.raises(SystemExit, match=variable):
        heavy.configured({variable: value})


def test_the_heavy_settings_read_from_the_environment() -> None:
    assert heavy.configured({}) == {}
    assert heavy.configured({"RECOUNT_HEAVY_POOL": "thread", "RECOUNT_HEAVY_WORKERS": "2", "RECOUNT_HEAVY_NICE": "0"}) == {"kind": "thread", "workers": 2, "nice": 0}
