"""What the rules allow now (the protocol's `allowed`), for a page that knows no rule.

A round of Presidential Bid is: turn up a club (`DistrictRevealed`, one pick among
the clubs not drawn yet), then every player's card at once (`BidsRevealed`, one pick
per player among that player's cards left). Where the ruleset allows sealed bids a
round may instead go through one `BidCommitted` per player; once anyone has
committed, only the other players' commits are allowed, and when all have
committed the reveal of exactly the committed cards is the one event left (the
service records it by itself through `follow_up`, so a page rarely sees it).

Every event here is expressed by picks with independent bounds (each player holds
a suit of their own, so no two bids compete for a card): no choice leaves a field
to `hints`. The bids of a `BidsRevealed` are a list of `{player, card}` in seat
order, so the choice decides each `player` and leaves each `card` to a pick whose
field is a dotted path through the list's index: "bids.0.card", "bids.1.card".
"""

from __future__ import annotations

from domain import cards
from domain.bid.cards import CLUBS, district_name
from domain.bid.board import region_of
from domain.bid.events import BidCommitted, BidsRevealed, DistrictRevealed
from domain.bid.state import BidState, finished, reveal_due
from domain.picks import field_path
from domain.protocol import Choice, Pick, event_tag


def allowed(state: BidState) -> list[Choice]:
    """The actions `check` accepts now, from the recorder's view (sealed cards known)."""
    if finished(state):
        return []
    if state.up is None:
        return [turn_up_club(state)]
    due = reveal_due(state)
    if due is not None:
        return [reveal_sealed_bids(due)]
    if state.commits:
        return commits_left(state)
    shown = [show_bids(state)]
    return shown + commits_left(state) if state.match.ruleset.sealed_bids else shown


def turn_up_club(state: BidState) -> Choice:
    """presidential-bid.txt § setup: “Shuffle all of the clubs together and place them
    face down as a draw pile.” § play: “That card represents the district that is now
    up for bid.” Any club not drawn before may be the one turned up."""
    drawn = {district.district for district in state.districts}
    left = [club for club in cards.suit_cards(CLUBS) if club not in drawn]
    regions = region_of(state.match.board)
    round_number = len(state.districts) + 1
    return Choice(
        type=event_tag(DistrictRevealed),
        label=f"Turn up the club for round {round_number}",
        event={"type": event_tag(DistrictRevealed)},
        picks=[Pick(field="district", among=left, label="Club turned up")],
        hints={"round": round_number, "regions": {club: regions[club].name for club in left}},
    )


def show_bids(state: BidState) -> Choice:
    """presidential-bid.txt § play: “Each player chooses a card from their hand and
    shows it simultaneously.” One card of each player's own suit not shown before."""
    seats = state.match.players
    return Choice(
        type=event_tag(BidsRevealed),
        label=f"Show the bids for {district_name(state.up or '')}",
        event={"type": event_tag(BidsRevealed), "bids": [{"player": seat.player} for seat in seats]},
        picks=[
            Pick(field=field_path("bids", index, "card"), among=list(hand), label=f"{seat.player}'s card")
            for index, (seat, hand) in enumerate(zip(seats, state.hands, strict=True))
        ],
    )


def commits_left(state: BidState) -> list[Choice]:
    """docs/house-rules.md § Sealed bids (Presidential Bid): “When the ruleset allows sealed bids, a
    player may commit a bid before the bids are shown.” “A committed bid cannot be
    changed.”, so only players who have not committed this round are listed."""
    committed = {commit.player for commit in state.commits}
    return [
        Choice(
            type=event_tag(BidCommitted),
            label=f"{seat.player} commits a sealed bid",
            player=seat.player,
            event={"type": event_tag(BidCommitted), "player": seat.player},
            picks=[Pick(field="card", among=list(hand), label=f"{seat.player}'s sealed card")],
        )
        for seat, hand in zip(state.match.players, state.hands, strict=True)
        if seat.player not in committed
    ]


def reveal_sealed_bids(due: BidsRevealed) -> Choice:
    """docs/house-rules.md § Sealed bids (Presidential Bid): “Once anyone has committed a bid in a round,
    the bids are shown when every player has committed, each showing the card
    committed.” The reveal is complete: nothing is left to pick."""
    return Choice(
        type=event_tag(BidsRevealed),
        label="Reveal the sealed bids",
        event={"type": event_tag(BidsRevealed), "bids": [{"player": bid.player, "card": bid.card} for bid in due.bids]},
    )
