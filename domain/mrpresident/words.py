"""Each event in one line, as a player would say it at the table, to a perspective.
Votes on face-down Ballots are never said; where the Absentee Ballots go is said only
to their own party (and everyone), as `views.redact` shows them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import msgspec

from domain.mrpresident.events import (
    AbsenteeBallotsCast,
    Advertised,
    CandidatePicked,
    CandidatesLaidOut,
    Debated,
    FundsRaised,
    Ballot,
    BallotsCast,
    BulletinDrawn,
    DiceRolled,
    FirstPlayerRolled,
    HeadquartersCardDrawn,
    IncumbentYearBegun,
    HeadquartersVisited,
    MatchCreated,
    PartiesDrawn,
    PressEndorsed,
    RegionCounted,
    RumorBallotsGiven,
    RumorDrawn,
    TicketChosen,
    UndecidedVotersSetAside,
)
from domain.mrpresident.board import MEMBERS, PARTIES
from domain.mrpresident.debate import debaters, outcome
from domain.mrpresident.state import MatchState
from domain.mrpresident.views import parties_seen
from domain.protocol import SPECTATOR, Perspective

NUMBERS = "no one two three four five six seven eight nine ten eleven twelve".split()
REGION_SHORT = {"Eastern": "the East", "Southern": "the South", "Midwestern": "the Midwest", "Western": "the West"}


def word(n: int) -> str:
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


def count(n: int, thing: str) -> str:
    return f"{word(n)} {thing}" if n == 1 else f"{word(n)} {thing}s"


def listing(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def state_name(state: MatchState, abbr: str) -> str:
    place = state.board.place(abbr)
    return place.entry.name if place else abbr


def ballots_said(state: MatchState, ballots: Sequence[Ballot]) -> str:
    """“two President Ballots in Missouri, one in Michigan and three in Illinois”."""
    groups = Counter((b.seal, b.state) for b in ballots)
    parts = []
    previous = None
    for (seal, abbr), n in groups.items():
        kind = "President" if seal == "P" else "Vice President"
        what = word(n) if kind == previous else count(n, f"{kind} Ballot")
        parts.append(f"{what} in {state_name(state, abbr)}")
        previous = kind
    return listing(parts)


def describe(state: MatchState, event: msgspec.Struct, perspective: Perspective = SPECTATOR) -> str:
    match event:
        case MatchCreated():
            return f"A Mr. President match for {event.mode} votes: {listing(event.players)} on the {event.board.name} board"
        case PartiesDrawn():
            return f"By lot, {listing(event.republican)} {'is' if len(event.republican) == 1 else 'are'} Republican; {listing(event.democratic)} {'is' if len(event.democratic) == 1 else 'are'} Democratic"
        case TicketChosen():
            who = f" ({event.president_player} and {event.vice_president_player})" if event.president_player else ""
            if event.settled:
                who += f", the nomination settled by {'a deal' if event.settled == 'deal' else event.settled}"
            return f"The {MEMBERS[event.party]} run {event.president.name} for President and {event.vice_president.name} for Vice President{who}"
        case UndecidedVotersSetAside():
            return f"{word(event.count).capitalize()} Ballots are set aside as the Undecided Voter stack"
        case FirstPlayerRolled():
            return f"{event.player} wins the roll and plays first"
        case DiceRolled():
            regions = listing([REGION_SHORT.get(r, f"the {r} region") for r in event.regions])
            if event.raising_funds:
                return f"{event.player} announces fund raising in {regions} and rolls {event.dice[0]} and {event.dice[1]}"
            return f"{event.player} picks {regions} and rolls {event.dice[0]} and {event.dice[1]}"
        case BallotsCast():
            return f"{event.player} casts {ballots_said(state, event.ballots)}"
        case HeadquartersVisited():
            said = f"{event.player} blunders and goes to Campaign Headquarters" if event.blundered else f"{event.player} goes to Campaign Headquarters"
            if event.ballots:
                said += f", casting {ballots_said(state, event.ballots)}"
            return said
        case RumorDrawn():
            seat = state.seat_of(event.player)
            target = state.players[state.opponent(seat)] if seat is not None and state.seats else "the opponent"
            return f"{event.player} draws a Rumor card naming {state_name(state, event.state)}: {target} can squelch it there"
        case RumorBallotsGiven():
            return f"{event.player} hands over {count(len(event.ballots), 'Ballot')} for the Rumor"
        case PressEndorsed():
            cast = f"casts {ballots_said(state, event.ballots)}" if event.ballots else "casts none"
            return f"{event.player} draws a Press Endorsement, rolls {listing([str(d) for d in event.dice])} and {cast} from the Undecided Voters"
        case BulletinDrawn():
            return f"{event.player} draws a Bulletin on {event.issue}" + effects_said(state, event)
        case HeadquartersCardDrawn():
            return f"{event.player} draws “{event.title}”" + effects_said(state, event)
        case CandidatesLaidOut():
            return f"{event.player} lays out {listing(event.cards)}"
        case CandidatePicked():
            return f"{event.player} chooses {event.card}"
        case Advertised():
            cast = f"casts {ballots_said(state, event.ballots)}" if event.ballots else "casts none"
            return f"{event.player} advertises in {REGION_SHORT.get(event.region, event.region)}: draws {count(event.drawn, 'Undecided Ballot')} and {cast}"
        case FundsRaised():
            if not event.state:
                return f"{event.player} finds no state open to fund raising"
            return f"{event.player} raises ${event.amount} million in {state_name(state, event.state)} (rolled {sum(event.chart_dice)})"
        case Debated():
            return debate_said(state, event)
        case AbsenteeBallotsCast():
            # mr-president.md § Absentee Ballots: “they do not, however, announce the casting of these Ballots
            # to their opponents”: where they go is said to the party's own eyes only.
            where = ""
            if event.ballots and PARTIES.index(event.party) in parties_seen(state, perspective):
                where = f" ({ballots_said(state, event.ballots)})"
            return f"The {MEMBERS[event.party]} cast {count(len(event.ballots), 'Absentee Ballot')}{where}" + (
                f" and set {word(event.set_aside)} aside" if event.set_aside else ""
            )
        case RegionCounted():
            totals = {p: sum(v.get(p, 0) for v in event.votes.values()) for p in ("Republican", "Democratic")}
            region = REGION_SHORT.get(event.region, f"the {event.region} region")
            return f"{region[0].upper()}{region[1:]} is counted: Republicans {totals['Republican']}, Democrats {totals['Democratic']}"
        case IncumbentYearBegun():
            return f"The incumbent year begins: {event.president} runs for re-election for the {MEMBERS[event.party]}"
    return type(event).__name__


def effects_said(state: MatchState, event: BulletinDrawn | HeadquartersCardDrawn) -> str:
    parts = []
    for effect in event.effects:
        bits = []
        if effect.ballots:
            bits.append(f"casts {ballots_said(state, effect.ballots)}")
        if effect.discarded:
            bits.append(f"loses {count(len(effect.discarded), 'Ballot')} to the Undecided Voters")
        if effect.turns_lost:
            bits.append(f"loses {count(effect.turns_lost, 'turn')}")
        if effect.extra_turns:
            bits.append(f"gains {count(effect.extra_turns, 'turn')}")
        if bits:
            parts.append(f"{effect.player} {listing(bits)}")
    return (": " + "; ".join(parts)) if parts else ""


def debate_said(state: MatchState, event: Debated) -> str:
    """Who debated on which issue and how it ended (said in the state before it)."""
    seat = state.seat_of(event.player)
    if seat is None or not state.seats or state.current != seat:
        return f"{event.player} debates {event.issue}"
    _, mine, _, theirs = debaters(state, seat, event.office)
    winner = outcome(state, event)
    result = "a stalemate" if winner is None else f"{state.players[winner]} wins and casts all {count(len(event.risked) + len(event.opponent_risked), 'risked Ballot')}"
    return f"{event.player} ({mine.name}) debates {theirs.name} on {event.issue}: {result}"
