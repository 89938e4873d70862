"""Small requests beside heavy ones: the latency of small requests (a match's summary,
GET /matches/{id}) on an idle server, and while four imports of a ~1 MB JSON Lines
export (a long match with corrections, fixtures/corrected.py) run at once. One server
process (bench.serve, SQLite); the imports are sent by a process of their own, so this
one only times the small requests. ROUNDS rounds, idle and loaded in turns; p50 and p99
of each, and the ratio loaded / idle, median [min–max].

The server's heavy pool as its environment says (service/records/heavy.py): BENCH_HEAVY_POOL
(process or thread), BENCH_HEAVY_NICE and BENCH_SWITCH_INTERVAL are passed to it as
RECOUNT_HEAVY_POOL, RECOUNT_HEAVY_NICE and RECOUNT_HEAVY_SWITCH_INTERVAL."""

from __future__ import annotations

import http.client
import json
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

import msgspec

from bench.common import free_port, machine_load, options, spread, wait_for, workdir
from bench.tap_to_ack import percentile
from fixtures.corrected import corrected_match

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
IMPORTS = 4
STEPS, CORRECTIONS = 3400, 340  # about 1 MB of JSON Lines
SMALL_IDLE = 300  # small requests timed on the idle server, a round
CHUNK = 400


def call(connection: http.client.HTTPConnection, method: str, path: str, body: bytes | None = None, token: str | None = None, kind: str = "application/json") -> tuple[int, bytes]:
    """One request; once more on a new connection if the server closed an idle one."""
    headers = {"Content-Type": kind, **({"Authorization": f"Bearer {token}"} if token else {})}
    for attempt in (1, 2):
        try:
            connection.request(method, path, body, headers)
            reply = connection.getresponse()
            return reply.status, reply.read()
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            connection.close()
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def post_import(port: int, body: bytes) -> int:
    """One import, on a connection of its own (run in the importing process)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    status, answer = call(connection, "POST", "/imports", body, kind="application/x-ndjson")
    if status != 201:
        raise RuntimeError(f"an import answered {status}: {answer[:300]!r}")
    return status


def renamed(export: bytes, match_id: str) -> bytes:
    header, rest = export.split(b"\n", 1)
    fields = json.loads(header)
    fields["match_id"] = match_id
    return json.dumps(fields).encode() + b"\n" + rest


def small_requests(connection: http.client.HTTPConnection, path: str, until: object, count: int = 0) -> list[float]:
    """Latencies (ms) of GET `path` one after the other: `count` of them, or until `until.ready()`."""
    latencies = []
    while (len(latencies) < count) if count else not until.ready():  # type: ignore[attr-defined]
        start = time.perf_counter()
        status, _ = call(connection, "GET", path)
        latencies.append((time.perf_counter() - start) * 1000)
        assert status == 200
    return latencies


def main() -> None:
    global ROUNDS, STEPS, CORRECTIONS, SMALL_IDLE
    if options(__doc__).quick:
        ROUNDS, STEPS, CORRECTIONS, SMALL_IDLE = 1, 200, 10, 20
    with workdir("heavy-beside-small") as work:
        run(work)


def run(work: Path) -> None:
    setup, events = corrected_match(STEPS, CORRECTIONS, seed=7)
    port = free_port()
    env = dict(os.environ)
    env.update({name: os.environ[bench] for bench, name in (("BENCH_HEAVY_POOL", "RECOUNT_HEAVY_POOL"), ("BENCH_HEAVY_NICE", "RECOUNT_HEAVY_NICE"), ("BENCH_SWITCH_INTERVAL", "RECOUNT_HEAVY_SWITCH_INTERVAL")) if bench in os.environ})
    server = subprocess.Popen([sys.executable, *os.environ.get("BENCH_SERVER", "-m bench.serve").split(), str(work / "bench.sqlite"), str(port)], env=env)
    try:
        wait_for(port)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        created = json.loads(call(connection, "POST", "/matches", msgspec.json.encode(setup))[1])
        match_id, token = created["match_id"], created["write_token"]
        for start in range(0, len(events), CHUNK):
            chunk = [msgspec.to_builtins(e) for e in events[start : start + CHUNK]]
            assert call(connection, "POST", f"/matches/{match_id}/events", msgspec.json.encode({"events": chunk}), token)[0] == 201
        export = call(connection, "GET", f"/matches/{match_id}/export", token=token)[1]
        small = f"/matches/{match_id}"
        copies = 0
        with multiprocessing.get_context("spawn").Pool(IMPORTS) as importers:
            importers.starmap(post_import, [(port, renamed(export, f"warm{i}")) for i in range(IMPORTS)])  # warm-up: the worker starting
            figures: dict[str, list[float]] = {"idle p50": [], "idle p99": [], "loaded p50": [], "loaded p99": [], "imports s": []}
            counts: list[float] = []
            for _ in range(ROUNDS):
                idle = small_requests(connection, small, None, SMALL_IDLE)
                bodies = []
                for _ in range(IMPORTS):
                    copies += 1
                    bodies.append((port, renamed(export, f"copy{copies}")))
                started = time.perf_counter()
                running = importers.starmap_async(post_import, bodies)
                loaded = small_requests(connection, small, running)
                running.get()
                figures["imports s"].append(time.perf_counter() - started)
                counts.append(len(loaded))
                for name, values in (("idle", idle), ("loaded", loaded)):
                    figures[f"{name} p50"].append(percentile(values, 0.5))
                    figures[f"{name} p99"].append(percentile(values, 0.99))
        pool = os.environ.get("BENCH_HEAVY_POOL", "process") + f", nice {os.environ.get('BENCH_HEAVY_NICE', 'default')}, switch interval {os.environ.get('BENCH_SWITCH_INTERVAL', 'default')} s"
        print(f"small requests beside {IMPORTS} imports of {len(export) / 1e6:.2f} MB at once, heavy pool: {pool}; {ROUNDS} rounds, median [min–max]; {machine_load()}")
        for name, values in figures.items():
            print(f"  {name:<12} {spread(values, '.1f')}")
        for stat in ("p50", "p99"):
            ratios = [loaded / idle for loaded, idle in zip(figures[f"loaded {stat}"], figures[f"idle {stat}"], strict=True)]
            print(f"  {stat} loaded / idle: {spread(ratios, '.2f')} (target: p99 within 3x)")
        print(f"  small requests a round while loaded: {spread(counts, '.0f')}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
