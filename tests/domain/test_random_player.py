"""The random legal player (fixtures/random_player.py): its picks stay within their bounds, the President
match the benchmarks replay is legal and ends between games, and a match `allowed` leaves with no choice
before its end stops the player loudly instead of ending short."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.bid import SYSTEM as BID
from domain.fold import record
from domain.president import SYSTEM as PRESIDENT
from domain.president.events import MatchEnded
from domain.protocol import MatchSetup, Pick
from fixtures.random_player import Stuck, pick_value, play_president, play_random, pool, within

PICKS = st.one_of(
    st.builds(lambda among: Pick(field="x", among=among), st.lists(st.integers(1, 6), min_size=1, max_size=6)),
    # two dice: a face may show twice (a number's limit is keyed by its string, as JSON keys are)
    st.just(Pick(field="dice", among=[1, 2, 3, 4, 5, 6], least=2, most=2, limits={str(d): 2 for d in range(1, 7)})),
    st.builds(
        lambda cards, least: Pick(field="cards", among=cards, least=least, most=len(cards), limits={"9H": 2}),
        st.lists(st.sampled_from(["3C", "9H", "QS", "AD"]), min_size=2, max_size=4, unique=True),
        st.integers(0, 2),
    ),
)


@settings(max_examples=60, deadline=None)
@given(pick=PICKS, seed=st.integers(0, 2**16))
def test_a_filled_pick_is_within_its_bounds(pick, seed):
    assert within(pick, pick_value(pick, random.Random(seed)))


def test_a_value_listed_once_is_taken_as_often_as_its_limit_says():
    dice = Pick(field="dice", among=[1, 2, 3], least=2, most=2, limits={"2": 2})
    assert pool(dice) == [1, 2, 2, 3]
    assert within(dice, [2, 2]) and not within(dice, [1, 1]) and not within(dice, [4, 1])


@pytest.mark.parametrize("events", [4, 300])
def test_the_benchmark_match_is_legal_and_ends_between_games(events):
    setup, actions = play_president(events, seed=7, players=["Al", "Betty", "Carl", "Dana"])
    assert len(actions) >= events - 1 and isinstance(actions[-1], MatchEnded)
    final = record(PRESIDENT, PRESIDENT.initial(PRESIDENT.start(setup)), actions)
    assert PRESIDENT.finished(final) and final.games


class NothingAllowed:
    """Presidential Bid with an `allowed` that forgets every action."""

    def __getattr__(self, name):
        return getattr(BID, name)

    def allowed(self, state):
        return []


def test_a_match_with_nothing_allowed_before_its_end_stops_the_player():
    created = BID.start(MatchSetup(system="bid", players=["Al", "Betty"]))
    assert BID.finished(record(BID, BID.initial(created), play_random(BID, created, random.Random(1))))
    with pytest.raises(Stuck):
        play_random(NothingAllowed(), created, random.Random(1))
