"""A player who joins a match (presidents-deck.txt: players leave and join between games)
gets a seat token as those seated at the start do: `GET /seats` derives it from the
write token, the event that seats them stores its hash, and with it they read their
own seat, after a restart and from a log loaded from a snapshot too. Found by an API
probe: the newcomer's token from /seats was refused with 403."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from litestar.testing import TestClient

from service.reads.readmodel import MatchIndex
from service.web.routes import create_app
from tests.support.stores import open_recount

FIXTURE = json.loads((Path(__file__).parents[2] / "fixtures" / "president" / "deck-five-leave-join.json").read_text())
JOINED_AT = next(i for i, e in enumerate(FIXTURE["events"]) if e["type"] == "PlayerJoined")
NEWCOMER = FIXTURE["events"][JOINED_AT]["player"]


def reads_as(client: TestClient, match_id: str, token: str, **params: Any) -> Any:
    reply = client.get(f"/matches/{match_id}/state", params=params, headers={"Authorization": f"Bearer {token}"})
    return reply.json()["perspective"] if reply.status_code == 200 else reply.status_code


def test_a_newcomer_reads_their_own_seat_with_the_token_seats_gives(db_file: Path | str, tmp_path: Path) -> None:
    recount = open_recount(db_file)
    app = create_app(recount, MatchIndex(recount, str(tmp_path / "index.sqlite")))
    with TestClient(app=app) as client:
        match = client.post("/matches", json=FIXTURE["setup"]).json()
        write = {"Authorization": f"Bearer {match['write_token']}"}
        # the join and a few actions after it, in one batch
        reply = client.post(f"/matches/{match['match_id']}/events", json={"events": FIXTURE["events"][: JOINED_AT + 5]}, headers=write)
        assert reply.status_code == 201, reply.text
        seats = client.get(f"/matches/{match['match_id']}/seats", headers=write).json()
        assert NEWCOMER not in match["seat_tokens"] and NEWCOMER in seats
        assert reads_as(client, match["match_id"], seats[NEWCOMER]) == NEWCOMER
        assert reads_as(client, match["match_id"], seats[NEWCOMER], **{"as": NEWCOMER}) == NEWCOMER
        assert reads_as(client, match["match_id"], "not-a-token") == 403
        # a seat token follows but never records, a newcomer's too
        refused = client.post(f"/matches/{match['match_id']}/events", json={"events": FIXTURE["events"][JOINED_AT + 5 : JOINED_AT + 6]}, headers={"Authorization": f"Bearer {seats[NEWCOMER]}"})
        assert refused.status_code == 403 and "seat token" in refused.json()["error"]
    recount.close()

    # after a restart: the log is loaded from the store, then from a snapshot past the join
    for snapshot in (False, True):
        again = open_recount(db_file)
        if snapshot:
            again.logs.snapshot_writer.every = 10
            again.log(match["match_id"])
            again.logs.snapshot_writer.flush()
            again.logs.forget(match["match_id"])
            assert again.log(match["match_id"]).records.base > JOINED_AT + 2
        with TestClient(app=create_app(again, MatchIndex(again, str(tmp_path / "index.sqlite")))) as client:
            assert reads_as(client, match["match_id"], seats[NEWCOMER]) == NEWCOMER
            assert reads_as(client, match["match_id"], "not-a-token") == 403
        again.close()
