"""A typed line the rules refuse is understood: POST /matches/{id}/notation/parse reads
it as its event, and the dry run of that event (POST /matches/{id}/events/check) refuses
it in the rules' own words with the rule it cites. Only a line that does not parse is a
422 of the parse route."""

from __future__ import annotations

from litestar.testing import TestClient

from tests.support.api import auth, classic_deal, create, parse, post, versions


def dry_run(client: TestClient, match: dict, event: dict):
    return client.post(f"/matches/{match['match_id']}/events/check", json={"events": [event]}, headers=auth(match["write_token"]))


def test_a_counted_play_out_of_turn_is_understood_and_refused_with_the_rule(client: TestClient) -> None:
    """Given Dana's deal (Al leads; Betty holds KC and KS), when `b 2xK` is typed, then it
    is Betty's play of her two kings, which the dry run refuses citing the rule (it was a
    422 of the parse route: “'2xK': Betty cannot play 2 × K now”, no rule quoted)."""
    match = create(client)
    assert post(client, match, [classic_deal()]).status_code == 201
    reply = parse(client, match, "b 2xK")
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["event"] == {"type": "CardsPlayed", "player": "Betty", "cards": ["KC", "KS"]}
    assert body["line"] == "Betty plays KC KS"
    refused = dry_run(client, match, body["event"])
    assert refused.status_code == 422, refused.text
    assert "Betty" in refused.json()["error"] and refused.json()["rule"]["quote"]
    assert versions(client, match) == 2


def test_a_counted_play_of_kings_not_held_names_the_cards_and_is_refused(client: TestClient) -> None:
    """Carl holds one king: `c 2xK` is his king and another, refused by the rules' check."""
    match = create(client)
    assert post(client, match, [classic_deal()]).status_code == 201
    reply = parse(client, match, "c 2xK")
    assert reply.status_code == 200, reply.text
    assert reply.json()["event"]["cards"][0] == "KH"
    refused = dry_run(client, match, reply.json()["event"])
    assert refused.status_code == 422 and refused.json()["rule"]["quote"]


def test_more_cards_of_a_rank_than_the_deck_holds_do_not_parse_and_name_the_token_once(client: TestClient) -> None:
    match = create(client)
    assert post(client, match, [classic_deal()]).status_code == 201
    reply = parse(client, match, "b 5xK")
    assert reply.status_code == 422
    assert reply.json()["details"] == {"token": "5xK"}
    assert "5xK" not in reply.json()["error"] and "the deck holds 4" in reply.json()["error"]
