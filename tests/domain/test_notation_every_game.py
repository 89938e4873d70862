"""Every game's notation, without a list of games: a random legal match from the setup of each of its
fixtures (fixtures/<name>/*.json) is written and read back to the same setup and events. A new game with
fixtures is checked here without editing a test (tests/domain/test_notation.py adds setups of its own:
options, modes and names the fixtures do not hold)."""

from __future__ import annotations

import random

import pytest

import domain
from domain.notation_file import parse_match, write_match
from fixtures.random_player import play_random
from service.records.fixtures import fixture_files, read

STEPS = 80  # actions of each random match: enough to pass the first deal, bid or campaign turn


@pytest.mark.parametrize("path", fixture_files(), ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_a_random_legal_match_from_each_fixtures_setup_round_trips_through_its_notation(path):
    setup = read(path).setup
    system = domain.find(setup.system)
    created = system.start(setup)
    events = play_random(system, created, random.Random(path.stem), steps=STEPS)
    text = write_match([created, *events])
    parsed_setup, parsed = parse_match(text)
    assert system.start(parsed_setup) == created
    assert parsed == events
