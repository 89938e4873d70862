"""Abuse is bounded: a match's setup has documented limits, bodies have a size
limit, deep JSON is a 400, the index is paged, and HTTP's own answers (405, 404, OPTIONS)
are JSON with the headers they need. Tables: given a request, when sent, then the answer."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from litestar.testing import TestClient

from domain.protocol import NAME_MAX, OPTIONS_MAX, PLAYERS_MAX, TITLE_MAX
from service.web.params import BODY_MAX
from service.web.routes import SETUP_BODY_MAX
from tests.support.api import classic_deal, sqlite_app

PLAYERS = ["Al", "Betty", "Carl", "Dana"]
SETUP = {"system": "president", "preset": "classic", "players": PLAYERS, "mode": "public"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One SQLite app for the module: these bounds are the HTTP layer's, not a store's."""
    with sqlite_app(tmp_path_factory.mktemp("bounds")) as test_client:
        yield test_client


# given a setup (changes to SETUP), then the status of POST /matches and words of its error
SETUP_BOUNDS = [
    ("a title of the longest length", {"title": "t" * TITLE_MAX}, 201, ""),
    ("a title one character longer", {"title": "t" * (TITLE_MAX + 1)}, 400, "title"),
    ("a 5 MB title", {"title": "t" * 5_000_000}, 413, "bytes at most"),
    ("a name of the longest length", {"players": ["n" * NAME_MAX, *PLAYERS[1:]]}, 201, ""),
    ("a name one character longer", {"players": ["n" * (NAME_MAX + 1), *PLAYERS[1:]]}, 400, "players"),
    ("an empty name", {"players": ["", *PLAYERS[1:]]}, 400, "players"),
    # A name is a line of the notation and a key of views and patches (replay/patches.py reserves NUL).
    ("a name across two lines", {"players": ["Bo\nBo", *PLAYERS[1:]]}, 400, "a player's name: printable text"),
    ("a name ending in a newline", {"players": ["Bo\n", *PLAYERS[1:]]}, 400, "at players[0]"),
    ("a name with a space before it", {"players": [" Bo", *PLAYERS[1:]]}, 400, "no space at either end"),
    ("a name beginning with NUL", {"players": ["\u0000=", *PLAYERS[1:]]}, 400, "a player's name"),
    ("a player named as a view of ?as=", {"players": ["everyone", *PLAYERS[1:]]}, 400, "not 'everyone' or 'spectator'"),
    ("a player named Spectator, capitalised", {"players": ["Spectator", *PLAYERS[1:]]}, 201, ""),
    ("a name with a comma, a dot, a quote, accents", {"players": ['Smith, Jr. "Ñ"', *PLAYERS[1:]]}, 201, ""),
    ("more players than the bound", {"players": [f"P{i}" for i in range(PLAYERS_MAX + 1)]}, 400, "players"),
    ("more options than the bound", {"options": {f"o{i}": 1 for i in range(OPTIONS_MAX + 1)}}, 400, "options"),
    ("options bigger than a setup's body", {"options": {"o": "x" * SETUP_BODY_MAX}}, 413, "bytes at most"),
]


@pytest.mark.parametrize(("given_", "changes", "status", "words"), SETUP_BOUNDS, ids=[row[0] for row in SETUP_BOUNDS])
def test_a_setup_is_bounded(client: TestClient, given_: str, changes: dict[str, Any], status: int, words: str) -> None:
    reply = client.post("/matches", json={**SETUP, **changes})
    assert reply.status_code == status, reply.text[:300]
    if status >= 400:
        body = reply.json()
        assert body["status"] == status and words in body["error"]


def test_a_refused_setup_leaves_the_index_as_it_was(client: TestClient) -> None:
    before = client.get("/matches", params={"limit": 500}).json()
    client.post("/matches", json={**SETUP, "title": "t" * (TITLE_MAX + 1)})
    assert client.get("/matches", params={"limit": 500}).json() == before


def test_an_events_body_over_a_megabyte_is_413(client: TestClient) -> None:
    match = client.post("/matches", json=SETUP).json()
    body = b'{"events":[{"type":"PlayerPassed","player":"' + b"x" * BODY_MAX + b'"}]}'
    reply = client.post(f"/matches/{match['match_id']}/events", content=body, headers={"Authorization": f"Bearer {match['write_token']}", "Content-Type": "application/json"})
    assert reply.status_code == 413 and "1,048,576 bytes at most" in reply.json()["error"]


