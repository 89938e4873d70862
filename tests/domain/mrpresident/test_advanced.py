"""The advanced game (mr-president.md § ADVANCED GAME, § DEBATE): the printed tables
as data, and given/when/then tables whose ids name the sentence each row checks.

Rows start from the advanced setup below (four players, the reconstructed decks):
Republicans Al (President, Harlan Whitcomb of New York: Effective Total 26,
Financial Support 6, Fund Raising 3, Advertising 5, four issues) and Carl (VP,
Margaret Ellery of Ohio: Financial Support 5, Advertising 4); Democrats Betty
(President, Thomas Rourke of Massachusetts, four issues) and Dot (VP, Lucille
Barrow of California). Funds: $11 million each. Al plays first; the order is Al,
Betty, Carl, Dot."""

from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.fold import replay
from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.mrpresident.campaign import end_campaign
from domain.protocol import EVERYONE, SPECTATOR, IllegalAction, MatchSetup
from fixtures.random_player import play_random
from tests.domain.harness import params, verify
from tests.support.mrpresident import FOUR, TWO, ballot, cards_in_play, cast, roll
from tests.support.mrpresident_advanced import DEM, NOMINATION, OK, REP, ROUND, TABLES, TICKETS, advertise, debate, funds, given_advanced, raise_roll, rep, row


TWO_SETUP = [
    ev.PartiesDrawn(republican=["Al"], democratic=["Betty"]),
    ev.CandidatesLaidOut(player="Al", cards=REP[:7]),
    ev.CandidatesLaidOut(player="Betty", cards=DEM[:7]),
]


