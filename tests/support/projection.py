"""What the frames projection's tests share: a fixture match recorded, a stored-frames
source that counts what it gives, and every way a reader pages through a match."""

from __future__ import annotations

import msgspec

from domain.protocol import Perspective
from replay import frames
from service.reads.frames_projection import FrameStore
from service.records import fixtures
from service.usecases.app import Recount


def recorded(recount: Recount, name: str) -> str:
    by_name = {f"{path.parent.name}/{path.stem}": path for path in fixtures.fixture_files()}
    return fixtures.record(recount, fixtures.read(by_name[name])).match_id


class Counting:
    """A StoredFrames that counts the frames it gives."""

    def __init__(self, stored: FrameStore):
        self.stored, self.given = stored, 0

    def read(self, stream: str, perspective: Perspective, first: int, last: int) -> dict[int, bytes]:
        found = self.stored.read(stream, perspective, first, last)
        self.given += len(found)
        return found


def pages(cache: frames.FrameCache, log, perspective: Perspective) -> list[bytes]:
    """Every way a reader pages through a match: from the start, from a later step (a key
    frame first), continuing after a step it has, and whole frames."""
    return [
        msgspec.json.encode(frames.page(cache, log, perspective, "x", first, None, limit, patches, continuing))
        for first, limit, patches, continuing in ((1, 500, True, False), (20, 17, True, False), (5, 1000, True, True), (1, 1000, False, False))
    ]
