"""Views, redacted events and words: Ballots are cast face down, Absentee Ballots
are not announced, a seat sees what its party sees."""

from __future__ import annotations

from domain.fold import record
from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.protocol import EVERYONE, SPECTATOR, Perspective
from tests.domain.mrpresident.helpers import TWO, ballot, cast, given, roll


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
    assert shown["turn"] == {"player": "Al", "regions": ["Eastern"], "dice": [6, 6], "reachable": ["DC", "NY", "VT"], "at_headquarters": False}
    assert [p["hand"] for p in shown["players"]] == [7, 8, 6, 5]
    assert shown["undecided"] == 12 and shown["next_player"] == "Al" and shown["phase"] == "campaign"
    assert len(shown["board"]["regions"]) == 4 and shown["board"]["majority"] == 270
