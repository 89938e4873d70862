"""The board: six regions of districts, each district labelled by a club.

The Presidential Bid text pictures its board, and the picture is lost (see
shared/data/mr-president/README.md): `DEFAULT_BOARD` is a reconstruction and says
so; a match may be created with any board that passes `validate`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec

from domain import cards
from domain.bid.cards import CLUBS, value
from domain.bid.rules import BOARD_DISTRICTS, BOARD_LABELS, BOARD_REGIONS
from domain.protocol import IllegalAction

REGION_COUNT = 6


class Region(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str
    votes: int
    districts: tuple[str, ...]


class Board(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str
    regions: tuple[Region, ...]
    # True when the board is not the published one (the default is a guess).
    reconstruction: bool = False
    source: str = ""


def _region(name: str, votes: int, ranks: str) -> Region:
    return Region(name=name, votes=votes, districts=tuple(rank + CLUBS for rank in ranks.split()))


DEFAULT_BOARD = Board(
    name="Recount default board",
    reconstruction=True,
    source=(
        "Reconstruction, not the published board: the Presidential Bid text pictures a board that is not "
        "reproduced anywhere we could find. Regions of 4, 3, 2, 2, 1 and 1 districts, labelled by club rank "
        "in order, each worth 2 votes per district plus 1, are placeholders (shared/data/mr-president/README.md). "
        "Replace it with your own board if you own the game."
    ),
    regions=(
        _region("North", 9, "2 3 4 5"),
        _region("South", 7, "6 7 8"),
        _region("East", 5, "9 10"),
        _region("West", 5, "J Q"),
        _region("Coast", 3, "K"),
        _region("Capital", 3, "A"),
    ),
)


def board_from(data: dict[str, Any] | None) -> Board:
    """The board a match is created with: the default, or a user's board checked."""
    if data is None:
        return DEFAULT_BOARD
    try:
        board = msgspec.convert(data, Board)
    except msgspec.ValidationError as error:
        raise IllegalAction(f"the board is not a board: {error}", BOARD_REGIONS) from None
    validate(board)
    return board


def validate(board: Board) -> None:
    """Raise IllegalAction unless the board has six named regions, positive votes,
    and the thirteen clubs as its districts, each exactly once.

    presidential-bid.txt § board: “The game board is broken into six different
    regions.” “Each region is made up of a number of districts totaling thirteen.”
    “Districts are labeled with a club suited card, and each region is worth a
    specific number of votes based on the number of districts it has.” How votes
    depend on the count is not known, so any positive number is accepted.
    """
    if len(board.regions) != REGION_COUNT:
        raise IllegalAction(f"a board has six regions, this one has {len(board.regions)}", BOARD_REGIONS)
    names = [region.name.strip() for region in board.regions]
    if not all(names) or len(set(names)) != REGION_COUNT:
        raise IllegalAction("each of the six regions needs its own name", BOARD_REGIONS)
    for region in board.regions:
        if not region.districts:
            raise IllegalAction(f"region {region.name} has no district", BOARD_DISTRICTS)
        if region.votes <= 0:
            raise IllegalAction(f"region {region.name} must be worth a positive number of votes", BOARD_LABELS)
        for label in region.districts:
            if not cards.is_card(label) or cards.suit_of(label) != CLUBS:
                raise IllegalAction(f"district {label!r} in {region.name} is not labelled by a club", BOARD_LABELS)
    labels = [label for region in board.regions for label in region.districts]
    repeated = sorted({label for label in labels if labels.count(label) > 1}, key=value)
    if repeated:
        raise IllegalAction(f"{', '.join(repeated)} label more than one district", BOARD_DISTRICTS)
    missing = sorted(set(cards.suit_cards(CLUBS)) - set(labels), key=value)
    if missing:
        raise IllegalAction(
            f"the board has {len(labels)} districts, not thirteen: {', '.join(missing)} label none",
            BOARD_DISTRICTS,
        )


@cache
def region_of(board: Board) -> dict[str, Region]:
    """Each district label's region (boards are frozen, so this is computed once)."""
    return {label: region for region in board.regions for label in region.districts}


def total_votes(board: Board) -> int:
    return sum(region.votes for region in board.regions)
