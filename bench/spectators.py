"""Many spectators on one match: from an append's 2xx to the step reaching the last of
500 spectators following the live stream (SSE), and the appends themselves with and
without those followers. One server process (bench.serve, SQLite); the spectators are
plain sockets on one uvloop loop in this process; the appender is a process of its
own, so its 2xx times are not held by the spectators' loop. Both stamp
time.monotonic(), one clock for every process. Printed, not asserted.

Phases, on two full-mode President matches: 500 spectators follow one of them;
appends to it paced (one every PACE ms) so each step is measured on its own; then
appends back to back to the match nobody follows and to the followed one in turns,
ROUNDS rounds, so that a slower moment of the machine weighs on both. Beside the rates, the CPU
time of the server's event loop thread per append: the figure least moved by other
work on a shared machine."""

from __future__ import annotations

import asyncio
import http.client
import json
import multiprocessing
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import msgspec
import uvloop

from fixtures.random_player import play_president as play
from bench.common import free_port, machine_load, options, spread, wait_for, workdir
from bench.tap_to_ack import percentile

SPECTATORS = int(os.environ.get("BENCH_SPECTATORS", "500"))
PACED = int(os.environ.get("BENCH_PACED_STEPS", "200"))
PACE_MS = float(os.environ.get("BENCH_PACE_MS", "40"))
BURST = int(os.environ.get("BENCH_BURST", "300"))
LIVE_QUERY = os.environ.get("BENCH_LIVE_QUERY", "&patches=true")
WARMUP = 10  # steps left out of the figures (connections and caches warming)
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
EVENT_ID = re.compile(rb"\nid: (\d+)\r\n")


def append_all(port: int, match_id: str, token: str, bodies: list[bytes], pace_ms: float) -> list[tuple[int, float, float]]:
    """POST each body in order; (version, sent, 2xx) per append, monotonic seconds."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    done = []
    next_at = time.monotonic()
    for body in bodies:
        if pace_ms:
            time.sleep(max(0.0, next_at - time.monotonic()))
            next_at += pace_ms / 1000
        sent = time.monotonic()
        connection.request("POST", f"/matches/{match_id}/events", body, headers)
        reply = connection.getresponse()
        answer = reply.read()
        acked = time.monotonic()
        if reply.status != 201:
            raise RuntimeError(f"append answered {reply.status}: {answer[:200]!r}")
        done.append((json.loads(answer)["version"], sent, acked))
    connection.close()
    return done


class Spectator(asyncio.Protocol):
    """One SSE reader: when each step's id arrives (monotonic seconds)."""

    def __init__(self, request: bytes, connected: asyncio.Future[None], after: int):
        self.request = request
        self.connected = connected
        self.tail = b""
        self.last = after
        self.arrivals: dict[int, float] = {}

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.write(self.request)  # type: ignore[attr-defined]

    def data_received(self, data: bytes) -> None:
        now = time.monotonic()
        if not self.connected.done():
            self.connected.set_result(None)
        text = self.tail + data
        for found in EVENT_ID.finditer(text):
            step = int(found.group(1))
            for version in range(self.last + 1, step + 1):
                self.arrivals[version] = now
            self.last = max(self.last, step)
        self.tail = text[-32:]


def summary(values: list[float]) -> str:
    return f"p50 {percentile(values, 0.5):7.1f}  p99 {percentile(values, 0.99):7.1f}  max {max(values):7.1f}"


def append_figures(name: str, done: list[tuple[int, float, float]]) -> None:
    latencies = [(acked - sent) * 1000 for _, sent, acked in done]
    seconds = done[-1][2] - done[0][1]
    print(f"  {name:<34} {len(done) / seconds:7.0f}/s   ms {summary(latencies)}")


