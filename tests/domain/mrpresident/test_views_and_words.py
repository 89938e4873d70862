"""Views, redacted events and words: Ballots are cast face down, Absentee Ballots
are not announced, a seat sees what its party sees."""

from __future__ import annotations

import pytest

from domain.fold import record
from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.protocol import EVERYONE, SPECTATOR, Perspective
from tests.support.mrpresident import TWO, ballot, cast, given, roll


def test_example_2_in_words():
    """Example 2: “I've cast two President Ballots in Missouri, one in Michigan and
    three in Illinois.”"""
    state = given(roll("Al", "Midwestern", 2, 4))
    assert SYSTEM.describe(state, roll("Betty", "Midwestern", 2, 4)) == "Betty picks the Midwest and rolls 2 and 4"
    action = cast("Al", "MO", "MO", "MI", "IL", "IL", "IL")
    assert SYSTEM.describe(state, action) == "Al casts two President Ballots in Missouri, one in Michigan and three in Illinois"


def test_votes_are_seen_by_the_party_that_cast_them():
    """Carl (Al's running mate) sees Al's votes; Betty and spectators do not."""
    before = given(roll("Al", "Eastern", 1, 2))
    action = ev.BallotsCast(player="Al", ballots=[ballot("CT", votes=7)])
    after = SYSTEM.evolve(before, action)
    seen = {
        name: SYSTEM.view(after, p)["ballots"][0]["votes"]
        for name, p in (("spectator", SPECTATOR), ("everyone", EVERYONE), ("Carl", Perspective("seat", "Carl")), ("Betty", Perspective("seat", "Betty")))
    }
    assert seen == {"spectator": None, "everyone": 7, "Carl": 7, "Betty": None}
    assert SYSTEM.redact(before, action, Perspective("seat", "Dot"))["ballots"][0] == {"seal": "P", "state": "CT", "votes": None, "home_state_card": False}
    assert SYSTEM.redact(before, action, Perspective("seat", "Carl"))["ballots"][0]["votes"] == 7


def test_absentee_ballots_are_not_announced_and_counting_reveals():
    """“they do not, however, announce the casting of these Ballots to their
    opponents”: the other party and spectators see how many, not where; once a region
    is counted its Ballots lie face up."""
    state = given(roll("Al", "Eastern", 1, 2), cast("Al", "CT", "MD"), roll("Betty", "Eastern", 1, 2), cast("Betty", "CT"), players=TWO, ballot_deck_size=4)
    action = ev.AbsenteeBallotsCast(party="Republican", ballots=[ballot("NY", votes=9)], set_aside=6)
    hidden = SYSTEM.redact(state, action, Perspective("seat", "Betty"))
    assert hidden["ballots"] == [{"seal": None, "state": None, "votes": None}]
    assert SYSTEM.redact(state, action, Perspective("seat", "Al"))["ballots"][0]["state"] == "NY"
    said = {name: SYSTEM.describe(state, action, perspective=p) for name, p in (("spectator", SPECTATOR), ("Betty", Perspective("seat", "Betty")), ("Al", Perspective("seat", "Al")), ("everyone", EVERYONE))}
    assert said == {
        "spectator": "The Republicans cast one Absentee Ballot and set six aside",
        "Betty": "The Republicans cast one Absentee Ballot and set six aside",
        "Al": "The Republicans cast one Absentee Ballot (one President Ballot in New York) and set six aside",
        "everyone": "The Republicans cast one Absentee Ballot (one President Ballot in New York) and set six aside",
    }
    state = record(SYSTEM, state, [action, ev.AbsenteeBallotsCast(party="Democratic", set_aside=6)])
    absentee = [b for b in SYSTEM.view(state, SPECTATOR)["ballots"] if b["how"] == "absentee"]
    assert absentee == [{**absentee[0], "seal": None, "state": None, "votes": None}]
    assert SYSTEM.view(state, Perspective("seat", "Al"))["parties"]["Republican"]["campaign_record"]["NY"] == "X"
    assert "NY" not in SYSTEM.view(state, Perspective("seat", "Betty"))["parties"]["Republican"]["campaign_record"]
    counted = record(SYSTEM, state, [ev.RegionCounted(region="Eastern", votes={"CT": {"Republican": 5, "Democratic": 5}, "MD": {"Republican": 5}, "NY": {"Republican": 9}})])
    east = [b for b in SYSTEM.view(counted, SPECTATOR)["ballots"] if b["state"] in ("CT", "MD", "NY")]
    assert sorted(b["votes"] for b in east) == [5, 5, 5, 9]


def test_view_shape_for_the_viewer():
    state = given(roll("Al", "Eastern", 6, 6))
    shown = SYSTEM.view(state, SPECTATOR)
    assert shown["turn"] == {"player": "Al", "regions": ["Eastern"], "dice": [6, 6], "reachable": ["DC", "NY", "VT"], "at_headquarters": False, "raising_funds": False}
    assert [p["hand"] for p in shown["players"]] == [7, 8, 6, 5]
    assert shown["undecided"] == 12 and shown["next_player"] == "Al" and shown["phase"] == "campaign"
    assert len(shown["board"]["regions"]) == 4 and shown["board"]["majority"] == 270


def rolled(player: str, dice: list[int], reachable: list[str], step: int) -> dict:
    return {"player": player, "regions": ["Eastern"], "dice": dice, "reachable": reachable, "raising_funds": False, "step": step}


