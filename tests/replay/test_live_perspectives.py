"""The live broadcaster on a real application and store (the toy system, secret
words): many followers of each perspective, fed by the viewer's own frame pages, as
steps are recorded through the API.

Given 12 followers of each of spectator, Al, Betty and everyone, when the players
draw their words and then show them: each follower gets every step once, in order,
ending with `finished`; a secret reaches a follower only once its perspective may
see it (its own word at once, the others' when shown)."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

from litestar.testing import TestClient

from replay import frames, live, live_reader
from service.usecases.access import label
from service.usecases.app import Recount
from service.web import viewer

from tests.support.api import auth

from tests.support.frames import PLAYERS, SECRETS, create_toy, draws
from tests.support.live import follow, parse

FOLLOWERS_EACH = 12


def test_followers_of_four_perspectives_get_every_step_once_and_only_what_they_may_see(client: TestClient, recount: Recount) -> None:
    match = create_toy(client)
    match_id = match["match_id"]
    log = recount.log(match_id)
    readers = {"spectator": (None, "spectator"), "Al": (match["seat_tokens"]["Al"], "Al"), "Betty": (match["seat_tokens"]["Betty"], "Betty"), "everyone": (match["write_token"], "everyone")}
    cache = viewer.frame_cache(recount)
    broadcaster = live.Broadcaster(recount.listen)
    batches = [[event] for event in draws()] + [[{"type": "WordShown", "player": p}] for p in PLAYERS]

    def pages_for(token: str | None, as_: str) -> tuple[Any, live_reader.FramesAfter]:
        perspective = recount.perspective(log, token, as_)
        return perspective, lambda step: frames.page(cache, recount.log(match_id), perspective, label(perspective), step + 1, None)

    async def run() -> dict[str, list[list[bytes]]]:
        async def one(name: str) -> list[bytes]:
            perspective, frames_after = pages_for(*readers[name])
            return [wire async for wire in follow(broadcaster, match_id, perspective, frames_after, 1, keepalive=30)]

        tasks = {name: [asyncio.create_task(one(name)) for _ in range(FOLLOWERS_EACH)] for name in readers}
        while sum(len(c.followers) for c in broadcaster.channels.values()) < FOLLOWERS_EACH * len(readers):
            await asyncio.sleep(0.01)

        def record_all() -> None:
            for batch in batches:
                reply = client.post(f"/matches/{match_id}/events", json={"events": batch}, headers=auth(match["write_token"]))
                assert reply.status_code == 201, reply.text

        await asyncio.to_thread(record_all)
        return {name: await asyncio.wait_for(asyncio.gather(*found), 20) for name, found in tasks.items()}

    results = asyncio.run(run())
    last = 1 + len(batches)
    assert len(broadcaster.channels) == 0 and not any(recount.listeners.by_stream.get(match_id, ()))
    for name, followers in results.items():
        for messages in followers:
            parsed = parse(messages)
            shown = [f for kind, page in parsed if kind == "frames" for f in page["frames"]]
            assert [f["step"] for f in shown] == list(range(2, last + 1)), name
            assert parsed[-1] == ("finished", {"version": last})
            for frame in shown:
                text = json.dumps(frame)
                for player in PLAYERS:
                    shown_by_then = frame["step"] >= 5 + PLAYERS.index(player)
                    drawn = frame["step"] >= 2 + PLAYERS.index(player)
                    may_see = name == "everyone" or name == player or shown_by_then
                    assert (SECRETS[player] in text) == (drawn and may_see), (name, player, frame["step"])
