"""Count Up's system: `start` and the protocol object."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.protocol import SPECTATOR, Choice, IllegalAction, MatchSetup, Perspective, Standings
from domain.system_base import SystemBase

from . import choices, guide, notation, option_words, standings, views, words
from .checks import CHECKS, check_every
from .events import ACTION_TYPES, Action, MatchCreated
from .rules import PLAYERS, SETUP
from .ruleset import DEFAULT_PRESET, PRESETS, resolve
from .state import EVOLVERS, State, initial


def check_table(players: Sequence[str], mode: str) -> None:
    """“Two to six players play, each under a name of their own.” “… with every number said at the table recorded.”"""
    if not 2 <= len(players) <= 6 or len(set(players)) != len(players):
        raise IllegalAction(f"{len(players)} players, or a name twice: Count Up is for 2 to 6, each named once", PLAYERS)
    if mode != "full":
        raise IllegalAction(f"every number said is recorded: mode 'full', not {mode!r}", SETUP)


class CountUp(SystemBase[State, Action]):
    name = "countup"
    title = "Count Up"
    presets = PRESETS
    setup_words = option_words.WORDS
    notation = notation
    guide = guide
    created_type = MatchCreated
    action_types = ACTION_TYPES
    checks = CHECKS
    evolvers = EVOLVERS
    unknown_event = SETUP

    def start(self, setup: MatchSetup) -> MatchCreated:
        ruleset = resolve(setup.preset, setup.options)
        created = MatchCreated(title=setup.title, preset=setup.preset or DEFAULT_PRESET, mode=setup.mode or "full",
                               players=tuple(setup.players), ruleset=ruleset)
        self.check_created(created)
        return created

    def check_created(self, created: MatchCreated) -> None:
        check_table(created.players, created.mode)

    def initial(self, created: MatchCreated) -> State:
        return initial(created)

    def check_every(self, state: State, event: Any) -> None:
        check_every(state, event)

    def view(self, state: State, perspective: Perspective) -> dict[str, Any]:
        return views.view(state, perspective)

    def redact(self, state: State, event: Any, perspective: Perspective) -> dict[str, Any]:
        return views.redact(state, event, perspective)

    def standings(self, state: State) -> Standings:
        return standings.standings(state)

    def describe(self, state: State, event: Any, after: State | None = None, perspective: Perspective = SPECTATOR) -> str:
        return words.describe(state, event, perspective)

    def allowed(self, state: State) -> list[Choice]:
        return choices.allowed(state)

    def finished(self, state: State) -> bool:
        return state.over

    def players(self, state: State) -> Sequence[str]:
        return state.match.players


SYSTEM = CountUp()
