"""The new-match page in headless Chromium at a phone's size (390×844) against the
real app: for each game system, fill the form, change an option and the players,
create, and find that match through the API with that option and those players;
the links and their QR codes are shown; a refused setup shows its rule and creates
nothing; nothing scrolls sideways."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from tests.support.browser import CREATE_TOKEN, expect, open_new, seat_players

pytestmark = pytest.mark.browser


def sideways_overflow(phone: Any) -> int:
    return phone.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")


def described_fields(served: Any, system: str) -> list[str]:
    with httpx.Client(base_url=served.url, timeout=10) as client:
        properties = client.get(f"/systems/{system}").json()["ruleset_schema"]["properties"]
    return [field for field, schema in properties.items() if schema.get("description")]


def match_ids(served: Any) -> set[str]:
    with httpx.Client(base_url=served.url, timeout=10) as client:
        return {match["id"] for match in client.get("/matches").json()}


# given a system, when an option is changed (a switch or a choice), the players named and
# a mode chosen, then the match is created with that option, those players, that mode.
CASES = [
    ("president", "equal_rank_beats", "switch", True, ["Al", "Betty", "Carl", "Dana", "Eve"], "public"),
    ("bid", "region_tie_cards", "by every card, highest first", "all", ["Ann", "Ben", "Cy"], "full"),
    ("mrpresident", "electoral_state_tie", "both, half each", "split", ["Rita", "Dan"], "electoral"),
]


@pytest.mark.parametrize(("system", "field", "change", "value", "players", "mode"), CASES, ids=[case[0] for case in CASES])
def test_a_match_is_created_from_the_phone_with_its_option_players_and_links(
    phone: Any, served: Any, system: str, field: str, change: str, value: Any, players: list[str], mode: str
) -> None:
    open_new(phone, served, system)
    options = phone.locator("#options .option, #advanced-options .option")
    expect(phone.locator(".option .why")).to_have_count(len(described_fields(served, system)))
    assert options.count() > 0
    row = phone.locator(f'.option[data-field="{field}"]')
    phone.locator("#house-rules > summary").click()  # the house rules are folded
    if change == "switch":
        row.locator("input[role=switch]").click()
    else:
        row.locator("select").select_option(label=change)
    expect(row).to_have_class(re.compile(r"\bchanged\b"))
    seat_players(phone, players)
    phone.locator(f'#modes input[value="{mode}"]').check()
    phone.locator("#title").fill(f"New {system} at the table")
    assert sideways_overflow(phone) <= 0
    with phone.expect_request(lambda request: request.method == "POST" and request.url.endswith("/matches")) as sent:
        phone.locator("#create").click()
    assert sent.value.post_data_json["options"] == {field: value}, "only the option changed from the preset is sent"

    expect(phone.locator("#created")).to_be_visible()
    record = phone.locator(".link-card.record a.link").get_attribute("href")
    found = re.fullmatch(rf"{re.escape(served.url)}/record/(m_\w+)#token=(.+)", record or "")
    assert found, record
    match_id, write_token = found.groups()
    assert phone.evaluate(f"() => localStorage.getItem('recount.write.{match_id}')") == write_token

    seats = phone.locator(".link-card.seat a.link")
    expect(seats).to_have_count(len(players))
    for i, player in enumerate(players):
        link = urlsplit(seats.nth(i).get_attribute("href"))
        assert link.path == f"/record/{match_id}" and not link.query and link.fragment.startswith("token=seat_")
    expect(phone.locator(".link-card.spectators a.link")).to_have_attribute("href", f"{served.url}/view/{match_id}")
    # One QR code per link, drawn by the server as SVG.
    expect(phone.locator(".qr-box svg")).to_have_count(len(players) + 2)
    assert phone.locator(".qr-box svg path").count() >= len(players) + 2
    assert sideways_overflow(phone) <= 0

    # A reload (a phone waking up) shows the same links again, from the kept write token.
    seat_links = [seats.nth(i).get_attribute("href") for i in range(len(players))]
    phone.reload()
    expect(phone.locator(".link-card.record a.link")).to_have_attribute("href", record)
    expect(phone.locator(".link-card.seat a.link")).to_have_count(len(players))
    assert [seats.nth(i).get_attribute("href") for i in range(len(players))] == seat_links

    with httpx.Client(base_url=served.url, timeout=10) as client:
        summary = client.get(f"/matches/{match_id}").json()
        assert summary["players"] == players and summary["title"] == f"New {system} at the table"
        created = client.get(f"/matches/{match_id}/events", headers={"Authorization": f"Bearer {write_token}"}).json()
    event = created["events"][0]["event"]
    assert event["ruleset"][field] == value
    assert event["mode"] == mode


def test_a_seat_link_opened_on_the_creators_phone_keeps_its_write_token(phone: Any, served: Any) -> None:
    """The phone that created a match opens a player's link (the creator plays too): the
    new-match page still shows the match's links from the write token it keeps, and the
    recording page opened again without a token records as that seat."""
    open_new(phone, served, "president")
    seat_players(phone, ["Al", "Betty", "Carl", "Dana"])
    phone.locator("#create").click()
    expect(phone.locator("#created")).to_be_visible()
    record = phone.locator(".link-card.record a.link").get_attribute("href") or ""
    match_id, write_token = re.fullmatch(rf"{re.escape(served.url)}/record/(m_\w+)#token=(.+)", record).groups()
    betty = phone.locator(".link-card.seat a.link").nth(1).get_attribute("href") or ""
    betty_token = urlsplit(betty).fragment.removeprefix("token=")
    as_betty = lambda request: request.headers.get("authorization") == f"Bearer {betty_token}"  # noqa: E731
    with phone.expect_request(as_betty):
        phone.goto(betty)
    expect(phone.locator("#subtitle a")).to_have_text("replay")
    phone.goto(f"{served.url}/new?created={match_id}")
    expect(phone.locator(".link-card.record a.link")).to_have_attribute("href", record)
    assert phone.evaluate(f"() => localStorage.getItem('recount.write.{match_id}')") == write_token
    with phone.expect_request(as_betty):
        phone.goto(f"{served.url}/record/{match_id}")


def test_on_a_server_with_a_create_token_the_phone_asks_for_it_once_and_keeps_it(phone: Any, served_with_create_token: Any) -> None:
    """RECOUNT_CREATE_TOKEN: a phone without the token is told so and asked for it (a
    wrong one is refused and forgotten); once it is typed the match is created, and the
    next match on that phone needs nothing typed. A link /new#create=<token> hands it over."""
    served = served_with_create_token
    open_new(phone, served, "president")
    seat_players(phone, ["Al", "Betty", "Carl", "Dana"])
    box = phone.locator("#create-token-box")
    expect(box).to_be_hidden()
    phone.locator("#create").click()
    expect(phone.locator("#refused")).to_contain_text("create token")
    expect(box).to_be_visible()
    phone.locator("#create-token").fill("not-the-token")
    phone.locator("#create").click()
    expect(phone.locator("#refused")).to_contain_text("not this server's create token")
    assert match_ids(served) == set()
    phone.locator("#create-token").fill(CREATE_TOKEN)
    phone.locator("#create").click()
    expect(phone.locator("#created")).to_be_visible()
    assert len(match_ids(served)) == 1

    open_new(phone, served, "president")  # the next match: the kept token, nothing to type
    seat_players(phone, ["Al", "Betty", "Carl", "Dana"])
    phone.locator("#create").click()
    expect(phone.locator("#created")).to_be_visible()
    assert len(match_ids(served)) == 2

    phone.evaluate("() => localStorage.clear()")
    phone.goto(f"{served.url}/new#create={CREATE_TOKEN}")
    expect(phone.locator("body")).to_have_attribute("data-ready", "true")
    assert "create=" not in phone.url, "the token leaves the address bar"
    seat_players(phone, ["Al", "Betty", "Carl", "Dana"])
    phone.locator("#create").click()
    expect(phone.locator("#created")).to_be_visible()
    assert len(match_ids(served)) == 3


