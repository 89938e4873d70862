"""The views a replay builds step after step take the parts a step left alone from the
view before (President's and Mr. President's walking viewers; Presidential Bid's view
keeps what only the decided districts make): they are the views built from nothing, for
every step and reader of every fixture, in the order of a replay and in any other."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from domain.bid import views as bid_views
from domain.protocol import EVERYONE, SPECTATOR, Perspective
from service.records import fixtures
from service.usecases.app import Recount


def from_nothing(system: Any, state: Any, perspective: Perspective) -> Any:
    bid_views._decided = None  # Bid's kept parts forgotten: built from the state alone
    return system.view(state, perspective)


@pytest.mark.parametrize("path", fixtures.fixture_files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_views_of_a_walk_are_the_views_built_from_nothing(recount: Recount, path: Path) -> None:
    match = fixtures.record(recount, fixtures.read(path))
    log = recount.log(match.match_id)
    system = log.system
    states = [after for _, _, after in log.walk(1, log.version)]
    for perspective in [SPECTATOR, EVERYONE, *(Perspective(kind="seat", seat=p) for p in system.players(log.state))]:
        expected = [from_nothing(system, state, perspective) for state in states]
        walker = system.viewer(perspective)
        assert [walker(state) for state in states] == expected, perspective
        order = list(range(len(states)))
        random.Random(len(states)).shuffle(order)
        walker = system.viewer(perspective)
        for i in order:
            assert walker(states[i]) == expected[i], (perspective, i)
