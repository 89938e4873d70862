"""Corrections: history is never rewritten (DESIGN.md, principle 5).

A recording mistake is fixed by a later event that voids an earlier one, or amends
it (puts another action in its place). The events in effect at a step are the
stream's actions up to that step, less those voided, with amendments in place of
what they amend; the state at a step is the fold of the events in effect then. A
correction is accepted only if every action after the one it corrects is still
legal once it is made (so the record stays a legal game), and the replay shows both
the mistake and its correction.

These structs are the same for every game system; only the amendment's action has a
system's own type (`amendment_type`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, Generic, TypeVar, Union

import msgspec
from msgspec.structs import replace

from domain.protocol import GameSystem, IllegalAction, Rule

A = TypeVar("A")

NEVER_REWRITTEN = Rule(
    id="recount.corrections",
    source="docs/house-rules.md § Corrections",
    quote="A recording mistake is fixed by a correction event that voids or amends an earlier one; "
    "everything after it is re-checked, and the replay shows both.",
)


class EventVoided(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """The action recorded at `step` did not happen at the table."""

    step: int
    reason: str = ""


class EventAmended(msgspec.Struct, Generic[A], frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """What happened at `step` was `event`, not what was recorded."""

    step: int
    event: A
    reason: str = ""


CORRECTIONS = (EventVoided, EventAmended)


@cache
def amendment_type(system: GameSystem) -> Any:
    """`EventAmended` over the system's actions (a type msgspec can decode)."""
    return EventAmended[Union[system.action_types]]  # noqa: UP007 - a runtime union


def correction_types(system: GameSystem) -> tuple[type, ...]:
    return (EventVoided, amendment_type(system))


def is_correction(event: object) -> bool:
    return isinstance(event, CORRECTIONS)


def in_effect(events: Iterable[tuple[int, msgspec.Struct]]) -> list[tuple[int, msgspec.Struct]]:
    """(step, action) in effect after every correction among `events` (which are
    (step, event) pairs from step 2 on, corrections included)."""
    events = list(events)
    voided: set[int] = set()
    amended: dict[int, msgspec.Struct] = {}
    for _, event in events:
        if isinstance(event, EventVoided):
            voided.add(event.step)
            amended.pop(event.step, None)
        elif isinstance(event, EventAmended):
            amended[event.step] = event.event
            voided.discard(event.step)
    return [
        (step, amended.get(step, event))
        for step, event in events
        if not is_correction(event) and step not in voided
    ]


def at_step(system: GameSystem, state: Any, step: int) -> Any:
    """The state relabelled as the state at `step` (a correction occupies a step but
    changes no game event, so the steps of the events in effect have gaps)."""
    return state if state.step == step else replace(state, step=step)


def advance(system: GameSystem, state: Any, step: int, event: msgspec.Struct) -> Any:
    """`evolve` for the action recorded at `step`, whatever steps came between."""
    return system.evolve(at_step(system, state, step - 1), event)


def refold(
    system: GameSystem,
    created: msgspec.Struct,
    events: Sequence[tuple[int, msgspec.Struct]],
    *,
    check_from: int | None = None,
    describe: Callable[[int], str] = str,
) -> Any:
    """The state after `events` (from step 2, corrections included), folding the
    actions in effect; actions from step `check_from` on are checked again, and the
    first one the correction makes illegal is reported."""
    return refold_from(system, 1, system.initial(created), events, check_from=check_from, describe=describe)


def refold_from(
    system: GameSystem,
    base: int,
    state: Any,
    events: Sequence[tuple[int, msgspec.Struct]],
    *,
    check_from: int | None = None,
    describe: Callable[[int], str] = str,
) -> Any:
    """`refold` from a known state: `state` is the fold of the events in effect up to
    step `base`, so only those after it are folded (and from `check_from` on checked
    again). An automatic record is folded `as_due`: the reveal recorded showed the bids
    as committed then, so a bid amended rounds later needs no other correction."""
    amended = amended_steps(events)
    for step, event in in_effect(events):
        if step <= base:
            continue
        before = at_step(system, state, step - 1)
        if step not in amended:
            event = as_due(system, before, event)
        if check_from is not None and step >= check_from:
            try:
                system.check(before, event)
            except IllegalAction as error:
                raise IllegalAction(
                    f"this correction would make step {step} ({describe(step)}) illegal: {error.what}", error.rule
                ) from None
        state = system.evolve(before, event)
    last = events[-1][0] if events else base
    return at_step(system, state, last)


