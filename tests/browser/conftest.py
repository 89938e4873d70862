"""The real app served by uvicorn on 127.0.0.1 (a free port, a background thread,
a real SQLite file with every fixture recorded into it) and headless Chromium
driven by Playwright's sync API."""

from __future__ import annotations

import importlib.util
import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

import domain
from service.reads.readmodel import MatchIndex
from service.records import fixtures
from service.store.match_store import MatchStore, default_env
from service.usecases.app import Created, Recount
from service.web.limits import WriteAccess, guard
from service.web.routes import create_app
from tests.support.browser import CREATE_TOKEN, PHONE, WAIT_MS, local_client, opened_tab

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class Served:
    """The running service: its address, its application, and the fixture matches
    recorded into it by "<system>/<file stem>"."""

    def __init__(self, url: str, recount: Recount, matches: dict[str, Created]):
        self.url = url
        self.recount = recount
        self.matches = matches

    def api(self) -> httpx.Client:
        return local_client(self.url)

    def create(self, setup: dict[str, Any]) -> dict[str, Any]:
        with self.api() as client:
            reply = client.post("/matches", json=setup)
            assert reply.status_code == 201, reply.text
            return reply.json()

    def record(self, match: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
        with self.api() as client:
            reply = client.post(
                f"/matches/{match['match_id']}/events",
                json={"events": events},
                headers={"Authorization": f"Bearer {match['write_token']}"},
            )
            assert reply.status_code == 201, reply.text
            return reply.json()


@contextmanager
def serving(recount: Recount, db: Path, create_token: str | None = None) -> Iterator[str]:
    """The app over `recount`, served by uvicorn on a free port of 127.0.0.1 in a
    background thread (creating a match needs `create_token` when given, as
    RECOUNT_CREATE_TOKEN makes it); yields its address."""
    import uvicorn

    app = create_app(recount, MatchIndex(recount, str(db.with_suffix(".index.sqlite"))))
    if create_token is not None:
        guard(app, WriteAccess(create_token=create_token))
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        listening.close()


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    db = tmp_path_factory.mktemp("served") / "recount.sqlite"
    recount = Recount(MatchStore(default_env(str(db))))
    matches = {f"{p.parent.name}/{p.stem}": fixtures.record(recount, fixtures.read(p)) for p in fixtures.fixture_files()}
    with serving(recount, db) as url:
        yield Served(url, recount, matches)


@pytest.fixture(scope="module")
def served_with_create_token(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A service that creates matches for the holders of its create token only."""
    db = tmp_path_factory.mktemp("create-token") / "recount.sqlite"
    recount = Recount(MatchStore(default_env(str(db))))
    with serving(recount, db, CREATE_TOKEN) as url:
        yield Served(url, recount, {})


def load_toy() -> ModuleType:
    """The toy game system of tests/replay (tests/ is not a package: load it by path)."""
    name = "recount_tests_toy"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parents[1] / "replay" / "toy.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture(scope="module")
def served_with_toy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A service that also knows the toy system, which has no renderer of its own."""
    toy = load_toy()
    with pytest.MonkeyPatch.context() as patch:
        known = {**domain.systems(), toy.NAME: toy.SYSTEM}
        patch.setattr(domain, "systems", lambda: known)
        db = tmp_path_factory.mktemp("toy") / "recount.sqlite"
        recount = Recount(MatchStore(default_env(str(db))))
        with serving(recount, db) as url:
            yield Served(url, recount, {})


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (make browser installs Debian's package)")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    with opened_tab(browser, WAIT_MS, viewport={"width": 1280, "height": 900}) as opened:
        yield opened


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    with opened_tab(browser, WAIT_MS, viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True) as opened:
        yield opened
