"""The application as the routes see it: a thin facade over the use cases.

The parts live in their own modules: the use cases in service/usecases/handlers.py, the
match repository (a bounded cache that loads off the event loop) in
service/store/repository.py, access rules in service/usecases/access.py, the rules check of a
batch in service/usecases/checking.py, the group-commit writer in service/usecases/writer.py, all
wired in service/usecases/bootstrap.py. `Recount` keeps the public methods the routes,
the CLI and the tests have always called.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.protocol import MatchSetup, Perspective, Standings
from service.store.match_store import MatchStore
from service.store.matchlog import MatchLog
from service.usecases import access, bootstrap, handlers, reading
from service.usecases.results import Allowed, AppendResult, Checked, Created, DryRun, EventPage, MatchSummary, StateAt

__all__ = ["Allowed", "AppendResult", "Checked", "Created", "DryRun", "Recount", "request_hash"]


class Recount:
    """The application: one per process, over one store."""

    def __init__(self, store: MatchStore, clock: Callable[[], float] = time.time, **options: Any):
        self.services = bootstrap.build(store, clock, **options)
        self.store = store
        self.clock = clock
        self.logs = self.services.repository
        self.listeners = self.services.listeners

    def close(self) -> None:
        self.services.close()

    # --- reading -----------------------------------------------------------------

    def log(self, match_id: str) -> MatchLog:
        return self.services.match_log(match_id)

    def catch_up(self) -> None:
        self.services.catch_up()

    def perspective(self, log: MatchLog, token: str | None, wanted: str | None) -> Perspective:
        return access.perspective(log, token, wanted)

    def standings(self, match_id: str, step: int | None = None) -> Standings:
        return reading.standings(self.services, match_id, step)

    def events(self, match_id: str, token: str | None, wanted: str | None, start: int, limit: int) -> EventPage:
        return reading.events_page(self.services, match_id, token, wanted, start, limit)

    def state(self, match_id: str, token: str | None, wanted: str | None, step: int | None) -> StateAt:
        return reading.state_at(self.services, match_id, token, wanted, step)

    def summary(self, log: MatchLog) -> MatchSummary:
        return reading.summary(log)

    def allowed(self, match_id: str, token: str | None) -> Allowed:
        return reading.allowed(self.services, match_id, token)

    def listen(self, match_id: str, callback: Callable[[int], None]) -> Callable[[], None]:
        """Call `callback(version)` (from a committing or following thread) after each
        append to the match by any process; returns the function that stops listening."""
        return self.listeners.add(match_id, callback)

    # --- writing -----------------------------------------------------------------

    def create(self, setup: MatchSetup, *, recorded_by: str = "api") -> Created:
        return handlers.create_match(self.services, setup, recorded_by=recorded_by)

    def authorize_write(self, log: MatchLog, token: str | None) -> None:
        access.authorize_write(log, token)

    def seat_tokens(self, match_id: str, token: str | None) -> dict[str, str]:
        return access.seat_tokens(self.log(match_id), token)

    def decode_actions(self, log: MatchLog, raw: Sequence[Any]) -> list[msgspec.Struct]:
        return handlers.decode_actions(log, raw)

    def dry_run(self, match_id: str, token: str | None, raw_events: Sequence[Any], *, expected_version: int | None = None) -> DryRun:
        return handlers.dry_run(self.services, match_id, token, raw_events, expected_version=expected_version)

    def append(self, match_id: str, token: str | None, raw_events: Sequence[Any], **kwargs: Any) -> AppendResult:
        return handlers.record(self.services, match_id, token, raw_events, **kwargs)

    async def append_async(self, match_id: str, token: str | None, raw_events: Sequence[Any], **kwargs: Any) -> AppendResult:
        return await handlers.record_async(self.services, match_id, token, raw_events, **kwargs)

    async def append_body_async(self, match_id: str, token: str | None, body: bytes, **kwargs: Any) -> AppendResult | None:
        return await handlers.record_body_async(self.services, match_id, token, body, **kwargs)


def request_hash(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()
