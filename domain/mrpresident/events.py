"""Events of a Mr. President match: facts recorded at the table, past tense.

Ballots are cast face down: a Ballot's `votes` (hundred thousands) may be typed in
when it is cast (then hidden from the other party until the tally) or left out and
counted only at the tally (`RegionCounted`).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.mrpresident.board import Board
from domain.mrpresident.ruleset import Ruleset
from domain.mrpresident.tables import AdvancedTables, CandidateCard

Party = Literal["Republican", "Democratic"]
Seal = Literal["P", "VP"]


class _Event(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    pass


class Ballot(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A Ballot card as announced: its seal, the state it is cast for and, if known,
    its votes in hundred thousands."""

    seal: Seal
    state: str
    votes: int | None = None
    home_state_card: bool = False  # the Ballot marked "Home State" (never recorded)


class MatchCreated(_Event):
    ruleset: Ruleset
    board: Board
    mode: Literal["popular", "electoral"]
    players: list[str]
    preset: str = ""
    title: str = ""
    tables: AdvancedTables | None = None  # the advanced game's printed tables, when any part is on


# Setup


class PartiesDrawn(_Event):
    """Party affiliation, by lot or dice roll."""

    republican: list[str]
    democratic: list[str]


class TicketChosen(_Event):
    """A party's two Candidate Cards and which runs for President. In the four-player
    game each card lies in front of a player (`*_player`); in the two-player game the
    party's one player holds both and the fields may stay empty."""

    party: Party
    president: CandidateCard
    vice_president: CandidateCard
    president_player: str = ""
    vice_president_player: str = ""
    # NOMINATION (four players): how the partners settled who runs for President.
    settled: Literal["", "agreed", "effective total", "dice", "deal"] = ""
    dice: dict[str, list[int]] = {}


class CandidatesLaidOut(_Event):
    """NOMINATION: the Candidate cards a player places face up, by name from the
    match's deck: five of the party's cards each when four play, seven when two play."""

    player: str
    cards: list[str]


class CandidatePicked(_Event):
    """NOMINATION (four players): the candidate a player chooses from his five."""

    player: str
    card: str


class UndecidedVotersSetAside(_Event):
    """Three cards from each candidate's Ballot deck, unseen."""

    count: int


class FirstPlayerRolled(_Event):
    """The presidential candidates' roll for who plays first (dice optional)."""

    player: str
    dice: dict[str, list[int]] = {}


# A campaign turn


class DiceRolled(_Event):
    """Region(s) announced, then both dice rolled."""

    player: str
    regions: list[str]
    dice: list[int]
    raising_funds: bool = False  # FUND RAISING: announced at the beginning of the turn


class BallotsCast(_Event):
    """Campaigning: Ballots from the hand into the reached states."""

    player: str
    ballots: list[Ballot]


class HeadquartersVisited(_Event):
    """Going to Campaign Headquarters (by choice on 7, 11 or doubles, or after a
    blunder), with any Ballots cast in the home state before the card is drawn."""

    player: str
    blundered: bool = False
    home_state: str = ""
    ballots: list[Ballot] = []


