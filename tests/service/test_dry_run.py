"""The dry run (`POST /matches/{id}/events/check`) and the allowed actions
(`GET /matches/{id}/allowed`): a check that records nothing, with the same replies
as a real append."""

from __future__ import annotations

from litestar.testing import TestClient

from tests.support.api import auth, classic_deal, create, post, versions


def check(client: TestClient, match: dict, events: list[dict], token: str | None = None, expected: int | None = None):
    body: dict = {"events": events}
    if expected is not None:
        body["expected_version"] = expected
    return client.post(f"/matches/{match['match_id']}/events/check", json=body, headers=auth(token or match["write_token"]))


def test_a_legal_action_is_described_and_nothing_is_recorded(client: TestClient) -> None:
    match = create(client)
    deal = classic_deal()
    reply = check(client, match, [deal], expected=1)
    assert reply.status_code == 200, reply.text
    assert reply.json()["version"] == 1
    [checked] = reply.json()["events"]
    assert checked["step"] == 2 and checked["type"] == "CardsDealt" and "deal" in checked["description"]
    assert versions(client, match) == 1


def test_an_illegal_action_gets_the_same_422_as_a_real_append(client: TestClient) -> None:
    """president-classic.md § Play Game: the cards put down must outrank the cards already played."""
    match = create(client)
    deal = classic_deal()
    assert post(client, match, [deal]).status_code == 201
    al = deal["hands"]["Al"]
    high = max(al, key=lambda c: "2345678910JQKA".index(c[:-1]) if c[:-1] != "10" else 8)
    low = min(deal["hands"]["Betty"], key=lambda c: "234567891JQKA".index(c[0]))
    events = [{"type": "CardsPlayed", "player": "Al", "cards": [high]}, {"type": "CardsPlayed", "player": "Betty", "cards": [low]}]
    dry = check(client, match, events)
    real = post(client, match, events)
    if real.status_code == 201:  # Betty's lowest card happened to outrank Al's highest
        return
    assert dry.status_code == real.status_code == 422
    assert dry.json()["rule"] == real.json()["rule"] and dry.json()["error"] == real.json()["error"]
    assert versions(client, match) == 2


def test_stale_version_seat_token_and_unknown_match(client: TestClient) -> None:
    match = create(client)
    assert check(client, match, [classic_deal()], expected=5).status_code == 409
    assert check(client, match, [classic_deal()], token=match["seat_tokens"]["Al"]).status_code == 403
    assert client.post(f"/matches/{match['match_id']}/events/check", json={"events": []}).status_code == 401
    assert client.post("/matches/m_nope/events/check", json={"events": [classic_deal()]}, headers=auth("x")).status_code == 404
    assert client.post(f"/matches/{match['match_id']}/events/check", content=b"{", headers=auth(match["write_token"])).status_code == 400


def test_allowed_needs_a_recording_token(client: TestClient) -> None:
    """The write token's, or a seat token's (its seat's own: tests/service/test_seat_recording.py)."""
    match = create(client)
    url = f"/matches/{match['match_id']}/allowed"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=auth("not-a-token")).status_code == 403
    reply = client.get(url, headers=auth(match["write_token"]))
    assert reply.status_code == 200 and reply.json()["version"] == 1 and reply.json()["finished"] is False


def test_another_games_action_is_refused_by_the_rule_not_as_a_malformed_body(client: TestClient) -> None:
    """docs/house-rules.md § Recording: "an action is one of the actions of its match's game system"."""
    match = create(client)
    bid = {"type": "DistrictRevealed", "district": "7C"}
    for reply in (check(client, match, [bid]), post(client, match, [bid])):
        assert reply.status_code == 422, reply.text
        assert reply.json()["rule"]["id"] == "recount.system"
        assert "DistrictRevealed is an action of Presidential Bid, not of President" in reply.json()["error"]
    assert post(client, match, [{"type": "NoSuchThing"}]).status_code == 400
    assert versions(client, match) == 1


def test_an_action_after_the_end_cites_the_games_own_rule(client: TestClient) -> None:
    """presidential-bid.txt: "Play like this continues for thirteen rounds" — a fourteenth club is refused by
    that sentence, not by a generic guard."""
    from service.records import fixtures

    recount = client.app.state.recount
    created = fixtures.record(recount, fixtures.read(fixtures.FIXTURES / "bid" / "two-player.json"))
    match = {"match_id": created.match_id, "write_token": created.write_token}
    reply = post(client, match, [{"type": "DistrictRevealed", "district": "2C"}])
    assert reply.status_code == 422, reply.text
    assert "thirteen rounds" in reply.json()["rule"]["quote"]
