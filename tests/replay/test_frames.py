"""The frames API, the live stream and the viewer's pages, through the test client
on a real SQLite file: the toy system (secret words) and every recorded fixture."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from service.records import fixtures
from service.usecases.app import Recount
from tests.support.api import auth
from tests.support.frames import PLAYERS, SECRETS, all_frames, collect_stream, create_toy, draws, readers, record, record_later




def assert_frames_equal_states(
    client: TestClient, match: dict[str, Any], token: str | None, as_: str | None, at: Callable[[list[dict[str, Any]]], set[int]] | None = None
) -> None:
    """Every frame, page by page, against the events; its view against the state at each
    step, or at the steps `at` picks from the frames."""
    params = {"as": as_} if as_ else {}
    frames = all_frames(client, match["match_id"], token, limit=7, **params)
    events = client.get(f"/matches/{match['match_id']}/events", params={"limit": 1000, **params}, headers=auth(token)).json()
    assert [f["step"] for f in frames] == list(range(1, events["version"] + 1))
    picked = None if at is None else at(frames)
    for frame, event in zip(frames, events["events"], strict=True):
        assert (frame["description"], frame["type"], frame["recorded_at"]) == (event["description"], event["type"], event["recorded_at"])
        if picked is not None and frame["step"] not in picked:
            continue
        state = client.get(f"/matches/{match['match_id']}/state", params={"step": frame["step"], **params}, headers=auth(token)).json()
        assert frame["view"] == state["view"], f"step {frame['step']} as {as_}"
        assert frame["finished"] == state["finished"]


def sample_of_steps(seed: str, count: int = 12) -> Callable[[list[dict[str, Any]]], set[int]]:
    """The first and last steps, every correction with the step it corrects and the step
    after it, and `count` steps drawn with a seed (the fixture's name: the same each run)."""

    def at(frames: list[dict[str, Any]]) -> set[int]:
        last = frames[-1]["step"]
        corrections = {s for f in frames if f.get("corrects") is not None for s in (f["corrects"], f["step"], f["step"] + 1)}
        drawn = random.Random(seed).sample(range(1, last + 1), min(count, last))
        return {1, last, *drawn} | {s for s in corrections if s <= last}

    return at


def test_toy_frames_equal_the_state_at_each_step_for_every_reader(client: TestClient) -> None:
    match = create_toy(client)
    record(client, match, draws())
    record(client, match, [{"type": "WordShown", "player": "Betty"}])
    for token, as_ in readers(match):
        assert_frames_equal_states(client, match, token, as_)
    first = all_frames(client, match["match_id"])[0]
    assert first["step"] == 1 and first["description"] == "match created"


@pytest.mark.parametrize("index, path", [pytest.param(i, p, id=f"{p.parent.name}/{p.stem}") for i, p in enumerate(fixtures.fixture_files())])
def test_fixture_frames_equal_the_state_at_each_step_for_every_reader(client: TestClient, recount: Recount, index: int, path: Path) -> None:
    """Each reader's frames against the events at every step. Their views against the state: one
    reader's at every step (the reader taking turns from fixture to fixture, so each is checked
    at every step of several fixtures), the others' at a sample of steps (each state read
    rebuilds the state, the cost of this test)."""
    match = fixtures.record(recount, fixtures.read(path))
    as_dict = {"match_id": match.match_id, "write_token": match.write_token, "seat_tokens": match.seat_tokens}
    chosen = list(dict.fromkeys(readers(as_dict)[:3] + readers(as_dict)[-1:]))
    every_step = chosen[index % len(chosen)]
    for token, as_ in chosen:
        sampled = None if (token, as_) == every_step else sample_of_steps(f"{path.stem}/{as_}")
        assert_frames_equal_states(client, as_dict, token, as_, at=sampled)


def test_a_spectator_never_receives_a_word_not_yet_shown(client: TestClient) -> None:
    match = create_toy(client)
    record(client, match, draws())
    record(client, match, [{"type": "WordShown", "player": "Carl"}])
    for params in ({}, {"as": "spectator"}):
        body = client.get(f"/matches/{match['match_id']}/frames", params=params).text
        assert SECRETS["Al"] not in body and SECRETS["Betty"] not in body
        assert SECRETS["Carl"] in body  # shown at step 5, so the test can see a word when it is public
    betty = client.get(f"/matches/{match['match_id']}/frames", params={"as": "Betty"}, headers=auth(match["seat_tokens"]["Betty"])).text
    assert SECRETS["Betty"] in betty and SECRETS["Al"] not in betty


def test_perspectives_are_enforced(client: TestClient) -> None:
    match = create_toy(client)
    url = f"/matches/{match['match_id']}/frames"
    assert client.get(url, params={"as": "Al"}).status_code == 401
    assert client.get(url, params={"as": "Al"}, headers=auth(match["seat_tokens"]["Betty"])).status_code == 403
    assert client.get(url, params={"as": "everyone"}, headers=auth(match["seat_tokens"]["Betty"])).status_code == 403
    assert client.get(url, headers=auth("not-a-token")).status_code == 403
    assert client.get(url, params={"as": "Zed"}).status_code == 404
    mine = client.get(url, headers=auth(match["seat_tokens"]["Al"])).json()
    assert mine["perspective"] == "Al"
    assert client.get(url, headers=auth(match["write_token"])).json()["perspective"] == "everyone"
    assert client.get("/matches/m_nothing/frames").status_code == 404


def test_an_opened_match_shows_everything_to_everyone_unless_kept_private(client: TestClient) -> None:
    for private in (False, True):
        match = create_toy(client, keep_hands_private=private)
        record(client, match, draws())
        record(client, match, [{"type": "WordShown", "player": p} for p in PLAYERS[1:]])
        running = client.get(f"/matches/{match['match_id']}/frames", params={"to": 4}).text
        assert SECRETS["Al"] not in running
        record(client, match, [{"type": "WordShown", "player": "Al"}])
        page = client.get(f"/matches/{match['match_id']}/frames", params={"to": 4}).json()
        assert page["finished"] is True
        assert page["perspective"] == ("spectator" if private else "everyone")
        assert (SECRETS["Al"] in json.dumps(page)) is not private


def test_frames_come_in_pages_that_chain_to_the_whole_match(client: TestClient) -> None:
    match = create_toy(client)
    record(client, match, draws())
    record(client, match, [{"type": "WordShown", "player": p} for p in PLAYERS])
    url = f"/matches/{match['match_id']}/frames"
    whole = client.get(url).json()
    assert [f["step"] for f in whole["frames"]] == list(range(1, 8)) and whole["next_step"] is None
    first = client.get(url, params={"limit": 3}).json()
    assert [f["step"] for f in first["frames"]] == [1, 2, 3] and first["next_step"] == 4
    assert all_frames(client, match["match_id"], limit=3) == whole["frames"]
    middle = client.get(url, params={"from": 3, "to": 5}).json()
    assert [f["step"] for f in middle["frames"]] == [3, 4, 5] and middle["next_step"] is None
    assert middle["frames"] == whole["frames"][2:5]
    ahead = client.get(url, params={"from": 8}).json()
    assert ahead["frames"] == [] and ahead["next_step"] is None and ahead["version"] == 7
    assert client.get(url, params={"from": 0}).status_code == 400
    assert client.get(url, params={"limit": 1001}).status_code == 400


def test_frames_of_a_long_match_are_built_in_one_pass_then_kept(client: TestClient, toy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Frames 1..n cost n-1 evolves (plus the walk from a checkpoint), not one rebuild
    per step; asked again, they come from the cache without any."""
    players = [f"P{i:02d}" for i in range(20)]  # the most a match seats
    match = client.post("/matches", json={"system": "toy", "players": players}).json()
    record(client, match, [{"type": "WordDrawn", "player": p, "word": p.lower()} for p in players])
    record(client, match, [{"type": "WordShown", "player": p} for p in players])
    calls = {"evolve": 0, "view": 0}
    for name in calls:
        original = getattr(toy.ToySystem, name)

        def counting(*args: Any, _original: Any = original, _name: str = name) -> Any:
            calls[_name] += 1
            return _original(*args)

        monkeypatch.setattr(toy.ToySystem, name, staticmethod(counting))
    url = f"/matches/{match['match_id']}/frames"
    first = client.get(url, params={"from": 10, "to": 41}).json()["frames"]
    assert [f["step"] for f in first] == list(range(10, 42))
    assert calls["evolve"] <= 32 + 32  # the steps asked for, plus at most one checkpoint interval before them
    assert calls["view"] == 32
    calls.update(evolve=0, view=0)
    assert client.get(url, params={"from": 10, "to": 41}).json()["frames"] == first
    assert calls == {"evolve": 0, "view": 0}
    wider = client.get(url, params={"from": 5, "to": 41}).json()["frames"]
    assert wider[5:] == first and calls["view"] == 5  # only the steps not built before


def test_the_frame_cache_stays_within_its_budget(recount: Recount, client: TestClient) -> None:
    from domain.protocol import EVERYONE, SPECTATOR
    from replay.frames import FrameCache

    matches = [create_toy(client) for _ in range(3)]
    for match in matches:
        record(client, match, draws())
    one = sum(len(raw) for raw in FrameCache().frames(recount.log(matches[0]["match_id"]), EVERYONE, 1, 4))
    cache = FrameCache(budget=2 * one + 10)
    for match in matches:
        cache.frames(recount.log(match["match_id"]), EVERYONE, 1, 4)
        assert cache.size <= cache.budget
    assert one < cache.size  # two matches kept: only the least recently used one went
    cache.frames(recount.log(matches[2]["match_id"]), SPECTATOR, 1, 4)
    assert cache.size <= cache.budget


def test_live_stream_sends_each_new_step_then_ends_when_the_match_does(client: TestClient, recount: Recount) -> None:
    match = create_toy(client)
    record(client, match, draws())
    writer = record_later(client, match, [[{"type": "WordShown", "player": p}] for p in reversed(PLAYERS)])
    messages = collect_stream(client, f"/matches/{match['match_id']}/live", params={"after": 2})
    writer.join()
    frames = [f for kind, page in messages if kind == "frames" for f in page["frames"]]
    assert [f["step"] for f in frames] == [3, 4, 5, 6, 7]
    assert messages[-1] == ("finished", {"version": 7})
    assert SECRETS["Al"] not in json.dumps(frames[:4])  # a spectator's frames, until Al shows his word
    assert SECRETS["Al"] in json.dumps(frames[4])  # step 7: Al shows it
    assert not any(recount.listeners.by_stream.get(match["match_id"], ()))  # the stream stopped listening


def test_live_stream_takes_a_seat_token_as_a_query_parameter(client: TestClient) -> None:
    match = create_toy(client)
    record(client, match, draws()[:2])
    url = f"/matches/{match['match_id']}/live"
    assert client.get(url, params={"as": "Al"}).status_code == 401
    assert client.get(url, params={"as": "Al", "token": match["seat_tokens"]["Betty"]}).status_code == 403
    writer = record_later(client, match, [draws()[2:], [{"type": "WordShown", "player": p} for p in PLAYERS]])
    messages = collect_stream(client, url, params={"as": "Al", "token": match["seat_tokens"]["Al"], "after": 1})
    writer.join()
    pages = [page for kind, page in messages if kind == "frames"]
    assert pages[0]["perspective"] == "Al"
    assert SECRETS["Al"] in json.dumps(pages[0]) and SECRETS["Betty"] not in json.dumps(pages[0])
    assert [f["step"] for p in pages for f in p["frames"]] == [2, 3, 4, 5, 6, 7]


def test_live_stream_resumes_after_the_last_event_id(client: TestClient) -> None:
    match = create_toy(client)
    record(client, match, draws())
    record(client, match, [{"type": "WordShown", "player": p} for p in PLAYERS])
    messages = collect_stream(client, f"/matches/{match['match_id']}/live", headers={"Last-Event-ID": "5"})
    assert [f["step"] for kind, page in messages if kind == "frames" for f in page["frames"]] == [6, 7]
    assert messages[-1][0] == "finished"


def test_the_viewer_pages_and_their_assets_are_served(client: TestClient) -> None:
    index = client.get("/")
    assert index.status_code == 200 and index.headers["content-type"].startswith("text/html")
    page = client.get("/view/m_anything")
    assert page.status_code == 200 and "replay.js" in page.text
    for asset in ("replay.js", "replay.css", "index.js", "render-generic.js"):
        assert client.get(f"/static/{asset}").status_code == 200, asset
