"""`CHECKS`: the rules that forbid an action. Each event type's check lives with its
rule group (setup.py, nomination.py, campaign.py, headquarters.py, ...); `CHECKS`
names it (domain/system_base.py dispatches), and `check_phase`, run before it,
refuses anything once the election is decided."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.mrpresident import absentee, advertising, campaign, debate, headquarters, incumbent_year, nomination, rules, rules_advanced, setup, tally
from domain.mrpresident import events as ev
from domain.mrpresident.state import MatchState
from domain.protocol import IllegalAction

# The check of each action.
CHECKS: dict[type, Callable[[MatchState, Any], None]] = {
    ev.PartiesDrawn: setup.check_parties_drawn,
    ev.CandidatesLaidOut: nomination.check_candidates_laid_out,
    ev.CandidatePicked: nomination.check_candidate_picked,
    ev.TicketChosen: setup.check_ticket_chosen,
    ev.UndecidedVotersSetAside: setup.check_undecided_set_aside,
    ev.FirstPlayerRolled: setup.check_first_player,
    ev.DiceRolled: campaign.check_dice_rolled,
    ev.BallotsCast: campaign.check_ballots_cast,
    ev.HeadquartersVisited: headquarters.check_headquarters_visited,
    ev.RumorDrawn: headquarters.check_rumor_drawn,
    ev.RumorBallotsGiven: headquarters.check_rumor_ballots_given,
    ev.PressEndorsed: headquarters.check_press_endorsed,
    ev.BulletinDrawn: headquarters.check_bulletin_drawn,
    ev.HeadquartersCardDrawn: headquarters.check_headquarters_card,
    ev.Advertised: advertising.check_advertised,
    ev.FundsRaised: advertising.check_funds_raised,
    ev.Debated: debate.check_debated,
    ev.AbsenteeBallotsCast: absentee.check_absentee_ballots_cast,
    ev.RegionCounted: tally.check_region_counted,
    ev.IncumbentYearBegun: incumbent_year.check_incumbent_year_begun,
}


def check_phase(state: MatchState, event: msgspec.Struct) -> None:
    """Nothing is recorded once the election is decided (mr-president.md § ELECTION
    TALLY), and after a first game that elected a President only the incumbent year's
    second game begins (§ INCUMBENT YEAR)."""
    if state.phase == "over":
        raise IllegalAction("the election is decided", rules.POPULAR_WIN if state.created.mode == "popular" else rules.MAJORITY)
    if state.phase == "elected" and not isinstance(event, ev.IncumbentYearBegun):
        raise IllegalAction("the first game is decided: the incumbent year begins next", rules_advanced.INCUMBENT_SECOND_GAME)

