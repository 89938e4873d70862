"""What each perspective sees: `view`, `redact` and `describe`.

Everything in Presidential Bid is shown at the table (each player's suit is known
and every bid is shown), so hands are public; the one secret is a sealed bid,
seen only by its player (and the everyone perspective) until the reveal.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.bid import cards
from domain.bid.board import region_of
from domain.bid.events import BidCommitted, BidsRevealed, DistrictRevealed, MatchCreated
from domain.bid.state import ROUNDS, BidState, finished, winning_bid
from domain.bid.tally import RegionResult, how, region_results
from domain.protocol import SPECTATOR, Perspective

HIDDEN = "committed"


def sees_commit(perspective: Perspective, player: str) -> bool:
    return perspective.kind == "everyone" or (perspective.kind == "seat" and perspective.seat == player)


def view(state: BidState, perspective: Perspective) -> dict[str, Any]:
    done = {district.district: district for district in state.districts}
    committed = {commit.player: commit.card for commit in state.commits}
    board = state.match.board
    results = region_results(state)
    return {
        "step": state.step,
        "round": len(state.districts) + (state.up is not None),
        "rounds": ROUNDS,
        "finished": finished(state),
        "up": state.up,
        "draw_pile": ROUNDS - len(state.districts) - (state.up is not None),
        "players": [
            {
                "player": seat.player,
                "suit": seat.suit,
                "hand": list(hand),
                "districts_won": sum(1 for district in state.districts if district.winner == seat.player),
                "bid": None
                if seat.player not in committed
                else committed[seat.player]
                if sees_commit(perspective, seat.player)
                else HIDDEN,
            }
            for seat, hand in zip(state.match.players, state.hands, strict=True)
        ],
        "board": {
            "name": board.name,
            "reconstruction": board.reconstruction,
            "source": board.source,
            "regions": [
                {
                    "name": region.name,
                    "votes": region.votes,
                    "districts": [_district_view(label, state.up, done) for label in region.districts],
                    "result": _result_view(result),
                }
                for region, result in zip(board.regions, results, strict=True)
            ],
        },
        "history": [
            {
                "district": district.district,
                "bids": [{"player": bid.player, "card": bid.card} for bid in district.bids],
                "winner": district.winner,
                "card": district.card,
                "step": district.step,
            }
            for district in state.districts
        ],
    }


def _district_view(label: str, up: str | None, done: dict) -> dict[str, Any]:
    district = done.get(label)
    if district is not None:
        status = "won" if district.winner else "neutral"
        return {"district": label, "status": status, "winner": district.winner, "card": district.card}
    return {"district": label, "status": "up" if label == up else "open", "winner": None, "card": None}


def _result_view(result: RegionResult) -> dict[str, Any]:
    """The region as the tally stands at this step. Given "so far" for a region still
    being played (`final` false), as the standings give it: who leads it is public,
    every district's winner and card being on the board. The result is the tally's
    own (domain/bid/tally.py), so the viewer need not know the rule."""
    return {
        "winner": result.winner,
        "by": result.by,
        "depth": result.depth,
        "rule": result.rule,
        "how": how(result),
        "final": result.decided == result.of,
        "sentence": result.sentence,
    }


def redact(state: BidState, event: msgspec.Struct, perspective: Perspective) -> dict[str, Any]:
    data = msgspec.to_builtins(event)
    if isinstance(event, BidCommitted) and not sees_commit(perspective, event.player):
        data["card"] = HIDDEN
    return data


def describe(state: BidState, event: msgspec.Struct, perspective: Perspective = SPECTATOR) -> str:
    """One line as `perspective` may know the event: a sealed bid's card is named only
    to its player and to everyone (as `redact` shows it), never to the others."""
    if isinstance(event, MatchCreated):
        seats = ", ".join(f"{seat.player} holds the {cards.SUITS.get(seat.suit, seat.suit)}" for seat in event.players)
        note = " (a reconstruction)" if event.board.reconstruction else ""
        return f"Presidential Bid on the {event.board.name}{note}: {seats}"
    if isinstance(event, DistrictRevealed):
        region = region_of(state.match.board).get(event.district)
        where = f" in {region.name}" if region else ""
        return f"Round {len(state.districts) + 1}: {cards.district_name(event.district)}{where} is up for bid"
    if isinstance(event, BidCommitted):
        card = f": {cards.card_name(event.card)}" if sees_commit(perspective, event.player) else ""
        return f"{event.player} commits a sealed bid{card}"
    if isinstance(event, BidsRevealed):
        shown = ", ".join(f"{bid.player} shows {cards.card_name(bid.card)}" for bid in event.bids)
        district = cards.district_name(state.up) if state.up else "the district"
        best = winning_bid(event.bids) if event.bids and all(cards.is_card(b.card) for b in event.bids) else None
        outcome = f"{best.player} wins {district}" if best else f"a tie: {district} stays neutral"
        return f"{shown}: {outcome}"
    return type(event).__name__
