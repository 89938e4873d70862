"""Random legal campaigns start to finish, every choice drawn by hypothesis."""

from __future__ import annotations

from collections import defaultdict

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.fold import replay
from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.protocol import EVERYONE, SPECTATOR, Perspective
from tests.domain.mrpresident.games import play
from tests.support.mrpresident import cards_in_play

PARTIES = ("Republican", "Democratic")
EVENT = msgspec.json.Decoder(ev.MatchCreated | ev.PartiesDrawn | ev.TicketChosen | ev.UndecidedVotersSetAside | ev.FirstPlayerRolled | ev.DiceRolled | ev.BallotsCast | ev.HeadquartersVisited | ev.RumorDrawn | ev.RumorBallotsGiven | ev.PressEndorsed | ev.BulletinDrawn | ev.HeadquartersCardDrawn | ev.AbsenteeBallotsCast | ev.RegionCounted)


def sums_from_events(events: list) -> dict[str, dict[str, int]]:
    """Per state and party, the votes on the Ballots as the events give them, worked
    out from the events alone: who casts for which party follows from PartiesDrawn."""
    party_of: dict[str, str] = {}
    totals: dict[str, dict[str, int]] = defaultdict(lambda: {p: 0 for p in PARTIES})
    for event in events:
        if isinstance(event, ev.PartiesDrawn):
            party_of = {**{n: "Republican" for n in event.republican}, **{n: "Democratic" for n in event.democratic}}
        groups: list[tuple[str, list[ev.Ballot]]] = []
        if isinstance(event, (ev.BallotsCast, ev.HeadquartersVisited, ev.PressEndorsed)):
            groups = [(party_of[event.player], event.ballots)]
        elif isinstance(event, ev.RumorBallotsGiven):
            groups = [(PARTIES[1 - PARTIES.index(party_of[event.player])], event.ballots)]
        elif isinstance(event, (ev.BulletinDrawn, ev.HeadquartersCardDrawn)):
            groups = [(party_of[e.player], e.ballots) for e in event.effects]
        elif isinstance(event, ev.AbsenteeBallotsCast):
            groups = [(event.party, event.ballots)]
        for party, ballots in groups:
            for b in ballots:
                totals[b.state][party] += b.votes or 0
    return totals


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), four=st.booleans(), mode=st.sampled_from(["popular", "electoral"]), deck=st.sampled_from([8, 14, 40]))
def test_random_legal_campaigns(data, four, mode, deck):
    choose = lambda n: data.draw(st.integers(0, n - 1)) if n > 1 else 0  # noqa: E731
    players = ["Al", "Betty", "Carl", "Dot"] if four else ["Al", "Betty"]
    steps = list(play(choose, players, mode, known=True, options={"ballot_deck_size": deck}))
    created = steps[0][1]
    actions = [event for _, event in steps[1:] if event is not None]
    final = steps[-1][0]
    assert SYSTEM.finished(final)

    # replay without checks gives the state built step by step with checks
    assert replay(SYSTEM, created, actions) == final

    # every event round-trips through JSON
    for event in [created, *actions]:
        assert EVENT.decode(msgspec.json.encode(event)) == event

    # cards are conserved, steps count events, the step grows by one
    total = 4 * deck
    for before, _ in steps[1:]:
        if before.phase != "setup":
            assert cards_in_play(before) == total
    assert final.step == len(actions) + 1

    # the tallies are the sums of the Ballots recorded
    sums = sums_from_events(actions)
    standings = SYSTEM.standings(final)
    for row in standings.details["electoral"]["states"]:
        assert row["ballot_votes"] == sums.get(row["state"], {p: 0 for p in PARTIES})
    for region in standings.details["popular"]["regions"]:
        members = [s.abbr for r in final.board.board.regions if r.name == region["region"] for s in r.states]
        assert region["votes"] == {p: sum(sums[s][p] for s in members if s in sums) for p in PARTIES}
    assert sum(standings.details["electoral"]["totals"].values()) <= 538
    assert {p.place for p in standings.placings} <= {1, 2}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), four=st.booleans())
def test_hidden_votes_never_reach_the_other_party(data, four):
    """Ballots are cast face down: until its region is counted, no Ballot's votes
    appear in a spectator's view or redacted event, nor in the other party's; the
    tally in the view, the same for all, holds the counted regions only."""
    choose = lambda n: data.draw(st.integers(0, n - 1)) if n > 1 else 0  # noqa: E731
    players = ["Al", "Betty", "Carl", "Dot"] if four else ["Al", "Betty"]
    for before, event in play(choose, players, "popular", known=True, options={"ballot_deck_size": 8}):
        if before.phase in ("tally", "over"):
            spectator = SYSTEM.view(before, SPECTATOR)
            tally = spectator["tally"]
            assert tally == SYSTEM.view(before, EVERYONE)["tally"] == SYSTEM.view(before, Perspective("seat", "Al"))["tally"]
            counted = set(spectator["counted"])
            assert (tally is None) == (not counted)
            if tally is not None:
                assert {s["region"] for s in tally["electoral"]["states"]} <= counted
                assert all(r["counted"] == (r["region"] in counted) for r in tally["popular"]["regions"])
                assert all(r.keys() == {"region", "counted"} for r in tally["popular"]["regions"] if not r["counted"])
                assert (tally["popular"]["national"] is None) == (before.phase != "over")
            uncounted = {s["abbr"] for r in spectator["board"]["regions"] if r["name"] not in counted for s in r["states"]}
            shown = [b for b in spectator["ballots"] if b["state"] in uncounted or b["state"] is None]
            assert all(b["votes"] is None for b in shown)
        if event is None or isinstance(event, ev.RegionCounted):
            continue
        if before.party_of and before.phase in ("campaign", "absentee"):
            seat = Perspective("seat", "Al")
            al_party = PARTIES[before.party_of[0]]
            for ballot in SYSTEM.view(before, SPECTATOR)["ballots"]:
                assert ballot["votes"] is None
            for ballot in SYSTEM.view(before, seat)["ballots"]:
                assert (ballot["votes"] is None) == (ballot["party"] != al_party)
            if isinstance(event, (ev.BallotsCast, ev.AbsenteeBallotsCast, ev.PressEndorsed, ev.HeadquartersVisited)):
                spectator = SYSTEM.redact(before, event, SPECTATOR)
                assert all(b["votes"] is None for b in spectator["ballots"])
                everyone = SYSTEM.redact(before, event, EVERYONE)
                assert [b["votes"] for b in everyone["ballots"]] == [b.votes for b in event.ballots]
            assert SYSTEM.describe(before, event)
