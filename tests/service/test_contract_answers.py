"""Real answers keep the OpenAPI contract (issue 16): every fixture match (finished
games of every system and preset) recorded, then each read operation's 200 body, as
the write token and as a spectator sees it, validated against the schema the document
declares for it. Schemathesis (test_contract.py) generates requests from the schema;
this reads what matches that were really played answer, which generated data rarely
reaches (a finished match's standings, an advanced game's view).

Found this way: a whole-number score was valid under both "integer" and "number" of
the score's oneOf, so every finished match's standings broke the contract."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import pytest
from litestar.testing import TestClient

from service import fixtures
from service.http import create_app
from service.readmodel import MatchIndex
from tests.conftest import open_recount

FILES = fixtures.fixture_files()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, Any], dict[str, Any]]]:
    """A client, the OpenAPI document, and each fixture's created match by file name."""
    db = tmp_path_factory.mktemp("answers") / "recount.sqlite"
    recount = open_recount(db)
    matches = {path.parent.name + "/" + path.stem: fixtures.record(recount, fixtures.read(path)) for path in FILES}
    with TestClient(app=create_app(recount, MatchIndex(recount, str(db.with_suffix(".index.sqlite"))))) as client:
        yield client, client.get("/schema/openapi.json").json(), matches
    recount.close()


def declared_types(document: dict[str, Any], path: str, method: str) -> set[str]:
    responses = document["paths"][path][method]["responses"]
    return {kind for status in ("200", "201") if status in responses for kind in responses[status]["content"]}


def validator(document: dict[str, Any], path: str, method: str) -> Any:
    """The validator of the operation's 200 (or 201) JSON body, its references resolved in the document."""
    responses = document["paths"][path][method]["responses"]
    schema = next(responses[status]["content"]["application/json"]["schema"] for status in ("200", "201") if status in responses)
    return jsonschema_rs.validator_for({**schema, "components": document["components"]})


READS = [
    ("get", "/matches/{match_id}", "", False),
    ("get", "/matches/{match_id}/state", "", True),
    ("get", "/matches/{match_id}/state", "?step=2", True),
    ("get", "/matches/{match_id}/events", "", True),
    ("get", "/matches/{match_id}/standings", "", False),
    ("get", "/matches/{match_id}/standings", "?step=3", False),
    ("get", "/matches/{match_id}/frames", "?patches=true", True),
    ("get", "/matches/{match_id}/frames", "?start=2&limit=40", True),
    ("get", "/matches/{match_id}/allowed", "", "write"),
    ("get", "/matches/{match_id}/seats", "", "write"),
    ("get", "/matches/{match_id}/confirmations", "", False),
    ("post", "/matches/{match_id}/what-if", "", "write"),
]


@pytest.mark.parametrize("name", [path.parent.name + "/" + path.stem for path in FILES])
def test_a_played_match_s_answers_fit_the_document(served: Any, name: str) -> None:
    client, document, matches = served
    created = matches[name]
    failures = []
    for method, path, query, tokens in READS:
        check = validator(document, path, method)
        readers = [created.write_token] if tokens == "write" else [created.write_token, None] if tokens else [None]
        for token in readers:
            url = path.format(match_id=created.match_id) + query
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            reply = client.post(url, json={}, headers=headers) if method == "post" else client.get(url, headers=headers)
            assert reply.status_code == 200, f"{method.upper()} {url}: {reply.status_code} {reply.text[:300]}"
            assert reply.headers["content-type"].split(";")[0] in declared_types(document, path, method)
            errors = [f"{error.instance_path}: {error.message[:200]}" for error in check.iter_errors(reply.json())]
            if errors:
                failures.append(f"{method.upper()} {url} ({'write' if token else 'spectator'}): {errors[:3]}")
    assert not failures, "\n".join(failures)


def test_an_export_is_served_as_the_type_the_document_declares(served: Any) -> None:
    """The export is JSON Lines, and the document says so (it said application/json)."""
    client, document, matches = served
    created = next(iter(matches.values()))
    reply = client.get(f"/matches/{created.match_id}/export", headers={"Authorization": f"Bearer {created.write_token}"})
    assert reply.status_code == 200
    assert reply.headers["content-type"].split(";")[0] in declared_types(document, "/matches/{match_id}/export", "get") == {"application/x-ndjson"}
