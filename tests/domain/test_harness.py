"""The rule-table harness (tests/domain/harness.py) fails a row whose outcome differs from its `then`: a
refusal by another rule, an acceptance where a refusal was stated (and the reverse), a fact that does not
hold after the action. Asked of Presidential Bid, whose matches are the quickest to build."""

from __future__ import annotations

import pytest

from domain.bid import SYSTEM
from domain.bid.events import Bid, BidsRevealed, DistrictRevealed
from domain.protocol import MatchSetup
from tests.domain.harness import OK, Case, Events, Refused, accepted, cases, fact, params, verify

CREATED = SYSTEM.start(MatchSetup(system="bid", players=["Al", "Betty"]))
UP = Events(CREATED, [DistrictRevealed(district="7C")])
BETTY_WINS = BidsRevealed(bids=(Bid(player="Al", card="9H"), Bid(player="Betty", card="QS")))


def test_an_accepted_action_is_applied_and_its_facts_checked():
    after = verify(SYSTEM, Events(CREATED), DistrictRevealed(district="7C"), accepted(up="7C", step=2))
    assert after.up == "7C"


@pytest.mark.parametrize(
    "given, when, then, says",
    [
        pytest.param(UP, DistrictRevealed(district="8C"), "bid.clubs", "refused by bid.district-up", id="another rule refuses it"),
        pytest.param(UP, DistrictRevealed(district="8C"), OK, "refused by bid.district-up", id="refused where accepted was stated"),
        pytest.param(Events(CREATED), DistrictRevealed(district="7C"), "bid.clubs", "was accepted", id="accepted where refused was stated"),
        pytest.param(Events(CREATED), DistrictRevealed(district="7C"), accepted(up="8C"), "up is '7C', not '8C'", id="a stated fact does not hold"),
        pytest.param(UP, BETTY_WINS, accepted({"districts.0.winner": lambda winner: winner == "Al"}), "which fails", id="a stated predicate does not hold"),
        pytest.param(None, MatchSetup(system="bid", players=["Al"]), OK, "refused by bid.players", id="a setup refused where accepted was stated"),
    ],
)
def test_a_row_that_does_not_hold_fails(given, when, then, says):
    with pytest.raises(AssertionError) as failed:
        verify(SYSTEM, given, when, then)
    assert says in str(failed.value)


def test_a_row_written_as_a_tuple_becomes_a_case():
    [case] = cases([("play: a card up", {"x": 1}, [], "up 7C", "bid.clubs")], "name options given when then")
    assert case == Case("play: a card up", [], "up 7C", Refused("bid.clubs"), setup={"options": {"x": 1}})
    assert [param.id for param in params([case])] == ["play: a card up"]


def test_a_fact_path_walks_attributes_keys_and_indexes():
    after = verify(SYSTEM, UP, BETTY_WINS, OK)
    assert fact(after, "match.players.1.player") == "Betty"
    assert fact(after, "districts.-1.bids.0.card") == "9H"
