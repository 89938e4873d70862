"""Given/when/then tables (tests/domain/harness.py): each row's id names the sentence
of mr-president.md it checks. A row gives the events after the standard setup (helpers.setup_events: four
players Al, Betty, Carl, Dot; Republicans Al (President, Peter J. Sanders of
Kentucky, Campaign Ability 7) and Carl (VP, Ohio, 6); Democrats Betty (President,
Texas, 8) and Dot (VP, Minnesota, 5); Al plays first), the action, and the outcome:
accepted (with what then holds, where the row says it), or the id of the rule that
rejects it."""

from __future__ import annotations

import pytest

from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.mrpresident.state import Hand
from domain.protocol import IllegalAction
from tests.domain.harness import Case, accepted, params, verify
from tests.support.mrpresident import TWO, ballot, cast, given, roll, setup_events, turn

OK = "accepted"


def outcome(state, action) -> str:
    try:
        SYSTEM.check(state, action)
    except IllegalAction as error:
        return error.rule.id
    SYSTEM.evolve(state, action)  # an accepted action must evolve without raising
    return OK


def row(id, given_events, action, expected, **kw) -> Case:
    """A row: `kw` goes to `given` (players, mode, setup, options)."""
    return Case(id, given_events, action, expected, setup=kw)


SETUP = [
    row("Number of players: 2 or 4 (parties of one each for two)", [], ev.PartiesDrawn(republican=["Al"], democratic=["Betty", "Carl", "Dot"]), "mrpresident.parties", setup=False),
    row("Party affiliation is determined by lot: everyone in one party", [], ev.PartiesDrawn(republican=["Al", "Carl"], democratic=["Betty", "Dot"]), OK, setup=False),
    row("Party affiliation: a stranger cannot join", [], ev.PartiesDrawn(republican=["Al", "Zed"], democratic=["Betty", "Dot"]), "mrpresident.parties", setup=False),
    row(
        "sum of all ratings: the Effective Total must add up",
        [ev.PartiesDrawn(republican=["Al", "Carl"], democratic=["Betty", "Dot"])],
        ev.TicketChosen(
            party="Republican",
            president=ev.CandidateCard(name="X", home_state="KY", campaign_ability=7, financial_support=8, press_support=4, fund_raising=3, advertising=5, effective_total=28),
            vice_president=setup_events(["Al", "Betty", "Carl", "Dot"])[1].vice_president,
            president_player="Al",
            vice_president_player="Carl",
        ),
        "mrpresident.card.total",
        setup=False,
    ),
    row(
        "When four play, dice decide which player is the presidential candidate: both players of the party run",
        [ev.PartiesDrawn(republican=["Al", "Carl"], democratic=["Betty", "Dot"])],
        ev.TicketChosen(party="Republican", president=setup_events(["Al"] * 4)[1].president, vice_president=setup_events(["Al"] * 4)[1].vice_president, president_player="Al", vice_president_player="Betty"),
        "mrpresident.ticket.four",
        setup=False,
    ),
    row("The twelve removed cards become the Undecided Voter stack", setup_events(["Al", "Betty", "Carl", "Dot"])[:3], ev.UndecidedVotersSetAside(count=11), "mrpresident.undecided", setup=False),
    row("The two presidential candidates roll to play first: not a VP", setup_events(["Al", "Betty", "Carl", "Dot"])[:4], ev.FirstPlayerRolled(player="Carl"), "mrpresident.first", setup=False),
    row("The two presidential candidates roll to play first: the higher roll", setup_events(["Al", "Betty", "Carl", "Dot"])[:4], ev.FirstPlayerRolled(player="Al", dice={"Al": [2, 3], "Betty": [6, 1]}), "mrpresident.first", setup=False),
    row("The two presidential candidates roll: Betty's 7 beats Al's 5", setup_events(["Al", "Betty", "Carl", "Dot"])[:4], ev.FirstPlayerRolled(player="Betty", dice={"Al": [2, 3], "Betty": [6, 1]}), accepted({"order.0": 1}), setup=False),
    row("Players roll the dice only once the campaign has begun", setup_events(["Al", "Betty", "Carl", "Dot"])[:4], roll("Al", "Eastern", 1, 2), "mrpresident.first", setup=False),
]

