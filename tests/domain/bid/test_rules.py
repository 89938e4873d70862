"""Rule tables (tests/domain/harness.py): given the events so far, when an action is recorded,
then it is accepted (and applied, with the facts stated of the state after it) or refused by the
rule named. Each row's name cites the section of presidential-bid.txt it checks."""

from __future__ import annotations

import pytest

from domain.bid import SYSTEM
from domain.bid.events import DistrictRevealed
from domain.protocol import IllegalAction, MatchSetup, Rule
from tests.domain.harness import OK, Case, accepted, params, verify
from tests.rules_texts import RULES_TEXTS

THREE = ("Al", "Betty", "Cy")

TWO_PLAYER_ROWS = [
    Case("play: the top card of the club draw pile is drawn and displayed", [], "up 7C", accepted(up="7C")),
    Case("setup: the clubs are the draw pile, a heart is no district", [], "up 7H", "bid.clubs"),
    Case("header: 52 card deck, there is no 1 of clubs", [], "up 1C", "bid.deck"),
    Case("setup: each club is in the pile once, a district revealed twice", ["round 7C Al 9H Betty QS"], "up 7C", "bid.clubs"),
    Case("play: the district now up for bid is bid for before another is drawn", ["up 7C"], "up 8C", "bid.district-up"),
    Case("play: bids before a district is up", [], "show Al 9H Betty QS", "bid.district-up"),
    Case("play: each player shows a card from their hand", ["up 7C"], "show Al 9H Betty QS", accepted({"districts.0.winner": "Betty", "hands.0": lambda hand: "9H" not in hand, "up": None})),
    Case("play: shown simultaneously, so in any order", ["up 7C"], "show Betty QS Al 9H", accepted({"districts.0.winner": "Betty"})),
    Case("setup: a card not in the bidder's suit", ["up 7C"], "show Al 9S Betty QS", "bid.suits"),
    Case("setup: clubs are districts, nobody's hand", ["up 7C"], "show Al 9C Betty QS", "bid.suits"),
    Case("header: a card that is not in the deck", ["up 7C"], "show Al XH Betty QS", "bid.deck"),
    Case("play: a card used twice is no longer in the hand", ["round 7C Al 9H Betty QS", "up 8C"], "show Al 9H Betty KS", "bid.show"),
    Case("play: the loser's card is used too", ["round 7C Al 9H Betty QS", "up 8C"], "show Al 10H Betty QS", "bid.show"),
    Case("play: a card shown on a neutral district is used", ["round 7C Al 9H Betty 9S", "up 8C"], "show Al 10H Betty 9S", "bid.show"),
    Case("setup: a bid from a player not in the match", ["up 7C"], "show Al 9H Ed QS", "bid.suits"),
    Case("play: every player shows a card", ["up 7C"], "show Al 9H", "bid.show"),
    Case("play: each player shows one card", ["up 7C"], "show Al 9H Al 10H Betty QS", "bid.show"),
    Case("play: thirteen rounds, no fourteenth", ["rounds 13"], "up 2C", "bid.rounds"),
    Case("play: the thirteenth round is played", ["rounds 12"], "up AC", accepted(up="AC")),
    Case("play: no bids after thirteen rounds", ["rounds 13"], "show Al AH Betty AS", "bid.rounds"),
    Case("sealed: a bid committed in advance", ["up 7C"], "commit Al 9H", accepted(commits=lambda commits: len(commits) == 1)),
    Case("sealed: a commit before a district is up", [], "commit Al 9H", "bid.district-up"),
    Case("sealed: a commit from a player not in the match", ["up 7C"], "commit Ed 9H", "bid.suits"),
    Case("sealed: a commit of another suit", ["up 7C"], "commit Al 9S", "bid.suits"),
    Case("sealed: a commit of a card already used", ["round 7C Al 9H Betty QS", "up 8C"], "commit Al 9H", "bid.show"),
    Case("sealed: a committed bid cannot be changed", ["up 7C", "commit Al 9H"], "commit Al 10H", "bid.sealed.once"),
    Case("sealed: a bid is committed once", ["up 7C", "commit Al 9H"], "commit Al 9H", "bid.sealed.once"),
    Case("sealed: each player commits", ["up 7C", "commit Al 9H"], "commit Betty QS", accepted(commits=lambda commits: len(commits) == 2)),
    Case("sealed: the reveal waits for every commit", ["up 7C", "commit Al 9H"], "show Al 9H Betty QS", "bid.sealed.reveal"),
    Case("sealed: the reveal shows the committed cards", ["up 7C", "commit Al 9H", "commit Betty QS"], "show Al 10H Betty QS", "bid.sealed.reveal"),
    Case("sealed: the reveal once all have committed", ["up 7C", "commit Al 9H", "commit Betty QS"], "show Al 9H Betty QS", accepted({"districts.0.winner": "Betty", "commits": ()})),
    Case("sealed: the round is over once revealed", ["up 7C", "commit Al 9H", "commit Betty QS", "show Al 9H Betty QS"], "show Al 10H Betty KS", "bid.district-up"),
    Case("sealed: the next round starts afresh", ["up 7C", "commit Al 9H", "commit Betty QS", "show Al 9H Betty QS", "up 8C"], "show Al 10H Betty KS", accepted({"districts.1.winner": "Betty", "districts.1.district": "8C"})),
]


@pytest.mark.parametrize("case", params(TWO_PLAYER_ROWS))
def test_two_players(table, case):
    verify(SYSTEM, lambda: table.state(case.given), table.action(case.when), case.then)


THREE_PLAYER_ROWS = [
    Case("setup: three players, hearts, spades and diamonds", ["up 7C"], "show Al 9H Betty QS Cy 2D", accepted({"districts.0.winner": "Betty"})),
    Case("play: each of three players shows a card", ["up 7C"], "show Al 9H Betty QS", "bid.show"),
    Case("setup: Cy holds the diamonds", ["up 7C"], "show Al 9H Betty QS Cy 2H", "bid.suits"),
    Case("sealed: the reveal waits for the third commit", ["up 7C", "commit Cy 2D", "commit Al 9H"], "show Al 9H Betty QS Cy 2D", "bid.sealed.reveal"),
]


@pytest.mark.parametrize("case", params(THREE_PLAYER_ROWS))
def test_three_players(table, case):
    verify(SYSTEM, lambda: table.state(case.given, THREE), table.action(case.when), case.then)


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
    from domain.bid import rules

    text_file = RULES_TEXTS / rules.TEXT
    assert text_file.is_file(), f"{text_file} is not there (tests/rules_texts.py)"
    text = text_file.read_text()
    cited = [rule for rule in vars(rules).values() if isinstance(rule, Rule) and rule.source.startswith(rules.TEXT)]
    assert len(cited) >= 15
    assert [rule.id for rule in cited if rule.quote not in text] == []


def test_a_reveal_recorded_twice_is_said_as_such(table):
    """play: “That card represents the district that is now up for bid.” The last round's
    bids shown again (in any order) with no district up: the words say they were shown at
    that step (the service records a sealed round's reveal by itself), not only that no
    district is up; other bids get the plain refusal."""
    state = table.state(["up 7C", "commit Al 9H", "commit Betty QS", "show Al 9H Betty QS"])
    with pytest.raises(IllegalAction) as again:
        SYSTEM.check(state, table.action("show Betty QS Al 9H"))
    assert again.value.rule.id == "bid.district-up" and "shown at step 5 already" in again.value.what
    with pytest.raises(IllegalAction) as other:
        SYSTEM.check(state, table.action("show Al 10H Betty KS"))
    assert other.value.rule.id == "bid.district-up" and "already" not in other.value.what
