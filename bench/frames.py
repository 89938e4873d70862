"""Benchmark: a replay's first read of every step of a match (what `GET
/matches/{id}/frames` answers to a fresh cache), against a plain msgspec decode of the
same stored events, for every game system: a 1,000-event President match (random play)
and the longest fixture of Mr. President and of Presidential Bid. The decode and each
subject run interleaved, round after round, so a slower moment of the machine weighs on
both; a short match is read several times a round, decode and subject alike, so each
timing is a few ms. CPU time of the thread, median [min–max] printed. Not a test.

Subjects: the patches a replay page reads (pages of 500, `patches=true`) for a
spectator and for everyone, read from the frames projection (service/reads/
frames_projection.py: stored off the write path) as a served replay reads them, and
built on the spot as they are without it (a match not projected yet); whole frames
(pages of 1,000: never stored, always built). Then what the projection itself costs
(in its own process, off the write path): every stored perspective of the match, built,
encoded and written. Target: a replay's first read at most 15x the decode, every system.

Run: .venv/bin/python -m bench.frames [--quick]"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from bench.common import machine_load, options, spread, workdir
from domain.protocol import EVERYONE, SPECTATOR, Perspective
from fixtures.random_player import play_president as play
from replay import frames
from replay.patches import diff
from service.reads.frames_projection import FrameStore, FramesProjection, perspectives
from service.records import fixtures
from service.store.match_store import MatchStore, Meta, default_env
from service.usecases.app import Recount

EVENTS = 1000
ROUNDS = 15
TARGET = 15.0
VIEWER_PAGE = 500  # match-client.js PAGE_SIZE
FIXTURES = ("mrpresident/advanced-incumbent-year", "bid/sealed-all-cards")


def timed(fn: Callable[[], object]) -> float:
    """Milliseconds of this thread's CPU time: on a machine shared with other work, the time the
    process waits for a core is not the subject's."""
    start = time.thread_time()
    fn()
    return (time.thread_time() - start) * 1e3


def main() -> None:
    global EVENTS, ROUNDS
    if options(__doc__).quick:
        EVENTS, ROUNDS = 150, 1
    with workdir("frames") as work:
        recount = Recount(MatchStore(default_env(str(work / "bench.sqlite"))))
        try:
            setup, actions = play(EVENTS - 1, seed=5)
            actions = actions[: EVENTS - 1]  # the created event plus these: exactly EVENTS steps
            matches = {f"president/random-{EVENTS}": fixtures.EventFile(name="bench", setup=setup, events=[msgspec.to_builtins(a) for a in actions])}
            by_name = {f"{path.parent.name}/{path.stem}": path for path in fixtures.fixture_files()}
            matches.update((name, fixtures.read(by_name[name])) for name in FIXTURES)
            print(f"a replay's first read of every step of a match (frames stored by the projection, or built), against a plain decode of its stored events; {ROUNDS} rounds, "
                  f"each subject beside a decode; CPU time of the thread; median [min–max]; {machine_load()}")
            worst = {name: measure(recount, name, match) for name, match in matches.items()}
        finally:
            recount.close()
    for name, ratio in worst.items():
        print(f"  {name:<40} stored patches, the slower reader: {ratio:5.1f}x the decode (target <= {TARGET:.0f}x: {'met' if ratio <= TARGET else 'NOT met'})")


