"""Every fixture match, recorded through the application into a real SQLite file:
each action is checked, the standings recomputed from the record equal the ones
worked out in the file, and a fresh process replaying the stored stream gets the
same states."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from service.records import fixtures
from service.usecases.app import Recount
from tests.support.stores import open_recount

FILES = fixtures.fixture_files()


def test_there_are_fixtures_for_every_system() -> None:
    import domain

    systems = {path.parent.name for path in FILES}
    assert systems >= set(domain.systems()), f"no fixtures for {set(domain.systems()) - systems}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_fixture_records_and_replays_to_its_expected_standings(path: Path, recount: Recount, db_file: Path) -> None:
    match = fixtures.read(path)
    created = fixtures.record(recount, match)
    assert match.expected is not None, "a fixture must say what standings it expects"
    assert fixtures.differences(recount, created.match_id, match.expected) == []
    live = recount.log(created.match_id)
    assert live.version == len(match.events) + 1

    again = open_recount(db_file)
    try:
        replayed = again.log(created.match_id)
        assert replayed.version == live.version
        for step in sorted({1, 2, live.version // 2, live.version - 1, live.version}):
            assert msgspec.to_builtins(replayed.state_at(step)) == msgspec.to_builtins(live.state_at(step))
        assert again.standings(created.match_id) == recount.standings(created.match_id)
    finally:
        again.close()
