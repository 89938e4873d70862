"""A batch of appends planned for the group-commit writer: each job checked against the
state the jobs before it in the batch leave (service/usecases/checking.py checks its
events), its records chained, a retry answered from its first result, an echo of a
record the service made by itself answered as recorded already.

Pure computation over the match logs held in memory (no I/O): the writer plans a whole
batch, on the event loop for a small batch and on its own thread for a large one (see
service/usecases/writer.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import msgspec

from domain.corrections import is_correction
from domain.protocol import GameSystem, IllegalAction
from service.errors import Conflict
from service.store import chain
from service.store.match_store import Meta, Recorded
from service.store.matchlog import MatchLog
from service.usecases.automatic import Echo, echoed, echoed_earlier
from service.usecases.checking import MATCH_OVER, with_follow_ups
from service.usecases.results import AppendResult


class Job:
    """One append on its way to the store: decoded and authorized, not yet checked."""

    __slots__ = ("stream", "expected", "events", "meta", "log", "system", "future", "waiter", "attempts", "prechecked", "encoded", "corrects", "seat_hash")

    def __init__(
        self, stream: str, expected: int | None, events: list[msgspec.Struct], meta: Meta, log: MatchLog | None,
        system: GameSystem | None = None, seat_hash: Callable[[str], str] | None = None,
    ):
        self.stream = stream
        # A newcomer's seat token's hash (the recorder's write token derives it), stored
        # with the event that seats them (see after_meta).
        self.seat_hash = seat_hash
        self.system = log.system if log is not None else system
        self.expected = expected
        self.events = events
        # Whether an event corrects an earlier one: asked for the job's weight, twice an append.
        self.corrects = any(is_correction(e) for e in events)
        self.meta = meta
        self.log = log
        self.future = Outcome()  # holds the outcome once committed
        self.waiter: asyncio.Future[AppendResult] | None = None
        self.attempts = 0
        # (version checked against, outcome or error): a heavy job's check made before
        # it queued, used as is if the match has not moved since.
        self.prechecked: tuple[int, Any] | None = None
        self.encoded: list[Any] | None = None  # the prechecked records encoded for the store

    def precheck(self, encode: Callable[[list[Recorded]], list[Any]]) -> None:
        """Check the job now against the match as held (on a worker thread, before it
        queues), so its group need not wait for a long check."""
        assert self.log is not None
        version = self.log.head[0]
        try:
            outcome: Any = prepared(self, {})
        except Exception as error:  # noqa: BLE001 - raised again if still valid when committed
            outcome = error
        if isinstance(outcome, tuple):
            self.encoded = encode(outcome[0])
        self.prechecked = (version, outcome)

    def still_prechecked(self, heads: Heads) -> bool:
        """Whether the check made before queueing still holds: the match is where it was."""
        return (
            self.prechecked is not None
            and self.log is not None
            and self.stream not in heads
            and self.log.head[0] == self.prechecked[0]
        )

    def weight(self) -> int:
        """How much checking the job costs, in events (a correction re-checks the
        actions after the one it corrects)."""
        if self.log is None or self.still_prechecked({}):
            return 1
        if not self.corrects:
            return len(self.events)
        return sum(self.log.version - e.step + 1 if is_correction(e) else 1 for e in self.events)


class Outcome:
    """A job's result or error, set once by whichever thread settles the job and read
    after that thread's work is done (the writer's done-callback, or the same thread).
    The subset of `concurrent.futures.Future` the writer uses, without the lock and
    condition a Future builds for every append (3% of the event loop's time in
    bench/record_path.py's profile)."""

    __slots__ = ("_done", "_result", "_error")

    def __init__(self) -> None:
        self._done = False
        self._result: AppendResult | None = None
        self._error: BaseException | None = None

    def done(self) -> bool:
        return self._done

    def set_result(self, result: AppendResult) -> None:
        self._result, self._done = result, True

    def set_exception(self, error: BaseException) -> None:
        self._error, self._done = error, True

    def exception(self) -> BaseException | None:
        return self._error

    def result(self) -> AppendResult:
        if self._error is not None:
            raise self._error
        assert self._result is not None, "the job was not settled"
        return self._result


class Planned:
    """What a batch has planned for one stream so far: its head after the last job
    planned (version, state, the last record's chain hash), that job's records and
    states (an echo of them answers from them), and, once a correction in the batch
    touched the stream, every record up to the head (the past a correction re-checks)."""

    __slots__ = ("version", "state", "chain", "records", "states", "history")

    def __init__(self, records: list[Recorded], states: list[Any], history: list[Recorded] | None = None):
        self.version, self.state, self.chain = records[-1].version, states[-1], records[-1].meta.chain
        self.records, self.states, self.history = records, states, history


Heads = dict[str, Planned]


class Plan:
    """A checked batch: the jobs accepted with their records and states, and the
    retries answered from an earlier result."""

    def __init__(self) -> None:
        self.accepted: list[tuple[Job, list[Recorded], list[Any]]] = []
        self.echoes: set[int] = set()  # id() of the accepted jobs that only echo the records of the job before them
        self.replays: list[tuple[Job, AppendResult]] = []
        self.records: list[Recorded] = []
        # What the store is given: the records, those encoded already in their place.
        self.to_write: list[Any] = []


def plan(batch: list[Job]) -> Plan:
    """Check every job against the state left by the jobs before it; a refused job's
    future holds its error."""
    planned = Plan()
    heads: Heads = {}
    keys: set[tuple[str, str]] = set()
    for job in batch:
        try:
            key = job.meta.idempotency_key
            if key is not None and (job.stream, key) in keys:
                raise Conflict(f"a request with Idempotency-Key {key!r} is being recorded right now; retry it")
            if key is not None:
                keys.add((job.stream, key))
            outcome = prepared(job, heads)
        except Exception as error:  # noqa: BLE001 - handed to the waiting request
            job.future.set_exception(error)
            continue
        if isinstance(outcome, AppendResult):
            planned.replays.append((job, outcome))
        elif isinstance(outcome, Echo):
            # Answered once the records it echoes are durable (they are written by the job
            # before it, not again): settled, or refused, with them.
            planned.accepted.append((job, outcome.records, outcome.states))
            planned.echoes.add(id(job))
        else:
            planned.accepted.append((job, *outcome))
            planned.records += outcome[0]
            prechecked = job.encoded is not None and job.prechecked is not None and outcome is job.prechecked[1]
            planned.to_write += job.encoded if prechecked else outcome[0]
    return planned


def prepared(job: Job, heads: Heads) -> AppendResult | Echo | tuple[list[Recorded], list[Any]]:
    """The job's records (chained) and the states after each, or the earlier result
    of the same request (an idempotent retry, or a follow-up sent that the service
    recorded by itself), or an Echo of what the batch plans already (only with `heads`
    of a batch); raises what the rules refuse."""
    if job.still_prechecked(heads):
        assert job.prechecked is not None and job.log is not None
        outcome = job.prechecked[1]
        if isinstance(outcome, Exception):
            raise outcome
        if isinstance(outcome, tuple):
            records, states = outcome
            # The next job of this stream in the batch starts from this one's head.
            corrected = any(is_correction(r.event) for r in records)
            heads[job.stream] = Planned(records, states, job.log.records[: job.prechecked[0]] + records if corrected else None)
        return outcome
    if job.log is None:  # a new match: its first event was built by the system
        assert job.system is not None
        first = job.events[0]
        [record] = chain.link([Recorded(job.stream, 1, job.system.name, first, job.meta)], None)
        state = job.system.initial(first)
        heads[job.stream] = Planned([record], [state])
        return [record], [state]
    log = job.log
    # The head as one value: another thread may be adding what another process recorded.
    here = heads.get(job.stream)
    version, state = (here.version, here.state) if here is not None else log.head
    key = job.meta.idempotency_key
    if key is not None and key in log.keys:
        first, last, digest = log.keys[key]
        if digest != job.meta.request_hash:
            raise Conflict(f"Idempotency-Key {key!r} was already used for a different request")
        return AppendResult(job.stream, last, first, replayed=True)
    sent = job.events
    # The records this batch has planned for the stream so far (the job before this one's),
    # then the log's: an echo may answer a follow-up planned a moment ago, in this batch.
    planned_records, planned_states = (here.records, here.states) if here is not None else ([], [])
    planned_from = planned_records[0].version if planned_records else version + 1
    first_held = max(2, log.records.base)  # no store read here: it may run on the event loop

    def record_at(at: int) -> Recorded:
        return planned_records[at - planned_from] if at >= planned_from else log.records[at - 1]

    def answered(first: int, last: int) -> AppendResult | Echo:
        """The records at first..last, recorded by the service itself, as the answer."""
        if first >= planned_from:  # planned by the job before this one, in this batch
            return Echo(planned_records[first - planned_from : last - planned_from + 1], planned_states[first - planned_from : last - planned_from + 1])
        return AppendResult(job.stream, last, first, replayed=True)

    echo = echoed(record_at, version, sent, first_held)
    if job.expected is not None and job.expected != version and not (echo and job.expected == version - echo):
        if (late := echoed_earlier(record_at, version, job.expected, sent, first_held)) is not None:
            # The same request again (an idempotent retry: an echo stores no key), after
            # the match moved on: answered as it was the first time.
            return answered(*late)
        raise Conflict(f"expected the match at version {job.expected}, but it is at version {version}; reload and retry")
    if echo:
        if len(sent) == echo:
            return answered(version - echo + 1, version)
        sent = sent[echo:]
    if log.system.finished(state) and not all(is_correction(e) for e in sent):
        # The game's own rule says why, where it has one ("Play like this continues for thirteen
        # rounds"); the house rule only where the game's check would let the action through.
        log.system.check(state, next(e for e in sent if not is_correction(e)))
        raise IllegalAction("the match is over: nothing more can be recorded but corrections", MATCH_OVER)
    events = list(sent)
    planned = here.history if here is not None else None

    def earlier() -> list[Recorded]:
        return planned if planned is not None else log.records[:version]

    def before() -> list[msgspec.Struct]:
        return [r.event for r in earlier()]

    events, states, automatic = with_follow_ups(log, state, version, events, before, job.meta.recorded_as, record_at)
    befores = [state, *states[:-1]]
    records = [
        Recorded(job.stream, version + i + 1, log.system.name, event, after_meta(log, job, befores[i], states[i], i in automatic))
        for i, event in enumerate(events)
    ]
    first = records[0].version
    previous = here.chain if here is not None and here.version == first - 1 else chain.hash_before(first, planned if planned is not None else log.records)
    records = chain.link(records, previous)
    corrected = any(is_correction(e) for e in events) or planned is not None
    heads[job.stream] = Planned(records, states, earlier() + records if corrected else None)
    return records, states


def after_meta(log: MatchLog, job: Job, before: Any, after: Any, automatic: bool = False) -> Meta:
    """The job's meta with what the match index reads from an event (whether the match
    is over after it, and the players when they are no longer those it was created
    with), and the seat token hashes of the players it seats who were not seated
    before it (a newcomer reads their own seat as those seated at the start do)."""
    meta = msgspec.structs.replace(job.meta, automatic=True) if automatic else job.meta
    seated = tuple(log.system.players(after))
    ends = log.system.finished(after)
    if not ends and seated == log.seated_at_start:
        return meta
    hashed = job.seat_hash
    newcomers = [p for p in seated if p not in log.seated_at_start and p not in log.system.players(before)] if hashed else []
    return msgspec.structs.replace(
        meta,
        ends_match=ends,
        seated=None if seated == log.seated_at_start else seated,
        seat_token_sha256={p: hashed(p) for p in newcomers} if hashed and newcomers else None,
    )
