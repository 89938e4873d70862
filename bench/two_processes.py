"""Two service processes on one PostgreSQL against one: recorded actions per second.

A private PostgreSQL cluster (the test suite's, tests/support/stores.py; BENCH_DB=postgresql://…
for another), `recount serve` processes on it, and wrk on loopback recording one
action per request, one match per connection, each connection holding its place
in its match's script (as bench/record_path.py does). One process gets all the
connections; two processes get half each (any load balancer would spread them so).
The runs alternate, REPEATS times each, on fresh matches; prints each run, the
medians and their ratio (the issue's target: two >= 1.6x one). Printed, not asserted.

On a machine with few cores the servers, PostgreSQL and wrk share them: the ratio
says what a second process buys on this machine, no more. So each run also prints
the CPU seconds of every process taking part during the load (each server,
PostgreSQL's processes together, wrk), and of all the machine's processes, against
the cores' capacity: where the cores are all busy, that is the limit, and the
figures say who holds them (on a shared machine, often someone else).

Run: .venv/bin/python -m bench.two_processes [--quick]"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import msgspec

from bench.common import machine_load, options, spread, workdir
from bench.kill_restart import start
from fixtures.random_player import PLAYERS, play_president as play
from bench import record_path
from bench.record_path import LUA, cpu_seconds, machine_cpu_seconds, run_wrk

CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "32"))
REPEATS = int(os.environ.get("BENCH_REPEATS", "2"))
ACTIONS = int(os.environ.get("BENCH_ACTIONS", "1200"))


def scripts(url: str, work: Path, count: int, seed: int) -> None:
    """`count` new matches and their bodies, one file per wrk connection."""
    setup, actions = play(ACTIONS, seed=seed, players=PLAYERS[:4])
    encoder = msgspec.json.Encoder()
    bodies = [encoder.encode({"events": [action], "expected_version": v}).decode() for v, action in enumerate(actions, start=1)]
    work.mkdir(parents=True)
    for i in range(count):
        created = httpx.post(url + "/matches", json=msgspec.to_builtins(msgspec.structs.replace(setup, title=f"two processes {i}")), timeout=30).json()
        (work / f"bodies_{i}.txt").write_text("\n".join([f"/matches/{created['match_id']}/events", created["write_token"], *bodies]) + "\n")
    (work / "record.lua").write_text(LUA.replace("DIR", str(work)).replace("PATH_OVERRIDE", "nil"))


def postgres_cpu(postmaster: int | None) -> float:
    """CPU seconds of a PostgreSQL cluster so far: the postmaster, its children that have
    exited (counted into its own figures once reaped) and those alive. 0 if unknown."""
    if postmaster is None:
        return 0.0
    tick = os.sysconf("SC_CLK_TCK")
    fields = Path(f"/proc/{postmaster}/stat").read_text().rpartition(")")[2].split()
    total = sum(int(f) for f in fields[11:15]) / tick  # utime, stime, cutime, cstime
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:  # gone meanwhile
                continue
            if int(stat[1]) == postmaster:
                total += (int(stat[11]) + int(stat[12])) / tick
    return total


def wrk_cpu() -> float:
    """CPU seconds of this process's children reaped so far (wrk, once it has exited)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(db: str, processes: int, work: Path, seed: int, postmaster: int | None) -> dict[str, Any]:
    """Requests per second recorded (2xx) by `processes` servers sharing the connections,
    and the CPU seconds each process spent while wrk ran."""
    with ExitStack() as stack:
        servers = []
        pids: list[subprocess.Popen[bytes]] = []
        for _ in range(processes):
            url, process, _ = start(db)
            stack.callback(lambda p=process: (p.terminate(), p.wait()))
            servers.append(url)
            pids.append(process)
        share = CONNECTIONS // processes
        folders = [work / f"p{i}" for i in range(processes)]
        for url, folder in zip(servers, folders, strict=True):
            scripts(url, folder, share, seed)
        record_path.CONNECTIONS = share  # run_wrk opens this many connections
        results: list[dict[str, float]] = [{} for _ in servers]

        def load(i: int) -> None:
            results[i] = run_wrk(folders[i] / "record.lua", servers[i])

        # wrk runs in its own process: a thread per server only waits for it.
        loads = [threading.Thread(target=load, args=(i,)) for i in range(processes)]
        before = [cpu_seconds(p.pid) for p in pids], postgres_cpu(postmaster), wrk_cpu(), time.monotonic(), machine_cpu_seconds()
        for thread in loads:
            thread.start()
        for thread in loads:
            thread.join()
        # The servers are still running (not yet reaped): the children's figure is wrk's alone.
        after = [cpu_seconds(p.pid) for p in pids], postgres_cpu(postmaster), wrk_cpu(), time.monotonic(), machine_cpu_seconds()
    rps = sum(r["rps"] for r in results) - sum(r["errors"] for r in results) / record_path.SECONDS
    return {
        "rps": rps,
        "p99": max(r["p99"] for r in results),
        "errors": sum(r["errors"] for r in results),
        "servers_cpu": [b - a for a, b in zip(before[0], after[0], strict=True)],
        "postgres_cpu": after[1] - before[1],
        "wrk_cpu": after[2] - before[2],
        "seconds": after[3] - before[3],
        "machine_cpu": after[4] - before[4],
    }


