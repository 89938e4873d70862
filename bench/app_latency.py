"""Benchmark (issues 15 and 16), not a test: prints

1. the latency of appends to a warm match while another match of 50,000 events
   loads cold (its log dropped, as after a restart), against the same appends
   without that load, in the same run (p50/p99);
   The cold load reads the match's latest snapshot (service/snapshots.py) and the
   events after it; the baseline in the same run loads with snapshots turned off;
2. one correction on a 10,000-step match: the rules check of an amendment of a
   late step, refolded from the nearest checkpoint (target <= 50 ms), against the
   same check refolded from step 1;
3. the first state of the 50,000-event match after a restart (a new process's
   application on the same file), from its snapshot (target <= 50 ms), against the
   whole fold without one.

Run: .venv/bin/python -m bench.app_latency
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import msgspec

from fixtures.random_player import play_president as play
from domain.corrections import amendment_type, refold
from service import checking, handlers
from domain.protocol import EVERYONE
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


def warm_append_beside_cold_load(recount: Recount) -> str:
    setup, actions = play(COLD_EVENTS - 1, seed=21)
    moves = [msgspec.to_builtins(a) for a in actions]
    cold = recount.create(setup)
    recount.append(cold.match_id, cold.write_token, moves)
    recount.logs.snapshot_writer.flush()
    print(f"1. appends to a warm match, {APPENDS} one after another (ms)")
    snapshots = recount.logs.snapshots
    for repeat in range(3):
        for label, load, from_snapshot in (
            ("alone", False, True),
            (f"beside a cold load of {COLD_EVENTS:,} events", True, True),
            ("  the same, snapshots off (before)", True, False),
        ):
            warm = recount.create(setup)
            recount.log(warm.match_id)
            recount.logs.forget(cold.match_id)
            snapshots.enabled = from_snapshot
            started = time.perf_counter()
            times = asyncio.run(appends(recount, warm, moves[:APPENDS], cold.match_id if load else None))
            took = time.perf_counter() - started
            snapshots.enabled = True
            print(f"   run {repeat + 1} {label:<38} p50 {statistics.median(times):6.2f}  p99 {pct(times, 0.99):7.2f}  max {max(times):7.2f}  ({took:.1f} s)")
    return cold.match_id


def first_state_after_restart(db: Path, match_id: str) -> None:
    print(f"3. the first state of the {COLD_EVENTS:,}-event match after a restart (ms)")
    for label, from_snapshot in (("from its snapshot", True), ("folded from step 1 (before)", False)):
        times = []
        for _ in range(3):
            restarted = Recount(MatchStore(default_env(str(db))))
            restarted.logs.snapshots.enabled = from_snapshot
            start = time.perf_counter()
            log = restarted.log(match_id)
            log.system.view(log.state, EVERYONE)
            times.append((time.perf_counter() - start) * 1e3)
            restarted.close()
        target = "   (target <= 50 ms)" if from_snapshot else ""
        print(f"   {label:<30} median {statistics.median(times):8.2f}  max {max(times):8.2f}{target}")


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
        cold = warm_append_beside_cold_load(recount)
    finally:
        recount.close()
    first_state_after_restart(db, cold)


if __name__ == "__main__":
    main()
