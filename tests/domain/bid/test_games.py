"""Random legal games, start to finish, on random boards: every card is used once,
thirteen rounds are played, the votes add up, and the record replays and encodes
losslessly."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.bid import SYSTEM
from domain.bid.board import total_votes
from domain.cards import RANKS, card_name, suit_cards
from domain.bid.events import Bid, BidCommitted, BidsRevealed, DistrictRevealed, Event
from domain.fold import record, replay
from domain.protocol import EVERYONE, SPECTATOR, IllegalAction, MatchSetup, Perspective

CLUBS = [rank + "C" for rank in RANKS]


@st.composite
def boards(draw) -> dict:
    """Six regions over the thirteen clubs, in any split, with any positive votes."""
    clubs = draw(st.permutations(CLUBS))
    cuts = sorted(draw(st.lists(st.integers(1, 12), min_size=5, max_size=5, unique=True)))
    bounds = [0, *cuts, 13]
    return {
        "name": "random",
        "regions": [
            {"name": f"R{i}", "votes": draw(st.integers(1, 20)), "districts": clubs[bounds[i] : bounds[i + 1]]}
            for i in range(6)
        ],
    }


@st.composite
def games(draw):
    players = ["Al", "Betty", "Cy"][: draw(st.integers(2, 3))]
    setup = MatchSetup(
        system="bid",
        players=players,
        preset=draw(st.sampled_from(["text", "all-cards"])),
        options={"suits": draw(st.permutations(["H", "S", "D"]))},
        board=draw(st.one_of(st.none(), boards())),
    )
    created = SYSTEM.start(setup)
    state = SYSTEM.initial(created)
    actions = []
    for _ in range(13):
        left = [club for club in CLUBS if club not in {d.district for d in state.districts}]
        round_events: list[msgspec.Struct] = [DistrictRevealed(district=draw(st.sampled_from(left)))]
        shown = tuple(Bid(player=p, card=draw(st.sampled_from(hand))) for p, hand in zip(players, state.hands))
        if draw(st.booleans()):
            round_events += [BidCommitted(player=bid.player, card=bid.card) for bid in draw(st.permutations(shown))]
        round_events.append(BidsRevealed(bids=tuple(draw(st.permutations(shown)))))
        for event in round_events:
            state = record(SYSTEM, state, [event])
            actions.append(event)
    return created, actions, state


@settings(max_examples=150, deadline=None)
@given(games())
def test_a_legal_game(game):
    created, actions, state = game
    players = list(SYSTEM.players(state))
    assert SYSTEM.finished(state)
    assert len(state.districts) == 13
    assert sorted(d.district for d in state.districts) == sorted(CLUBS)
    assert all(hand == () for hand in state.hands)
    for seat in created.players:
        used = [bid.card for district in state.districts for bid in district.bids if bid.player == seat.player]
        assert sorted(used) == sorted(suit_cards(seat.suit))

    standings = SYSTEM.standings(state)
    assert standings.final
    regions = standings.details["regions"]
    neutral = sum(region["votes"] for region in regions if region["winner"] is None)
    assert sum(placing.score for placing in standings.placings) == total_votes(created.board) - neutral
    for placing in standings.placings:
        better = sum(1 for other in standings.placings if other.score > placing.score)
        assert placing.place == 1 + better
    assert {placing.player for placing in standings.placings} == set(players)

    assert replay(SYSTEM, created, actions) == state
    for event in [created, *actions]:
        assert msgspec.json.decode(msgspec.json.encode(event), type=Event) == event

    with pytest.raises(IllegalAction) as refused:
        SYSTEM.check(state, DistrictRevealed(district="2C"))
    assert refused.value.rule.id == "bid.rounds"


@settings(max_examples=60, deadline=None)
@given(games())
def test_no_perspective_sees_another_players_sealed_bid(game):
    created, actions, _ = game
    state = SYSTEM.initial(created)
    perspectives = [SPECTATOR, EVERYONE, *(Perspective("seat", p) for p in SYSTEM.players(state))]
    for event in actions:
        if isinstance(event, BidCommitted):
            for perspective in perspectives:
                entitled = perspective.kind == "everyone" or perspective.seat == event.player
                redacted = SYSTEM.redact(state, event, perspective)
                assert (redacted["card"] == event.card) == entitled
                after = SYSTEM.evolve(state, event)
                shown = next(p["bid"] for p in SYSTEM.view(after, perspective)["players"] if p["player"] == event.player)
                assert (shown == event.card) == entitled
            line = SYSTEM.describe(state, event)
            assert event.card not in line and card_name(event.card) not in line
        state = SYSTEM.evolve(state, event)
        for perspective in perspectives:
            msgspec.json.encode(SYSTEM.view(state, perspective))
