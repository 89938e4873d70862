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
from domain.bid.board import Region, region_of
from domain.bid.events import BidCommitted, BidsRevealed, DistrictRevealed
from domain.bid.state import ROUNDS, BidState, finished, names, winning_bid
from domain.bid.standings import RegionResult, how, region_result
from domain.protocol import Perspective

HIDDEN = "committed"


def sees_commit(perspective: Perspective, player: str) -> bool:
    """A sealed bid before its reveal is its player's: the recorder of a running match
    (`RECORDER`, and a seat's view as the recorder reads it, `sees_sealed` False) does not
    see it either, everyone (a finished match's replay) does."""
    if perspective.kind == "everyone":
        return perspective.sees_sealed
    return perspective.kind == "seat" and perspective.seat == player and perspective.sees_sealed


class _Decided(msgspec.Struct, frozen=True):
    """The parts of a view that read only the districts decided and the match: built once per
    reveal (a replay views every step; a step that decides no district keeps the same tuple),
    and of those only the region the reveal decided in. Shared by the views of the steps
    between two reveals: read, never changed."""

    districts: tuple[Any, ...]
    match: Any
    in_regions: list[tuple[Any, ...]]  # the districts decided in each region
    results: list[RegionResult]
    regions: list[dict[str, Any]]  # as they are with no district up
    votes_won: dict[str, int]
    districts_won: dict[str, int]
    history: list[dict[str, Any]]


_decided: _Decided | None = None


def _decided_part(state: BidState) -> _Decided:
    global _decided
    known = _decided
    if known is not None and known.districts is state.districts and known.match is state.match:
        return known
    if known is not None and known.match is not state.match:
        known = None
    done = {district.district: district for district in state.districts}
    players = names(state)
    in_regions, results, regions = [], [], []
    for i, region in enumerate(state.match.board.regions):
        mine = tuple(done[label] for label in region.districts if label in done)
        if known is not None and known.in_regions[i] == mine:
            result, shown = known.results[i], known.regions[i]
        else:
            # The region's result as the standings tally it (region_results).
            result = region_result(region, list(mine), players, state.match.ruleset)
            shown = _region_view(region, _result_view(result), None, done)
        in_regions.append(mine)
        results.append(result)
        regions.append(shown)
    # The votes of the regions each player has carried for good (a region still being played counts for no one yet).
    votes_won = {player: 0 for player in players}
    for region, result in zip(state.match.board.regions, results, strict=True):
        if result.winner is not None and result.decided == result.of and result.winner in votes_won:
            votes_won[result.winner] += region.votes
    known = _Decided(
        districts=state.districts,
        match=state.match,
        in_regions=in_regions,
        results=results,
        regions=regions,
        votes_won=votes_won,
        districts_won={player: sum(1 for district in state.districts if district.winner == player) for player in players},
        history=[
            {
                "district": district.district,
                "bids": [{"player": bid.player, "card": bid.card} for bid in district.bids],
                "winner": district.winner,
                "card": district.card,
                "step": district.step,
            }
            for district in state.districts
        ],
    )
    _decided = known
    return known


def view(state: BidState, perspective: Perspective) -> dict[str, Any]:
    committed = {commit.player: commit.card for commit in state.commits}
    board = state.match.board
    decided = _decided_part(state)
    regions = decided.regions
    if state.up is not None:
        # The region of the district up shows it up; the others are as they are with none up.
        done = {district.district: district for district in state.districts}
        regions = [
            _region_view(region, shown["result"], state.up, done) if state.up in region.districts else shown
            for region, shown in zip(board.regions, regions, strict=True)
        ]
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
                "districts_won": decided.districts_won[seat.player],
                "votes_won": decided.votes_won[seat.player],
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
            "regions": regions,
        },
        "history": decided.history,
    }


def _region_view(region: Region, result: dict[str, Any], up: str | None, done: dict) -> dict[str, Any]:
    return {"name": region.name, "votes": region.votes, "districts": [_district_view(label, up, done) for label in region.districts], "result": result}


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