# Given the standard four-player setup (the match created at step 1, five setup steps) and these events, then the view's
# open turn (its player) and its last roll, the same for every perspective.
LAST_ROLL = [
    ("before any roll there is none", [], None, None),
    ("the roll of the open turn", [roll("Al", "Eastern", 6, 6)], "Al", rolled("Al", [6, 6], ["DC", "NY", "VT"], 7)),
    ("the turn ends with its Ballots cast; its roll stays", [roll("Al", "Eastern", 1, 2), cast("Al", "CT")], None, rolled("Al", [1, 2], ["CT", "MA", "MD"], 7)),
    ("the next roll takes its place", [roll("Al", "Eastern", 1, 2), cast("Al", "CT"), roll("Betty", "Eastern", 6, 6)], "Betty", rolled("Betty", [6, 6], ["DC", "NY", "VT"], 9)),
]


@pytest.mark.parametrize(("events", "open_turn", "last_roll"), [row[1:] for row in LAST_ROLL], ids=[row[0] for row in LAST_ROLL])
def test_the_last_roll_is_public_and_outlasts_its_turn(events, open_turn, last_roll):
    """mr-president.md § CAMPAIGNING: “After selecting a region, announce your choice and
    roll the dice.” The dice are rolled in the open: every perspective sees the last roll,
    with the step it was rolled at, also once its turn has ended."""
    state = given(*events)
    for perspective in (*PERSPECTIVES, Perspective("seat", "Dot")):
        shown = SYSTEM.view(state, perspective)
        assert (shown["turn"] and shown["turn"]["player"], shown["last_roll"]) == (open_turn, last_roll)


def _after_absentee(al_ct: int, absentee: str, absentee_votes: int):
    """Two players, each with one turn in the East, then the Absentee Ballots: the
    Republicans place one (in `absentee`), the Democrats none."""
    state = given(
        roll("Al", "Eastern", 1, 2), ev.BallotsCast(player="Al", ballots=[ballot("CT", votes=al_ct), ballot("MD", votes=3)]),
        roll("Betty", "Eastern", 1, 2), cast("Betty", "CT", votes=4),
        players=TWO, ballot_deck_size=4,
    )
    due = state.absentee_due
    return record(SYSTEM, state, [
        ev.AbsenteeBallotsCast(party="Republican", ballots=[ballot(absentee, votes=absentee_votes)], set_aside=due[0] - 1),
        ev.AbsenteeBallotsCast(party="Democratic", set_aside=due[1]),
    ])


PERSPECTIVES = (SPECTATOR, EVERYONE, Perspective("seat", "Al"), Perspective("seat", "Betty"))


def test_the_tally_so_far_appears_once_a_region_is_counted():
    """Before any count the view has no tally; after each RegionCounted it has the
    domain's own tallies of the regions counted so far, the same for every
    perspective and the same as the standings at that step."""
    state = _after_absentee(2, "NY", 6)
    assert state.phase == "tally"
    assert all(SYSTEM.view(state, p)["tally"] is None for p in PERSPECTIVES)
    state = record(SYSTEM, state, [ev.RegionCounted(region="Southern", votes={})])
    tally = SYSTEM.view(state, SPECTATOR)["tally"]
    assert all(SYSTEM.view(state, p)["tally"] == tally for p in PERSPECTIVES)
    details = SYSTEM.standings(state).details
    assert tally == {"popular": details["popular"], "electoral": details["electoral"]}
    assert {s["region"] for s in tally["electoral"]["states"]} == {"Southern"}
    assert [(r["region"], r["counted"]) for r in tally["popular"]["regions"]] == [
        ("Eastern", False), ("Southern", True), ("Midwestern", False), ("Western", False)]
    assert tally["popular"]["regions"][0] == {"region": "Eastern", "counted": False}
    assert tally["popular"]["national"] is None
    state = record(SYSTEM, state, [ev.RegionCounted(region="Eastern", votes={"CT": {"Republican": 2, "Democratic": 4}, "MD": {"Republican": 3}, "NY": {"Republican": 6}})])
    east = {s["state"]: s for s in SYSTEM.view(state, SPECTATOR)["tally"]["electoral"]["states"] if s["region"] == "Eastern"}
    assert east["CT"]["carried_by"] == "Democratic" and east["CT"]["ballot_votes"] == {"Republican": 2, "Democratic": 4}
    assert east["NY"]["ballot_votes"] == {"Republican": 6, "Democratic": 0}
    for region in ("Midwestern", "Western"):
        state = record(SYSTEM, state, [ev.RegionCounted(region=region, votes={})])
    tally = SYSTEM.view(state, SPECTATOR)["tally"]
    details = SYSTEM.standings(state).details
    assert tally == {"popular": details["popular"], "electoral": details["electoral"]}
    assert tally["popular"]["national"] is not None


def test_no_uncounted_vote_reaches_the_tally_or_the_other_party():
    """Ballots are face down until their region is counted: two games that differ
    only in the Republicans' votes in the East and where their Absentee Ballot went
    look the same to a spectator and to the Democrats, tally included, while the
    Southern region alone is counted; the Republicans see the difference."""
    one, other = (
        record(SYSTEM, _after_absentee(al_ct, absentee, votes), [ev.RegionCounted(region="Southern", votes={})])
        for al_ct, absentee, votes in ((2, "NY", 6), (9, "VT", 1))
    )
    for blind in (SPECTATOR, Perspective("seat", "Betty")):
        assert SYSTEM.view(one, blind) == SYSTEM.view(other, blind)
        assert SYSTEM.view(one, blind)["tally"] is not None
    assert SYSTEM.view(one, Perspective("seat", "Al")) != SYSTEM.view(other, Perspective("seat", "Al"))
