"""The application's parts on their own: the group-commit writer (an adapter over
the store), the bounded match repository, and a correction refolded from a
checkpoint agreeing with one refolded from step 1."""

from __future__ import annotations

import asyncio
import functools
import threading
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fixtures.random_player import play_president as play
from domain.corrections import amendment_type, refold
from domain.protocol import IllegalAction
from service.store.repository import MatchRepository
from service.usecases import handlers
from service.usecases.app import Recount
from tests.support.stores import open_recount


@functools.cache
def actions(count: int = 400) -> tuple[Any, list[dict[str, Any]]]:
    setup, played = play(count, seed=16)
    return setup, [msgspec.to_builtins(a) for a in played[:-1]]  # without MatchEnded: the match goes on


@pytest.fixture
def app(tmp_path: Path):
    recount = open_recount(tmp_path / "parts.sqlite")
    yield recount
    recount.close()


# --- the group-commit writer ----------------------------------------------------------


def test_the_writer_commits_concurrent_appends_to_several_matches_in_the_order_they_came(app: Recount) -> None:
    setup, moves = actions()
    first, second = app.create(setup), app.create(setup)

    async def record() -> list[Any]:
        return await asyncio.gather(*(
            app.append_async(match.match_id, match.write_token, [move])
            for move in moves[:30]
            for match in (first, second)
        ))

    results = asyncio.run(record())
    for match in (first, second):
        versions = [r.version for r in results if r.match_id == match.match_id]
        assert versions == list(range(2, 32))
        stored = app.store.read(match.match_id)
        assert [r.version for r in stored] == list(range(1, 32))
        assert [msgspec.to_builtins(r.event) for r in stored[1:]] == moves[:30]


def test_a_refused_append_in_a_group_refuses_only_itself(app: Recount) -> None:
    """The rules refuse an action out of turn (an IllegalAction citing its rule); the
    appends grouped with it are recorded."""
    setup, moves = actions()
    match = app.create(setup)

    async def record() -> list[Any]:
        return await asyncio.gather(
            app.append_async(match.match_id, match.write_token, [moves[0]]),
            app.append_async(match.match_id, match.write_token, [moves[0]]),  # the same deal twice
            app.append_async(match.match_id, match.write_token, [moves[1]]),
            return_exceptions=True,
        )

    ok, refused, next_ok = asyncio.run(record())
    assert isinstance(refused, IllegalAction) and refused.rule.quote
    assert (ok.version, next_ok.version) == (2, 3)


def test_a_heavy_append_checked_before_it_queues_is_rechecked_if_the_match_moved(app: Recount) -> None:
    """Given a 300-action append checked on the checker thread, when another append to
    the same match commits first, then the heavy one is checked again against the
    match as it now stands (here: refused, as its first action is taken)."""
    setup, moves = actions()
    match = app.create(setup)
    heavy = handlers.prepare(app.services, match.match_id, match.write_token, moves[:300])
    heavy.precheck(app.store.encode)
    assert heavy.still_prechecked({})
    assert app.append(match.match_id, match.write_token, moves[:1]).version == 2
    assert not heavy.still_prechecked({})
    with pytest.raises(IllegalAction):
        asyncio.run(app.services.writer.submit(heavy))
    assert app.log(match.match_id).version == 2


def test_the_loop_never_waits_for_a_synchronous_commit(app: Recount) -> None:
    """A flush that finds a synchronous commit holding the store comes back later
    instead of blocking the loop on the lock."""
    setup, moves = actions()
    match = app.create(setup)
    writer = app.services.writer

    async def record() -> tuple[bool, Any]:
        writer._commit_lock.acquire()  # noqa: SLF001 - as create() holds it through its fsync
        pending = asyncio.ensure_future(app.append_async(match.match_id, match.write_token, moves[:1]))
        await asyncio.sleep(0.02)
        waiting = not pending.done()
        writer._commit_lock.release()  # noqa: SLF001
        return waiting, await pending

    waiting, result = asyncio.run(record())
    assert waiting and result.version == 2


# --- the repository -------------------------------------------------------------------


def test_the_repository_holds_at_most_its_bound_of_events_least_recently_used_out(app: Recount) -> None:
    setup, moves = actions()
    matches = [app.create(setup) for _ in range(4)]
    for match in matches:
        app.append(match.match_id, match.write_token, moves[:99])  # 100 events each
    repository = MatchRepository(app.store, events_held_max=250)
    for match in matches:
        repository.get(match.match_id)
    assert repository.events_held <= 250
    assert [m.match_id for m in matches if repository.peek(m.match_id)] == [m.match_id for m in matches[-2:]]
    assert repository.get(matches[0].match_id).version == 100  # loaded again from the store


def test_a_match_loads_off_the_event_loop(app: Recount) -> None:
    setup, moves = actions()
    match = app.create(setup)
    app.append(match.match_id, match.write_token, moves[:50])
    repository = MatchRepository(app.store)
    reading_threads: list[Any] = []
    read = repository.store.read

    def spying_read(*args: Any, **kwargs: Any) -> Any:
        reading_threads.append(threading.current_thread())
        return read(*args, **kwargs)

    repository.store.read = spying_read  # type: ignore[method-assign]
    try:
        log = asyncio.run(repository.get_async(match.match_id))
    finally:
        repository.store.read = read  # type: ignore[method-assign]
    assert log.version == 51 and reading_threads and reading_threads[0] is not threading.main_thread()


