"""The application layer: create matches, record checked actions, read states and
standings. Knows the game-system protocol, never a single game; knows nothing of HTTP.

Appends from the HTTP service are committed together (group commit): the appends
waiting when a flush runs are checked on the event loop, one after another against
the state each leaves, then written in one transaction (one fsync) by a single I/O
thread while the next group gathers; each is answered only after its own commit.
The checks stay on the loop because a writer thread doing them fought the loop for
the GIL (see bench/record_path.py and docs/design-notes.md).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Union

import msgspec

import domain
from domain.corrections import (
    advance,
    check_target,
    correction_types,
    is_correction,
    refold,
)
from domain.protocol import (
    EVERYONE,
    Choice,
    SPECTATOR,
    GameSystem,
    IllegalAction,
    MatchSetup,
    Perspective,
    Rule,
    Standings,
    event_tag,
)
from service import chain, tokens
from service.errors import Conflict, Forbidden, Malformed, NotFound, Unauthenticated
from service.follow import Listeners
from service.logcache import LogCache
from service.matchlog import MatchLog
from service.store import MatchStore, Meta, Recorded, VersionConflict

GROUP_COMMIT_MAX = 256
# Times an append is checked again after another process took its version first.
CONFLICT_RETRIES = 3
logger = logging.getLogger(__name__)


class AppendResult(msgspec.Struct, frozen=True):
    match_id: str
    version: int
    first_step: int
    replayed: bool = False


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


class _Job:
    __slots__ = ("stream", "expected", "events", "meta", "log", "system", "future", "waiter", "attempts")

    def __init__(self, stream: str, expected: int | None, events: list[msgspec.Struct], meta: Meta, log: MatchLog | None, system: GameSystem | None = None):
        self.stream = stream
        self.system = log.system if log is not None else system
        self.expected = expected
        self.events = events
        self.meta = meta
        self.log = log
        self.future: Future[AppendResult] = Future()  # holds the outcome once committed
        self.waiter: asyncio.Future[AppendResult] | None = None
        self.attempts = 0


class _Plan:
    """A checked batch: the jobs accepted with their records and states, and the
    retries answered from an earlier result."""

    def __init__(self) -> None:
        self.accepted: list[tuple[_Job, list[Recorded], list[Any]]] = []
        self.replays: list[tuple[_Job, AppendResult]] = []
        self.records: list[Recorded] = []


class Created(msgspec.Struct, frozen=True):
    match_id: str
    system: str
    version: int
    write_token: str
    seat_tokens: dict[str, str]


class Recount:
    """The application: one per process, over one store."""

    def __init__(self, store: MatchStore, clock: Callable[[], float] = time.time):
        self.store = store
        self.clock = clock
        self.logs = LogCache(store)
        self._commit_lock = threading.Lock()
        self._pending: list[_Job] = []
        self._writing = False
        self._io = ThreadPoolExecutor(max_workers=1, thread_name_prefix="recount-io")
        self.listeners = Listeners(self.catch_up)
        self._listeners = self.listeners.by_stream  # read by tests/replay/test_frames.py

    def close(self) -> None:
        self.listeners.close()
        with self._commit_lock:
            self._io.shutdown()
            self.store.close()

    # --- reading -----------------------------------------------------------------

    def log(self, match_id: str) -> MatchLog:
        """The match's log, loaded from the store on first use, with whatever any
        process has appended to it (see service/logcache.py)."""
        self.catch_up()
        return self.logs.get(match_id)

    def catch_up(self) -> None:
        """Hear of the appends other processes made since the last look (one query
        when there are none), and tell the live streams of those matches."""
        for stream, version in self.logs.follower.grown().items():
            self.listeners.tell(stream, version)

    def perspective(self, log: MatchLog, token: str | None, wanted: str | None) -> Perspective:
        """Who a reader is, from their token and what they ask to see.

        No token: a spectator. The write token sees everything or any seat. A seat
        token sees its own seat. Once the match is over everyone sees everything,
        unless the match was created to keep hands private."""
        meta = log.created.meta
        is_writer = token is not None and tokens.matches(token, meta.write_token_sha256)
        seat = None
        if token is not None and not is_writer:
            seat = next((p for p, h in (meta.seat_token_sha256 or {}).items() if tokens.matches(token, h)), None)
            if seat is None:
                raise Forbidden("this token is neither the match's write token nor one of its seat tokens")
        players = list(log.system.players(log.state))
        opened = log.system.finished(log.state) and not meta.keep_hands_private
        if wanted in (None, ""):
            if is_writer or opened:
                return EVERYONE
            return Perspective("seat", seat) if seat else SPECTATOR
        if wanted == "spectator":
            return SPECTATOR
        if wanted == "everyone":
            if is_writer or opened:
                return EVERYONE
            raise (Forbidden if token else Unauthenticated)("seeing every hand needs the match's write token")
        if wanted not in players:
            raise NotFound(f"there is no player {wanted!r} in this match (players: {', '.join(players)})")
        if is_writer or opened or seat == wanted:
            return Perspective("seat", wanted)
        raise (Forbidden if token else Unauthenticated)(f"seeing {wanted}'s hand needs {wanted}'s seat token or the write token")

    def standings(self, match_id: str) -> Standings:
        log = self.log(match_id)
        return log.system.standings(log.state)

    def summary(self, log: MatchLog) -> dict[str, Any]:
        created = log.created.event
        return {
            "id": log.stream,
            "system": log.system.name,
            "title": getattr(created, "title", ""),
            "players": list(log.system.players(log.state)),
            "version": log.version,
            "finished": log.system.finished(log.state),
            "created_at": log.created.meta.recorded_at,
            "updated_at": log.records[-1].meta.recorded_at,
        }

    # --- writing -----------------------------------------------------------------

    def create(self, setup: MatchSetup, *, recorded_by: str = "api") -> Created:
        """Start a match: resolve the setup into the system's first event and store it
        with the hashes of a new write token and its seat tokens."""
        system = domain.find(setup.system)
        first = system.start(setup)
        match_id = "m_" + secrets.token_hex(6)
        write_token = tokens.new_write_token()
        players = list(system.players(system.initial(first)))
        seats = {p: tokens.seat_token(write_token, match_id, p) for p in players}
        meta = Meta(
            recorded_at=self.clock(),
            recorded_by=recorded_by,
            write_token_sha256=tokens.sha256(write_token),
            seat_token_sha256={p: tokens.sha256(t) for p, t in seats.items()},
            keep_hands_private=setup.keep_hands_private,
        )
        result = self._commit_now(_Job(match_id, 0, [first], meta, None, system))
        return Created(match_id=match_id, system=system.name, version=result.version, write_token=write_token, seat_tokens=seats)

    def authorize_write(self, log: MatchLog, token: str | None) -> None:
        meta = log.created.meta
        if not token:
            raise Unauthenticated("recording needs the match's write token (Authorization: Bearer …)")
        if not tokens.matches(token, meta.write_token_sha256):
            if any(tokens.matches(token, h) for h in (meta.seat_token_sha256 or {}).values()):
                raise Forbidden("a seat token can follow the match but not record in it")
            raise Forbidden("this is not the match's write token")

    def seat_tokens(self, match_id: str, token: str | None) -> dict[str, str]:
        log = self.log(match_id)
        self.authorize_write(log, token)
        assert token is not None
        return {p: tokens.seat_token(token, match_id, p) for p in log.system.players(log.state)}

    def decode_actions(self, log: MatchLog, raw: Sequence[Any]) -> list[msgspec.Struct]:
        """Turn JSON objects into the match's game events; a shape error is Malformed."""
        try:
            return [msgspec.convert(item, _action_union(log.system)) for item in raw]
        except msgspec.ValidationError as error:
            tags = ", ".join(event_tag(t) for t in (*log.system.action_types, *correction_types(log.system)))
            for item in raw:
                # Well formed, but another game's action: the rules refuse it (422), the body is fine.
                kind = item.get("type") if isinstance(item, dict) else None
                owner = _owner_of(kind) if isinstance(kind, str) else None
                if owner is not None and owner is not log.system and kind not in tags.split(", "):
                    raise IllegalAction(f"{kind} is an action of {owner.title}, not of {log.system.title} (its actions: {tags})", domain.UNKNOWN_SYSTEM) from None
            raise Malformed(f"an event does not fit the {log.system.name} events ({tags}): {error}") from None

    def prepare(
        self,
        match_id: str,
        token: str | None,
        raw_events: Sequence[Any],
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        request_hash: str | None = None,
        follow: bool = True,
    ) -> _Job:
        """Authorize and decode an append; the rules are checked when it is committed,
        against the state the appends before it leave. `follow=False`: without asking
        the store what other processes appended (see append_async)."""
        log = self.log(match_id) if follow else self.logs.get(match_id)
        self.authorize_write(log, token)
        if not raw_events:
            raise Malformed("no events to record")
        events = self.decode_actions(log, raw_events)
        meta = Meta(
            recorded_at=self.clock(),
            recorded_by="write-token:" + tokens.sha256(token or "")[:8],
            idempotency_key=idempotency_key,
            request_hash=request_hash,
        )
        return _Job(match_id, expected_version, events, meta, log)

    def dry_run(self, match_id: str, token: str | None, raw_events: Sequence[Any], *, expected_version: int | None = None) -> DryRun:
        """Check actions exactly as an append would, against the match as it stands,
        and record nothing: raises what the append would raise (IllegalAction,
        Conflict, …), else says the words each action would be recorded with."""
        job = self.prepare(match_id, token, raw_events, expected_version=expected_version)
        assert job.log is not None
        log = job.log
        outcome = self._prepare(job, {}, {})
        assert not isinstance(outcome, AppendResult)  # no idempotency key, so never a replay
        records, states = outcome
        before = log.state
        checked = []
        for record, after in zip(records, states, strict=True):
            # Words for a correction look back at the record as it stands (log.records).
            words = log.describe(record, before, after)
            checked.append(Checked(step=record.version, type=event_tag(type(record.event)), description=words))
            before = after
        return DryRun(match_id=match_id, version=log.version, events=checked)

    def allowed(self, match_id: str, token: str | None) -> Allowed:
        """The actions the rules allow now; only for the recorder (they come from
        every known hand)."""
        log = self.log(match_id)
        self.authorize_write(log, token)
        state = log.state
        return Allowed(
            match_id=match_id,
            version=log.version,
            finished=log.system.finished(state),
            choices=list(log.system.allowed(state)),
        )

    def append(self, match_id: str, token: str | None, raw_events: Sequence[Any], **kwargs: Any) -> AppendResult:
        """Check and commit now (for scripts, imports and sync callers)."""
        return self._commit_now(self.prepare(match_id, token, raw_events, **kwargs))

    async def append_async(self, match_id: str, token: str | None, raw_events: Sequence[Any], **kwargs: Any) -> AppendResult:
        """Check and commit together with the other appends that arrive meanwhile;
        returns once this append is durable.

        Other processes' appends are not asked for here, on the event loop: a write
        over one of them conflicts in the store and is checked again on the fresh
        stream; only a writer who has seen more than this process knows makes it look."""
        job = self.prepare(match_id, token, raw_events, follow=False, **kwargs)
        if job.expected is not None and job.log is not None and job.expected > job.log.head[0]:
            job.log = await asyncio.to_thread(self.log, match_id)
        loop = asyncio.get_running_loop()
        job.waiter = loop.create_future()
        self._pending.append(job)
        if len(self._pending) == 1 and not self._writing:
            loop.call_soon(self._flush, loop)
        return await job.waiter

    def _flush(self, loop: asyncio.AbstractEventLoop) -> None:
        """Check the pending appends here, on the event loop (pure computation), and
        write them in the I/O thread, whose fsync releases the GIL; appends that
        arrive during the write wait for the next flush, which makes the groups."""
        if self._writing or not self._pending:
            return
        batch, self._pending = self._pending[:GROUP_COMMIT_MAX], self._pending[GROUP_COMMIT_MAX:]
        self._commit_lock.acquire()
        plan = self._plan(batch)
        if not plan.records:
            self._settle(batch, plan, None)
            self._commit_lock.release()
            self._answer(batch)
            loop.call_soon(self._flush, loop)
            return
        self._writing = True
        # Encoding is CPU work: done here, so the I/O thread needs the GIL as little as possible.
        written = loop.run_in_executor(self._io, self._write, self.store.encode(plan.records))

        def done(outcome: asyncio.Future[Exception | None]) -> None:
            try:
                self._settle(batch, plan, outcome.result())
            finally:
                self._writing = False
                self._commit_lock.release()
            self._answer(batch)
            self._flush(loop)

        written.add_done_callback(done)

    @staticmethod
    def _answer(batch: list[_Job]) -> None:
        for job in batch:
            assert job.waiter is not None
            error = job.future.exception()
            if error is not None:
                job.waiter.set_exception(error)
            else:
                job.waiter.set_result(job.future.result())

    def _commit_now(self, job: _Job) -> AppendResult:
        with self._commit_lock:
            self._commit([job])
        return job.future.result()

    def listen(self, match_id: str, callback: Callable[[int], None]) -> Callable[[], None]:
        """Call `callback(version)` (from a committing or following thread) after each
        append to the match by any process; returns the function that stops listening."""
        return self.listeners.add(match_id, callback)

    # --- committing -------------------------------------------------------------------

    def _commit(self, batch: list[_Job]) -> None:
        """Check every job against the state left by the jobs before it, then commit
        all the legal ones in one transaction."""
        plan = self._plan(batch)
        self._settle(batch, plan, self._write(plan.records) if plan.records else None)

    def _write(self, records: Sequence[Any]) -> Exception | None:
        try:
            self.logs.follower.own(self.store.append(records))
        except Exception as error:  # noqa: BLE001 - settled by the caller
            return error
        return None

    def _plan(self, batch: list[_Job]) -> _Plan:
        plan = _Plan()
        heads: dict[str, tuple[int, Any]] = {}
        heads_records: dict[str, list[Recorded]] = {}  # only for streams a correction in this batch touches
        keys: set[tuple[str, str]] = set()
        for job in batch:
            try:
                key = job.meta.idempotency_key
                if key is not None and (job.stream, key) in keys:
                    raise Conflict(f"a request with Idempotency-Key {key!r} is being recorded right now; retry it")
                if key is not None:
                    keys.add((job.stream, key))
                outcome = self._prepare(job, heads, heads_records)
            except Exception as error:  # noqa: BLE001 - handed to the waiting request
                job.future.set_exception(error)
                continue
            if isinstance(outcome, AppendResult):
                plan.replays.append((job, outcome))
            else:
                plan.accepted.append((job, *outcome))
                plan.records += outcome[0]
        return plan

    def _settle(self, batch: list[_Job], plan: _Plan, error: Exception | None) -> None:
        """Answer every job of a planned batch once its write has succeeded or failed."""
        for job, result in plan.replays:
            job.future.set_result(result)
        if isinstance(error, VersionConflict):
            # Another process wrote to one of these streams: forget what we knew and
            # check each job again on its own against the stream as stored (a 409
            # then only if its expected_version really is stale).
            for job, _, _ in plan.accepted:
                self.logs.forget(job.stream)
            for job, _, _ in plan.accepted:
                self._retry_alone(job)
            return
        if error is not None:
            for job, _, _ in plan.accepted:
                job.future.set_exception(error)
            return
        touched: dict[str, int] = {}
        for job, records, states in plan.accepted:
            first, last = records[0].version, records[-1].version
            self.logs.committed(job.stream, job.system if job.expected == 0 else None, records, states)
            touched[job.stream] = last
            job.future.set_result(AppendResult(job.stream, last, first))
        for stream, version in touched.items():
            self.listeners.tell(stream, version)

    def _retry_alone(self, job: _Job) -> None:
        job.attempts += 1
        if job.attempts > CONFLICT_RETRIES:
            job.future.set_exception(Conflict("other recordings kept reaching this match first; reload and retry"))
            return
        if job.log is not None:
            try:
                job.log = self.log(job.stream)
            except Exception as error:  # noqa: BLE001
                job.future.set_exception(error)
                return
        self._commit([job])

    def _prepare(
        self, job: _Job, heads: dict[str, tuple[int, Any]], heads_records: dict[str, list[Recorded]]
    ) -> AppendResult | tuple[list[Recorded], list[Any]]:
        if job.log is None:  # a new match: its first event was built by the system
            assert job.system is not None
            first = job.events[0]
            [record] = chain.link([Recorded(job.stream, 1, job.system.name, first, job.meta)], heads, None)
            state = job.system.initial(first)
            heads[job.stream] = (1, state)
            return [record], [state]
        log = job.log
        # The head as one value: another thread may be adding what another process recorded.
        version, state = heads.get(job.stream) or log.head
        key = job.meta.idempotency_key
        if key is not None and key in log.keys:
            first, last, digest = log.keys[key]
            if digest != job.meta.request_hash:
                raise Conflict(f"Idempotency-Key {key!r} was already used for a different request")
            return AppendResult(job.stream, last, first, replayed=True)
        if job.expected is not None and job.expected != version:
            raise Conflict(f"expected the match at version {job.expected}, but it is at version {version}; reload and retry")
        if log.system.finished(state) and not all(is_correction(e) for e in job.events):
            # The game's own rule says why, where it has one ("Play like this continues for thirteen
            # rounds"); the house rule only where the game's check would let the action through.
            log.system.check(state, next(e for e in job.events if not is_correction(e)))
            raise IllegalAction("the match is over: nothing more can be recorded but corrections", _MATCH_OVER)
        events = list(job.events)
        planned = heads_records.get(job.stream)

        def earlier() -> list[Recorded]:
            return planned if planned is not None else log.records[:version]

        def before() -> list[msgspec.Struct]:
            return [r.event for r in earlier()]

        states = self._checked(log, state, version, events, before)
        follow_up = getattr(log.system, "follow_up", None)
        while follow_up is not None and (due := list(follow_up(states[-1]))):
            # Events the rules make happen by themselves (a sealed-bid reveal once all
            # have committed), recorded in the same transaction and checked all the same.
            so_far = list(events)
            states += self._checked(log, states[-1], version + len(events), due, lambda: before() + so_far)
            events += due
        records = [
            Recorded(job.stream, version + i + 1, log.system.name, event, job.meta)
            for i, event in enumerate(events)
        ]
        records = chain.link(records, heads, planned if planned is not None else log.records)
        heads[job.stream] = (records[-1].version, states[-1])
        if any(is_correction(e) for e in events) or job.stream in heads_records:
            heads_records[job.stream] = earlier() + records
        return records, states

    def _checked(
        self, log: MatchLog, state: Any, version: int, events: list[msgspec.Struct], earlier: Callable[[], list[msgspec.Struct]]
    ) -> list[Any]:
        """Check each event against the state the ones before it leave; the states
        after each. A correction is checked by re-checking every action after the one
        it corrects (`earlier()` gives the events recorded before these: built only
        then, as copying a long match's events on every append would cost)."""
        system = log.system
        states = []
        for i, event in enumerate(events):
            version += 1
            if is_correction(event):
                recorded = earlier() + events[:i]
                check_target(event, recorded)
                pairs = list(enumerate(recorded[1:], start=2)) + [(version, event)]
                state = refold(system, log.created.event, pairs, check_from=event.step, describe=lambda step: self._said(log, recorded, step))
            else:
                system.check(state, event)
                state = advance(system, state, version, event)
            states.append(state)
        return states

    @staticmethod
    def _said(log: MatchLog, recorded: Sequence[msgspec.Struct], step: int) -> str:
        try:
            return log.describe(log.records[step - 1], log.state_at(step - 1)) if step <= log.version else type(recorded[step - 1]).__name__
        except Exception:  # noqa: BLE001 - only words for an error message
            return type(recorded[step - 1]).__name__


def _owner_of(tag: str) -> GameSystem | None:
    """The game system one of whose actions has this tag, if any."""
    return next((system for system in domain.systems().values() if tag in {event_tag(t) for t in system.action_types}), None)


@functools.cache
def _action_union(system: GameSystem) -> Any:
    return Union[(*system.action_types, *correction_types(system))]  # noqa: UP007 - a runtime union


_MATCH_OVER = Rule(
    id="recount.match-over",
    source="docs/house-rules.md § The end of a match",
    quote="Nothing is recorded after the end of a match.",
)


def request_hash(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()
