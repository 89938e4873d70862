"""Every fixture of fixtures/president replays with its checks and ends with the
standings worked out by hand in its `expected`."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from domain.fold import record, replay
from domain.president import SYSTEM
from domain.president.events import Action
from domain.protocol import MatchSetup

FIXTURES = sorted((Path(__file__).parents[3] / "fixtures" / "president").glob("*.json"))
DECODE = msgspec.json.Decoder(list[Action])


def load(path: Path):
    data = json.loads(path.read_text())
    setup = msgspec.convert(data["setup"], MatchSetup)
    events = DECODE.decode(json.dumps(data["events"]))
    return data, SYSTEM.start(setup), events


def test_there_are_fixtures_of_every_mode():
    modes = {json.loads(path.read_text())["setup"]["mode"] for path in FIXTURES}
    assert {"full", "public"} <= modes


@pytest.mark.parametrize("path", FIXTURES, ids=[path.stem for path in FIXTURES])
def test_fixture_replays_to_its_expected_standings(path):
    data, created, events = load(path)
    checked = record(SYSTEM, SYSTEM.initial(created), events)
    assert replay(SYSTEM, created, events) == checked
    standings = SYSTEM.standings(checked)
    assert standings.final == data["expected"]["final"]
    got = {p.player: (p.place, p.score) for p in standings.placings}
    want = {p["player"]: (p["place"], p["score"]) for p in data["expected"]["placings"]}
    assert got == want
    games = standings.details["games"]
    for placing in standings.placings:
        played = [game["ended_at_step"] for game in games if placing.player in game["finishing_order"]]
        assert placing.steps == played and played
    assert len(games) >= 2


@pytest.mark.parametrize("path", FIXTURES, ids=[path.stem for path in FIXTURES])
def test_fixture_events_round_trip_through_json(path):
    _, created, events = load(path)
    assert msgspec.json.decode(msgspec.json.encode(created), type=type(created)) == created
    assert DECODE.decode(msgspec.json.encode(events)) == events
