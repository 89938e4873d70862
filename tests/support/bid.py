"""The Presidential Bid fixture games (fixtures/bid/*.json), read as a system, its created
event and its actions."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec

from domain import find
from domain.bid.events import Event
from domain.protocol import MatchSetup


FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "bid"


FILES = sorted(FIXTURES.glob("*.json"))


def load(path: Path):
    game = json.loads(path.read_text())
    system = find(game["setup"]["system"])
    created = system.start(msgspec.convert(game["setup"], MatchSetup))
    actions = [msgspec.convert(event, Event) for event in game["events"]]
    return game, system, created, actions
