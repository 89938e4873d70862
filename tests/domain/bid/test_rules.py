"""Rule tables for `check`: given the events so far, when an action is recorded,
then it is accepted (None) or refused by the rule named."""

from __future__ import annotations

import pytest

from domain.bid import SYSTEM
from domain.bid.events import DistrictRevealed
from domain.protocol import IllegalAction, MatchSetup, Rule

THREE = ("Al", "Betty", "Cy")

TWO_PLAYER_ROWS = [
    pytest.param([], "up 7C", None, id="play: the top card of the club draw pile is drawn and displayed"),
    pytest.param([], "up 7H", "bid.clubs", id="setup: the clubs are the draw pile, a heart is no district"),
    pytest.param([], "up 1C", "bid.deck", id="header: 52 card deck, there is no 1 of clubs"),
    pytest.param(["round 7C Al 9H Betty QS"], "up 7C", "bid.clubs", id="setup: each club is in the pile once, a district revealed twice"),
    pytest.param(["up 7C"], "up 8C", "bid.district-up", id="play: the district now up for bid is bid for before another is drawn"),
    pytest.param([], "show Al 9H Betty QS", "bid.district-up", id="play: bids before a district is up"),
    pytest.param(["up 7C"], "show Al 9H Betty QS", None, id="play: each player shows a card from their hand"),
    pytest.param(["up 7C"], "show Betty QS Al 9H", None, id="play: shown simultaneously, so in any order"),
    pytest.param(["up 7C"], "show Al 9S Betty QS", "bid.suits", id="setup: a card not in the bidder's suit"),
    pytest.param(["up 7C"], "show Al 9C Betty QS", "bid.suits", id="setup: clubs are districts, nobody's hand"),
    pytest.param(["up 7C"], "show Al XH Betty QS", "bid.deck", id="header: a card that is not in the deck"),
    pytest.param(["round 7C Al 9H Betty QS", "up 8C"], "show Al 9H Betty KS", "bid.show", id="play: a card used twice is no longer in the hand"),
    pytest.param(["round 7C Al 9H Betty QS", "up 8C"], "show Al 10H Betty QS", "bid.show", id="play: the loser's card is used too"),
    pytest.param(["round 7C Al 9H Betty 9S", "up 8C"], "show Al 10H Betty 9S", "bid.show", id="play: a card shown on a neutral district is used"),
    pytest.param(["up 7C"], "show Al 9H Ed QS", "bid.suits", id="setup: a bid from a player not in the match"),
    pytest.param(["up 7C"], "show Al 9H", "bid.show", id="play: every player shows a card"),
    pytest.param(["up 7C"], "show Al 9H Al 10H Betty QS", "bid.show", id="play: each player shows one card"),
    pytest.param(["rounds 13"], "up 2C", "bid.rounds", id="play: thirteen rounds, no fourteenth"),
    pytest.param(["rounds 12"], "up AC", None, id="play: the thirteenth round is played"),
    pytest.param(["rounds 13"], "show Al AH Betty AS", "bid.rounds", id="play: no bids after thirteen rounds"),
    pytest.param(["up 7C"], "commit Al 9H", None, id="sealed: a bid committed in advance"),
    pytest.param([], "commit Al 9H", "bid.district-up", id="sealed: a commit before a district is up"),
    pytest.param(["up 7C"], "commit Ed 9H", "bid.suits", id="sealed: a commit from a player not in the match"),
    pytest.param(["up 7C"], "commit Al 9S", "bid.suits", id="sealed: a commit of another suit"),
    pytest.param(["round 7C Al 9H Betty QS", "up 8C"], "commit Al 9H", "bid.show", id="sealed: a commit of a card already used"),
    pytest.param(["up 7C", "commit Al 9H"], "commit Al 10H", "bid.sealed.once", id="sealed: a committed bid cannot be changed"),
    pytest.param(["up 7C", "commit Al 9H"], "commit Al 9H", "bid.sealed.once", id="sealed: a bid is committed once"),
    pytest.param(["up 7C", "commit Al 9H"], "commit Betty QS", None, id="sealed: each player commits"),
    pytest.param(["up 7C", "commit Al 9H"], "show Al 9H Betty QS", "bid.sealed.reveal", id="sealed: the reveal waits for every commit"),
    pytest.param(["up 7C", "commit Al 9H", "commit Betty QS"], "show Al 10H Betty QS", "bid.sealed.reveal", id="sealed: the reveal shows the committed cards"),
    pytest.param(["up 7C", "commit Al 9H", "commit Betty QS"], "show Al 9H Betty QS", None, id="sealed: the reveal once all have committed"),
    pytest.param(["up 7C", "commit Al 9H", "commit Betty QS", "show Al 9H Betty QS"], "show Al 10H Betty KS", "bid.district-up", id="sealed: the round is over once revealed"),
    pytest.param(["up 7C", "commit Al 9H", "commit Betty QS", "show Al 9H Betty QS", "up 8C"], "show Al 10H Betty KS", None, id="sealed: the next round starts afresh"),
]


