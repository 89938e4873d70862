"""Count Up's standings: who said the target first, then the others in seat order."""

from __future__ import annotations

from domain.protocol import Placing, Standings

from .state import State


def standings(state: State) -> Standings:
    if not state.over:
        return Standings(final=False, placings=[Placing(player=p, place=1) for p in state.match.players])
    winner, _, step = state.said[-1]
    others = [p for p in state.match.players if p != winner]
    return Standings(final=True, placings=[Placing(player=winner, place=1, reason="said the target", steps=[step]),
                                           *(Placing(player=p, place=2) for p in others)])
