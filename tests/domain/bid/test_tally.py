"""Rule tables for the tally: a district's winner, a region's winner and by which
rule, and the standings."""

from __future__ import annotations

import pytest

from domain.bid import SYSTEM
from domain.bid.events import Bid
from domain.bid.ruleset import PRESETS
from domain.bid.state import winning_bid
from domain.bid.standings import decide


def bids(line: str) -> tuple[Bid, ...]:
    words = line.split()
    return tuple(Bid(player=p, card=c) for p, c in zip(words[::2], words[1::2]))


DISTRICT_ROWS = [
    pytest.param("Al QH Betty 9S", "Al", id="play: the player who showed the highest card wins the district"),
    pytest.param("Al AH Betty 2S", "Al", id="setup: Aces are high"),
    pytest.param("Al 2H Betty 3S", "Betty", id="setup: 2s are low"),
    pytest.param("Al 10H Betty 9S", "Al", id="setup: the 10 ranks above the 9"),
    pytest.param("Al 10H Betty JS", "Betty", id="setup: the jack ranks above the 10"),
    pytest.param("Al 8H Betty 8S", None, id="play: if there is a tie, the district remains neutral"),
    pytest.param("Al KH Betty KS Cy 2D", None, id="play: a tie between the two highest of three is neutral"),
    pytest.param("Al 4H Betty 4S Cy 9D", "Cy", id="play: a tie below the highest card does not matter"),
    pytest.param("Al KH Betty KS Cy KD", None, id="play: a three-way tie is neutral"),
]


@pytest.mark.parametrize(("shown", "winner"), DISTRICT_ROWS)
def test_district(shown, winner):
    best = winning_bid(bids(shown))
    assert (best.player if best else None) == winner


REGION_ROWS = [
    pytest.param({"Al": ["KH", "2H"], "Betty": ["AS"]}, "text", ("Al", "districts", 0, "bid.region.most"), id="tally: won more districts than the opponents"),
    pytest.param({"Al": ["2H"], "Betty": []}, "text", ("Al", "districts", 0, "bid.region.most"), id="tally: one district against none"),
    pytest.param({"Al": ["KH"], "Betty": ["QS"]}, "text", ("Al", "card", 1, "bid.region.highest"), id="tally: in the event of a tie, the highest card wins"),
    pytest.param({"Al": ["KH", "9H"], "Betty": ["KS", "7S"]}, "text", ("Al", "card", 2, "bid.region.second"), id="tally: a tie for the highest card, the second highest compared"),
    pytest.param({"Al": ["KH", "9H"], "Betty": ["KS", "9S"]}, "text", (None, "neutral", 0, "bid.region.neutral"), id="tally: the second cards also the same, the region remains neutral"),
    pytest.param({"Al": ["QH"], "Betty": ["QS"]}, "text", (None, "neutral", 0, "bid.region.neutral"), id="tally: highest cards the same and no second cards, neutral"),
    pytest.param({"Al": ["QH", "8H", "6H"], "Betty": ["QS", "8S", "4S"]}, "text", (None, "neutral", 0, "bid.region.neutral"), id="tally (text): the comparison stops at the second card"),
    pytest.param({"Al": ["QH", "8H", "6H"], "Betty": ["QS", "8S", "4S"]}, "all-cards", ("Al", "card", 3, "bid.region.second"), id="tally (all-cards): the third card decides"),
    pytest.param({"Al": ["QH", "8H", "6H"], "Betty": ["QS", "8S", "6S"]}, "all-cards", (None, "neutral", 0, "bid.region.neutral"), id="tally (all-cards): every card the same, neutral"),
    pytest.param({"Al": [], "Betty": []}, "text", (None, "neutral", 0, "bid.region.most"), id="tally: no district won in the region, nobody gets its votes"),
    pytest.param({"Al": ["2H", "3H"], "Betty": ["5S", "4S"], "Cy": ["AD"]}, "text", ("Betty", "card", 1, "bid.region.highest"), id="tally: only the tied leaders' cards are compared"),
    pytest.param({"Al": ["KH"], "Betty": ["KS"], "Cy": ["QD"]}, "text", (None, "neutral", 0, "bid.region.neutral"), id="tally: three tied, two tie for the highest card, neutral"),
    pytest.param({"Al": ["KH"], "Betty": ["KS"], "Cy": ["AD"]}, "text", ("Cy", "card", 1, "bid.region.highest"), id="tally: three tied, one highest card"),
    pytest.param({"Al": ["KH", "9H"], "Betty": ["KS", "8S"], "Cy": ["KD", "9D"]}, "text", (None, "neutral", 0, "bid.region.neutral"), id="tally: three tied on the highest, two on the second"),
]


@pytest.mark.parametrize(("won", "preset", "expected"), REGION_ROWS)
def test_region(won, preset, expected):
    winner, by, depth, rule = decide(won, PRESETS[preset])
    assert (winner, by, depth, rule.id) == expected


def test_standings_so_far_while_the_match_runs(table):
    # North (2-5♣, 9 votes): Al 2♣; East (9-10♣, 5): 9♣ neutral.
    state = table.state(["round 2C Al 5H Betty 3S", "round 9C Al 7H Betty 7S", "up KC"])
    standings = SYSTEM.standings(state)
    assert not standings.final
    assert [(p.player, p.place, p.score, p.title) for p in standings.placings] == [("Al", 1, 9, ""), ("Betty", 2, 0, "")]
    al = standings.placings[0]
    assert al.steps == [3]
    assert "North (9 votes), 1 of 4 districts decided so far: Al wins on most districts (Al 1)." in standings.explanation


def test_a_tie_for_most_votes_is_a_shared_place_and_says_the_text_is_silent(table):
    # Capital (A♣) and Coast (K♣) are worth 3 votes each: one to each player.
    state = table.state(["round AC Al AH Betty 2S", "round KC Al 2H Betty KS"])
    standings = SYSTEM.standings(state)
    assert [(p.player, p.place, p.score) for p in standings.placings] == [("Al", 1, 3), ("Betty", 1, 3)]
    assert "silent on a tie" in standings.explanation[-1]
    assert all("shared" in placing.reason for placing in standings.placings)
    assert [p.reason.split("; ")[-1].split(":")[0] for p in standings.placings] == ["tied for 1st with Betty", "tied for 1st with Al"]


def test_the_steps_of_a_region_are_the_reveals_of_its_districts(table):
    # East (9♣, 10♣): Al wins 9♣ at step 3, Betty 10♣ at step 5; Al's ace decides.
    state = table.state(["round 9C Al AH Betty 2S", "round 10C Al 3H Betty 4S"])
    standings = SYSTEM.standings(state)
    east = next(r for r in standings.details["regions"] if r["region"] == "East")
    assert (east["winner"], east["by"], east["depth"], east["steps"]) == ("Al", "card", 1, [3, 5])
    assert standings.placings[0].steps == [3, 5]
    assert "highest card" in standings.placings[0].reason
