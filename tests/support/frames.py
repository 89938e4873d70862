"""The toy game's matches over HTTP for the replay tests (tests/replay/toy.py: secret words
drawn, so a leak is a word): created, recorded now or later from a thread, every frame
read page by page, and a server-sent-events stream collected."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from litestar.testing import TestClient

from tests.support.api import auth


PLAYERS = ["Al", "Betty", "Carl"]


SECRETS = {"Al": "quokka-7341", "Betty": "narwhal-2209", "Carl": "axolotl-5518"}


def create_toy(client: TestClient, **setup: Any) -> dict[str, Any]:
    reply = client.post("/matches", json={"system": "toy", "players": PLAYERS, "title": "Toy night", **setup})
    assert reply.status_code == 201, reply.text
    return reply.json()


def record(client: TestClient, match: dict[str, Any], events: list[dict[str, Any]]) -> None:
    reply = client.post(f"/matches/{match['match_id']}/events", json={"events": events}, headers=auth(match["write_token"]))
    assert reply.status_code == 201, reply.text


def draws() -> list[dict[str, Any]]:
    return [{"type": "WordDrawn", "player": p, "word": SECRETS[p]} for p in PLAYERS]


def all_frames(client: TestClient, match_id: str, token: str | None = None, limit: int = 1000, **params: Any) -> list[dict[str, Any]]:
    """Every frame, following next_step from page to page."""
    found: list[dict[str, Any]] = []
    start: int | None = 1
    while start is not None:
        reply = client.get(f"/matches/{match_id}/frames", params={"from": start, "limit": limit, **params}, headers=auth(token))
        assert reply.status_code == 200, reply.text
        page = reply.json()
        found.extend(page["frames"])
        start = page["next_step"]
    return found


def readers(match: dict[str, Any]) -> list[tuple[str | None, str | None]]:
    """(token, as) for every kind of reader: spectator, each seat, everyone."""
    seats = [(match["seat_tokens"][p], p) for p in PLAYERS if p in match["seat_tokens"]]
    return [(None, None), (None, "spectator"), *seats, (match["write_token"], "everyone")]


def collect_stream(client: TestClient, url: str, **kwargs: Any) -> list[tuple[str, dict[str, Any]]]:
    """The (event, data) messages of a server-sent-events stream that ends."""
    body = client.get(url, **kwargs)
    assert body.status_code == 200, body.text
    assert body.headers["content-type"].startswith("text/event-stream")
    messages = []
    for block in body.text.replace("\r\n", "\n").split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
        if "event" in fields:
            messages.append((fields["event"], json.loads(fields["data"])))
    return messages


def record_later(client: TestClient, match: dict[str, Any], batches: list[list[dict[str, Any]]]) -> threading.Thread:
    def run() -> None:
        for batch in batches:
            time.sleep(0.2)
            record(client, match, batch)

    thread = threading.Thread(target=run)
    thread.start()
    return thread
