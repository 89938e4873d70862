"""The board is data: states and D.C. in regions, each with its dice number, its
per-party Ballot limit, its electoral votes and its built-in edge, plus the
additional votes per region and for the nation.

Named boards ship as package data (`boards/*.json`, built from the shared reference
data by fixtures/mrpresident/make_boards.py); a user's own board is validated here.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any, Literal

import msgspec

from domain.mrpresident import rules
from domain.protocol import IllegalAction

PARTIES = ("Republican", "Democratic")
MEMBERS = {"Republican": "Republicans", "Democratic": "Democrats"}
TOTAL_ELECTORAL_VOTES = 538
# Each die reaches 1-6 and their total 2-12.
REACHABLE_NUMBERS = frozenset(range(1, 13))


class StateEntry(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One state (or D.C.) as the Tally Board lists it."""

    abbr: str
    name: str
    dice: int
    limit: int  # Ballots per party
    electoral_votes: int
    edge_party: Literal["Republican", "Democratic"] | None = None
    edge_votes: int = 0  # in votes, not hundred thousands
    advertising_cost: int = 0  # $ millions, for the advanced game


class Region(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str
    states: tuple[StateEntry, ...]
    additional_votes: int = 0  # hundred thousands, popular tally


class Board(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str
    regions: tuple[Region, ...]
    national_additional_votes: int = 0
    title: str = ""
    notes: tuple[str, ...] = ()

    @property
    def electoral_votes(self) -> int:
        return sum(s.electoral_votes for r in self.regions for s in r.states)

    @property
    def majority(self) -> int:
        return self.electoral_votes // 2 + 1


@cache
def named_boards() -> dict[str, Board]:
    """The boards shipped with the package, by name."""
    found = {}
    for entry in resources.files(__package__).joinpath("boards").iterdir():
        if entry.name.endswith(".json"):
            board = msgspec.json.decode(entry.read_bytes(), type=Board)
            found[board.name] = board
    return found


def named(name: str) -> Board:
    try:
        return named_boards()[name]
    except KeyError:
        known = ", ".join(sorted(named_boards()))
        raise IllegalAction(f"there is no board named {name!r} (known: {known})", rules.BOARD) from None


def from_data(data: dict[str, Any]) -> Board:
    """A user's own board (e.g. typed in from a real Tally Board), validated."""
    try:
        board = msgspec.convert(data, Board)
    except msgspec.ValidationError as error:
        raise IllegalAction(f"the board is not readable: {error}", rules.BOARD) from None
    validate(board)
    return board


def validate(board: Board) -> None:
    """Raise IllegalAction unless every roll resolves, limits are positive, every state has a
    built-in edge held by one party (mr-president.md § ELECTION TALLY: “One party will have the
    built-in edge in the state”) and the electoral votes add up to 538."""
    if not board.regions:
        raise IllegalAction("the board has no regions", rules.BOARD)
    seen: set[str] = set()
    for region in board.regions:
        numbers = set()
        for entry in region.states:
            if entry.abbr in seen:
                raise IllegalAction(f"{entry.abbr} appears twice on the board", rules.BOARD)
            seen.add(entry.abbr)
            if entry.dice not in REACHABLE_NUMBERS:
                raise IllegalAction(
                    f"{entry.name} has dice number {entry.dice}, which no roll reaches (each die 1-6, the total 2-12)",
                    rules.REACH,
                )
            if entry.limit < 1:
                raise IllegalAction(f"{entry.name} has Ballot limit {entry.limit}; a limit must be positive", rules.LIMIT)
            if entry.electoral_votes < 1 or entry.edge_votes < 0:
                raise IllegalAction(f"{entry.name} needs positive electoral votes and a non-negative edge", rules.BOARD)
            if entry.edge_votes and entry.edge_party is None:
                raise IllegalAction(f"{entry.name} has a built-in edge but no party holding it", rules.EDGE)
            if not entry.edge_votes or entry.edge_party is None:
                raise IllegalAction(f"{entry.name} has no built-in edge: one party holds one in every state", rules.EDGE_EVERY_STATE)
            numbers.add(entry.dice)
        missing = sorted(REACHABLE_NUMBERS - numbers)
        if missing:
            raise IllegalAction(
                f"a roll showing {missing[0]} in the {region.name} region would reach no state", rules.REACH
            )
        if region.additional_votes < 0:
            raise IllegalAction(f"the {region.name} region has negative additional votes", rules.BOARD)
    if board.national_additional_votes < 0:
        raise IllegalAction("the national additional votes are negative", rules.BOARD)
    if board.electoral_votes != TOTAL_ELECTORAL_VOTES:
        raise IllegalAction(
            f"the board's electoral votes add up to {board.electoral_votes}, not {TOTAL_ELECTORAL_VOTES}", rules.BOARD
        )


class Place(msgspec.Struct, frozen=True):
    """A board state flattened for lookups: its index, its region's index, its entry."""

    index: int
    region: int
    entry: StateEntry


class BoardIndex(msgspec.Struct, frozen=True):
    """Lookups over a board, built once per match."""

    board: Board
    places: tuple[Place, ...]
    by_abbr: dict[str, int]
    by_region: dict[str, int]
    region_states: tuple[tuple[int, ...], ...]
    numbered: dict[tuple[int, int], tuple[int, ...]]  # (region, dice number) -> states

    def reach(self, regions: tuple[int, ...], dice: tuple[int, ...]) -> frozenset[int]:
        """The states a roll reaches in the chosen regions: each die's number and the total."""
        numbers = {*dice, sum(dice)}
        return frozenset(s for r in regions for n in numbers for s in self.numbered.get((r, n), ()))

    def region_of_name(self, name: str) -> int | None:
        return self.by_region.get(name)

    def place(self, abbr: str) -> Place | None:
        index = self.by_abbr.get(abbr)
        return None if index is None else self.places[index]


def index(board: Board) -> BoardIndex:
    places: list[Place] = []
    region_states: list[tuple[int, ...]] = []
    numbered: dict[tuple[int, int], tuple[int, ...]] = {}
    for r, region in enumerate(board.regions):
        members = []
        for entry in region.states:
            place = Place(len(places), r, entry)
            places.append(place)
            members.append(place.index)
            numbered[(r, entry.dice)] = numbered.get((r, entry.dice), ()) + (place.index,)
        region_states.append(tuple(members))
    return BoardIndex(
        board=board,
        places=tuple(places),
        by_abbr={p.entry.abbr: p.index for p in places},
        by_region={region.name: r for r, region in enumerate(board.regions)},
        region_states=tuple(region_states),
        numbered=numbered,
    )

