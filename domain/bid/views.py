"""What each perspective sees: `view` and `redact` (`describe`, the same in words, is words.py).

Everything in Presidential Bid is shown at the table (each player's suit is known
and every bid is shown), so hands are public; the one secret is a sealed bid,
seen only by its player until the reveal: not by the recorder of a running match
either (who may sit at the table), only by everyone once the match is over.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.bid import cards
from domain.bid.board import region_of
from domain.bid.events import BidCommitted, BidsRevealed, DistrictRevealed
from domain.bid.state import ROUNDS, BidState, finished, winning_bid
from domain.bid.standings import RegionResult, how, region_results
from domain.protocol import Perspective

HIDDEN = "committed"


def sees_commit(perspective: Perspective, player: str) -> bool:
    """A sealed bid before its reveal is its player's: the recorder of a running match
    (`RECORDER`) does not see it either, everyone (a finished match's replay) does."""
    if perspective.kind == "everyone":
        return perspective.sees_sealed
    return perspective.kind == "seat" and perspective.seat == player


# The regions' tally as of the last districts viewed: a replay views every step, and only a reveal
# changes the districts (a step that decides none keeps the same tuple), so it is tallied once per reveal.
_tallied: tuple[Any, Any, tuple[RegionResult, ...]] = (None, None, ())


def _region_results(state: BidState) -> tuple[RegionResult, ...]:
    """`region_results(state)`, kept for the districts and the match last asked for (all it reads)."""
    global _tallied
    districts, match, results = _tallied
    if districts is not state.districts or match is not state.match:
        results = tuple(region_results(state))
        _tallied = (state.districts, state.match, results)
    return results


def view(state: BidState, perspective: Perspective) -> dict[str, Any]:
    done = {district.district: district for district in state.districts}
    committed = {commit.player: commit.card for commit in state.commits}
    board = state.match.board
    results = _region_results(state)
    # The votes of the regions each player has carried for good (a region still being played counts for no one yet).
    votes_won = {seat.player: 0 for seat in state.match.players}
    for region, result in zip(board.regions, results, strict=True):
        if result.winner is not None and result.decided == result.of and result.winner in votes_won:
            votes_won[result.winner] += region.votes
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
                "votes_won": votes_won[seat.player],
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
    own (domain/bid/standings.py), so the viewer need not know the rule."""
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
