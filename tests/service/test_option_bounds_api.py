"""Through Litestar's test client, on an SQLite file: a house rule past its bound is refused at creation with a 422 naming the
option, and nothing is stored (domain/*/ruleset.py, domain/president/ruleset_bounds.py); an unknown field
inside an action is a 400 naming it, as one beside the events is."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import TestClient

# One SQLite app for the module, as test_bounds.py's: these refusals come before the store, whose own tests
# cover each backend.
from tests.service.test_bounds import client  # noqa: F401 - the fixture

PLAYERS = ["Al", "Betty", "Carl", "Dana"]

# given the options of a new match, then the option the 422 names (each accepted before)
PAST_A_BOUND = [
    ("president", "classic", {"exchange": [100000000, 1]}, "exchange"),
    ("president", "classic", {"exchange": [10**15, 1]}, "exchange"),
    ("president", "classic", {"exchange": [14, 1]}, "exchange[0]"),  # four players of a 52-card deck hold 13
    ("president", "classic", {"exchange": [-1, -1]}, "exchange"),
    ("president", "classic", {"max_set": 10**30}, "max_set"),
    ("president", "classic", {"max_set": 5}, "max_set"),  # "one, two, three, or four cards of the same kind"
    ("president", "daifugo", {"sequences": -3}, "sequences"),
    ("president", "daifugo", {"sequences": 2}, "sequences"),
    ("president", "deck", {"extra_deck_above": -1}, "extra_deck_above"),
    ("president", "daifugo", {"revolution_sequence": -1}, "revolution_sequence"),
    ("president", "classic", {"role_points": [10**30, 1, 0, -1, -2]}, "role_points"),
    ("president", "friday", {"blind": True, "blind_hand": 0}, "blind_hand"),
    ("mrpresident", "basic", {"ballot_deck_size": 10**9}, "ballot_deck_size"),
    ("bid", "text", {"suits": ["H", "S", "D", "C"]}, "suits"),
]
MODES = {"president": "full", "mrpresident": "popular", "bid": "full"}


def setup(system: str, preset: str, options: dict[str, Any]) -> dict[str, Any]:
    players = PLAYERS if system == "president" and preset != "friday" else PLAYERS[:2]
    return {"system": system, "preset": preset, "players": players, "mode": MODES[system], "options": options}


@pytest.mark.parametrize(("system", "preset", "options", "named"), PAST_A_BOUND, ids=[f"{row[1]}-{row[3]}-{str(row[2])[:30]}" for row in PAST_A_BOUND])
def test_an_option_past_its_bound_is_a_422_naming_it_and_nothing_is_stored(client: TestClient, system: str, preset: str, options: dict[str, Any], named: str) -> None:
    store = client.app.state.recount.store
    head, listed = store.head(), client.get("/matches").json()
    reply = client.post("/matches", json=setup(system, preset, options))
    assert reply.status_code == 422, reply.text
    assert named in reply.json()["error"]
    assert store.head() == head and client.get("/matches").json() == listed


def test_an_option_at_its_bound_makes_a_match(client: TestClient) -> None:
    head = client.app.state.recount.store.head()
    reply = client.post("/matches", json=setup("president", "classic", {"exchange": [13, 1], "max_set": 4}))
    assert reply.status_code == 201, reply.text
    assert client.app.state.recount.store.head() > head
    assert reply.json()["match_id"] in [match["id"] for match in client.get("/matches").json()]


# given an action with a field no action has, then the field the 400 names
UNKNOWN_INSIDE = [
    ("a pass with a colour", {"type": "PlayerPassed", "player": "Al", "colour": 1}, "colour"),
    ("an amendment whose action has a colour", {"type": "EventAmended", "step": 2, "event": {"type": "PlayerPassed", "player": "Al", "colour": 1}}, "colour"),
    ("a voiding with a note", {"type": "EventVoided", "step": 2, "note": "oops"}, "note"),
]


CARD = {"name": "Al Smith", "home_state": "Ohio", "campaign_ability": 2, "financial_support": 2, "press_support": 2, "fund_raising": 2, "advertising": 2, "effective_total": 10}
UNKNOWN_INSIDE_MRPRESIDENT = [
    ("a candidate card with a colour", {"type": "TicketChosen", "party": "Republican", "president": CARD | {"colour": 1}, "vice_president": CARD}, "colour"),
    ("a Ballot with a colour", {"type": "BallotsCast", "player": "Al", "ballots": [{"seal": "P", "state": "Ohio", "colour": 1}]}, "colour"),
]


@pytest.mark.parametrize(
    ("system", "given_", "action", "named"),
    [("president", *row) for row in UNKNOWN_INSIDE] + [("mrpresident", *row) for row in UNKNOWN_INSIDE_MRPRESIDENT],
    ids=[row[0] for row in UNKNOWN_INSIDE + UNKNOWN_INSIDE_MRPRESIDENT],
)
def test_an_unknown_field_inside_an_action_is_a_400_naming_it(client: TestClient, system: str, given_: str, action: dict[str, Any], named: str) -> None:
    created = client.post("/matches", json=setup(system, {"president": "classic", "mrpresident": "basic"}[system], {})).json()
    url = f"/matches/{created['match_id']}/events"
    headers = {"Authorization": f"Bearer {created['write_token']}"}
    reply = client.post(url, json={"events": [action]}, headers=headers)
    assert reply.status_code == 400, reply.text
    assert f"unknown field `{named}`" in reply.json()["error"]
    assert client.get(url, params={"from": 2}, headers=headers).json()["events"] == []