def main() -> None:
    global REPEATS, ACTIONS, CONNECTIONS
    if options(__doc__).quick:
        REPEATS, ACTIONS, CONNECTIONS = 1, 400, 2
        record_path.SECONDS = 1
    with ExitStack() as stack:
        db = os.environ.get("BENCH_DB")
        postmaster = None  # another's cluster (BENCH_DB): its CPU is not ours to find
        if not db:
            from tests.support.stores import PostgresCluster, fresh_schema

            cluster = PostgresCluster()
            stack.callback(cluster.stop)
            db = fresh_schema(cluster.start())
            postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
        work = stack.enter_context(workdir("two-processes"))
        figures: dict[int, list[dict[str, float]]] = {1: [], 2: []}
        print(f"two processes on one PostgreSQL: {CONNECTIONS} connections, wrk on loopback, {os.cpu_count()} cores shared by servers, PostgreSQL and wrk")
        print(f"{'run':<14}{'recorded/s':>11}{'p99 ms':>8}{'non-2xx':>8}   CPU seconds during the load (of {os.cpu_count()} cores x the seconds)")
        for repeat in range(REPEATS):
            for processes in (1, 2):
                result = run(db, processes, work / f"r{repeat}-{processes}", seed=repeat * 10 + processes, postmaster=postmaster)
                figures[processes].append(result)
                servers = " + ".join(f"{c:.1f}" for c in result["servers_cpu"])
                busy = sum(result["servers_cpu"]) + result["postgres_cpu"] + result["wrk_cpu"]
                per_action = sum(result["servers_cpu"]) * 1e6 / max(result["rps"] * result["seconds"], 1)
                print(
                    f"{f'{processes} process' + ('es' if processes > 1 else ''):<14}{result['rps']:>11.0f}{result['p99']:>8.1f}{result['errors']:>8.0f}"
                    f"   server{'s' if processes > 1 else ''} {servers}, postgres {result['postgres_cpu']:.1f}, wrk {result['wrk_cpu']:.1f}: "
                    f"{busy:.1f} (all processes {result['machine_cpu']:.1f}) of {os.cpu_count() * result['seconds']:.1f}; server CPU {per_action:.0f} µs per recorded action"
                )
        one = statistics.median(r["rps"] for r in figures[1])
        two = statistics.median(r["rps"] for r in figures[2])
        ratios = [b["rps"] / a["rps"] for a, b in zip(figures[1], figures[2], strict=True)]
        print(f"median recorded/s: one process {one:.0f}, two processes {two:.0f}; ratio {two / one:.2f}x, per repeat {spread(ratios)}x "
              f"(target >= 1.6x); {machine_load()}")


if __name__ == "__main__":
    main()
