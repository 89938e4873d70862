"""Real answers keep the OpenAPI contract: every fixture match (finished
games of every system and preset) recorded, then each read operation's 200 body, as
the write token and as a spectator sees it, validated against the schema the document
declares for it. Schemathesis (test_contract.py) generates requests from the schema;
this reads what matches that were really played answer, which generated data rarely
reaches (a finished match's standings, an advanced game's view).

Found this way: a whole-number score was valid under both "integer" and "number" of
the score's oneOf, so every finished match's standings broke the contract."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import pytest
from litestar.testing import TestClient

from service.reads.readmodel import MatchIndex
from service.records import fixtures
from service.web.routes import create_app
from tests.support.stores import open_recount

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
            url = path.format(match_id=created.match_id, system="president", preset="classic") + query
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


def test_a_notation_file_is_served_as_the_type_the_document_declares(served: Any) -> None:
    """GET /matches/{id}/notation answers text/plain; the document said application/json
    (schemathesis on the live server: ST105 undocumented Content-Type)."""
    client, document, matches = served
    created = next(iter(matches.values()))
    reply = client.get(f"/matches/{created.match_id}/notation", headers={"Authorization": f"Bearer {created.write_token}"})
    assert reply.status_code == 200
    assert reply.headers["content-type"].split(";")[0] in declared_types(document, "/matches/{match_id}/notation", "get") == {"text/plain"}


@pytest.mark.parametrize("path", ["/matches/{id}/notation", "/guide/president.md"])
def test_a_text_reply_names_its_charset_once(served: Any, path: str) -> None:
    """The text replies said `text/plain; charset=utf-8; charset=utf-8` (Litestar adds the
    charset of a text/* type to one already given): a strict client refuses the header."""
    client, _, matches = served
    created = next(iter(matches.values()))
    reply = client.get(path.format(id=created.match_id), headers={"Authorization": f"Bearer {created.write_token}"})
    assert reply.status_code == 200
    assert reply.headers["content-type"].count("charset") == 1


def test_a_parsed_line_answers_as_the_document_says_and_the_document_says_something(served: Any) -> None:
    """parseNotation's 200 was documented with an empty schema, which any body fits."""
    client, document, matches = served
    created = matches["president/classic-four-full"]
    check = validator(document, "/matches/{match_id}/notation/parse", "post")
    reply = client.post(f"/matches/{created.match_id}/notation/parse", json={"line": "Al passes"}, headers={"Authorization": f"Bearer {created.write_token}"})
    assert reply.status_code in (200, 422), reply.text
    if reply.status_code == 200:
        assert not list(check.iter_errors(reply.json()))
    assert list(check.iter_errors({})), "the documented answer of parseNotation accepts an empty object"


def body_validator(document: dict[str, Any], path: str, method: str) -> Any:
    schema = document["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]
    return jsonschema_rs.validator_for({**schema, "components": document["components"]})


# Bodies the service refuses for their shape alone, whatever the match: the document must
# refuse them too, or a schema-valid request is rejected (schemathesis ST202).
REFUSED_BODIES = [
    ("/matches/{match_id}/events", {"events": []}, 400),
    ("/matches/{match_id}/events/check", {"events": []}, 400),
    ("/matches/{match_id}/notation/parse", {"line": ""}, 422),
    ("/matches/{match_id}/notation/parse", {"line": "   "}, 422),
    ("/matches/{match_id}/notation/parse", {"line": "Al passes " * 201}, 400),
    ("/matches", {"system": "", "players": ["Al", "Betty", "Cy", "Dana"]}, 422),
    ("/matches", {"system": "chess", "players": ["Al", "Betty", "Cy", "Dana"]}, 422),
    ("/matches", {"system": "president", "preset": "no-such-preset", "players": ["Al", "Betty", "Cy", "Dana"]}, 422),
]


@pytest.mark.parametrize(("path", "body", "status"), REFUSED_BODIES, ids=[f"{p} {b}"[:70] for p, b, _ in REFUSED_BODIES])
def test_a_body_refused_for_its_shape_is_one_the_document_refuses(served: Any, path: str, body: dict[str, Any], status: int) -> None:
    client, document, matches = served
    created = matches["president/classic-four-full"]
    reply = client.post(path.format(match_id=created.match_id), json=body, headers={"Authorization": f"Bearer {created.write_token}"})
    assert reply.status_code == status, reply.text
    assert list(body_validator(document, path, "post").iter_errors(body)), f"the document accepts {body}, which is refused with {status}"


def test_every_operation_has_a_client_friendly_operation_id(served: Any) -> None:
    """A client generator names its methods by operationId: each one unique, a lowerCamel
    word (Litestar's own for an unnamed route was `SystemsNameSystemSetup`)."""
    _, document, _ = served
    ids = [op.get("operationId") for item in document["paths"].values() for op in item.values() if isinstance(op, dict) and "responses" in op]
    assert all(isinstance(i, str) and re.fullmatch(r"[a-z][A-Za-z]+", i) for i in ids), ids
    assert len(ids) == len(set(ids))


def test_every_component_is_titled_by_its_name(served: Any) -> None:
    """A generator may name a class by a schema's title: the corrections' EventAmended was
    titled `EventAmended[typing.Union[domain.bid.events.…]]`."""
    _, document, _ = served
    wrong = {name: schema["title"][:60] for name, schema in document["components"]["schemas"].items() if "title" in schema and schema["title"] != name}
    assert not wrong


def test_the_known_names_of_path_parameters_are_those_served(served: Any) -> None:
    """GET /systems/{name} takes a system's name: the document lists them (a tester drew
    random names, all 404), and each one listed answers."""
    client, document, _ = served
    names = next(p for p in document["paths"]["/systems/{name}"]["get"]["parameters"] if p["name"] == "name")["schema"].get("enum")
    assert names == sorted(system["name"] for system in client.get("/systems").json())
    assert all(client.get(f"/systems/{name}").status_code == 200 for name in names)


@pytest.mark.parametrize("query", ["as=Al&as=Betty", "step=2&step=3", "as=&as="])
def test_a_query_parameter_given_twice_is_malformed(served: Any, query: str) -> None:
    """Each query parameter is one value in the document; given twice, the service kept the
    last silently (`?as=Al&as=Betty` was Betty's view). Schemathesis, negative data: ST201."""
    client, _, matches = served
    created = matches["president/classic-four-full"]
    reply = client.get(f"/matches/{created.match_id}/state?{query}", headers={"Authorization": f"Bearer {created.write_token}"})
    assert reply.status_code == 400, reply.text
    assert reply.json()["status"] == 400 and "given 2 times" in reply.json()["error"]
    assert client.get(f"/matches/{created.match_id}/state?{query.split('&')[0]}", headers={"Authorization": f"Bearer {created.write_token}"}).status_code == 200


def test_a_created_match_links_to_every_operation_on_a_match(served: Any) -> None:
    """A stateful tester reaches an operation on a match only by a link from the match's
    creation: schemathesis on the live server warned that 11 operations had none (the
    certificate, confirmations, disputes, export, frames, notation, what-if). All but the
    endless live stream are linked, each to an operation the document has."""
    _, document, _ = served
    on_a_match = {op["operationId"] for path, item in document["paths"].items() if "{match_id}" in path for op in item.values() if isinstance(op, dict) and "responses" in op}
    for creator in ("createMatch", "recordEvents"):
        operation = next(op for item in document["paths"].values() for op in item.values() if isinstance(op, dict) and op.get("operationId") == creator)
        links = operation["responses"]["201"]["links"]
        assert {link["operationId"] for link in links.values()} == on_a_match - {"followLive"}
        assert all(link["parameters"] == {"match_id": "$response.body#/match_id"} for link in links.values())


@pytest.mark.parametrize("route", ["/events", "/events/check"])
def test_an_amendment_to_another_game_s_action_is_refused_as_the_action_is(served: Any, route: str) -> None:
    """The document's actions are every system's: another game's action is well formed and
    refused by the rules (422, recount.system), and so is an amendment to one. It was a 400
    ("does not fit the bid events"), a schema-valid request called malformed (ST202)."""
    client, _, matches = served
    created = next(c for name, c in matches.items() if name.startswith("bid/"))
    headers = {"Authorization": f"Bearer {created.write_token}"}
    for action in ({"type": "MatchEnded"}, {"type": "EventAmended", "step": 2, "event": {"type": "MatchEnded"}}):
        reply = client.post(f"/matches/{created.match_id}{route}", json={"events": [action]}, headers=headers)
        assert reply.status_code == 422, reply.text
        assert reply.json()["rule"]["id"] == "recount.system" and "MatchEnded is an action of President" in reply.json()["error"]


# Operations whose body is bounded by the service's default (1 MB): every one says its 413.
BOUNDED_BY_DEFAULT = ["/matches/{match_id}/events", "/matches/{match_id}/events/check", "/matches/{match_id}/notation/parse", "/matches/{match_id}/what-if", "/qr"]


@pytest.mark.parametrize("path", BOUNDED_BY_DEFAULT)
def test_a_body_over_the_bound_is_a_413_the_document_lists(served: Any, path: str) -> None:
    """A typed line or a what-if over 1 MB was refused with 413, a status their operations
    did not list (parseNotation, whatIf): an undocumented status, found probing the live
    server with schemathesis's checks in mind."""
    from service.web.params import BODY_MAX

    client, document, matches = served
    created = matches["president/classic-four-full"]
    body = b'{"line": "' + b"x" * BODY_MAX + b'"}'
    reply = client.post(path.format(match_id=created.match_id), content=body, headers={"Authorization": f"Bearer {created.write_token}", "Content-Type": "application/json"})
    assert reply.status_code == 413, reply.text[:300]
    assert reply.json()["status"] == 413
    assert "413" in document["paths"][path]["post"]["responses"], f"POST {path} answers 413 and does not say so"


def test_the_leaderboard_page_is_served_as_a_type_the_document_declares(served: Any) -> None:
    """GET /leaderboards answers a browser (Accept: text/html) with the page, as the README
    says; the document declared only application/json, so that answer's Content-Type was
    undocumented (schemathesis's content_type_conformance, with a browser's Accept)."""
    client, document, _ = served
    for accept, expected in (("text/html,application/xhtml+xml,*/*;q=0.8", "text/html"), ("application/json", "application/json")):
        reply = client.get("/leaderboards", headers={"Accept": accept})
        assert reply.status_code == 200
        assert reply.headers["content-type"].split(";")[0] == expected
        assert expected in declared_types(document, "/leaderboards", "get"), f"GET /leaderboards answers {expected} and does not say so"


# Operations that read the event store, and each one's request (method, path, body).
READ_THE_STORE = [
    ("post", "/matches/{match_id}/notation/parse", {"line": "Al passes"}),
    ("get", "/matches/{match_id}/notation", None),
    ("post", "/matches/{match_id}/what-if", {}),
    ("get", "/leaderboards", None),
    ("get", "/leaderboards/{system}/{preset}", None),
]


@pytest.mark.parametrize(("method", "path", "body"), READ_THE_STORE, ids=[f"{m} {p}" for m, p, _ in READ_THE_STORE])
def test_a_store_that_does_not_answer_is_a_503_the_document_lists(served: Any, monkeypatch: pytest.MonkeyPatch, method: str, path: str, body: Any) -> None:
    """The notation, a parsed line, what-if and the leaderboards read the store as every
    operation on a match does, and answer 503 when it does not answer (a database
    restarting); they did not list 503 as the others do: an undocumented status."""
    from eventsourcing.persistence import OperationalError

    client, document, matches = served
    created = matches["president/classic-four-full"]
    recount = client.app.state.recount

    def down(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("connection refused")

    monkeypatch.setattr(recount.store, "read", down)
    monkeypatch.setattr(recount.store, "head", down)
    url = path.format(match_id=created.match_id, system="president", preset="classic")
    headers = {"Authorization": f"Bearer {created.write_token}"}
    reply = client.post(url, json=body, headers=headers) if method == "post" else client.get(url, headers=headers)
    assert reply.status_code == 503, reply.text[:300]
    assert "503" in document["paths"][path][method]["responses"], f"{method.upper()} {path} answers 503 and does not say so"


def test_an_operation_that_answers_401_declares_the_token_it_needs(served: Any) -> None:
    """An export of a running match, a confirmation and a dispute answer 401 without a token
    (the write token, a seat token), yet declared no security: a client generated from the
    document sent none, and a tester's auth checks skipped them."""
    client, document, matches = served
    created = matches["president/classic-four-full"]
    assert client.post(f"/matches/{created.match_id}/confirmations").status_code == 401
    assert client.post(f"/matches/{created.match_id}/disputes", json={"placings": [{"player": "Al", "place": 1}]}).status_code == 401
    silent = [
        f"{method.upper()} {path}"
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict) and "401" in operation.get("responses", {}) and not operation.get("security", document.get("security"))
    ]
    assert not silent, f"answer 401 and declare no token: {silent}"


@pytest.mark.parametrize("options", [{"jokers": "lots"}, {"decks": "two"}, {"decks": 1e9}, {"jokers": 2.5}])
def test_options_of_the_wrong_type_are_a_setup_the_rules_refuse_not_a_500(served: Any, options: dict[str, Any]) -> None:
    """`options` is any object in the document; President built its deck from `jokers` and
    `decks` before checking them, so `{"decks": "two"}` was a 500 (TypeError) on creating a
    match and on what-if. Now the ruleset's own refusal: 422 on creating, `legal: false` at
    step 1 on what-if; nothing is created."""
    client, _, matches = served
    before = len(client.get("/matches", params={"limit": 500}).json())
    setup = {"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "options": options}
    reply = client.post("/matches", json=setup)
    assert reply.status_code == 422, reply.text[:300]
    assert reply.json()["rule"]["id"] == "recount.ruleset" and "the options do not make a ruleset" in reply.json()["error"]
    assert len(client.get("/matches", params={"limit": 500}).json()) == before
    created = matches["president/classic-four-full"]
    answer = client.post(f"/matches/{created.match_id}/what-if", json={"options": options})
    assert answer.status_code == 200, answer.text[:300]
    assert answer.json()["legal"] is False and answer.json()["step"] == 1
    fitting = client.post("/matches", json={**setup, "preset": "friday", "options": {"jokers": 2, "decks": 1}})
    assert fitting.status_code == 201, fitting.text[:300]


@pytest.mark.parametrize("path", ["/matches", "/matches/{match_id}/events", "/matches/{match_id}/events/check", "/matches/{match_id}/standings/check", "/matches/{match_id}/what-if", "/matches/{match_id}/notation/parse", "/qr"])
def test_a_body_that_is_not_utf8_is_malformed_not_a_500(served: Any, path: str) -> None:
    """JSON is UTF-8: a body with a stray byte 0xFF inside a string (a Latin-1 name typed on
    an old system) was a 500, "UnicodeDecodeError" (msgspec raises it past Litestar's
    decoding errors). It is a malformed body: 400, saying where."""
    client, _, matches = served
    created = matches["president/classic-four-full"]
    body = b'{"system": "president", "players": ["Jos\xe9", "Betty", "Carl", "Dana"], "line": "Jos\xe9 passes", "events": [], "placings": []}'
    headers = {"Authorization": f"Bearer {created.write_token}", "Content-Type": "application/json"}
    reply = client.post(path.format(match_id=created.match_id), content=body, headers=headers)
    assert reply.status_code == 400, reply.text[:300]
    assert reply.json()["status"] == 400 and "UTF-8" in reply.json()["error"] and "byte 40" in reply.json()["error"], reply.json()["error"]


def test_a_notation_file_whose_options_are_of_the_wrong_type_is_refused_naming_the_tag(served: Any) -> None:
    """POST /imports/notation with `[Options "{\\"decks\\": \\"two\\"}"]` was a 500 (TypeError)
    as creating a match with those options was: now a 422 naming the Options tag's line."""
    client, _, _ = served
    text = '[System "president"]\n[Preset "classic"]\n[Options "{\\"decks\\": \\"two\\"}"]\n[Players "Al, Betty, Carl, Dana"]\n'
    reply = client.post("/imports/notation", content=text.encode(), headers={"Content-Type": "text/plain"})
    assert reply.status_code == 422, reply.text[:300]
    assert "the options do not make a ruleset" in reply.json()["error"]
    assert reply.json()["details"] == {"token": "Options", "line": 3}
