"""Benchmark: the first step a viewer draws of a finished 10,000-step match, asked of a
server that has just started (a new process, nothing of the match in memory).

The replay page of a finished match opens on its last step: it asks for the match's
summary, then, together, step 1's frame and the page of frames from the last step
(replay-frames.js), then the standings of that step. Each request is sent over one
keep-alive connection to a bench server (bench.serve, SQLite, as `make run`), a new
server for each round, one after the other; for each, the CPU time the server's threads
spent (Linux schedstat, in ns: what the server did, however busy the machine is) and the
wall time seen from here. Against: the same requests asked again of the same server
(everything built). Median [min–max] over the rounds. Target: the first step (summary
and both frame requests) in <= 50 ms of server time after a restart. Printed, not
asserted.

Two cases: the match's snapshot 250 steps before its last step (they are taken every 500),
and one step before its last, as a load without a snapshot leaves it (the first load after
the rules code changed, which every snapshot is tagged with): the repository snapshots the
state before the head, against which the last step's frame is described (a snapshot at the
last step left that to a fold of the whole past: 90 ms).

Run: .venv/bin/python -m bench.first_step [--quick]"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import httpx
import msgspec

from bench.common import free_port, machine_load, options, spread, wait_for, workdir
from fixtures.random_player import play_president
from service.records import fixtures
from service.store.match_store import MatchStore, default_env
from service.usecases.app import Recount

EVENTS = 10_000
ROUNDS = 5
TARGET_MS = 50.0
PAGE = 500  # match-client.js PAGE_SIZE
BACK = 250  # a snapshot this many steps before the last (they are taken every 500)


def record(db: Path) -> tuple[str, int]:
    """The match recorded in `db` (its snapshots written): its id and version."""
    recount = Recount(MatchStore(default_env(str(db))))
    setup, actions = play_president(EVENTS - 1, seed=3)
    created = fixtures.record(recount, fixtures.EventFile(name="bench", setup=setup, events=[msgspec.to_builtins(a) for a in actions[: EVENTS - 1]]))
    version = recount.log(created.match_id).version
    recount.close()
    return created.match_id, version


def requests(match_id: str, version: int) -> dict[str, tuple[str, dict[str, object]]]:
    path = f"/matches/{match_id}"
    return {
        "summary": (path, {}),
        "step 1's frame": (f"{path}/frames", {"from": 1, "to": 1, "patches": "true"}),
        "the page of the last step": (f"{path}/frames", {"from": version, "limit": PAGE, "patches": "true"}),
        "standings of the last step": (f"{path}/standings", {"step": version}),
    }


def cpu_ms(pid: int) -> float:
    """The CPU time every thread of process `pid` has run, in ms (a thread that ended is not counted)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            pass
    return total / 1e6


def timed(client: httpx.Client, pid: int, asked: dict[str, tuple[str, dict[str, object]]]) -> dict[str, tuple[float, float]]:
    """(server CPU ms, wall ms) of each request."""
    took = {}
    for name, (path, params) in asked.items():
        cpu, start = cpu_ms(pid), time.perf_counter()
        reply = client.get(path, params=params)
        took[name] = (cpu_ms(pid) - cpu, (time.perf_counter() - start) * 1e3)
        if reply.status_code != 200:
            raise RuntimeError(f"GET {path} answered {reply.status_code}: {reply.text[:200]}")
    return took


def snapshot_at(db: Path, match_id: str, back: int) -> int:
    """The match's only snapshot taken `back` steps before its last (1: as a load without a
    snapshot leaves it, the first load after the rules code changed, which every stored
    snapshot is tagged with); returns its step."""
    recount = Recount(MatchStore(default_env(str(db))))
    log = recount.log(match_id)
    step = log.version - back
    recount.logs.snapshot_writer.close()
    recount.logs.snapshots.clear()
    recount.logs.snapshots.save(log.records[step - 1], log.state_at(step), log.keys)
    recount.close()
    return step


def restarts(db: Path, asked: dict[str, tuple[str, dict[str, object]]]) -> tuple[dict[str, list[tuple[float, float]]], dict[str, list[tuple[float, float]]]]:
    """(after a restart, asked again): each request's (server CPU ms, wall ms), round by round."""
    first: dict[str, list[tuple[float, float]]] = {name: [] for name in asked}
    again: dict[str, list[tuple[float, float]]] = {name: [] for name in asked}
    for _ in range(ROUNDS):
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "bench.serve", str(db), str(port)])
        try:
            wait_for(port)
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
                client.get("/matches", params={"limit": 1})  # the connection opened, the app warmed: not this match
                for took, into in ((timed(client, server.pid, asked), first), (timed(client, server.pid, asked), again)):
                    for name, ms in took.items():
                        into[name].append(ms)
        finally:
            server.terminate()
            server.wait(timeout=10)
    return first, again


def main() -> None:
    global EVENTS, ROUNDS
    if options(__doc__).quick:
        EVENTS, ROUNDS = 600, 1
    with workdir("first-step") as work:
        db = work / "bench.sqlite"
        match_id, version = record(db)
        asked = requests(match_id, version)
        print(f"the first step a viewer draws of a finished {version}-step President match, from a server just started; "
              f"ms per request, median [min–max] of {ROUNDS} restarts")
        for back in (BACK, 1):
            step = snapshot_at(db, match_id, back)
            report(f"its snapshot at step {step}, {back} steps before its last", asked, *restarts(db, asked))


def report(case: str, asked: dict[str, object], first: dict[str, list[tuple[float, float]]], again: dict[str, list[tuple[float, float]]]) -> None:
    drawn = list(asked)[:3]
    first["first step (the first three)"] = [tuple(map(sum, zip(*(first[n][i] for n in drawn), strict=True))) for i in range(ROUNDS)]  # type: ignore[misc]
    again["first step (the first three)"] = [tuple(map(sum, zip(*(again[n][i] for n in drawn), strict=True))) for i in range(ROUNDS)]  # type: ignore[misc]
    print(f"{case}; {machine_load()}")
    print(f"  {'request':<30} {'server CPU, after the restart':>30} {'wall':>22} {'server CPU, asked again':>30}")
    for name in first:
        print(f"  {name:<30} {spread([c for c, _ in first[name]], '.1f'):>30} {spread([w for _, w in first[name]], '.1f'):>22} {spread([c for c, _ in again[name]], '.1f'):>30}")
    worst = max(c for c, _ in first["first step (the first three)"])
    print(f"  target <= {TARGET_MS:.0f} ms of server time after a restart: {'met' if worst <= TARGET_MS else 'NOT met'} (slowest restart {worst:.1f} ms)")


if __name__ == "__main__":
    main()
