"""The HTTP API through Litestar's test client, on a real SQLite file."""

from __future__ import annotations

import threading
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from domain.president.presets import PRESETS
from service.web.routes import create_app
from tests.support.api import PLAYERS, auth, classic_deal, create, post, versions


def lowest_card_of(hand: list[str]) -> str:
    ranks = PRESETS["classic"].ranks
    return min(hand, key=lambda card: ranks.index(card[:-1]))


def test_create_then_deal_then_play_is_recorded_in_order(client: TestClient) -> None:
    match = create(client)
    assert match["version"] == 1 and set(match["seat_tokens"]) == set(PLAYERS)
    deal = classic_deal()
    assert post(client, match, [deal], expected=1).json()["version"] == 2
    card = lowest_card_of(deal["hands"]["Al"])  # Al sits left of the dealer, Dana, and leads
    reply = post(client, match, [{"type": "CardsPlayed", "player": "Al", "cards": [card]}], expected=2)
    assert reply.status_code == 201, reply.text
    events = client.get(f"/matches/{match['match_id']}/events", headers=auth(match["write_token"])).json()["events"]
    assert [e["step"] for e in events] == [1, 2, 3]
    assert [e["type"] for e in events] == ["MatchCreated", "CardsDealt", "CardsPlayed"]
    assert events[2]["description"].startswith("Al")
    assert all(e["recorded_at"] > 0 and e["recorded_by"] for e in events)


def test_illegal_action_is_422_with_the_rule_and_changes_nothing(client: TestClient) -> None:
    match = create(client)
    deal = classic_deal()
    post(client, match, [deal])
    out_of_turn = {"type": "CardsPlayed", "player": "Carl", "cards": [deal["hands"]["Carl"][0]]}
    reply = post(client, match, [out_of_turn], expected=2)
    assert reply.status_code == 422
    body = reply.json()
    assert body["rule"]["source"] and body["rule"]["quote"] and "Carl" in body["error"]
    assert versions(client, match) == 2


def test_a_batch_is_all_or_nothing(client: TestClient) -> None:
    match = create(client)
    deal = classic_deal()
    legal = {"type": "CardsPlayed", "player": "Al", "cards": [lowest_card_of(deal["hands"]["Al"])]}
    not_his = {"type": "CardsPlayed", "player": "Betty", "cards": [deal["hands"]["Carl"][0]]}
    assert post(client, match, [deal, legal, not_his], expected=1).status_code == 422
    assert versions(client, match) == 1


def test_stale_expected_version_is_409_and_changes_nothing(client: TestClient) -> None:
    match = create(client)
    post(client, match, [classic_deal()], expected=1)
    reply = post(client, match, [{"type": "PlayerPassed", "player": "Al"}], expected=1)
    assert reply.status_code == 409 and "version 2" in reply.json()["error"]
    assert versions(client, match) == 2


