"""Every player records from their own phone: a seat token records exactly its seat's own
actions (the protocol's `actors`, in the state the events before it leave), the write token
everything, through the API on a real store.

DESIGN.md § Principles 4: “The write token records anything; a seat token records only that
seat's own actions; every event's metadata says who recorded it.” The owner of each kind of
event is stated, with its rules text, in tests/domain/test_actors_properties.py.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar.testing import TestClient

import domain
from domain.protocol import GameSystem, MatchSetup
from fixtures.random_player import play_random
from service.records import export, verify
from service.usecases.app import Recount
from tests.support.api import auth

PLAYERS = ["Al", "Betty", "Carl", "Dana"]
SETUPS = {
    "president": MatchSetup(system="president", players=PLAYERS, preset="classic", mode="full"),
    "president holders": MatchSetup(system="president", players=PLAYERS, preset="classic", mode="holders"),
    "bid": MatchSetup(system="bid", players=PLAYERS[:3], preset="text"),
    "mrpresident": MatchSetup(system="mrpresident", players=PLAYERS, preset="basic", mode="electoral"),
}


def create(client: TestClient, setup: MatchSetup) -> dict[str, Any]:
    reply = client.post("/matches", json=msgspec.to_builtins(setup))
    assert reply.status_code == 201, reply.text
    return reply.json()


def send(client: TestClient, match: dict[str, Any], token: str, events: list[Any], path: str = "events") -> Any:
    body = {"events": [msgspec.to_builtins(e) for e in events]}
    return client.post(f"/matches/{match['match_id']}/{path}", json=body, headers=auth(token))


def version(client: TestClient, match: dict[str, Any]) -> int:
    return client.get(f"/matches/{match['match_id']}", headers=auth(match["write_token"])).json()["version"]


def walked(setup: MatchSetup, seed: int, steps: int) -> tuple[GameSystem, list[tuple[Any, Any, bool]]]:
    """(state before, event, whether the rules made it due) of a random legal match."""
    system = domain.find(setup.system)
    created = system.start(setup)
    state, out = system.initial(created), []
    for event in play_random(system, created, random.Random(seed), steps=steps):
        out.append((state, event, bool(system.follow_up(state))))
        state = system.evolve(state, event)
    return system, out


def first_owned(setup: MatchSetup, seed: int = 3) -> tuple[list[Any], Any, tuple[str, ...]]:
    """The events of a random match up to its first action that is a seat's own, that action,
    and whose it is."""
    system, steps = walked(setup, seed, 400)
    for i, (state, event, due) in enumerate(steps):
        whose = tuple(system.actors(state, event))
        if whose and not due:
            return [e for _, e, d in steps[:i] if not d], event, whose
    raise AssertionError("no seat's own action in the match")


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_seat_records_its_own_action_and_another_seats_is_403_naming_whose(client: TestClient, name: str) -> None:
    setup = SETUPS[name]
    match = create(client, setup)
    before, action, whose = first_owned(setup)
    if before:
        assert send(client, match, match["write_token"], before).status_code == 201
    at = version(client, match)
    other = next(p for p in setup.players if p not in whose)
    for path in ("events/check", "events"):
        refused = send(client, match, match["seat_tokens"][other], [action], path)
        assert refused.status_code == 403, refused.text
        named = " or ".join(f"{p}'s" for p in whose)  # a party's players: either of them
        assert f"this is {named} action" in refused.json()["error"] and "write token" in refused.json()["error"]
    assert version(client, match) == at
    assert send(client, match, match["seat_tokens"][whose[0]], [action], "events/check").status_code == 200
    recorded = send(client, match, match["seat_tokens"][whose[0]], [action])
    assert recorded.status_code == 201, recorded.text
    page = client.get(f"/matches/{match['match_id']}/events", params={"from": at + 1}, headers=auth(match["write_token"])).json()
    assert page["events"][0]["recorded_as"] == whose[0]


def test_a_batch_with_another_seats_action_is_refused_whole(client: TestClient) -> None:
    setup = SETUPS["president"]
    match = create(client, setup)
    system, steps = walked(setup, 5, 12)
    deal, plays = steps[0][1], [e for _, e, _ in steps[1:4]]
    send(client, match, match["write_token"], [deal])
    first = plays[0].player
    # The first play is the seat's own; the next is the next player's.
    refused = send(client, match, match["seat_tokens"][first], plays[:2])
    assert refused.status_code == 403 and f"this is {plays[1].player}'s action" in refused.json()["error"]
    assert version(client, match) == 2


def test_the_tables_actions_are_the_write_tokens_only(client: TestClient) -> None:
    setup = SETUPS["bid"]
    match = create(client, setup)
    system, steps = walked(setup, 1, 5)
    reveal = steps[0][1]  # the district drawn: nobody's own
    assert system.actors(steps[0][0], reveal) == ()
    refused = send(client, match, match["seat_tokens"]["Al"], [reveal])
    assert refused.status_code == 403 and "the table's action" in refused.json()["error"]
    assert send(client, match, match["write_token"], [reveal]).status_code == 201


def test_holders_four_seats_enter_their_hands_then_a_card_not_held_is_422(client: TestClient) -> None:
    setup = SETUPS["president holders"]
    match = create(client, setup)
    system = domain.find("president")
    _, steps = walked(setup, 11, 6)
    deal = steps[0][1]
    # The dealer deals the sizes from their own phone.
    assert send(client, match, match["seat_tokens"][deal.dealer], [deal]).status_code == 201
    allowed = client.get(f"/matches/{match['match_id']}/allowed", headers=auth(match["seat_tokens"]["Al"])).json()
    assert {c["type"] for c in allowed["choices"]} >= {"HandEntered"} and all(c.get("player") in (None, "Al") for c in allowed["choices"])
    deck = list(system.start(setup).ruleset.deck)
    random.Random(2).shuffle(deck)
    sizes = deal.sizes
    hands, at = {}, 0
    for player in PLAYERS:
        hands[player], at = deck[at : at + sizes[player]], at + sizes[player]
    for player in PLAYERS:
        entered = {"type": "HandEntered", "player": player, "cards": hands[player]}
        other = PLAYERS[(PLAYERS.index(player) + 1) % len(PLAYERS)]
        assert send(client, match, match["seat_tokens"][other], [entered]).status_code == 403
        reply = send(client, match, match["seat_tokens"][player], [entered])
        assert reply.status_code == 201, reply.text
    choices = client.get(f"/matches/{match['match_id']}/allowed", headers=auth(match["write_token"])).json()["choices"]
    leader = next(c["player"] for c in choices if c["type"] == "CardsPlayed")
    not_held = next(card for card in deck if card not in hands[leader])
    reply = send(client, match, match["seat_tokens"][leader], [{"type": "CardsPlayed", "player": leader, "cards": [not_held]}])
    assert reply.status_code == 422 and reply.json()["rule"]["quote"], reply.text


def recount_state(client: TestClient, match: dict[str, Any]) -> dict[str, Any]:
    return client.get(f"/matches/{match['match_id']}/state", headers=auth(match["write_token"])).json()


def test_a_seat_undoes_its_own_action_but_not_anothers(client: TestClient) -> None:
    setup = SETUPS["president"]
    match = create(client, setup)
    _, steps = walked(setup, 5, 12)
    deal, first, second = steps[0][1], steps[1][1], steps[2][1]
    send(client, match, match["write_token"], [deal])
    assert send(client, match, match["seat_tokens"][first.player], [first]).status_code == 201
    assert send(client, match, match["seat_tokens"][second.player], [second]).status_code == 201
    at = version(client, match)
    void_first = {"type": "EventVoided", "step": 3, "reason": "not mine"}
    refused = send(client, match, match["seat_tokens"][second.player], [void_first])
    assert refused.status_code == 403 and f"{first.player}'s" in refused.json()["error"]
    amend_deal = {"type": "EventAmended", "step": 2, "event": msgspec.to_builtins(deal), "reason": "x"}
    assert send(client, match, match["seat_tokens"][first.player], [amend_deal]).status_code == 403
    assert version(client, match) == at
    undo = send(client, match, match["seat_tokens"][second.player], [{"type": "EventVoided", "step": 4, "reason": "wrong card"}])
    assert undo.status_code == 201, undo.text
    # The write token corrects anything.
    assert send(client, match, match["write_token"], [void_first]).status_code in (201, 422)


def test_recorded_as_is_in_an_export_that_verifies_and_the_write_tokens_records_omit_it(client: TestClient, recount: Recount) -> None:
    setup = SETUPS["president"]
    match = create(client, setup)
    _, steps = walked(setup, 5, 6)
    send(client, match, match["write_token"], [steps[0][1]])
    play = steps[1][1]
    send(client, match, match["seat_tokens"][play.player], [play])
    lines = b"".join(export.export_lines(recount, match["match_id"])).splitlines()
    metas = [msgspec.json.decode(line)["meta"] for line in lines[1:]]
    assert "recorded_as" not in metas[0] and "recorded_as" not in metas[1] and metas[2]["recorded_as"] == play.player
    [verdict] = verify.verify_lines(lines)
    assert verdict.ok, verdict.findings
    # The replay carries it for the viewer ("recorded by Betty's phone"), and only where a seat recorded.
    for patches in (False, True):
        frames = client.get(f"/matches/{match['match_id']}/frames", params={"patches": patches}, headers=auth(match["write_token"])).json()["frames"]
        assert [f.get("recorded_as") for f in frames] == [None, None, play.player]


def test_allowed_per_seat_is_the_seats_own_choices(client: TestClient) -> None:
    setup = SETUPS["president"]
    match = create(client, setup)
    system, steps = walked(setup, 5, 3)
    url = f"/matches/{match['match_id']}/allowed"
    every = client.get(url, headers=auth(match["write_token"])).json()["choices"]
    mine = {p: client.get(url, headers=auth(match["seat_tokens"][p])).json()["choices"] for p in PLAYERS}
    # Whoever deals the first game: each seat is offered its own deal, none another's.
    assert every and all(c["type"] == "CardsDealt" and c.get("player") is None for c in every)
    for p in PLAYERS:
        assert [c["event"]["dealer"] for c in mine[p]] == [p]
    send(client, match, match["write_token"], [steps[0][1]])
    every = client.get(url, headers=auth(match["write_token"])).json()["choices"]
    mine = {p: client.get(url, headers=auth(match["seat_tokens"][p])).json()["choices"] for p in PLAYERS}
    for p in PLAYERS:
        assert all(c["player"] == p for c in mine[p] if c.get("player"))
        assert mine[p] == [c for c in every if c.get("player") == p] or any(not c.get("player") for c in mine[p])
    assert sum(len(m) for m in mine.values()) >= 1
    assert client.get(url).status_code == 401 and client.get(url, headers=auth("nope")).status_code == 403


def test_the_write_tokens_view_of_a_running_bid_hides_a_sealed_bid_and_its_export_waits(client: TestClient) -> None:
    setup = MatchSetup(system="bid", players=PLAYERS[:2], preset="text")
    match = create(client, setup)
    system, steps = walked(setup, 2, 40)
    at = next(i for i, (_, event, _) in enumerate(steps) if type(event).__name__ == "BidCommitted")
    commit = steps[at][1]
    send(client, match, match["write_token"], [e for _, e, _ in steps[:at]])
    assert send(client, match, match["seat_tokens"][commit.player], [commit]).status_code == 201
    state = recount_state(client, match)
    assert state["perspective"] == "everyone"
    # The bid is shown as committed, not as its card: the write token's holder may be the other bidder.
    assert [p["bid"] for p in state["view"]["players"] if p["player"] == commit.player] == ["committed"]
    for whole in ("export", "notation"):
        refused = client.get(f"/matches/{match['match_id']}/{whole}", headers=auth(match["write_token"]))
        assert refused.status_code == 403 and "sealed" in refused.json()["error"], whole
    # Once the round is revealed nothing is sealed: the whole record is the write token's again.
    rest = [e for _, e, due in steps[at + 1 :] if not due]
    to_reveal = rest[: next(i for i, e in enumerate(rest) if type(e).__name__ == "BidCommitted") + 1]
    assert send(client, match, match["write_token"], to_reveal).status_code == 201
    for whole in ("export", "notation"):
        assert client.get(f"/matches/{match['match_id']}/{whole}", headers=auth(match["write_token"])).status_code == 200, whole


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(SETUPS)), seed=st.integers(0, 2**16))
def test_a_match_recorded_by_its_seats_stores_the_stream_the_write_token_would(client: TestClient, recount: Recount, name: str, seed: int) -> None:
    """Each event sent by one of its actors' seat tokens (the write token's for the table's),
    one request each; the events the rules make due are recorded by the service itself."""
    setup = SETUPS[name]
    system, steps = walked(setup, seed, 80)
    rng = random.Random(seed)
    by_seats, by_writer = create(client, setup), create(client, setup)
    for state, event, due in steps:
        if due:
            continue
        whose = tuple(system.actors(state, event))
        token = by_seats["seat_tokens"][rng.choice(whose)] if whose else by_seats["write_token"]
        assert (reply := send(client, by_seats, token, [event])).status_code == 201, reply.text
        assert send(client, by_writer, by_writer["write_token"], [event]).status_code == 201
    stored = [[r.event for r in recount.store.read(m["match_id"])] for m in (by_seats, by_writer)]
    assert stored[0] == stored[1] == [system.start(setup), *(e for _, e, _ in steps)]


def test_the_record_fast_path_records_a_seats_own_action_and_hands_on_anothers(recount: Recount) -> None:
    """service/web/server.py answers a seat's own action without Litestar, as the write
    token's; another seat's goes to the route, which answers 403 as the plain app does."""
    import asyncio

    import httpx

    from service.reads.readmodel import MatchIndex
    from service.web.routes import create_app
    from service.web.server import RecordFastPath

    setup = SETUPS["president"]
    _, steps = walked(setup, 5, 3)
    deal, play = steps[0][1], steps[1][1]
    litestar_app = create_app(recount, MatchIndex(recount, None))
    handed_on: list[str] = []

    async def counted(scope: Any, receive: Any, send: Any) -> None:
        handed_on.append(scope["path"])
        await litestar_app(scope, receive, send)

    fast_path = RecordFastPath(litestar_app)
    fast_path.app = counted

    async def record() -> list[int]:
        created = recount.create(setup)
        recount.append(created.match_id, created.write_token, [msgspec.to_builtins(deal)])
        other = next(p for p in PLAYERS if p != play.player)
        body = msgspec.json.encode({"events": [play]})
        statuses = []
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=fast_path), base_url="http://test") as client:
            for seat in (other, play.player):
                reply = await client.post(f"/matches/{created.match_id}/events", content=body, headers=auth(created.seat_tokens[seat]))
                statuses.append(reply.status_code)
        assert [r.meta.recorded_as for r in recount.store.read(created.match_id)] == [None, None, play.player]
        return statuses

    assert asyncio.run(record()) == [403, 201]
    assert len(handed_on) == 1  # only the refusal reached Litestar


def test_the_write_token_reading_as_a_seat_sees_no_sealed_bid_of_that_seat(client: TestClient) -> None:
    """docs/house-rules.md § Sealed bids: a bid is committed “before the bids are shown”; the
    recorder of a running match does not see it, through a seat's view either. The seat does."""
    setup = MatchSetup(system="bid", players=PLAYERS[:2], preset="text")
    match = create(client, setup)
    _, steps = walked(setup, 2, 40)
    at = next(i for i, (_, event, _) in enumerate(steps) if type(event).__name__ == "BidCommitted")
    commit = steps[at][1]
    send(client, match, match["write_token"], [e for _, e, _ in steps[:at]])
    send(client, match, match["seat_tokens"][commit.player], [commit])

    def bid_seen(token: str) -> list[Any]:
        url = f"/matches/{match['match_id']}/state"
        view = client.get(url, params={"as": commit.player}, headers=auth(token)).json()["view"]
        return [p["bid"] for p in view["players"] if p["player"] == commit.player]

    assert bid_seen(match["write_token"]) == ["committed"]
    assert bid_seen(match["seat_tokens"][commit.player]) == [commit.card]
    frames = client.get(f"/matches/{match['match_id']}/frames", params={"as": commit.player}, headers=auth(match["write_token"])).text
    events = client.get(f"/matches/{match['match_id']}/events", params={"as": commit.player}, headers=auth(match["write_token"])).text
    assert f'"{commit.card}"' not in events and f'"bid":"{commit.card}"' not in frames