# --- corrections from a checkpoint ----------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_a_correction_refolded_from_a_checkpoint_is_the_state_refolded_from_step_1(data: st.DataObject, tmp_path_factory: pytest.TempPathFactory) -> None:
    """docs/house-rules.md § Corrections: "everything after it is re-checked" — the
    checkpoint changes where the fold starts, never the state or the verdict."""
    setup, moves = actions()
    app = open_recount(tmp_path_factory.mktemp("refold") / "r.sqlite")
    try:
        match = app.create(setup)
        app.append(match.match_id, match.write_token, moves[:200])
        targets = data.draw(st.lists(st.integers(min_value=100, max_value=201), min_size=1, max_size=3))
        log = app.log(match.match_id)
        for target in targets:
            recorded = [r.event for r in log.records]
            amended = msgspec.convert({"type": "EventAmended", "step": target, "event": moves[target - 2]}, amendment_type(log.system))
            from_checkpoint = log.corrected([*recorded, amended], check_from=target)
            from_start = refold(log.system, log.created.event, list(enumerate([*recorded, amended][1:], start=2)), check_from=target)
            assert msgspec.to_builtins(from_checkpoint) == msgspec.to_builtins(from_start)
            app.append(match.match_id, match.write_token, [msgspec.to_builtins(amended)])
            log = app.log(match.match_id)
    finally:
        app.close()


def test_a_correction_that_makes_a_later_action_illegal_is_refused_from_a_checkpoint_too(app: Recount) -> None:
    setup, moves = actions()
    match = app.create(setup)
    app.append(match.match_id, match.write_token, moves[:200])
    deal_steps = [i + 2 for i, m in enumerate(moves[:200]) if m["type"] == "CardsDealt"]
    later_deal = deal_steps[-1]
    with pytest.raises(IllegalAction) as refused:
        app.append(match.match_id, match.write_token, [{"type": "EventVoided", "step": later_deal, "reason": "no deal"}])
    assert "would make step" in refused.value.what and refused.value.rule.quote


# --- the server's record fast path ------------------------------------------------------


def test_the_record_fast_path_answers_every_request_as_the_route_does(app: Recount) -> None:
    """service/web/server.py answers a successful append without Litestar and hands every
    other request back to the route: each request below, sent to a match of its own
    through the plain app and through the fast path, gets the same status, headers and
    body (the match's id aside), and records the same."""
    import httpx

    from service.reads.readmodel import MatchIndex
    from service.web.params import BODY_MAX
    from service.web.routes import create_app
    from service.web.server import RecordFastPath

    setup, played = actions(12)
    litestar_app = create_app(app, MatchIndex(app, None))
    good = {"events": played[:1], "expected_version": 1}
    illegal = {"events": played[3:4], "expected_version": 1}
    cases: list[tuple[str, Any, dict[str, str]]] = [
        ("recorded", good, {}),
        ("recorded at the head", {"events": played[:2]}, {}),
        ("keyed", good, {"Idempotency-Key": "k1"}),
        ("stale", {"events": played[:1], "expected_version": 5}, {}),
        ("illegal", illegal, {}),
        ("no token", good, {"Authorization": ""}),
        ("seat token", good, {"Authorization": "seat"}),
        ("another scheme", good, {"Authorization": "Basic abc"}),
        ("not JSON", b'{"events": [', {}),
        ("not an action", {"events": [{"type": "Nope"}]}, {}),
        ("no events", {"events": []}, {}),
        ("unknown field", {"events": played[:1], "extra": 1}, {}),
        ("too large", b" " * (BODY_MAX + 1), {}),
        ("unknown match", good, {"match": "m_unknown"}),
    ]

    async def answers(through: Any) -> list[tuple[str, int, list[tuple[str, str]], str, list[int]]]:
        said = []
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=through), base_url="http://test") as client:
            for name, body, headers in cases:
                created = app.create(setup)
                match_id = headers.get("match", created.match_id)
                token = {"": "", "seat": "Bearer " + next(iter(created.seat_tokens.values())), "Basic abc": "Basic abc"}.get(headers.get("Authorization", "-"), "Bearer " + created.write_token)
                sent = {k: v for k, v in headers.items() if k not in ("Authorization", "match")} | ({"Authorization": token} if token else {})
                content = body if isinstance(body, bytes) else msgspec.json.encode(body)
                repeats = 2 if "Idempotency-Key" in sent else 1
                for _ in range(repeats):
                    reply = await client.post(f"/matches/{match_id}/events", content=content, headers=sent)
                versions = [r.version for r in app.store.read(created.match_id)]
                said.append((name, reply.status_code, sorted(reply.headers.items()), reply.text.replace(created.match_id, "M"), versions))
        return said

    handed_on = []

    async def counted(scope: Any, receive: Any, send: Any) -> None:
        handed_on.append(scope["path"])
        await litestar_app(scope, receive, send)

    fast_path = RecordFastPath(litestar_app)
    fast_path.app = counted

    async def both() -> tuple[list[Any], list[Any]]:
        return await answers(litestar_app), await answers(fast_path)

    plain, fast = asyncio.run(both())
    assert fast == plain
    # The four 201s (the keyed request is sent twice) never reached Litestar; the rest did.
    assert len(handed_on) == len(cases) + 1 - 4
    assert {status for _, status, *_ in plain} >= {201, 400, 401, 403, 404, 409, 413, 422}
    assert [status for name, status, *_ in plain if name.startswith(("recorded", "keyed"))] == [201, 201, 201]
