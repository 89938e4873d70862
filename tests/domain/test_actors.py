"""`actors(state, event)`: whose own action an event is (a seat token may record only its own), per system.

Given a state, when an event (an action or a correction), then the seats whose action it is, () for the table's.
Each row's name cites the sentence of the text that says who does it."""

from __future__ import annotations

import pytest

from domain.bid import SYSTEM as BID
from domain.bid.events import BidCommitted, BidsRevealed, DistrictRevealed, Bid
from domain.corrections import EventAmended, EventVoided
from domain.mrpresident import SYSTEM as MR
from domain.mrpresident import events as mr
from domain.president import SYSTEM as PRESIDENT
from domain.president import events as pe
from tests.support.mrpresident import given as mr_given
from tests.support.president import small_game_two

PRESIDENT_ROWS = [
    ("classic § Preparation: the dealer “deals out all the cards in the deck”", pe.CardsDealt(dealer="Dana", sizes={}), ("Dana",)),
    ("classic § End Game: “The scum must give the president his two highest cards”",
     pe.CardsExchanged(giver="Dana", receiver="Al", cards=("8C", "8D")), ("Dana",)),
    ("classic § End Game: “receive any two cards from the president’s hand in return”: the president gives",
     pe.CardsExchanged(giver="Al", receiver="Dana", cards=("3C", "4C")), ("Al",)),
    ("classic § Play Game: “putting one, two, three, or four cards … face-up on the table”", pe.CardsPlayed(player="Al", cards=("3C",)), ("Al",)),
    ("classic § Play Game: “you can follow … or you can pass”", pe.PlayerPassed(player="Betty"), ("Betty",)),
    ("friday § Blind President: “they may take one card from the top of their pile”", pe.CardDrawn(player="Carl"), ("Carl",)),
    ("deck § The Deal: “The dealer … chooses the direction”", pe.DirectionChosen(player="Dana", direction="clockwise"), ("Dana",)),
    ("deck § Players Leaving/Entering: “If a player leaves between rounds”: the leaver's", pe.PlayerLeft(player="Carl"), ("Carl",)),
    ("deck § Players Leaving/Entering: a newcomer holds no seat yet: the table's", pe.PlayerJoined(player="Eve"), ()),
    ("house rules § Recording: the table stops playing: the table's", pe.MatchEnded(), ()),
    ("house rules § Hands entered by their holders: “each player enters the cards they were dealt”",
     pe.HandEntered(player="Carl", cards=("3D", "4D", "6C")), ("Carl",)),
    ("house rules § Corrections: a void is the table's", EventVoided(step=3), ()),
    ("house rules § Corrections: an amendment is the table's, even of a seat's play",
     EventAmended(step=3, event=pe.CardsPlayed(player="Al", cards=("3C",))), ()),
]


@pytest.mark.parametrize(("name", "event", "then"), PRESIDENT_ROWS, ids=[row[0] for row in PRESIDENT_ROWS])
def test_president_actors(name, event, then):
    assert PRESIDENT.actors(small_game_two(), event) == then


BID_ROWS = [
    ("bid: “the top card of the club draw pile being drawn and displayed”: the table's", DistrictRevealed(district="5C"), ()),
    ("bid: “Each player chooses a card from their hand”: the bidder's", BidCommitted(player="Al", card="9D"), ("Al",)),
    ("bid: “shows it simultaneously”: the reveal is the table's", BidsRevealed(bids=(Bid(player="Al", card="9D"),)), ()),
    ("house rules § Corrections: the table's", EventVoided(step=2), ()),
]


@pytest.mark.parametrize(("name", "event", "then"), BID_ROWS, ids=[row[0] for row in BID_ROWS])
def test_bid_actors(name, event, then):
    assert BID.actors(None, event) == then


def _ticket(party: str) -> mr.TicketChosen:
    from tests.support.mrpresident import HALE, SANDERS

    return mr.TicketChosen(party=party, president=SANDERS, vice_president=HALE)


