"""The replay frames projection (service/reads/frames_projection.py): frames built off
the write path and stored are the bytes a reader would have built, a reader uses them,
and whatever is missing or of other code is built as before."""

from __future__ import annotations

import msgspec
import pytest

from domain.protocol import Perspective
from replay import frames
from service.reads.frames_projection import CHUNK, FrameStore, FramesProjection, perspectives
from service.records import fixtures
from service.usecases.app import Recount
from tests.support.projection import Counting, pages, recorded

FIXTURES = ("president/deck-five-leave-join", "bid/sealed-all-cards", "mrpresident/advanced-incumbent-year")


@pytest.mark.parametrize("name", FIXTURES)
def test_given_a_projected_match_when_a_replay_reads_it_then_it_reads_stored_frames_equal_to_built_ones(recount: Recount, name: str) -> None:
    match_id = recorded(recount, name)
    projection = FramesProjection(recount)
    assert projection.catch_up() == recount.store.head()
    log = recount.log(match_id)
    for perspective in perspectives(log):
        counting = Counting(projection.frames)
        assert pages(frames.FrameCache(stored=counting), log, perspective) == pages(frames.FrameCache(), log, perspective)
        assert counting.given == log.version  # every patch read once from the store, none built


def test_given_frames_stored_then_a_reader_serves_them_as_stored(recount: Recount) -> None:
    """What a reader sends is what the projection stored (a stored frame changed behind its back shows)."""
    match_id = recorded(recount, "president/friday-three-public")
    projection = FramesProjection(recount)
    projection.catch_up()
    log = recount.log(match_id)
    spectator = perspectives(log)[0]
    stored = projection.frames.read(match_id, spectator, 1, log.version)
    marked = b'{"marked":true}'
    projection.frames.write(match_id, spectator, CHUNK + 1, [marked] * (log.version - CHUNK))
    page = frames.page(frames.FrameCache(stored=projection.frames), log, spectator, "x", 1, None, 1000, True)
    assert page.frames[CHUNK - 1] == msgspec.Raw(stored[CHUNK])
    assert page.frames[CHUNK] == msgspec.Raw(marked)


def test_given_a_match_that_grows_when_projected_again_then_its_new_steps_are_added_to_those_stored(recount: Recount) -> None:
    """A chunk stored part-full is written again, fuller; the frames already stored stay as they were."""
    by_name = {f"{path.parent.name}/{path.stem}": path for path in fixtures.fixture_files()}
    match = fixtures.read(by_name["president/friday-three-public"])
    half = CHUNK + 5
    created = fixtures.record(recount, msgspec.structs.replace(match, events=match.events[:half]))
    projection = FramesProjection(recount)
    assert projection.catch_up() == half + 1
    log = recount.log(created.match_id)
    spectator = perspectives(log)[0]
    early = projection.frames.read(created.match_id, spectator, 1, log.version)
    recount.append(created.match_id, created.write_token, match.events[half:], expected_version=half + 1)
    assert projection.catch_up() == len(match.events) - half
    log = recount.log(created.match_id)
    assert set(projection.frames.stored_to(created.match_id).values()) == {log.version}
    later = projection.frames.read(created.match_id, spectator, 1, log.version)
    assert {step: later[step] for step in early} == early
    assert later == dict(frames.encoded_patches(log, spectator, 1, log.version))
    assert projection.catch_up() == 0  # nothing new: nothing read


def test_given_frames_of_other_code_then_a_reader_builds_its_own(recount: Recount) -> None:
    match_id = recorded(recount, "president/friday-three-public")
    projection = FramesProjection(recount)
    projection.catch_up()
    other = FrameStore(recount.store)
    other.tag = "another-code"
    log = recount.log(match_id)
    spectator = perspectives(log)[0]
    assert other.read(match_id, spectator, 1, log.version) == {}
    assert other.stored_to(match_id) == {}


def test_given_two_projectors_then_one_holds_the_claim_until_it_runs_out(recount: Recount) -> None:
    """Two servers on one store share one projection: the claim is renewed by its holder,
    refused to another while it lasts, and taken over once it ran out."""
    stored = FrameStore(recount.store)
    assert stored.claim("first", now=100.0, seconds=30)
    assert not stored.claim("second", now=110.0, seconds=30)
    assert stored.claim("first", now=125.0, seconds=30)  # renewed: until 155
    assert not stored.claim("second", now=150.0, seconds=30)
    assert stored.claim("second", now=156.0, seconds=30)
    assert not stored.claim("first", now=160.0, seconds=30)


def test_given_the_frames_cleared_during_a_pass_then_the_position_is_not_written_back(recount: Recount) -> None:
    """`recount rebuild` clears the frames while a server's projector runs: the pass that
    was under way does not set the position back past frames it no longer holds."""
    match_id = recorded(recount, "president/friday-three-public")
    calls = {"n": 0}

    def clear_once() -> bool:
        calls["n"] += 1
        if calls["n"] == 1:
            projection.frames.clear()
        return True

    projection = FramesProjection(recount)
    projection.frames.advance(1, 0)
    projection.still_mine = clear_once  # the rebuild lands as the pass starts on the match
    assert projection.catch_up() == 0
    assert projection.frames.position() == 0
    projection.still_mine = lambda: True
    assert projection.catch_up() == recount.store.head()
    assert set(projection.frames.stored_to(match_id).values()) == {recount.log(match_id).version}


def test_given_the_database_fails_during_a_pass_then_the_pass_stops_and_is_done_again(recount: Recount, monkeypatch: pytest.MonkeyPatch) -> None:
    """A locked or lost database is not a match whose frames cannot be built: the pass
    stops where it was (the position stays) and the next one projects that match."""
    from eventsourcing.persistence import OperationalError

    match_id = recorded(recount, "president/friday-three-public")
    projection = FramesProjection(recount)
    write = FrameStore.write

    def locked(*args: object, **kwargs: object) -> None:
        raise OperationalError("database is locked")

    monkeypatch.setattr(FrameStore, "write", locked)
    with pytest.raises(OperationalError):
        projection.catch_up()
    assert projection.frames.position() == 0
    monkeypatch.setattr(FrameStore, "write", write)
    assert projection.catch_up() == recount.store.head()
    assert set(projection.frames.stored_to(match_id).values()) == {recount.log(match_id).version}


def test_given_a_player_who_left_then_their_seat_is_still_projected() -> None:
    """The seats stored are those at the start and those now: a player who left the table
    reads the replay of the match they played in as their own seat."""
    from types import SimpleNamespace

    system = SimpleNamespace(seated=lambda created: ["Ana", "Ben", "Cleo"], players=lambda state: ["Ben", "Cleo", "Fay"])
    log = SimpleNamespace(system=system, created=SimpleNamespace(event=None), state=None)
    seats = [p.seat for p in perspectives(log) if p.kind == "seat"]  # type: ignore[arg-type]
    assert seats == ["Ana", "Ben", "Cleo", "Fay"]
