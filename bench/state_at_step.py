"""Benchmark: the state at a step of a 1,000-event match, as `GET /state?step=N`
computes it (from the in-memory checkpoints), against rebuilding it from the SQLite
file (read, decode, fold) in the same run. Not a test."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from fixtures.random_player import play_president
from domain.protocol import EVERYONE
from service import fixtures
from service.app import Recount
from service.matchlog import MatchLog
from service.store import MatchStore, default_env

EVENTS = 1000
SAMPLES = 2000


def per_call(fn, samples: int) -> list[float]:
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return times


def main() -> None:
    db = Path(tempfile.mkdtemp(prefix="recount-bench-")) / "bench.sqlite"
    recount = Recount(MatchStore(default_env(str(db))))
    setup, actions = play_president(EVENTS - 1, seed=5)
    match = fixtures.EventFile(name="bench", setup=setup, events=[__import__("msgspec").to_builtins(a) for a in actions])
    created = fixtures.record(recount, match)
    log = recount.log(created.match_id)
    steps = [random.Random(9).randint(1, log.version) for _ in range(SAMPLES)]
    it = iter(steps * 2)

    def cached() -> None:
        state = log.state_at(next(it))
        log.system.view(state, EVERYONE)

    def rebuilt() -> None:
        n = next(it)
        records = recount.store.read(created.match_id, upto=n)
        fresh = MatchLog(log.system, records[0])
        fresh.replayed(records[1:])
        log.system.view(fresh.state, EVERYONE)

    fast = per_call(cached, SAMPLES)
    slow = per_call(rebuilt, SAMPLES // 10)
    recount.close()
    print(f"state at a random step of a {log.version}-event President match (state + everyone's view)")
    for name, t in (("from checkpoints (served)", fast), ("rebuilt from SQLite (baseline)", slow)):
        t.sort()
        print(f"  {name:<32} median {statistics.median(t):.3f} ms   p99 {t[int(len(t) * 0.99) - 1]:.3f} ms")
    print(f"  speed-up: {statistics.median(slow) / statistics.median(fast):.0f}x  (target: <= 1 ms per state)")


if __name__ == "__main__":
    main()
