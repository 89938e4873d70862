"""Benchmark (issue 15), not a test: a 1M-event SQLite store (1,000 President matches of
1,000 events, the built file kept under /tmp between runs), and in fresh processes:

1. RSS after touching every match (loading its log), once with no snapshots and
   once with the snapshots the first pass wrote (target <= 300 MB);
2. the time from a process's start to its first list of matches from a match index
   with no index file, in-process and from `recount serve` to its first answer to
   GET /matches (target <= 2 s).

Run: .venv/bin/python -m bench.big_store
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import msgspec

STORE = Path("/tmp/recount-big-store.sqlite")
MATCHES = 1000
EVENTS = 1000


def build() -> None:
    from fixtures.random_player import play_president as play
    from service.app import Recount
    from service.store import MatchStore, Meta, Recorded, default_env

    started = time.perf_counter()
    partial = STORE.with_suffix(".building")
    partial.unlink(missing_ok=True)
    recount = Recount(MatchStore(default_env(str(partial))))
    setup, actions = play(EVENTS - 1, seed=5)
    template = recount.create(setup)
    recount.append(template.match_id, template.write_token, [msgspec.to_builtins(a) for a in actions])
    log = recount.log(template.match_id)
    events = [r.event for r in log.records]
    finished = log.system.finished(log.state)
    system = log.system.name
    for m in range(1, MATCHES):
        stream = f"m_big{m:07d}"
        meta = Meta(recorded_at=1.7e9 + m, recorded_by="bench")
        records = [Recorded(stream, v, system, e, meta) for v, e in enumerate(events, start=1)]
        if finished:
            records[-1] = msgspec.structs.replace(records[-1], meta=msgspec.structs.replace(meta, ends_match=True))
        recount.store.append(records)
    recount.close()
    partial.rename(STORE)
    print(f"built {STORE} ({MATCHES} matches x {len(events)} events) in {time.perf_counter() - started:.0f} s")


def child(job: str) -> None:
    started = time.perf_counter()
    from service.app import Recount
    from service.store import MatchStore, default_env

    recount = Recount(MatchStore(default_env(str(STORE))))
    if job == "touch":
        streams = [str(n.originator_id) for n in recount.store.firsts_and_lasts(1, recount.store.head()) if n.originator_version == 1]
        for stream in streams:
            recount.log(stream)
        recount.logs.snapshot_writer.flush()
        rss = int(next(line for line in open("/proc/self/status") if line.startswith("VmRSS")).split()[1]) // 1024
        print(json.dumps({"matches": len(streams), "rss_mb": rss, "events_held": recount.logs.events_held,
                          "seconds": time.perf_counter() - started}))
    elif job == "index":
        from service.readmodel import MatchIndex

        rows = MatchIndex(recount, None).list()
        print(json.dumps({"matches": len(rows), "finished": sum(r["finished"] for r in rows), "seconds": time.perf_counter() - started}))
    recount.close()


def run(job: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "bench.big_store", job], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    if not STORE.exists():
        build()
    import sqlite3

    with sqlite3.connect(STORE) as db:  # a run from scratch: no snapshot yet
        db.execute("DROP TABLE IF EXISTS recount_snapshots")
    for label in ("no snapshots (first pass writes them)", "from snapshots"):
        r = run("touch")
        print(f"1. touched {r['matches']} matches, {label}: RSS {r['rss_mb']} MB, {r['events_held']} events held, "
              f"{r['seconds']:.1f} s  (target <= 300 MB; before: 676 MB)")
    r = run("index")
    print(f"2. first list of matches, no index file: {r['seconds']:.2f} s from process start, {r['matches']} matches, "
          f"{r['finished']} finished  (target <= 2 s; before: 27-44 s)")
    seconds, count = first_answer_of_a_server()
    print(f"   recount serve, no index file: first GET /matches answered {seconds:.2f} s after the start ({count} matches)")


def first_answer_of_a_server() -> tuple[float, int]:
    import socket

    import httpx

    STORE.with_suffix(".index.sqlite").unlink(missing_ok=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    started = time.perf_counter()
    server = subprocess.Popen([sys.executable, "-m", "service.cli", "--db", str(STORE), "serve", "--no-fixtures", "--port", str(port)],
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
    if len(sys.argv) > 1:
        child(sys.argv[1])
    else:
        main()
