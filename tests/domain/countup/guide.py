"""What Count Up's guide page cannot read off its event types."""

from __future__ import annotations

from domain.protocol import MatchSetup, Rule

from .events import NumberSaid
from .rules import HIGHER, OVER, TURN

EXAMPLE_SETUPS = (MatchSetup(system="countup", players=["Al", "Bo"]),)


def answers_to(event_type: type) -> list[Rule]:
    return [OVER, TURN, HIGHER] if event_type is NumberSaid else []
