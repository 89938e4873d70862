"""Count Up's state, `initial` and `EVOLVERS`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from msgspec.structs import replace

from .events import MatchCreated, NumberSaid


class State(msgspec.Struct, frozen=True, kw_only=True):
    step: int
    match: MatchCreated
    last: int = 0
    said: tuple[tuple[str, int, int], ...] = ()  # (player, number, step)

    @property
    def turn(self) -> str:
        return self.match.players[len(self.said) % len(self.match.players)]

    @property
    def over(self) -> bool:
        return self.last >= self.match.ruleset.target


def initial(created: MatchCreated) -> State:
    return State(step=1, match=created)


def evolve_number_said(state: State, event: NumberSaid) -> State:
    return replace(state, last=event.number, said=(*state.said, (event.player, event.number, state.step)))


EVOLVERS: dict[type, Callable[[Any, Any], Any]] = {NumberSaid: evolve_number_said}
