"""The use cases: create a match, record actions, correct one, read. Each is a small
function over the wired services (service/usecases/bootstrap.py); none knows HTTP, and none
knows a single game: only the game-system protocol.

A blocking step (a store read, a large decode) is never run on the event loop by
the async use case: the repository loads on a worker thread and the writer checks
heavy batches off the loop."""

from __future__ import annotations

import asyncio
import functools
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Union

import msgspec

import domain
from domain.corrections import correction_types, is_correction
from domain.protocol import GameSystem, IllegalAction, MatchSetup, event_tag
from service.errors import Forbidden, Malformed, NotFound
from service.store.match_store import Meta
from service.store.matchlog import MatchLog
from service.usecases import access, checking, planning, tokens
from service.usecases.bootstrap import Services
from service.usecases.planning import Job
from service.usecases.results import AppendResult, Checked, Created, DryRun

# Actions decoded on the event loop at most; a longer batch is decoded on a worker thread.
DECODE_ON_LOOP = 256
# Bytes of a request body decoded on the event loop at most (about DECODE_ON_LOOP actions).
DECODE_BODY_ON_LOOP = 64 * 1024


# --- creating ------------------------------------------------------------------------


def create_match(services: Services, setup: MatchSetup, *, recorded_by: str = "api") -> Created:
    """Start a match: resolve the setup into the system's first event and store it with
    the hashes of a new write token and its seat tokens."""
    system = domain.find(setup.system)
    first = system.start(setup)
    match_id = "m_" + secrets.token_hex(6)
    write_token = tokens.new_write_token()
    players = list(system.players(system.initial(first)))
    seats = {p: tokens.seat_token(write_token, match_id, p) for p in players}
    meta = Meta(
        recorded_at=services.clock(),
        recorded_by=recorded_by,
        write_token_sha256=tokens.sha256(write_token),
        seat_token_sha256={p: tokens.sha256(t) for p, t in seats.items()},
        keep_hands_private=setup.keep_hands_private,
    )
    result = services.writer.commit_now(Job(match_id, 0, [first], meta, None, system))
    return Created(match_id=match_id, system=system.name, version=result.version, write_token=write_token, seat_tokens=seats)


# --- recording -----------------------------------------------------------------------


def decode_actions(log: MatchLog, raw: Sequence[Any]) -> list[msgspec.Struct]:
    """Turn JSON objects into the match's game events; a shape error is Malformed."""
    try:
        return msgspec.convert({"events": raw}, _append_body(log.system)).events
    except msgspec.ValidationError as error:
        # Said of the first action that does not fit, on its own (not "at `$.events[0]`").
        error = next((e for e in map(_fit_error(log.system), raw) if e is not None), error)
        tags = ", ".join(event_tag(t) for t in (*log.system.action_types, *correction_types(log.system)))
        for kind in (kind for item in raw for kind in _kinds(item)):
            # Well formed, but another game's action (or an amendment to one): the rules refuse
            # it (422), the body is fine: the OpenAPI document's actions are every system's.
            owner = _owner_of(kind)
            if owner is not None and owner is not log.system and kind not in tags.split(", "):
                raise IllegalAction(f"{kind} is an action of {owner.title}, not of {log.system.title} (its actions: {tags})", domain.UNKNOWN_SYSTEM) from None
        raise Malformed(f"an event does not fit the {log.system.name} events ({tags}): {error}") from None


def _kinds(item: Any) -> list[str]:
    """The action types an item of an append names: its own, and an amendment's event's."""
    if not isinstance(item, dict):
        return []
    inner = item.get("event") if item.get("type") == "EventAmended" else None
    kinds = [item.get("type"), inner.get("type") if isinstance(inner, dict) else None]
    return [kind for kind in kinds if isinstance(kind, str)]


