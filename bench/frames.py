"""Benchmark: the frames of every step of a 1,000-event President match (what
`GET /matches/{id}/frames` builds and encodes), against a plain msgspec decode of
the same stored events in the same run. Prints figures; not a test.

Target: frames for all steps at most 10x the decode."""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from fixtures.random_player import play_president
from domain.protocol import EVERYONE, SPECTATOR, Perspective
from replay import frames
from service import fixtures
from service.app import Recount
from service.store import MatchStore, Meta, default_env

EVENTS = 1000
RUNS = 15


def median_ms(fn: Callable[[], object], runs: int = RUNS) -> float:
    fn()  # warm up: first-use costs (imports, caches) are not what is measured
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def main() -> None:
    db = Path(tempfile.mkdtemp(prefix="recount-bench-")) / "bench.sqlite"
    recount = Recount(MatchStore(default_env(str(db))))
    setup, actions = play_president(EVENTS - 1, seed=5)
    actions = actions[: EVENTS - 1]  # the created event plus these: exactly EVENTS steps
    match = fixtures.EventFile(name="bench", setup=setup, events=[msgspec.to_builtins(a) for a in actions])
    created = fixtures.record(recount, match)
    log = recount.log(created.match_id)
    system = log.system

    # The stored events as the store holds them (JSON [meta, event]), and one decoder
    # per event type built once, as the store's mapper does.
    stored = recount.store.recorder.select_events(created.match_id)
    decoders = {
        f"{system.name}:{t.__struct_config__.tag}": msgspec.json.Decoder(tuple[Meta, t])
        for t in (system.created_type, *system.action_types)
    }
    blobs = [(decoders[s.topic], s.state) for s in stored]
    total_bytes = sum(len(s.state) for s in stored)

    def decode() -> None:
        for decoder, blob in blobs:
            decoder.decode(blob)

    encode = msgspec.json.Encoder().encode

    def served(perspective: Perspective, label: str, cache: frames.FrameCache | None) -> Callable[[], int]:
        """Every page of the match, encoded, as the route answers a reader paging
        through it: with a fresh cache (nothing built yet) or the given warm one."""

        def run() -> int:
            pages = cache or frames.FrameCache()
            size = 0
            start: int | None = 1
            while start:
                page = frames.page(pages, log, perspective, label, start, None, frames.PAGE_MAX)
                size += len(encode(page))
                start = page.next_step
            return size

        return run

    warm = frames.FrameCache()
    base = median_ms(decode)
    rows = [
        ("plain msgspec decode of the stored events", base, None),
        ("served, first time: built + JSON (everyone)", median_ms(served(EVERYONE, "everyone", None)), served(EVERYONE, "everyone", None)()),
        ("served, first time: built + JSON (spectator)", median_ms(served(SPECTATOR, "spectator", None)), served(SPECTATOR, "spectator", None)()),
        ("served again, from the cache (everyone)", median_ms(served(EVERYONE, "everyone", warm)), None),
    ]
    # Where a first build goes: the game system's own functions, one call per step
    # (results dropped at once, as the served path does once a frame is encoded).
    steps = list(log.walk(1, log.version))

    def each(call: Callable[[Any, Any, Any], object]) -> Callable[[], None]:
        def run() -> None:
            for record, before, after in steps:
                call(record, before, after)

        return run

    parts = [
        ("  of which evolve (walk)", median_ms(lambda: sum(1 for _ in log.walk(1, log.version)))),
        ("  of which view (everyone)", median_ms(each(lambda r, b, a: system.view(a, EVERYONE)))),
        ("  of which view (spectator)", median_ms(each(lambda r, b, a: system.view(a, SPECTATOR)))),
        ("  of which describe", median_ms(each(lambda r, b, a: b is not None and system.describe(b, r.event)))),
    ]
    recount.close()
    print(f"frames for every step of a {log.version}-event President match ({len(setup.players)} players, {total_bytes:,} bytes stored)")
    print(f"  median of {RUNS} runs each")
    for name, ms, size in rows:
        ratio = "" if ms is base else f"  {ms / base:6.1f}x the decode"
        extra = f"  ({size / 1e6:.2f} MB JSON)" if size else ""
        print(f"  {name:<46} {ms:8.2f} ms{ratio}{extra}")
    for name, ms in parts:
        print(f"  {name:<46} {ms:8.2f} ms  {ms / base:6.1f}x the decode")
    first = max(rows[1][1], rows[2][1])
    again = rows[3][1]
    print(f"  target <= 10x the decode: first time (slower reader) {'met' if first <= 10 * base else 'NOT met'} ({first / base:.0f}x), from the cache {'met' if again <= 10 * base else 'NOT met'} ({again / base:.1f}x)")


if __name__ == "__main__":
    main()
