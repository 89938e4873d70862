"""Benchmark: the frames of every step of a 1,000-event President match built the
first time (what `GET /matches/{id}/frames` builds and encodes for a fresh cache),
against a plain msgspec decode of the same stored events. The decode and each
subject run interleaved, round after round, so a slower moment of the machine
weighs on both; median [min–max] printed. Not a test.

Subjects: the patches a replay page reads (pages of 500, `patches=true`) and the
full frames (pages of 1,000), for a spectator and for everyone. Target: frames
built the first time at most 10x the decode.

Run: .venv/bin/python -m bench.frames [--quick]"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from fixtures.random_player import play_president as play
from domain.protocol import EVERYONE, SPECTATOR, Perspective
from bench.common import machine_load, options, spread, workdir
from replay import frames
from replay.patches import diff
from service import fixtures
from service.app import Recount
from service.store import MatchStore, Meta, default_env

EVENTS = 1000
ROUNDS = 15
VIEWER_PAGE = 500  # replay.js PAGE_SIZE


def timed(fn: Callable[[], object]) -> float:
    """Milliseconds of this thread's CPU time: on a machine shared with other work, the time the
    process waits for a core is not the subject's."""
    start = time.thread_time()
    fn()
    return (time.thread_time() - start) * 1e3


def main() -> None:
    global EVENTS, ROUNDS
    if options(__doc__).quick:
        EVENTS, ROUNDS = 150, 3
    with workdir("frames") as work:
        measure(work / "bench.sqlite")


def measure(db: Path) -> None:
    recount = Recount(MatchStore(default_env(str(db))))
    setup, actions = play(EVENTS - 1, seed=5)
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
    sizes: dict[str, int] = {}

    def served(name: str, perspective: Perspective, label: str, patches: bool) -> Callable[[], None]:
        """Every page of the match, encoded, as the route answers a reader paging through it, with a fresh cache."""

        def run() -> None:
            cache = frames.FrameCache()
            size = 0
            start: int | None = 1
            while start:
                page = frames.page(cache, log, perspective, label, start, None, VIEWER_PAGE if patches else frames.PAGE_MAX, patches)
                size += len(encode(page))
                start = page.next_step
            sizes[name] = size

        return run

    subjects = {
        "patches (spectator), as the replay page reads them": served("ps", SPECTATOR, "spectator", True),
        "patches (everyone)": served("pe", EVERYONE, "everyone", True),
        "full frames (spectator)": served("fs", SPECTATOR, "spectator", False),
        "full frames (everyone)": served("fe", EVERYONE, "everyone", False),
    }
    keys = dict(zip(subjects, ("ps", "pe", "fs", "fe"), strict=True))
    for fn in (decode, *subjects.values()):
        fn()  # warm up: first-use costs (imports, caches) are not what is measured
    base: list[float] = []
    times: dict[str, list[float]] = {name: [] for name in subjects}
    ratios: dict[str, list[float]] = {name: [] for name in subjects}
    for _ in range(ROUNDS):
        for name, fn in subjects.items():
            before = timed(decode)
            took = timed(fn)
            base.append(before)
            times[name].append(took)
            ratios[name].append(took / before)

    # Where a first build goes: the game system's own functions, one call per step.
    steps = list(log.walk(1, log.version))

    def each(call: Callable[[Any, Any, Any], object]) -> Callable[[], None]:
        def run() -> None:
            for record, before, after in steps:
                call(record, before, after)

        return run

    def walk_views() -> list[Any]:
        view = system.viewer(SPECTATOR)
        return [view(after) for _, _, after in steps]

    walked = walk_views()

    def diff_walked() -> None:
        for old, new in zip(walked, walked[1:]):
            diff(old, new)

    parts = {
        "evolve (walk)": lambda: sum(1 for _ in log.walk(1, log.version)),
        "view (spectator), each step on its own": each(lambda r, b, a: system.view(a, SPECTATOR)),
        "view (spectator), as a walk builds them": walk_views,
        "diff of each view from the one before": diff_walked,
        "describe": each(lambda r, b, a: b is not None and log.describe(r, b, a, SPECTATOR)),
    }
    part_ratios = {name: [timed(fn) / timed(decode) for _ in range(ROUNDS)] for name, fn in parts.items()}
    recount.close()

    print(f"frames for every step of a {log.version}-event President match ({len(setup.players)} players, {total_bytes:,} bytes stored), built the first time")
    print(f"  {ROUNDS} rounds, each subject beside a decode; CPU time of the thread; median [min–max]; {machine_load()}")
    print(f"  {'plain msgspec decode of the stored events':<52} {spread(base)} ms")
    for name in subjects:
        print(f"  {name:<52} {spread(times[name])} ms   x the decode: {spread(ratios[name], '.1f')}   ({sizes[keys[name]] / 1e6:.2f} MB JSON)")
    print("  of which (x the decode):")
    for name, values in part_ratios.items():
        print(f"    {name:<50} {spread(values, '.1f')}")
    worst = max(statistics.median(ratios[name]) for name in subjects if name.startswith("patches"))
    print(f"  target <= 10x the decode (patches, median of the slower reader): {'met' if worst <= 10 else 'NOT met'} ({worst:.1f}x)")


if __name__ == "__main__":
    main()
