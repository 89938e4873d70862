"""Frames as patches: a replay reads what changed at each step, and the views
put back from the patches are the views the full frames hold, for every reader, from
any page start; the live stream carries patches and the standings when they change."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from litestar.testing import TestClient

from replay.patches import apply, diff
from service.records import fixtures
from service.usecases.app import Recount

from tests.support.api import auth

from tests.support.frames import PLAYERS, all_frames, collect_stream, create_toy, draws, readers, record, record_later

# JSON-like values as views hold them; keys include one that looks like a reserved one but is not.
keys = st.sampled_from(["a", "b", "cards", "Al", "0", "=", "-"])
scalars = st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=2)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=4), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(values, values)
def test_a_patch_turns_the_old_value_into_the_new_one_and_leaves_the_old_one_as_it_was(old: Any, new: Any) -> None:
    before = json.loads(json.dumps(old))
    patch = json.loads(json.dumps(diff(old, new)))  # as a reader gets it: through JSON
    assert apply(old, patch) == new
    assert old == before


def test_a_card_played_is_a_splice_of_the_hand_not_the_hand_again() -> None:
    old = {"hands": {"Al": {"count": 3, "cards": ["3C", "7H", "KS"]}}, "board": {"name": "big"}}
    new = {"hands": {"Al": {"count": 2, "cards": ["3C", "KS"]}}, "board": {"name": "big"}}
    assert diff(old, new) == {"hands": {"Al": {"count": 2, "cards": {"\u0000": [1, 1, []]}}}}


def views_from_patches(client: TestClient, match_id: str, token: str | None, as_: str | None, limit: int, start: int = 1) -> dict[int, Any]:
    """Views put back from pages of patches from `start` (step 1's view read first, as the viewer does)."""
    params = {"as": as_} if as_ else {}
    views: dict[int, Any] = {}
    first = client.get(f"/matches/{match_id}/frames", params={"from": 1, "to": 1, "patches": True, **params}, headers=auth(token)).json()
    assert first["frames"][0]["base"] == 0
    views[1] = first["frames"][0]["patch"]
    at: int | None = start
    while at is not None:
        page = client.get(f"/matches/{match_id}/frames", params={"from": at, "limit": limit, "patches": True, **params}, headers=auth(token)).json()
        for index, frame in enumerate(page["frames"]):
            assert frame["base"] == (0 if frame["step"] == 1 else 1 if index == 0 else frame["step"] - 1)
            views[frame["step"]] = frame["patch"] if frame["base"] == 0 else apply(views[frame["base"]], frame["patch"])
        at = page["next_step"]
    return views


@pytest.mark.parametrize("name", ["bid/three-player", "mrpresident/advanced-two-player-popular", "president/friday-revolution"])
def test_views_put_back_from_patches_are_the_full_frames_for_every_reader(client: TestClient, recount: Recount, name: str) -> None:
    path = next(p for p in fixtures.fixture_files() if f"{p.parent.name}/{p.stem}" == name)
    match = fixtures.record(recount, fixtures.read(path))
    as_dict = {"match_id": match.match_id, "write_token": match.write_token, "seat_tokens": match.seat_tokens}
    for token, as_ in readers(as_dict)[1:3] + readers(as_dict)[-1:]:
        params = {"as": as_} if as_ else {}
        full = {f["step"]: f["view"] for f in all_frames(client, match.match_id, token, **params)}
        # Pages of 37 from step 1, and from the middle (a reader that jumped there).
        assert views_from_patches(client, match.match_id, token, as_, 37) == full, as_
        middle = len(full) // 2
        jumped = views_from_patches(client, match.match_id, token, as_, 1000, start=middle)
        assert {step: jumped[step] for step in range(middle, len(full) + 1)} == {step: full[step] for step in range(middle, len(full) + 1)}


def test_a_replay_of_patches_weighs_less_than_the_full_frames(client: TestClient, recount: Recount) -> None:
    path = next(p for p in fixtures.fixture_files() if p.stem == "two-player-electoral-votes-at-tally")
    match = fixtures.record(recount, fixtures.read(path))
    url = f"/matches/{match.match_id}/frames"
    full = len(client.get(url, params={"limit": 1000}).content)
    patched = len(client.get(url, params={"limit": 1000, "patches": True}).content)
    assert patched * 10 < full


def test_live_patches_run_on_from_the_step_the_reader_has_and_carry_the_standings_when_they_change(client: TestClient) -> None:
    match = create_toy(client)
    record(client, match, draws())
    writer = record_later(client, match, [[{"type": "WordShown", "player": p}] for p in reversed(PLAYERS)])
    messages = collect_stream(client, f"/matches/{match['match_id']}/live", params={"after": 2, "patches": True, "as": "spectator"})
    writer.join()
    pages = [page for kind, page in messages if kind == "frames"]
    frames = [f for page in pages for f in page["frames"]]
    assert [(f["step"], f["base"]) for f in frames] == [(3, 2), (4, 3), (5, 4), (6, 5), (7, 6)]
    full = all_frames(client, match["match_id"], **{"as": "spectator"})
    views = {2: full[1]["view"]}
    for frame in frames:
        views[frame["step"]] = apply(views[frame["base"]], frame["patch"])
    assert [views[step] for step in range(3, 8)] == [f["view"] for f in full[2:7]]
    # Each message says the standings as of its last step when they differ from those of the step before its first.
    for page in pages:
        last = page["frames"][-1]["step"]
        standings = client.get(f"/matches/{match['match_id']}/standings", params={"step": last}).json()
        if "standings" in page:
            assert page["standings"] == standings
        else:
            before = client.get(f"/matches/{match['match_id']}/standings", params={"step": page["frames"][0]["step"] - 1}).json()
            assert before == standings
