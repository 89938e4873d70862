"""The state of a match, `initial`, and `EVOLVERS`: per action, how it folds into the state."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain import cards
from domain.bid.cards import value
from domain.bid.events import Bid, BidCommitted, BidsRevealed, DistrictRevealed, MatchCreated

ROUNDS = 13


class District(msgspec.Struct, frozen=True, kw_only=True):
    """A district bid for: the bids in seat order, the winner and the card left on
    it (none when neutral), the steps of its reveal and of the bids."""

    district: str
    bids: tuple[Bid, ...]
    winner: str | None
    card: str | None
    drawn_step: int
    step: int


class BidState(msgspec.Struct, frozen=True, kw_only=True):
    step: int
    match: MatchCreated
    # Cards still in each player's hand, in seat order.
    hands: tuple[tuple[str, ...], ...]
    up: str | None = None
    up_step: int = 0
    # Sealed bids of the round up, in the order committed.
    commits: tuple[Bid, ...] = ()
    districts: tuple[District, ...] = ()


def initial(created: MatchCreated) -> BidState:
    return BidState(
        step=1, match=created, hands=tuple(cards.suit_cards(seat.suit) for seat in created.players)
    )


def names(state: BidState) -> tuple[str, ...]:
    return tuple(seat.player for seat in state.match.players)


def seat_index(state: BidState, player: str) -> int | None:
    for index, seat in enumerate(state.match.players):
        if seat.player == player:
            return index
    return None


def finished(state: BidState) -> bool:
    return len(state.districts) == ROUNDS


def reveal_due(state: BidState) -> BidsRevealed | None:
    """The reveal a sealed round calls for once every player has committed (the
    only legal next event then), so a service can append it without anyone at the
    table knowing the cards; None while a commit is missing or nobody committed."""
    if not state.commits or len(state.commits) < len(state.match.players):
        return None
    # In seat order, as an open reveal is listed, whatever the order of the commits.
    seats = names(state)
    return BidsRevealed(bids=tuple(sorted(state.commits, key=lambda bid: seats.index(bid.player))))


def winning_bid(bids: tuple[Bid, ...]) -> Bid | None:
    """The highest card, or None when the highest is tied (the district stays neutral).

    presidential-bid.txt § play: “The player who showed the highest card wins the
    district.” “If there is a tie, the district remains neutral and the club card is
    placed upside down on it.” With three players only a tie for highest matters.
    """
    best = max(value(bid.card) for bid in bids)
    top = [bid for bid in bids if value(bid.card) == best]
    return top[0] if len(top) == 1 else None


# Inside an evolver `state.step` is the step of the event being applied: the fold
# (domain/system_base.py) advanced it already.
def _district_revealed(state: BidState, event: DistrictRevealed) -> BidState:
    return replace(state, up=event.district, up_step=state.step)


def _committed(state: BidState, event: BidCommitted) -> BidState:
    return replace(state, commits=state.commits + (Bid(player=event.player, card=event.card),))


def _revealed(state: BidState, event: BidsRevealed) -> BidState:
    order = names(state)
    bids = tuple(sorted(event.bids, key=lambda bid: order.index(bid.player)))
    hands = tuple(
        tuple(card for card in hand if card != bid.card) for hand, bid in zip(state.hands, bids, strict=True)
    )
    winner = winning_bid(bids)
    district = District(
        district=state.up or "",
        bids=bids,
        winner=winner.player if winner else None,
        card=winner.card if winner else None,
        drawn_step=state.up_step,
        step=state.step,
    )
    return replace(state, hands=hands, up=None, up_step=0, commits=(), districts=state.districts + (district,))


EVOLVERS = {DistrictRevealed: _district_revealed, BidCommitted: _committed, BidsRevealed: _revealed}
