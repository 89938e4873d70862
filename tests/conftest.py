"""Shared fixtures: an application over a real SQLite file, and Litestar's test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar.testing import TestClient

from service.app import Recount
from service.http import create_app
from service.readmodel import MatchIndex
from service.store import MatchStore, default_env


def open_recount(db: Path) -> Recount:
    return Recount(MatchStore(default_env(str(db))))


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "recount.sqlite"


@pytest.fixture
def recount(db_file: Path) -> Iterator[Recount]:
    app = open_recount(db_file)
    yield app
    app.close()


@pytest.fixture
def client(recount: Recount, db_file: Path) -> Iterator[TestClient]:
    app = create_app(recount, MatchIndex(recount, str(db_file.with_suffix(".index.sqlite"))))
    with TestClient(app=app) as test_client:
        yield test_client
