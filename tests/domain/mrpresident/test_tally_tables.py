"""The election tally: counted totals checked against the Ballots, the additional
votes and their ties, the built-in edge, the 270 majority. Each game here is the
shortest there is: two players, Ballot decks of 4 (two cards in each hand), so a turn
or two each ends the campaign."""

from __future__ import annotations

import pytest

from domain.fold import record
from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.protocol import IllegalAction
from tests.support.mrpresident import TWO, ballot, given, roll

REGIONS = ("Eastern", "Southern", "Midwestern", "Western")


def campaign(mode: str, al: list[tuple[str, str, int]], betty: list[tuple[str, str, int]], **options):
    """Al's turn (region, state, votes per Ballot), then Betty's: both hands spent."""
    events = []
    for player, ballots in (("Al", al), ("Betty", betty)):
        region = ballots[0][0]
        dice = {"CT": (1, 2), "MD": (1, 2), "TN": (1, 2), "VA": (1, 2), "MO": (1, 2), "WI": (1, 2), "HI": (1, 2), "AZ": (1, 2)}
        a, b = dice[ballots[0][1]]
        events.append(roll(player, region, a, b))
        events.append(ev.BallotsCast(player=player, ballots=[ballot(s, votes=v) for _, s, v in ballots]))
    state = given(*events, players=TWO, mode=mode, ballot_deck_size=4, **options)
    for party in ("Republican", "Democratic"):
        state = record(SYSTEM, state, [ev.AbsenteeBallotsCast(party=party, set_aside=state.absentee_due[("Republican", "Democratic").index(party)])])
    return state


def counted(state, totals: dict[str, dict[str, int]]):
    """Count every region with the given per-state totals."""
    for region in REGIONS:
        members = {state.board.places[p].entry.abbr for p in state.board.region_states[state.board.by_region[region]]}
        state = record(SYSTEM, state, [ev.RegionCounted(region=region, votes={s: v for s, v in totals.items() if s in members})])
    return state


@pytest.mark.parametrize(
    "democratic_ct, carried_by",
    [
        pytest.param(4, "Democratic", id="Connecticut example: 100,000 plus the edge of 1,000 is not enough against 400,000"),
        pytest.param(1, "Republican", id="Connecticut example: against 100,000 the Republicans carry it by 1,000 votes"),
    ],
)
def test_built_in_edge(democratic_ct, carried_by):
    state = campaign("electoral", [("Eastern", "CT", 1), ("Eastern", "MD", 3)], [("Eastern", "CT", democratic_ct), ("Eastern", "MD", 1)])
    state = counted(state, {"CT": {"Republican": 1, "Democratic": democratic_ct}, "MD": {"Republican": 3, "Democratic": 1}})
    ct = next(s for s in SYSTEM.standings(state).details["electoral"]["states"] if s["state"] == "CT")
    assert ct["carried_by"] == carried_by
    assert ct["popular_votes"] == {"Republican": 101_000, "Democratic": democratic_ct * 100_000}


def test_a_state_nobody_campaigned_in_goes_to_the_edge():
    """“The party having the edge adds it to the announced total”: 0 + edge wins, in every state (“One
    party will have the built-in edge in the state.”): New York's goes to the Republicans."""
    state = campaign("electoral", [("Eastern", "CT", 1), ("Eastern", "MD", 3)], [("Eastern", "CT", 4), ("Eastern", "MD", 1)])
    state = counted(state, {"CT": {"Republican": 1, "Democratic": 4}, "MD": {"Republican": 3, "Democratic": 1}})
    standings = SYSTEM.standings(state)
    states = {s["state"]: s for s in standings.details["electoral"]["states"]}
    assert states["KS"]["carried_by"] == "Republican" and states["GA"]["carried_by"] == "Democratic"
    assert states["NY"]["carried_by"] == "Republican"
    expected = {
        party: sum(e.electoral_votes for r in state.board.board.regions for e in r.states if e.abbr not in ("CT", "MD") and e.edge_party == party)
        + sum(e.electoral_votes for e in (state.board.places[state.board.by_abbr[a]].entry for a in ("CT", "MD")) if states[e.abbr]["carried_by"] == party)
        for party in ("Republican", "Democratic")
    }
    assert standings.details["electoral"]["totals"] == expected
    has_majority = max(expected.values()) >= 270
    assert (standings.placings[0].place == standings.placings[1].place) == (not has_majority)


