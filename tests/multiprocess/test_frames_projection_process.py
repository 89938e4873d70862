"""The replay frames projection as `recount serve` runs it (service/records/heavy.py
`start_frames_projection`): a process beside the server that stores the frames of what
is recorded, none with RECOUNT_FRAMES_PROJECTION=off, a start refused for a value that
does not fit, and no projector left behind by a server killed with SIGKILL.

Each wait below is a bounded poll, a deadline on a hang, never a time asserted."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from service.reads.frames_projection import FrameStore, perspective_key, perspectives
from service.records import fixtures
from service.usecases.app import Recount
from tests.support.api import auth
from tests.support.servers import RECOUNT, new_match, serving
from tests.support.stores import free_port, open_recount

DEADLINE = 60.0  # seconds: a projector that has not done it by then was never going to


def eventually(done: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not done():
        assert time.monotonic() < deadline, what
        threading.Event().wait(0.1)


def children(pid: int) -> dict[int, str]:
    """The live child processes of `pid`, with their command lines."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:  # gone meanwhile
            continue
        state, parent = stat.rsplit(")", 1)[1].split()[:2]
        if int(parent) == pid and state != "Z":
            found[int(entry.name)] = command
    return found


def projectors(server: int) -> list[int]:
    """The server's spawned processes other than multiprocessing's resource tracker: its
    heavy pool starts none until a heavy request, so these are the frames projection."""
    return [pid for pid, command in children(server).items() if "spawn_main" in command]


def alive(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def record(url: str, created: dict[str, Any], actions: list[dict[str, Any]]) -> None:
    reply = httpx.post(f"{url}/matches/{created['match_id']}/events", json={"events": actions}, headers=auth(created["write_token"]))
    assert reply.status_code == 201, reply.text


def record_fixtures(db_file: Path) -> None:
    recount = open_recount(db_file)
    try:
        for path in fixtures.fixture_files():
            fixtures.record(recount, fixtures.read(path))
    finally:
        recount.close()


def unprojected(recount: Recount) -> list[str]:
    """The matches of the store with a perspective whose frames are not all stored, once the
    projector has read up to the store's head (a cheap poll: it yields the CPU to the server)."""
    store, frames = recount.store, FrameStore(recount.store)
    eventually(lambda: frames.position() == store.head(), "the projector did not read up to the store's head")
    missing = []
    for stream in dict.fromkeys(str(n.originator_id) for n in store.firsts_and_lasts(1, store.head())):
        log, stored = recount.log(stream), frames.stored_to(stream)
        missing += [stream] * any(stored.get(perspective_key(p)) != log.version for p in perspectives(log))
    return missing


def frame_rows(db_file: Path) -> int:
    recount = open_recount(db_file)
    try:
        with FrameStore(recount.store).datastore.transaction(commit=False) as c:
            c.execute("SELECT COUNT(*) FROM recount_frames")
            return c.fetchone()[0]
    finally:
        recount.close()


def test_given_a_store_with_matches_when_served_then_the_projector_stores_every_frame_of_them_and_of_a_match_recorded_since(tmp_path: Path) -> None:
    db_file = tmp_path / "recount.sqlite"
    record_fixtures(db_file)
    recount = open_recount(db_file)
    try:
        with serving(db_file) as [(url, process)]:
            assert len(projectors(process.pid)) == 1
            assert unprojected(recount) == []
            created, actions = new_match(url, 40, seed=5)
            record(url, created, actions)
            assert unprojected(recount) == []
    finally:
        recount.close()


def test_given_the_projection_off_when_served_then_no_projector_runs_and_no_frame_is_stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db_file = tmp_path / "recount.sqlite"
    monkeypatch.setenv("RECOUNT_FRAMES_PROJECTION", "off")
    with serving(db_file) as [(url, process)]:
        assert projectors(process.pid) == []
        created, actions = new_match(url, 40, seed=6)
        record(url, created, actions)
        assert httpx.get(f"{url}/matches/{created['match_id']}/frames", params={"patches": "true"}).status_code == 200
    assert frame_rows(db_file) == 0


def test_given_a_projection_setting_that_does_not_fit_then_the_server_refuses_to_start_naming_it(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "RECOUNT_DATABASE_URL"} | {"RECOUNT_FRAMES_PROJECTION": "bogus"}
    command = [str(RECOUNT), "--db", str(tmp_path / "recount.sqlite"), "serve", "--port", str(free_port()), "--no-fixtures"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=DEADLINE)
    assert done.returncode != 0
    assert "RECOUNT_FRAMES_PROJECTION='bogus'" in done.stderr and "process or off" in done.stderr
    assert "is serving" not in done.stdout


def test_given_a_server_killed_with_sigkill_then_its_projector_ends_too(tmp_path: Path) -> None:
    with serving(tmp_path / "recount.sqlite") as [(_, process)]:
        [projector] = projectors(process.pid)
        assert alive(projector)
        process.send_signal(signal.SIGKILL)
        process.wait(DEADLINE)
        eventually(lambda: not alive(projector), "the projector outlived its server")


def test_given_a_projection_setting_that_does_not_fit_then_an_empty_store_is_left_empty(tmp_path: Path) -> None:
    """A refused start changes nothing: no fixture match recorded, no tokens file written."""
    env = {k: v for k, v in os.environ.items() if k != "RECOUNT_DATABASE_URL"} | {"RECOUNT_FRAMES_PROJECTION": "bogus"}
    db_file = tmp_path / "recount.sqlite"
    command = [str(RECOUNT), "--db", str(db_file), "serve", "--port", str(free_port())]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=DEADLINE)
    assert done.returncode != 0 and "RECOUNT_FRAMES_PROJECTION" in done.stderr
    assert not fixtures.tokens_file(str(db_file)).exists()
    recount = open_recount(db_file)
    try:
        assert recount.store.head() == 0
    finally:
        recount.close()
