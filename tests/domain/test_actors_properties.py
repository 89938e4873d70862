"""`actors` over random legal matches: every player records from their own phone.

Given a random legal match of each system (fixtures/random_player.py: a page's choices among
`allowed`, the events the rules make due recorded right after, as the service records them), when
each event is recorded, then:

- `actors` names exactly the seats whose own action the rules make it (the OWNERS tables below, one
  row per event type citing its rules text), and nobody for the table's (the write token's);
- a choice that says who acts (`Choice.player`) is that player's own action;
- an event the rules make happen by themselves (`follow_up`) is nobody's: no seat records it;
- the match recorded by its seats, each event by one of its actors chosen at random (the write
  token where it has none), no seat recording another's, and the due events by themselves, is the
  same stream, with the same standings, and every player records some of it.

Unit rows (one event, one state) are in test_actors.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.bid import SYSTEM as BID
from domain.bid import events as bid
from domain.mrpresident import SYSTEM as MR
from domain.mrpresident import events as mr
from domain.mrpresident.board import PARTIES
from domain.fold import replay
from domain.president import SYSTEM as PRESIDENT
from domain.president import events as pe
from domain.protocol import Choice, GameSystem, MatchSetup
from fixtures.random_player import any_choice, play_random

BUDGET = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WRITE_TOKEN = "the write token"

Owners = Callable[[Any, Any], tuple[str, ...]]


def table(state: Any, event: Any) -> tuple[str, ...]:
    return ()


def the_player(state: Any, event: Any) -> tuple[str, ...]:
    return (event.player,)


# (event type, whose own action it is, the rules text that says so)
BID_OWNERS: list[tuple[type, Owners, str]] = [
    (bid.DistrictRevealed, table, "presidential-bid.txt § play: “Play begins with the top card of the club draw pile being drawn and displayed.”"),
    (bid.BidCommitted, the_player, "docs/house-rules.md § Sealed bids: “a player may commit a bid before the bids are shown”"),
    (bid.BidsRevealed, table, "§ play: every player “shows it simultaneously”; § Sealed bids: “the bids are shown when every player has committed”"),
]


def dealer(state: Any, event: pe.CardsDealt) -> tuple[str, ...]:
    return (event.dealer,)


def giver(state: Any, event: pe.CardsExchanged) -> tuple[str, ...]:
    return (event.giver,)


PRESIDENT_OWNERS: list[tuple[type, Owners, str]] = [
    (pe.CardsDealt, dealer, "president-classic.md § Preparation: the dealer “deals out all the cards in the deck”"),
    (pe.CardsExchanged, giver, "president-classic.md § End Game: “The scum must give the president his two highest cards”"),
    (pe.CardsPlayed, the_player, "president-classic.md § Play Game: “Each player, in turn, may either play or pass”"),
    (pe.PlayerPassed, the_player, "president-classic.md § Play Game: “Each player, in turn, may either play or pass”"),
    (pe.CardDrawn, the_player, "president-friday.txt § Blind President: “they may take one card from the top of their pile”"),
    (pe.DirectionChosen, the_player, "presidents-deck.txt § The Deal: “The dealer … chooses the direction”"),
    (pe.PlayerLeft, the_player, "presidents-deck.txt § Players Leaving/Entering: the leaver's"),
    (pe.PlayerJoined, table, "presidents-deck.txt § Players Leaving/Entering: a newcomer holds no seat yet"),
    (pe.HandEntered, the_player, "docs/house-rules.md § Hands entered by their holders: “each player enters the cards they were dealt”"),
    (pe.MatchEnded, table, "docs/house-rules.md § The end of a match: “when the scorekeeper records its end”"),
]


def party_players(state: Any, event: Any) -> tuple[str, ...]:
    party = PARTIES.index(event.party)
    return tuple(name for name, member in zip(state.players, state.party_of) if member == party)


MR_OWNERS: list[tuple[type, Owners, str]] = [
    (mr.PartiesDrawn, table, "mr-president.md § SETUP: “Party affiliation is determined by lot or dice roll.”"),
    (mr.CandidatesLaidOut, the_player, "§ NOMINATION: “Each player receives five of his party's cards and places them face up”"),
    (mr.CandidatePicked, the_player, "§ NOMINATION: “from them, chooses the candidate he feels is best qualified”"),
    (mr.TicketChosen, party_players, "§ SETUP: “Each party shuffles its Candidate Cards and places two face up on the table”"),
    (mr.UndecidedVotersSetAside, table, "§ SETUP: “Each candidate shuffles his Ballot deck and removes three”"),
    (mr.FirstPlayerRolled, table, "§ SETUP: “The two presidential candidates roll the dice to determine who will play first.”"),
    (mr.DiceRolled, the_player, "§ CAMPAIGNING: “After selecting a region, announce your choice and roll the dice.”"),
    (mr.BallotsCast, the_player, "§ CAMPAIGNING: “To campaign, you cast Ballots from your hand face down”"),
    (mr.HeadquartersVisited, the_player, "§ GOING TO CAMPAIGN HEADQUARTERS: “You may go to Campaign Headquarters (draw a Campaign Headquarters card)”"),
    (mr.RumorDrawn, the_player, "“When drawing a Rumor card, remember that your opponent is always the candidate who is seeking the same office”"),
    (mr.RumorBallotsGiven, the_player, "“If the candidate who drew the Rumor card is given cards by his opponent”: the giver's, from his hand"),
    (mr.PressEndorsed, the_player, "“When drawing a Press Endorsement card, roll the die”"),
    (mr.BulletinDrawn, the_player, "§ GOING TO CAMPAIGN HEADQUARTERS: a Bulletin is a Campaign Headquarters card, drawn by the player"),
    (mr.HeadquartersCardDrawn, the_player, "“Campaign Headquarters cards bring candidates both good and bad luck”: drawn by the player"),
    (mr.Advertised, the_player, "§ ADVERTISING: “you may advertise in this region rather than campaign if you roll 7 or doubles”"),
    (mr.FundsRaised, the_player, "§ FUND RAISING: “You must select one of these states in which to raise funds.”"),
    (mr.Debated, the_player, "§ DEBATE: “As challenger, you may select the issue to be debated.”"),
    (mr.AbsenteeBallotsCast, party_players, "§ ABSENTEE BALLOTS: “Each party marks its Absentee Ballots on its Tally Board”"),
    (mr.RegionCounted, table, "§ Popular Vote: “The total vote count for the region is announced by each party”: the table's count"),
    (mr.IncumbentYearBegun, table, "§ INCUMBENT YEAR: “The first game is played in the usual manner”: the table begins the second"),
]


def owners_of(rows: list[tuple[type, Owners, str]]) -> dict[type, Owners]:
    return {event_type: owners for event_type, owners, _ in rows}


def test_every_action_of_every_system_has_a_row():
    for system, rows in ((BID, BID_OWNERS), (PRESIDENT, PRESIDENT_OWNERS), (MR, MR_OWNERS)):
        assert set(owners_of(rows)) == set(system.action_types), system.name


def walk(system: GameSystem, created: Any, rng: random.Random, steps: int) -> Iterator[tuple[Any, Any, Choice | None]]:
    """(the state before, the event, the choice it was built from, None for an event the rules made due)
    for each event of a random legal match: play_random records what `follow_up` makes due right after the
    action that made it due, so an event is due exactly when the state before it has one due."""
    chosen: list[Choice] = []

    def remember(state: Any, choices: Any, rng: random.Random) -> Choice:
        chosen.append(any_choice(state, choices, rng))
        return chosen[-1]

    events = play_random(system, created, rng, steps=steps, choose=remember)
    made = iter(chosen)
    state = system.initial(created)
    for event in events:
        due = tuple(system.follow_up(state))
        if due:
            assert event == due[0]
        yield state, event, None if due else next(made)
        state = system.evolve(state, event)


def recorded_by_their_seats(
    system: GameSystem, created: Any, rows: list[tuple[type, Owners, str]], seed: int, steps: int = 3000, every_seat: bool = True
) -> None:
    """The properties of the module's docstring for one random match; `every_seat`: each player seated at the
    start records some of it (not so in Presidential Bid with bids shown at the table)."""
    owners = owners_of(rows)
    rng = random.Random(seed)
    walked = list(walk(system, created, random.Random(seed), steps))
    original = [event for _, event, _ in walked]
    players = set(system.players(walked[-1][0])) | set(system.players(system.initial(created)))
    state, stream, recorders = system.initial(created), [], set()
    due: list[Any] = []
    for before, event, choice in walked:
        whose = tuple(system.actors(before, event))
        assert whose == owners[type(event)](before, event), event
        assert set(whose) <= set(system.players(before))
        if choice is not None and choice.player is not None:
            assert whose == (choice.player,), (choice.label, event)
        if choice is None:
            assert whose == (), f"{event} happens by itself: no seat records it"
            assert due and due.pop(0) == event
        else:
            assert not due, "a due event is recorded right after the action that made it due"
            recorder = rng.choice(whose) if whose else WRITE_TOKEN
            assert all(seat in whose for seat in players if may_record(seat, whose))
            recorders.add(recorder)
        system.check(state, event)
        state = system.evolve(state, event)
        stream.append(event)
        due.extend(system.follow_up(state))
    assert not due and stream == original
    final = replay(system, created, original)
    assert state == final and system.standings(state) == system.standings(final)
    if every_seat:
        seated = set(system.players(system.initial(created)))
        assert seated <= recorders, f"{sorted(seated - recorders)} recorded nothing from their own phone"


def may_record(recorder: str, whose: tuple[str, ...]) -> bool:
    """The service's rule: a seat token records the events whose actors include its seat; the write
    token records anything (what nobody owns is the write token's alone)."""
    return recorder == WRITE_TOKEN or recorder in whose


@BUDGET
@given(seed=st.integers(0, 2**16), three=st.booleans(), preset=st.sampled_from(["text", "table"]))
def test_presidential_bid_recorded_by_its_seats(seed, three, preset):
    players = ["Al", "Betty", "Cy"][: 2 + three]
    created = BID.start(MatchSetup(system="bid", players=players, preset=preset))
    # With bids shown at the table (preset "table") every event is the table's: a seat records nothing.
    recorded_by_their_seats(BID, created, BID_OWNERS, seed, every_seat=created.ruleset.sealed_bids)


@BUDGET
@given(
    seed=st.integers(0, 2**16),
    four=st.booleans(),
    preset=st.sampled_from(["basic", "advanced"]),
    deck=st.sampled_from([8, 14]),
    tally=st.sampled_from(["popular", "electoral", "incumbent year"]),
)
def test_mr_president_recorded_by_its_seats(seed, four, preset, deck, tally):
    players = ["Al", "Betty", "Carl", "Dot"] if four else ["Al", "Betty"]
    options = {"ballot_deck_size": deck, "incumbent_year": tally == "incumbent year"}
    setup = MatchSetup(system="mrpresident", players=players, preset=preset, mode="popular" if tally == "popular" else "electoral", options=options)
    recorded_by_their_seats(MR, MR.start(setup), MR_OWNERS, seed)


@BUDGET
@given(seed=st.integers(0, 2**16), preset=st.sampled_from(["classic", "friday", "deck"]), mode=st.sampled_from(["full", "public", "holders"]))
def test_president_recorded_by_its_seats(seed, preset, mode):
    setup = MatchSetup(system="president", players=["Al", "Betty", "Carl", "Dana"], preset=preset, mode=mode)
    recorded_by_their_seats(PRESIDENT, PRESIDENT.start(setup), PRESIDENT_OWNERS, seed, steps=300)
