"""What one request costs the server in CPU (its process and its workers', not wall
time), against the match it works on: N steps with C corrections (fixtures/corrected.py:
an action recorded, voided at once, recorded again). Requests: a correction appended, the
match's notation, its export, the export imported (under a new id) and the notation
imported. Beside each figure, the CPU per event + correction of the match, which stays
flat when the work is linear in them. One server process (bench.serve, SQLite), every
request on loopback; ROUNDS rounds, sizes interleaved; median [min–max].

BENCH_SIZES (e.g. "2000:0,2000:200") picks the sizes, BENCH_TIMEOUT bounds a request."""

from __future__ import annotations

import http.client
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from bench.common import free_port, machine_load, options, spread, wait_for, workdir
from bench.heavy_beside_small import call
from fixtures.corrected import corrected_match

SIZES = [(steps, corrections) for steps in (2000, 10000) for corrections in (0, 50, 200)]
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
TIMEOUT = float(os.environ.get("BENCH_TIMEOUT", "300"))
CORRECTIONS_TIMED = 10  # correction appends measured a round (the clock ticks at 10 ms)
CHUNK = 400  # events a setup append (an append's body is bounded)
SETTLE = 0.1  # seconds after an answer during which the server's work for it (the index) still counts
OPERATIONS = ("correction append", "GET notation", "GET export", "POST /imports", "POST /imports/notation")


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and its descendants (the pool's workers) so far."""
    total, pending = 0.0, [pid]
    while pending:
        current = pending.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            for task in Path(f"/proc/{current}/task").iterdir():
                pending += [int(child) for child in (task / "children").read_text().split()]
        except FileNotFoundError:
            continue  # ended meanwhile
    return total


class Server:
    def __init__(self, port: int, pid: int):
        self.pid = pid
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)

    def call(self, method: str, path: str, body: bytes | None = None, token: str | None = None, kind: str = "application/json") -> tuple[int, bytes]:
        return call(self.connection, method, path, body, token, kind)

    def cost(self, request: Callable[[], tuple[int, bytes]], expect: int) -> float:
        """The server's CPU seconds for one request (and what it set going, SETTLE after)."""
        before = tree_cpu(self.pid)
        status, body = request()
        time.sleep(SETTLE)
        if status != expect:
            raise RuntimeError(f"answered {status}, not {expect}: {body[:300]!r}")
        return tree_cpu(self.pid) - before


class Match:
    """One match of the bench on the server, with its notation and export."""

    def __init__(self, server: Server, steps: int, corrections: int):
        setup, events = corrected_match(steps, corrections, seed=steps + corrections)
        self.server, self.label, self.size = server, f"{steps:,} steps, {corrections} corr.", len(events) + 1
        status, body = server.call("POST", "/matches", msgspec.json.encode(msgspec.structs.replace(setup, title=self.label)))
        created = json.loads(body)
        self.id, self.token = created["match_id"], created["write_token"]
        for start in range(0, len(events), CHUNK):
            chunk = [msgspec.to_builtins(e) for e in events[start : start + CHUNK]]
            status, body = server.call("POST", f"/matches/{self.id}/events", msgspec.json.encode({"events": chunk}), self.token)
            assert status == 201, body[:300]
        self.version, self.last = self.size, msgspec.to_builtins(events[-1])
        self.notation = server.call("GET", f"/matches/{self.id}/notation", token=self.token)[1]
        self.export = server.call("GET", f"/matches/{self.id}/export", token=self.token)[1]
        self.copies = 0

    def renamed_export(self) -> bytes:
        """The export under a new match id (the chain does not cover the id)."""
        self.copies += 1
        header, rest = self.export.split(b"\n", 1)
        fields = json.loads(header)
        fields["match_id"] = f"{fields['match_id']}_{self.copies}"
        return json.dumps(fields).encode() + b"\n" + rest

    def costs(self) -> dict[str, float]:
        s, costs = self.server, {}
        costs["GET notation"] = s.cost(lambda: s.call("GET", f"/matches/{self.id}/notation", token=self.token), 200)
        costs["GET export"] = s.cost(lambda: s.call("GET", f"/matches/{self.id}/export", token=self.token), 200)
        body = self.renamed_export()
        costs["POST /imports"] = s.cost(lambda: s.call("POST", "/imports", body, kind="application/x-ndjson"), 201)
        costs["POST /imports/notation"] = s.cost(lambda: s.call("POST", "/imports/notation", self.notation, kind="text/plain"), 201)
        corrections = 0.0
        for _ in range(CORRECTIONS_TIMED):
            # The last step voided, then recorded again: the match stays as it was, one correction longer.
            void = msgspec.json.encode({"events": [{"type": "EventVoided", "step": self.version}], "expected_version": self.version})
            corrections += s.cost(lambda void=void: s.call("POST", f"/matches/{self.id}/events", void, self.token), 201)
            status, body = s.call("POST", f"/matches/{self.id}/events", msgspec.json.encode({"events": [self.last], "expected_version": self.version + 1}), self.token)
            assert status == 201, body[:300]
            self.version += 2
        costs["correction append"] = corrections / CORRECTIONS_TIMED
        return costs


def main() -> None:
    global SIZES, ROUNDS, CORRECTIONS_TIMED
    if options(__doc__).quick:
        SIZES, ROUNDS, CORRECTIONS_TIMED = [(200, 0), (200, 10)], 1, 2
    if os.environ.get("BENCH_SIZES"):
        SIZES = [tuple(int(n) for n in size.split(":")) for size in os.environ["BENCH_SIZES"].split(",")]  # type: ignore[misc]
    with workdir("request-cost") as work:
        run(work)


def run(work: Path) -> None:
    port = free_port()
    server = subprocess.Popen([sys.executable, *os.environ.get("BENCH_SERVER", "-m bench.serve").split(), str(work / "bench.sqlite"), str(port)])
    try:
        wait_for(port)
        client = Server(port, server.pid)
        matches = [Match(client, steps, corrections) for steps, corrections in SIZES]
        for match in matches[:1]:
            match.costs()  # warm-up: the pool's worker starting, the caches filling
        figures: dict[tuple[str, str], list[float]] = {}
        for _ in range(ROUNDS):
            for match in matches:
                for name, seconds in match.costs().items():
                    figures.setdefault((match.label, name), []).append(seconds)
        print(f"request cost: server CPU (its process and workers) per request, {ROUNDS} rounds, median [min–max]; {machine_load()}")
        print(f"  {'match':<26} {'request':<24} {'CPU ms':>24}   {'µs per event+correction':>24}")
        for match in matches:
            for name in OPERATIONS:
                values = figures[(match.label, name)]
                per_event = [v * 1e6 / match.size for v in values]
                print(f"  {match.label + f' ({match.size:,})':<26} {name:<24} {spread([v * 1000 for v in values], '.1f'):>24}   {spread(per_event, '.1f'):>24}")
        flat = {name: [statistics.median(figures[(m.label, name)]) * 1e6 / m.size for m in matches] for name in OPERATIONS if name != "correction append"}
        print("  linearity (µs per event+correction, smallest to largest match): " + "; ".join(f"{name} {' '.join(f'{v:.0f}' for v in values)}" for name, values in flat.items()))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