def decode_append(log: MatchLog, body: bytes) -> Any | None:
    """An append's JSON body decoded in one pass straight into the match's action structs
    (`events` and `expected_version`), or None if it does not fit them: the caller then
    decodes it the general way, whose errors say what is wrong."""
    try:
        return _append_decoder(log.system).decode(body)
    except (msgspec.DecodeError, RecursionError):  # a ValidationError is a DecodeError
        return None


def job_for(services: Services, log: MatchLog, token: str, recorder: access.Recorder, events: list[msgspec.Struct], expected_version: int | None, idempotency_key: str | None, request_hash: str | None) -> Job:
    """`token`: the write token or a seat token; `recorder`: who it is, as
    `access.authorize_record` says. A player the write token's job seats gets the seat
    token the write token derives for them (a seat token seats nobody: a join is the
    table's action)."""
    seat = recorder.seat
    meta = Meta(
        recorded_at=services.clock(),
        recorded_by=("seat-token:" if seat else "write-token:") + recorder.digest[:8],
        idempotency_key=idempotency_key,
        request_hash=request_hash,
        recorded_as=seat,
    )
    seat_hash = None if seat else (lambda player: tokens.sha256(tokens.seat_token(token, log.stream, player)))
    return Job(log.stream, expected_version, events, meta, log, seat_hash=seat_hash)


def prepare(
    services: Services,
    match_id: str,
    token: str | None,
    raw_events: Sequence[Any],
    *,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    request_hash: str | None = None,
) -> Job:
    """Authorize and decode an append; the rules (and, for a seat token, whose action
    each is) are checked when it is committed, against the state the appends before it
    leave."""
    log = services.match_log(match_id)
    recorder = access.authorize_record(log, token, read_past=True)
    if not raw_events:
        raise Malformed("no events to record")
    assert token is not None  # authorized
    return job_for(services, log, token, recorder, decode_actions(log, raw_events), expected_version, idempotency_key, request_hash)


def record(services: Services, match_id: str, token: str | None, raw_events: Sequence[Any], **kwargs: Any) -> AppendResult:
    """Check and commit now, on the calling thread (scripts, imports, sync callers)."""
    return services.writer.commit_now(prepare(services, match_id, token, raw_events, **kwargs))


async def record_async(
    services: Services,
    match_id: str,
    token: str | None,
    raw_events: Sequence[Any],
    *,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    request_hash: str | None = None,
) -> AppendResult:
    """Check and commit together with the other appends that arrive meanwhile; returns
    once this append is durable.

    Other processes' appends are not asked for here: a write over one of them
    conflicts in the store and is checked again on the fresh stream; only a writer
    who has seen more than this process knows makes it look (on a worker thread)."""
    log = await services.repository.get_async(match_id)
    recorder = await _recorder(log, token)
    if not raw_events:
        raise Malformed("no events to record")
    if len(raw_events) <= DECODE_ON_LOOP:
        events = decode_actions(log, raw_events)
    else:
        events = await asyncio.to_thread(decode_actions, log, raw_events)
    return await _submit(services, log, token, recorder, events, expected_version, idempotency_key, request_hash)


async def record_body_async(services: Services, match_id: str, token: str | None, body: bytes, *, idempotency_key: str | None = None, request_hash: str | None = None) -> AppendResult | None:
    """`record_async` of a request body as received, decoded once into the match's
    actions; None (nothing done) if there is no such match or the body does not fit
    the match's actions: `record_async` of the body decoded the general way then
    answers what the client needs told, in the same order (400 before 401/403/404)."""
    try:
        log = await services.repository.get_async(match_id)
    except NotFound:
        return None
    request = decode_append(log, body) if len(body) <= DECODE_BODY_ON_LOOP else await asyncio.to_thread(decode_append, log, body)
    if request is None:
        return None
    recorder = await _recorder(log, token)
    if not request.events:
        raise Malformed("no events to record")
    return await _submit(services, log, token, recorder, request.events, request.expected_version, idempotency_key, request_hash)


