"""Sealed bids committed one by one from each player's own phone.

Given a sealed round (docs/house-rules.md § Sealed bids (Presidential Bid)) and the players
committing in some order, each from their own seat, then: each commit is its bidder's own action
(`actors`); the reveal is due only once the last player has committed, in seat order whoever
committed first, and is the table's (the service records it by itself: no seat records it); and
until it, nobody but the bidder sees a committed card, not the recorder of the running match
either. Rows cite “When the ruleset allows sealed bids, a player may commit a bid before the bids
are shown.” and “Once anyone has committed a bid in a round, the bids are shown when every player
has committed, each showing the card committed.”"""

from __future__ import annotations

import pytest

from domain.bid import SYSTEM
from domain.bid.events import Bid, BidCommitted, BidsRevealed
from domain.protocol import EVERYONE, RECORDER, SPECTATOR, Perspective

THREE = ("Al", "Betty", "Cy")
CARDS = {"Al": "9H", "Betty": "QS", "Cy": "2D"}

# (name, order of the commits: who commits from their phone, one request each)
ORDERS = [
    ("seat order: Al, Betty, Cy", ("Al", "Betty", "Cy")),
    ("the last seat first: Cy, Al, Betty", ("Cy", "Al", "Betty")),
    ("backwards: Cy, Betty, Al", ("Cy", "Betty", "Al")),
]


def bid_shown(state, perspective: Perspective, player: str):
    return next(p["bid"] for p in SYSTEM.view(state, perspective)["players"] if p["player"] == player)


@pytest.mark.parametrize(("name", "order"), ORDERS, ids=[row[0] for row in ORDERS])
def test_commits_from_each_phone_then_the_reveal_by_itself(table, name, order):
    state = table.state(["up 7C"], players=THREE)
    for turn, player in enumerate(order):
        commit = BidCommitted(player=player, card=CARDS[player])
        assert SYSTEM.actors(state, commit) == (player,)
        SYSTEM.check(state, commit)
        state = SYSTEM.evolve(state, commit)
        committed = order[: turn + 1]
        for other in THREE:
            for reader in (RECORDER, SPECTATOR, *(Perspective("seat", seat) for seat in THREE if seat != other)):
                assert bid_shown(state, reader, other) in (None, "committed")
            assert bid_shown(state, Perspective("seat", other), other) == (CARDS[other] if other in committed else None)
        assert [bid_shown(state, EVERYONE, p) for p in THREE] == [CARDS[p] if p in committed else None for p in THREE]
        if turn < len(order) - 1:
            assert SYSTEM.follow_up(state) == ()
    [reveal] = SYSTEM.follow_up(state)
    assert reveal == BidsRevealed(bids=tuple(Bid(player=p, card=CARDS[p]) for p in THREE))
    assert SYSTEM.actors(state, reveal) == ()
    SYSTEM.check(state, reveal)
    after = SYSTEM.evolve(state, reveal)
    assert after.districts[-1].bids == reveal.bids and after.districts[-1].winner == "Betty"
    assert [bid_shown(after, RECORDER, p) for p in THREE] == [None, None, None]
    assert SYSTEM.view(after, RECORDER)["history"] == SYSTEM.view(after, SPECTATOR)["history"]


def test_the_recorder_of_a_running_match_is_told_no_committed_card(table):
    """The redacted commit and its words, as the recorder (the write token, while the match runs) reads
    them: the same whatever card was committed."""
    before = table.state(["up 7C"], players=THREE)
    nine, ten = BidCommitted(player="Al", card="9H"), BidCommitted(player="Al", card="10H")
    assert SYSTEM.redact(before, nine, RECORDER) == SYSTEM.redact(before, ten, RECORDER)
    assert SYSTEM.describe(before, nine, perspective=RECORDER) == "Al commits a sealed bid"
    assert SYSTEM.view(SYSTEM.evolve(before, nine), RECORDER) == SYSTEM.view(SYSTEM.evolve(before, ten), RECORDER)
