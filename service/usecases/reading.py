"""The use cases that read a match: its summary, its standings (now or after a step),
its events page by page and its state at a step, each as the reader's token may see
them, and the actions the rules allow now (for a token that may record)."""

from __future__ import annotations

import msgspec

from domain.notation import notation_of
from domain.protocol import GameSystem, Standings, event_tag
from service.store.matchlog import MatchLog
from service.usecases import access, seats
from service.usecases.bootstrap import Services
from service.usecases.results import Allowed, EventEntry, EventPage, MatchSummary, StateAt


def standings(services: Services, match_id: str, step: int | None = None) -> Standings:
    """Standings recomputed from the record; with `step`, as they stood after it."""
    log = services.match_log(match_id)
    return log.system.standings(log.state if step is None else log.state_at(step))


def played_as(system: GameSystem, created: msgspec.Struct) -> tuple[str, str]:
    """The preset and recording mode a match's created event says: those of the setup its
    notation writes back. Every system of domain/ has a notation; one without (a test's toy
    system) says neither."""
    notation = notation_of(system)
    if notation is None:
        return "", ""
    setup = notation.setup_of(created)
    return setup.preset or "", setup.mode or ""


def summary(log: MatchLog) -> MatchSummary:
    preset, mode = played_as(log.system, log.created.event)
    return MatchSummary(
        id=log.stream,
        system=log.system.name,
        preset=preset,
        mode=mode,
        title=getattr(log.created.event, "title", ""),
        players=list(log.system.players(log.state)),
        version=log.version,
        finished=log.system.finished(log.state),
        created_at=log.created.meta.recorded_at,
        updated_at=log.records[-1].meta.recorded_at,
    )


def allowed(services: Services, match_id: str, token: str | None) -> Allowed:
    """The actions the rules allow now, for a token that records: all of them for the
    write token (they come from every known hand), a seat's own for its seat token."""
    log = services.match_log(match_id)
    seat = access.authorize_record(log, token, read_past=True).seat
    version, state = log.head
    choices = list(log.system.allowed(state))
    if seat is not None:
        choices = seats.seat_choices(log.system, state, choices, seat)
    return Allowed(match_id=match_id, version=version, finished=log.system.finished(state), choices=choices)


def events_page(services: Services, match_id: str, token: str | None, wanted: str | None, start: int, limit: int) -> EventPage:
    """The recorded events from step `start`, at most `limit`, as the perspective may see them."""
    log = services.match_log(match_id)
    perspective = access.perspective(log, token, wanted)
    last = min(log.version, start + limit - 1)
    entries = [
        EventEntry(
            step=record.version,
            type=event_tag(type(record.event)),
            description=log.describe(record, before, after, perspective),
            recorded_at=record.meta.recorded_at,
            recorded_by=record.meta.recorded_by,
            automatic=record.meta.automatic,
            recorded_as=record.meta.recorded_as,
            event=log.redact(record, before, perspective),
        )
        for record, before, after in log.walk(start, last)
    ]
    return EventPage(
        match_id=match_id,
        version=log.version,
        perspective=access.label(perspective),
        events=entries,
        next_step=last + 1 if last < log.version else None,
    )


def state_at(services: Services, match_id: str, token: str | None, wanted: str | None, step: int | None) -> StateAt:
    """The state after `step` events (now if None), as the perspective may see it."""
    log = services.match_log(match_id)
    perspective = access.perspective(log, token, wanted)
    n = log.version if step is None else step
    state = log.state_at(n)
    return StateAt(
        match_id=match_id,
        step=n,
        version=log.version,
        perspective=access.label(perspective),
        finished=log.system.finished(state),
        view=msgspec.to_builtins(log.system.view(state, perspective)),
    )
