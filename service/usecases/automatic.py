"""The records the service makes by itself (`follow_up`: a sealed Presidential Bid
round's reveal, marked `automatic` in their meta), as a request meets them: a log that
sends such a record again after it was recorded (an echo, answered as recorded already),
and a correction that such a record pins (refused saying to void it first)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.protocol import IllegalAction
from service.store.match_store import Recorded
from service.store.matchlog import MatchLog


class Echo:
    """A job that only echoes follow-ups the job before it in the batch plans to record
    (`echoed`): answered with those records once they are durable, writing nothing."""

    __slots__ = ("records", "states")

    def __init__(self, records: list[Recorded], states: list[Any]):
        self.records, self.states = records, states


def echoed(record_at: Callable[[int], Recorded], version: int, sent: Sequence[msgspec.Struct], first_held: int = 2) -> int:
    """How many leading `sent` events are the very events the service recorded by itself
    at the head (a log that spells out a follow-up, sent after the action that made it
    due, one request at a time): those are recorded already, not a second time.
    `record_at(v)`: the record at version v; only versions from `first_held` on are looked at."""
    held = 0
    while held < len(sent) and version - held >= first_held and record_at(version - held).meta.automatic:
        held += 1
    return held if held and list(sent[:held]) == [record_at(v).event for v in range(version - held + 1, version + 1)] else 0


def echoed_earlier(
    record_at: Callable[[int], Recorded], version: int, expected: int, sent: Sequence[msgspec.Struct], first_held: int = 2
) -> tuple[int, int] | None:
    """(first, last) versions of the follow-ups the service recorded by itself that `sent`
    is, in full, for a request made at version `expected` (counted with or without them)
    when the match has moved on since: the same request sent again (an idempotent retry of
    an echo, which stored nothing to be known by), answered as it was the first time."""
    n = len(sent)
    for first in (expected + 1, expected - n + 1):
        last = first + n - 1
        if first >= first_held and last < version:
            run = [record_at(v) for v in range(first, last + 1)]
            if all(r.meta.automatic for r in run) and [r.event for r in run] == list(sent):
                return first, last
    return None


def pinned(log: MatchLog, corrected: int, step: int | None, error: IllegalAction) -> IllegalAction:
    """The refusal of a correction, saying how to go about it when the step it would make
    illegal is a follow-up the service recorded by itself (a sealed round's reveal pins
    the commits it shows): void that first, in the same request, as what is due after
    the corrections is then recorded again."""
    if step is None or step == corrected or step > log.version or not log.records[step - 1].meta.automatic:
        return error
    return IllegalAction(
        f"{error.what}. Step {step} was recorded by the service itself, as the rules made it due: "
        f"send a void of step {step} first, then this correction, in the same request "
        "(what is due after the corrections is recorded again)",
        error.rule,
    )
