"""Shared fixtures: an application over a real store, and Litestar's test client.

The `recount`, `client` and `db_file` fixtures run each store and API test (those
under tests/service and tests/multiprocess) twice: on an SQLite file and on a
PostgreSQL schema of its own, in a private cluster this session starts (initdb into
a temporary folder, a free port; stopped at the end). Other tests use SQLite only.
`db_file` is the store's location: a Path for SQLite, a postgresql:// URL otherwise.
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar.testing import TestClient

from service.reads.readmodel import MatchIndex
from service.store.match_store import MatchStore
from service.store.storage import env_for
from service.usecases.app import Recount
from service.web.routes import create_app
from tests.rules_texts import not_found as rules_texts_not_found

STORES = ["sqlite", "postgres"]
ON_EVERY_STORE = ("service", "multiprocess")  # folders of tests/ whose tests run on each store


def pytest_configure(config: pytest.Config) -> None:
    """The rules texts the checks quote are beside the checkout (or where $RECOUNT_RULES_DIR says), else one line."""
    missing = rules_texts_not_found()
    if missing:
        raise pytest.UsageError(missing)


def open_recount(db: Path | str) -> Recount:
    """An application over an SQLite file or a postgresql:// URL."""
    return Recount(MatchStore(env_for(str(db))))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def postgres_bin() -> Path:
    """Debian's PostgreSQL binaries (`make test` installs the package when missing)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise RuntimeError("PostgreSQL is not installed: `make test` installs Debian's postgresql package")


class PostgresCluster:
    """A throwaway PostgreSQL cluster: trusted local connections, no fsync (tests need
    no crash safety from it). Run as the `postgres` system user when we are root,
    since initdb refuses root."""

    def __init__(self) -> None:
        self.bin = postgres_bin()
        self.folder = Path(tempfile.mkdtemp(prefix="recount-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            self.as_user = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.folder, "postgres")

    def _run(self, *args: str) -> None:
        subprocess.run([*self.as_user, *args], check=True, capture_output=True, timeout=60)

    def start(self) -> str:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.folder} -c fsync=off -c max_connections=200"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The URL of this session's private PostgreSQL cluster."""
    cluster = PostgresCluster()
    try:
        yield cluster.start()
    finally:
        cluster.stop()


def fresh_schema(postgres_url: str) -> str:
    """A URL of a new, empty schema (cheaper than a database per test)."""
    import psycopg

    name = "t_" + secrets.token_hex(6)
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
    return f"{postgres_url}?schema={name}"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "db_file" in metafunc.fixturenames and Path(metafunc.definition.path).parent.name in ON_EVERY_STORE:
        metafunc.parametrize("db_file", STORES, indirect=True)


@pytest.fixture
def db_file(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    if getattr(request, "param", "sqlite") == "sqlite":
        return tmp_path / "recount.sqlite"
    return fresh_schema(request.getfixturevalue("postgres_url"))


@pytest.fixture
def recount(db_file: Path | str) -> Iterator[Recount]:
    app = open_recount(db_file)
    yield app
    app.close()


@pytest.fixture
def client(recount: Recount, tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(recount, MatchIndex(recount, str(tmp_path / "recount.index.sqlite")))
    with TestClient(app=app) as test_client:
        yield test_client


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests last: Playwright's sync API keeps an event loop running on the main thread for the
    rest of the session once the browser starts, and tests that run their own loop (`asyncio.run`) cannot
    start one there. Under `make test`'s two workers (pytest-xdist's `--dist load`) this holds in each:
    tests are handed out in this order and a worker runs them in the order it got them."""
    browser = [item for item in items if "tests/browser/" in item.nodeid.replace("\\", "/") or item.nodeid.startswith("browser/")]
    if browser:
        others = [item for item in items if item not in set(browser)]
        items[:] = others + browser
