"""The live stream carries, for the match's write token, what the rules allow after
each message's last step (the choices `GET /matches/{id}/allowed` answers), as a patch
of what they allowed at the step before its first frame; a seat token's carry its own
(tests/service/test_seat_allowed.py), no other reader gets them (they come from every
known hand)."""

from __future__ import annotations

import gzip
from pathlib import Path

import msgspec
import pytest
from litestar.testing import TestClient

from replay.steps import allowed_of
from replay.patches import apply
from service.records import fixtures
from service.usecases.app import Recount
from tests.support.api import auth
from tests.support.frames import collect_stream

FIXTURES = [path for path in fixtures.fixture_files() if path.stem in ("classic-four-full", "two-player", "four-player-electoral")]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_the_write_tokens_live_messages_carry_the_allowed_actions_after_their_last_step(client: TestClient, recount: Recount, path: Path) -> None:
    created = fixtures.record(recount, fixtures.read(path))
    log = recount.log(created.match_id)
    head = client.get(f"/matches/{created.match_id}/allowed", headers=auth(created.write_token)).json()
    for seen in (0, 1, log.version // 2, log.version - 1):
        messages = collect_stream(client, f"/matches/{created.match_id}/live", params={"after": seen, "patches": True, "token": created.write_token})
        pages = [page for kind, page in messages if kind == "frames"]
        assert messages[-1][0] == "finished"
        # A page of a long catch-up that more pages follow carries none; the last one does.
        assert all(("allowed" in page) == (page["next_step"] is None) for page in pages)
        sent = pages[-1]["allowed"]
        assert sent["version"] == pages[-1]["frames"][-1]["step"] == log.version
        assert sent["base"] == pages[-1]["frames"][0]["step"] - 1
        had = plain(allowed_of(log.system, log.state_at(sent["base"]))) if sent["base"] else None
        now = sent["patch"] if sent["base"] == 0 else apply(had, sent["patch"])
        assert now["choices"] == head["choices"] and now["finished"] == head["finished"]


def plain(value: object) -> object:
    return msgspec.json.decode(msgspec.json.encode(value))


def test_spectators_and_whole_frames_get_no_allowed_actions(client: TestClient, recount: Recount) -> None:
    """A seat token's messages carry its own (tests/service/test_seat_allowed.py)."""
    created = fixtures.record(recount, fixtures.read(FIXTURES[0]))
    readers = [{"patches": True}, {"token": created.write_token}]  # a spectator; whole frames, as the stream always was
    for params in readers:
        messages = collect_stream(client, f"/matches/{created.match_id}/live", params={"after": 1, **params})
        assert messages[-1][0] == "finished"
        assert not any("allowed" in page for kind, page in messages if kind == "frames"), params


def test_standings_asked_as_patches_come_as_patches_of_those_before_the_message(client: TestClient, recount: Recount) -> None:
    created = fixtures.record(recount, fixtures.read(FIXTURES[0]))
    log = recount.log(created.match_id)
    for seen in (1, log.version // 2, log.version - 1):
        messages = collect_stream(client, f"/matches/{created.match_id}/live", params={"after": seen, "patches": True, "standings_patches": True})
        page = [page for kind, page in messages if kind == "frames"][-1]
        assert "standings" not in page
        sent = page["standings_patch"]
        base = page["frames"][0]["step"] - 1
        assert (sent["version"], sent["base"]) == (log.version, base)
        before = client.get(f"/matches/{created.match_id}/standings", params={"step": base}).json()
        assert apply(before, sent["patch"]) == client.get(f"/matches/{created.match_id}/standings").json()


def test_a_recorders_live_stream_is_gzipped_for_its_connection_and_reads_the_same(client: TestClient, recount: Recount) -> None:
    """The write token's channel carries the allowed actions, the bulk of a recording phone's
    download: gzipped for that connection when it accepts gzip, each message flushed whole."""
    created = fixtures.record(recount, fixtures.read(FIXTURES[0]))
    url, params = f"/matches/{created.match_id}/live", {"after": 0, "patches": True, "token": created.write_token}
    plain = client.get(url, params=params, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    with client.stream("GET", url, params=params, headers={"Accept-Encoding": "gzip, deflate"}) as zipped:
        assert zipped.headers["content-encoding"] == "gzip"
        sent = b"".join(zipped.iter_raw())
    assert gzip.decompress(sent) == plain.content
    assert len(sent) * 3 < len(plain.content)
    refused = client.get(url, params=params, headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "content-encoding" not in refused.headers
