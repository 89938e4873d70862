"""Shared fixtures: an application over a real store, and Litestar's test client.

The `recount`, `client` and `db_file` fixtures run each store and API test (those
under tests/service and tests/multiprocess) twice: on an SQLite file and on a
PostgreSQL schema of its own, in a private cluster this session starts (initdb into
a temporary folder, a free port; stopped at the end). Other tests use SQLite only.
`db_file` is the store's location: a Path for SQLite, a postgresql:// URL otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar.testing import TestClient

from service.reads.readmodel import MatchIndex
from service.usecases.app import Recount
from service.web.routes import create_app
from tests.rules_texts import not_found as rules_texts_not_found
from tests.support.stores import PostgresCluster, fresh_schema, open_recount

STORES = ["sqlite", "postgres"]
ON_EVERY_STORE = ("service", "multiprocess")  # folders of tests/ whose tests run on each store


def pytest_configure(config: pytest.Config) -> None:
    """The rules texts the checks quote are beside the checkout (or where $RECOUNT_RULES_DIR says), else one line."""
    missing = rules_texts_not_found()
    if missing:
        raise pytest.UsageError(missing)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The URL of this session's private PostgreSQL cluster."""
    cluster = PostgresCluster()
    try:
        yield cluster.start()
    finally:
        cluster.stop()


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