@pytest.mark.parametrize("depth", [1_000, 5_000])
def test_json_nested_too_deep_is_400_not_500(client: TestClient, depth: int) -> None:
    reply = client.post("/matches", content=b"[" * depth + b"]" * depth, headers={"Content-Type": "application/json"})
    assert reply.status_code == 400 and reply.json()["status"] == 400


def next_link(reply: Any) -> str | None:
    found = re.fullmatch(r'<([^>]+)>; rel="next"', reply.headers.get("link", ""))
    return found.group(1) if found else None


@settings(max_examples=8, deadline=None)
@given(limit=st.integers(min_value=1, max_value=7))
def test_the_pages_of_the_index_hold_every_match_once_newest_first(client: TestClient, limit: int) -> None:
    everyone = client.get("/matches", params={"limit": 500}).json()
    if len(everyone) < 9:
        for _ in range(9 - len(everyone)):
            assert client.post("/matches", json=SETUP).status_code == 201
        everyone = client.get("/matches", params={"limit": 500}).json()
    seen: list[dict[str, Any]] = []
    url: str | None = f"/matches?limit={limit}"
    while url:
        reply = client.get(url)
        assert reply.status_code == 200 and len(reply.json()) <= limit
        seen += reply.json()
        url = next_link(reply)
    assert [m["id"] for m in seen] == [m["id"] for m in everyone]
    assert [m["created_at"] for m in seen] == sorted((m["created_at"] for m in seen), reverse=True)


def test_a_page_after_an_unknown_match_is_404(client: TestClient) -> None:
    reply = client.get("/matches", params={"before": "m_000000000000"})
    assert reply.status_code == 404 and "m_000000000000" in reply.json()["error"]


# given a request HTTP itself answers, then its status, a header it must carry, and that value
HTTP_ANSWERS = [
    ("DELETE", "/matches", 405, "allow", "GET, OPTIONS, POST"),
    ("PUT", "/matches/m_x/events", 405, "allow", "GET, OPTIONS, POST"),
    ("OPTIONS", "/matches", 204, "allow", "GET, OPTIONS, POST"),
    ("OPTIONS", "/matches/m_x/events", 204, "allow", "GET, OPTIONS, POST"),
    ("GET", "/no/such/path", 404, "content-type", "application/json"),
]


@pytest.mark.parametrize(("method", "path", "status", "header", "value"), HTTP_ANSWERS)
def test_http_answers_say_what_is_allowed(client: TestClient, method: str, path: str, status: int, header: str, value: str) -> None:
    reply = client.request(method, path)
    assert reply.status_code == status
    said = reply.headers.get(header, "")
    assert (set(said.split(", ")) == set(value.split(", "))) if header == "allow" else said.startswith(value)
    if status >= 400:
        assert reply.json()["status"] == status


def test_bearer_with_no_token_is_no_token(client: TestClient) -> None:
    """A reader sees what anyone may; a recorder is told a token is needed (401), not
    that the request is malformed."""
    match = client.post("/matches", json=SETUP).json()
    empty = {"Authorization": "Bearer "}
    assert client.get(f"/matches/{match['match_id']}/state", headers=empty).json()["perspective"] == "spectator"
    assert client.get(f"/matches/{match['match_id']}/allowed", headers=empty).status_code == 401
    assert client.get(f"/matches/{match['match_id']}/allowed", headers={"Authorization": "Basic abc"}).status_code == 400


