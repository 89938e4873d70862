"""The one place the application's parts are wired: the store, the match repository,
the live-stream listeners and the group-commit writer, for the use cases of
service/handlers.py (service/app.py's Recount is a facade over them)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from service import handlers
from service.follow import Listeners
from service.repository import EVENTS_HELD_MAX, MatchRepository
from service.store import MatchStore
from service.writer import GroupCommitWriter


@dataclass(eq=False)
class Services:
    store: MatchStore
    clock: Callable[[], float]
    repository: MatchRepository
    listeners: Listeners = field(init=False)
    writer: GroupCommitWriter = field(init=False)

    def close(self) -> None:
        self.listeners.close()
        self.writer.close()


def build(store: MatchStore, clock: Callable[[], float] = time.time, *, events_held_max: int = EVENTS_HELD_MAX) -> Services:
    services = Services(store, clock, MatchRepository(store, events_held_max))
    services.listeners = Listeners(lambda: handlers.catch_up(services))
    services.writer = GroupCommitWriter(store, services.repository, services.listeners, lambda match_id: handlers.match_log(services, match_id))
    return services