def test_two_writers_racing_for_one_version_exactly_one_wins(client: TestClient) -> None:
    match = create(client)
    deal = classic_deal()
    post(client, match, [deal], expected=1)
    card = lowest_card_of(deal["hands"]["Al"])
    barrier = threading.Barrier(8)
    codes: list[int] = []

    def writer() -> None:
        barrier.wait()
        codes.append(post(client, match, [{"type": "CardsPlayed", "player": "Al", "cards": [card]}], expected=2).status_code)

    threads = [threading.Thread(target=writer) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [201] + [409] * 7
    assert versions(client, match) == 3


def test_retry_with_the_same_idempotency_key_returns_the_first_result(client: TestClient) -> None:
    match = create(client)
    deal = classic_deal()
    first = post(client, match, [deal], expected=1, **{"Idempotency-Key": "deal-1"})
    again = post(client, match, [deal], expected=1, **{"Idempotency-Key": "deal-1"})
    assert first.status_code == again.status_code == 201
    assert first.json()["version"] == again.json()["version"] == 2 and again.json()["replayed"]
    assert versions(client, match) == 2
    other = post(client, match, [{"type": "PlayerPassed", "player": "Al"}], **{"Idempotency-Key": "deal-1"})
    assert other.status_code == 409


def test_tokens_guard_writes(client: TestClient) -> None:
    match = create(client)
    url = f"/matches/{match['match_id']}/events"
    body = {"events": [classic_deal()]}
    assert client.post(url, json=body).status_code == 401
    assert client.post(url, json=body, headers=auth("not-the-token")).status_code == 403
    assert client.post(url, json=body, headers=auth(match["seat_tokens"]["Al"])).status_code == 403
    assert client.post(url, json=body, headers={"Authorization": "Basic abc"}).status_code == 400
    assert versions(client, match) == 1


def test_bad_input_gets_a_clear_4xx(client: TestClient) -> None:
    match = create(client)
    url = f"/matches/{match['match_id']}/events"
    headers = {**auth(match["write_token"]), "Content-Type": "application/json"}
    assert client.post(url, content=b"{not json", headers=headers).status_code == 400
    assert client.post(url, json={"events": [{"type": "CardsFlown", "player": "Al"}]}, headers=headers).status_code == 400
    assert client.post(url, json={"events": [{"type": "PlayerPassed"}]}, headers=headers).status_code == 400
    assert client.post(url, json={"events": []}, headers=headers).status_code == 400
    assert client.post(url, json={"evnts": []}, headers=headers).status_code == 400
    assert client.post("/matches/m_nope/events", json={"events": [classic_deal()]}, headers=headers).status_code == 404
    assert client.get("/matches/m_nope/state").status_code == 404
    assert client.get(f"/matches/{match['match_id']}/state?step=99").status_code == 404
    reply = client.post("/matches", json={"system": "chess", "players": PLAYERS})
    assert reply.status_code == 422 and "chess" in reply.json()["error"]
    reply = client.post("/matches", json={"system": "president", "players": ["Al", "Betty"]})
    assert reply.status_code == 422
    for reply in (client.get("/matches/m_nope"), client.post("/matches", content=b"[]", headers=headers)):
        assert "error" in reply.json()
    assert versions(client, match) == 1


def test_state_at_a_step_shows_each_perspective_only_what_it_may_see(client: TestClient) -> None:
    match = create(client)
    deal = classic_deal()
    post(client, match, [deal])
    state_url = f"/matches/{match['match_id']}/state?step=2"
    spectator = client.get(state_url)
    assert spectator.status_code == 200 and spectator.json()["perspective"] == "spectator"
    for card in deal["hands"]["Al"]:
        assert f'"{card}"' not in spectator.text
    al = client.get(state_url + "&as=Al", headers=auth(match["seat_tokens"]["Al"]))
    assert al.status_code == 200 and all(f'"{card}"' in al.text for card in deal["hands"]["Al"])
    assert not any(f'"{card}"' in al.text for card in deal["hands"]["Betty"])
    assert client.get(state_url + "&as=Betty", headers=auth(match["seat_tokens"]["Al"])).status_code == 403
    assert client.get(state_url + "&as=everyone").status_code == 401
    everyone = client.get(state_url, headers=auth(match["write_token"]))
    assert everyone.json()["perspective"] == "everyone" and all(f'"{c}"' in everyone.text for c in deal["hands"]["Betty"])
    events = client.get(f"/matches/{match['match_id']}/events").json()["events"]
    assert not any(f'"{card}"' in str(events) for card in deal["hands"]["Al"])


def test_list_matches_and_systems(client: TestClient) -> None:
    first, second = create(client), create(client, mode="public")
    listed = client.get("/matches").json()
    assert {m["id"] for m in listed} >= {first["match_id"], second["match_id"]}
    assert all(m["system"] == "president" and m["players"] == PLAYERS for m in listed)
    systems = {s["name"]: s for s in client.get("/systems").json()}
    assert "classic" in systems["president"]["presets"]
    assert client.get("/schema/openapi.json").status_code == 200


def test_sealed_bids_are_revealed_by_the_service_once_all_are_committed(client: TestClient) -> None:
    reply = client.post("/matches", json={"system": "bid", "players": ["Al", "Betty"], "title": "remote"})
    match = reply.json()
    assert post(client, match, [{"type": "DistrictRevealed", "district": "7C"}]).status_code == 201
    assert post(client, match, [{"type": "BidCommitted", "player": "Al", "card": "KH"}]).json()["version"] == 3
    def al_bid(**kwargs: Any) -> Any:
        view = client.get(f"/matches/{match['match_id']}/state", **kwargs).json()["view"]
        return next(p["bid"] for p in view["players"] if p["player"] == "Al")

    # Hands are public in this game; the committed card is what stays hidden.
    assert al_bid() == "committed"
    assert al_bid(params={"as": "Betty"}, headers=auth(match["seat_tokens"]["Betty"])) == "committed"
    assert al_bid(params={"as": "Al"}, headers=auth(match["seat_tokens"]["Al"])) == "KH"
    assert "KH" not in str(client.get(f"/matches/{match['match_id']}/events").json()["events"][-1])
    # Betty's commit completes the round: the service records the reveal with it.
    assert post(client, match, [{"type": "BidCommitted", "player": "Betty", "card": "QS"}]).json()["version"] == 5
    events = client.get(f"/matches/{match['match_id']}/events").json()["events"]
    assert events[-1]["type"] == "BidsRevealed" and "Al" in events[-1]["description"]
    assert post(client, match, [{"type": "BidCommitted", "player": "Al", "card": "AH"}]).status_code == 422


@pytest.mark.parametrize(
    ("given_", "batch", "then_types"),
    [
        # the service adds the reveal right after the commit that makes it due, not after the batch
        ("a batch crossing a round", ["commit Betty", "up 8C"], ["BidCommitted", "BidsRevealed", "DistrictRevealed"]),
        # a log that spells out its reveal records it once, as sent (in its own order)
        ("a batch with its own reveal", ["commit Betty", "show", "up 8C"], ["BidCommitted", "BidsRevealed", "DistrictRevealed"]),
        ("a batch ending on the last commit", ["commit Betty"], ["BidCommitted", "BidsRevealed"]),
    ],
)
def test_a_sealed_round_s_reveal_is_recorded_once_right_after_the_last_commit(client: TestClient, given_: str, batch: list[str], then_types: list[str]) -> None:
    """docs/house-rules.md § Sealed bids (Presidential Bid): “the bids are shown when every
    player has committed”; the reveal follows the commit that completes the round, wherever
    that commit is in a batch, and a batch that records the reveal itself is not given two."""
    match = client.post("/matches", json={"system": "bid", "players": ["Al", "Betty"]}).json()
    said = {
        "commit Betty": {"type": "BidCommitted", "player": "Betty", "card": "QS"},
        "show": {"type": "BidsRevealed", "bids": [{"player": "Betty", "card": "QS"}, {"player": "Al", "card": "KH"}]},
        "up 8C": {"type": "DistrictRevealed", "district": "8C"},
    }
    assert post(client, match, [{"type": "DistrictRevealed", "district": "7C"}, {"type": "BidCommitted", "player": "Al", "card": "KH"}]).status_code == 201
    reply = post(client, match, [said[line] for line in batch], expected=3)
    assert reply.status_code == 201, reply.text
    events = client.get(f"/matches/{match['match_id']}/events", params={"from": 4}, headers=auth(match["write_token"])).json()["events"]
    assert [e["type"] for e in events] == then_types
    assert reply.json()["version"] == 3 + len(then_types)


def test_a_log_s_own_reveal_sent_after_the_service_recorded_it_is_taken_as_recorded(client: TestClient) -> None:
    """docs/house-rules.md § Sealed bids (Presidential Bid): “the bids are shown when every
    player has committed”. A log sent one action at a time that spells out its reveal: the
    service recorded that very reveal with the last commit, so the log's copy is answered as
    recorded already (its version counted either way), and the log goes on. A reveal that is
    not that one (another order of the bids) is refused, saying when the bids were shown."""
    match = client.post("/matches", json={"system": "bid", "players": ["Al", "Betty"]}).json()
    post(client, match, [{"type": "DistrictRevealed", "district": "7C"}, {"type": "BidCommitted", "player": "Al", "card": "KH"}])
    assert post(client, match, [{"type": "BidCommitted", "player": "Betty", "card": "QS"}], expected=3).json()["version"] == 5
    reveal = {"type": "BidsRevealed", "bids": [{"player": "Al", "card": "KH"}, {"player": "Betty", "card": "QS"}]}
    shuffled = {"type": "BidsRevealed", "bids": [{"player": "Betty", "card": "QS"}, {"player": "Al", "card": "KH"}]}
    refused = post(client, match, [shuffled])
    assert refused.status_code == 422 and refused.json()["rule"]["id"] == "bid.district-up"
    assert "shown at step 5 already" in refused.json()["error"]
    dry = client.post(f"/matches/{match['match_id']}/events/check", json={"events": [reveal]}, headers=auth(match["write_token"]))
    assert dry.status_code == 200 and dry.json()["events"] == []  # nothing more would be recorded
    again = post(client, match, [reveal], expected=4)  # the log's own count: its reveal would be step 5
    assert again.status_code == 201 and again.json() == {"match_id": match["match_id"], "version": 5, "first_step": 5, "replayed": True}
    assert versions(client, match) == 5
    assert post(client, match, [{"type": "DistrictRevealed", "district": "8C"}], expected=5).json()["version"] == 6
    # the same reveal once the match has moved on is no echo: refused
    assert post(client, match, [reveal]).status_code == 422
    assert versions(client, match) == 6


def test_concurrent_recorders_of_different_matches_are_committed_together_in_order(client: TestClient, recount) -> None:
    """Group commit: many requests in flight at once, each answered after its own
    events are stored, each match's events in the order its recorder sent them."""
    matches = [create(client) for _ in range(6)]
    deals = [classic_deal(seed=i) for i in range(6)]

    def recorder(match: dict[str, Any], deal: dict[str, Any]) -> None:
        lead = {"type": "CardsPlayed", "player": "Al", "cards": [lowest_card_of(deal["hands"]["Al"])]}
        passes = [{"type": "PlayerPassed", "player": p} for p in ("Betty", "Carl", "Dana")]
        for version, event in enumerate([deal, lead, *passes], start=1):
            reply = post(client, match, [event], expected=version)
            assert reply.status_code == 201, reply.text

    threads = [threading.Thread(target=recorder, args=pair) for pair in zip(matches, deals)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    fresh = type(recount)(recount.store)  # a second application over the same store: no cache
    for match in matches:
        stored = fresh.log(match["match_id"])
        assert [r.version for r in stored.records] == [1, 2, 3, 4, 5, 6]
        assert [type(r.event).__name__ for r in stored.records[2:]] == ["CardsPlayed", "PlayerPassed", "PlayerPassed", "PlayerPassed"]
        assert stored.state.turn == "Al"  # everyone else passed: Al leads the next trick


@pytest.mark.parametrize("private", [False, True])
def test_after_the_end_everything_is_shown_unless_the_match_keeps_hands_private(client: TestClient, recount, private: bool) -> None:
    from service.records import fixtures

    match = fixtures.read(fixtures.FIXTURES / "president" / "classic-four-full.json")
    setup = msgspec.structs.replace(match.setup, keep_hands_private=private)
    ending = len(match.events) + 1
    deal = match.events[0]
    created = fixtures.record(recount, msgspec.structs.replace(match, setup=setup, events=match.events[:-1]))
    url = f"/matches/{created.match_id}/state?step=2"
    assert client.get(url + "&as=everyone").status_code == 401  # running: a spectator sees no hand
    recount.append(created.match_id, created.write_token, [match.events[-1]])
    assert recount.log(created.match_id).version == ending
    after = client.get(url)
    assert after.json()["perspective"] == ("spectator" if private else "everyone")
    assert all(f'"{c}"' in after.text for c in deal["hands"]["Al"]) is (not private)
    assert client.get(url + "&as=everyone").status_code == (401 if private else 200)


def test_the_match_index_is_rebuilt_when_the_store_is_replaced(tmp_path) -> None:
    from service.reads.readmodel import MatchIndex
    from tests.support.stores import open_recount

    index_file = str(tmp_path / "index.sqlite")
    first = open_recount(tmp_path / "a.sqlite")
    with TestClient(app=create_app(first, MatchIndex(first, index_file))) as client:
        create(client)
        create(client)
        assert len(client.get("/matches").json()) == 2
    first.close()
    second = open_recount(tmp_path / "b.sqlite")  # a new, empty event store beside the old index
    with TestClient(app=create_app(second, MatchIndex(second, index_file))) as client:
        assert client.get("/matches").json() == []
        created = create(client)
        assert [m["id"] for m in client.get("/matches").json()] == [created["match_id"]]
    second.close()


def test_a_claimed_result_is_checked_against_the_record(client: TestClient, recount) -> None:
    from service.records import fixtures

    match = fixtures.read(fixtures.FIXTURES / "president" / "classic-four-full.json")
    created = fixtures.record(recount, match)
    url = f"/matches/{created.match_id}/standings/check"
    truth = [{"player": p.player, "place": p.place, "score": p.score} for p in match.expected.placings]
    assert client.post(url, json={"placings": truth}).json() == {"agree": True, "message": "the claim agrees with the record", "player": None, "claimed": None, "recorded": None, "step": None}
    wrong = [dict(truth[0], score=truth[0]["score"] + 1), *truth[1:]]
    verdict = client.post(url, json={"placings": wrong}).json()
    standings = client.get(f"/matches/{created.match_id}/standings").json()
    deciding = next(p["steps"][-1] for p in standings["placings"] if p["player"] == truth[0]["player"])
    assert not verdict["agree"] and verdict["player"] == truth[0]["player"] and verdict["step"] == deciding
    assert "score" in verdict["message"]
    left_out = client.post(url, json={"placings": truth[:-1]}).json()
    assert not left_out["agree"] and left_out["player"] == truth[-1]["player"]
    stranger = client.post(url, json={"placings": [{"player": "Zed", "place": 1}]})
    assert stranger.status_code == 422 and "did not play" in stranger.json()["error"]
    assert client.post(url, json={"placings": [{"player": "Al", "rank": 1}]}).status_code == 400
