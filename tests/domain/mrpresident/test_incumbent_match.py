"""INCUMBENT YEAR as one match of two games (ruleset.incumbent_year, mr-president.md
§ INCUMBENT YEAR): given/when/then rows, the nomination settled by dice listed by
`allowed`, and random legal two-game matches driven only by `allowed`."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.fold import record, replay
from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.mrpresident.tally import built_in_edge
from domain.protocol import SPECTATOR, IllegalAction, MatchSetup
from fixtures.random_player import build, play_random
from tests.domain.harness import Case, params, verify
from tests.support.mrpresident import FOUR, TWO
from tests.support.mrpresident_advanced import NOMINATION, OK, REP, TABLES, dem, given_advanced, outcome, rep
from tests.support.mrpresident_choices import audit

YEAR = {"incumbent_year": True, "ballot_deck_size": 8}


def created(players=FOUR, preset="basic", mode="electoral"):
    return SYSTEM.start(MatchSetup(system="mrpresident", players=players, mode=mode, preset=preset, options=YEAR))


@cache
def first_game_decided(seed: int = 1):
    """A four-player basic first game played at random up to its tally (the state
    waiting for the second game) and the event that begins it."""
    match = created()
    actions = play_random(SYSTEM, match, random.Random(seed))
    at = next(i for i, a in enumerate(actions) if isinstance(a, ev.IncumbentYearBegun))
    return record(SYSTEM, SYSTEM.initial(match), actions[:at]), actions[at]


def test_an_incumbent_year_in_popular_play_is_refused():
    """INCUMBENT YEAR (Electoral Vote Tally only): “The first game is played in the
    usual manner using the electoral vote tally.”"""
    with pytest.raises(IllegalAction) as refused:
        created(mode="popular")
    assert refused.value.rule.id == "mrpresident.incumbent.electoral"


def begun_as(change: str):
    """The event that begins the second game, changed as a row says."""
    _, begun = first_game_decided()
    other = "Democratic" if begun.party == "Republican" else "Republican"
    return {
        "as recorded": begun,
        "the other party": ev.IncumbentYearBegun(party=other, president=begun.president),
        "another card": ev.IncumbentYearBegun(party=begun.party, president="Nobody"),
        "another action": ev.UndecidedVotersSetAside(count=12),
    }[change]


SECOND_GAME_ROWS = [
    # given the first game, when the action, then the outcome
    Case("It is frequently interesting to have the winner of one game run for re-election in the following game", "tallied", "as recorded", OK),
    Case("the elected President's Candidate card is used again: not the loser's party", "tallied", "the other party", "mrpresident.incumbent.card"),
    Case("the elected President's Candidate card is used again: not another card", "tallied", "another card", "mrpresident.incumbent.card"),
    Case("in the following game: nothing else before it begins", "tallied", "another action", "mrpresident.incumbent.second_game"),
    Case("the winner of one game: not before the first game is tallied", "not begun", "as recorded", "mrpresident.incumbent.second_game"),
]


@pytest.mark.parametrize("case", params(SECOND_GAME_ROWS))
def test_the_second_game_begins_once_the_first_has_elected_a_president(case):
    state = first_game_decided()[0] if case.given == "tallied" else SYSTEM.initial(created())
    verify(SYSTEM, state, begun_as(case.when), case.then)


def test_the_first_game_decided_waits_for_the_second():
    state, begun = first_game_decided()
    assert state.phase == "elected" and not SYSTEM.finished(state)
    assert [c.type for c in SYSTEM.allowed(state)] == ["IncumbentYearBegun"]
    standing = SYSTEM.standings(state)
    assert not standing.final and "incumbent year, is to follow" in standing.explanation[1]
    assert [g["game"] for g in standing.details["games"]] == [1]


def test_in_the_second_game_the_elected_presidents_card_runs_again_after_the_challengers():
    """“In the second game, the elected President's Candidate card is used again but he
    may change running mates” “The incumbent announces his choice after the challengers
    have nominated their candidates.” “The challengers may select ... from any of their
    party's Candidate cards.” The edge: “use the built-in edge for Republican or Democrat
    (depending on incumbent) as shown in storage box lid.”"""
    state, begun = first_game_decided()
    second = SYSTEM.evolve(state, begun)
    assert second.game == 2 and second.party_of == state.party_of and second.tickets == (None, None)
    assert SYSTEM.view(second, SPECTATOR)["incumbent"] == {"party": begun.party, "president": begun.president}
    assert SYSTEM.view(state, SPECTATOR)["incumbent"] is None
    incumbent = ("Republican", "Democratic").index(begun.party)
    won_with = state.tickets[incumbent]
    challengers = ("Republican", "Democratic")[1 - incumbent]
    deck = [c.name for c in TABLES.candidates[challengers]]
    card = rep if challengers == "Republican" else dem
    members = [p for p, party in zip(second.players, second.party_of) if party == 1 - incumbent]
    mine = [p for p, party in zip(second.players, second.party_of) if party == incumbent]
    own = [c for c in TABLES.candidates[begun.party]][:2]
    again = ev.TicketChosen(party=begun.party, president=won_with.president, vice_president=own[1], president_player=mine[1], vice_president_player=mine[0])
    assert outcome(second, again) == "mrpresident.incumbent.last"
    ticket = ev.TicketChosen(party=challengers, president=card(deck[5]), vice_president=card(deck[9]), president_player=members[1], vice_president_player=members[0])
    assert outcome(second, ticket) == OK
    named = SYSTEM.evolve(second, ticket)
    assert outcome(named, again) == OK
    rival = ev.TicketChosen(party=begun.party, president=own[0], vice_president=own[1], president_player=mine[0], vice_president_player=mine[1])
    assert outcome(named, rival) in ("mrpresident.incumbent.card", "mrpresident.incumbent.challengers")
    entry = second.board.places[0].entry
    signed = TABLES.incumbent_edges[begun.party][entry.abbr]
    assert built_in_edge(second, entry) == ("Democratic" if signed > 0 else "Republican", abs(signed))
    assert built_in_edge(state, entry) == (entry.edge_party, entry.edge_votes)


def test_a_nomination_settled_by_dice_is_listed_when_the_effective_totals_tie():
    """NOMINATION: “If no agreement is reached, candidate with the higher Effective Total
    wins the nomination; if Totals are equal, dice are rolled”."""
    assert TABLES.card(0, REP[1]).effective_total == TABLES.card(0, REP[2]).effective_total
    laid = [
        ev.PartiesDrawn(republican=["Al", "Carl"], democratic=["Betty", "Dot"]),
        ev.CandidatesLaidOut(player="Al", cards=[REP[1], REP[0], REP[3], REP[4], REP[5]]),
        ev.CandidatesLaidOut(player="Carl", cards=[REP[2], REP[6], REP[7], REP[8], REP[9]]),
        *NOMINATION[3:5],  # the Democrats' cards: nobody picks before every card is laid out
        ev.CandidatePicked(player="Carl", card=REP[2]),
    ]
    tied = given_advanced(*laid, ev.CandidatePicked(player="Al", card=REP[1]), setup=[])
    dice = [c for c in SYSTEM.allowed(tied) if c.event.get("settled") == "dice"]
    assert {c.event["president_player"] for c in dice} == {"Al", "Carl"} and len(dice) == 20
    rng = random.Random(5)
    for choice in dice:
        SYSTEM.check(tied, build(SYSTEM, tied, choice, rng))
    untied = given_advanced(*laid, ev.CandidatePicked(player="Al", card=REP[0]), setup=[])
    assert not [c for c in SYSTEM.allowed(untied) if c.event.get("settled") == "dice"]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(four=st.booleans(), preset=st.sampled_from(["basic", "advanced"]), seed=st.integers(0, 2**32 - 1))
def test_a_random_two_game_incumbent_match_driven_only_by_allowed_agrees_with_check(four, preset, seed):
    match = created(FOUR if four else TWO, preset)
    rng = random.Random(seed)
    actions = play_random(SYSTEM, match, rng, steps=6000)
    state = SYSTEM.initial(match)
    for event in actions:
        if rng.random() < 0.1:
            audit(state, rng)
        state = SYSTEM.evolve(state, event)
    assert SYSTEM.finished(state) and SYSTEM.allowed(state) == []
    assert replay(SYSTEM, match, actions) == state
    standing = SYSTEM.standings(state)
    begun = [a for a in actions if isinstance(a, ev.IncumbentYearBegun)]
    assert len(standing.details["games"]) == 1 + len(begun) and standing.final
    if begun:
        party = ("Republican", "Democratic").index(begun[0].party)
        assert state.game == 2 and state.tickets[party].president.name == begun[0].president
        assert standing.explanation[1].startswith("Second game")
