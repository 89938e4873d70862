"""Slow clients against the real server: small requests (GET /matches/{id}/state, one
keep-alive connection, one after another) measured with no other client, then while
another process holds CONNECTIONS connections that never finish a request, a third
each: idle (nothing sent), slow-loris (a header byte a second) and stalled bodies (a
record request's headers and a piece of its body, then nothing). A connection the
server closes is opened again a second later, so the pressure stays. Interleaved,
ROUNDS rounds; p50/p99 as median [min–max] and their ratio under pressure to alone, the
server's open files (/proc/PID/fd) during and after, the CPU the server and the process
holding the connections took (on a machine of few cores they share it), and what the held
connections saw.

The server is `bench.serve` (the service as `make run` starts it) with its settings
from the environment: service/web/limits.py's defaults unless RECOUNT_… variables are set.
Only loopback addresses; every count and wait bounded. Printed, not asserted."""

from __future__ import annotations

import asyncio
import http.client
import multiprocessing
import os
import resource
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import msgspec

from bench.common import free_port, machine_load, options, spread, wait_for, workdir
from bench.record_path import cpu_seconds
from bench.tap_to_ack import percentile
from fixtures.random_player import play_president
from service.store.match_store import MatchStore, default_env
from service.usecases.app import Recount
from service.web.limits import connections_cap, settings_from_environment

ARGS = options(__doc__)
CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "30" if ARGS.quick else "2000"))
REQUESTS = int(os.environ.get("BENCH_REQUESTS", "40" if ARGS.quick else "2000"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "1" if ARGS.quick else "3"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "1" if ARGS.quick else "20"))  # a measuring run's bound, whatever REQUESTS
REOPEN_AFTER = 1.0  # seconds a held connection the server closed waits before it opens again
OPENING_MAX = 60.0  # seconds the holder may take to open its connections once


async def held_connection(kind: int, port: int, path: str, seen: dict[str, int]) -> None:
    """One slow client, again and again until cancelled: 0 idle, 1 slow-loris, 2 a stalled body."""
    while True:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            seen["refused"] += 1
            await asyncio.sleep(REOPEN_AFTER)
            continue
        seen["opened"] += 1
        if kind == 1:
            writer.write(b"GET /systems HTTP/1.1\r\nHost: slow\r\n")
        elif kind == 2:
            writer.write(f"POST {path} HTTP/1.1\r\nHost: slow\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n".encode() + b'{"events": [')
        answer = b""
        try:
            while True:
                if kind == 1:
                    writer.write(b"X")  # slow-loris: a byte of header a second
                    try:
                        chunk = await asyncio.wait_for(reader.read(4096), 1.0)
                    except asyncio.TimeoutError:
                        continue
                else:
                    chunk = await reader.read(4096)
                if not chunk:
                    break
                answer += chunk
        except OSError:
            pass
        finally:
            writer.close()
        seen["closed by the server"] += 1
        seen[f"answered {answer[9:12].decode() or 'nothing'}"] += 1
        await asyncio.sleep(REOPEN_AFTER)


def holder(port: int, path: str, count: int, ready: Any, stop: Any, report: Any) -> None:
    """The slow clients, in a process of their own: `count` connections held until `stop`."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    async def run() -> dict[str, int]:
        seen: dict[str, int] = defaultdict(int)
        tasks = []
        for i in range(count):
            tasks.append(asyncio.ensure_future(held_connection(i % 3, port, path, seen)))
            if i % 100 == 99:
                await asyncio.sleep(0.05)
        deadline = time.monotonic() + OPENING_MAX
        while seen["opened"] + seen["refused"] < count and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.05)
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=5)
        return dict(seen)

    report.put(asyncio.run(run()))


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def small_requests(port: int, path: str, count: int) -> tuple[list[float], int, int]:
    """`count` GETs one after another on a keep-alive connection (fewer if SECONDS pass):
    each one's seconds, the answers other than 200, and the times the connection had to be
    opened again."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    times, failures, reopened = [], 0, 0
    end = time.monotonic() + SECONDS
    for _ in range(count):
        if time.monotonic() > end:
            break
        started = time.perf_counter()
        try:
            connection.request("GET", path)
            reply = connection.getresponse()
            reply.read()
            failures += reply.status != 200
        except (OSError, http.client.HTTPException):
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            reopened += 1
            continue
        times.append(time.perf_counter() - started)
    connection.close()
    return times, failures, reopened


