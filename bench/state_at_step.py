"""Benchmark: the state at a random step of a 1,000-event match, as `GET /state?step=N`
computes it (from the in-memory checkpoints), measured in process and over HTTP (a
server process of its own, bench.serve, one keep-alive connection), against rebuilding
it from the SQLite file (read, decode, fold) in this process. The three run
interleaved, round after round, so a slower moment of the machine weighs on each;
prints the median [min–max] of the rounds' medians beside the machine's load. Not a
test.

Run: .venv/bin/python -m bench.state_at_step [--quick]"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import httpx
import msgspec

from bench.common import free_port, machine_load, options, spread, wait_for, workdir
from domain.protocol import EVERYONE
from fixtures.random_player import play_president
from service.records import fixtures
from service.store.match_store import MatchStore, default_env
from service.store.matchlog import MatchLog
from service.usecases.app import Recount

EVENTS = 1000
ROUNDS = 5
SAMPLES = 200  # of each subject per round (the rebuild a tenth of that)


def per_call(fn: Callable[[int], object], steps: list[int]) -> float:
    """The median milliseconds of fn(step) over `steps`."""
    times = []
    for step in steps:
        start = time.perf_counter()
        fn(step)
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def main() -> None:
    global EVENTS, ROUNDS, SAMPLES
    if options(__doc__).quick:
        EVENTS, ROUNDS, SAMPLES = 200, 3, 20
    with workdir("state-at-step") as work:
        db = work / "bench.sqlite"
        recount = Recount(MatchStore(default_env(str(db))))
        setup, actions = play_president(EVENTS - 1, seed=5)
        match = fixtures.EventFile(name="bench", setup=setup, events=[msgspec.to_builtins(a) for a in actions[: EVENTS - 1]])
        created = fixtures.record(recount, match)
        log = recount.log(created.match_id)
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "bench.serve", str(db), str(port)])
        try:
            wait_for(port)
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
                measure(recount, log, created.match_id, client)
        finally:
            server.terminate()
            server.wait()
            recount.close()


def measure(recount: Recount, log: MatchLog, match_id: str, client: httpx.Client) -> None:
    def cached(step: int) -> None:
        log.system.view(log.state_at(step), EVERYONE)

    def over_http(step: int) -> None:
        reply = client.get(f"/matches/{match_id}/state", params={"step": step})
        if reply.status_code != 200:
            raise RuntimeError(f"GET state answered {reply.status_code}: {reply.text[:200]}")

    def rebuilt(step: int) -> None:
        records = recount.store.read(match_id, upto=step)
        fresh = MatchLog(log.system, records[0])
        fresh.replayed(records[1:])
        log.system.view(fresh.state, EVERYONE)

    rng = random.Random(9)
    over_http(log.version)  # the server loads the match once, before the rounds
    subjects = {"in process, from checkpoints": (cached, SAMPLES), "over HTTP (GET /state?step=N)": (over_http, SAMPLES),
                "rebuilt from SQLite (baseline)": (rebuilt, max(2, SAMPLES // 10))}
    medians: dict[str, list[float]] = {name: [] for name in subjects}
    for _ in range(ROUNDS):
        for name, (fn, samples) in subjects.items():
            medians[name].append(per_call(fn, [rng.randint(1, log.version) for _ in range(samples)]))
    print(f"state at a random step of a {log.version}-event President match (state + everyone's view), "
          f"ms per call: median [min–max] of {ROUNDS} interleaved rounds' medians; {machine_load()}")
    for name in subjects:
        print(f"  {name:<32} {spread(medians[name], '.3f')}")
    baseline = medians["rebuilt from SQLite (baseline)"]
    for name in list(subjects)[:2]:
        ratios = [b / m for b, m in zip(baseline, medians[name], strict=True)]
        print(f"  speed-up against the rebuild, {name}: {spread(ratios, '.0f')}x")
    print("  target: <= 1 ms per state")


if __name__ == "__main__":
    main()
