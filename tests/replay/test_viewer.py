"""The views a walk builds (the system's `viewer`: a game's own `viewer`, which reuses the parts of
the view of the state before that a state shares with it) are the views `system.view` builds, for
random legal matches of every system and preset, every perspective, states in play order and in
any order (the reuse must hold against whatever state was viewed before)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domain
from domain.protocol import EVERYONE, SPECTATOR, MatchSetup, Perspective
from fixtures.random_player import play_random

FOUR = ["Al", "Betty", "Carl", "Dana"]
SETUPS = [
    *(MatchSetup(system="president", players=FOUR, preset=p, mode=m) for p in ("classic", "friday", "deck") for m in ("full", "public")),
    *(MatchSetup(system="president", players=[*FOUR, "Eve"], preset="daifugo", mode=m) for m in ("full", "public")),
    MatchSetup(system="president", players=["Al", "Bo"], preset="friday", options={"blind": True}, mode="full"),
    *(MatchSetup(system="bid", players=["Al", "Betty", "Carl"], preset=p) for p in ("text", "all-cards")),
    *(MatchSetup(system="mrpresident", players=FOUR, preset=p, mode=m) for p in ("basic", "advanced") for m in ("popular", "electoral")),
]


def states_of(setup: MatchSetup, seed: int, steps: int) -> tuple[object, list[object]]:
    system = domain.find(setup.system)
    created = system.start(setup)
    state = system.initial(created)
    states = [state]
    for event in play_random(system, created, random.Random(seed), steps=steps):
        state = system.evolve(state, event)
        states.append(state)
    return system, states


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**32 - 1))
def test_a_walk_views_every_state_as_view_does(setup, seed):
    system, states = states_of(setup, seed, steps=150)
    perspectives = [SPECTATOR, EVERYONE, *(Perspective("seat", seat=player) for player in setup.players)]
    shuffled = random.Random(seed).sample(states, len(states))
    for perspective in perspectives:
        in_order, any_order = system.viewer(perspective), system.viewer(perspective)
        for state in states:
            assert in_order(state) == system.view(state, perspective)
        for state in shuffled:
            assert any_order(state) == system.view(state, perspective)


def test_a_walk_shares_the_parts_an_event_left_alone():
    """The reuse is real: the seating a step did not change is the object the view before held."""
    system, states = states_of(SETUPS[0], seed=3, steps=40)
    view = system.viewer(SPECTATOR)
    seen = [view(state) for state in states]
    assert seen[-1]["seating"] is seen[-2]["seating"]
