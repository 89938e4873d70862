"""The new-match routes through Litestar's test client: what a system lets a new
match choose (`GET /systems/{name}`), links as QR codes (`POST /qr`), bad input
refused with a 4xx naming what is wrong, and the page itself."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from litestar.testing import TestClient

import domain
from service.web.newmatch import QR_TEXT_MAX, ruleset_type
from tests.support.api import sqlite_app

SVG = "{http://www.w3.org/2000/svg}"
SYSTEMS = sorted(domain.systems())
# A player count each system's rules allow.
PLAYERS_BY_SYSTEM = {"president": ["Al", "Betty", "Carl", "Dana"], "bid": ["Al", "Betty", "Cy"], "mrpresident": ["Al", "Betty"]}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One app over SQLite for the whole module, in place of tests/conftest.py's `client`
    (a fresh app per test, on every store): these routes read no store, and the store's
    own tests cover each backend. Module scope also serves every hypothesis example."""
    with sqlite_app(tmp_path_factory.mktemp("newmatch")) as test_client:
        yield test_client


def setup_of(client: TestClient, name: str) -> dict[str, Any]:
    reply = client.get(f"/systems/{name}")
    assert reply.status_code == 200, reply.text
    return reply.json()


def qr(client: TestClient, body: Any) -> Any:
    return client.post("/qr", json=body)


def svg_root(reply: Any) -> ElementTree.Element:
    assert reply.status_code == 200, reply.text
    assert reply.headers["content-type"].startswith("image/svg+xml")
    return ElementTree.fromstring(reply.content)


# --- GET /systems/{name} -------------------------------------------------------------------


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_system_lists_its_presets_every_ruleset_option_and_its_modes(client: TestClient, name: str) -> None:
    system = domain.systems()[name]
    setup = setup_of(client, name)
    listed = {entry["name"]: entry for entry in client.get("/systems").json()}[name]
    assert setup["name"] == name and setup["title"] == system.title
    assert setup["presets"] == listed["presets"]
    assert setup["default_preset"] in setup["presets"]
    schema = setup["ruleset_schema"]
    assert schema["type"] == "object" and "$ref" not in schema
    assert set(schema["properties"]) == set(ruleset_type(system).__struct_fields__)
    assert setup["modes"]["choices"], "every system records in at least one mode"
    default = setup["modes"]["default"]
    assert default is None or default in [mode["value"] for mode in setup["modes"]["choices"]]
    assert setup["modes"]["rule"]["quote"] and setup["modes"]["rule"]["source"]


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_option_of_every_ruleset_is_described_by_its_rules_text(client: TestClient, name: str) -> None:
    """The page shows each option with the sentence its rules text says about it: every
    field of every Ruleset carries `msgspec.Meta(description=...)`."""
    properties = setup_of(client, name)["ruleset_schema"]["properties"]
    undescribed = sorted(field for field, schema in properties.items() if not str(schema.get("description", "")).strip())
    assert undescribed == [], f"{name} Ruleset fields without a description: {undescribed}"


@pytest.mark.parametrize("name", SYSTEMS)
def test_each_mode_a_system_lists_creates_a_match(client: TestClient, name: str) -> None:
    """The modes listed are the ones the system's `start` accepts (with a player count
    its rules allow), so the page never offers a mode that is refused."""
    setup = setup_of(client, name)
    for mode in setup["modes"]["choices"]:
        reply = client.post("/matches", json={"system": name, "players": PLAYERS_BY_SYSTEM[name], "mode": mode["value"]})
        assert reply.status_code == 201, (mode, reply.text)


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_mode_not_listed_is_refused_with_the_rule_listed(client: TestClient, name: str) -> None:
    """The page shows each system's mode rule beside the choice: it is the rule its
    `start` cites (president: DESIGN.md “A match declares what it records”; bid: the
    house rule “…records everything (mode full)”; mrpresident § SETUP “Players must
    decide if they will play the game for popular votes or for electoral votes.”)."""
    listed = setup_of(client, name)["modes"]["rule"]
    before = client.get("/matches").json()
    reply = client.post("/matches", json={"system": name, "players": PLAYERS_BY_SYSTEM[name], "mode": "by ear"})
    assert reply.status_code == 422, reply.text
    assert reply.json()["rule"]["quote"] == listed["quote"] and reply.json()["rule"]["source"] == listed["source"]
    assert client.get("/matches").json() == before


