"""A replay's download is compressed when the reader accepts it (gzip): frames, summary
and pages weigh a fraction of their JSON; a follower's live stream is not compressed (each
message goes out as soon as it is recorded, the same bytes to every reader; a recorder's
channel is: tests/replay/test_live_allowed.py)."""

from __future__ import annotations

import gzip
import json

from litestar.testing import TestClient

from service.records import fixtures
from service.usecases.app import Recount
from tests.support.frames import collect_stream, create_toy, draws, record


def test_frames_are_sent_gzipped_to_a_reader_that_accepts_it_and_read_the_same(client: TestClient, recount: Recount) -> None:
    path = next(p for p in fixtures.fixture_files() if f"{p.parent.name}/{p.stem}" == "bid/three-player")
    match = fixtures.record(recount, fixtures.read(path))
    url = f"/matches/{match.match_id}/frames"
    plain = client.get(url, params={"patches": True, "limit": 500}, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    with client.stream("GET", url, params={"patches": True, "limit": 500}, headers={"Accept-Encoding": "gzip"}) as zipped:
        assert zipped.headers["content-encoding"] == "gzip"
        sent = b"".join(zipped.iter_raw())
    assert json.loads(gzip.decompress(sent)) == plain.json()
    assert len(sent) * 3 < len(plain.content)


def test_the_live_stream_is_not_compressed(client: TestClient) -> None:
    match = create_toy(client)
    record(client, match, draws())
    record(client, match, [{"type": "WordShown", "player": p} for p in ("Al", "Betty", "Carl")])
    reply = client.get(f"/matches/{match['match_id']}/live", params={"after": 0}, headers={"Accept-Encoding": "gzip"})
    assert reply.status_code == 200 and "content-encoding" not in reply.headers
    assert [kind for kind, _ in collect_stream(client, f"/matches/{match['match_id']}/live", params={"after": 0})][-1] == "finished"