def main() -> None:
    context = multiprocessing.get_context("spawn")
    with workdir("slow-clients") as work:
        db = work / "bench.sqlite"
        recount = Recount(MatchStore(default_env(str(db))))
        setup, actions = play_president(40, seed=3)
        created = recount.create(setup)
        recount.append(created.match_id, created.write_token, [msgspec.to_builtins(action) for action in actions])
        recount.close()
        state = f"/matches/{created.match_id}/state"
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "bench.serve", str(db), str(port)], stdout=subprocess.DEVNULL)
        print(f"slow clients: {REQUESTS} GET {state.replace(created.match_id, '{id}')} one after another, alone and beside "
              f"{CONNECTIONS} held connections (idle, slow-loris, stalled body: a third each), {ROUNDS} rounds interleaved; {machine_load()}")
        settings = {name: value for name, value in os.environ.items() if name.startswith("RECOUNT_")}
        print(f"server settings: {settings or 'the defaults (service/web/limits.py)'}")
        print(f"{'run':<14}{'requests':>9}{'p50 ms':>9}{'p99 ms':>9}{'non-200':>9}{'reopened':>10}{'open files':>12}{'server CPU':>12}{'holder CPU':>12}   held connections")
        alone: list[dict[str, float]] = []
        pressed: list[dict[str, float]] = []
        try:
            wait_for(port)
            small_requests(port, state, REQUESTS // 4)  # warm-up
            for _ in range(ROUNDS):
                started, cpu = time.monotonic(), cpu_seconds(server.pid)
                times, failures, reopened = small_requests(port, state, REQUESTS)
                busy = (cpu_seconds(server.pid) - cpu) / (time.monotonic() - started)
                alone.append({"p50": percentile(times, 0.5) * 1e3, "p99": percentile(times, 0.99) * 1e3, "files": open_files(server.pid)})
                print(f"{'alone':<14}{len(times):>9}{alone[-1]['p50']:>9.2f}{alone[-1]['p99']:>9.2f}{failures:>9}{reopened:>10}{alone[-1]['files']:>12}{busy:>12.0%}")
                ready, stop, report = context.Event(), context.Event(), context.Queue()
                holding = context.Process(target=holder, args=(port, f"/matches/{created.match_id}/events", CONNECTIONS, ready, stop, report))
                holding.start()
                ready.wait(OPENING_MAX + 10)
                time.sleep(1.0)  # the last ones connected
                during = [open_files(server.pid)]
                started, cpu, held_cpu = time.monotonic(), cpu_seconds(server.pid), cpu_seconds(holding.pid)
                times, failures, reopened = small_requests(port, state, REQUESTS)
                seconds = time.monotonic() - started
                busy, held_busy = (cpu_seconds(server.pid) - cpu) / seconds, (cpu_seconds(holding.pid) - held_cpu) / seconds
                during.append(open_files(server.pid))
                stop.set()
                seen = report.get(timeout=60)
                holding.join(30)
                time.sleep(0.5)
                after = open_files(server.pid)
                pressed.append({"p50": percentile(times, 0.5) * 1e3, "p99": percentile(times, 0.99) * 1e3, "files": max(during), "after": after})
                print(f"{'held':<14}{len(times):>9}{pressed[-1]['p50']:>9.2f}{pressed[-1]['p99']:>9.2f}{failures:>9}{reopened:>10}{max(during):>12}{busy:>12.0%}{held_busy:>12.0%}   "
                      + ", ".join(f"{key} {value}" for key, value in sorted(seen.items())))
                print(f"{'  after':<14}{'':>9}{'':>9}{'':>9}{'':>9}{'':>10}{after:>12}")
            limit = Path(f"/proc/{server.pid}/limits").read_text()
            files_limit = int(next(line.split()[3] for line in limit.splitlines() if line.startswith("Max open files")))
        finally:
            server.terminate()
            server.wait(30)
        cap = connections_cap(settings_from_environment(), files_limit)
        print(f"median [min–max] over {ROUNDS} rounds:")
        for name, runs in (("alone", alone), ("held", pressed)):
            print(f"  {name:<6} p50 ms {spread(r['p50'] for r in runs)}   p99 ms {spread(r['p99'] for r in runs)}   open files {spread((r['files'] for r in runs), '.0f')}")
        print(f"  ratio held/alone: p50 {spread((h['p50'] / a['p50'] for a, h in zip(alone, pressed, strict=True)))}x, "
              f"p99 {spread((h['p99'] / a['p99'] for a, h in zip(alone, pressed, strict=True)))}x")
        print(f"  open files after the held connections left: {spread((r['after'] for r in pressed), '.0f')} "
              f"(alone: {spread((r['files'] for r in alone), '.0f')}); "
              f"the server's open-file limit {files_limit}, its connections at most {cap}")


if __name__ == "__main__":
    main()
