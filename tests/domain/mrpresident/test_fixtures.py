"""Every Mr. President fixture replays with checks to the standings and tallies it
expects (worked out by fixtures/mrpresident/make_games.py from its own Ballot Box)."""

from __future__ import annotations

import json
from pathlib import Path

from typing import Union

import msgspec
import pytest

from domain.fold import record, replay
from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.protocol import EVERYONE, SPECTATOR, MatchSetup, Perspective

FIXTURES = sorted((Path(__file__).resolve().parents[3] / "fixtures" / "mrpresident").glob("*.json"))
ACTION = msgspec.json.Decoder(Union[ev.ACTION_TYPES])  # type: ignore[valid-type]


def load(path: Path):
    data = json.loads(path.read_text())
    created = SYSTEM.start(msgspec.convert(data["setup"], MatchSetup))
    actions = [ACTION.decode(json.dumps(e)) for e in data["events"]]
    return data, created, actions


def test_there_are_two_and_four_player_fixtures_in_both_modes():
    setups = [json.loads(p.read_text())["setup"] for p in FIXTURES]
    assert {len(s["players"]) for s in setups} == {2, 4}
    assert {s["mode"] for s in setups} == {"popular", "electoral"}


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture_replays_to_its_expected_standings(path):
    data, created, actions = load(path)
    state = record(SYSTEM, SYSTEM.initial(created), actions)
    assert replay(SYSTEM, created, actions) == state
    standings = SYSTEM.standings(state)
    expected = data["expected"]
    assert standings.final == expected["final"] == SYSTEM.finished(state)
    got = {p.player: (p.place, p.score) for p in standings.placings}
    assert got == {p["player"]: (p["place"], p["score"]) for p in expected["placings"]}

    tallies = expected["tallies"]
    assert standings.details["popular"]["totals"] == tallies["popular"]
    assert standings.details["electoral"]["totals"] == tallies["electoral"]
    for region in standings.details["popular"]["regions"]:
        assert region["votes"] == tallies["regions"][region["region"]]["votes"]
        assert region["additional_votes"] == tallies["regions"][region["region"]]["additional"]
    carried = {s["state"]: s["carried_by"] for s in standings.details["electoral"]["states"] if s["carried_by"]}
    assert carried == tallies["carried"]
    assert dict(zip(("Republican", "Democratic"), state.absentee_due)) == expected["absentee_ballots"]
    if "advanced" in expected:
        # funds, debates won and the first five Absentee Ballots, as make_advanced.py's own ledger has them
        for party, ledger in expected["advanced"].items():
            got = standings.details["advanced"][party]
            assert {k: got[k] for k in ledger} == ledger
    if "first_game" in expected:
        # an incumbent year as one match: the first game's tally and President, as make_advanced.py has them
        first = standings.details["games"][0]["details"]
        assert first["electoral"]["totals"] == expected["first_game"]["electoral"]
        assert first["popular"]["totals"] == expected["first_game"]["popular"]
        begun = [a for a in actions if isinstance(a, ev.IncumbentYearBegun)]
        assert [(b.party, b.president) for b in begun] == [tuple(expected["first_game"]["elected"].values())]
        assert standings.details["advanced"]["incumbent"] == expected["first_game"]["elected"]


def test_the_advanced_fixtures_use_every_part():
    """Nomination (four and two players), advertising, fund raising, debates, and an
    incumbent year (electoral), each in a fixture."""
    found = {}
    for path in FIXTURES:
        data = json.loads(path.read_text())
        if data["setup"]["preset"] == "advanced":
            found[(len(data["setup"]["players"]), data["setup"]["mode"], bool(data["setup"]["options"].get("incumbent_year")))] = {e["type"] for e in data["events"]}
    assert set(found) == {(4, "electoral", False), (2, "popular", False), (4, "electoral", True)}
    for types in found.values():
        assert {"Advertised", "FundsRaised", "Debated"} <= types
    assert {"CandidatesLaidOut", "CandidatePicked"} <= found[(4, "electoral", False)]
    assert "CandidatesLaidOut" in found[(2, "popular", False)]


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture_views_and_words(path):
    data, created, actions = load(path)
    state = SYSTEM.initial(created)
    first = data["setup"]["players"][0]
    for action in actions:
        line = SYSTEM.describe(state, action)
        assert line and "None" not in line
        for perspective in (SPECTATOR, EVERYONE, Perspective("seat", first)):
            msgspec.json.encode(SYSTEM.redact(state, action, perspective))
        state = SYSTEM.evolve(state, action)
    for perspective in (SPECTATOR, EVERYONE, Perspective("seat", first)):
        msgspec.json.encode(SYSTEM.view(state, perspective))
    msgspec.json.encode(SYSTEM.standings(state))
