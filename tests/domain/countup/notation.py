"""Count Up in notation: `Al says 4`, terse `a 4`."""

from __future__ import annotations

import msgspec

from domain.notation import NotationError, leading_player, number
from domain.protocol import MatchSetup

from .events import MatchCreated, NumberSaid
from .ruleset import PRESETS
from .state import State


def setup_of(created: MatchCreated) -> MatchSetup:
    base, mine = msgspec.to_builtins(PRESETS[created.preset]), msgspec.to_builtins(created.ruleset)
    return MatchSetup(system="countup", players=list(created.players), preset=created.preset, mode=created.mode, title=created.title,
                      options={key: value for key, value in mine.items() if base.get(key) != value})


def write(state: State, event: msgspec.Struct) -> str:
    if isinstance(event, NumberSaid):
        return f"{event.player} says {event.number}"
    raise NotationError(f"Count Up has no words for {type(event).__name__}")


def parse(state: State, line: str) -> msgspec.Struct:
    player, rest = leading_player(state.match.players, line)
    words = rest.split()
    if words[:1] == ["says"]:
        words = words[1:]
    if len(words) != 1:
        raise NotationError(f"{line!r}: a player and a number (`Al says 4`, `a 4`)", rest)
    return NumberSaid(player=player, number=number(words[0], "the number said"))
