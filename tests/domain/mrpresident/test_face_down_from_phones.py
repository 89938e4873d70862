"""Each player records their own Ballots, dice and cards from their phone; what a party holds or casts
face down stays hidden from the other party until it is counted.

Given a random legal campaign (fixtures/random_player.py), when an event casts Ballots face down for
a party, then the other party's seats and spectators read the same event, the same words and the same
table whatever those Ballots' votes are (and, for Absentee Ballots, whatever their seals and states):
mr-president.md § CAMPAIGNING, “To campaign, you cast Ballots from your hand *face down*”; § DEBATE,
“These risked Ballots are placed face down on the Ballot Box”; § ABSENTEE BALLOTS, “they do not,
however, announce the casting of these Ballots to their opponents”. Ballots given by a Rumor's target
are seen by both parties (“If the candidate who drew the Rumor card is given cards by his opponent, he
must cast them immediately”), so they are not among them. The rows below are one per kind of event.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.mrpresident.board import PARTIES
from domain.protocol import SPECTATOR, MatchSetup, Perspective
from fixtures.random_player import play_random
from tests.support.mrpresident import ballot, cast, given as given_state, roll


def turned(ballots: list[ev.Ballot], state: Any, unannounced: bool) -> list[ev.Ballot]:
    """The same Ballots with other votes (typed in for none left out, left out for one typed in); where
    they are not even announced, other seals and states too."""
    abbrs = sorted(state.board.by_abbr)
    out = []
    for b in ballots:
        other = msgspec.structs.replace(b, votes=9 if b.votes is None else None)
        if unannounced:
            other = msgspec.structs.replace(other, seal="VP" if b.seal == "P" else "P", state=abbrs[(abbrs.index(b.state) + 1) % len(abbrs)])
        out.append(other)
    return out


def party_of(state: Any, player: str) -> int:
    return state.party_of[state.seat_of(player)]


def face_down_turned(state: Any, event: Any, party: int) -> Any | None:
    """`event` with every Ballot `party` casts face down in it turned (see `turned`); None when it casts none."""
    replace = msgspec.structs.replace
    if isinstance(event, (ev.BallotsCast, ev.HeadquartersVisited, ev.PressEndorsed, ev.Advertised)):
        return replace(event, ballots=turned(event.ballots, state, False)) if event.ballots and party_of(state, event.player) == party else None
    if isinstance(event, ev.AbsenteeBallotsCast):
        return replace(event, ballots=turned(event.ballots, state, True)) if event.ballots and PARTIES.index(event.party) == party else None
    if isinstance(event, ev.Debated):
        field = "risked" if party_of(state, event.player) == party else "opponent_risked"
        ballots = getattr(event, field)
        return replace(event, **{field: turned(ballots, state, False)}) if ballots else None
    if isinstance(event, (ev.BulletinDrawn, ev.HeadquartersCardDrawn)):
        effects = [
            replace(effect, ballots=turned(effect.ballots, state, False)) if party_of(state, effect.player) == party else effect
            for effect in event.effects
        ]
        return replace(event, effects=effects) if effects != event.effects else None
    return None


def other_party_readers(state: Any, party: int) -> list[Perspective]:
    return [SPECTATOR] + [Perspective("seat", name) for name, member in zip(state.players, state.party_of) if member != party]


def assert_hidden_from_the_other_party(before: Any, event: Any, party: int) -> bool:
    """True when `event` casts Ballots face down for `party` (and they were found hidden)."""
    other = face_down_turned(before, event, party)
    if other is None:
        return False
    after, other_after = SYSTEM.evolve(before, event), SYSTEM.evolve(before, other)
    for reader in other_party_readers(before, party):
        assert SYSTEM.redact(before, event, reader) == SYSTEM.redact(before, other, reader), (reader, event)
        assert SYSTEM.describe(before, event, after, reader) == SYSTEM.describe(before, other, other_after, reader), (reader, event)
        # § DEBATE: “If you win the debate, you cast *all* risked Ballots”: the winner's party then holds the
        # loser's risked Ballots, so after a debate only the event and its words are compared.
        if not isinstance(event, ev.Debated):
            assert SYSTEM.view(after, reader) == SYSTEM.view(other_after, reader), (reader, event)
    return True


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), four=st.booleans(), preset=st.sampled_from(["basic", "advanced"]), deck=st.sampled_from([8, 14]))
def test_face_down_ballots_stay_hidden_from_the_other_party(seed, four, preset, deck):
    players = ["Al", "Betty", "Carl", "Dot"] if four else ["Al", "Betty"]
    created = SYSTEM.start(MatchSetup(system="mrpresident", players=players, preset=preset, mode="popular", options={"ballot_deck_size": deck}))
    state = SYSTEM.initial(created)
    hidden = 0
    for event in play_random(SYSTEM, created, random.Random(seed)):
        hidden += sum(assert_hidden_from_the_other_party(state, event, party) for party in (0, 1) if state.party_of)
        state = SYSTEM.evolve(state, event)
    assert hidden, "a campaign casts Ballots face down"


# (name citing the rules text, events before, the event, the party casting face down in it)
ROWS = [
    ("§ CAMPAIGNING: “To campaign, you cast Ballots from your hand face down”",
     [roll("Al", "Eastern", 1, 2)], cast("Al", "CT", "MD"), "Republican"),
    ("§ GOING TO CAMPAIGN HEADQUARTERS: “you may cast any Ballots you hold for this state before drawing”",
     [roll("Al", "Eastern", 3, 4)], ev.HeadquartersVisited(player="Al", home_state="KY", ballots=[ballot("KY", votes=6)]), "Republican"),
    ("§ ABSENTEE BALLOTS: “they do not, however, announce the casting of these Ballots to their opponents”",
     [roll("Al", "Eastern", 1, 2), cast("Al", "CT", "MD"), roll("Betty", "Eastern", 1, 2), cast("Betty", "CT")],
     ev.AbsenteeBallotsCast(party="Republican", ballots=[ballot("NY", votes=9)], set_aside=6), "Republican"),
]


@pytest.mark.parametrize(("name", "events", "event", "party"), ROWS, ids=[row[0] for row in ROWS])
def test_face_down_ballots_in_a_row(name, events, event, party):
    options = {"ballot_deck_size": 4} if isinstance(event, ev.AbsenteeBallotsCast) else {}
    players = ["Al", "Betty"] if options else ["Al", "Betty", "Carl", "Dot"]
    before = given_state(*events, players=players, **options)
    SYSTEM.check(before, event)
    assert assert_hidden_from_the_other_party(before, event, PARTIES.index(party))
