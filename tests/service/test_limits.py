"""Who may create, how often an address may write, and what a 5xx leaves behind
(service/web/limits.py, service/web/http_errors.py), through Litestar's test client: the create
token (401 without, 403 wrong), the per-address token bucket (429 with Retry-After, on a
clock the test moves), each said in the OpenAPI document; every 5xx logged with the
request id its answer carries; the settings read from the environment."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from service.reads.readmodel import MatchIndex
from service.usecases.app import Recount
from service.web import limits
from service.web.limits import CREATING, RATE_LIMITED, ReadTimeouts, Settings, TokenBuckets, WriteAccess, settings_from_environment
from service.web.routes import create_app

SETUP = {"system": "president", "preset": "classic", "players": ["Al", "Betty", "Cy", "Di"]}
NOTATION = '[System "president"]\n[Preset "classic"]\n[Players "Al, Betty, Cy, Di"]\n'


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def served(recount: Recount, tmp_path: Path) -> Iterator[tuple[TestClient, Any]]:
    app = create_app(recount, MatchIndex(recount, str(tmp_path / "recount.index.sqlite")))
    with TestClient(app=app) as client:
        yield client, app


def test_without_a_create_token_anyone_creates_and_nothing_is_rate_limited(served: tuple[TestClient, Any]) -> None:
    client, _ = served
    for _ in range(70):  # more than the default rate of a server
        assert client.post("/matches", json=SETUP).status_code == 201


@pytest.mark.parametrize(
    "path, body",
    [("/matches", {"json": SETUP}), ("/imports/notation", {"content": NOTATION.encode()}), ("/imports", {"content": b'{"not": "an export"}\n'})],
)
def test_a_create_token_set_restricts_every_route_that_creates_a_match(served: tuple[TestClient, Any], path: str, body: dict[str, Any]) -> None:
    client, app = served
    limits.guard(app, WriteAccess(create_token="kitchen-table"))
    assert client.post(path, **body).status_code == 401
    assert client.post(path, **body, headers={"Authorization": "Bearer another"}).status_code == 403
    assert client.post(path, **body, headers={"Authorization": "Bearer kitchen-table"}).status_code not in (401, 403)


def test_a_create_token_leaves_the_match_routes_to_their_own_tokens(served: tuple[TestClient, Any]) -> None:
    client, app = served
    created = client.post("/matches", json=SETUP).json()
    limits.guard(app, WriteAccess(create_token="kitchen-table"))
    auth = {"Authorization": f"Bearer {created['write_token']}"}
    assert client.get(f"/matches/{created['match_id']}/allowed", headers=auth).status_code == 200
    assert client.get("/matches").status_code == 200


def test_an_address_past_its_rate_is_answered_429_with_retry_after_until_it_waits(served: tuple[TestClient, Any]) -> None:
    client, app = served
    clock = Clock()
    limits.guard(app, WriteAccess(buckets=TokenBuckets(2, clock=clock)))  # 2 a minute: one every 30 s
    created = [client.post("/matches", json=SETUP) for _ in range(2)]
    assert [reply.status_code for reply in created] == [201, 201]
    refused = client.post("/qr", json={"text": "https://example.org/"})  # one budget for every limited route
    assert refused.status_code == 429, refused.text
    assert refused.headers["Retry-After"] == "30"
    assert refused.json()["status"] == 429
    # a match's own writes, with its token, are not limited
    match = created[0].json()
    recorded = client.post(f"/matches/{match['match_id']}/events/check", json={"events": [{"type": "pass", "player": "Al"}]}, headers={"Authorization": f"Bearer {match['write_token']}"})
    assert recorded.status_code != 429
    clock.now += 30
    assert client.post("/qr", json={"text": "https://example.org/"}).status_code == 200
    assert client.post("/qr", json={"text": "https://example.org/"}).status_code == 429


def test_a_holder_of_the_create_token_is_not_rate_limited_on_creating(served: tuple[TestClient, Any]) -> None:
    client, app = served
    limits.guard(app, WriteAccess(create_token="kitchen-table", buckets=TokenBuckets(1, clock=Clock())))
    for _ in range(3):
        assert client.post("/matches", json=SETUP, headers={"Authorization": "Bearer kitchen-table"}).status_code == 201
    assert client.post("/qr", json={"text": "a"}).status_code == 200
    assert client.post("/qr", json={"text": "a"}).status_code == 429


def test_token_buckets_are_per_address_refill_over_a_minute_and_forget_the_least_recent() -> None:
    clock = Clock()
    buckets = TokenBuckets(60, clock=clock, addresses_max=2)
    assert [buckets.take("10.0.0.1") for _ in range(61)] == [0] * 60 + [1]
    assert buckets.take("10.0.0.2") == 0  # another address has its own
    clock.now += 2
    assert [buckets.take("10.0.0.1") for _ in range(3)] == [0, 0, 1]
    buckets.take("10.0.0.3")  # a third address: the least recent (10.0.0.2) is forgotten
    assert set(buckets._buckets) == {"10.0.0.1", "10.0.0.3"}


def test_the_document_says_the_create_token_and_the_429(served: tuple[TestClient, Any]) -> None:
    client, _ = served
    document = client.get("/schema/openapi.json").json()
    assert "CreateToken" in document["components"]["securitySchemes"]
    operations = {op["operationId"]: op for item in document["paths"].values() for op in item.values() if isinstance(op, dict) and "operationId" in op}
    for operation_id in RATE_LIMITED:
        answer = operations[operation_id]["responses"]["429"]
        assert "Retry-After" in answer["headers"]
        assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/ErrorBody"}
    for operation_id in CREATING:
        assert {"CreateToken": []} in operations[operation_id]["security"]
        assert {"401", "403"} <= set(operations[operation_id]["responses"])


def test_a_500_is_logged_with_the_request_id_its_answer_carries(served: tuple[TestClient, Any], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    client, app = served

    def broken(*_: Any, **__: Any) -> Any:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(app.state.recount, "standings", broken)
    created = client.post("/matches", json=SETUP).json()
    with caplog.at_level(logging.INFO, logger="recount"):
        reply = client.get(f"/matches/{created['match_id']}/standings")
    assert reply.status_code == 500
    request_id = reply.headers["X-Request-Id"]
    assert reply.json()["request_id"] == request_id
    [line] = [record for record in caplog.records if record.name.startswith("recount")]
    assert line.levelno == logging.ERROR
    said = line.getMessage()
    assert "GET" in said and f"/matches/{created['match_id']}/standings" in said and request_id in said and "ZeroDivisionError: a bug" in said
    assert line.exc_info is not None and "in broken" in caplog.text  # the traceback, down to the raise


def test_the_stores_503_is_logged_with_its_request_id(served: tuple[TestClient, Any], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    client, app = served
    created = client.post("/matches", json=SETUP).json()

    def down(*_: Any, **__: Any) -> Any:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(app.state.recount, "standings", down)
    with caplog.at_level(logging.INFO, logger="recount"):
        reply = client.get(f"/matches/{created['match_id']}/standings")
    assert reply.status_code == 503, reply.text
    assert reply.headers["Retry-After"] == "1"
    request_id = reply.headers["X-Request-Id"]
    [line] = [record for record in caplog.records if record.name.startswith("recount")]
    assert request_id in line.getMessage() and "GET" in line.getMessage() and "OperationalError" in line.getMessage() and line.exc_info is not None


def test_an_error_of_the_request_is_not_logged(served: tuple[TestClient, Any], caplog: pytest.LogCaptureFixture) -> None:
    client, _ = served
    with caplog.at_level(logging.INFO, logger="recount"):
        reply = client.get("/matches/nomatch")
    assert reply.status_code == 404 and "X-Request-Id" not in reply.headers and "request_id" not in reply.json()
    assert not [record for record in caplog.records if record.name.startswith("recount")]


def test_the_settings_come_from_the_environment_with_their_defaults() -> None:
    assert settings_from_environment({}) == Settings()
    assert Settings().timeouts == ReadTimeouts(headers=10.0, body_gap=30.0, body_total=120.0, keep_alive=5.0)
    given = settings_from_environment(
        {"RECOUNT_HEADER_TIMEOUT": "0.2", "RECOUNT_BODY_TIMEOUT": "3", "RECOUNT_BODY_TOTAL_TIMEOUT": "9", "RECOUNT_KEEPALIVE_TIMEOUT": "1.5",
         "RECOUNT_MAX_CONNECTIONS": "50", "RECOUNT_CREATE_TOKEN": "kitchen-table", "RECOUNT_RATE_LIMIT": "0"}
    )
    assert given == Settings(timeouts=ReadTimeouts(0.2, 3.0, 9.0, 1.5), max_connections=50, create_token="kitchen-table", rate_limit=0)
    assert limits.connections_cap(given, files=1024) == 50
    assert limits.connections_cap(Settings(), files=1024) == 1024 - limits.FILES_KEPT  # below the open-file limit


@pytest.mark.parametrize("name, value", [("RECOUNT_HEADER_TIMEOUT", "soon"), ("RECOUNT_MAX_CONNECTIONS", "1.5"), ("RECOUNT_BODY_TIMEOUT", "0"), ("RECOUNT_RATE_LIMIT", "-1")])
def test_a_setting_that_is_not_a_number_it_can_be_is_said_by_name(name: str, value: str) -> None:
    with pytest.raises(SystemExit, match=name):
        settings_from_environment({name: value})
