"""PostgreSQL stopped and started under load, a fault the service survives: a
`recount serve` process on a private cluster of this module's own (stopping the
session's cluster would take every other PostgreSQL test down with it).

Given writers appending and readers reading concurrently, when the cluster stops
(immediate shutdown: connections cut, as a crash does) and starts again on the same
data: every answer during the outage is a 2xx, or a 503 with Retry-After, within a
bounded time (never a 500, never a hang), and the service answers 2xx again by
itself once the database is back, with no gap and no duplicate in the streams."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from tests.support.stores import PostgresCluster, fresh_schema
from tests.support.servers import new_match, serving

# No request may take longer than this, outage or not (the client gives up at twice it).
ANSWER_BOUND_SECONDS = 10.0
OUTAGE_SECONDS = 3.0
RECOVERY_BOUND_SECONDS = 30.0


class RestartableCluster(PostgresCluster):
    """The conftest cluster, with a stop that keeps the data and a start again."""

    def options(self) -> str:
        return f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.folder} -c fsync=off -c max_connections=200"

    def halt(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def resume(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", self.options(), "-l", str(self.folder / "log"), "-w", "start")


@pytest.fixture
def cluster() -> Iterator[RestartableCluster]:
    own = RestartableCluster()
    own.start()
    try:
        yield own
    finally:
        own.stop()


@dataclass
class Answers:
    """What the service answered: (what, status, seconds, Retry-After, started) per request."""

    seen: list[tuple[str, int, float, str | None, float]] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    acknowledged: dict[str, list[int]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ask(self, client: httpx.Client, what: str, method: str, path: str, **kwargs: Any) -> httpx.Response | None:
        started = time.monotonic()
        try:
            reply = client.request(method, path, **kwargs)
        except httpx.TransportError as error:  # a hang past twice the bound, or a dropped connection
            with self.lock:
                self.failures.append(f"{what}: {type(error).__name__} after {time.monotonic() - started:.1f} s")
            return None
        with self.lock:
            self.seen.append((what, reply.status_code, time.monotonic() - started, reply.headers.get("retry-after"), started))
        return reply


def load(url: str, match: dict[str, Any], actions: list[dict[str, Any]], answers: Answers, stop: threading.Event) -> None:
    """Append the match's next action at the version the service reports, and read its
    state and events, until told to stop; any answer is recorded."""
    path = f"/matches/{match['match_id']}"
    auth = {"Authorization": f"Bearer {match['write_token']}"}
    with httpx.Client(base_url=url, headers=auth, timeout=2 * ANSWER_BOUND_SECONDS) as client:
        while not stop.is_set():
            state = answers.ask(client, "state", "GET", path + "/state")
            answers.ask(client, "events", "GET", path + "/events", params={"limit": 5})
            if state is None or state.status_code != 200:
                time.sleep(0.05)
                continue
            version = state.json()["version"]
            if version > len(actions):
                return
            reply = answers.ask(client, "append", "POST", path + "/events", json={"expected_version": version, "events": [actions[version - 1]]})
            if reply is not None and reply.status_code == 201:
                with answers.lock:
                    answers.acknowledged.setdefault(match["match_id"], []).append(reply.json()["version"])


def test_postgresql_stopped_and_started_under_load_gives_503_then_recovers_by_itself(cluster: RestartableCluster) -> None:
    db = fresh_schema(f"postgresql://postgres@127.0.0.1:{cluster.port}/postgres")
    answers = Answers()
    stop = threading.Event()
    with serving(db) as [(url, process)]:
        matches = [new_match(url, 600, seed) for seed in (11, 12, 13)]
        threads = [threading.Thread(target=load, args=(url, m, a, answers, stop)) for m, a in matches]
        for thread in threads:
            thread.start()
        time.sleep(1.0)
        halted = time.monotonic()
        cluster.halt()
        time.sleep(OUTAGE_SECONDS)
        cluster.resume()
        resumed = time.monotonic()
        recovered_after = None
        while time.monotonic() - resumed < RECOVERY_BOUND_SECONDS:
            mark = len(answers.seen)
            time.sleep(0.5)
            if any(what == "append" and status == 201 for what, status, *_ in answers.seen[mark:]):
                recovered_after = time.monotonic() - resumed
                break
        time.sleep(0.5)
        stop.set()
        for thread in threads:
            thread.join()
        assert process.poll() is None  # the same process, never restarted

        assert not answers.failures, answers.failures
        statuses = {(what, status) for what, status, *_ in answers.seen}
        assert not {s for s in statuses if s[1] >= 500 and s[1] != 503}, statuses
        assert all(retry for _, status, _, retry, _ in answers.seen if status == 503)  # every 503 says when to retry
        assert all(status in (200, 201, 409, 503) for _, status, *_ in answers.seen), statuses
        assert max(seconds for _, _, seconds, *_ in answers.seen) <= ANSWER_BOUND_SECONDS
        # The outage was felt: a request made during it (an append, or a read, which asks the
        # store for other processes' appends first) was refused, or waited for the database's
        # return. Not only appends: a writer whose read got a 503 sends no append meanwhile.
        in_outage = [(what, status, started + seconds) for what, status, seconds, _, started in answers.seen if halted <= started < resumed]
        assert in_outage, "no request was made during the outage"
        assert any(status == 503 or ended >= resumed for _, status, ended in in_outage), in_outage
        assert recovered_after is not None, "no append succeeded after the database came back"

        # Nothing lost, nothing duplicated: every acknowledged append is stored where it was acknowledged.
        for match, actions in matches:
            events = httpx.get(f"{url}/matches/{match['match_id']}/events", params={"limit": 1000}, headers={"Authorization": f"Bearer {match['write_token']}"}).json()["events"]
            assert [e["step"] for e in events] == list(range(1, len(events) + 1))
            for version in answers.acknowledged.get(match["match_id"], []):
                assert events[version - 1]["type"] == actions[version - 2]["type"]
            assert len(set(answers.acknowledged.get(match["match_id"], []))) == len(answers.acknowledged.get(match["match_id"], []))
