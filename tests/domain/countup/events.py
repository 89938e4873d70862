"""Count Up's events."""

from __future__ import annotations

import msgspec

from .ruleset import Ruleset


class MatchCreated(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """Step 1: the players in seat order and the resolved ruleset."""

    title: str = ""
    preset: str
    mode: str = "full"
    players: tuple[str, ...]
    ruleset: Ruleset


class NumberSaid(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """A player says a number, higher than the one before."""

    player: str
    number: int


ACTION_TYPES = (NumberSaid,)
Action = NumberSaid