class CardEffect(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What a Campaign Headquarters card did to one player, as facts: Ballots cast
    from the hand (in the places the card names), Ballots lost to the Undecided
    Voter stack, turns lost or gained."""

    player: str
    places: list[str] = []  # regions or states the card names for `ballots`
    ballots: list[Ballot] = []
    discarded: list[Seal] = []  # seals of the Ballots lost from the hand
    turns_lost: int = 0
    extra_turns: int = 0


class RumorDrawn(_Event):
    """A Rumor card: the drawer's opponent (same office) may squelch it by getting to
    the state."""

    player: str
    state: str
    text: str = ""


class RumorBallotsGiven(_Event):
    """The Rumor's target hands cards to the drawer, who casts them at once, unrecorded."""

    player: str  # the one giving
    ballots: list[Ballot]


class PressEndorsed(_Event):
    """A Press Endorsement: dice for how many Undecided Ballots, the places the card
    names for the Press Support rating, the Ballots cast (the rest go back under the
    stack, and the stack is replenished from the Ballot decks)."""

    player: str
    dice: list[int]
    press_support: int
    places: list[str]
    ballots: list[Ballot] = []
    text: str = ""


class BulletinDrawn(_Event):
    """A Bulletin on an issue: only candidates identified with it are affected."""

    player: str
    issue: str
    text: str = ""
    effects: list[CardEffect] = []


class HeadquartersCardDrawn(_Event):
    """Any other Campaign Headquarters card (plane delay, ...), its effects as facts."""

    player: str
    title: str
    text: str = ""
    effects: list[CardEffect] = []


# The advanced game's turns


class Advertised(_Event):
    """ADVERTISING, after a roll of 7 or doubles: `drawn` Ballots taken from the
    Undecided Voter stack, `ballots` of them cast (the rest back under the stack);
    the opponent replenishes the stack by as many as were cast."""

    player: str
    region: str
    drawn: int
    ballots: list[Ballot] = []


class FundsRaised(_Event):
    """FUND RAISING, after a roll announced as fund raising (`DiceRolled.raising_funds`):
    the state chosen among the three located, the second roll and the amount from the
    Fund Raising Chart ($ millions). `state` "" when every state located has had its
    funds raised by the party already: nothing is raised."""

    player: str
    state: str
    chart_dice: list[int] = []
    amount: int = 0


class Debated(_Event):
    """DEBATE, after a roll of 7 or doubles: the issue, the offices debating, the
    Ballots each debater risked (one per region at most), each one's rolls (two if
    identified with the issue), and which cast Ballots the caster leaves unrecorded."""

    player: str
    issue: str
    risked: list[Ballot]
    opponent_risked: list[Ballot]
    dice: list[int]  # two dice, or four (two rolls) for a debater identified with the issue
    opponent_dice: list[int]
    office: Seal = "P"
    unrecorded: list[str] = []  # states of cast risked Ballots not recorded on the Tally Board


# After the campaign


class AbsenteeBallotsCast(_Event):
    """A party's Absentee Ballots: those cast (face down, unannounced) and those set aside."""

    party: Party
    ballots: list[Ballot] = []
    set_aside: int = 0


class RegionCounted(_Event):
    """A region's Ballots counted: votes (hundred thousands) per state per party.
    States with no Ballots may be left out."""

    region: str
    votes: dict[str, dict[str, int]]


class IncumbentYearBegun(_Event):
    """INCUMBENT YEAR (ruleset.incumbent_year): the first game elected `president` of
    `party`; the second game begins, the parties as drawn, tickets to be chosen."""

    party: Party
    president: str


CARD_EVENTS = (RumorDrawn, PressEndorsed, BulletinDrawn, HeadquartersCardDrawn)
ACTION_TYPES = (
    PartiesDrawn,
    CandidatesLaidOut,
    CandidatePicked,
    TicketChosen,
    UndecidedVotersSetAside,
    FirstPlayerRolled,
    DiceRolled,
    BallotsCast,
    HeadquartersVisited,
    *CARD_EVENTS,
    RumorBallotsGiven,
    Advertised,
    FundsRaised,
    Debated,
    AbsenteeBallotsCast,
    RegionCounted,
    IncumbentYearBegun,
)
Action = (
    PartiesDrawn
    | CandidatesLaidOut
    | CandidatePicked
    | TicketChosen
    | UndecidedVotersSetAside
    | FirstPlayerRolled
    | DiceRolled
    | BallotsCast
    | HeadquartersVisited
    | RumorDrawn
    | PressEndorsed
    | BulletinDrawn
    | HeadquartersCardDrawn
    | RumorBallotsGiven
    | Advertised
    | FundsRaised
    | Debated
    | AbsenteeBallotsCast
    | RegionCounted
    | IncumbentYearBegun
)