def loop_cpu(pid: int) -> float:
    """CPU seconds of the server's main thread (its event loop) so far: a figure the
    other processes on a shared machine disturb far less than the rates."""
    fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measure(port: int, matches: dict[str, tuple[str, str]], bodies: list[bytes], server: int, pool: Any) -> None:
    """`matches`: the followed match and the one nobody follows, (id, write token) each."""
    loop = asyncio.get_running_loop()
    followed_id, _ = matches["followed"]
    sent = {"followed": 0, "alone": 0}  # bodies each match has been sent

    async def appends(name: str, count: int, pace_ms: float) -> tuple[list[tuple[int, float, float]], float]:
        """`count` appends to the match, and the server loop's CPU seconds per append meanwhile."""
        match_id, token = matches[name]
        cpu = loop_cpu(server)
        done = await asyncio.to_thread(pool.apply, append_all, (port, match_id, token, bodies[sent[name] : sent[name] + count], pace_ms))
        sent[name] += count
        return done, (loop_cpu(server) - cpu) / len(done)

    await appends("followed", WARMUP, 0.0)
    # As the replay page follows: patches, with the standings when they change.
    request = f"GET /matches/{followed_id}/live?after={WARMUP + 1}{LIVE_QUERY} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
    spectators: list[Spectator] = []
    transports = []
    for _ in range(SPECTATORS):
        connected: asyncio.Future[None] = loop.create_future()
        transport, spectator = await loop.create_connection(lambda c=connected: Spectator(request, c, WARMUP + 1), "127.0.0.1", port)
        await asyncio.wait_for(connected, 10)  # the 200 with its headers: following
        spectators.append(spectator)
        transports.append(transport)
    paced, paced_cpu = await appends("followed", PACED, PACE_MS)
    # Back to back, the match nobody follows and the followed one in turns, round after round.
    bursts: dict[str, list[list[tuple[int, float, float]]]] = {"alone": [], "followed": []}
    burst_cpu: dict[str, list[float]] = {"alone": [], "followed": []}
    for _ in range(ROUNDS):
        for name in ("alone", "followed"):
            done, cpu = await appends(name, BURST, 0.0)
            bursts[name].append(done)
            burst_cpu[name].append(cpu)
    last_version = bursts["followed"][-1][-1][0]
    for _ in range(100):  # the last steps on their way
        if all(last_version in s.arrivals for s in spectators):
            break
        await asyncio.sleep(0.1)
    for transport in transports:
        transport.close()

    acked = {version: at for version, _, at in paced[WARMUP:]}
    missing = sum(1 for s in spectators for v in range(paced[0][0], last_version + 1) if v not in s.arrivals)
    to_last = [(max(s.arrivals[v] for s in spectators) - at) * 1000 for v, at in acked.items() if all(v in s.arrivals for s in spectators)]
    to_each = [(s.arrivals[v] - at) * 1000 for v, at in acked.items() for s in spectators if v in s.arrivals]
    burst_acked = {version: at for done in bursts["followed"] for version, _, at in done}
    burst_to_last = [(max(s.arrivals[v] for s in spectators) - at) * 1000 for v, at in burst_acked.items() if all(v in s.arrivals for s in spectators)]
    print(f"many spectators: {SPECTATORS} SSE spectators of one match ({LIVE_QUERY or 'full frames'}), one server process (SQLite, loopback); {machine_load()}")
    print(f"  paced steps: {len(acked)} measured (one every {PACE_MS:.0f} ms; {WARMUP} warm-up left out)")
    print(f"  2xx -> {SPECTATORS}th spectator, ms    {summary(to_last)}")
    print(f"  2xx -> each spectator, ms          {summary(to_each)}")
    print(f"  the same, appends back to back     {summary(burst_to_last)}")
    print(f"  steps not received: {missing} of {SPECTATORS * (last_version - paced[0][0] + 1)}")
    print(f"  appends back to back, {BURST} per run, to a match nobody follows and to the followed one in turns, {ROUNDS} rounds: median [min–max]")
    for name, label in (("alone", "no follower"), ("followed", f"{SPECTATORS} followers")):
        rates = [len(done) / (done[-1][2] - done[0][1]) for done in bursts[name]]
        p99s = [percentile([(a - s) * 1000 for _, s, a in done], 0.99) for done in bursts[name]]
        print(f"  {label:<16} appends/s {spread(rates, '.0f')}   p99 ms {spread(p99s, '.1f')}   server loop CPU ms/append {spread([c * 1000 for c in burst_cpu[name]])}")
    alone = statistics.median(burst_cpu["alone"])
    print(f"  mean paced append with followers: {statistics.fmean((a - s) * 1000 for _, s, a in paced):.1f} ms; "
          f"server loop CPU per paced append {paced_cpu * 1000:.2f} ms")
    print(f"  -> per follower and paced step {(paced_cpu - alone) / SPECTATORS * 1e6:.1f} µs; per follower and back-to-back append "
          f"{(statistics.median(burst_cpu['followed']) - alone) / SPECTATORS * 1e6:.1f} µs; {machine_load()}")


def main() -> None:
    global SPECTATORS, PACED, BURST, ROUNDS, WARMUP
    if options(__doc__).quick:
        SPECTATORS, PACED, BURST, ROUNDS, WARMUP = 10, 12, 10, 3, 2
    with workdir("spectators") as work:
        run(work)


def run(work: Path) -> None:
    setup, actions = play(WARMUP + PACED + ROUNDS * BURST + 20, seed=5)
    encoder = msgspec.json.Encoder()
    bodies = [encoder.encode({"events": [action], "expected_version": version}) for version, action in enumerate(actions, start=1)]
    port = free_port()
    server = subprocess.Popen([sys.executable, *os.environ.get("BENCH_SERVER", "-m bench.serve").split(), str(work / "bench.sqlite"), str(port)])
    try:
        wait_for(port)
        matches = {}
        for name in ("followed", "alone"):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("POST", "/matches", encoder.encode(msgspec.structs.replace(setup, title=f"spectators bench, {name}")), {"Content-Type": "application/json"})
            created = json.loads(connection.getresponse().read())
            connection.close()
            matches[name] = (created["match_id"], created["write_token"])
        # The appender is a process of its own, started once: its 2xx times are not held by the spectators' loop.
        with multiprocessing.get_context("spawn").Pool(1) as pool:
            # uvloop, as the server runs: the spectators' own reading takes less of the shared cores.
            uvloop.run(measure(port, matches, bodies, server.pid, pool))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