ROWS = [
    # NOMINATION
    row("Each player receives five of his party's cards: not six", NOMINATION[:1], ev.CandidatesLaidOut(player="Al", cards=REP[:6]), "mrpresident.nomination.four", setup=[]),
    row("Each player receives five of his party's cards: not the other party's", NOMINATION[:1], ev.CandidatesLaidOut(player="Al", cards=[DEM[0], *REP[:4]]), "mrpresident.nomination.four", setup=[]),
    row("Each player receives five of his party's cards: not his partner's", NOMINATION[:2], ev.CandidatesLaidOut(player="Carl", cards=REP[4:9]), "mrpresident.nomination.four", setup=[]),
    row("chooses the candidate he feels is best qualified: from his own five", NOMINATION[:5], ev.CandidatePicked(player="Al", card=REP[5]), "mrpresident.nomination.pick", setup=[]),
    row("Each player then picks up his five cards: not before the other party's cards are laid out", NOMINATION[:3], ev.CandidatePicked(player="Al", card="Harlan Whitcomb"), "mrpresident.nomination.pick", setup=[]),
    row("Each player then picks up his five cards: not before his own are laid out", NOMINATION[:2], ev.CandidatePicked(player="Al", card="Harlan Whitcomb"), "mrpresident.nomination.pick", setup=[]),
    row("Each player then picks up his five cards: once every card is laid out", NOMINATION[:5], ev.CandidatePicked(player="Al", card="Harlan Whitcomb"), OK, setup=[]),
    row("If no agreement is reached, candidate with the higher Effective Total wins: 26 beats 21", NOMINATION, TICKETS[0], OK, setup=[]),
    row(
        "If no agreement is reached, candidate with the higher Effective Total wins: not 21 over 26",
        NOMINATION,
        ev.TicketChosen(party="Republican", president=rep("Eugene Marchetti"), vice_president=rep("Harlan Whitcomb"), president_player="Carl", vice_president_player="Al", settled="effective total"),
        "mrpresident.nomination.winner",
        setup=[],
    ),
    row(
        "Deals may be made during the nomination period: the lower Total runs for President",
        NOMINATION,
        ev.TicketChosen(party="Republican", president=rep("Eugene Marchetti"), vice_president=rep("Harlan Whitcomb"), president_player="Carl", vice_president_player="Al", settled="deal"),
        OK,
        setup=[],
    ),
    row(
        "if Totals are equal, dice are rolled: not when they differ",
        NOMINATION,
        replace(TICKETS[0], settled="dice", dice={"Al": [6, 6], "Carl": [1, 1]}),
        "mrpresident.nomination.winner",
        setup=[],
    ),
    row(
        "Winning nominee has the right to pick his running mate from the remaining nine cards: not himself",
        NOMINATION,
        replace(TICKETS[0], vice_president=rep("Harlan Whitcomb")),
        "mrpresident.nomination.mate",
        setup=[],
    ),
    row(
        "the Candidate cards are the match's own as printed",
        NOMINATION,
        replace(TICKETS[0], vice_president=replace(rep("Margaret Ellery"), advertising=9, effective_total=rep("Margaret Ellery").effective_total + 5)),
        "mrpresident.candidates",
        setup=[],
    ),
    row("Each player ... places seven cards face up (two players)", TWO_SETUP[:1], ev.CandidatesLaidOut(player="Al", cards=REP[:5]), "mrpresident.nomination.two", setup=[], players=TWO),
    row(
        "From his own candidates, the player then selects the two (two players)",
        TWO_SETUP,
        ev.TicketChosen(party="Republican", president=rep(REP[0]), vice_president=rep(REP[8])),
        "mrpresident.nomination.two.pick",
        setup=[],
        players=TWO,
    ),
    row(
        "Each player may study his opponent's cards ... the player then selects the two: not before the opponent's are laid out",
        TWO_SETUP[:2],
        ev.TicketChosen(party="Republican", president=rep(REP[0]), vice_president=rep(REP[6])),
        "mrpresident.nomination.two.pick",
        setup=[],
        players=TWO,
    ),
    row("From his own candidates, the player then selects the two: both of his seven", TWO_SETUP, ev.TicketChosen(party="Republican", president=rep(REP[0]), vice_president=rep(REP[6])), OK, setup=[], players=TWO),
    # ADVERTISING
    row("you may advertise in this region rather than campaign if you roll 7 or doubles", [roll("Al", "Eastern", 6, 6)], advertise("Al", "Eastern", 5, "NY", "NY", "PA"), OK),
    row("you may advertise ... if you roll 7 or doubles: not on 8", [roll("Al", "Eastern", 3, 5)], advertise("Al", "Eastern", 5, "NY"), "mrpresident.advertising.roll"),
    row(
        "you may advertise ... and have at least $1 million: not with $0 left",
        [roll("Al", "Eastern", 3, 4), advertise("Al", "Eastern", 5, "NY", "PA", "MD"), *ROUND[:2], roll("Carl", "Eastern", 3, 4), advertise("Carl", "Eastern", 4, "ME", seal="VP"), *ROUND[4:], roll("Al", "Eastern", 1, 1)],
        advertise("Al", "Eastern", 5, "NH"),
        "mrpresident.advertising.roll",
    ),
    row("Check your Advertising rating to see how many Ballots you may take: five, not six", [roll("Al", "Eastern", 6, 6)], advertise("Al", "Eastern", 6, "NY"), "mrpresident.advertising.rating"),
    row("Check your Advertising rating: no more Ballots cast than drawn", [roll("Al", "Eastern", 6, 6)], advertise("Al", "Eastern", 5, "NY", "NY", "NY", "NY", "PA", "PA"), "mrpresident.advertising.rating"),
    row("you may cast as many of them as you wish in the selected region: not Texas", [roll("Al", "Eastern", 6, 6)], advertise("Al", "Eastern", 5, "TX"), "mrpresident.advertising.region"),
    row("you may cast as many of them as you wish: none at all", [roll("Al", "Eastern", 6, 6)], advertise("Al", "Eastern", 5), OK),
    row(
        "A party may only advertise once in a state",
        [roll("Al", "Eastern", 6, 6), advertise("Al", "Eastern", 5, "NY"), *ROUND[:2], roll("Carl", "Eastern", 3, 4)],
        advertise("Carl", "Eastern", 4, "NY", seal="VP"),
        "mrpresident.advertising.once",
    ),
    row("Subtract the total amount spent from your funds: $14 million is more than $11 million", [roll("Al", "Eastern", 6, 6)], advertise("Al", "Eastern", 5, "NY", "PA", "NJ", "MA"), "mrpresident.advertising.cost"),
    row("each party is limited in the number of Ballots it may cast in a particular state: D.C. takes two", [roll("Al", "Eastern", 6, 6)], advertise("Al", "Eastern", 5, "DC", "DC", "DC"), "mrpresident.limit"),
    # FUND RAISING
    row("the Fund Raising example: Eastern 4 and 5, Pennsylvania (29 electorals), a roll of 8, rating 3 → $3 million", [raise_roll("Al", "Eastern", 4, 5)], funds("Al", "PA", 4, 4, 3), OK),
    row("match it to your Fund Raising rating: the Chart gives 3, not 4", [raise_roll("Al", "Eastern", 4, 5)], funds("Al", "PA", 4, 4, 4), "mrpresident.funds.chart"),
    row("You must select one of these states: New York is not located by 4 and 5", [raise_roll("Al", "Eastern", 4, 5)], funds("Al", "NY", 4, 4, 3), "mrpresident.funds.state"),
    row("At the beginning of your turn, announce your intention of raising funds: not after a plain roll", [roll("Al", "Eastern", 4, 5)], funds("Al", "PA", 4, 4, 3), "mrpresident.funds.announce"),
    row("You must select one of these states in which to raise funds: no campaigning after announcing", [raise_roll("Al", "Eastern", 4, 5)], cast("Al", "PA"), "mrpresident.funds.state"),
    row(
        "A party may only raise funds once in a state",
        [raise_roll("Al", "Eastern", 4, 5), funds("Al", "PA", 4, 4, 3), *ROUND[:2], raise_roll("Carl", "Eastern", 4, 5)],
        funds("Carl", "PA", 1, 1, 0),
        "mrpresident.funds.once",
    ),
    # DEBATE
    row("If you roll a 7 or doubles, you may use your turn to debate: Al wins on 8 and 2", [roll("Al", "Eastern", 3, 4)], debate(), OK),
    row("If you roll a 7 or doubles, you may use your turn to debate: not on 8", [roll("Al", "Eastern", 3, 5)], debate(), "mrpresident.debate.roll"),
    row("These issues are listed on the back of the Tally Board", [roll("Al", "Eastern", 3, 4)], debate(issue="Prohibition"), "mrpresident.debate.issues"),
    row(
        "When an issue has been won, it may not be debated again",
        [roll("Al", "Eastern", 3, 4), debate(), *ROUND[:2], roll("Carl", "Eastern", 3, 4)],
        debate(player="Carl", seal="VP", dice=(4, 4, 1, 1), office="VP"),
        "mrpresident.debate.issue",
    ),
    row("you must risk four Ballots from your hand ... one for each region: not three", [roll("Al", "Eastern", 3, 4)], debate(risked=("NY", "FL", "OH")), "mrpresident.debate.challenger"),
    row("No \"Home State\" Ballots may be risked", [roll("Al", "Eastern", 3, 4)], replace(debate(), risked=[ballot("NY", home=True), ballot("FL"), ballot("OH"), ballot("CA")]), "mrpresident.debate.home-state"),
    row("may never risk more than one Ballot per region", [roll("Al", "Eastern", 3, 4)], debate(against=("PA", "NY", "IL")), "mrpresident.debate.risk"),
    row("No player may risk more than four Ballots", [roll("Al", "Eastern", 3, 4)], debate(against=("PA", "TX", "IL", "CA", "WA")), "mrpresident.debate.risk"),
    row("an opponent with a rating of 4 must risk at least three Ballots", [roll("Al", "Eastern", 3, 4)], debate(against=("PA", "TX")), "mrpresident.debate.rating"),
    row("any debator identified with the issue may roll the dice twice: Rourke rolls twice on Civil Rights", [roll("Al", "Eastern", 3, 4)], debate(opponent_dice=(3, 4)), "mrpresident.debate.dice"),
    row("In debate ... Pres. vs. Pres.: Al runs for President, not Vice President", [roll("Al", "Eastern", 3, 4)], debate(office="VP"), "mrpresident.debate.opponent"),
    row("do not have to be recorded: only states where a risked Ballot is cast", [roll("Al", "Eastern", 3, 4)], debate(unrecorded=["NV"]), "mrpresident.debate.cast"),
]


