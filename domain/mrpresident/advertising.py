"""ADVERTISING and FUND RAISING (mr-president.md § ADVANCED GAME): Ballots from the
Undecided Voter stack bought with the party's funds, and funds raised in a state
located by the dice, by the Fund Raising Chart."""

from __future__ import annotations

from msgspec.structs import replace

from domain.mrpresident import rules_advanced, rules
from domain.mrpresident.board import MEMBERS, PARTIES
from domain.mrpresident.campaign import (
    check_limits,
    check_on_board,
    check_votes,
    end_turn,
    put_in_box,
    require_turn,
)
from domain.mrpresident.events import Advertised, FundsRaised
from domain.mrpresident.state import MatchState
from domain.protocol import IllegalAction

LEAST_FUNDS = 1  # “have at least $1 million in available advertising funds”


def lucky(dice) -> bool:
    """A roll of 7 or doubles (advertising and debating)."""
    return sum(dice) == 7 or dice[0] == dice[1]


def advertising_rating(state: MatchState, seat: int) -> int:
    """“Check your Advertising rating” (two players: “always use the higher of your two”)."""
    return max(card.advertising for card in state.seats[seat].cards)


def fund_raising_rating(state: MatchState, seat: int) -> int:
    return max(card.fund_raising for card in state.seats[seat].cards)


def ballots_drawn(state: MatchState, seat: int) -> int:
    return min(advertising_rating(state, seat), state.undecided)


def cost_of(state: MatchState, abbrs) -> int:
    """ADVERTISING 8: “The cost per state is the same whether you cast one Ballot or several”."""
    return sum(state.board.places[state.board.by_abbr[a]].entry.advertising_cost for a in set(abbrs))


def with_party(pair: tuple, party: int, value) -> tuple:
    return (value, pair[1]) if party == 0 else (pair[0], value)


def check_advertised(state: MatchState, event: Advertised) -> None:
    """mr-president.md § ADVERTISING: “you may advertise in this region rather than
    campaign if you roll 7 or doubles and have at least $1 million”; as many Ballots
    from the Undecided Voter stack as the Advertising rating; cast “in the selected
    region”, “only advertise once in a state”, within the limits, no more than the
    opponent can replenish, paid from the funds."""
    if not state.created.ruleset.advertising:
        raise IllegalAction("this match's ruleset leaves Advertising off", rules.ADVANCED)
    seat = require_turn(state, event.player)
    turn = state.turn
    assert turn is not None
    party = state.seats[seat].party
    if not lucky(turn.dice):
        raise IllegalAction(f"a roll of {turn.dice[0]} and {turn.dice[1]} is neither 7 nor doubles", rules_advanced.ADVERTISE_ROLL)
    if state.funds[party] < LEAST_FUNDS:
        raise IllegalAction(f"the {MEMBERS[PARTIES[party]]} have ${state.funds[party]} million, less than $1 million", rules_advanced.ADVERTISE_ROLL)
    region = state.board.by_region.get(event.region)
    if region is None or region not in turn.regions:
        rule = rules_advanced.ADVERTISE_HOME_STRETCH if len(turn.regions) > 1 else rules_advanced.ADVERTISE_REGION
        raise IllegalAction(f"advertise in the region declared, not {event.region!r}", rule)
    drawn = ballots_drawn(state, seat)
    if event.drawn != drawn:
        raise IllegalAction(f"{event.player} draws {drawn} Ballots (the Advertising rating), not {event.drawn}", rules_advanced.ADVERTISE_RATING)
    if len(event.ballots) > drawn:
        raise IllegalAction(f"{event.player} drew only {drawn} Ballots", rules_advanced.ADVERTISE_RATING)
    opponent = state.opponent(seat)
    if len(event.ballots) > state.decks[opponent]:
        raise IllegalAction(f"{state.players[opponent]}'s deck can replenish only {state.decks[opponent]} Ballots", rules_advanced.ADVERTISE_REPLENISH)
    check_votes(event.ballots)
    check_on_board(state, event.ballots, rules_advanced.ADVERTISE_REGION)
    for ballot in event.ballots:
        place = state.board.by_abbr[ballot.state]
        if state.board.places[place].region != region or ballot.home_state_card:
            raise IllegalAction(f"{ballot.state} is not in the {event.region} region", rules_advanced.ADVERTISE_REGION)
        if place in state.advertised[party]:
            raise IllegalAction(f"the {MEMBERS[PARTIES[party]]} have advertised in {ballot.state} already", rules_advanced.ADVERTISE_ONCE)
    check_limits(state, party, event.ballots)
    cost = cost_of(state, [b.state for b in event.ballots])
    if cost > state.funds[party]:
        raise IllegalAction(f"advertising there costs ${cost} million; the funds hold ${state.funds[party]} million", rules_advanced.ADVERTISE_COST)


