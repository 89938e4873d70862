"""The one place the application's parts are wired: the store, the match repository,
the live-stream listeners and the group-commit writer, for the use cases of
service/usecases/handlers.py (service/usecases/app.py's Recount is a facade over them)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from service.store.follow import Listeners
from service.store.match_store import MatchStore
from service.store.matchlog import MatchLog
from service.store.repository import EVENTS_HELD_MAX, MatchRepository
from service.usecases.writer import GroupCommitWriter


@dataclass(eq=False)
class Services:
    store: MatchStore
    clock: Callable[[], float]
    repository: MatchRepository
    listeners: Listeners = field(init=False)
    writer: GroupCommitWriter = field(init=False)

    def catch_up(self) -> None:
        """Hear of the appends other processes made since the last look (one query when
        there are none), and tell the live streams of those matches."""
        for stream, version in self.repository.follower.grown().items():
            self.listeners.tell(stream, version)

    def match_log(self, match_id: str) -> MatchLog:
        """The match's log, loaded from the store on first use, with whatever any process
        has appended to it. Blocking: for sync routes and threads."""
        self.catch_up()
        return self.repository.get(match_id)

    def close(self) -> None:
        self.listeners.close()
        self.writer.close()


def build(store: MatchStore, clock: Callable[[], float] = time.time, *, events_held_max: int = EVENTS_HELD_MAX) -> Services:
    services = Services(store, clock, MatchRepository(store, events_held_max))
    services.listeners = Listeners(services.catch_up)
    services.writer = GroupCommitWriter(store, services.repository, services.listeners, services.match_log)
    return services
