"""The OpenAPI document (`/schema`) reads as documentation for a person: every operation
has a title in words, a description, and one of the tags the document declares, so
Swagger UI groups it under a heading that says what the group is for."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from litestar.testing import TestClient

from service.reads.readmodel import MatchIndex
from service.web.routes import create_app
from tests.support.stores import open_recount

METHODS = ("get", "put", "post", "delete", "patch", "options", "head")
# A summary that is a Python name, or Litestar's own made from one: "Asynccallable" (a
# handler wrapped for a thread), "MatchSummary" (the answer's type), "list_matches".
PYTHON_NAME = re.compile(r"^\w+$|[a-z][A-Z]|_")


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The document as the service serves it (it does not depend on the store)."""
    db = tmp_path_factory.mktemp("document") / "recount.sqlite"
    recount = open_recount(db)
    with TestClient(app=create_app(recount, MatchIndex(recount, str(db.with_suffix(".index.sqlite"))))) as client:
        yield client.get("/schema/openapi.json").json()
    recount.close()


def operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(method.upper(), path, operation) for path, item in document["paths"].items() for method, operation in item.items() if method in METHODS]


def test_every_operation_has_a_title_a_description_and_one_declared_tag(document: dict[str, Any]) -> None:
    declared = {tag["name"]: tag.get("description", "") for tag in document.get("tags", [])}
    assert declared, "the document declares no tags"
    assert all(description.strip() for description in declared.values()), declared
    found = operations(document)
    assert len(found) >= 30
    untitled = [(method, path, operation.get("summary")) for method, path, operation in found if not operation.get("summary") or PYTHON_NAME.search(operation["summary"])]
    assert untitled == [], "summaries that are no title in words"
    undescribed = [(method, path) for method, path, operation in found if not (operation.get("description") or "").strip()]
    assert undescribed == []
    untagged = [(method, path, operation.get("tags")) for method, path, operation in found if len(operation.get("tags") or []) != 1 or operation["tags"][0] not in declared]
    assert untagged == [], "operations not under exactly one declared tag"
    used = {operation["tags"][0] for _, _, operation in found}
    assert used == set(declared), "a declared tag that no operation uses"


def test_the_summaries_are_told_apart(document: dict[str, Any]) -> None:
    """Two operations with one title could not be told apart in the page's list."""
    summaries = [operation.get("summary") for _, _, operation in operations(document)]
    assert len(summaries) == len(set(summaries))


def test_the_document_says_what_each_token_is(document: dict[str, Any]) -> None:
    """The descriptions name who may call ("the write token", "a seat token"): the
    document's own description says what those are."""
    words = document["info"].get("description", "")
    for token in ("write token", "seat token", "create token"):
        assert token in words
