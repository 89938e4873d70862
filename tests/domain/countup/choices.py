"""Count Up's `allowed`: the number the player whose turn it is may say."""

from __future__ import annotations

from domain.protocol import Choice, Pick

from .state import State


def allowed(state: State) -> list[Choice]:
    if state.over:
        return []
    ruleset = state.match.ruleset
    numbers = list(range(state.last + 1, min(state.last + ruleset.step, ruleset.target) + 1))
    return [Choice(type="NumberSaid", label=f"{state.turn} says a number", player=state.turn, event={"player": state.turn},
                   picks=[Pick(field="number", among=numbers, label="the number")])]