def evolve_advertised(state: MatchState, event: Advertised) -> MatchState:
    seat = state.current
    assert seat is not None
    party = state.seats[seat].party
    opponent = state.opponent(seat)
    cost = cost_of(state, [b.state for b in event.ballots])
    places = frozenset(state.board.by_abbr[b.state] for b in event.ballots)
    state = replace(
        state,
        funds=with_party(state.funds, party, state.funds[party] - cost),
        spent=with_party(state.spent, party, state.spent[party] + cost),
        advertised=with_party(state.advertised, party, state.advertised[party] | places),
        # The uncast Ballots go back under the stack and the opponent replaces the cast
        # ones from his deck: the stack keeps its size, his deck shrinks.
        decks=state.decks[:opponent] + (state.decks[opponent] - len(event.ballots),) + state.decks[opponent + 1 :],
    )
    state = put_in_box(state, event.player, party, event.ballots, "advertising")
    return end_turn(state, seat)


def open_fund_states(state: MatchState, seat: int) -> list[int]:
    """The states the roll located where the party has not raised funds yet."""
    turn = state.turn
    assert turn is not None
    party = state.seats[seat].party
    return sorted(turn.reach - state.fund_states[party])


def check_funds_raised(state: MatchState, event: FundsRaised) -> None:
    """mr-president.md § FUND RAISING: “At the beginning of your turn, announce your
    intention of raising funds and select a region.” “You must select one of these
    states”; the Chart by the state's electoral votes and the Fund Raising rating;
    “A party may only raise funds once in a state.”"""
    seat = require_turn(state, event.player, raising_funds=True)
    turn = state.turn
    assert turn is not None and state.tables is not None
    party = state.seats[seat].party
    if not event.state:
        if open_fund_states(state, seat):
            raise IllegalAction("select one of the three states located", rules_advanced.FUND_STATE)
        if event.amount or event.chart_dice:
            raise IllegalAction("no state is open to fund raising: nothing is raised", rules_advanced.FUND_ONCE)
        return
    place = state.board.by_abbr.get(event.state)
    if place is None or place not in turn.reach:
        raise IllegalAction(f"a roll of {turn.dice[0]} and {turn.dice[1]} does not locate {event.state}", rules_advanced.FUND_STATE)
    if place in state.fund_states[party]:
        raise IllegalAction(f"the {MEMBERS[PARTIES[party]]} have raised funds in {event.state} already", rules_advanced.FUND_ONCE)
    if len(event.chart_dice) != 2 or not all(1 <= d <= 6 for d in event.chart_dice):
        raise IllegalAction(f"roll the dice again: record both, each 1 to 6 (got {event.chart_dice})", rules_advanced.FUND_CHART)
    entry = state.board.places[place].entry
    amount = state.tables.fund_raising_amount(entry.electoral_votes, sum(event.chart_dice), fund_raising_rating(state, seat))
    if event.amount != amount:
        raise IllegalAction(
            f"the Chart gives ${amount} million for {entry.electoral_votes} electorals, a roll of {sum(event.chart_dice)} "
            f"and Fund Raising rating {fund_raising_rating(state, seat)}, not ${event.amount} million",
            rules_advanced.FUND_CHART,
        )


def evolve_funds_raised(state: MatchState, event: FundsRaised) -> MatchState:
    seat = state.current
    assert seat is not None
    party = state.seats[seat].party
    if event.state:
        state = replace(
            state,
            funds=with_party(state.funds, party, state.funds[party] + event.amount),
            raised=with_party(state.raised, party, state.raised[party] + event.amount),
            fund_states=with_party(state.fund_states, party, state.fund_states[party] | {state.board.by_abbr[event.state]}),
        )
    return end_turn(state, seat)
