"""The rules each check of the advanced game may cite, per action type: what the
guide (guide.py's CHECKED) declares for the advanced actions, and what it adds to the
basic actions' lists now that the advanced game reaches them."""

from __future__ import annotations

from domain.mrpresident import rules_advanced as adv
from domain.mrpresident import events as ev
from domain.mrpresident import rules
from domain.protocol import Rule

_EVERY = (rules.MAJORITY, rules.POPULAR_WIN)
_NOMINATING = (*_EVERY, rules.ADVANCED, rules.PARTY_LOT, rules.PLAYERS, adv.INCUMBENT_CHALLENGERS)
# A turn after the roll (campaign.require_turn), fund raising announced or not.
_TURN = (*_EVERY, rules.PLAYERS, rules.FIRST_PLAYER, rules.ORDER_FOUR, rules.ORDER_TWO, rules.CAMPAIGN_END, rules.REGION)
_AFTER_ROLL = (*_TURN, rules.HQ_ROLL, rules.HQ_CARD, adv.FUND_ANNOUNCE, adv.FUND_STATE)

ADVANCED_CHECKED: dict[type, tuple[Rule, ...]] = {
    ev.CandidatesLaidOut: (*_NOMINATING, adv.NOMINATION_FOUR, adv.NOMINATION_TWO),
    ev.CandidatePicked: (*_NOMINATING, adv.NOMINATION_FOUR, adv.NOMINATION_PICK, adv.NOMINATION_TWO_PICK),
    ev.Advertised: (
        *_AFTER_ROLL,
        rules.ADVANCED,
        rules.LIMIT,
        rules.VOTES,
        rules.SEAL,
        adv.ADVERTISE_ROLL,
        adv.ADVERTISE_REGION,
        adv.ADVERTISE_HOME_STRETCH,
        adv.ADVERTISE_RATING,
        adv.ADVERTISE_REPLENISH,
        adv.ADVERTISE_ONCE,
        adv.ADVERTISE_COST,
    ),
    ev.FundsRaised: (*_AFTER_ROLL, adv.FUND_ONCE, adv.FUND_CHART),
    ev.IncumbentYearBegun: (*_EVERY, adv.INCUMBENT_SECOND_GAME, adv.INCUMBENT_CARD),
    ev.Debated: (
        *_AFTER_ROLL,
        rules.ADVANCED,
        rules.HOLD,
        rules.SEAL,
        rules.VOTES,
        adv.DEBATE_ROLL_FIRST,
        adv.DEBATE_ISSUES,
        adv.DEBATE_ISSUE,
        adv.DEBATE_WHO,
        adv.DEBATE_OPPONENT,
        adv.DEBATE_CHALLENGER,
        adv.DEBATE_RATING,
        adv.DEBATE_RISK,
        adv.DEBATE_HOME_STATE,
        adv.DEBATE_ROLL,
        adv.DEBATE_CAST,
    ),
}

# What the advanced game adds to the basic actions' lists.
BASIC_ADDITIONS: dict[type, tuple[Rule, ...]] = {
    ev.TicketChosen: (
        rules.ADVANCED,
        adv.NOMINATION_PICK,
        adv.NOMINATION_WINNER,
        adv.NOMINATION_MATE,
        adv.NOMINATION_TWO,
        adv.NOMINATION_TWO_PICK,
        adv.INCUMBENT_CARD,
        adv.INCUMBENT_LAST,
        adv.INCUMBENT_CHALLENGERS,
    ),
    ev.DiceRolled: (rules.ADVANCED, adv.FUND_ANNOUNCE),
    # HOLD: check_hand's refusal, which the basic fixtures never provoked and the advanced ones do.
    ev.BallotsCast: (adv.FUND_STATE, rules.HOLD),
    ev.HeadquartersVisited: (adv.FUND_STATE,),
}

# An incumbent year's first game decided: every action but IncumbentYearBegun waits (system.check).
EVERY_ADDITION: tuple[Rule, ...] = (adv.INCUMBENT_SECOND_GAME,)
