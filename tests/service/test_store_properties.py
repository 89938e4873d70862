"""Properties of the store on random legal matches: what is read back from the SQLite
file decodes to the very events recorded (msgspec round trip through the mapper), and
the state rebuilt from the stored stream equals the state built step by step while
recording."""

from __future__ import annotations

from pathlib import Path
from tempfile import TemporaryDirectory

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from fixtures.random_player import PLAYERS, play_president as play
from domain.fold import replay
from service.records import fixtures
from tests.support.stores import open_recount


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(4, 5), length=st.integers(5, 250))
def test_stored_stream_replays_to_the_recorded_states(seed: int, players: int, length: int) -> None:
    setup, actions = play(length, seed=seed, players=PLAYERS[:players])
    match = fixtures.EventFile(name="random", setup=setup, events=[msgspec.to_builtins(a) for a in actions])
    with TemporaryDirectory() as tmp:
        db = Path(tmp) / "r.sqlite"
        recording = open_recount(db)
        created = fixtures.record(recording, match)
        live = recording.log(created.match_id)
        recording.close()

        reading = open_recount(db)
        stored = reading.log(created.match_id)
        assert [r.event for r in stored.records[1:]] == actions
        assert stored.records[0].event == live.records[0].event
        system = stored.system
        assert msgspec.to_builtins(replay(system, stored.records[0].event, actions)) == msgspec.to_builtins(live.state)
        for step in range(1, stored.version + 1, 7):
            assert msgspec.to_builtins(stored.state_at(step)) == msgspec.to_builtins(live.state_at(step))
        reading.close()