def measure(recount: Recount, name: str, match: fixtures.EventFile) -> float:
    """Prints the figures of one match; returns the median ratio of the slower reader of patches."""
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
    reads = max(1, -(-1000 // len(blobs)))  # a short match is read several times a round

    def decode() -> None:
        for _ in range(reads):
            for decoder, blob in blobs:
                decoder.decode(blob)

    encode = msgspec.json.Encoder().encode
    sizes: dict[str, int] = {}

    stored = FrameStore(recount.store)

    def served(perspective: Perspective, label: str, patches: bool, projected: bool = False) -> Callable[[], None]:
        """Every page of the match, encoded, as the route answers a reader paging through it, with a fresh cache."""

        def run() -> None:
            for _ in range(reads):
                cache = frames.FrameCache(stored=stored if projected else None)
                size = 0
                start: int | None = 1
                while start:
                    page = frames.page(cache, log, perspective, label, start, None, VIEWER_PAGE if patches else frames.PAGE_MAX, patches)
                    size += len(encode(page))
                    start = page.next_step
            sizes[f"{label} {patches}"] = size

        return run

    def project() -> None:
        for _ in range(reads):
            stored.clear()
            projection.project(created.match_id)

    projection = FramesProjection(recount)
    projected = [timed(project) / timed(decode) for _ in range(max(2, ROUNDS // 5))]
    subjects = {
        "patches (spectator), stored: a replay page's first read": served(SPECTATOR, "spectator", True, projected=True),
        "patches (everyone), stored": served(EVERYONE, "everyone", True, projected=True),
        "patches (spectator), built: a match not projected yet": served(SPECTATOR, "spectator", True),
        "patches (everyone), built": served(EVERYONE, "everyone", True),
        "whole frames (spectator), built (never stored)": served(SPECTATOR, "spectator", False),
    }
    for fn in (decode, *subjects.values()):
        fn()  # warm up: first-use costs (imports, caches) are not what is measured
    base: list[float] = []
    times: dict[str, list[float]] = {subject: [] for subject in subjects}
    ratios: dict[str, list[float]] = {subject: [] for subject in subjects}
    for _ in range(ROUNDS):
        for subject, fn in subjects.items():
            before = timed(decode)
            took = timed(fn)
            base.append(before)
            times[subject].append(took)
            ratios[subject].append(took / before)

    # Where a first build goes: the game system's own functions, one call per step.
    steps = list(log.walk(1, log.version))

    def repeated(call: Callable[[], object]) -> Callable[[], None]:
        def run() -> None:
            for _ in range(reads):
                call()

        return run

    def walk_views() -> list[Any]:
        view = system.viewer(SPECTATOR)
        return [view(after) for _, _, after in steps]

    walked = walk_views()
    parts = {
        "evolve (walk)": lambda: sum(1 for _ in log.walk(1, log.version)),
        "view (spectator), each step on its own": lambda: [system.view(after, SPECTATOR) for _, _, after in steps],
        "view (spectator), as a walk builds them": walk_views,
        "diff of each view from the one before": lambda: [diff(old, new) for old, new in zip(walked, walked[1:])],
        "describe": lambda: [log.describe(r, b, a, SPECTATOR) for r, b, a in steps if b is not None],
        "encode each view whole": lambda: [encode(view) for view in walked],
    }
    part_ratios = {part: [timed(repeated(fn)) / timed(decode) for _ in range(ROUNDS)] for part, fn in parts.items()}

    print(f"{name}: {log.version} steps, {total_bytes:,} bytes stored{f', read {reads} times a round' if reads > 1 else ''}")
    print(f"  {'plain msgspec decode of the stored events':<52} {spread(base)} ms")
    for subject, label, patches in zip(subjects, ("spectator", "everyone") * 2 + ("spectator",), (True,) * 4 + (False,), strict=True):
        print(f"  {subject:<56} {spread(times[subject])} ms   x the decode: {spread(ratios[subject], '.1f')}   "
              f"({sizes[f'{label} {patches}'] / 1e6:.2f} MB JSON)")
    print("  a frame built on the spot, of which (x the decode):")
    for part, values in part_ratios.items():
        print(f"    {part:<54} {spread(values, '.1f')}")
    count = len(perspectives(log))
    print(f"  the projection, in its own process: {count} perspectives built, encoded, written: {spread(projected, '.1f')}x the decode "
          f"({statistics.median(projected) / count:.1f}x a perspective); {stored_bytes(stored, created.match_id):,} bytes stored")
    return max(statistics.median(ratios[subject]) for subject in subjects if subject.startswith("patches") and "stored" in subject)


def stored_bytes(stored: FrameStore, match_id: str) -> int:
    with stored.datastore.transaction(commit=False) as c:
        c.execute(stored.sql("SELECT SUM(LENGTH(frames)) FROM {table} WHERE stream = ?"), (match_id,))
        return c.fetchone()[0] or 0


if __name__ == "__main__":
    main()
