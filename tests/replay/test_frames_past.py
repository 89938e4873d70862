"""Frames of a match whose log holds only its latest steps (loaded from a snapshot after a
restart, or trimmed): the first frames a viewer asks for (step 1, and the page of a step
it holds) are built without reading the match's past from the store, and are the frames
of the whole log."""

from __future__ import annotations

from pathlib import Path

import msgspec

from domain.protocol import EVERYONE, SPECTATOR
from fixtures.random_player import play_president
from replay.frames import FrameCache
from service.records import fixtures
from service.store.matchlog import MatchLog
from tests.support.stores import open_recount


def test_step_one_and_a_page_of_the_latest_steps_read_no_past_and_equal_the_whole_log(tmp_path: Path) -> None:
    recount = open_recount(tmp_path / "past.sqlite")
    try:
        setup, actions = play_president(300, seed=2)
        created = fixtures.record(recount, fixtures.EventFile(name="past", setup=setup, events=[msgspec.to_builtins(a) for a in actions]))
        records = recount.store.read(created.match_id)
        system = recount.log(created.match_id).system
        whole = MatchLog.load(system, records)
        latest = MatchLog.load(system, records)
        latest.trim(lambda upto: recount.store.read(created.match_id, upto=upto))
        base, version = latest.records.base, latest.version
        assert 2 < base < version
        for perspective in (SPECTATOR, EVERYONE):
            for patches in (False, True):
                for first, last in ((1, 1), (base + 1, version), (version, version)):
                    built = FrameCache().frames(latest, perspective, first, last, patches=patches)
                    assert built == FrameCache().frames(whole, perspective, first, last, patches=patches), (perspective, patches, first)
                    assert latest.records.base == base, (perspective, patches, first)
        assert latest.records.base == base  # the past was never read
    finally:
        recount.close()