def test_a_seat_undoes_its_commit_with_the_reveal_it_made_due_but_not_anothers(client: TestClient, recount: Recount) -> None:
    """The reveal the last commit makes due is recorded by the service in that seat's request
    (meta automatic, recorded_as the seat): the seat's Undo voids both, as the recording page
    sends it; the other bidder cannot void them."""
    setup = MatchSetup(system="bid", players=PLAYERS[:2], preset="text")
    match = create(client, setup)
    system, steps = walked(setup, 2, 40)
    at = next(i for i, (_, event, _) in enumerate(steps) if type(event).__name__ == "BidCommitted")
    first, last = steps[at][1], steps[at + 1][1]
    assert type(last).__name__ == "BidCommitted" and steps[at + 2][2], "the second commit makes the reveal due"
    send(client, match, match["write_token"], [e for _, e, _ in steps[:at]])
    send(client, match, match["seat_tokens"][first.player], [first])
    reply = send(client, match, match["seat_tokens"][last.player], [last])
    head = reply.json()["version"]
    records = recount.store.read(match["match_id"])
    assert [(r.meta.automatic, r.meta.recorded_as) for r in records[-2:]] == [(False, last.player), (True, last.player)]
    undo = [{"type": "EventVoided", "step": head, "reason": "undo"}, {"type": "EventVoided", "step": head - 1, "reason": "undo"}]
    refused = send(client, match, match["seat_tokens"][first.player], undo)
    assert refused.status_code == 403 and version(client, match) == head
    assert send(client, match, match["seat_tokens"][last.player], undo).status_code == 201
