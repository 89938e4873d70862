"""Faults survived: CYCLES times, a `recount serve` process is killed with SIGKILL
while writers append concurrently, then started again on the same store; after each
restart every acknowledged event is looked for where it was acknowledged. Prints
acknowledged / lost per cycle and in all, and the restart time (from starting the
process to its first answer). Printed, not asserted.

The store is a SQLite file (BENCH_DB=postgresql://… for PostgreSQL).

Run: .venv/bin/python -m bench.kill_restart [--quick]"""

from __future__ import annotations

import os
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec

from fixtures.random_player import PLAYERS, play_president
from bench.common import free_port, machine_load, options, workdir

CYCLES = int(os.environ.get("BENCH_CYCLES", "20"))
WRITERS = int(os.environ.get("BENCH_WRITERS", "4"))
ACTIONS = 3000  # scripted for each writer's match
RECOUNT = Path(sys.executable).parent / "recount"


def start(db: str) -> tuple[str, subprocess.Popen[bytes], float]:
    """A server on the store; its URL, process and seconds to its first answer."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if k != "RECOUNT_DATABASE_URL"}
    started = time.monotonic()
    command = [str(RECOUNT), "--db", db, "serve", "--host", "127.0.0.1", "--port", str(port), "--no-fixtures"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    while True:
        try:
            if httpx.get(url + "/systems", timeout=1).status_code == 200:
                return url, process, time.monotonic() - started
        except httpx.TransportError:
            pass
        if process.poll() is not None:
            raise RuntimeError("the server exited at start")
        time.sleep(0.02)


def write(url: str, match: dict[str, Any], actions: list[dict[str, Any]], acknowledged: list[tuple[str, int]]) -> None:
    """Append the next scripted action at the version the server reports until it
    is killed; a 409 means read again."""
    path = f"/matches/{match['match_id']}"
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {match['write_token']}"}, timeout=10) as client:
        try:
            while (version := client.get(path).json()["version"]) <= len(actions):
                reply = client.post(path + "/events", json={"expected_version": version, "events": [actions[version - 1]]})
                if reply.status_code == 201:
                    acknowledged.append((match["match_id"], reply.json()["version"]))
        except (httpx.TransportError, ValueError):
            return


def lost_of(url: str, matches: list[tuple[dict[str, Any], list[dict[str, Any]]]], acknowledged: list[tuple[str, int]]) -> tuple[int, int]:
    """(acknowledged events not stored as acknowledged, streams with a gap)."""
    stored: dict[str, list[dict[str, Any]]] = {}
    gaps = 0
    for match, _ in matches:
        auth = {"Authorization": f"Bearer {match['write_token']}"}
        events: list[dict[str, Any]] = []
        while True:
            page = httpx.get(f"{url}/matches/{match['match_id']}/events", params={"from": len(events) + 1, "limit": 1000}, headers=auth, timeout=30).json()
            events += page["events"]
            if len(page["events"]) < 1000:
                break
        gaps += [e["step"] for e in events] != list(range(1, len(events) + 1))
        stored[match["match_id"]] = events
    scripts = {m["match_id"]: a for m, a in matches}
    lost = 0
    for match_id, version in acknowledged:
        events = stored[match_id]
        lost += version > len(events) or events[version - 1]["type"] != scripts[match_id][version - 2]["type"]
    return lost, gaps


def main() -> None:
    global CYCLES, WRITERS, ACTIONS
    if options(__doc__).quick:
        CYCLES, WRITERS, ACTIONS = 1, 2, 200
    if os.environ.get("BENCH_DB"):
        return measure(os.environ["BENCH_DB"])
    with workdir("kill-restart") as work:
        measure(str(work / "recount.sqlite"))


def measure(db: str) -> None:
    rng = random.Random(16)
    url, process, _ = start(db)
    matches = []
    for seed in range(WRITERS):
        setup, actions = play_president(ACTIONS, seed=100 + seed, players=PLAYERS[:4])
        created = httpx.post(url + "/matches", json=msgspec.to_builtins(setup)).json()
        matches.append((created, [msgspec.to_builtins(a) for a in actions]))
    acknowledged: list[tuple[str, int]] = []
    restarts: list[float] = []
    print(f"kill and restart: {CYCLES} cycles, {WRITERS} concurrent writers, SIGKILL 0-1 s after the first appends are acknowledged, store {'PostgreSQL' if db.startswith('postgres') else 'SQLite'}")
    print(f"{'cycle':>5} {'acknowledged':>13} {'lost':>5} {'gaps':>5} {'restart s':>10}")
    try:
        for cycle in range(1, CYCLES + 1):
            this_cycle: list[tuple[str, int]] = []
            threads = [threading.Thread(target=write, args=(url, m, a, this_cycle)) for m, a in matches]
            for thread in threads:
                thread.start()
            # Killed in full flow: once appends are being acknowledged, at a random moment after.
            waited = time.monotonic()
            while len(this_cycle) < 4 * WRITERS and time.monotonic() - waited < 60:
                time.sleep(0.01)
            time.sleep(rng.uniform(0.0, 1.0))
            process.send_signal(signal.SIGKILL)
            process.wait()
            for thread in threads:
                thread.join()
            acknowledged += this_cycle
            url, process, seconds = start(db)
            restarts.append(seconds)
            lost, gaps = lost_of(url, matches, this_cycle)
            print(f"{cycle:>5} {len(this_cycle):>13} {lost:>5} {gaps:>5} {seconds:>10.2f}")
        lost, gaps = lost_of(url, matches, acknowledged)
    finally:
        process.terminate()
        process.wait()
    print(f"in all: {len(acknowledged)} acknowledged, {lost} lost, {gaps} streams with a gap; "
          f"restart s: median {statistics.median(restarts):.2f}, max {max(restarts):.2f}; {machine_load()}")


if __name__ == "__main__":
    main()
