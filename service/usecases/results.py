"""What the use cases answer: plain values the routes serialize as they are."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.protocol import Choice


class MatchSummary(msgspec.Struct, frozen=True, kw_only=True):
    """A match as `GET /matches` lists it and `GET /matches/{id}` answers: what is
    played (the game, its preset and recording mode), by whom (those seated now), how
    far it has come."""

    id: str
    system: str
    preset: str
    mode: str
    title: str
    players: list[str]
    version: int
    finished: bool
    created_at: float
    updated_at: float


class AppendResult(msgspec.Struct, frozen=True):
    match_id: str
    version: int
    first_step: int
    replayed: bool = False


class Created(msgspec.Struct, frozen=True):
    match_id: str
    system: str
    version: int
    write_token: str
    seat_tokens: dict[str, str]


class Checked(msgspec.Struct, frozen=True, kw_only=True):
    """One action of a dry run: the step it would take and the words it would be
    recorded with."""

    step: int
    type: str
    description: str


class DryRun(msgspec.Struct, frozen=True, kw_only=True):
    """A dry run's verdict when the rules allow every action: nothing is recorded.
    `events` includes what the rules would record by themselves (a reveal)."""

    match_id: str
    version: int
    events: list[Checked]


class Allowed(msgspec.Struct, frozen=True, kw_only=True):
    """What the rules allow now, at `version`, for the recorder to offer."""

    match_id: str
    version: int
    finished: bool
    choices: list[Choice]


class EventEntry(msgspec.Struct, frozen=True, kw_only=True):
    """`automatic`: the service recorded it by itself, right after the action that made it
    due (a sealed round's reveal); undoing that action voids it too."""

    step: int
    type: str
    description: str
    recorded_at: float
    recorded_by: str
    automatic: bool
    event: dict[str, Any]
    # The seat whose seat token recorded it (its own phone); None: the write token.
    recorded_as: str | None = None


class EventPage(msgspec.Struct, frozen=True, kw_only=True):
    match_id: str
    version: int
    perspective: str
    events: list[EventEntry]
    next_step: int | None


class StateAt(msgspec.Struct, frozen=True, kw_only=True):
    match_id: str
    step: int
    version: int
    perspective: str
    finished: bool
    view: dict[str, Any]
