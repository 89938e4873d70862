"""The events of a Presidential Bid match: facts recorded at the table."""

from __future__ import annotations

import msgspec

from domain.bid.board import Board
from domain.bid.ruleset import Ruleset


class Seat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    player: str
    suit: str


class Bid(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    player: str
    card: str


class MatchCreated(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """Step 1: the players with their suits, the resolved ruleset and the board."""

    title: str = ""
    preset: str
    mode: str = "full"
    players: tuple[Seat, ...]
    ruleset: Ruleset
    board: Board


class DistrictRevealed(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """The top club of the draw pile is turned up: that district is up for bid."""

    district: str


class BidCommitted(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """A sealed bid, seen only by its player until the bids are revealed."""

    player: str
    card: str


class BidsRevealed(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """Every player's card for the district up, shown at once. In a round where
    bids were committed, it carries exactly the committed cards."""

    bids: tuple[Bid, ...]


ACTION_TYPES = (DistrictRevealed, BidCommitted, BidsRevealed)
Action = DistrictRevealed | BidCommitted | BidsRevealed
Event = MatchCreated | Action