def test_a_refused_setup_shows_what_is_wrong_and_creates_nothing(phone: Any, served: Any) -> None:
    """An option that is not JSON is named on the page and nothing is sent; then one
    player: president-classic.md § header, “_player_: 4-7” — the 422's rule sentence
    is shown."""
    before = match_ids(served)
    open_new(phone, served, "president")
    # Another preset's values become the defaults (friday: "count met or exceeded").
    count_rule = phone.locator('.option[data-field="count_rule"]')
    phone.locator("#preset").select_option("friday")
    expect(count_rule.locator("select option:checked")).to_have_text("at least as many as the lead")
    expect(count_rule).not_to_have_class(re.compile(r"\bchanged\b"))
    phone.locator("#preset").select_option("classic")
    expect(count_rule.locator("select option:checked")).to_have_text("the same number as the lead")
    exchange = phone.locator('.option[data-field="exchange"]')
    phone.locator("#house-rules > summary").click()
    exchange.locator("input").fill("2, x")
    phone.locator("#house-rules > summary").click()  # folded again
    phone.locator("#create").click()
    expect(phone.locator("#house-rules")).to_have_attribute("open", "")  # opened to show what is wrong
    expect(exchange.locator(".field-error")).to_contain_text("a whole number from 0 to 224")
    expect(phone.locator("#refused")).to_be_hidden()

    exchange.locator("input").fill("2, 1")
    seat_players(phone, ["Al"])
    phone.locator("#create").click()
    refused = phone.locator("#refused")
    expect(refused).to_be_visible()
    expect(exchange.locator(".field-error")).to_be_hidden()
    expect(refused.locator(".rule")).to_contain_text("_player_: 4-7")
    expect(refused.locator(".rule cite")).to_contain_text("president-classic.md")
    expect(refused).not_to_contain_text("null")
    expect(phone.locator("#created")).to_be_hidden()
    assert sideways_overflow(phone) <= 0
    assert match_ids(served) == before


