"""Count Up's views: everything is said aloud, so every perspective sees all of it."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.protocol import Perspective

from .state import State


def view(state: State, perspective: Perspective) -> dict[str, Any]:
    return {"players": list(state.match.players), "last": state.last, "target": state.match.ruleset.target,
            "turn": None if state.over else state.turn}


def redact(state: State, event: msgspec.Struct, perspective: Perspective) -> dict[str, Any]:
    return msgspec.to_builtins(event)
