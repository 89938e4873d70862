"""Through Litestar's test client, on an SQLite file: a house rule past its bound is refused at creation with a
422 naming the option, and nothing is stored (domain/option_bounds.py, domain/president/ruleset_bounds.py); a
match stored before the bound still replays; an unknown field inside an action is a 400 naming it, as one beside
the events is."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

import domain
from domain.protocol import MatchSetup
from fixtures.random_player import play_random
from service.cli import main as cli
from service.store import chain
from service.store.match_store import Meta, Recorded
from service.usecases import tokens

from tests.support.api import sqlite_app

PLAYERS = ["Al", "Betty", "Carl", "Dana"]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One SQLite app for the module: these refusals come before the store, whose own tests
    cover each backend."""
    with sqlite_app(tmp_path_factory.mktemp("option-bounds")) as test_client:
        yield test_client

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


# given a match stored before its options were bounded (each value accepted then), the option each is past
STORED_PAST_BOUNDS = [
    ("president", "classic", "full", {"min_players": 1}, "min_players"),
    ("president", "classic", "full", {"exchange": (100000000, 1)}, "exchange[0]"),
    ("president", "classic", "full", {"rank_names": {"A": "an ace of a name far longer than a player's name"}}, "rank_names['A']"),
    ("president", "classic", "full", {"role_points": (10**6, 1, 0, -1, -(10**6))}, "role_points[0]"),
    ("president", "friday", "public", {"blind": True, "blind_hand": 300}, "blind_hand"),
    ("mrpresident", "basic", "popular", {"ballot_deck_size": 101}, "ballot_deck_size"),
    ("bid", "text", "full", {"suits": ("H", "S", "D", "C")}, "suits"),
]
PLAYED = 120  # events after the first: deals, plays, a game's end and, in President, an exchange


def stored_match(recount: Any, system_name: str, preset: str, mode: str, options: dict[str, Any], seed: int = 7) -> tuple[str, str]:
    """A match whose first event holds `options` as they were stored before the bounds, written into the
    store as it was then (no check at creation), then played on by a random legal game; its id and write
    token."""
    system = domain.find(system_name)
    players = PLAYERS[:2] if system_name != "president" or preset == "friday" else PLAYERS
    within = {field: value for field, value in options.items() if isinstance(value, bool)}  # friday's Blind President: two players
    created = system.start(MatchSetup(system=system_name, preset=preset, players=players, mode=mode, options=within))
    created = msgspec.structs.replace(created, ruleset=msgspec.structs.replace(created.ruleset, **options))
    events = [created, *play_random(system, created, random.Random(seed), steps=PLAYED)]
    match_id = "m_old" + secrets.token_hex(4)
    write_token = tokens.new_write_token()
    meta = Meta(recorded_at=1.0, recorded_by="before the bounds")
    metas = [msgspec.structs.replace(meta, write_token_sha256=tokens.sha256(write_token))] + [meta] * (len(events) - 1)
    records = [Recorded(match_id, step, system.name, event, meta) for step, (event, meta) in enumerate(zip(events, metas), start=1)]
    recount.store.append(chain.link(records, None))
    return match_id, write_token


@pytest.mark.parametrize(("system", "preset", "mode", "options", "named"), STORED_PAST_BOUNDS, ids=[row[4] for row in STORED_PAST_BOUNDS])
def test_a_match_stored_with_an_option_now_past_its_bound_still_replays_but_a_new_one_is_refused(
    client: TestClient, system: str, preset: str, mode: str, options: dict[str, Any], named: str
) -> None:
    """DESIGN.md: "Check before append, never on replay" and "Changing a preset never changes an old match":
    the bounds are checked where a match is created, never when its stored events decode."""
    match_id, write_token = stored_match(client.app.state.recount, system, preset, mode, options)
    state = client.get(f"/matches/{match_id}/state")
    assert state.status_code == 200, state.text
    assert state.json()["version"] > 2
    for path in ("frames", "standings", "allowed", "notation"):
        reply = client.get(f"/matches/{match_id}/{path}", headers={"Authorization": f"Bearer {write_token}"})
        assert reply.status_code == 200, (path, reply.text)
    refused = client.post("/matches", json=setup(system, preset, msgspec.to_builtins(options)) | {"mode": mode})
    assert refused.status_code == 422, refused.text
    assert named in refused.json()["error"]