def test_allowed_offers_no_candidate_pick_until_every_card_is_laid_out():
    """NOMINATION: “Players may study their opponents' cards ... Each player then picks up
    his five cards”: with the Republicans' cards laid out and the Democrats' not, nobody
    may pick (allowed lists no pick, check refuses each); once all are laid out, all four may.
    Two players likewise select their two only once both have laid out seven."""
    for laid, pickers in ((NOMINATION[:3], set()), (NOMINATION[:4], set()), (NOMINATION[:5], set(FOUR))):
        state = given_advanced(*laid, setup=[])
        picks = [c for c in SYSTEM.allowed(state) if c.type == "CandidatePicked"]
        assert {c.player for c in picks} == pickers, laid[-1]
        for player, cards in state.laid_out.items():
            if player not in pickers:
                with pytest.raises(IllegalAction, match="before anyone picks"):
                    SYSTEM.check(state, ev.CandidatePicked(player=player, card=cards[0]))
    one_laid = given_advanced(*TWO_SETUP[:2], players=TWO, setup=[])
    assert not [c for c in SYSTEM.allowed(one_laid) if c.type == "TicketChosen"]
    both_laid = given_advanced(*TWO_SETUP, players=TWO, setup=[])
    assert {c.event["party"] for c in SYSTEM.allowed(both_laid) if c.type == "TicketChosen"} == {"Republican", "Democratic"}