TURNS = [
    row("Example 1: Midwestern 2 and 4 reaches Missouri (2)", [roll("Al", "Midwestern", 2, 4)], cast("Al", "MO"), OK),
    row("Example 1: Midwestern 2 and 4 reaches Michigan (4) and Illinois (6)", [roll("Al", "Midwestern", 2, 4)], cast("Al", "MI", "IL", "IL"), OK),
    row("Each Ballot cast must list one of the three states: Ohio (5) is not reached by 2 and 4", [roll("Al", "Midwestern", 2, 4)], cast("Al", "OH"), "mrpresident.ballot.state"),
    row("Each Ballot cast must list one of the three states: not another region", [roll("Al", "Midwestern", 2, 4)], cast("Al", "MD"), "mrpresident.ballot.state"),
    row("the number rolled on each die: a die showing 1 reaches Connecticut", [roll("Al", "Eastern", 1, 3)], cast("Al", "CT", "MA", "NJ"), OK),
    row("plus their total: 6 and 6 reach D.C. and Vermont, both numbered 12", [roll("Al", "Eastern", 6, 6)], cast("Al", "NY", "DC", "VT"), OK),
    row("Eastern 4 and 5 reaches New Jersey, Pennsylvania and New Hampshire (the Fund Raising example)", [roll("Al", "Eastern", 4, 5)], cast("Al", "NJ", "PA", "NH"), OK),
    row("At least one Ballot must be cast per turn", [roll("Al", "Eastern", 1, 3)], ev.BallotsCast(player="Al", ballots=[]), "mrpresident.ballot.one"),
    row("After selecting a region, announce your choice and roll the dice: roll first", [], cast("Al", "CT"), "mrpresident.region"),
    row("After selecting a region: one region before the home stretch", [], roll("Al", ["Eastern", "Western"], 1, 3), "mrpresident.home-stretch"),
    row("After selecting a region: a region of the board", [], roll("Al", "Northern", 1, 3), "mrpresident.region"),
    row("the number rolled on each die: dice show 1 to 6", [], roll("Al", "Eastern", 7, 3), "mrpresident.reach"),
    row("while you may cast five Ballots in New York", [roll("Al", "Eastern", 6, 1)], cast("Al", "NY", "NY", "NY", "NY", "NY"), accepted(ballots=lambda cast: len(cast) == 5)),
    row("you may only cast two Ballots in D. C.", [roll("Al", "Eastern", 6, 6)], cast("Al", "DC", "DC", "DC"), "mrpresident.limit"),
    row(
        "each party is limited in a state: the running mate's Ballots count",
        [*[roll("Al", "Eastern", 6, 6), cast("Al", "DC", "DC")], *turn("Betty", "Eastern", 1, 2, "CT"), roll("Carl", "Eastern", 6, 6)],
        cast("Carl", "DC", seal="VP"),
        "mrpresident.limit",
    ),
    row(
        "each party is limited: the other party's Ballots do not count",
        [*[roll("Al", "Eastern", 6, 6), cast("Al", "DC", "DC")], roll("Betty", "Eastern", 6, 6)],
        cast("Betty", "DC", "DC"),
        OK,
    ),
    row("play rotates President, President: Betty after Al", turn("Al", "Eastern", 1, 2, "CT"), roll("Betty", "Western", 1, 2), accepted({"turn.seat": 1})),
    row("play rotates President, President, Vice President: not Carl second", turn("Al", "Eastern", 1, 2, "CT"), roll("Carl", "Western", 1, 2), "mrpresident.order.four"),
    row("play rotates: Dot fourth", [*turn("Al", "Eastern", 1, 2, "CT"), *turn("Betty", "Eastern", 1, 2, "CT"), *turn("Carl", "Eastern", 1, 2, "CT", seal="VP")], roll("Dot", "Western", 1, 2), accepted({"turn.seat": 3})),
    row("In the two-player game, players alternate turns", turn("Al", "Eastern", 1, 2, "CT"), roll("Al", "Eastern", 1, 2), "mrpresident.order.two", players=TWO),
    row("Campaign Ability 7: this indicates the number of cards you may hold", [roll("Al", "Eastern", 6, 1)], cast("Al", "NY", "NY", "NY", "NY", "NY", "CT", "CT", "CT"), "mrpresident.hold"),
    row("When two play, use the higher of your two ratings (7 and 6): eight is too many", [roll("Al", "Eastern", 6, 1)], cast("Al", "NY", "NY", "NY", "NY", "NY", "CT", "CT", "CT"), "mrpresident.hold", players=TWO),
    row("announce whether it is a President or a Vice President Ballot: Al holds only his President deck", [roll("Al", "Eastern", 1, 3)], cast("Al", "CT", seal="VP"), "mrpresident.ballot.seal"),
    row("the number before each state represents votes: never negative", [roll("Al", "Eastern", 1, 3)], ev.BallotsCast(player="Al", ballots=[ballot("CT", votes=-1)]), "mrpresident.votes"),
    row("the Ballot marked Home State is not cast on a campaign turn", [roll("Al", "Southern", 4, 5)], ev.BallotsCast(player="Al", ballots=[ballot("KY", home=True)]), "mrpresident.hq.home-state-ballot"),
]

