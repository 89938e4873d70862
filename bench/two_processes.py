"""Two service processes on one PostgreSQL against one: recorded actions per second.

A private PostgreSQL cluster (the test suite's, tests/conftest.py; BENCH_DB=postgresql://…
for another), `recount serve` processes on it, and wrk on loopback recording one
action per request, one match per connection, each connection holding its place
in its match's script (as bench/record_path.py does). One process gets all the
connections; two processes get half each (any load balancer would spread them so).
The runs alternate, REPEATS times each, on fresh matches; prints each run, the
medians and their ratio (the issue's target: two >= 1.6x one). Printed, not asserted.

On a machine with few cores the servers, PostgreSQL and wrk share them: the ratio
says what a second process buys on this machine, no more."""

from __future__ import annotations

import os
import statistics
import tempfile
import threading
from contextlib import ExitStack
from pathlib import Path

import httpx
import msgspec

from bench.kill_restart import start
from bench.president_bot import PLAYERS, play
from bench import record_path
from bench.record_path import LUA, run_wrk

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


def run(db: str, processes: int, work: Path, seed: int) -> dict[str, float]:
    """Requests per second recorded (2xx) by `processes` servers sharing the connections."""
    with ExitStack() as stack:
        servers = []
        for _ in range(processes):
            url, process, _ = start(db)
            stack.callback(lambda p=process: (p.terminate(), p.wait()))
            servers.append(url)
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
        for thread in loads:
            thread.start()
        for thread in loads:
            thread.join()
    return {
        "rps": sum(r["rps"] for r in results) - sum(r["errors"] for r in results) / record_path.SECONDS,
        "p99": max(r["p99"] for r in results),
        "errors": sum(r["errors"] for r in results),
    }


def main() -> None:
    with ExitStack() as stack:
        db = os.environ.get("BENCH_DB")
        if not db:
            from tests.conftest import PostgresCluster, fresh_schema

            cluster = PostgresCluster()
            stack.callback(cluster.stop)
            db = fresh_schema(cluster.start())
        work = Path(tempfile.mkdtemp(prefix="recount-two-"))
        figures: dict[int, list[dict[str, float]]] = {1: [], 2: []}
        print(f"two processes on one PostgreSQL: {CONNECTIONS} connections, wrk on loopback, {os.cpu_count()} cores shared by servers, PostgreSQL and wrk")
        print(f"{'run':<16}{'recorded/s':>12}{'p99 ms':>10}{'non-2xx':>10}")
        for repeat in range(REPEATS):
            for processes in (1, 2):
                result = run(db, processes, work / f"r{repeat}-{processes}", seed=repeat * 10 + processes)
                figures[processes].append(result)
                print(f"{f'{processes} process' + ('es' if processes > 1 else ''):<16}{result['rps']:>12.0f}{result['p99']:>10.1f}{result['errors']:>10.0f}")
        one = statistics.median(r["rps"] for r in figures[1])
        two = statistics.median(r["rps"] for r in figures[2])
        print(f"median recorded/s: one process {one:.0f}, two processes {two:.0f}; ratio {two / one:.2f}x (target >= 1.6x)")


if __name__ == "__main__":
    main()
