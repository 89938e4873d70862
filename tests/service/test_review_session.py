"""Review of this session's notation import (service/records/notation_import.py, domain/notation_file.py
`parse_match`) through the HTTP API against a real SQLite file, as
tests/service/test_notation_import.py does. Each test failed before the fix named in its commit."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

import domain.corrections
import domain.notation_file
from domain.notation_file import parse_match
from service.records import fixtures
from service.records.notation_import import BadNotation, import_notation
from service.usecases.app import Recount

FIXTURES = {p.stem: p for p in fixtures.fixture_files()}
TWO = '[System "bid"]\n[Players "Al, Betty"]\n'


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def notation_of(client: TestClient, recount: Recount, stem: str) -> tuple[Any, str]:
    created = fixtures.record(recount, fixtures.read(FIXTURES[stem]))
    reply = client.get(f"/matches/{created.match_id}/notation", headers=auth(created.write_token))
    assert reply.status_code == 200, reply.text
    return created, reply.text


def import_text(client: TestClient, text: str) -> Any:
    return client.post("/imports/notation", content=text.encode(), headers={"Content-Type": "text/plain; charset=utf-8"})


def test_a_result_tag_with_a_tab_before_its_value_is_read_as_the_header_grammar_allows(recount: Recount) -> None:
    """docs/notation.md: a header line is [Name "value"]; _TAG_LINE reads `\\s+` between them, so a tab
    is a header line like any other. Called directly: over HTTP the same file hangs the request."""
    text = TWO + '[Result\t"*"]\n\n'
    before = recount.store.head()
    try:
        created = import_notation(recount, text)
    except BadNotation:  # a clear refusal would do as well
        assert recount.store.head() == before
        return
    assert created.version == 1


@pytest.mark.parametrize("title", ["a\\x", "a\tb"], ids=["invalid escape", "control character"])
def test_a_header_value_that_is_not_a_json_string_is_a_422(client: TestClient, recount: Recount, title: str) -> None:
    before = recount.store.head()
    reply = import_text(client, TWO + f'[Title "{title}"]\n\n')
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"]["line"] == 3
    assert recount.store.head() == before


def test_a_file_that_voids_a_round_s_last_seal_before_its_reveal_is_answered_at_its_line(client: TestClient, recount: Recount) -> None:
    """docs/house-rules.md § Sealed bids: “the bids are shown when every player has committed”; a file
    may leave the reveals out (the import records them where they fall). A file that voids the last seal
    of a round and seals again gets either the same match or a refusal naming its own line; the check
    parse_match makes and the recording must agree."""
    original, text = notation_of(client, recount, "sealed-all-cards")
    lines = text.splitlines()
    reveal = next(i for i, line in enumerate(lines) if "bids shown" in line and " seals " in lines[i - 1])
    seal = lines[reveal - 1]
    step = int(seal.split(".")[0])
    void = 'EventVoided {"step": %d, "reason": "misheard"}' % step
    written = [*lines[:reveal], void, re.sub(r"^\d+\.\s+", "", seal), *lines[reveal + 1 :]]
    file = "\n".join(written) + "\n"
    before = recount.store.head()
    reply = import_text(client, file)
    if reply.status_code == 201:
        return
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"]["line"] == reveal + 1, reply.text  # the void's line (1-based)
    assert recount.store.head() == before


def test_a_long_file_with_an_early_correction_is_not_folded_again_at_every_line(client: TestClient, recount: Recount, monkeypatch: pytest.MonkeyPatch) -> None:
    _, text = notation_of(client, recount, "daifugo-uecda")
    lines = text.splitlines()
    body = lines.index("") + 1
    first = lines[body]
    corrected = [*lines[: body + 1], 'EventVoided {"step": 2, "reason": "x"}', re.sub(r"^\d+\.\s+", "", first), *lines[body + 1 :]]
    calls = 0
    real = domain.corrections.refold_from

    def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(domain.corrections, "refold_from", counting)
    _, events = parse_match("\n".join(corrected) + "\n")
    assert len(events) > 400
    assert 1 <= calls <= 2, f"{calls} folds of the whole match for one correction in {len(events)} actions"



def test_a_result_tag_given_twice_is_answered_at_the_line_whose_value_is_refused(client: TestClient, recount: Recount) -> None:
    """docs/notation.md: “A Result tag other than the standings recomputed from the lines is refused”
    (parse_match); the 422 names the line at fault. Line 3 says `*`, which is right for a match with no
    action; line 4 says a finished match, which is wrong: line 4 is the one at fault."""
    before = recount.store.head()
    reply = import_text(client, TWO + '[Result "*"]\n[Result "Al 1, Betty 2"]\n\n')
    assert reply.status_code == 422, reply.text
    assert reply.json()["details"]["line"] == 4, reply.text
    assert recount.store.head() == before
