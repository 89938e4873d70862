"""Count Up's `describe`."""

from __future__ import annotations

from typing import Any

from domain.protocol import Perspective

from .state import State


def describe(state: State, event: Any, perspective: Perspective) -> str:
    return f"{event.player} says {event.number}"