@pytest.mark.parametrize(("given", "action", "refused_by"), TWO_PLAYER_ROWS)
def test_two_players(table, given, action, refused_by):
    assert table.refusal(table.state(given), action) == refused_by


THREE_PLAYER_ROWS = [
    pytest.param(["up 7C"], "show Al 9H Betty QS Cy 2D", None, id="setup: three players, hearts, spades and diamonds"),
    pytest.param(["up 7C"], "show Al 9H Betty QS", "bid.show", id="play: each of three players shows a card"),
    pytest.param(["up 7C"], "show Al 9H Betty QS Cy 2H", "bid.suits", id="setup: Cy holds the diamonds"),
    pytest.param(["up 7C", "commit Cy 2D", "commit Al 9H"], "show Al 9H Betty QS Cy 2D", "bid.sealed.reveal", id="sealed: the reveal waits for the third commit"),
]


@pytest.mark.parametrize(("given", "action", "refused_by"), THREE_PLAYER_ROWS)
def test_three_players(table, given, action, refused_by):
    assert table.refusal(table.state(given, THREE), action) == refused_by


def test_sealed_bids_are_an_option(table):
    """Beyond the text: the `table` preset has every bid shown at the table."""
    state = table.state(["up 7C"], preset="table")
    assert table.refusal(state, "commit Al 9H") == "bid.sealed"
    assert table.refusal(state, "show Al 9H Betty QS") is None


def test_suits_are_a_setup_option(table):
    """setup: “Give one of the remaining suits to each player in the game.” (which one
    is the option `suits`)."""
    state = table.state(["up 7C"], options={"suits": ["D", "H"]})
    assert table.refusal(state, "show Al 9H Betty QS") == "bid.suits"
    assert table.refusal(state, "show Al 9D Betty QH") is None


def test_a_second_created_event_is_refused(table):
    state = table.state([])
    created = SYSTEM.start(MatchSetup(system="bid", players=["Al", "Betty"]))
    with pytest.raises(IllegalAction) as refused:
        SYSTEM.check(state, created)
    assert refused.value.rule.id == "bid.setup"


def test_a_refusal_cites_the_sentence_of_the_text(table):
    with pytest.raises(IllegalAction) as refused:
        SYSTEM.check(table.state([]), DistrictRevealed(district="7H"))
    assert "presidential-bid.txt § setup" in str(refused.value)
    assert "Shuffle all of the clubs together" in str(refused.value)



def test_every_quote_is_a_sentence_of_the_text():
    """A cited quote is the text's own words (house rules cite their own source)."""
    from pathlib import Path

    from domain.bid import rules

    text_file = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "presidential-bid.txt"
    assert text_file.is_file(), f"{text_file} is not there: the rules texts (shared/rules) must be beside this checkout"
    text = text_file.read_text()
    cited = [rule for rule in vars(rules).values() if isinstance(rule, Rule) and rule.source.startswith(rules.TEXT)]
    assert len(cited) >= 15
    assert [rule.id for rule in cited if rule.quote not in text] == []
