"""The whole store as a Datasette-ready SQLite file, opened in Datasette
in-process and queried over HTTP."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from datasette.app import Datasette

from service.cli import main as cli
from service.reads import sqlite_export
from service.records import fixtures
from service.usecases.app import Recount


@pytest.fixture(autouse=True)
def _key_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RECOUNT_KEY_FILE", str(tmp_path / "test.key"))


def query(path: Path, *urls: str) -> list[Any]:
    async def run() -> list[Any]:
        datasette = Datasette(files=[str(path)])
        await datasette.invoke_startup()
        replies = []
        for url in urls:
            reply = await datasette.client.get(url)
            assert reply.status_code == 200, (url, reply.text)
            replies.append(reply.json())
        return replies

    # On a thread of its own: Playwright's sync API (the browser tests' session fixture) keeps an event
    # loop running on the main thread, where asyncio.run() refuses to start another.
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(lambda: asyncio.run(run())).result()


def test_the_store_as_sqlite_opens_in_datasette_with_search_keys_and_descriptions(recount: Recount, tmp_path: Path) -> None:
    recorded = {path.stem: fixtures.record(recount, fixtures.read(path)) for path in fixtures.fixture_files()[:4]}
    path = tmp_path / "store.db"
    assert sqlite_export.build(recount, path, sqlite_export.match_ids(recount)) == 4
    one = next(iter(recorded.values())).match_id
    matches, events, search, placings = query(
        path,
        "/store/matches.json?_shape=array",
        f"/store/events.json?_shape=array&match_id={one}&step=2",
        "/store/matches.json?_shape=array&_search=Betty",
        "/store/placings.json?_shape=array&place=1",
    )
    assert sorted(row["id"] for row in matches) == sorted(c.match_id for c in recorded.values())
    assert events[0]["description"] and events[0]["description"] != "CardsDealt" and events[0]["chain"]
    assert search and all("Betty" in row["players"] for row in search)
    assert placings and all(row["place"] == 1 for row in placings)
    with sqlite3.connect(path) as conn:
        keys = {(row[2], row[3], row[4]) for table in ("players", "events", "placings") for row in conn.execute(f"PRAGMA foreign_key_list({table})")}
        indexes = {row[1] for row in conn.execute("SELECT * FROM sqlite_master WHERE type = 'index'")}
        counted = conn.execute("SELECT count(*) FROM events").fetchone()[0]
    assert keys == {("matches", "match_id", "id")}
    assert {"idx_events_type", "idx_placings_player_place", "idx_players_player"} <= indexes
    assert counted == sum(recount.log(c.match_id).version for c in recorded.values())


def test_recount_export_datasette_writes_the_file(tmp_path: Path) -> None:
    db = tmp_path / "recount.sqlite"
    assert cli.main(["--db", str(db), "import", str(fixtures.FIXTURES / "bid/two-player.json")]) == 0
    assert cli.main(["--db", str(db), "export", "--datasette", str(tmp_path / "out.db")]) == 0
    [rows] = query(tmp_path / "out.db", "/out/players.json?_shape=array")
    assert [(row["seat"], row["player"]) for row in rows] == [(1, "Al"), (2, "Betty")]