def test_only_the_opponents_own_deck_replenishes_the_stack_after_advertising():
    """ADVERTISING 6: “your opponent (Pres. vs. Pres., V. P. vs. V. P.) must replenish the
    stack by adding Ballots from his deck equal to the number of Ballots you cast. (If your
    opponent's deck does not contain enough Ballots to replenish the stack, you may only
    cast as many Ballots as he can replenish.)”: the text names his deck alone, so his
    partner's deck neither replenishes nor lifts the cap. With 12-card Ballot decks, Betty
    (Al's opponent) has one Ballot left in her deck and Dot two."""
    before = given_advanced(roll("Al", "Eastern", 6, 6), ballot_deck_size=12)
    betty, dot = before.seat_of("Betty"), before.seat_of("Dot")
    assert (before.decks[betty], before.decks[dot]) == (1, 2)
    with pytest.raises(IllegalAction) as refusal:
        SYSTEM.check(before, advertise("Al", "Eastern", 5, "NY", "PA"))
    assert refusal.value.rule.id == "mrpresident.advertising.replenish"
    one = advertise("Al", "Eastern", 5, "NY")
    SYSTEM.check(before, one)
    after = SYSTEM.evolve(before, one)
    assert (after.decks[betty], after.decks[dot]) == (0, 2) and after.undecided == before.undecided


def test_the_advertising_refusal_quotes_its_sentence_through_the_condition_it_enforces():
    """ADVERTISING 2: the refusal of an advertising turn without funds quoted “... and have
    at least” and stopped before the condition it enforces."""
    spent = given_advanced(roll("Al", "Eastern", 3, 4), advertise("Al", "Eastern", 5, "NY", "PA", "MD"), *ROUND[:2], roll("Carl", "Eastern", 3, 4), advertise("Carl", "Eastern", 4, "ME", seal="VP"), *ROUND[4:], roll("Al", "Eastern", 1, 1))
    with pytest.raises(IllegalAction) as refusal:
        SYSTEM.check(spent, advertise("Al", "Eastern", 5, "NH"))
    assert refusal.value.rule.quote.endswith("if you roll 7 or doubles and have at least $1 million in available advertising funds.")


@pytest.mark.parametrize("case", params(ROWS))
def test_advanced_rules(case):
    verify(SYSTEM, lambda: given_advanced(*case.given, **case.setup), case.when, case.then)


def test_the_fund_raising_example_of_the_text():
    """FUND RAISING: “You find the section on the Fund Raising Chart for 21-27
    Electorals and roll an 8 on the dice. Since your candidate is a strong fund raiser
    (3 rating), you find that you have raised $3 million for your party.”"""
    assert TABLES.fund_raising_amount(24, 8, 3) == 3
    assert {n: TABLES.fund_raising_amount(n, 8, 3) for n in (21, 27)} == {21: 3, 27: 3}


def test_the_debate_numbers_the_text_gives():
    """DEBATE 5: “if you have a rating of 4, you will have to roll a 2, 3, 8 or 11 to
    win. If your opponent has a rating of 2, he will have to roll a 4 or 10 to win.”"""
    assert TABLES.debate_wins["4"] == [2, 3, 8, 11]
    assert TABLES.debate_wins["2"] == [4, 10]
    assert TABLES.debate_least_risk["4"] == 3


def test_initial_funds_are_both_candidates_financial_support():
    """ADVERTISING 1: “add the Financial Support ratings of both your candidates”."""
    state = given_advanced()
    assert state.funds == (6 + 5, 5 + 6)


def test_advertising_costs_the_states_once_and_the_opponent_replenishes():
    """ADVERTISING 6, 8: the cost per state “is the same whether you cast one Ballot or
    several”; the opponent replenishes the stack “equal to the number of Ballots you cast”."""
    before = given_advanced(roll("Al", "Eastern", 6, 6))
    after = SYSTEM.evolve(before, advertise("Al", "Eastern", 5, "NY", "NY", "PA"))
    betty = before.seat_of("Betty")
    assert after.funds[0] == 11 - 4 - 4 and after.spent[0] == 8
    assert after.undecided == before.undecided
    assert after.decks[betty] < before.decks[betty]  # 3 replenished, then Betty's own refill unchanged
    assert before.decks[betty] - after.decks[betty] == 3
    assert after.record[0][after.board.by_abbr["NY"]] == 2


