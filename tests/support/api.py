"""The HTTP API as tests drive it through Litestar's test client: a classic match of four
created, a deal, events recorded with the write token, a typed line parsed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from litestar.testing import TestClient

from domain.president.presets import PRESETS
from service.reads.readmodel import MatchIndex
from service.web.routes import create_app
from tests.support.stores import open_recount


@contextmanager
def sqlite_app(folder: Path) -> Iterator[TestClient]:
    """One app over an SQLite file in `folder`, for a module whose routes read no store (or
    whose store's own tests cover each backend): one app serves the module's every test and
    hypothesis example, in place of tests/conftest.py's `client` (a fresh app per test, on
    every store)."""
    db = folder / "recount.sqlite"
    recount = open_recount(db)
    try:
        with TestClient(app=create_app(recount, MatchIndex(recount, str(db.with_suffix(".index.sqlite"))))) as client:
            yield client
    finally:
        recount.close()


PLAYERS = ["Al", "Betty", "Carl", "Dana"]


def classic_deal(dealer: str = "Dana", seed: int = 7) -> dict[str, Any]:
    """A shuffled 52-card deck dealt one at a time from the dealer's left."""
    deck = list(PRESETS["classic"].deck)
    random.Random(seed).shuffle(deck)
    order = PLAYERS[PLAYERS.index(dealer) + 1 :] + PLAYERS[: PLAYERS.index(dealer) + 1]
    hands: dict[str, list[str]] = {p: [] for p in PLAYERS}
    for i, card in enumerate(deck):
        hands[order[i % len(order)]].append(card)
    return {"type": "CardsDealt", "dealer": dealer, "hands": hands}


def create(client: TestClient, mode: str = "full") -> dict[str, Any]:
    reply = client.post("/matches", json={"system": "president", "preset": "classic", "players": PLAYERS, "mode": mode, "title": "Friday night"})
    assert reply.status_code == 201, reply.text
    return reply.json()


def auth(token: str | None) -> dict[str, str]:
    """The header a token is sent in; none without a token (a spectator)."""
    return {"Authorization": f"Bearer {token}"} if token else {}


def post(client: TestClient, match: dict[str, Any], events: list[dict[str, Any]], expected: int | None = None, **headers: str):
    body: dict[str, Any] = {"events": events}
    if expected is not None:
        body["expected_version"] = expected
    return client.post(f"/matches/{match['match_id']}/events", json=body, headers={**auth(match["write_token"]), **headers})


def versions(client: TestClient, match: dict[str, Any]) -> int:
    return client.get(f"/matches/{match['match_id']}", headers=auth(match["write_token"])).json()["version"]


def parse(client: TestClient, match: dict, line: object, token: str | None = "write"):
    headers = auth(match["write_token"] if token == "write" else token) if token else {}
    return client.post(f"/matches/{match['match_id']}/notation/parse", json={"line": line}, headers=headers)
