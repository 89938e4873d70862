"""INCUMBENT YEAR as one match of two games (ruleset.incumbent_year): the first game
played as usual; once its tally elects a President, `IncumbentYearBegun` starts the
second, in which his card runs again (mr-president.md § INCUMBENT YEAR)."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.mrpresident import rules_advanced
from domain.mrpresident.board import MEMBERS, PARTIES
from domain.mrpresident.events import IncumbentYearBegun, RegionCounted
from domain.mrpresident.standings import standings, winner
from domain.mrpresident.state import MatchState
from domain.mrpresident.tally import electoral, evolve_region_counted
from domain.protocol import Choice, IllegalAction, Standings


def elected(state: MatchState) -> int | None:
    """The party whose President the electoral tally of a tallied game elects (None: no one)."""
    tally = electoral(state)
    return winner(state, tally["totals"], tally)[0]


def after_tally(state: MatchState) -> MatchState:
    """A tallied first game of an incumbent year that elected a President waits for
    the second ("elected"); any other tallied game ends the match."""
    if state.phase == "over" and state.created.ruleset.incumbent_year and state.game == 1 and elected(state) is not None:
        return replace(state, phase="elected")
    return state


def evolve_region_counted_then_decided(state: MatchState, event: RegionCounted) -> MatchState:
    """The region counted (tally.py), then, once every region is, the match decided:
    over, or waiting for the incumbent year's second game."""
    return after_tally(evolve_region_counted(state, event))


def check_incumbent_year_begun(state: MatchState, event: IncumbentYearBegun) -> None:
    """mr-president.md § INCUMBENT YEAR: “It is frequently interesting to have the
    winner of one game run for re-election in the following game.” Only after a first
    game that elected him, naming his party and his card."""
    if state.phase != "elected":
        raise IllegalAction("the second game follows a first game that elected a President", rules_advanced.INCUMBENT_SECOND_GAME)
    party = elected(state)
    assert party is not None
    president = state.tickets[party].president.name  # type: ignore[union-attr]
    if (event.party, event.president) != (PARTIES[party], president):
        raise IllegalAction(f"the first game elected {president} of the {MEMBERS[PARTIES[party]]}", rules_advanced.INCUMBENT_CARD)


def evolve_incumbent_year_begun(state: MatchState, event: IncumbentYearBegun) -> MatchState:
    party = PARTIES.index(event.party)
    first = msgspec.to_builtins(standings(state))
    return MatchState(
        step=state.step,
        created=state.created,
        board=state.board,
        party_of=state.party_of,  # the players keep their parties: the winner runs again against the challengers
        game=2,
        in_office=state.tickets[party].president,  # type: ignore[union-attr]
        in_office_party=party,
        first_game=first,
    )


def begin_choices(state: MatchState) -> list[Choice]:
    party = elected(state)
    if state.phase != "elected" or party is None:
        return []
    president = state.tickets[party].president.name  # type: ignore[union-attr]
    return [
        Choice(
            type="IncumbentYearBegun",
            label=f"Begin the incumbent year: {president} runs for re-election",
            event={"type": "IncumbentYearBegun", "party": PARTIES[party], "president": president},
        )
    ]


def match_standings(state: MatchState) -> Standings:
    """Both games in `details.games`; the match's result is the second game's (the text
    does not score the pair: the re-election decides), or the first's when it elected
    no one. While the second game waits, the first game's result stands, not final."""
    found = standings(state)
    if not state.created.ruleset.incumbent_year:
        return found
    this = {"game": state.game, "final": found.final and state.phase == "over", "explanation": found.explanation, "details": found.details}
    if state.game == 1:
        games = [this]
        if state.phase == "elected":
            lines = [f"First game: {found.explanation[0]}", "The second game, the incumbent year, is to follow; it decides the match."]
        elif found.final:
            lines = [f"First game: {found.explanation[0]}", "No one was elected, so no incumbent runs again: the match ends after one game."]
        else:
            lines = ["First game of an incumbent year (two games; the second decides the match)."]
    else:
        first = state.first_game or {}
        games = [{"game": 1, "final": True, "explanation": first.get("explanation", []), "details": first.get("details", {})}, this]
        lines = [f"First game: {(first.get('explanation') or [''])[0]}", f"Second game (the incumbent year, deciding the match): {found.explanation[0]}"]
    return replace(
        found,
        final=state.phase == "over",
        explanation=[*lines, *found.explanation[1:]],
        details={**found.details, "games": games},
    )
