"""Folding a stream of events into a state: the one way to replay a match."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import msgspec

from domain.protocol import GameSystem


def replay(system: GameSystem, created: msgspec.Struct, actions: Iterable[msgspec.Struct]) -> Any:
    """The state after `created` and `actions`, trusting them (no checks: a stored
    stream always replays)."""
    state = system.initial(created)
    for event in actions:
        state = system.evolve(state, event)
    return state


def checked_states(system: GameSystem, state: Any, actions: Iterable[msgspec.Struct]) -> Iterator[Any]:
    """Check then apply each action in turn, yielding the state after each; raises
    IllegalAction at the first one the rules forbid."""
    for event in actions:
        system.check(state, event)
        state = system.evolve(state, event)
        yield state


def record(system: GameSystem, state: Any, actions: Iterable[msgspec.Struct]) -> Any:
    """The state after checking and applying every action; raises IllegalAction at
    the first one the rules forbid (the caller then records none of them)."""
    for state in checked_states(system, state, actions):
        pass
    return state
