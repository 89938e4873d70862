"""Which of the actions the rules allow now a seat token may record: its seat's own
(the protocol's `actors`), so a player's phone offers that player's choices only.

Pure computation over a state and its listed choices (no I/O); `GET /allowed` and the
live stream's allowed patches for a seat token both read it."""

from __future__ import annotations

import copy
import functools
from collections.abc import Sequence
from typing import Any

import msgspec

from domain.picks import set_path
from domain.protocol import Choice, GameSystem, event_tag


def seat_choices(system: GameSystem, state: Any, choices: Sequence[Choice], seat: str) -> list[Choice]:
    """The choices whose event would be `seat`'s own action. A choice that names its
    player (`Choice.player`) is that player's, as every system's `allowed` says
    (tests/domain/test_actors_properties.py). One that names none is asked of `actors`
    with its decided fields (a deal names its dealer, a party's Absentee Ballots their
    party); where it is nobody's with them, and a one-value pick offers the seat (who
    leaves the table), the seat's part of it is offered: that pick narrowed to the seat.
    Each as the system offers it to that seat (`seat_choice`: hints from what the seat
    may know, never from another's hidden hand)."""
    return [system.seat_choice(state, owned, seat) for choice in choices if (owned := _seat_part(system, state, choice, seat)) is not None]


def _seat_part(system: GameSystem, state: Any, choice: Choice, seat: str) -> Choice | None:
    if choice.player is not None:
        return choice if choice.player == seat else None
    types = _types(system)
    if choice.type not in types:
        return None
    whose = tuple(system.actors(state, _probe(types[choice.type], choice.event)))
    if whose:
        return choice if seat in whose else None
    for i, pick in enumerate(choice.picks):
        if pick.most is None and seat in pick.among:
            event = copy.deepcopy(choice.event)
            set_path(event, pick.field, seat)
            if seat in system.actors(state, _probe(types[choice.type], event)):
                narrowed = msgspec.structs.replace(pick, among=[seat])
                return msgspec.structs.replace(choice, picks=[*choice.picks[:i], narrowed, *choice.picks[i + 1 :]])
    return None


@functools.cache
def _types(system: GameSystem) -> dict[str, type[msgspec.Struct]]:
    return {event_tag(t): t for t in system.action_types}


@functools.cache
def _probe_type(event_type: type[msgspec.Struct]) -> type[msgspec.Struct]:
    """The event type with every field optional (a subclass, so `actors`' isinstance
    tests hold): an event of it holds only the fields a choice decided."""
    fields = [(name, Any, None) for name in event_type.__struct_fields__]
    return msgspec.defstruct(event_type.__name__, fields, bases=(event_type,), kw_only=True, frozen=True)


def _probe(event_type: type[msgspec.Struct], decided: dict[str, Any]) -> msgspec.Struct:
    return msgspec.convert(decided, _probe_type(event_type))


def allowed_by_seat(system: GameSystem, state: Any) -> dict[str, dict[str, Any]]:
    """What each seated player may record in `state`, as plain data ({"finished",
    "choices"} of `GET /allowed` with a seat token): worked out once per step for every
    seat, for the live stream's seat channels."""
    finished = system.finished(state)
    choices = list(system.allowed(state))
    return {
        seat: {"finished": finished, "choices": msgspec.to_builtins(seat_choices(system, state, choices, seat))}
        for seat in system.players(state)
    }
