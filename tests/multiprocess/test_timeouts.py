"""A real `recount serve` closes the connections of clients that do not finish sending a
request (service/web/connections.py): one that sends nothing, half a header, headers a byte at a
time, a body that stops, or that idles after an answer; a live stream stays open. Its
connections are capped below its open-file limit, which it raises to the hard limit.

Tiny timeouts (0.2 s) are set through the environment; each wait below is a deadline on
a hang (10 s or more), never a latency asserted."""

from __future__ import annotations

import os
import resource
import select
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from tests.support.servers import new_match, serving

TINY = "0.2"
HANG = 10.0  # seconds: a connection still open after this was never going to be closed


@pytest.fixture
def tiny_timeouts(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("RECOUNT_HEADER_TIMEOUT", "RECOUNT_BODY_TIMEOUT", "RECOUNT_BODY_TOTAL_TIMEOUT", "RECOUNT_KEEPALIVE_TIMEOUT"):
        monkeypatch.setenv(name, TINY)


@contextmanager
def server(tmp_path: Path) -> Iterator[tuple[str, int, int]]:
    """The server's URL, port and process id."""
    with serving(tmp_path / "recount.sqlite") as [(url, process)]:
        yield url, int(url.rsplit(":", 1)[1]), process.pid


def connect(port: int) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", port))
    connection.settimeout(HANG)
    return connection


def read_until_closed(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a socket timeout, and
    the test fails, if it does not within HANG seconds)."""
    received = b""
    while chunk := connection.recv(65536):
        received += chunk
    return received


def test_a_connection_that_sends_nothing_is_closed(tmp_path: Path, tiny_timeouts: None) -> None:
    with server(tmp_path) as (_, port, _), connect(port) as idle:
        assert read_until_closed(idle) == b""


def test_half_a_header_is_answered_408_and_closed(tmp_path: Path, tiny_timeouts: None) -> None:
    with server(tmp_path) as (_, port, _), connect(port) as half:
        half.sendall(b"GET /systems HTTP/1.1\r\nHost: recount\r\n")
        assert read_until_closed(half).startswith(b"HTTP/1.1 408 ")


def test_headers_trickled_a_byte_at_a_time_are_cut_off(tmp_path: Path, tiny_timeouts: None) -> None:
    """Each byte came well within the header timeout; the headers as a whole did not."""
    request = b"GET /systems HTTP/1.1\r\nHost: recount\r\n" + b"X-Padding: " + b"a" * 400
    with server(tmp_path) as (_, port, _), connect(port) as trickle:
        deadline = time.monotonic() + HANG
        for byte in request:
            assert time.monotonic() < deadline, "the server kept reading a trickled header"
            try:
                trickle.sendall(bytes([byte]))
            except OSError:  # reset: the server closed it while bytes were arriving
                return
            if select.select([trickle], [], [], 0.02)[0]:
                assert read_until_closed(trickle).startswith(b"HTTP/1.1 408 ")
                return
        pytest.fail("the server read the whole trickled header")


@pytest.mark.parametrize("path", ["/matches", "/matches/nomatch/events", "/imports"])
def test_a_body_that_stops_is_answered_408_and_closed(tmp_path: Path, tiny_timeouts: None, path: str) -> None:
    """The record route's fast path (service/web/server.py) reads its body itself: the same."""
    with server(tmp_path) as (_, port, _), connect(port) as stalled:
        stalled.sendall(f"POST {path} HTTP/1.1\r\nHost: recount\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n".encode() + b'{"ev')
        assert read_until_closed(stalled).startswith(b"HTTP/1.1 408 ")


def test_a_connection_idle_after_an_answer_is_closed(tmp_path: Path, tiny_timeouts: None) -> None:
    with server(tmp_path) as (_, port, _), connect(port) as kept:
        kept.sendall(b"GET /systems HTTP/1.1\r\nHost: recount\r\n\r\n")
        answer = read_until_closed(kept)
        assert answer.startswith(b"HTTP/1.1 200 ") and b"connection: close" not in answer.lower()


def test_a_connection_answered_before_its_body_ended_is_closed_when_it_then_idles(tmp_path: Path, tiny_timeouts: None) -> None:
    """A confirmation on no match is answered 404 before its body is read; the body's
    bytes stopped uvicorn's keep-alive timer, and nothing armed another: open for good."""
    with server(tmp_path) as (_, port, _), connect(port) as early:
        early.sendall(b"POST /matches/nomatch/confirmations HTTP/1.1\r\nHost: recount\r\nContent-Length: 4\r\n\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.endswith(b"}"):
            answer += early.recv(65536)
        assert answer.startswith(b"HTTP/1.1 404 ")
        early.sendall(b"{}  ")
        assert read_until_closed(early) == b""


def test_a_live_stream_stays_open_past_every_timeout(tmp_path: Path, tiny_timeouts: None) -> None:
    with server(tmp_path) as (url, port, _):
        created, actions = new_match(url, 3, seed=5)
        with connect(port) as live:
            live.sendall(f"GET /matches/{created['match_id']}/live HTTP/1.1\r\nHost: recount\r\nAccept: text/event-stream\r\n\r\n".encode())
            assert live.recv(65536).startswith(b"HTTP/1.1 200 ")
            # given a connection opened after the stream's, closed for its half header: every
            # deadline of the stream's connection has passed too
            with connect(port) as half:
                half.sendall(b"GET /systems HTTP/1.1\r\n")
                assert read_until_closed(half).startswith(b"HTTP/1.1 408 ")
            # when a step is recorded, then the stream still brings it
            reply = httpx.post(f"{url}/matches/{created['match_id']}/events", json={"events": actions[:1]}, headers={"Authorization": f"Bearer {created['write_token']}"})
            assert reply.status_code == 201, reply.text
            received = b""
            while b"id: 2\r\n" not in received:
                chunk = live.recv(65536)
                assert chunk, "the server closed the live stream"
                received += chunk


def open_files(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/fd").iterdir()))


def test_connections_past_the_cap_close_the_longest_waiting_and_a_request_is_still_answered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RECOUNT_MAX_CONNECTIONS", "20")
    monkeypatch.setenv("RECOUNT_HEADER_TIMEOUT", "600")  # the cap bounds them, not the timeouts
    with server(tmp_path) as (url, port, pid):
        before = open_files(pid)
        idle = [connect(port) for _ in range(60)]
        try:
            # The request's connection is accepted after the 60 (one listening queue, in order).
            assert httpx.get(url + "/systems", timeout=HANG).status_code == 200
            assert open_files(pid) <= before + 20
            # 61 connections against a cap of 20: each past the 20th closed the oldest waiting one
            closed: list[socket.socket] = []
            deadline = time.monotonic() + HANG
            while len(closed) < 41 and time.monotonic() < deadline:
                readable, _, _ = select.select([c for c in idle if c not in closed], [], [], 0.1)
                closed += [connection for connection in readable if connection.recv(1) == b""]
            assert sorted(map(idle.index, closed)) == list(range(41))
        finally:
            for connection in idle:
                connection.close()


def test_the_server_raises_its_open_file_limit_to_the_hard_limit(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    low = max(256, len(os.listdir("/proc/self/fd")) + 128)  # room for what this process opens meanwhile
    if hard != resource.RLIM_INFINITY and low >= hard:
        pytest.skip("the hard limit of open files is too low to lower the soft one")
    resource.setrlimit(resource.RLIMIT_NOFILE, (low, hard))  # the server inherits it
    try:
        with serving(tmp_path / "recount.sqlite") as [(_, process)]:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
            limits = Path(f"/proc/{process.pid}/limits").read_text()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    files = next(line for line in limits.splitlines() if line.startswith("Max open files")).split()
    assert files[3:5] == [str(hard), str(hard)] or (hard == resource.RLIM_INFINITY and files[3] != str(low))
