"""Benchmark, not a test: a 1M-event SQLite store (1,000 President matches of 1,000
events, built once per run in a temporary folder of its own), and in fresh processes:

1. after reading the state at a random PAST step of every match (GET
   /matches/{id}/state?step=N through the HTTP app, which reads back what a log
   loaded from its snapshot, or trimmed, does not hold): the process's RSS (target
   <= 300 MB), and the cache's count of the events it holds against the events its
   logs really hold and its bound; once with no snapshots and once from the
   snapshots the first pass wrote;
2. the time from a process's start to its first list of matches from a match index
   with no index file, in-process and from `recount serve` to its first answer to
   GET /matches (target <= 2 s).

Run: .venv/bin/python -m bench.big_store [--quick]   (--quick: 8 matches of 150 events, a bound of 750)
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import msgspec

from bench.common import free_port, machine_load, options, rss_mb, workdir
from service.store.repository import EVENTS_HELD_MAX


def build(store: Path, matches: int, events: int) -> None:
    """`matches` copies of one random President match of `events` events."""
    from fixtures.random_player import play_president as play
    from service.store.match_store import MatchStore, Meta, Recorded, default_env
    from service.usecases.app import Recount

    started = time.perf_counter()
    recount = Recount(MatchStore(default_env(str(store))))
    setup, actions = play(events - 1, seed=5)
    template = recount.create(setup)
    recount.append(template.match_id, template.write_token, [msgspec.to_builtins(a) for a in actions[: events - 1]])
    log = recount.log(template.match_id)
    played = [r.event for r in log.records]
    finished = log.system.finished(log.state)
    system = log.system.name
    for m in range(1, matches):
        stream = f"m_big{m:07d}"
        meta = Meta(recorded_at=1.7e9 + m, recorded_by="bench")
        records = [Recorded(stream, v, system, e, meta) for v, e in enumerate(played, start=1)]
        if finished:
            records[-1] = msgspec.structs.replace(records[-1], meta=msgspec.structs.replace(meta, ends_match=True))
        recount.store.append(records)
    recount.close()
    print(f"built {store} ({matches} matches x {len(played)} events) in {time.perf_counter() - started:.0f} s")


def child(job: str, store: Path, bound: int) -> None:
    started = time.perf_counter()
    from service.store.match_store import MatchStore, default_env
    from service.usecases.app import Recount

    recount = Recount(MatchStore(default_env(str(store))), events_held_max=bound)
    if job == "touch":
        from litestar.testing import TestClient

        from service.reads.readmodel import MatchIndex
        from service.web.routes import create_app

        streams = [str(n.originator_id) for n in recount.store.firsts_and_lasts(1, recount.store.head()) if n.originator_version == 1]
        rng = random.Random(28)
        with TestClient(app=create_app(recount, MatchIndex(recount, str(store.with_suffix(".touch-index.sqlite"))))) as client:
            for stream in streams:
                version = client.get(f"/matches/{stream}").json()["version"]
                reply = client.get(f"/matches/{stream}/state", params={"step": rng.randint(2, max(2, version // 2))})
                if reply.status_code != 200:
                    raise RuntimeError(f"GET state answered {reply.status_code}: {reply.text[:200]}")
            recount.logs.snapshot_writer.flush()
            held = [log for log in map(recount.logs.peek, streams) if log is not None]
            print(json.dumps({"matches": len(streams), "rss_mb": rss_mb(), "events_held": recount.logs.events_held,
                              "really_held": sum(log.held() for log in held), "logs_held": len(held),
                              "bound": recount.logs.events_held_max, "seconds": time.perf_counter() - started}))
    elif job == "index":
        from service.reads.readmodel import MatchIndex

        rows = MatchIndex(recount, None).list()
        print(json.dumps({"matches": len(rows), "finished": sum(r.finished for r in rows), "seconds": time.perf_counter() - started}))
    recount.close()


def run(job: str, store: Path, bound: int) -> dict:
    out = subprocess.run([sys.executable, "-m", "bench.big_store", "--child", job, str(store), str(bound)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    quick = options(__doc__).quick
    # Quick: a bound of five matches, so that the run evicts.
    matches, events, bound = (8, 150, 750) if quick else (1000, 1000, EVENTS_HELD_MAX)
    with workdir("big-store") as folder:
        measure(folder / "big.sqlite", matches, events, bound)


def measure(store: Path, matches: int, events: int, bound: int) -> None:
    build(store, matches, events)
    print(machine_load())
    for label in ("no snapshots (first pass writes them)", "from snapshots"):
        r = run("touch", store, bound)
        print(f"1. GET state at a random past step of each of {r['matches']} matches, {label}: RSS {r['rss_mb']} MB "
              f"(target <= 300 MB); the cache counts {r['events_held']:,} events, its {r['logs_held']} logs hold "
              f"{r['really_held']:,} (bound {r['bound']:,}); {r['seconds']:.1f} s")
    r = run("index", store, bound)
    print(f"2. first list of matches, no index file: {r['seconds']:.2f} s from process start, {r['matches']} matches, "
          f"{r['finished']} finished  (target <= 2 s; before: 27-44 s)")
    seconds, count = first_answer_of_a_server(store)
    print(f"   recount serve, no index file: first GET /matches answered {seconds:.2f} s after the start ({count} matches)")


def first_answer_of_a_server(store: Path) -> tuple[float, int]:
    import httpx

    store.with_suffix(".index.sqlite").unlink(missing_ok=True)
    port = free_port()
    started = time.perf_counter()
    server = subprocess.Popen([sys.executable, "-m", "service.cli.main", "--db", str(store), "serve", "--no-fixtures", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.perf_counter() - started < 120:
            try:
                reply = httpx.get(f"http://127.0.0.1:{port}/matches", headers={"Accept": "application/json"}, timeout=60)
                if reply.status_code == 200:
                    body = reply.json()
                    matches = body.get("matches", body) if isinstance(body, dict) else body
                    return time.perf_counter() - started, len(matches)
            except httpx.TransportError:
                time.sleep(0.05)
        raise RuntimeError("the server did not answer within 120 s")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], Path(sys.argv[3]), int(sys.argv[4]))
    else:
        main()
