"""Benchmark (issues 15 and 16), not a test: prints

1. the latency of appends to a warm match while another match of 50,000 events
   loads cold (its log dropped, as after a restart), against the same appends
   without that load, in the same run (p50/p99);
2. one correction on a 10,000-step match: the rules check of an amendment of a
   late step, refolded from the nearest checkpoint (target <= 50 ms), against the
   same check refolded from step 1.

Run: .venv/bin/python -m bench.app_latency
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import msgspec

from bench.president_bot import play
from domain.corrections import amendment_type, refold
from service import checking, handlers
from service.app import Recount
from service.store import MatchStore, default_env

COLD_EVENTS = 50_000
LONG_EVENTS = 10_000
APPENDS = 200


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * q) - 1)]


async def appends(recount: Recount, match, moves, cold_id: str | None) -> list[float]:
    loading = asyncio.ensure_future(recount.logs.get_async(cold_id)) if cold_id else None
    latencies = []
    for move in moves:
        start = time.perf_counter()
        await recount.append_async(match.match_id, match.write_token, [move])
        latencies.append((time.perf_counter() - start) * 1e3)
    if loading is not None:
        await loading
    return latencies


def warm_append_beside_cold_load(recount: Recount) -> None:
    setup, actions = play(COLD_EVENTS - 1, seed=21)
    moves = [msgspec.to_builtins(a) for a in actions]
    cold = recount.create(setup)
    recount.append(cold.match_id, cold.write_token, moves)
    print(f"1. appends to a warm match, {APPENDS} one after another (ms)")
    for repeat in range(3):
        for label, load in (("alone", False), (f"beside a cold load of {COLD_EVENTS:,} events", True)):
            warm = recount.create(setup)
            recount.log(warm.match_id)
            recount.logs.forget(cold.match_id)
            started = time.perf_counter()
            times = asyncio.run(appends(recount, warm, moves[:APPENDS], cold.match_id if load else None))
            took = time.perf_counter() - started
            print(f"   run {repeat + 1} {label:<38} p50 {statistics.median(times):6.2f}  p99 {pct(times, 0.99):7.2f}  max {max(times):7.2f}  ({took:.1f} s)")


def one_correction(recount: Recount) -> None:
    setup, actions = play(LONG_EVENTS - 1, seed=22)
    moves = [msgspec.to_builtins(a) for a in actions]
    match = recount.create(setup)
    recount.append(match.match_id, match.write_token, moves)
    log = recount.log(match.match_id)
    recorded = [r.event for r in log.records]
    target = log.version - 50  # a late step: everything after it is checked again
    amended = msgspec.convert({"type": "EventAmended", "step": target, "event": moves[target - 2]}, amendment_type(log.system))
    job = handlers.prepare(recount.services, match.match_id, match.write_token, [msgspec.to_builtins(amended)])
    checkpoint, whole = [], []
    for _ in range(20):
        start = time.perf_counter()
        checking.prepared(job, {}, {})  # the check an append makes, chain hashes included
        checkpoint.append((time.perf_counter() - start) * 1e3)
    for _ in range(3):
        start = time.perf_counter()
        refold(log.system, log.created.event, list(enumerate([*recorded, amended][1:], start=2)), check_from=target)
        whole.append((time.perf_counter() - start) * 1e3)
    print(f"2. one correction (step {target}) on a {log.version:,}-step match (ms)")
    print(f"   from the nearest checkpoint   median {statistics.median(checkpoint):7.2f}  max {max(checkpoint):7.2f}   (target <= 50 ms)")
    print(f"   refolded from step 1          median {statistics.median(whole):7.2f}  max {max(whole):7.2f}   (before)")


def main() -> None:
    db = Path(tempfile.mkdtemp(prefix="recount-bench-")) / "bench.sqlite"
    recount = Recount(MatchStore(default_env(str(db))))
    try:
        one_correction(recount)
        warm_append_beside_cold_load(recount)
    finally:
        recount.close()


if __name__ == "__main__":
    main()