@pytest.mark.parametrize(
    "al, betty, expected_additional",
    [
        pytest.param(
            [("Eastern", "CT", 2), ("Eastern", "MD", 2)],
            [("Eastern", "CT", 2)],
            {"Eastern": "Republican", "Southern": "Republican", "Midwestern": "Republican", "Western": "Republican"},
            id="The party which has been to the most states in the region wins; ties go to the most states in the nation",
        ),
        pytest.param(
            [("Eastern", "CT", 2), ("Eastern", "MA", 2)],
            [("Eastern", "CT", 2), ("Eastern", "MD", 2)],
            {"Eastern": "divided", "Southern": "divided", "Midwestern": "divided", "Western": "divided"},
            id="If this number is also tied, the regional vote is divided equally",
        ),
    ],
)
def test_additional_votes(al, betty, expected_additional):
    state = campaign("popular", al, betty)
    totals: dict[str, dict[str, int]] = {}
    for party, ballots in (("Republican", al), ("Democratic", betty)):
        for _, abbr, votes in ballots:
            totals.setdefault(abbr, {})[party] = totals.get(abbr, {}).get(party, 0) + votes
    state = counted(state, totals)
    popular = SYSTEM.standings(state).details["popular"]
    assert {r["region"]: r["additional_to"] for r in popular["regions"]} == expected_additional
    national = popular["national"]["additional_to"]
    assert national == ("Republican" if len(al) > len(betty) else "divided")
    ballots = {p: sum(v for _, _, v in b) for p, b in (("Republican", al), ("Democratic", betty))}
    region_extra = 10 * 4
    if national == "Republican":
        assert popular["totals"] == {"Republican": ballots["Republican"] + region_extra + 20, "Democratic": ballots["Democratic"]}
    else:
        assert popular["totals"] == {p: ballots[p] + region_extra / 2 + 10 for p in ballots}


TIED = ([("Eastern", "CT", 2), ("Eastern", "MA", 2)], [("Eastern", "CT", 2), ("Eastern", "MD", 2)])


@pytest.mark.parametrize(
    "option, elected",
    [
        pytest.param("no one elected", False, id="popular tie, the text silent: no one elected (default)"),
        pytest.param("most electoral votes", True, id="popular tie, popular_vote_tie 'most electoral votes': the electoral tally decides"),
    ],
)
def test_a_popular_vote_tie(option, elected):
    """ELECTION TALLY: “Party with the most popular votes (highest grand total) wins”: silent on a tie."""
    al, betty = TIED
    state = campaign("popular", al, betty, popular_vote_tie=option)
    state = counted(state, {"CT": {"Republican": 2, "Democratic": 2}, "MA": {"Republican": 2}, "MD": {"Democratic": 2}})
    standings = SYSTEM.standings(state)
    popular, electoral = standings.details["popular"]["totals"], standings.details["electoral"]["totals"]
    assert popular["Republican"] == popular["Democratic"] and electoral["Republican"] != electoral["Democratic"]
    places = {p.player: p.place for p in standings.placings}
    assert (places["Al"] != places["Betty"]) == elected
    if elected:
        ahead = "Al" if electoral["Republican"] > electoral["Democratic"] else "Betty"
        assert places[ahead] == 1 and "electoral votes" in standings.explanation[0]
    else:
        assert "no one is elected" in standings.explanation[0]


def test_the_counted_totals_must_match_the_ballots():
    """“count the total number of votes cast in the East”: a total that is not the sum
    of the Ballots' votes is refused; so is a count for a party with no Ballot there."""
    state = campaign("popular", [("Eastern", "CT", 2), ("Eastern", "MD", 3)], [("Eastern", "CT", 4)])
    for wrong in ({"CT": {"Republican": 3, "Democratic": 4}, "MD": {"Republican": 3}}, {"CT": {"Republican": 2, "Democratic": 4}, "MD": {"Republican": 3, "Democratic": 1}}):
        with pytest.raises(IllegalAction) as error:
            SYSTEM.check(state, ev.RegionCounted(region="Eastern", votes=wrong))
        assert error.value.rule.id == "mrpresident.tally.total"


def test_votes_entered_only_at_the_tally_are_taken_from_the_count():
    """Ballots recorded without votes: the tally's totals are what is checked (at
    least the votes typed in, nothing where no Ballot went)."""
    events = [roll("Al", "Eastern", 1, 2), ev.BallotsCast(player="Al", ballots=[ballot("CT", votes=None), ballot("MD", votes=2)]),
              roll("Betty", "Eastern", 1, 2), ev.BallotsCast(player="Betty", ballots=[ballot("CT", votes=None)])]
    state = given(*events, players=TWO, mode="popular", ballot_deck_size=4)
    for party in ("Republican", "Democratic"):
        state = record(SYSTEM, state, [ev.AbsenteeBallotsCast(party=party, set_aside=state.absentee_due[("Republican", "Democratic").index(party)])])
    with pytest.raises(IllegalAction):
        SYSTEM.check(state, ev.RegionCounted(region="Eastern", votes={"CT": {"Republican": 7, "Democratic": 9}, "MD": {"Republican": 1}}))
    state = counted(state, {"CT": {"Republican": 7, "Democratic": 9}, "MD": {"Republican": 2}})
    east = SYSTEM.standings(state).details["popular"]["regions"][0]
    assert east["votes"] == {"Republican": 9, "Democratic": 9}
    assert SYSTEM.finished(state)
    with pytest.raises(IllegalAction):
        SYSTEM.check(state, roll("Al", "Eastern", 1, 2))
