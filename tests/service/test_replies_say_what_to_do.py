"""A new user's first hour: the replies that once left a newcomer guessing (an unknown
card, an unknown player, duplicate names, a body that is not JSON, a claim naming a stranger)
and the standings as of a step. Each reply says what to do next, and names the rule where a
rule forbids the action."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import TestClient

from service.records import fixtures
from tests.support.api import auth

PLAYERS = ["Al", "Betty", "Carl", "Dana"]


def create(client: TestClient, system: str = "president", players: list[str] = PLAYERS, **setup: Any) -> dict[str, Any]:
    reply = client.post("/matches", json={"system": system, "players": players, **setup})
    assert reply.status_code == 201, reply.text
    return reply.json()


def record(client: TestClient, match: dict[str, Any], events: list[Any] | bytes) -> Any:
    url = f"/matches/{match['match_id']}/events"
    if isinstance(events, bytes):
        return client.post(url, content=events, headers={**auth(match["write_token"]), "Content-Type": "application/json"})
    return client.post(url, json={"events": events}, headers=auth(match["write_token"]))


def dealt(client: TestClient) -> dict[str, Any]:
    """A public classic match, dealt by Dana: Al leads."""
    match = create(client, preset="classic", mode="public")
    reply = record(client, match, [{"type": "CardsDealt", "dealer": "Dana", "sizes": dict.fromkeys(PLAYERS, 13)}])
    assert reply.status_code == 201, reply.text
    return match


# -- card codes: president-classic.md header “_materials_: 52 card deck” ---------------------------

CARD_CODES = [
    # (what is written, what the reply must say)
    ("10h", "write 10H"),
    ("10♥", "write 10H"),
    ("♥10", "write 10H"),
    ("qs", "write QS"),
    ("ZZ", "a card is its rank then its suit letter (C ♣, D ♦, H ♥, S ♠), e.g. 2C, 10D, AH"),
]


@pytest.mark.parametrize(("written", "said"), CARD_CODES)
def test_deck_an_unknown_card_code_says_what_a_code_looks_like(client: TestClient, written: str, said: str) -> None:
    match = dealt(client)
    reply = record(client, match, [{"type": "CardsPlayed", "player": "Al", "cards": [written]}])
    assert reply.status_code == 422, reply.text
    body = reply.json()
    assert said in body["error"] and repr(written) in body["error"]
    assert body["rule"]["id"] == "president.classic.deck" and "52 card deck" in body["rule"]["quote"]


def test_deck_the_code_meant_is_then_recorded_as_written_by_the_deck(client: TestClient) -> None:
    match = dealt(client)
    assert record(client, match, [{"type": "CardsPlayed", "player": "Al", "cards": ["10H"]}]).status_code == 201
    events = client.get(f"/matches/{match['match_id']}/events?from=3").json()["events"]
    assert events[0]["event"]["cards"] == ["10H"]


# -- players of the match ---------------------------------------------------------------------------

STRANGERS = [
    # (system, setup, event naming Zed, the rule cited)
    ("president", {"preset": "classic", "mode": "public"}, {"type": "PlayerPassed", "player": "Zed"}, "recount.in-match"),
    ("president", {"preset": "classic", "mode": "public"}, {"type": "CardsPlayed", "player": "Zed", "cards": ["4C"]}, "recount.in-match"),
    ("bid", {}, {"type": "BidCommitted", "player": "Zed", "card": "2H"}, "bid.suits"),
]


@pytest.mark.parametrize(("system", "setup", "event", "rule"), STRANGERS)
def test_players_an_unknown_player_is_named_with_the_players_of_the_match(client: TestClient, system: str, setup: dict[str, Any], event: dict[str, Any], rule: str) -> None:
    players = PLAYERS if system == "president" else ["Al", "Betty"]
    match = create(client, system, players, **setup)
    if system == "president":
        record(client, match, [{"type": "CardsDealt", "dealer": "Dana", "sizes": dict.fromkeys(PLAYERS, 13)}])
    reply = record(client, match, [event])
    assert reply.status_code == 422, reply.text
    body = reply.json()
    assert body["error"] == f"Zed is not in this match (players: {', '.join(players)})"
    assert body["rule"]["id"] == rule and "turn" not in body["error"]


def test_players_duplicate_names_cite_the_players_rule(client: TestClient) -> None:
    reply = client.post("/matches", json={"system": "president", "preset": "classic", "players": ["Al", "Betty", "Al", "Dana"]})
    assert reply.status_code == 422, reply.text
    body = reply.json()
    assert body["error"] == "every player needs a name of their own: Al is named twice"
    assert body["rule"]["id"] == "recount.names"


# -- bodies that are not JSON -----------------------------------------------------------------------

NOT_JSON = [
    # (body, what the reply says: the position and where the body stops being JSON)
    (b'{"events": [{"type": "PlayerPassed",', "at byte 36 (line 1, column 37)"),
    (b'{"events": [1,]}', "at byte 14 (line 1, column 15)"),
    (b'{"events":\n [}', "at byte 13 (line 2, column 3)"),
]


@pytest.mark.parametrize(("body", "where"), NOT_JSON)
def test_json_a_body_that_is_not_json_says_where(client: TestClient, body: bytes, where: str) -> None:
    match = create(client, preset="classic")
    reply = record(client, match, body)
    assert reply.status_code == 400, reply.text
    error = reply.json()["error"]
    assert error.startswith("the body is not valid JSON: ") and where in error


def test_json_nested_too_deep_is_a_400_not_a_500(client: TestClient) -> None:
    match = create(client, preset="classic")
    reply = record(client, match, b"[" * 100_000)
    assert reply.status_code == 400, reply.text
    assert "too deep" in reply.json()["error"]


# -- standings: a claim naming a stranger, and the standings as of a step ----------------------------


@pytest.fixture
def four_games(client: TestClient, recount: Any) -> Any:
    return fixtures.record(recount, fixtures.read(fixtures.FIXTURES / "president" / "classic-four-full.json"))


def test_claims_a_claim_naming_a_stranger_is_refused_with_the_players(client: TestClient, four_games: Any) -> None:
    reply = client.post(f"/matches/{four_games.match_id}/standings/check", json={"placings": [{"player": "Zed", "place": 1}]})
    assert reply.status_code == 422, reply.text
    assert reply.json()["error"].startswith("Zed did not play in this match (players: ")


def test_standings_as_of_a_step_count_only_the_games_ended_by_then(client: TestClient, four_games: Any) -> None:
    url = f"/matches/{four_games.match_id}/standings"
    latest = client.get(url).json()
    first_game_end = latest["details"]["games"][0]["ended_at_step"]
    before = client.get(url, params={"step": first_game_end - 1}).json()
    after = client.get(url, params={"step": first_game_end}).json()
    assert not before["final"] and all(p["score"] == 0 for p in before["placings"])
    assert len(after["details"]["games"]) == 1 and not after["final"]
    assert client.get(url, params={"step": 10_000}).status_code == 404
    version = client.get(f"/matches/{four_games.match_id}").json()["version"]
    assert client.get(url, params={"step": version}).json() == latest


def test_standings_are_labelled_per_game_and_ties_said_in_words(client: TestClient, four_games: Any) -> None:
    standings = client.get(f"/matches/{four_games.match_id}/standings").json()
    for placing in standings["placings"]:
        assert placing["title"] == ""  # the last game's title read as the overall result
        assert "game 1 " in placing["reason"] and "game 4 " in placing["reason"]
        shared = [p["player"] for p in standings["placings"] if p["place"] == placing["place"] and p is not placing]
        assert ("tied for" in placing["reason"]) == bool(shared)