@pytest.mark.parametrize("name", ["nope", "President", "president%20"])
def test_an_unknown_system_is_a_404_naming_the_known_ones(client: TestClient, name: str) -> None:
    reply = client.get(f"/systems/{name}")
    assert reply.status_code == 404
    assert "no game system" in reply.json()["error"] and "president" in reply.json()["error"]


# GET /systems/{name} serves the game's words beside its schema: a sentence per preset,
# the mode as a question, words for every option; the route names no game itself.


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_choices_come_with_the_games_words(client: TestClient, name: str) -> None:
    setup = setup_of(client, name)
    assert set(setup["preset_words"]) == set(setup["presets"])
    assert set(setup["option_words"]) == set(setup["ruleset_schema"]["properties"])
    assert setup["modes"]["question"] and setup["sentence"]
    for option in setup["option_words"].values():
        assert option["label"] and option["group"]


def test_president_classic_is_listed_first() -> None:
    listed = min(domain.systems().values(), key=lambda system: system.setup_words.listed)
    assert (listed.name, next(iter(listed.presets))) == ("president", "classic")


def test_the_service_names_no_game() -> None:
    source = open("service/web/newmatch.py", encoding="utf-8").read()
    for name in domain.systems():
        assert f'"{name}"' not in source and f"domain.{name}" not in source


# --- POST /qr --------------------------------------------------------------------------------


def test_a_link_becomes_an_svg_qr_code_sized_by_its_viewbox(client: TestClient) -> None:
    link = "http://127.0.0.1:8000/record/m_a200bc624a89#token=Epk4Sx8f_yOOxs9O6l878DRdGqSRu9TF"
    root = svg_root(qr(client, {"text": link}))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") and root.get("width") is None, "the page sizes it with CSS"
    assert root.findall(f"{SVG}path"), "the modules are drawn as paths"
    assert qr(client, {"text": link}).content == qr(client, {"text": link}).content
    assert qr(client, {"text": link + "x"}).content != qr(client, {"text": link}).content


# given a body, then the reply: 400 with an error naming what is wrong.
BAD_QR_BODIES = [
    ({"text": ""}, "length >= 1"),
    ({"text": "x" * (QR_TEXT_MAX + 1)}, f"length <= {QR_TEXT_MAX}"),
    ({"text": 5}, "Expected `str`"),
    ({}, "missing required field `text`"),
    ({"text": "a", "size": 3}, "unknown field `size`"),
    (["http://x"], "Expected `object`"),
    ({"text": "😀" * QR_TEXT_MAX}, "too long for a QR code"),
]


@pytest.mark.parametrize(("body", "named"), BAD_QR_BODIES)
def test_a_bad_qr_request_is_a_400_naming_what_is_wrong(client: TestClient, body: Any, named: str) -> None:
    reply = qr(client, body)
    assert reply.status_code == 400, reply.text
    assert named in reply.text


def test_a_body_that_is_not_json_is_a_400(client: TestClient) -> None:
    reply = client.post("/qr", content=b"{text: x", headers={"Content-Type": "application/json"})
    assert reply.status_code == 400 and "malformed" in reply.json()["error"].lower()


@settings(max_examples=12, deadline=None)
@given(text=st.text(st.characters(codec="latin-1"), min_size=1, max_size=QR_TEXT_MAX))
def test_any_latin_1_text_within_the_bound_becomes_a_qr_code(client: TestClient, text: str) -> None:
    assert svg_root(qr(client, {"text": text})).tag == f"{SVG}svg"


# --- the page and a refused setup ------------------------------------------------------------


def test_the_page_is_served_and_the_index_links_to_it(client: TestClient) -> None:
    page = client.get("/new")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/new.js">' in page.text
    assert client.get("/static/new.js").status_code == 200 and client.get("/static/new.css").status_code == 200
    assert 'href="/new"' in client.get("/").text


def test_a_setup_with_one_player_is_refused_with_its_rule_and_nothing_is_created(client: TestClient) -> None:
    """president-classic.md § header: “_player_: 4-7” — the page shows this 422's rule."""
    before = client.get("/matches").json()
    reply = client.post("/matches", json={"system": "president", "preset": "classic", "players": ["Al"], "mode": "full"})
    assert reply.status_code == 422
    assert reply.json()["rule"]["source"].startswith("president-classic.md") and "4-7" in reply.json()["rule"]["quote"]
    assert client.get("/matches").json() == before
