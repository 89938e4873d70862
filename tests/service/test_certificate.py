"""Signed standings: the server's public key is served, a finished match's
certificate verifies under it, and a running match has none (409)."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import msgspec
import pytest
from litestar.testing import TestClient

from service.reads.readmodel import MatchIndex
from service.records import fixtures, signing
from service.store.match_store import MatchStore, default_env
from service.usecases.app import Recount
from service.web.routes import create_app
from tests.support.api import auth, create


@pytest.fixture(autouse=True)
def _key_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RECOUNT_KEY_FILE", str(tmp_path / "test.key"))


def test_a_finished_match_certificate_verifies_under_the_served_key(recount: Recount, client: TestClient) -> None:
    created = fixtures.record(recount, fixtures.read(fixtures.FIXTURES / "president/classic-four-full.json"))
    key = client.get("/keys/signing").json()
    reply = client.get(f"/matches/{created.match_id}/certificate")
    assert reply.status_code == 200, reply.text
    certificate = msgspec.convert(reply.json(), signing.Certificate)
    public = signing.load_public(key["pem"])
    assert key["algorithm"] == "Ed25519" and certificate.key_id == key["key_id"] == signing.key_id(public)
    assert signing.signature_holds(public, certificate)
    log = recount.log(created.match_id)
    standings = recount.standings(created.match_id)
    assert certificate.body["last_step"] == log.version and certificate.body["chain"] == log.records[-1].meta.chain
    assert [p["player"] for p in certificate.body["placings"]] == [p.player for p in standings.placings]
    forged = msgspec.structs.replace(certificate, body={**certificate.body, "placings": list(reversed(certificate.body["placings"]))})
    assert not signing.signature_holds(public, forged)


def test_a_running_match_has_no_certificate(client: TestClient) -> None:
    match = create(client)
    reply = client.get(f"/matches/{match['match_id']}/certificate")
    assert reply.status_code == 409 and "not finished" in reply.json()["error"]
    assert client.get("/matches/m_nothere/certificate").status_code == 404


def test_the_key_file_is_created_once_with_mode_600_and_reused(tmp_path: Path) -> None:
    path = tmp_path / "data" / "recount.key"
    first = signing.load_or_create(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert signing.key_id(signing.load_or_create(path).public_key()) == signing.key_id(first.public_key())


def test_export_route_needs_the_write_token_while_the_match_runs_and_import_route_records_it(recount: Recount, client: TestClient) -> None:
    match = create(client)
    url = f"/matches/{match['match_id']}/export"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=auth(match["seat_tokens"]["Al"])).status_code == 403
    reply = client.get(url, headers=auth(match["write_token"]))
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("application/x-ndjson")
    finished = fixtures.record(recount, fixtures.read(fixtures.FIXTURES / "bid/two-player.json"))
    body = client.get(f"/matches/{finished.match_id}/export").content  # over and not private: anyone
    again = client.post("/imports", content=body)
    assert again.status_code == 409 and "in this store already" in again.json()["error"]
    lines = body.splitlines()
    lines[3] = lines[3].replace(b'"recorded_at":', b'"recorded_at":9', 1)
    with fresh_client() as other:
        refused = other.post("/imports", content=b"\n".join(lines))
        assert refused.status_code == 422 and refused.json()["error"].startswith("line 4: chain broken at step 3")
        assert other.post("/imports", content=b"not json\n").status_code == 422
        assert other.get("/matches").json() == []
        imported = other.post("/imports", content=body)
        assert imported.status_code == 201 and imported.json()["match_ids"] == [finished.match_id]
        assert other.get(f"/matches/{finished.match_id}/standings").json() == client.get(f"/matches/{finished.match_id}/standings").json()


@contextmanager
def fresh_client() -> Iterator[TestClient]:
    """The service over an empty in-memory store."""
    recount = Recount(MatchStore(default_env(None)))
    with TestClient(app=create_app(recount, MatchIndex(recount, None))) as client:
        yield client
