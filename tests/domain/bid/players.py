"""A random but legal player built only on a game system's `allowed`, as a page
would be: it picks one listed choice, fills each pick at random within its bounds,
and records the event; nothing here knows a rule of any game.

`play_random` plays a whole match that way (following up with the events the
system makes due by itself, as the service does). `fill`, `covered` and `decode`
are the pieces a test of `allowed` needs too: build an event from a choice, tell
whether a candidate event is one a choice lists, and turn the page's JSON into the
system's event struct exactly as the service decodes an append.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any, Union

import msgspec

from domain.protocol import Choice, GameSystem, Pick

# A hook for choices that leave fields to `hints` (a system whose event cannot be
# expressed as independent picks): given the state, the choice and the generator,
# the event's data, or None where filling the picks is enough. Presidential Bid
# needs none.
Completer = Callable[[Any, Choice, random.Random], dict[str, Any] | None]


def _parts(field: str) -> list[str | int]:
    """A pick's dotted path; a part that is a number indexes a list ("bids.0.card")."""
    return [int(part) if part.isdigit() else part for part in field.split(".")]


def get_path(data: Any, field: str) -> Any:
    """The value at a dotted path; KeyError/IndexError/TypeError when it is absent."""
    for part in _parts(field):
        data = data[part]
    return data


def set_path(data: dict[str, Any], field: str, value: Any) -> None:
    *parents, last = _parts(field)
    node: Any = data
    for part in parents:
        if isinstance(node, dict):
            node = node.setdefault(part, {})
        else:
            node = node[part]
    node[last] = value


def times_allowed(pick: Pick, value: Any) -> int:
    """How often a value may be taken: `limits`, or as often as `among` lists it."""
    listed = pick.among.count(value)
    limit = pick.limits.get(value, 1) if isinstance(value, str) else 1
    return max(limit, listed) if listed else 0


def pick_value(pick: Pick, rng: random.Random) -> Any:
    """A value for the pick, at random within its bounds."""
    if pick.most is None:
        return rng.choice(pick.among)
    pool = [value for value in dict.fromkeys(pick.among) for _ in range(times_allowed(pick, value))]
    count = rng.randint(pick.least, min(pick.most, len(pool)))
    return rng.sample(pool, count)


def within(pick: Pick, value: Any) -> bool:
    """True when `value` fills the pick within its bounds."""
    if pick.most is None:
        return value in pick.among
    if not isinstance(value, list) or not pick.least <= len(value) <= pick.most:
        return False
    return all(value.count(item) <= times_allowed(pick, item) for item in value)


def fill(choice: Choice, rng: random.Random) -> dict[str, Any]:
    """The choice's event with every pick filled at random within its bounds."""
    data = copy.deepcopy(choice.event)
    for pick in choice.picks:
        set_path(data, pick.field, pick_value(pick, rng))
    return data


def covered(choice: Choice, data: dict[str, Any]) -> bool:
    """True when `data` is an event the choice lists: every pick's field holds a value
    within its bounds, and with those values taken out it is the decided event."""
    rest = copy.deepcopy(data)
    for pick in choice.picks:
        try:
            value = get_path(rest, pick.field)
        except (KeyError, IndexError, TypeError):
            return False
        if not within(pick, value):
            return False
        *parents, last = _parts(pick.field)
        parent: Any = rest
        for part in parents:
            parent = parent[part]
        del parent[last]
    return rest == choice.event


def decode(system: GameSystem, data: dict[str, Any]) -> msgspec.Struct:
    """The page's JSON as the system's event, decoded as the service decodes an append."""
    return msgspec.convert(data, Union[system.action_types])  # noqa: UP007 - a runtime union


def play_random(
    system: GameSystem,
    created: msgspec.Struct,
    rng: random.Random,
    steps: int = 500,
    complete: Completer | None = None,
) -> list[msgspec.Struct]:
    """The events of a match played by choosing only among `allowed`, each checked
    before it is folded, until the match is finished or `steps` events are recorded.
    Follow-up events (`follow_up`, where the system has it) are recorded right after
    the action that made them due, as the service records them."""
    state = system.initial(created)
    events: list[msgspec.Struct] = []
    follow_up = getattr(system, "follow_up", None)
    while len(events) < steps:
        choices = system.allowed(state)
        if not choices:
            break
        choice = rng.choice(choices)
        data = complete(state, choice, rng) if complete is not None else None
        if data is None:
            data = fill(choice, rng)
        due = [decode(system, data)]
        while due:
            event = due.pop(0)
            system.check(state, event)
            state = system.evolve(state, event)
            events.append(event)
            if follow_up is not None:
                due.extend(follow_up(state))
    return events
