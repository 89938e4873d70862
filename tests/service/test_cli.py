"""`recount serve` as a newcomer starts it: a busy port is said before anything claims
to be serving, and the fixture matches' tokens stay on this machine in a file beside
the store, so a restart does not lose the way to record in them or see a hand."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import httpx

from tests.conftest import free_port

RECOUNT = Path(sys.executable).parent / "recount"
ENV = {k: v for k, v in os.environ.items() if k != "RECOUNT_DATABASE_URL"}


def serve(db: Path, port: int, *extra: str) -> subprocess.Popen[str]:
    command = [str(RECOUNT), "--db", str(db), "serve", "--port", str(port), *extra]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)


def answering(url: str, process: subprocess.Popen[str]) -> None:
    for _ in range(600):
        try:
            if httpx.get(url + "/systems").status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert process.poll() is None, process.stderr.read() if process.stderr else "exited"
        threading.Event().wait(0.05)
    raise AssertionError("the server did not answer")


def stop(process: subprocess.Popen[str]) -> str:
    process.terminate()
    out, _ = process.communicate(timeout=20)
    return out


def test_a_busy_port_is_said_before_anything_claims_to_be_serving(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        process = serve(tmp_path / "r.sqlite", port, "--no-fixtures")
        out, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "is serving" not in out
    assert f"cannot listen on 127.0.0.1:{port}" in err and f"make run PORT={port + 1}" in err


def test_the_fixture_tokens_are_kept_beside_the_store_and_still_work_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    first = serve(db, port)
    answering(url, first)
    first_out = stop(first)
    kept_file = tmp_path / "r.tokens.json"
    kept = json.loads(kept_file.read_text())
    assert len(kept) == len(list(Path("fixtures").glob("*/*.json")))
    assert oct(kept_file.stat().st_mode & 0o777) == "0o600"

    second = serve(db, port)
    answering(url, second)
    try:
        match_id, match = next(iter(kept.items()))
        seats = httpx.get(f"{url}/matches/{match_id}/seats", headers={"Authorization": f"Bearer {match['write_token']}"})
        assert seats.status_code == 200 and seats.json() == match["seat_tokens"]
        player, seat_token = next(iter(match["seat_tokens"].items()))
        as_player = httpx.get(f"{url}/matches/{match_id}/state", params={"as": player}, headers={"Authorization": f"Bearer {seat_token}"})
        assert as_player.status_code == 200 and as_player.json()["perspective"] == player
        assert match["record"].endswith(f"/record/{match_id}#token={match['write_token']}")
    finally:
        second_out = stop(second)
    assert "empty store" in first_out and "empty store" not in second_out
    assert str(kept_file) in second_out