async def _recorder(log: MatchLog, token: str | None) -> access.Recorder:
    """`access.authorize_record` on the event loop with the seats held; a seat token not
    among them may be a newcomer's in the past of a log loaded from a snapshot, looked
    for on a worker thread."""
    try:
        return access.authorize_record(log, token)
    except Forbidden:
        if log.records.base <= 1:
            raise
        return await asyncio.to_thread(access.authorize_record, log, token, True)


async def _submit(services: Services, log: MatchLog, token: str | None, recorder: access.Recorder, events: list[msgspec.Struct], expected_version: int | None, idempotency_key: str | None, request_hash: str | None) -> AppendResult:
    if log.records.base > 1 and any(is_correction(event) for event in events):
        # A correction re-checks from the step it corrects: a log loaded from a
        # snapshot reads that past from the store, which must not happen on the loop.
        await asyncio.to_thread(log.hold_past)
    assert token is not None  # authorized
    job = job_for(services, log, token, recorder, events, expected_version, idempotency_key, request_hash)
    if expected_version is not None and expected_version > log.head[0]:
        job.log = await asyncio.to_thread(services.match_log, log.stream)
    return await services.writer.submit(job)


def correct(services: Services, match_id: str, token: str | None, step: int, *, instead: dict[str, Any] | None = None, reason: str = "", expected_version: int | None = None) -> AppendResult:
    """Correct the action recorded at `step`: void it, or put `instead` in its place.
    Recorded like any action; everything after it is checked again."""
    correction: dict[str, Any] = {"type": "EventVoided", "step": step, "reason": reason}
    if instead is not None:
        correction = {"type": "EventAmended", "step": step, "event": instead, "reason": reason}
    return record(services, match_id, token, [correction], expected_version=expected_version)


def dry_run(services: Services, match_id: str, token: str | None, raw_events: Sequence[Any], *, expected_version: int | None = None) -> DryRun:
    """Check actions exactly as an append would, against the match as it stands, and
    record nothing: raises what the append would raise (IllegalAction, Conflict, …),
    else says the words each action would be recorded with."""
    job = prepare(services, match_id, token, raw_events, expected_version=expected_version)
    assert job.log is not None
    log = job.log
    outcome = planning.prepared(job, {})
    if isinstance(outcome, AppendResult):  # the events the service recorded by itself: nothing more would be
        return DryRun(match_id=match_id, version=log.version, events=[])
    records, states = outcome
    before = log.state
    seen = checking.seen_by(job.meta.recorded_as)
    words = []
    for record_, after in zip(records, states, strict=True):
        # Words for a correction look back at the record as it stands (log.records).
        words.append(Checked(step=record_.version, type=event_tag(type(record_.event)), description=log.describe(record_, before, after, seen)))
        before = after
    return DryRun(match_id=match_id, version=log.version, events=words)


def _owner_of(tag: str) -> GameSystem | None:
    """The game system one of whose actions has this tag, if any."""
    return next((system for system in domain.systems().values() if tag in {event_tag(t) for t in system.action_types}), None)


@functools.cache
def _action_union(system: GameSystem) -> Any:
    return Union[(*system.action_types, *correction_types(system))]  # noqa: UP007 - a runtime union


@functools.cache
def _append_body(system: GameSystem) -> type[msgspec.Struct]:
    """An append's body over this system's actions. A struct, because msgspec keeps the
    type information of a struct once built and rebuilds a bare union's on every call
    (converting one action to the union cost 26 µs, through this struct 2.6 µs)."""
    fields = [("events", list[_action_union(system)]), ("expected_version", int | None, None)]
    return msgspec.defstruct(f"AppendRequest_{system.name}", fields, frozen=True, kw_only=True, forbid_unknown_fields=True)


def _fit_error(system: GameSystem) -> Callable[[Any], msgspec.ValidationError | None]:
    def fit(item: Any) -> msgspec.ValidationError | None:
        try:
            msgspec.convert(item, _action_union(system))
        except msgspec.ValidationError as error:
            return error
        return None

    return fit


@functools.cache
def _append_decoder(system: GameSystem) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(_append_body(system))