MR_ROWS = [
    ("§ Campaigning: “After selecting a region, announce your choice and roll the dice.”",
     mr.DiceRolled(player="Betty", regions=["Eastern"], dice=[2, 4]), ("Betty",)),
    ("§ Campaigning: the player casts the Ballots of their hand", mr.BallotsCast(player="Carl", ballots=[]), ("Carl",)),
    ("§ Debate: “Each debator rolls the dice”: the debate is the turn's player's",
     mr.Debated(player="Dot", issue="Labor", risked=[], opponent_risked=[], dice=[1, 1], opponent_dice=[2, 2]), ("Dot",)),
    ("“The two presidential candidates roll the dice to determine who will play first”: the table's",
     mr.FirstPlayerRolled(player="Al"), ()),
    ("“Party affiliation is determined by lot or dice roll”: the table's", mr.PartiesDrawn(republican=["Al", "Carl"], democratic=["Betty", "Dot"]), ()),
    ("§ Absentee Ballots: “Each party marks its Absentee Ballots”: the party's players'",
     mr.AbsenteeBallotsCast(party="Democratic"), ("Betty", "Dot")),
    ("a party's ticket: the party's players'", _ticket("Republican"), ("Al", "Carl")),
    ("§ GOING TO CAMPAIGN HEADQUARTERS: “You may go to Campaign Headquarters (draw a Campaign Headquarters card)”",
     mr.HeadquartersVisited(player="Carl"), ("Carl",)),
    ("“When drawing a Rumor card”: the card drawn is the drawer's", mr.RumorDrawn(player="Al", state="NY"), ("Al",)),
    ("“If the candidate who drew the Rumor card is given cards by his opponent”: the giver's, from his own hand",
     mr.RumorBallotsGiven(player="Betty", ballots=[]), ("Betty",)),
    ("“When drawing a Press Endorsement card, roll the die”: the drawer's card and dice",
     mr.PressEndorsed(player="Dot", dice=[3], press_support=4, places=["Eastern"]), ("Dot",)),
    ("“any player not identified with the issue on a Bulletin card may disregard the card”: the drawer's, whoever it affects",
     mr.BulletinDrawn(player="Carl", issue="Labor", effects=[mr.CardEffect(player="Betty", turns_lost=1)]), ("Carl",)),
    ("“Campaign Headquarters cards bring candidates both good and bad luck”: a plane delay, the drawer's",
     mr.HeadquartersCardDrawn(player="Al", title="Plane delay"), ("Al",)),
    ("§ ADVERTISING: “you may advertise in this region rather than campaign if you roll 7 or doubles”",
     mr.Advertised(player="Betty", region="Eastern", drawn=2), ("Betty",)),
    ("§ FUND RAISING: “You must select one of these states in which to raise funds.”", mr.FundsRaised(player="Dot", state="NY"), ("Dot",)),
    ("§ NOMINATION: “Each player receives five of his party's cards and places them face up”",
     mr.CandidatesLaidOut(player="Carl", cards=[]), ("Carl",)),
    ("§ NOMINATION: “from them, chooses the candidate he feels is best qualified”", mr.CandidatePicked(player="Al", card="x"), ("Al",)),
    ("§ SETUP: “Each candidate shuffles his Ballot deck and removes three”: the table's", mr.UndecidedVotersSetAside(count=12), ()),
    ("§ Election Tally: a region counted is the table's", mr.RegionCounted(region="Eastern", votes={}), ()),
    ("§ INCUMBENT YEAR: the second game begun is the table's", mr.IncumbentYearBegun(party="Republican", president="Peter J. Sanders"), ()),
    ("house rules § Corrections: the table's", EventVoided(step=4), ()),
]


@pytest.mark.parametrize(("name", "event", "then"), MR_ROWS, ids=[row[0] for row in MR_ROWS])
def test_mrpresident_actors(name, event, then):
    assert MR.actors(mr_given(), event) == then


def test_mrpresident_party_before_parties_drawn_is_nobodys():
    """Before the parties are drawn no seat belongs to a party: a party's action is nobody's own yet."""
    assert MR.actors(mr_given(setup=False), mr.AbsenteeBallotsCast(party="Republican")) == ()
