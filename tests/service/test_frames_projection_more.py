"""The replay frames projection (service/reads/frames_projection.py) where a match is not
a plain run of actions or the store is not as the projection left it: corrections, a
player who joins later, a store replaced under the frames, a match whose projection
fails, frames of other code, and the frames API before and after the projection."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from domain.protocol import Perspective
from replay import frames
from service.reads.frames_projection import FrameStore, FramesProjection, perspective_key, perspectives
from service.reads.readmodel import MatchIndex
from service.records import fixtures
from service.usecases.app import Recount
from service.usecases.results import Created
from service.web.routes import create_app
from tests.support.projection import Counting, pages, recorded
from tests.support.api import auth
from tests.support.stores import open_recount


def fixture_match(name: str) -> fixtures.EventFile:
    return fixtures.read(fixtures.FIXTURES / f"{name}.json")


def record_part(recount: Recount, name: str, count: int) -> tuple[Created, list[dict[str, Any]]]:
    """The fixture match with its first `count` actions recorded; the actions left."""
    match = fixture_match(name)
    created = fixtures.record(recount, msgspec.structs.replace(match, events=match.events[:count]))
    return created, match.events[count:]


def append(recount: Recount, created: Created, *events: dict[str, Any]) -> int:
    """Record `events` at the match's version; the version after them."""
    version = recount.log(created.match_id).version
    return recount.append(created.match_id, created.write_token, list(events), expected_version=version).version


def stored_everywhere(projection: FramesProjection, log) -> dict[str, dict[int, bytes]]:
    """Every stored frame of the match, by perspective key."""
    return {perspective_key(p): projection.frames.read(log.stream, p, 1, log.version) for p in perspectives(log)}


def assert_read_as_built(projection: FramesProjection, log) -> None:
    """Pages read through the stored frames are the pages built without them, for every
    perspective, and every patch of them came from the store."""
    for perspective in perspectives(log):
        counting = Counting(projection.frames)
        assert pages(frames.FrameCache(stored=counting), log, perspective) == pages(frames.FrameCache(), log, perspective), perspective
        assert counting.given == log.version, perspective


def test_given_a_match_with_an_amendment_and_a_void_when_projected_then_pages_read_as_built_and_the_corrected_step_keeps_its_frame(recount: Recount) -> None:
    """docs/house-rules.md § Corrections: the replay shows both the mistake and its
    correction; a correction is a later step, so the frame of the step it corrects stays."""
    # friday-three-public: step 19 is Hana's 4H on an open trick; step 20 was Ivo's 5H.
    created, rest = record_part(recount, "president/friday-three-public", 18)
    wrong = append(recount, created, {"type": "PlayerPassed", "player": "Ivo"})  # step 20: recorded by mistake
    projection = FramesProjection(recount)
    projection.catch_up()
    before = stored_everywhere(projection, recount.log(created.match_id))
    assert all(wrong in by_step for by_step in before.values())

    append(recount, created, {"type": "EventAmended", "step": wrong, "event": rest[0], "reason": "Ivo played the 5"}, *rest[1:6])
    extra = append(recount, created, {"type": "PlayerPassed", "player": "Ivo"})  # Ivo played the ace: he did not pass
    append(recount, created, {"type": "EventVoided", "step": extra}, *rest[6:40])
    assert projection.catch_up() > 0

    log = recount.log(created.match_id)
    after = stored_everywhere(projection, log)
    for key, by_step in before.items():
        assert {step: after[key][step] for step in by_step} == by_step, key  # nothing stored is rewritten
    spectator = perspectives(log)[0]
    assert msgspec.json.decode(after[perspective_key(spectator)][wrong])["type"] == "PlayerPassed"
    assert msgspec.json.decode(after[perspective_key(spectator)][wrong + 1])["corrects"] == wrong
    assert msgspec.json.decode(after[perspective_key(spectator)][extra + 1])["corrects"] == extra
    assert_read_as_built(projection, log)


def test_given_a_player_who_joins_later_when_projected_again_then_their_seat_is_stored_from_step_1(recount: Recount) -> None:
    """deck-five-leave-join: Fay joins after Ben at step 145 (president-deck.md: a player
    may join between deals); her seat's frames are stored once she is seated."""
    created, rest = record_part(recount, "president/deck-five-leave-join", 140)
    projection = FramesProjection(recount)
    projection.catch_up()
    fay = Perspective("seat", "Fay")
    assert perspective_key(fay) not in projection.frames.stored_to(created.match_id)

    append(recount, created, *rest)
    projection.catch_up()
    log = recount.log(created.match_id)
    assert fay in perspectives(log)
    assert projection.frames.stored_to(created.match_id)[perspective_key(fay)] == log.version
    assert projection.frames.read(created.match_id, fay, 1, log.version) == dict(frames.encoded_patches(log, fay, 1, log.version))
    assert_read_as_built(projection, log)


def test_given_a_position_beyond_the_stores_head_when_catching_up_then_the_frames_are_cleared_and_built_again(recount: Recount) -> None:
    """A store replaced by a smaller one (a fresh file) under frames a bigger one left: the
    frames held are of other matches, or of other events under the same ids."""
    match_id = recorded(recount, "president/friday-three-public")
    log = recount.log(match_id)
    spectator = perspectives(log)[0]
    left = FrameStore(recount.store)
    left.write(match_id, spectator, 1, [b'{"left":"by another store"}'] * 10)
    left.write("a-match-of-the-old-store", spectator, 1, [b"{}"] * 3)
    left.advance(recount.store.head() + 500, 0)

    projection = FramesProjection(recount)
    assert projection.catch_up() == recount.store.head()
    assert projection.frames.position() == recount.store.head()
    assert projection.frames.stored_to("a-match-of-the-old-store") == {}
    assert projection.frames.read(match_id, spectator, 1, log.version) == dict(frames.encoded_patches(log, spectator, 1, log.version))
    assert_read_as_built(projection, log)


