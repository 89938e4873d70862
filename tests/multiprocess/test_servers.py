"""Real `recount serve` processes on one store: two servers with writers on both
lose and duplicate nothing and each answers with what the other recorded; a server
killed with SIGKILL under concurrent appends loses no acknowledged event."""

from __future__ import annotations

import signal
import threading
from pathlib import Path
from typing import Any

import httpx
import msgspec

from tests.support.stores import open_recount
from tests.support.servers import new_match, serving


def writer(url: str, match: dict[str, Any], actions: list[dict[str, Any]], acknowledged: list[tuple[str, int]]) -> None:
    """Append the next scripted action at the version this server reports, until
    the script is done or the server is gone; a 409 means read again."""
    auth = {"Authorization": f"Bearer {match['write_token']}"}
    path = f"/matches/{match['match_id']}"
    with httpx.Client(base_url=url, headers=auth) as client:
        try:
            while (version := client.get(path).json()["version"]) <= len(actions):
                reply = client.post(path + "/events", json={"expected_version": version, "events": [actions[version - 1]]})
                assert reply.status_code in (201, 409), reply.text
                if reply.status_code == 201:
                    acknowledged.append((match["match_id"], reply.json()["version"]))
        except httpx.TransportError:
            return  # the server was killed


def stored(db_file: Path | str, match_id: str) -> list[Any]:
    reading = open_recount(db_file)
    try:
        return reading.store.read(match_id)
    finally:
        reading.close()


def test_two_servers_on_one_store_lose_and_duplicate_nothing(db_file: Path | str) -> None:
    with serving(db_file, 2) as [(first, _), (second, _)]:
        matches = [new_match(first, 30, seed) for seed in (1,)]
        acknowledged: list[tuple[str, int]] = []
        threads = [threading.Thread(target=writer, args=(url, m, a, acknowledged)) for m, a in matches for url in (first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for match, actions in matches:
            match_id = match["match_id"]
            assert sorted(v for m, v in acknowledged if m == match_id) == list(range(2, len(actions) + 2))
            records = stored(db_file, match_id)
            assert [r.version for r in records] == list(range(1, len(actions) + 2))
            assert [msgspec.to_builtins(r.event) for r in records[1:]] == actions
            for url in (first, second):  # each answers with everything, whoever recorded it
                assert httpx.get(f"{url}/matches/{match_id}/state").json()["version"] == len(actions) + 1
                assert {m["id"]: m["version"] for m in httpx.get(url + "/matches").json()}[match_id] == len(actions) + 1


def test_a_server_killed_under_appends_keeps_every_acknowledged_event(tmp_path: Path) -> None:
    """On SQLite, the store inside the killed process's reach (PostgreSQL runs the
    same group commit: a reply only after its commit)."""
    db_file = tmp_path / "recount.sqlite"
    acknowledged: list[tuple[str, int]] = []
    with serving(db_file) as [(url, process)]:
        matches = [new_match(url, 400, seed) for seed in (3, 4)]
        threads = [threading.Thread(target=writer, args=(url, m, a, acknowledged)) for m, a in matches]
        for thread in threads:
            thread.start()
        while len(acknowledged) < 30 and any(t.is_alive() for t in threads):
            threading.Event().wait(0.01)
        process.send_signal(signal.SIGKILL)
        for thread in threads:
            thread.join()
    assert len(acknowledged) >= 30
    scripts = {m["match_id"]: a for m, a in matches}
    with serving(db_file) as [(url, _)]:
        for match_id, actions in scripts.items():
            events = httpx.get(f"{url}/matches/{match_id}/events", params={"limit": 1000}).json()["events"]
            assert [e["step"] for e in events] == list(range(1, len(events) + 1))
            for step in (v for m, v in acknowledged if m == match_id):
                assert events[step - 1]["type"] == actions[step - 2]["type"]
        records = {match_id: stored(db_file, match_id) for match_id in scripts}
    for match_id, version in acknowledged:
        assert msgspec.to_builtins(records[match_id][version - 1].event) == scripts[match_id][version - 2]


def test_a_server_told_to_stop_stops_within_its_grace_even_with_a_live_reader(tmp_path: Path) -> None:
    """An open live stream never ends by itself (a browser tab following a match): SIGTERM must still stop the
    server within the graceful-shutdown bound (service/web/server.py), not when the last reader leaves."""

    from service.web.server import GRACEFUL_SHUTDOWN_SECONDS

    with serving(tmp_path / "store.sqlite") as [(url, process)]:
        created, _ = new_match(url, 5, seed=3)
        with httpx.stream("GET", f"{url}/matches/{created['match_id']}/live", timeout=60) as live:
            assert live.status_code == 200
            # given a reader in the stream, when the server is told to stop
            process.terminate()
            # then it stops with the reader still connected: the wait is a deadline on a hang
            # (its grace plus the store's close), not a measure of how long stopping takes
            assert process.wait(GRACEFUL_SHUTDOWN_SECONDS + 10) is not None