# Betty's Democrats fill D.C. (limit 2); then Al draws a Rumor naming D.C.
RUMOR_ON_BETTY = (
    turn("Al", "Eastern", 1, 2, "CT")
    + turn("Betty", "Eastern", 6, 6, "DC", "DC")
    + turn("Carl", "Eastern", 1, 2, "CT", seal="VP")
    + turn("Dot", "Eastern", 1, 2, "CT", seal="VP")
    + [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al"), ev.RumorDrawn(player="Al", state="DC")]
)

HEADQUARTERS = [
    row("You may go to Campaign Headquarters when you roll 7", [roll("Al", "Eastern", 3, 4)], ev.HeadquartersVisited(player="Al"), accepted({"turn.at_headquarters": True})),
    row("You may go to Campaign Headquarters when you roll 11", [roll("Al", "Eastern", 5, 6)], ev.HeadquartersVisited(player="Al"), OK),
    row("You may go to Campaign Headquarters when you roll doubles", [roll("Al", "Eastern", 2, 2)], ev.HeadquartersVisited(player="Al"), OK),
    row("You may go to Campaign Headquarters when you roll 7, 11 or doubles: not 5", [roll("Al", "Eastern", 2, 3)], ev.HeadquartersVisited(player="Al"), "mrpresident.hq.roll"),
    row("If you blunder you must go to your Campaign Headquarters, on any roll", [roll("Al", "Eastern", 2, 3)], ev.HeadquartersVisited(player="Al", blundered=True), OK),
    row("you may cast any Ballots you hold for this state (Kentucky)", [roll("Al", "Eastern", 3, 4)], ev.HeadquartersVisited(player="Al", home_state="KY", ballots=[ballot("KY"), ballot("KY")]), accepted(ballots=lambda cast: len(cast) == 2)),
    row("you may cast any Ballots you hold for this state: only the home state", [roll("Al", "Eastern", 3, 4)], ev.HeadquartersVisited(player="Al", home_state="KY", ballots=[ballot("TN")]), "mrpresident.hq.home-state"),
    row("Campaign Headquarters is in your home state: Carl's Ohio is not Al's", [roll("Al", "Eastern", 3, 4)], ev.HeadquartersVisited(player="Al", home_state="OH", ballots=[ballot("OH")]), "mrpresident.hq.home-state"),
    row("In the two-player game, the player must choose his President's or his V. P.'s home state", [roll("Al", "Eastern", 3, 4)], ev.HeadquartersVisited(player="Al", home_state="OH", ballots=[ballot("OH", seal="VP")]), OK, players=TWO),
    row("In the two-player game: no third home state", [roll("Al", "Eastern", 3, 4)], ev.HeadquartersVisited(player="Al", home_state="TX", ballots=[ballot("TX")]), "mrpresident.hq.home-state.two", players=TWO),
    row("These Ballots are recorded in the usual manner: Kentucky's limit is 3", [roll("Al", "Eastern", 3, 4)], ev.HeadquartersVisited(player="Al", home_state="KY", ballots=[ballot("KY")] * 4), "mrpresident.limit"),
    row("if you cast the Ballot marked Home State, do not record it: over the limit allowed", [roll("Al", "Eastern", 3, 4)], ev.HeadquartersVisited(player="Al", home_state="KY", ballots=[ballot("KY")] * 3 + [ballot("KY", home=True)]), accepted(ballots=lambda cast: [b.recorded for b in cast] == [True, True, True, False])),
    row("draw a Campaign Headquarters card: only after going there", [roll("Al", "Eastern", 3, 4)], ev.HeadquartersCardDrawn(player="Al", title="Plane Delay"), "mrpresident.hq.roll"),
    row("draw a Campaign Headquarters card: not campaigning after", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")], cast("Al", "MA"), "mrpresident.hq.card"),
    row("Most of the cards are self-explanatory: a plane delay loses a turn", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")], ev.HeadquartersCardDrawn(player="Al", title="Plane Delay", effects=[ev.CardEffect(player="Al", turns_lost=1)]), OK),
    row("Most of the cards: Ballots only from the hand", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")], ev.HeadquartersCardDrawn(player="Al", title="Whistle-stop", effects=[ev.CardEffect(player="Al", places=["Southern"], ballots=[ballot(s) for s in ("TN", "TN", "VA", "VA", "GA", "GA", "NC", "NC")])]), "mrpresident.hold"),
    row("Most of the cards: Ballots only in the places the card names", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")], ev.HeadquartersCardDrawn(player="Al", title="Whistle-stop", effects=[ev.CardEffect(player="Al", places=["Southern"], ballots=[ballot("NY")])]), "mrpresident.hq.card"),
    row("any player not identified with the issue on a Bulletin card may disregard it", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")], ev.BulletinDrawn(player="Al", issue="Civil Rights", effects=[ev.CardEffect(player="Al", discarded=["P"])]), "mrpresident.hq.bulletin"),
    row("a Bulletin affects those identified with its issue (Carl, Dot: Civil Rights)", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")], ev.BulletinDrawn(player="Al", issue="Civil Rights", effects=[ev.CardEffect(player="Carl", discarded=["VP"]), ev.CardEffect(player="Dot", discarded=["VP", "VP"])]), OK),
    row("Press Endorsement: the die says how many (3 allows 3)", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")], ev.PressEndorsed(player="Al", dice=[3], press_support=4, places=["Western"], ballots=[ballot("CA")] * 3), accepted(undecided=12, ballots=lambda cast: len(cast) == 3)),
    row("Press Endorsement: the die says how many (3 is not 4)", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")], ev.PressEndorsed(player="Al", dice=[3], press_support=4, places=["Western"], ballots=[ballot("CA")] * 4), "mrpresident.hq.press.dice"),
    row("Press Endorsement: the places the card names for your rating", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")], ev.PressEndorsed(player="Al", dice=[3, 3], press_support=4, places=["CA", "NY"], ballots=[ballot("TX")]), "mrpresident.hq.press.places"),
    row("Check your Candidate card to determine your Press Support rating (Al's is 4)", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")], ev.PressEndorsed(player="Al", dice=[3], press_support=5, places=["CA"]), "mrpresident.hq.press.rating"),
    row("always use the higher of your two Press Support ratings (4 and 3)", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")], ev.PressEndorsed(player="Al", dice=[3], press_support=4, places=["CA"]), OK, players=TWO),
    row("Each Ballot cast is recorded in the usual manner: D.C.'s limit holds", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")], ev.PressEndorsed(player="Al", dice=[6], press_support=4, places=["DC"], ballots=[ballot("DC")] * 3), "mrpresident.limit"),
    row("Rumor: the card names a state of the board", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")], ev.RumorDrawn(player="Al", state="ZZ"), "mrpresident.hq.rumor"),
    row(
        "If you are the opponent and you do get to the state you must cast there even though you have been there the maximum number of times",
        RUMOR_ON_BETTY + [roll("Betty", "Eastern", 6, 6)],
        cast("Betty", "DC", "DC"),
        OK,
    ),
    row(
        "your opponent is always the candidate seeking the same office: the Rumor is not on Dot",
        RUMOR_ON_BETTY + turn("Betty", "Eastern", 1, 2, "CT") + turn("Carl", "Eastern", 1, 2, "CT", seal="VP") + [roll("Dot", "Eastern", 6, 6)],
        cast("Dot", "DC", seal="VP"),
        "mrpresident.limit",
    ),
    row("If the candidate who drew the Rumor card is given cards by his opponent", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al"), ev.RumorDrawn(player="Al", state="DC")], ev.RumorBallotsGiven(player="Betty", ballots=[ballot("TX")]), OK),
    row("given cards by his opponent: only the Rumor's target gives", [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al"), ev.RumorDrawn(player="Al", state="DC")], ev.RumorBallotsGiven(player="Dot", ballots=[ballot("TX", seal="VP")]), "mrpresident.hq.rumor.given"),
]


@pytest.mark.parametrize("case", params(SETUP + TURNS + HEADQUARTERS))
def test_rule(case):
    verify(SYSTEM, lambda: given(*case.given, **case.setup), case.when, case.then)


def small(**kw):
    """Two players, decks of 4 (one card left after the three removed... twice, shuffled
    together: two cards each), so the campaign ends within a few turns."""
    return given(players=TWO, ballot_deck_size=4, **kw)


def test_home_stretch_begins_when_a_party_spends_both_decks():
    """Home Stretch: “When a party depletes both of its Ballot decks, the election is
    in the home stretch.” Decks of 40 (37 after setup): not yet; decks of 4 are drawn
    into the first hands at once."""
    assert not given().home_stretch
    state = small()
    assert state.home_stretch and state.decks == (0, 0)
    assert outcome(state, roll("Al", ["Eastern", "Western"], 1, 3)) == OK
    assert outcome(state, roll("Al", ["Eastern", "Western", "Southern"], 1, 3)) == "mrpresident.home-stretch"
    state = SYSTEM.evolve(state, roll("Al", ["Eastern", "Western"], 1, 3))
    # six states: CT, MA, NJ in the East; HI, OR, CO in the West
    assert sorted(state.board.places[p].entry.abbr for p in state.turn.reach) == ["CO", "CT", "HI", "MA", "NJ", "OR"]


def test_refill_from_the_partners_deck_once_yours_is_spent():
    """“When your Ballot deck is depleted, refill your hand from your partner's deck.”
    Decks of 10 hold 7 after setup. Al (ability 7) draws his 7; Betty (8) her 7 and one
    of Dot's; Carl (6) six of his 7; Dot (5) five of her 6. Al casts 3 and refills with
    Carl's last card, a Vice President Ballot: the Republicans' decks are spent."""
    state = given(roll("Al", "Eastern", 1, 2), cast("Al", "CT", "MD", "MD"), ballot_deck_size=10)
    assert state.hands[0] == Hand(president=4, vice_president=1)
    assert state.hands[1] == Hand(president=7, vice_president=1)
    assert state.decks == (0, 0, 0, 1)
    assert state.home_stretch == state.step


def test_campaign_end_gives_the_others_one_more_turn_and_deals_absentee_ballots():
    """“After you cast your last Ballot, other players may take one more turn before
    the campaign ends.” Then the party with more states “will receive one card for each
    state more than its opponent”, the rest “dealt one at a time”: Al has been to 2
    states, Betty to 1 with 1 Ballot left in hand: 12 + 1 = 13 Absentee Ballots, Al
    1 + 6 = 7, Betty 6."""
    state = small()
    assert state.hands[0].total == 2 and state.hands[1].total == 2
    state = given(roll("Al", "Eastern", 1, 2), cast("Al", "CT", "MD"), players=TWO, ballot_deck_size=4)
    assert state.phase == "campaign" and state.final_due == (1,)
    state = SYSTEM.evolve(SYSTEM.evolve(state, roll("Betty", "Southern", 6, 6)), cast("Betty", "TX"))
    assert state.phase == "absentee"
    assert state.undecided == 13
    assert state.absentee_due == (7, 6)
    too_few = ev.AbsenteeBallotsCast(party="Republican", ballots=[ballot("CA")] * 3, set_aside=3)
    assert outcome(state, too_few) == "mrpresident.absentee.count"
    assert outcome(state, ev.AbsenteeBallotsCast(party="Democratic", ballots=[ballot("CA")] * 2, set_aside=5)) == "mrpresident.absentee.deal"
    assert outcome(state, ev.AbsenteeBallotsCast(party="Democratic", ballots=[ballot("CA")] * 2, set_aside=4)) == OK


def absentee(*states: str) -> ev.AbsenteeBallotsCast:
    """The Republicans' seven Absentee Ballots: these states, the rest set aside."""
    return ev.AbsenteeBallotsCast(party="Republican", ballots=[ballot(s) for s in states], set_aside=7 - len(states))


# Given: a two-player campaign just over (Al cast CT and MD, Betty TX), the Republicans due 7 Absentee Ballots.
ABSENTEE = [
    row("popular: up to the limit (CT 1 of 3 recorded, 2 absentee)", [], absentee("CT", "CT"), OK, mode="popular"),
    row("When playing for popular votes, may not cast an Absentee Ballot over the maximum", [], absentee("CT", "CT", "CT"), "mrpresident.absentee.popular", mode="popular"),
    row("When playing for electoral votes, may still cast Absentee Ballots in that state", [], absentee("CT", "CT", "CT", "CT"), OK, mode="electoral"),
]


@pytest.mark.parametrize("case", params(ABSENTEE))
def test_absentee_limits_by_mode(case):
    campaign = [roll("Al", "Eastern", 1, 2), cast("Al", "CT", "MD"), roll("Betty", "Southern", 6, 6), cast("Betty", "TX")]
    verify(SYSTEM, lambda: given(*campaign, players=TWO, ballot_deck_size=4, **case.setup), case.when, case.then)


def test_a_blunder_puts_the_top_ballot_under_the_undecided_stack():
    """“you must place the top card from your Ballot deck at the bottom of the
    Undecided Voter stack”."""
    before = given(roll("Al", "Eastern", 2, 3))
    after = SYSTEM.evolve(before, ev.HeadquartersVisited(player="Al", blundered=True))
    assert after.undecided == before.undecided + 1 == 13
    assert after.decks[0] == before.decks[0] - 1


def test_press_endorsement_replenishes_from_each_players_deck_beginning_with_the_drawer():
    """“draw one card from each player's Ballot deck (beginning with the player who
    drew the Endorsement card) until all cards cast have been replaced”. Decks hold 37
    after setup; the first hands take 7, 8, 6 and 5. Al casts three Undecided Ballots:
    Al's, Betty's and Carl's decks give one each; the stack keeps its twelve."""
    before = given(roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al"))
    assert before.decks == (30, 29, 31, 32)
    after = SYSTEM.evolve(before, ev.PressEndorsed(player="Al", dice=[3], press_support=4, places=["Western"], ballots=[ballot("CA")] * 3))
    assert after.decks == (29, 28, 30, 32)
    assert after.undecided == 12


def test_a_lost_turn_is_skipped_and_an_extra_turn_taken():
    """Plane delay (a self-explanatory card): Al loses his next turn, so after Dot
    comes Betty; with an extra turn Al plays again at once."""
    delayed = given(
        roll("Al", "Eastern", 3, 4),
        ev.HeadquartersVisited(player="Al"),
        ev.HeadquartersCardDrawn(player="Al", title="Plane Delay", effects=[ev.CardEffect(player="Al", turns_lost=1)]),
        *turn("Betty", "Eastern", 1, 2, "CT"),
        *turn("Carl", "Eastern", 1, 2, "CT", seal="VP"),
        *turn("Dot", "Eastern", 1, 2, "CT", seal="VP"),
    )
    assert outcome(delayed, roll("Al", "Eastern", 1, 2)) == "mrpresident.order.four"
    assert outcome(delayed, roll("Betty", "Eastern", 1, 2)) == OK
    lucky = given(
        roll("Al", "Eastern", 3, 4),
        ev.HeadquartersVisited(player="Al"),
        ev.HeadquartersCardDrawn(player="Al", title="Whistle-stop tour", effects=[ev.CardEffect(player="Al", extra_turns=1)]),
    )
    assert outcome(lucky, roll("Al", "Eastern", 1, 2)) == OK
    assert outcome(lucky, roll("Betty", "Eastern", 1, 2)) == "mrpresident.order.four"



def test_a_stranger_is_said_to_be_outside_the_match_with_its_players() -> None:
    """mr-president.md § MR PRESIDENT: "Number of players: 2 or 4" — given the standard four, when Zed
    rolls, then the refusal names Zed as outside the match and lists the players."""
    with pytest.raises(IllegalAction) as refused:
        SYSTEM.check(given(), roll("Zed", "West", 3, 4))
    assert refused.value.what == "Zed is not in this match (players: Al, Betty, Carl, Dot)"
    assert refused.value.rule.id == "mrpresident.players"