def as_due(system: GameSystem, before: Any, recorded: msgspec.Struct) -> msgspec.Struct:
    """The action folded where `recorded` was recorded after `before`: an automatic
    record (of the type of the one event `follow_up` makes due there) is the due one.

    docs/house-rules.md § Corrections: “What the rules make happen by themselves (a sealed
    round's reveal) is, once an earlier step is corrected, what the rules make it from the
    corrected record.” Not for a step an amendment rewrote (`amended_steps`): that is
    the amendment's, checked as such."""
    due = system.follow_up(before)
    return due[0] if len(due) == 1 and type(due[0]) is type(recorded) else recorded


def amended_steps(events: Iterable[tuple[int, msgspec.Struct]]) -> set[int]:
    """The steps whose action in effect is an amendment's (as `in_effect` decides)."""
    amended: set[int] = set()
    for _, event in events:
        if isinstance(event, EventVoided):
            amended.discard(event.step)
        elif isinstance(event, EventAmended):
            amended.add(event.step)
    return amended


def check_target(correction: EventVoided | EventAmended, recorded: Sequence[msgspec.Struct]) -> None:
    """A correction names an action recorded before it that is still in effect.

    `recorded[i]` is the event at step i + 1 (corrections included). Only the events
    after the target are read: the last correction of the target decides."""
    target = correction.step
    if not 2 <= target <= len(recorded):
        raise IllegalAction(f"there is no recorded action at step {target} to correct (steps 2 to {len(recorded)})", NEVER_REWRITTEN)
    if is_correction(recorded[target - 1]):
        raise IllegalAction(f"step {target} is itself a correction: correct the action it corrected instead", NEVER_REWRITTEN)
    for i in range(len(recorded) - 1, target - 1, -1):
        later = recorded[i]
        if is_correction(later) and later.step == target:
            if isinstance(later, EventVoided):
                raise IllegalAction(f"step {target} was voided already", NEVER_REWRITTEN)
            break
    if isinstance(correction, EventAmended) and is_correction(correction.event):
        raise IllegalAction("an amendment puts an action in place of another, not a correction", NEVER_REWRITTEN)


def unchanged_before(recorded: Sequence[msgspec.Struct], target: int, known: Callable[[int], bool]) -> int:
    """The latest step m < target whose state as it was recorded is still the fold of the
    events in effect up to m after every correction in `recorded` (no correction recorded
    after step m corrects a step up to m), among those `known(m)` says a state is held
    for; 1 (the created state, which nothing corrects) when there is none. One pass back
    from the last event: it costs what the refold from m costs, not the whole record."""
    lowest = len(recorded) + 1  # the earliest step corrected by the events after m
    for m in range(len(recorded) - 1, 1, -1):
        event = recorded[m]  # the event at step m + 1
        if is_correction(event):
            lowest = min(lowest, event.step)
        if m < target and lowest > m and known(m):
            return m
    return 1


class Folding:
    """A record read in order, one event at a time (a notation file written or read, an
    import checked): the state after each step as it was recorded, so that a correction
    refolds from the latest step it leaves unchanged (`unchanged_before`), not from the
    match's start; reading N steps and C corrections costs what the corrections re-check,
    not C whole refolds."""

    def __init__(self, system: GameSystem, created: msgspec.Struct):
        self.system = system
        self.events: list[msgspec.Struct] = [created]  # events[i] is the event at step i + 1
        self.states: list[Any] = [system.initial(created)]  # states[i] the state after step i + 1

    @property
    def state(self) -> Any:
        return self.states[-1]

    def add(self, event: msgspec.Struct, *, check: bool = False, describe: Callable[[int], str] = str) -> Any:
        """Fold `event` in as the next step; with `check`, the rules check it first as the
        application would record it (a correction re-checks every action after the one
        it corrects). The state after it; nothing is added when the check refuses it."""
        system, step = self.system, len(self.events) + 1
        if not is_correction(event):
            if check:
                system.check(self.state, event)
            state = advance(system, self.state, step, event)
        else:
            if check:
                check_target(event, self.events)
            self.events.append(event)
            try:
                base = unchanged_before(self.events, event.step, lambda m: True)
                after = list(enumerate(self.events[base:], start=base + 1))
                state = refold_from(system, base, self.states[base - 1], after, check_from=event.step if check else None, describe=describe)
            finally:
                self.events.pop()
        self.events.append(event)
        self.states.append(state)
        return state