def test_given_a_match_whose_projection_fails_when_catching_up_then_the_others_are_projected_and_the_position_advances(
    recount: Recount, monkeypatch: pytest.MonkeyPatch
) -> None:
    failing, rest = record_part(recount, "president/friday-three-public", 40)
    fine = recorded(recount, "president/deck-five-leave-join")
    built = frames.encoded_patches

    def encoded_patches(log, perspective: Perspective, first: int, last: int) -> Iterator[tuple[int, bytes]]:
        if log.stream == failing.match_id:
            raise RuntimeError("a view that fails")
        return built(log, perspective, first, last)

    monkeypatch.setattr(frames, "encoded_patches", encoded_patches)
    projection = FramesProjection(recount)
    assert projection.catch_up() == recount.store.head()
    assert projection.frames.position() == recount.store.head()
    assert projection.frames.stored_to(failing.match_id) == {}
    log = recount.log(fine)
    assert set(projection.frames.stored_to(fine).values()) == {log.version}
    assert_read_as_built(projection, log)

    # Once the failing match grows (and its projection works) it is projected whole, from step 1.
    monkeypatch.setattr(frames, "encoded_patches", built)
    append(recount, failing, *rest[:5])
    assert projection.catch_up() == 5
    log = recount.log(failing.match_id)
    assert set(projection.frames.stored_to(failing.match_id).values()) == {log.version}
    assert_read_as_built(projection, log)


def test_given_frames_of_two_codes_when_cleared_keeping_its_own_then_only_the_other_codes_go(recount: Recount) -> None:
    """What `run` does once it holds the claim: frames and position older code left are dropped, this code's kept."""
    log = recount.log(recorded(recount, "president/friday-three-public"))
    match_id, spectator = log.stream, perspectives(log)[0]
    older = FrameStore(recount.store)
    older.tag = "older-code"
    older.write(match_id, spectator, 1, [b"{}"] * 40)
    older.advance(7, 0)
    projection = FramesProjection(recount)
    projection.catch_up()
    own = stored_everywhere(projection, log)

    projection.frames.clear(keep_own=True)
    assert older.stored_to(match_id) == {}
    assert older.read(match_id, spectator, 1, 40) == {}
    assert older.position() == 0
    assert stored_everywhere(projection, log) == own
    assert projection.frames.position() == recount.store.head()


@contextmanager
def fresh_client(db_file: Path | str, index: Path) -> Iterator[TestClient]:
    """An application started anew on the store: nothing of its frames in memory."""
    reopened = open_recount(db_file)
    try:
        with TestClient(app=create_app(reopened, MatchIndex(reopened, str(index)))) as client:
            yield client
    finally:
        reopened.close()


# (from, limit) of the pages read: the whole match, then page by page from step 1, and from a later step (a key frame first).
PAGES = ((1, 1000), (1, 25), (26, 25), (51, 1000), (20, 17))
WHOLE = PAGES[:1]


def frame_pages(client: TestClient, match_id: str, readers: list[tuple[str | None, str | None]], shapes=PAGES) -> list[bytes]:
    """The bytes of the pages of patches each reader (token, as) reads."""
    found = []
    for token, seen_as in readers:
        for start, limit in shapes:
            params: dict[str, Any] = {"patches": "true", "from": start, "limit": limit, **({"as": seen_as} if seen_as else {})}
            reply = client.get(f"/matches/{match_id}/frames", params=params, headers=auth(token))
            assert reply.status_code == 200, reply.text
            found.append(reply.content)
    return found


def test_given_a_match_read_before_its_projection_when_a_new_server_reads_it_after_then_the_pages_are_the_same_bytes(
    recount: Recount, client: TestClient, db_file: Path | str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A running match (the write token reads as the recorder; a seat as the recorder sees
    it is not stored, but built) and a finished one (the write token reads everyone's)."""
    running, _ = record_part(recount, "president/deck-five-leave-join", 80)
    finished = fixtures.record(recount, fixture_match("president/friday-three-public"))
    stored = {created.match_id: [(None, None), (created.write_token, None), *((token, None) for token in created.seat_tokens.values())]
              for created in (running, finished)}
    built = {running.match_id: [(running.write_token, "Ana")]}
    before = {match_id: frame_pages(client, match_id, readers + built.get(match_id, [])) for match_id, readers in stored.items()}
    wholes = {match_id: frame_pages(client, match_id, readers, WHOLE) for match_id, readers in stored.items()}

    FramesProjection(recount).catch_up()
    with fresh_client(db_file, tmp_path / "fresh.index.sqlite") as fresh:
        for match_id, readers in stored.items():
            assert frame_pages(fresh, match_id, readers + built.get(match_id, [])) == before[match_id]

    def walk_patches(*args: Any) -> Iterator[Any]:
        raise AssertionError("a stored patch was built again")

    monkeypatch.setattr(frames, "walk_patches", walk_patches)
    with fresh_client(db_file, tmp_path / "again.index.sqlite") as fresh:  # the whole match from step 1: every patch read, none built
        for match_id, readers in stored.items():
            assert frame_pages(fresh, match_id, readers, WHOLE) == wholes[match_id]
