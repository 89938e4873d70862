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


class EventVoided(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """The action recorded at `step` did not happen at the table."""

    step: int
    reason: str = ""


class EventAmended(msgspec.Struct, Generic[A], frozen=True, kw_only=True, tag=True):
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
    state = system.initial(created)
    for step, event in in_effect(events):
        if check_from is not None and step >= check_from:
            try:
                system.check(at_step(system, state, step - 1), event)
            except IllegalAction as error:
                raise IllegalAction(
                    f"this correction would make step {step} ({describe(step)}) illegal: {error.what}", error.rule
                ) from None
        state = advance(system, state, step, event)
    last = events[-1][0] if events else 1
    return at_step(system, state, last)


def check_target(correction: EventVoided | EventAmended, recorded: Sequence[msgspec.Struct]) -> None:
    """A correction names an action recorded before it that is still in effect.

    `recorded[i]` is the event at step i + 1 (corrections included)."""
    target = correction.step
    if not 2 <= target <= len(recorded):
        raise IllegalAction(f"there is no recorded action at step {target} to correct (steps 2 to {len(recorded)})", NEVER_REWRITTEN)
    if is_correction(recorded[target - 1]):
        raise IllegalAction(f"step {target} is itself a correction: correct the action it corrected instead", NEVER_REWRITTEN)
    if target not in {step for step, _ in in_effect(enumerate(recorded[1:], start=2))}:
        raise IllegalAction(f"step {target} was voided already", NEVER_REWRITTEN)
    if isinstance(correction, EventAmended) and is_correction(correction.event):
        raise IllegalAction("an amendment puts an action in place of another, not a correction", NEVER_REWRITTEN)