def test_a_store_that_does_not_answer_is_a_503_with_retry_after(client, monkeypatch) -> None:
    """A database restarting is said as such (503, Retry-After), never as a 500, and nothing is recorded."""
    from eventsourcing.persistence import OperationalError

    created = client.post("/matches", json={"system": "president", "players": ["Al", "Betty", "Carl", "Dana"]}).json()
    recount = client.app.state.recount

    def down(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(recount.store, "read", down)
    monkeypatch.setattr(recount.store, "head", down)
    reply = client.get(f"/matches/{created['match_id']}/state")
    assert reply.status_code == 503, reply.text
    assert reply.headers["retry-after"] == "1" and "not answering" in reply.json()["error"]


# -- the record route decodes its body once, in the match's own actions (a faster record
# path); a body that does not fit them is answered as before, 400 before 401/403/404.


@pytest.fixture(scope="module")
def match(client: TestClient) -> dict[str, Any]:
    reply = client.post("/matches", json={**SETUP, "preset": "classic"})
    assert reply.status_code == 201, reply.text
    return reply.json()


# given a body, a token and a match, when recorded, then the status and words of the answer
RECORD_ANSWERS = [
    ("an empty body", b"", "write", "match", 400, "the body is empty"),
    ("a body that is not JSON, for an unknown match", b'{"events": [', "write", "unknown", 400, "not valid JSON"),
    ("a body that does not fit, for an unknown match", b'{"events": {}}', "write", "unknown", 400, "(at events)"),
    ("a body that does not fit, with no token", b'{"events": [1]}', None, "match", 400, "(at events[0])"),
    ("an unknown field beside the events", b'{"events": [], "extra": 1}', "write", "match", 400, "unknown field `extra`"),
    ("an action missing a field", b'{"events": [{"type": "PlayerPassed"}]}', "write", "match", 400, "missing required field `player`"),
    ("another game's action", b'{"events": [{"type": "BidCommitted", "player": "Al"}]}', "write", "match", 422, "is an action of"),
    ("no events", b'{"events": []}', "write", "match", 400, "no events to record"),
    ("a body that fits, with no token", b'{"events": [{"type": "PlayerPassed", "player": "Al"}]}', None, "match", 401, "write token"),
    ("a body that fits, with another seat's token", b'{"events": [{"type": "PlayerPassed", "player": "Al"}]}', "seat", "match", 403, "this is Al's action"),
    ("a body that fits, for an unknown match", b'{"events": [{"type": "PlayerPassed", "player": "Al"}]}', "write", "unknown", 404, "no match"),
    ("a stale expected_version", b'{"events": [{"type": "PlayerPassed", "player": "Al"}], "expected_version": 9}', "write", "match", 409, "at version 1"),
    ("an action the rules refuse", b'{"events": [{"type": "PlayerPassed", "player": "Al"}]}', "write", "match", 422, "dealt first"),
]


@pytest.mark.parametrize(("given_", "body", "token", "which", "status", "words"), RECORD_ANSWERS, ids=[row[0] for row in RECORD_ANSWERS])
def test_the_record_route_answers_a_body_as_before(client: TestClient, match: dict[str, Any], given_: str, body: bytes, token: str | None, which: str, status: int, words: str) -> None:
    tokens = {"write": match["write_token"], "seat": match["seat_tokens"]["Betty"], None: None}
    headers = {"Content-Type": "application/json"} | ({"Authorization": f"Bearer {tokens[token]}"} if token else {})
    match_id = match["match_id"] if which == "match" else "m_000000000000"
    reply = client.post(f"/matches/{match_id}/events", content=body, headers=headers)
    assert reply.status_code == status, reply.text[:300]
    assert words in reply.json()["error"]
    assert "$.events" not in reply.json()["error"]  # said of the action itself, as before


def test_a_body_decoded_in_one_pass_is_recorded_as_sent_and_names_its_recorder(client: TestClient) -> None:
    created = client.post("/matches", json={**SETUP, "preset": "classic", "mode": "full"}).json()
    token = created["write_token"]
    url = f"/matches/{created['match_id']}/events"
    deal = classic_deal()
    reply = client.post(url, json={"events": [deal], "expected_version": 1}, headers={"Authorization": f"Bearer {token}"})
    assert reply.status_code == 201, reply.text
    assert reply.json()["version"] == 2
    [entry] = client.get(url, params={"from": 2}, headers={"Authorization": f"Bearer {token}"}).json()["events"]
    assert entry["event"]["hands"] == deal["hands"] and entry["event"]["dealer"] == deal["dealer"]
    # The token is hashed once, by the access check; the record names it by that hash.
    assert entry["recorded_by"] == "write-token:" + hashlib.sha256(token.encode()).hexdigest()[:8]


@pytest.mark.parametrize(("name", "fits"), [("Zoe", True), ("Smith, Jr.", True), ("Zoe\n", False), (" Zoe", False), ("n" * (NAME_MAX + 1), False)])
def test_a_joining_player_s_name_is_bounded_as_a_seated_one(name: str, fits: bool) -> None:
    """presidents-deck.txt: a player may join between games; their name fits as the names of a setup do."""
    from domain.president.events import PlayerJoined

    if fits:
        assert msgspec.convert({"type": "PlayerJoined", "player": name}, PlayerJoined).player == name
    else:
        with pytest.raises(msgspec.ValidationError):
            msgspec.convert({"type": "PlayerJoined", "player": name}, PlayerJoined)