def test_the_index_links_to_the_new_match_page(phone: Any, served: Any) -> None:
    phone.goto(served.url + "/")
    phone.locator("#new-match").click()
    expect(phone).to_have_url(re.compile(r"/new(\?|$)"))
    expect(phone.locator("body[data-ready=true]")).to_have_count(1)


def test_a_notation_file_is_brought_in_and_its_links_are_shown(phone: Any, served: Any) -> None:
    """docs/notation.md § Importing: a notation file chosen on the new-match page becomes a
    new match (every line checked), shown with its recording, seat and spectator links as a
    created match is; a file with a bad line says the line and records nothing."""
    original = served.matches["bid/two-player"]
    with served.api() as client:
        text = client.get(f"/matches/{original.match_id}/notation", headers={"Authorization": f"Bearer {original.write_token}"}).text
    before = served.recount.store.head()
    open_new(phone, served, "bid")
    bad = text.rstrip("\n") + "\nnot an action\n"
    phone.locator("#import-file").set_input_files(files=[{"name": "bad.txt", "mimeType": "text/plain", "buffer": bad.encode()}])
    phone.locator("#import-send").click()
    expect(phone.locator("#import-refused")).to_contain_text(f"line {len(bad.splitlines())}")
    assert served.recount.store.head() == before  # nothing of the bad file recorded
    phone.locator("#import-file").set_input_files(files=[{"name": "match.txt", "mimeType": "text/plain", "buffer": text.encode()}])
    phone.locator("#import-send").click()
    expect(phone.locator("#created")).to_be_visible()
    expect(phone.locator('#links .link-card[data-kind="seat"]')).to_have_count(2)
    match_id = phone.locator("#created-summary .match-id").inner_text()
    assert match_id != original.match_id
    with served.api() as client:
        new = client.get(f"/matches/{match_id}/standings").json()
        assert new["placings"] == client.get(f"/matches/{original.match_id}/standings").json()["placings"]
    record_link = phone.locator("#links a.primary").get_attribute("href")
    assert f"/record/{match_id}#token=" in record_link


def test_a_notation_file_saved_by_notepad_is_brought_in_with_its_names(phone: Any, served: Any) -> None:
    """docs/notation.md § Importing: Windows Notepad saves "Unicode" as UTF-16 behind a
    byte order mark. The page's `file.text()` reads it by that mark in Chromium (a guard:
    this passed before service/records/textfiles.py, which reads it so for a script or the CLI)."""
    original = served.matches["bid/two-player"]
    with served.api() as client:
        text = client.get(f"/matches/{original.match_id}/notation", headers={"Authorization": f"Bearer {original.write_token}"}).text
    players = re.search(r'\[Players "([^"]*)"\]', text)[1].split(", ")
    renamed = re.sub(rf"\b{players[0]}\b", "José", text)
    open_new(phone, served, "bid")
    phone.locator("#import-file").set_input_files(files=[{"name": "match.txt", "mimeType": "text/plain", "buffer": renamed.encode("utf-16")}])
    phone.locator("#import-send").click()
    expect(phone.locator("#created")).to_be_visible()
    match_id = phone.locator("#created-summary .match-id").inner_text()
    with served.api() as client:
        assert client.get(f"/matches/{match_id}").json()["players"] == ["José", *players[1:]]
