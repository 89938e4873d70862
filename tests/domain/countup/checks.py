"""Count Up's checks, each citing its sentence."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.protocol import IllegalAction

from .events import NumberSaid
from .rules import HIGHER, OVER, TURN
from .state import State


def check_every(state: State, event: Any) -> None:
    """“The player who says the target wins, and the match is over.”"""
    if state.over:
        raise IllegalAction("the match is over", OVER)


def check_number_said(state: State, event: NumberSaid) -> None:
    """“Players take turns, in seat order, saying a number.” “Each number is higher than the one before, by at
    most the ruleset's step, and never past the target.”"""
    if event.player != state.turn:
        raise IllegalAction(f"it is {state.turn}'s turn, not {event.player}'s", TURN)
    ruleset = state.match.ruleset
    if not state.last < event.number <= min(state.last + ruleset.step, ruleset.target):
        raise IllegalAction(f"{event.number} is not from {state.last + 1} to {min(state.last + ruleset.step, ruleset.target)}", HIGHER)


CHECKS: dict[type, Callable[[Any, Any], None]] = {NumberSaid: check_number_said}
