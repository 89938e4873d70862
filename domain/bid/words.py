"""`describe`: each event in one line, as a player would say it at the table, to a
perspective (a sealed bid's card only to those `views.redact` shows it to)."""

from __future__ import annotations

import msgspec

from domain import cards
from domain.bid.cards import district_name
from domain.bid.board import region_of
from domain.bid.events import BidCommitted, BidsRevealed, DistrictRevealed, MatchCreated
from domain.bid.state import BidState, winning_bid
from domain.bid.views import sees_commit
from domain.protocol import SPECTATOR, Perspective


def describe(state: BidState, event: msgspec.Struct, perspective: Perspective = SPECTATOR) -> str:
    """One line as `perspective` may know the event: a sealed bid's card is named only
    to its player and to everyone (as `redact` shows it: `views.sees_commit`), never to the others,
    nor to the recorder of a running match."""
    if isinstance(event, MatchCreated):
        seats = ", ".join(f"{seat.player} holds the {cards.SUIT_NAMES.get(seat.suit, seat.suit)}" for seat in event.players)
        note = " (a reconstruction)" if event.board.reconstruction else ""
        return f"Presidential Bid on the {event.board.name}{note}: {seats}"
    if isinstance(event, DistrictRevealed):
        region = region_of(state.match.board).get(event.district)
        where = f" in {region.name}" if region else ""
        return f"Round {len(state.districts) + 1}: {district_name(event.district)}{where} is up for bid"
    if isinstance(event, BidCommitted):
        card = f": {cards.card_name(event.card)}" if sees_commit(perspective, event.player) else ""
        return f"{event.player} commits a sealed bid{card}"
    if isinstance(event, BidsRevealed):
        shown = ", ".join(f"{bid.player} shows {cards.card_name(bid.card)}" for bid in event.bids)
        district = district_name(state.up) if state.up else "the district"
        best = winning_bid(event.bids) if event.bids and all(cards.is_card(b.card) for b in event.bids) else None
        outcome = f"{best.player} wins {district}" if best else f"a tie: {district} stays neutral"
        return f"{shown}: {outcome}"
    return type(event).__name__
