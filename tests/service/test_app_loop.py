"""No request freezes the others and no blocking call is made on the event loop: the
record path's checks, reads and writes of the store run on worker
threads, never on the loop's, and other requests are answered while a heavy append is
checked. What runs where is counted by patching, never timed: the latencies and the
slow callbacks are printed by bench/app_latency.py."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from fixtures.random_player import play_president as play
from domain.protocol import EVERYONE
from service.usecases import planning
from service.usecases.app import Recount
from service.usecases.writer import HEAVY_BATCH
from tests.support.stores import open_recount


@functools.cache
def long_match() -> tuple[Any, list[dict[str, Any]]]:
    """A real 10,000-event President match (a random legal player), as JSON actions."""
    setup, actions = play(9_999, seed=15)
    return setup, [msgspec.to_builtins(a) for a in actions]


@pytest.fixture
def app(tmp_path: Path):
    recount = open_recount(tmp_path / "loop.sqlite")
    yield recount
    recount.close()


@pytest.fixture
def blocking_calls(app: Recount, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, bool]]]:
    """(what, whether it ran on the thread of a running event loop) for every rules
    check (planning.prepared: a "heavy check" past the writer's HEAVY_BATCH, else a
    "light check", which runs on the loop by design) and every read or write of the store."""
    calls: list[tuple[str, bool]] = []

    def counted(what: str, call: Any) -> Any:
        @functools.wraps(call)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                on_loop = asyncio.get_running_loop() is not None
            except RuntimeError:
                on_loop = False
            calls.append((what if what != "check" else "heavy check" if args[0].weight() > HEAVY_BATCH else "light check", on_loop))
            return call(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(planning, "prepared", counted("check", planning.prepared))
    monkeypatch.setattr(app.store, "read", counted("read", app.store.read))
    monkeypatch.setattr(app.store, "append", counted("write", app.store.append))
    yield calls


def on_the_loop(calls: list[tuple[str, bool]]) -> list[str]:
    """The blocking calls made on the loop's thread (a light check is not one)."""
    return [what for what, on_loop in calls if on_loop and what != "light check"]


def test_the_record_path_checks_reads_and_writes_off_the_loop(app: Recount, blocking_calls: list[tuple[str, bool]]) -> None:
    """Appends of one action, eight at once, and 40 actions to a warm match, each
    answered after its commit: every check and every store call ran on a worker thread."""
    setup, actions = long_match()
    warm = app.create(setup)
    app.dry_run(warm.match_id, warm.write_token, actions[:1])  # warm the match and the decoders outside the loop
    blocking_calls.clear()

    async def record() -> None:
        for action in actions[:40]:
            await app.append_async(warm.match_id, warm.write_token, [action])
        await asyncio.gather(*(app.append_async(warm.match_id, warm.write_token, [action]) for action in actions[40:48]))
        await app.append_async(warm.match_id, warm.write_token, actions[48:88])

    asyncio.run(record())
    assert app.log(warm.match_id).version == 89
    assert {what for what, _ in blocking_calls} >= {"light check", "write"}
    assert on_the_loop(blocking_calls) == []


def test_a_cold_load_and_a_heavy_check_run_off_the_loop(app: Recount, blocking_calls: list[tuple[str, bool]]) -> None:
    """Appends to a warm match while a 5,000-event match loads cold and a
    1,000-action batch is checked: the load's reads and the check ran on worker threads."""
    setup, actions = long_match()
    warm, cold, heavy = app.create(setup), app.create(setup), app.create(setup)
    app.append(cold.match_id, cold.write_token, actions[:4_999])
    app.logs.forget(cold.match_id)  # as after a restart: the next read loads it from the store
    app.dry_run(warm.match_id, warm.write_token, actions[:1])
    blocking_calls.clear()

    async def record() -> None:
        async def appends() -> None:
            for action in actions[:40]:
                await app.append_async(warm.match_id, warm.write_token, [action])

        await asyncio.gather(
            appends(),
            app.logs.get_async(cold.match_id),
            app.append_async(heavy.match_id, heavy.write_token, actions[:1_000]),
        )

    asyncio.run(record())
    assert app.log(warm.match_id).version == 41 and app.log(heavy.match_id).version == 1_001
    assert app.logs.peek(cold.match_id) is not None
    assert {what for what, _ in blocking_calls} >= {"heavy check", "read", "write"}
    assert on_the_loop(blocking_calls) == []


async def other_requests_while(app: Recount, heavy, other, actions: list[dict[str, Any]]) -> tuple[int, Any]:
    """Reads of another match's state and appends to it, one after another, for as
    long as `heavy` (an awaitable append) runs: how many of those pairs were answered
    before it ended, and its result."""
    task = asyncio.ensure_future(heavy)
    answered = 0
    for action in actions:
        if task.done():
            break
        log = await app.logs.get_async(other.match_id)
        log.system.view(log.state, EVERYONE)
        await app.append_async(other.match_id, other.write_token, [action])
        answered += 1
        await asyncio.sleep(0.002)
    return answered, await task


def test_other_requests_are_answered_while_a_batch_of_10000_events_is_checked(app: Recount, blocking_calls: list[tuple[str, bool]]) -> None:
    setup, actions = long_match()
    heavy, other = app.create(setup), app.create(setup)
    app.log(other.match_id)
    blocking_calls.clear()

    async def scenario():
        return await other_requests_while(app, app.append_async(heavy.match_id, heavy.write_token, actions), other, actions[:300])

    answered, result = asyncio.run(scenario())
    assert result.version == len(actions) + 1
    assert answered >= 3  # the other requests ran while the batch was checked
    assert "heavy check" in {what for what, _ in blocking_calls}
    assert on_the_loop(blocking_calls) == []


def test_other_requests_are_answered_while_200_corrections_on_a_10000_step_match_are_checked(app: Recount, blocking_calls: list[tuple[str, bool]]) -> None:
    """Each correction puts the same action back in place of one of the last 200
    actions: legal, and each re-checks every action after it, on a worker thread."""
    setup, actions = long_match()
    corrected, other = app.create(setup), app.create(setup)
    app.append(corrected.match_id, corrected.write_token, actions)
    app.log(other.match_id)
    last = len(actions)  # the step of the action before MatchEnded (step 1 is the creation)
    corrections = [{"type": "EventAmended", "step": step, "event": actions[step - 2], "reason": "same"} for step in range(last - 199, last + 1)]
    blocking_calls.clear()

    async def scenario():
        return await other_requests_while(app, app.append_async(corrected.match_id, corrected.write_token, corrections), other, actions[:300])

    answered, result = asyncio.run(scenario())
    assert result.version == len(actions) + 1 + 200
    assert "heavy check" in {what for what, _ in blocking_calls}
    assert on_the_loop(blocking_calls) == []
