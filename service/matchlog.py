"""A match in memory: its records, the current state, and checkpointed states so that
the state at any step is cheap. A cache over the store, never the truth."""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from typing import Any

import msgspec

from domain.corrections import EventAmended, EventVoided, advance, is_correction, refold
from domain.protocol import GameSystem, Perspective
from service.errors import NotFound
from service.store import Recorded

CHECKPOINT_EVERY = 32


class MatchLog:
    """What is known of one match in memory: its records, the current state, a state
    every CHECKPOINT_EVERY steps and at every correction. Disposable: rebuilt from
    the store."""

    def __init__(self, system: GameSystem, first: Recorded):
        self.system = system
        self.stream = first.stream
        self.records: list[Recorded] = [first]
        self.state = system.initial(first.event)
        self._marks: dict[int, Any] = {1: self.state}
        self._mark_steps: list[int] = [1]
        self.keys: dict[str, tuple[int, int, str | None]] = {}

    @property
    def version(self) -> int:
        return len(self.records)

    @property
    def created(self) -> Recorded:
        return self.records[0]

    def extend(self, records: Sequence[Recorded], states: Sequence[Any]) -> None:
        """Add checked records and the states after each (as the check computed them)."""
        for record, state in zip(records, states, strict=True):
            self.records.append(record)
            if record.version % CHECKPOINT_EVERY == 0 or is_correction(record.event):
                self._marks[record.version] = state
                self._mark_steps.append(record.version)
        self.state = states[-1]
        first, last = records[0], records[-1]
        if first.meta.idempotency_key:
            self.keys[first.meta.idempotency_key] = (first.version, last.version, first.meta.request_hash)

    def following(self, state: Any, record: Recorded, earlier: Sequence[Recorded]) -> Any:
        """The state after `record`, given the state before it and the records before
        it (`earlier[i]` at step i + 1): a correction refolds what is in effect."""
        if is_correction(record.event):
            events = [(r.version, r.event) for r in earlier[1:]] + [(record.version, record.event)]
            return refold(self.system, self.created.event, events)
        return advance(self.system, state, record.version, record.event)

    def replayed(self, records: Sequence[Recorded]) -> None:
        """Add stored records, trusting them (a stored stream always replays)."""
        state = self.state
        states = []
        earlier = list(self.records)
        for record in records:
            state = self.following(state, record, earlier)
            earlier.append(record)
            states.append(state)
        # Idempotency keys are per request; group consecutive records of one request.
        start = 0
        for i in range(1, len(records) + 1):
            if i == len(records) or records[i].meta.idempotency_key != records[start].meta.idempotency_key:
                self.extend(records[start:i], states[start:i])
                start = i

    def state_at(self, step: int) -> Any:
        """The state after `step` events (1 = just created), from the nearest checkpoint
        (there is one at every correction, so only plain actions follow it)."""
        if not 1 <= step <= self.version:
            raise NotFound(f"step {step} is not in this match (steps 1 to {self.version})")
        current = self.state
        if current.step == step:  # the writer may have appended records but not yet the state
            return current
        mark = self._mark_steps[bisect.bisect_right(self._mark_steps, step) - 1]
        state = self._marks[mark]
        for record in self.records[mark:step]:
            state = advance(self.system, state, record.version, record.event)
        return state

    def walk(self, first: int, last: int) -> Iterator[tuple[Recorded, Any, Any]]:
        """(record, state before, state after) for steps first..last, in one pass."""
        if first == 1:
            yield self.records[0], None, self._marks[1]
            first = 2
        if first > last:
            return
        state = self.state_at(first - 1)
        for record in self.records[first - 1 : last]:
            after = self._marks[record.version] if is_correction(record.event) else advance(self.system, state, record.version, record.event)
            yield record, state, after
            state = after

    def describe(self, record: Recorded, before: Any, after: Any = None) -> str:
        """The event in words; a correction says what it corrects."""
        event = record.event
        if record.version == 1:
            return "match created"
        if not is_correction(event):
            return self.system.describe(before, event, after)
        target = self.records[event.step - 1]
        was = self.system.describe(self.state_at(event.step - 1), target.event)
        why = f": {event.reason}" if event.reason else ""
        if isinstance(event, EventVoided):
            return f"correction: step {event.step} ({was}) did not happen{why}"
        now = self.system.describe(self.state_at(event.step - 1), event.event)
        return f"correction: at step {event.step}, {now} (not {was}){why}"

    def redact(self, record: Recorded, before: Any, perspective: Perspective) -> dict[str, Any]:
        """The event as `perspective` may see it."""
        event = record.event
        if record.version == 1:
            return msgspec.to_builtins(event)
        if isinstance(event, EventAmended):
            hidden = self.system.redact(self.state_at(event.step - 1), event.event, perspective)
            return {"type": "EventAmended", "step": event.step, "reason": event.reason, "event": dict(hidden)}
        if isinstance(event, EventVoided):
            return msgspec.to_builtins(event)
        return dict(self.system.redact(before, event, perspective))
