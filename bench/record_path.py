"""Benchmark: the real record path against a bare echo endpoint, same server, same
bodies, bounded load on loopback with wrk (32 connections, one match per connection).

The record path authenticates, decodes, checks the action against the rules, and
commits it to the SQLite file (synchronous FULL) before replying. Prints requests
per second and latency for both, and their ratio. Not a test."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgspec

from bench.president_bot import play
from service.app import Recount
from service.store import MatchStore, default_env

CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "32"))
SECONDS = int(os.environ.get("BENCH_SECONDS", "8"))
ACTIONS = int(os.environ.get("BENCH_ACTIONS", "4000"))

LUA = r"""
local counter = 0
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end
function init(args)
  bodies = {}
  local lines = io.lines("DIR/bodies_" .. id .. ".txt")
  path = lines()
  token = lines()
  for line in lines do bodies[#bodies + 1] = line end
  n = 0
  headers = {["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token}
end
-- One connection per thread: a body is sent until it is answered 2xx, then the next.
-- (wrk may call request() more than once per connection; advancing on response keeps order.)
function request()
  return wrk.format("POST", PATH_OVERRIDE or path, headers, bodies[math.min(n + 1, #bodies)])
end
function response(status, headers, body)
  if status < 300 then n = n + 1 end
end
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int) -> None:
    for _ in range(200):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError("server did not start")


def run_wrk(script: Path, url: str) -> dict[str, float]:
    out = subprocess.run(
        ["wrk", "-t", str(CONNECTIONS), "-c", str(CONNECTIONS), "-d", f"{SECONDS}s", "--latency", "-s", str(script), url],
        capture_output=True, text=True, check=True,
    ).stdout
    def ms(label: str) -> float:
        m = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50": ms("50%"), "p99": ms("99%"), "requests": requests,
        "errors": int(non2xx.group(1)) if non2xx else 0,
    }


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="recount-bench-"))
    db = work / "bench.sqlite"
    setup, actions = play(ACTIONS, seed=3)
    encoder = msgspec.json.Encoder()
    recount = Recount(MatchStore(default_env(str(db))))
    for i in range(CONNECTIONS):
        created = recount.create(msgspec.structs.replace(setup, title=f"bench {i}"))
        lines = [f"/matches/{created.match_id}/events", created.write_token]
        lines += [encoder.encode({"events": [action], "expected_version": v}).decode() for v, action in enumerate(actions, start=1)]
        (work / f"bodies_{i}.txt").write_text("\n".join(lines) + "\n")
    recount.close()

    port = free_port()
    server = subprocess.Popen([sys.executable, *os.environ.get("BENCH_SERVER", "-m bench.serve").split(), str(db), str(port)])
    try:
        wait_for(port)
        base = work / "echo.lua"
        base.write_text(LUA.replace("DIR", str(work)).replace("PATH_OVERRIDE", '"/bench/echo"'))
        real = work / "record.lua"
        real.write_text(LUA.replace("DIR", str(work)).replace("PATH_OVERRIDE", "nil"))
        url = f"http://127.0.0.1:{port}"
        baseline = run_wrk(base, url)
        record = run_wrk(real, url)
    finally:
        server.terminate()
        server.wait()

    check = Recount(MatchStore(default_env(str(db))))
    total = 0
    position = 1
    while True:
        batch = check.store.notifications(position, 500)
        if not batch:
            break
        total += len(batch)
        position = batch[-1].id + 1
    check.close()
    recorded = total - CONNECTIONS
    exhausted = record["requests"] > CONNECTIONS * ACTIONS

    print(f"record path benchmark: {CONNECTIONS} connections, {SECONDS} s each, wrk on loopback, one uvicorn process (uvloop, httptools)")
    print(f"{'':<28}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'non-2xx':>10}")
    for name, r in (("baseline: decode + echo", baseline), ("record: check + commit", record)):
        print(f"{name:<28}{r['rps']:>10.0f}{r['p50']:>10.2f}{r['p99']:>10.2f}{r['errors']:>10}")
    print(f"ratio record/baseline: {record['rps'] / baseline['rps']:.2f}x  (target >= 0.5x, p99 <= 25 ms)")
    print(f"events durable in the SQLite file after the run: {recorded} (requests answered 2xx: {record['requests'] - record['errors']})")
    if exhausted:
        print("warning: the scripted matches ran out of actions; raise BENCH_ACTIONS")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
