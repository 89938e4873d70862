"""INCUMBENT YEAR (mr-president.md, Electoral Vote Tally only): the second game of
two, as a match naming the party in office and the elected President's card;
given/when/then rows after the parties are drawn (Republicans Al and Carl, Democrats
Betty and Dot)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.mrpresident.board import PARTIES, named, named_boards
from domain.mrpresident.tables import INCUMBENT_EDGE_AT_ZERO, INCUMBENT_SHIFT, from_data, incumbent_edges
from domain.mrpresident.tally import built_in_edge
from domain.protocol import IllegalAction, MatchSetup
from fixtures.random_player import play_random
from tests.domain.harness import params, verify
from tests.support.mrpresident import FOUR, TWO
from tests.support.mrpresident_advanced import CHALLENGERS, DEM, OK, PARTIES_DRAWN, REP, TABLES, dem, given_advanced, row
from tests.support.mrpresident_choices import audit


# INCUMBENT YEAR: the second game of two, the Democrats' Thomas Rourke running again.
INCUMBENT = {"incumbent": "Democratic", "incumbent_president": "Thomas Rourke"}
INCUMBENT_ROWS = [
    row("The challengers may select ... from any of their party's Candidate cards", PARTIES_DRAWN, CHALLENGERS, OK),
    row("The challengers may select ...: no cards are laid out", PARTIES_DRAWN, ev.CandidatesLaidOut(player="Al", cards=REP[:5]), "mrpresident.incumbent.challengers"),
    row(
        "The incumbent announces his choice after the challengers have nominated their candidates",
        PARTIES_DRAWN,
        ev.TicketChosen(party="Democratic", president=dem("Thomas Rourke"), vice_president=dem(DEM[9]), president_player="Betty", vice_president_player="Dot"),
        "mrpresident.incumbent.last",
    ),
    row(
        "the elected President's Candidate card is used again but he may change running mates",
        [*PARTIES_DRAWN, CHALLENGERS],
        ev.TicketChosen(party="Democratic", president=dem("Thomas Rourke"), vice_president=dem(DEM[9]), president_player="Betty", vice_president_player="Dot"),
        OK,
    ),
    row(
        "the elected President's Candidate card is used again: not another",
        [*PARTIES_DRAWN, CHALLENGERS],
        ev.TicketChosen(party="Democratic", president=dem(DEM[9]), vice_president=dem("Thomas Rourke"), president_player="Betty", vice_president_player="Dot"),
        "mrpresident.incumbent.card",
    ),
]


@pytest.mark.parametrize("case", params(INCUMBENT_ROWS))
def test_incumbent_year(case):
    verify(SYSTEM, lambda: given_advanced(*case.given, setup=[], **INCUMBENT, **case.setup), case.when, case.then)


def test_the_incumbents_built_in_edge_replaces_the_boards():
    """INCUMBENT YEAR: “disregard the built-in edge listed on the Tally Board. Instead,
    use the built-in edge for Republican or Democrat (depending on incumbent) as shown
    in storage box lid.”"""
    plain = given_advanced(setup=[])
    incumbent = given_advanced(setup=[], **INCUMBENT)
    for place in plain.board.places:
        assert built_in_edge(plain, place.entry) == (place.entry.edge_party, place.entry.edge_votes)
        signed = TABLES.incumbent_edges["Democratic"][place.entry.abbr]
        assert built_in_edge(incumbent, place.entry) == ("Democratic" if signed > 0 else "Republican", abs(signed))
    # the reconstruction moves every state toward the incumbent
    ny = plain.board.places[plain.board.by_abbr["NY"]].entry
    assert TABLES.incumbent_edges["Democratic"]["NY"] == (ny.edge_votes if ny.edge_party == "Democratic" else -ny.edge_votes) + 2000


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(four=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_an_incumbent_year_driven_only_by_allowed_agrees_with_check(four, seed):
    created = SYSTEM.start(MatchSetup(system="mrpresident", players=FOUR if four else TWO, mode="electoral", preset="advanced", options={**INCUMBENT, "ballot_deck_size": 8}))
    rng = random.Random(seed)
    actions = play_random(SYSTEM, created, rng)
    state = SYSTEM.initial(created)
    for event in actions:
        if rng.random() < 0.2:
            audit(state, rng)
        state = SYSTEM.evolve(state, event)
    assert SYSTEM.finished(state)
    assert state.tickets[1].president.name == "Thomas Rourke"
    assert any("incumbent's built-in edge" in row["reason"] for row in SYSTEM.standings(state).details["electoral"]["states"])


def test_the_docs_state_the_incumbent_edges_the_tables_give():
    """docs/mr-president-advanced.md said the board's edge moves 2,000 votes toward the
    incumbent in every state, where the tables give 500 to the incumbent when that comes
    to 0: by ELECTION TALLY, “One party will have the built-in edge in the state”, so the
    tables are right and the doc says both, with the figures the code uses."""
    doc = (Path(__file__).parents[3] / "docs" / "mr-president-advanced.md").read_text()
    said = re.sub(r"\s+", " ", doc.split("- The incumbent's edges:", 1)[1].split("\n- ", 1)[0])
    assert f"moved {INCUMBENT_SHIFT:,} votes toward the incumbent in every state" in said
    assert f"the incumbent holds an edge of {INCUMBENT_EDGE_AT_ZERO:,}" in said and "One party will have the built-in edge in the state" in said
    at_zero = 0
    for board in named_boards().values():
        edges = incumbent_edges(board)
        for party in PARTIES:
            toward = 1 if party == "Democratic" else -1
            for entry in (e for region in board.regions for e in region.states):
                moved = entry.edge_votes * (1 if entry.edge_party == "Democratic" else -1) + toward * INCUMBENT_SHIFT
                assert edges[party][entry.abbr] == (moved or toward * INCUMBENT_EDGE_AT_ZERO) != 0
                at_zero += not moved
    assert at_zero, "some state of the shipped boards comes to no edge after the shift"


def test_a_matchs_own_incumbent_edges_give_every_state_an_edge():
    """ELECTION TALLY: “One party will have the built-in edge in the state”: tables that
    give the incumbent's party no edge (0) in a state are refused, as a board's are."""
    data = msgspec.to_builtins(TABLES)
    data["incumbent_edges"]["Democratic"]["NY"] = 0
    with pytest.raises(IllegalAction) as refusal:
        from_data(data, named("1964"))
    assert refusal.value.rule.id == "mrpresident.tally.edge.every-state" and "New York" in str(refusal.value)
