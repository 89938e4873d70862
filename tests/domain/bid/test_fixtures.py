"""Every fixture game replays with checks to the standings worked out by hand."""

from __future__ import annotations


import pytest

from domain.fold import record, replay
from tests.support.bid import FILES, load


def test_there_are_fixtures():
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_fixture_standings(path):
    game, system, created, actions = load(path)
    state = record(system, system.initial(created), actions)
    assert replay(system, created, actions) == state
    standings = system.standings(state)
    assert standings.final == game["expected"]["final"]
    got = {p.player: (p.place, p.score) for p in standings.placings}
    assert got == {p["player"]: (p["place"], p["score"]) for p in game["expected"]["placings"]}


def test_the_fixtures_show_every_tie_break():
    """Between them: a two- and a three-player game, a tied district, and regions won
    on districts, on the highest card, on the second card, and left neutral."""
    seen: set[tuple[str, int]] = set()
    player_counts: set[int] = set()
    tied_districts = 0
    for path in FILES:
        _, system, created, actions = load(path)
        state = replay(system, created, actions)
        player_counts.add(len(system.players(state)))
        tied_districts += sum(1 for district in state.districts if district.winner is None)
        for region in system.standings(state).details["regions"]:
            seen.add((region["rule"], region["depth"]))
    assert player_counts == {2, 3}
    assert tied_districts > 0
    assert {("bid.region.most", 0), ("bid.region.highest", 1), ("bid.region.second", 2), ("bid.region.neutral", 0)} <= seen
