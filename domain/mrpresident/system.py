"""The Mr. President game system: the protocol over this package, and `EVOLVERS`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.mrpresident import guide as declared, notation as written, option_words, random_fill
from domain.mrpresident.actors import actors
from domain.mrpresident import absentee, advertising, campaign, choices, debate, headquarters, incumbent_year, nomination, setup
from domain.mrpresident.checks import CHECKS, check_phase
from domain.mrpresident import events as ev
from domain.mrpresident.rules import UNKNOWN_EVENT
from domain.mrpresident.ruleset import PRESETS
from domain.mrpresident.state import MatchState
from domain.mrpresident.views import redact, view, viewer
from domain.mrpresident.words import describe
from domain.protocol import SPECTATOR, Choice, MatchSetup, Perspective
from domain.system_base import SystemBase


# The evolver of each action. They live with their checks in the rule groups, which import
# state.py, so the table is here rather than in state.py.
EVOLVERS: dict[type, Callable[[MatchState, Any], MatchState]] = {
    ev.PartiesDrawn: setup.evolve_parties_drawn,
    ev.CandidatesLaidOut: nomination.evolve_candidates_laid_out,
    ev.CandidatePicked: nomination.evolve_candidate_picked,
    ev.TicketChosen: setup.evolve_ticket_chosen,
    ev.UndecidedVotersSetAside: setup.evolve_undecided_set_aside,
    ev.FirstPlayerRolled: setup.evolve_first_player,
    ev.DiceRolled: campaign.evolve_dice_rolled,
    ev.BallotsCast: campaign.evolve_ballots_cast,
    ev.HeadquartersVisited: headquarters.evolve_headquarters_visited,
    ev.RumorDrawn: headquarters.evolve_rumor_drawn,
    ev.RumorBallotsGiven: headquarters.evolve_rumor_ballots_given,
    ev.PressEndorsed: headquarters.evolve_press_endorsed,
    ev.BulletinDrawn: headquarters.evolve_card_effects,
    ev.HeadquartersCardDrawn: headquarters.evolve_card_effects,
    ev.Advertised: advertising.evolve_advertised,
    ev.FundsRaised: advertising.evolve_funds_raised,
    ev.Debated: debate.evolve_debated,
    ev.AbsenteeBallotsCast: absentee.evolve_absentee_ballots_cast,
    ev.RegionCounted: incumbent_year.evolve_region_counted_then_decided,
    ev.IncumbentYearBegun: incumbent_year.evolve_incumbent_year_begun,
}


class MrPresident(SystemBase[MatchState, ev.Action]):
    name = "mrpresident"
    title = "Mr. President"
    presets = PRESETS
    setup_words = option_words.WORDS  # the new-match form in people's words
    notation = written
    guide = declared
    supply_at_random = staticmethod(random_fill.supply)
    created_type = ev.MatchCreated
    action_types = ev.ACTION_TYPES
    checks = CHECKS
    evolvers = EVOLVERS
    unknown_event = UNKNOWN_EVENT

    def start(self, setup_: MatchSetup) -> ev.MatchCreated:
        return setup.start(setup_)

    def check_created(self, created: ev.MatchCreated) -> None:
        setup.check_created(created)

    def initial(self, created: ev.MatchCreated) -> MatchState:
        return setup.initial(created)

    def check_every(self, state: MatchState, event: msgspec.Struct) -> None:
        check_phase(state, event)

    def view(self, state: MatchState, perspective) -> dict[str, Any]:
        return view(state, perspective)

    def viewer(self, perspective: Perspective) -> Callable[[MatchState], dict[str, Any]]:
        return viewer(perspective)

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

    def actors(self, current: MatchState, event: msgspec.Struct) -> tuple[str, ...]:
        return actors(current, event)

    def players(self, state: MatchState) -> Sequence[str]:
        return state.players


SYSTEM = MrPresident()
