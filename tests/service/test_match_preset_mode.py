"""GET /matches and GET /matches/{id} say each match's preset and recording mode (the
index read them from the created event, without folding the match): a Daifugō match is
listed as one, not as "President"."""

from __future__ import annotations

from pathlib import Path

import pytest
from litestar.testing import TestClient

from service.reads.readmodel import MatchIndex
from service.web.routes import create_app
from tests.support.stores import open_recount

SETUPS = [
    ({"system": "president", "preset": "daifugo", "mode": "public", "players": ["Al", "Betty", "Cy", "Dana", "Eve"]}, ("daifugo", "public")),
    ({"system": "president", "players": ["Al", "Betty", "Cy", "Dana"]}, ("classic", "full")),
    ({"system": "bid", "players": ["Al", "Betty", "Cy"]}, ("text", "full")),
    ({"system": "mrpresident", "preset": "basic-2024", "mode": "electoral", "players": ["Al", "Betty"]}, ("basic-2024", "electoral")),
]


@pytest.fixture
def client(tmp_path: Path):
    recount = open_recount(tmp_path / "recount.sqlite")
    with TestClient(app=create_app(recount, MatchIndex(recount, str(tmp_path / "recount.index.sqlite")))) as test_client:
        yield test_client
    recount.close()


def test_the_index_and_a_match_say_its_preset_and_mode(client: TestClient) -> None:
    ids = {}
    for setup, expected in SETUPS:
        reply = client.post("/matches", json=setup)
        assert reply.status_code == 201, reply.text
        ids[reply.json()["match_id"]] = expected
    listed = {match["id"]: (match["preset"], match["mode"]) for match in client.get("/matches").json()}
    assert listed == ids
    for match_id, expected in ids.items():
        summary = client.get(f"/matches/{match_id}").json()
        assert (summary["preset"], summary["mode"]) == expected
