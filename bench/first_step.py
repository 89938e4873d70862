"""Benchmark: the first step a viewer draws of a finished 10,000-step match, asked of a
server that has just started (a new process, nothing of the match in memory).

The replay page of a finished match opens on its last step: it asks for the match's
summary, then, together, step 1's frame and the page of frames from the last step
(replay-frames.js), then the standings of that step. Each request is timed from this
process over one keep-alive connection to a bench server (bench.serve, SQLite, as `make
run`), a new server for each round; the requests are sent one after the other, so the
sum is what the server spent answering them (plus the loopback). Against: the same
requests asked again of the same server (everything built). Median [min–max] over the
rounds. Target: the first step (summary and both frame requests) in <= 50 ms after a
restart. Printed, not asserted.

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
from service import fixtures
from service.app import Recount
from service.store import MatchStore, default_env

EVENTS = 10_000
ROUNDS = 5
TARGET_MS = 50.0
PAGE = 500  # match-client.js PAGE_SIZE


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


def timed(client: httpx.Client, asked: dict[str, tuple[str, dict[str, object]]]) -> dict[str, float]:
    took = {}
    for name, (path, params) in asked.items():
        start = time.perf_counter()
        reply = client.get(path, params=params)
        took[name] = (time.perf_counter() - start) * 1e3
        if reply.status_code != 200:
            raise RuntimeError(f"GET {path} answered {reply.status_code}: {reply.text[:200]}")
    return took


def main() -> None:
    global EVENTS, ROUNDS
    if options(__doc__).quick:
        EVENTS, ROUNDS = 600, 1
    with workdir("first-step") as work:
        db = work / "bench.sqlite"
        match_id, version = record(db)
        asked = requests(match_id, version)
        first: dict[str, list[float]] = {name: [] for name in asked}
        again: dict[str, list[float]] = {name: [] for name in asked}
        for _ in range(ROUNDS):
            port = free_port()
            server = subprocess.Popen([sys.executable, "-m", "bench.serve", str(db), str(port)])
            try:
                wait_for(port)
                with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
                    client.get("/matches", params={"limit": 1})  # the connection opened, the app warmed: not this match
                    for took, into in ((timed(client, asked), first), (timed(client, asked), again)):
                        for name, ms in took.items():
                            into[name].append(ms)
            finally:
                server.terminate()
                server.wait(timeout=10)
    drawn = list(asked)[:3]
    print(f"the first step a viewer draws of a finished {version}-step President match, from a server just started; "
          f"ms per request, median [min–max] of {ROUNDS} restarts; {machine_load()}")
    print(f"  {'request':<30} {'after the restart':>26} {'asked again':>26}")
    for name in asked:
        print(f"  {name:<30} {spread(first[name], '.1f'):>26} {spread(again[name], '.1f'):>26}")
    totals = [sum(first[name][i] for name in drawn) for i in range(ROUNDS)]
    print(f"  {'first step (the first three)':<30} {spread(totals, '.1f'):>26} {spread([sum(again[n][i] for n in drawn) for i in range(ROUNDS)], '.1f'):>26}")
    worst = max(totals)
    print(f"  target <= {TARGET_MS:.0f} ms after a restart: {'met' if worst <= TARGET_MS else 'NOT met'} (slowest restart {worst:.1f} ms)")


if __name__ == "__main__":
    main()