# given a match exported, the first event's ruleset changed past a bound (the chain recomputed, as a forger or
# another server would), then the option the 422 names: the bounds each option alone and those between fields
IMPORTED_PAST_A_BOUND = [
    ("president", "classic", {"exchange": [100000000, 1]}, "exchange[0] must be at most 224"),
    ("president", "classic", {"max_set": 10**30}, "max_set"),
    ("president", "classic", {"min_players": 6, "max_players": 5}, "min_players (6) must be at most max_players (5)"),
    ("president", "classic", {"sequences": 2}, "sequences must be 0 (none) or from 3"),
    ("mrpresident", "basic", {"ballot_deck_size": 10**9}, "ballot_deck_size"),
    ("mrpresident", "basic", {"ballot_deck_size": 3}, "more than the three cards removed"),
    ("bid", "text", {"suits": ["H", "S", "D", "C"]}, "suits"),
]


def forged_export(client: TestClient, system: str, preset: str, fields: dict[str, Any]) -> bytes:
    """A normal match exported, its first event's ruleset given `fields`, its chain recomputed with
    service/store/chain.py's formula, under a new match id and without its certificate."""
    created = client.post("/matches", json=setup(system, preset, {})).json()
    reply = client.get(f"/matches/{created['match_id']}/export", headers={"Authorization": f"Bearer {created['write_token']}"})
    assert reply.status_code == 200, reply.text
    header, *items = [msgspec.json.decode(line) for line in reply.content.splitlines()]
    header |= {"match_id": "m_forged" + secrets.token_hex(4), "certificate": None}
    items[0]["event"]["ruleset"] |= fields
    previous = None
    for item in items:
        item["meta"]["chain"] = previous = chain.next_hash(previous, {k: v for k, v in item["meta"].items() if k != "chain"}, item["event"])
    return b"".join(msgspec.json.encode(line) + b"\n" for line in [header, *items])


@pytest.mark.parametrize(("system", "preset", "fields", "said"), IMPORTED_PAST_A_BOUND, ids=[f"{row[0]}-{row[3][:24]}" for row in IMPORTED_PAST_A_BOUND])
def test_an_imported_match_whose_first_event_is_past_a_bound_is_a_422_naming_it_and_nothing_is_stored(
    client: TestClient, system: str, preset: str, fields: dict[str, Any], said: str
) -> None:
    """DESIGN.md: "Check before append": an import's first event is checked as creation checks it (each
    system's `check_created`), before any action; the 422 names the line, the option and its bound."""
    body = forged_export(client, system, preset, fields)
    store = client.app.state.recount.store
    head, listed = store.head(), client.get("/matches").json()
    reply = client.post("/imports", content=body, headers={"Content-Type": "application/x-ndjson"})
    assert reply.status_code == 422, reply.text
    assert "line 2: step 1 (MatchCreated) is refused" in reply.json()["error"] and said in reply.json()["error"]
    assert store.head() == head and client.get("/matches").json() == listed


def test_an_imported_match_within_the_bounds_is_recorded(client: TestClient) -> None:
    """The same forging at the bound: imported (the refusals above are the bound's, not the forging's)."""
    body = forged_export(client, "president", "classic", {"exchange": [13, 1]})
    reply = client.post("/imports", content=body, headers={"Content-Type": "application/x-ndjson"})
    assert reply.status_code == 201, reply.text


def test_a_notation_file_whose_options_are_past_a_bound_is_a_422_naming_it_and_nothing_is_stored(client: TestClient) -> None:
    """A notation file's header makes its first event as creation does (`start`), bounds and all."""
    store = client.app.state.recount.store
    head = store.head()
    text = '[System "president"]\n[Preset "classic"]\n[Options "{\\"exchange\\": [100000000, 1]}"]\n[Players "Al, Betty, Carl, Dana"]\n[Mode "public"]\n'
    reply = client.post("/imports/notation", content=text.encode(), headers={"Content-Type": "text/plain; charset=utf-8"})
    assert reply.status_code == 422, reply.text
    assert "exchange[0] must be at most 224" in reply.json()["error"]
    assert store.head() == head


def test_recount_import_of_a_file_whose_first_event_is_past_a_bound_exits_2_naming_it_and_records_nothing(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`recount import` checks an export as `POST /imports` does (the same `checked_matches`)."""
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(forged_export(client, "president", "classic", {"exchange": [100000000, 1]}))
    db = tmp_path / "recount.sqlite"
    assert cli.main(["--db", str(db), "import", str(forged)]) == 2
    said = capsys.readouterr().err
    assert "line 2: step 1 (MatchCreated) is refused: exchange[0] must be at most 224" in said and "nothing recorded" in said
    assert not db.exists()  # refused before the store is opened
