"""Benchmark, not a test: prints

1. the latency of appends to a warm match while another match of 50,000 events
   loads cold (its log dropped, as after a restart), against the same appends
   without that load, in the same run (p50/p99);
   The cold load reads the match's latest snapshot (service/store/snapshots.py) and the
   events after it; the baseline in the same run loads with snapshots turned off;
2. one correction on a 10,000-step match: the rules check of an amendment of a
   late step, refolded from the nearest checkpoint (target <= 50 ms), against the
   same check refolded from step 1;
3. the first state of the 50,000-event match after a restart (a new process on the
   same file), from its snapshot (target <= 50 ms), against the whole fold without one;
4. the latency of reads and appends of another match while a batch of 10,000 events
   is checked, against the same requests with nothing heavy running, interleaved over
   3 rounds (p50/p99), and the callbacks on a debug-mode loop that held it longer than
   20 ms while the record path ran (asyncio's slow-callback warnings).

Run: .venv/bin/python -m bench.app_latency [--quick]
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import msgspec

from fixtures.random_player import play_president as play
from domain.corrections import amendment_type, refold
from service.usecases import handlers, planning
from domain.protocol import EVERYONE
from service.store.match_store import MatchStore, default_env
from service.usecases.app import Recount
from bench.common import machine_load, options, spread, workdir

COLD_EVENTS = 50_000
LONG_EVENTS = 10_000
APPENDS = 200
OTHERS = 300  # the other match's reads and appends, at most, beside the heavy batch


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


def first_state(db: str, match_id: str, from_snapshot: bool) -> None:
    """In a new process: the first state of the match, ms (printed as JSON)."""
    restarted = Recount(MatchStore(default_env(db)))
    restarted.logs.snapshots.enabled = from_snapshot
    start = time.perf_counter()
    log = restarted.log(match_id)
    log.system.view(log.state, EVERYONE)
    print(json.dumps({"ms": (time.perf_counter() - start) * 1e3}))
    restarted.close()


def first_state_after_restart(db: Path, match_id: str) -> None:
    print(f"3. the first state of the {COLD_EVENTS:,}-event match after a restart, each in a new process (ms, 3 rounds interleaved)")
    times: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(3):
        for from_snapshot in (True, False):
            out = subprocess.run([sys.executable, "-m", "bench.app_latency", "--child", str(db), match_id, str(int(from_snapshot))],
                                 capture_output=True, text=True, check=True).stdout
            times[from_snapshot].append(json.loads(out.strip().splitlines()[-1])["ms"])
    print(f"   from its snapshot             {spread(times[True])}   (target <= 50 ms)")
    print(f"   folded from step 1 (before)   {spread(times[False])}")


def pct_ms(values: list[float], q: float) -> float:
    return pct(values, q) * 1e3 if values else float("nan")


async def other_requests(recount: Recount, other, actions: list[dict], heavy=None) -> tuple[list[float], list[float]]:
    """Reads of another match's state and appends to it, one after another, for as long
    as `heavy` (an awaitable append) runs, or for all of `actions`: their latencies (s)."""
    task = asyncio.ensure_future(heavy) if heavy is not None else None
    reads: list[float] = []
    appends: list[float] = []
    for action in actions:
        if task is not None and task.done():
            break
        start = time.perf_counter()
        log = await recount.logs.get_async(other.match_id)
        log.system.view(log.state, EVERYONE)
        reads.append(time.perf_counter() - start)
        start = time.perf_counter()
        await recount.append_async(other.match_id, other.write_token, [action])
        appends.append(time.perf_counter() - start)
        await asyncio.sleep(0.002)
    if task is not None:
        await task
    return reads, appends


def slow_callbacks(coroutine_function, slow: float) -> list[float]:
    """Run on a fresh debug-mode loop: the seconds of every callback that took longer than `slow`."""
    took: list[float] = []

    class Catch(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            found = re.search(r"took ([\d.]+) seconds", record.getMessage())
            if found:
                took.append(float(found.group(1)))

    handler = Catch(level=logging.WARNING)
    logging.getLogger("asyncio").addHandler(handler)
    loop = asyncio.new_event_loop()
    loop.set_debug(True)
    loop.slow_callback_duration = slow
    try:
        loop.run_until_complete(coroutine_function())
    finally:
        loop.close()
        logging.getLogger("asyncio").removeHandler(handler)
    return took


def others_beside_a_heavy_batch(recount: Recount) -> None:
    setup, actions = play(LONG_EVENTS - 1, seed=15)
    moves = [msgspec.to_builtins(a) for a in actions]
    print(f"4. another match's reads and appends while a batch of {len(moves):,} events is checked, against the same with nothing heavy (ms, 3 rounds interleaved)")
    figures: dict[str, list[float]] = {"alone": [], "beside": [], "alone appends": [], "beside appends": []}
    for _ in range(3):
        for beside in (False, True):
            heavy, other = recount.create(setup), recount.create(setup)
            recount.log(other.match_id)
            job = recount.append_async(heavy.match_id, heavy.write_token, moves) if beside else None
            reads, appends = asyncio.run(other_requests(recount, other, moves[:OTHERS], job))
            name = "beside" if beside else "alone"
            figures[name].append(pct_ms(reads, 0.99))
            figures[f"{name} appends"].append(pct_ms(appends, 0.99))
    print(f"   reads p99   alone {spread(figures['alone'])}   beside the batch {spread(figures['beside'])}")
    print(f"   appends p99 alone {spread(figures['alone appends'])}   beside the batch {spread(figures['beside appends'])}")
    warm = recount.create(setup)
    recount.dry_run(warm.match_id, warm.write_token, moves[:1])

    async def record() -> None:
        for move in moves[:40]:
            await recount.append_async(warm.match_id, warm.write_token, [move])
        await asyncio.gather(*(recount.append_async(warm.match_id, warm.write_token, [m]) for m in moves[40:48]))

    took = slow_callbacks(record, 0.020)
    print(f"   record path on a debug loop: {len(took)} callbacks over 20 ms" + (f", the longest {max(took) * 1e3:.0f} ms" if took else ""))


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
        planning.prepared(job, {})  # the check an append makes, chain hashes included
        checkpoint.append((time.perf_counter() - start) * 1e3)
    for _ in range(3):
        start = time.perf_counter()
        refold(log.system, log.created.event, list(enumerate([*recorded, amended][1:], start=2)), check_from=target)
        whole.append((time.perf_counter() - start) * 1e3)
    print(f"2. one correction (step {target}) on a {log.version:,}-step match (ms)")
    print(f"   from the nearest checkpoint   median {statistics.median(checkpoint):7.2f}  max {max(checkpoint):7.2f}   (target <= 50 ms)")
    print(f"   refolded from step 1          median {statistics.median(whole):7.2f}  max {max(whole):7.2f}   (before)")


def main() -> None:
    global COLD_EVENTS, LONG_EVENTS, APPENDS, OTHERS
    if options(__doc__).quick:
        COLD_EVENTS, LONG_EVENTS, APPENDS, OTHERS = 600, 300, 5, 5
    print(machine_load())
    with workdir("app-latency") as work:
        db = work / "bench.sqlite"
        recount = Recount(MatchStore(default_env(str(db))))
        try:
            one_correction(recount)
            cold = warm_append_beside_cold_load(recount)
            others_beside_a_heavy_batch(recount)
        finally:
            recount.close()
        first_state_after_restart(db, cold)
    print(machine_load())


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        first_state(sys.argv[2], sys.argv[3], sys.argv[4] == "1")
    else:
        main()
