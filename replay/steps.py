"""What the live stream sends beside a match's frames, worked out once a step: the
standings and what the rules allow as of a step (`StepCache`), and such a value as a
patch of itself as of an earlier step (`step_patch`). Knows the game-system protocol,
never a single game."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

from domain.protocol import GameSystem, Standings
from replay.patches import diff

if TYPE_CHECKING:
    from replay.frames import Log


class StepPatch(msgspec.Struct, frozen=True, kw_only=True):
    """A value as of step `version` (the standings, the allowed actions), as `patch` of
    that value as of step `base` (0: the patch is the whole value)."""

    version: int
    base: int
    patch: Any


class StepCache:
    """What `of(system, state)` gives for a match as of a step, for the live stream:
    every follower of a channel (and, for what is public, every channel) asks for the
    same ones, and each step's are worked out once. Keeps the last few steps per match."""

    KEPT = 8

    def __init__(self, of: Callable[[GameSystem, Any], Any]) -> None:
        self.of = of
        self._lock = threading.Lock()
        self._by_match: OrderedDict[str, OrderedDict[int, Any]] = OrderedDict()

    def at(self, log: Log, step: int) -> Any:
        with self._lock:
            known = self._by_match.get(log.stream)
            if known is not None and step in known:
                return known[step]
        # `head` is (version, state) replaced as one value: the latest state is never paired with another step.
        version, latest = log.head
        state = latest if step == version else log.state_at(step)
        found = self.of(log.system, state)
        with self._lock:
            known = self._by_match.setdefault(log.stream, OrderedDict())
            self._by_match.move_to_end(log.stream)
            known[step] = found
            while len(known) > self.KEPT:
                known.popitem(last=False)
            while len(self._by_match) > 1024:
                self._by_match.popitem(last=False)
        return found


def standings_of(system: GameSystem, state: Any) -> Standings:
    return system.standings(state)


def step_patch(cache: StepCache, log: Log, base: int, version: int) -> StepPatch:
    """The cache's value as of `version` as a patch of it as of `base` (0: whole)."""
    now = msgspec.to_builtins(cache.at(log, version))
    if base < 1:
        return StepPatch(version=version, base=0, patch=now)
    return StepPatch(version=version, base=base, patch=diff(msgspec.to_builtins(cache.at(log, base)), now))


def allowed_of(system: GameSystem, state: Any) -> dict[str, Any]:
    """What the rules allow in `state`, as plain data (a live message patches it)."""
    return {"finished": system.finished(state), "choices": msgspec.to_builtins(list(system.allowed(state)))}
