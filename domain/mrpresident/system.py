"""The Mr. President game system: the protocol's functions, dispatching each event
type to its check and its evolve."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.mrpresident import absentee, advertising, campaign, choices, debate, headquarters, incumbent_year, nomination, rules, setup, tally
from domain.mrpresident import advanced_rules
from domain.mrpresident import events as ev
from domain.mrpresident.ruleset import PRESETS
from domain.mrpresident.state import MatchState
from domain.mrpresident.views import redact, view
from domain.mrpresident.words import describe
from domain.protocol import SPECTATOR, Choice, IllegalAction, MatchSetup, Perspective


RULES: dict[type, tuple[Callable[[MatchState, Any], None], Callable[[MatchState, Any], MatchState]]] = {
    ev.PartiesDrawn: (setup.check_parties_drawn, setup.evolve_parties_drawn),
    ev.CandidatesLaidOut: (nomination.check_candidates_laid_out, nomination.evolve_candidates_laid_out),
    ev.CandidatePicked: (nomination.check_candidate_picked, nomination.evolve_candidate_picked),
    ev.TicketChosen: (setup.check_ticket_chosen, setup.evolve_ticket_chosen),
    ev.UndecidedVotersSetAside: (setup.check_undecided_set_aside, setup.evolve_undecided_set_aside),
    ev.FirstPlayerRolled: (setup.check_first_player, setup.evolve_first_player),
    ev.DiceRolled: (campaign.check_dice_rolled, campaign.evolve_dice_rolled),
    ev.BallotsCast: (campaign.check_ballots_cast, campaign.evolve_ballots_cast),
    ev.HeadquartersVisited: (headquarters.check_headquarters_visited, headquarters.evolve_headquarters_visited),
    ev.RumorDrawn: (headquarters.check_rumor_drawn, headquarters.evolve_rumor_drawn),
    ev.RumorBallotsGiven: (headquarters.check_rumor_ballots_given, headquarters.evolve_rumor_ballots_given),
    ev.PressEndorsed: (headquarters.check_press_endorsed, headquarters.evolve_press_endorsed),
    ev.BulletinDrawn: (headquarters.check_bulletin_drawn, headquarters.evolve_card_effects),
    ev.HeadquartersCardDrawn: (headquarters.check_headquarters_card, headquarters.evolve_card_effects),
    ev.Advertised: (advertising.check_advertised, advertising.evolve_advertised),
    ev.FundsRaised: (advertising.check_funds_raised, advertising.evolve_funds_raised),
    ev.Debated: (debate.check_debated, debate.evolve_debated),
    ev.AbsenteeBallotsCast: (absentee.check_absentee_ballots_cast, absentee.evolve_absentee_ballots_cast),
    ev.RegionCounted: (tally.check_region_counted, tally.evolve_region_counted),
    ev.IncumbentYearBegun: (incumbent_year.check_incumbent_year_begun, incumbent_year.evolve_incumbent_year_begun),
}


class MrPresident:
    name = "mrpresident"
    title = "Mr. President"
    presets = PRESETS
    created_type = ev.MatchCreated
    action_types = ev.ACTION_TYPES

    def start(self, setup_: MatchSetup) -> ev.MatchCreated:
        return setup.start(setup_)

    def initial(self, created: ev.MatchCreated) -> MatchState:
        return setup.initial(created)

    def check(self, state: MatchState, event: msgspec.Struct) -> None:
        rule = RULES.get(type(event))
        if rule is None:
            raise IllegalAction(f"{type(event).__name__} is not a Mr. President event", rules.UNKNOWN_EVENT)
        if state.phase == "over":
            raise IllegalAction("the election is decided", rules.POPULAR_WIN if state.created.mode == "popular" else rules.MAJORITY)
        if state.phase == "elected" and not isinstance(event, ev.IncumbentYearBegun):
            raise IllegalAction("the first game is decided: the incumbent year begins next", advanced_rules.INCUMBENT_SECOND_GAME)
        rule[0](state, event)

    def evolve(self, state: MatchState, event: msgspec.Struct) -> MatchState:
        return incumbent_year.after_tally(RULES[type(event)][1](state, event))

    def view(self, state: MatchState, perspective) -> dict[str, Any]:
        return view(state, perspective)

    def redact(self, state: MatchState, event: msgspec.Struct, perspective) -> dict[str, Any]:
        return redact(state, event, perspective)

    def standings(self, state: MatchState):
        return incumbent_year.match_standings(state)

    def describe(self, state: MatchState, event: msgspec.Struct, after: MatchState | None = None, perspective: Perspective = SPECTATOR) -> str:
        return describe(state, event, perspective)

    def allowed(self, state: MatchState) -> list[Choice]:
        if state.phase == "elected":
            return incumbent_year.begin_choices(state)
        return choices.allowed(state)

    def finished(self, state: MatchState) -> bool:
        return state.phase == "over"

    def players(self, state: MatchState) -> Sequence[str]:
        return state.players


SYSTEM = MrPresident()