def test_the_debate_winner_casts_every_risked_ballot_and_may_leave_some_unrecorded():
    """DEBATE 7: “If you win the debate, you cast all risked Ballots. These Ballots
    must be cast in the region in which they were risked but do not have to be
    recorded” (the New York and Nevada example)."""
    before = given_advanced(roll("Al", "Eastern", 3, 4))
    after = SYSTEM.evolve(before, debate(against=("NY", "NV", "IL"), risked=("NJ", "FL", "OH", "CA"), unrecorded=["NY"]))
    new = after.ballots[len(before.ballots):]
    assert len(new) == 7 and {b.party for b in new} == {0}
    assert {before.board.places[b.place].entry.abbr for b in new if not b.recorded} == {"NY"}
    assert after.issues_won(0) == ["Civil Rights"]


def test_a_stalemate_returns_each_debaters_ballots_to_him():
    """DEBATE 6: “If neither rolls his winning number, the issue is stalemated and both
    cast their risked Ballots.”"""
    before = given_advanced(roll("Al", "Eastern", 3, 4))
    after = SYSTEM.evolve(before, debate(dice=(3, 4, 3, 4)))
    new = after.ballots[len(before.ballots):]
    assert sorted(b.party for b in new) == [0, 0, 0, 0, 1, 1, 1]
    assert after.issues_won() == [] and after.debates == (("Civil Rights", None),)


@pytest.mark.parametrize(
    "first, due",
    [
        # 12 Undecided; the Democrats won more debates; the Republicans campaigned in 3 more states.
        pytest.param(True, (3 + 2, 5 + 2), id="the debate winner's five first, then the basic count and deal"),
        pytest.param(False, (3 + 2 + 0, 5 + 2), id="the basic count first, then the debate winner's five"),
    ],
)
def test_the_party_winning_the_most_debates_receives_the_first_five_absentee_ballots(first, due):
    """DEBATE 10: “the party winning the most debates will receive the first five
    Absentee Ballots”; ABSENTEE BALLOTS: “one card for each state more”, the rest dealt."""
    state = given_advanced(debate_absentee_first=first)
    record_ = list(state.record)
    record_[0] = tuple(1 if i < 3 else 0 for i in range(len(state.board.places)))
    state = replace(state, record=tuple(record_), debates=(("Labor", 1), ("Medicare", 1), ("Education", 0)), hands=tuple(replace(h, president=0, vice_president=0) for h in state.hands), undecided=12)
    ended = end_campaign(state)
    assert ended.absentee_due == due and sum(ended.absentee_due) == 12
    assert ended.debate_absentee == (0, 5)


def test_placings_are_listed_first_first():
    state = given_advanced()
    places = [p.place for p in SYSTEM.standings(state).placings]
    assert places == sorted(places)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(four=st.booleans(), mode=st.sampled_from(["popular", "electoral"]), seed=st.integers(0, 2**32 - 1))
def test_random_legal_advanced_campaigns(four, mode, seed):
    """Random legal advanced campaigns (only what `allowed` lists): Ballots conserved
    across the stack, decks, hands and Ballot Box; funds never negative and equal to
    Financial Support + raised - spent; replay equals the states built step by step."""
    players = FOUR if four else TWO
    created = SYSTEM.start(MatchSetup(system="mrpresident", players=players, mode=mode, preset="advanced", options={"ballot_deck_size": 14}))
    actions = play_random(SYSTEM, created, random.Random(seed))
    state = SYSTEM.initial(created)
    for event in actions:
        if isinstance(event, (ev.Advertised, ev.Debated)):
            # Ballots lie face down: no votes for a spectator, all for everyone.
            seen = SYSTEM.redact(state, event, SPECTATOR)
            assert all(b["votes"] is None for key in ("ballots", "risked", "opponent_risked") for b in seen.get(key, []))
            assert SYSTEM.redact(state, event, EVERYONE) == {"type": type(event).__name__, **msgspec.to_builtins(event)}
        state = SYSTEM.evolve(state, event)
        assert min(state.funds) >= 0
        if state.phase != "setup":
            assert cards_in_play(state) == 4 * 14
            for party, ticket in enumerate(state.tickets):
                support = ticket.president.financial_support + ticket.vice_president.financial_support
                assert state.funds[party] == support + state.raised[party] - state.spent[party]
        assert SYSTEM.describe(state, event)
    assert SYSTEM.finished(state)
    assert replay(SYSTEM, created, actions) == state
    standings = SYSTEM.standings(state)
    assert [p.place for p in standings.placings] == sorted(p.place for p in standings.placings)
    assert any("Debates:" in line for line in standings.explanation)

