"""The state of a Mr. President match: frozen structs of tuples, rebuilt by `evolve`.

Seats are indexed by the order of `MatchCreated.players`; parties by `PARTIES`
(0 Republican, 1 Democratic); board states by their `BoardIndex` position.
Hands and decks are counts: what a Ballot says is known only once it is cast.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.mrpresident.board import PARTIES, BoardIndex
from domain.mrpresident.events import CandidateCard, MatchCreated

# "elected": an incumbent year's first game is tallied and elected a President; the
# second game is yet to begin.
Phase = Literal["setup", "campaign", "absentee", "tally", "elected", "over"]
OFFICE_NAMES = {"P": "President", "VP": "Vice President"}


class Seat(msgspec.Struct, frozen=True, kw_only=True):
    """A player at the table once the tickets are chosen."""

    name: str
    party: int
    offices: tuple[str, ...]  # ("P",), ("VP",), or both in the two-player game
    cards: tuple[CandidateCard, ...]  # the candidates this player plays
    deck_seal: str  # "P", "VP", or "either" (two players shuffle both decks together)
    partner: int | None
    hand_limit: int
    press_support: int


class Hand(msgspec.Struct, frozen=True):
    """How many Ballots a player holds, by seal where the seal is known."""

    president: int = 0
    vice_president: int = 0
    either: int = 0

    @property
    def total(self) -> int:
        return self.president + self.vice_president + self.either


class Ticket(msgspec.Struct, frozen=True, kw_only=True):
    president: CandidateCard
    vice_president: CandidateCard
    president_player: str
    vice_president_player: str
    step: int


class CastBallot(msgspec.Struct, frozen=True, kw_only=True):
    """A Ballot in the Ballot Box. `recorded`: marked on the Campaign Record (counts
    toward limits and toward the states a party has been to)."""

    step: int
    party: int
    player: str
    seal: str
    place: int
    votes: int | None
    recorded: bool
    how: str  # campaign, home state, rumor, given, press, card, absentee


class Turn(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    regions: tuple[int, ...]
    dice: tuple[int, ...]
    reach: frozenset[int]
    step: int
    at_headquarters: bool = False
    raising_funds: bool = False


class Rumor(msgspec.Struct, frozen=True, kw_only=True):
    drawer: int
    target: int
    place: int
    step: int


class MatchState(msgspec.Struct, frozen=True, kw_only=True):
    step: int
    created: MatchCreated
    board: BoardIndex
    phase: Phase = "setup"
    party_of: tuple[int, ...] = ()  # per seat, once the parties are drawn
    tickets: tuple[Ticket | None, Ticket | None] = (None, None)
    undecided: int = 0
    undecided_formed: bool = False
    seats: tuple[Seat, ...] = ()
    order: tuple[int, ...] = ()  # seats in the order of play
    at: int = 0  # position in `order` of the player whose turn it is
    turn: Turn | None = None
    # The turn as its dice were rolled (DiceRolled's evolver sets it), kept once the turn
    # ends: the roll stays on the table for whoever looks at the board between turns.
    last_roll: Turn | None = None
    hands: tuple[Hand, ...] = ()
    decks: tuple[int, ...] = ()
    record: tuple[tuple[int, ...], ...] = ()  # per party, per state: recorded Ballots
    absentee: tuple[tuple[int, ...], ...] = ()  # per party, per state: Absentee Ballots
    ballots: tuple[CastBallot, ...] = ()
    rumors: tuple[Rumor, ...] = ()
    lost_turns: tuple[int, ...] = ()
    extra_turns: tuple[int, ...] = ()
    home_stretch: int = 0  # step at which it began
    final_due: tuple[int, ...] | None = None  # seats still owed their one more turn
    campaign_over: int = 0  # step at which the campaign ended
    absentee_due: tuple[int, int] = (0, 0)
    absentee_first: int = 0
    absentee_steps: tuple[int, int] = (0, 0)
    counted: tuple[int, ...] = ()  # per region: step at which it was counted
    tallied: tuple[tuple[int, int] | None, ...] = ()  # per state: counted votes per party
    # The advanced game
    laid_out: dict[str, tuple[str, ...]] = {}  # NOMINATION: per player, the cards laid face up
    picked: dict[str, str] = {}  # NOMINATION (four players): per player, the candidate chosen
    funds: tuple[int, int] = (0, 0)  # per party: Available Advertising Funds, $ millions
    raised: tuple[int, int] = (0, 0)  # per party: raised by fund raising
    spent: tuple[int, int] = (0, 0)  # per party: spent on advertising
    advertised: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())  # the Advertising column
    fund_states: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())  # the Funds column
    debates: tuple[tuple[str, int | None], ...] = ()  # (issue, winning party; None: stalemate)
    debate_absentee: tuple[int, int] = (0, 0)  # per party: the first Absentee Ballots taken for debates won
    # INCUMBENT YEAR as one match (ruleset.incumbent_year)
    game: int = 1
    in_office: CandidateCard | None = None  # the second game: the elected President's card
    in_office_party: int = 0
    first_game: dict | None = None  # the second game: the first game's standings, as builtins

    def incumbent(self) -> tuple[str, str]:
        """(party in office, the elected President's card name), ("", "") when this
        game is not an incumbent year: named by the ruleset (a match that is the
        second game) or elected by this match's first game."""
        ruleset = self.created.ruleset
        if ruleset.incumbent:
            return ruleset.incumbent, ruleset.incumbent_president
        if self.in_office is not None:
            return PARTIES[self.in_office_party], self.in_office.name
        return "", ""

    @property
    def players(self) -> list[str]:
        return self.created.players

    def seat_of(self, name: str) -> int | None:
        try:
            return self.created.players.index(name)
        except ValueError:
            return None

    @property
    def tables(self):
        return self.created.tables

    def issues_won(self, party: int | None = None) -> list[str]:
        return [issue for issue, winner in self.debates if winner is not None and (party is None or winner == party)]

    @property
    def four(self) -> bool:
        return len(self.created.players) == 4

    @property
    def current(self) -> int | None:
        """The seat whose turn it is (during the campaign)."""
        return self.order[self.at] if self.phase == "campaign" and self.order else None

    def visited(self, party: int) -> frozenset[int]:
        """States the party has been to: Ballots on its Campaign Record (and, if the
        ruleset says so, its absentee X's)."""
        record = self.record[party] if self.record else ()
        found = {s for s, n in enumerate(record) if n}
        if self.created.ruleset.absentee_counts_as_visit and self.absentee:
            found |= {s for s, n in enumerate(self.absentee[party]) if n}
        return frozenset(found)

    def campaigned(self, party: int) -> frozenset[int]:
        """States in which the party cast recorded Ballots (for the absentee deal)."""
        record = self.record[party] if self.record else ()
        return frozenset(s for s, n in enumerate(record) if n)

    def opponent(self, seat: int) -> int:
        """The candidate seeking the same office in the other party."""
        me = self.seats[seat]
        for other in self.seats:
            if other.party != me.party and set(other.offices) & set(me.offices):
                return self.seat_of(other.name)  # type: ignore[return-value]
        raise AssertionError("every seat has an opponent")
