"""The rules check of one append's events: each against the state the ones before it
leave, with the records the service makes by itself (follow-ups), a seat token's right
to record each, and the words and metadata each is recorded with.

Pure computation over the match logs held in memory (no I/O); service/usecases/planning.py
runs it for every job of a batch."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.corrections import advance, check_target, is_correction
from domain.protocol import RECORDER, IllegalAction, Perspective, Rule
from service.store.match_store import Recorded
from service.store.matchlog import MatchLog
from service.usecases import access
from service.usecases.automatic import pinned

MATCH_OVER = Rule(
    id="recount.match-over",
    source="docs/house-rules.md § The end of a match",
    quote="Nothing is recorded after the end of a match.",
)


class Checking:
    """The rules check of events in order, each against the state the ones before it
    leave (`add`); `states[i]` is the state after step first + i. A correction is checked
    by re-checking every action after the one it corrects, folded from the latest step
    the correction leaves valid: a checkpoint of the log, or a state checked here
    (`earlier()` gives the events recorded before these: built once, at the first
    correction, as copying a long match's events on every append would cost)."""

    def __init__(self, log: MatchLog, state: Any, version: int, earlier: Callable[[], list[msgspec.Struct]], perspective: Perspective = RECORDER):
        self.log = log
        self.perspective = perspective  # whose words a refusal is in
        self.state = state
        self.version = version  # the step of the last event checked
        self.first = version + 1
        self.states: list[Any] = []
        self._earlier = earlier
        self._recorded: list[msgspec.Struct] | None = None  # every event up to the last, once a correction needs it
        self._added: list[msgspec.Struct] = []  # the events checked here, before `_recorded` is built

    def add(self, event: msgspec.Struct) -> Any:
        """Check `event` as the next step; the state after it (IllegalAction, and nothing
        added, if the rules refuse it)."""
        log = self.log
        if is_correction(event):
            if self._recorded is None:
                self._recorded = self._earlier() + self._added
            recorded = self._recorded
            check_target(event, recorded)
            recorded.append(event)
            refused: list[int] = []

            def describe(step: int) -> str:  # only for the refusal: says which step it is
                refused.append(step)
                return said(log, recorded, step, self.perspective)

            try:
                state = log.corrected(recorded, check_from=event.step, describe=describe, pending_from=self.first, pending=self.states)
            except IllegalAction as error:
                recorded.pop()
                raise pinned(log, event.step, refused[-1] if refused else None, error) from None
        else:
            log.system.check(self.state, event)
            state = advance(log.system, self.state, self.version + 1, event)
            (self._recorded if self._recorded is not None else self._added).append(event)
        self.version += 1
        self.state = state
        self.states.append(state)
        return state


def checked(
    log: MatchLog, state: Any, version: int, events: list[msgspec.Struct], earlier: Callable[[], list[msgspec.Struct]]
) -> list[Any]:
    """Check each event against the state the ones before it leave (`Checking`); the
    states after each."""
    checking = Checking(log, state, version, earlier)
    for event in events:
        checking.add(event)
    return checking.states


def with_follow_ups(
    log: MatchLog, state: Any, version: int, sent: list[msgspec.Struct], earlier: Callable[[], list[msgspec.Struct]],
    seat: str | None = None, record_at: Callable[[int], Recorded] | None = None,
) -> tuple[list[msgspec.Struct], list[Any], set[int]]:
    """The events to record for the `sent` ones, and the states after each: each sent event
    checked, and right after the one that makes them due, the events the rules make happen
    by themselves (`follow_up`: a sealed-bid reveal once every bid is committed), checked all
    the same, in the same transaction (their indexes: the third value). Where the batch
    goes on with events of those very types, it records them itself (a log that spells
    out its reveals): they are checked as sent, not added twice. Sent by a `seat` token,
    each sent event must be that seat's own (`owned`, against the state the events before
    it leave); what the rules make due is the service's, whoever's action made it due."""
    follow_up = log.system.follow_up
    events: list[msgspec.Struct] = []
    automatic: set[int] = set()
    checking = Checking(log, state, version, earlier, seen_by(seat))

    def check(more: list[msgspec.Struct]) -> None:
        for event in more:
            checking.add(event)
        events.extend(more)

    for i, event in enumerate(sent):
        if seat is not None:
            assert record_at is not None
            access.owned(log, checking.state, event, seat, record_at, checking.first, checking.version)
        check([event])
        if is_correction(event) and i + 1 < len(sent) and is_correction(sent[i + 1]):
            # Corrections sent together are one fix: what is due is what is due after them
            # all (void a sealed round's reveal, then amend a commit: the reveal of the
            # amended bids follows, not the voided one again, which the amendment then refuses).
            continue
        while (due := list(follow_up(checking.state))) and not _sent_next(sent[i + 1 : i + 1 + len(due)], due):
            automatic.update(range(len(events), len(events) + len(due)))
            check(due)
    return events, checking.states, automatic


def seen_by(seat: str | None) -> Perspective:
    """Whose words an answer to a recorder is in: the seat's, or the recorder's (`RECORDER`)."""
    return Perspective("seat", seat) if seat else RECORDER


def _sent_next(ahead: list[msgspec.Struct], due: list[msgspec.Struct]) -> bool:
    return len(ahead) == len(due) and all(type(a) is type(b) for a, b in zip(ahead, due, strict=True))


def said(log: MatchLog, recorded: Sequence[msgspec.Struct], step: int, perspective: Perspective = RECORDER) -> str:
    """The words of the action at `step`, for an error message to `perspective`."""
    try:
        return log.describe(log.records[step - 1], log.state_at(step - 1), None, perspective) if step <= log.version else type(recorded[step - 1]).__name__
    except Exception:  # noqa: BLE001 - only words for an error message
        return type(recorded[step - 1]).__name__
