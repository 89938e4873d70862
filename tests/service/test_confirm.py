"""Players confirm, disputes are recorded: beside the match, never in its
stream; a dispute is stored with the record's verdict on it (service/records/claims.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from litestar.testing import TestClient

from service.records import fixtures
from service.usecases.app import Recount
from tests.support.api import auth, create


@pytest.fixture(autouse=True)
def _key_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RECOUNT_KEY_FILE", str(tmp_path / "test.key"))


@pytest.fixture
def finished(recount: Recount) -> fixtures.Created:
    return fixtures.record(recount, fixtures.read(fixtures.FIXTURES / "president/classic-four-full.json"))


def test_players_confirm_once_each_with_their_seat_token(recount: Recount, client: TestClient, finished) -> None:
    url = f"/matches/{finished.match_id}/confirmations"
    assert client.get(url).json()["words"] == "confirmed by 0 of 4"
    for count, player in enumerate(["Al", "Betty", "Carl"], start=1):
        reply = client.post(url, headers=auth(finished.seat_tokens[player]))
        assert reply.status_code == 201, reply.text
        assert reply.json()["words"] == f"confirmed by {count} of 4"
    again = client.post(url, headers=auth(finished.seat_tokens["Al"]))
    assert again.status_code == 409 and "already" in again.json()["error"]
    assert client.get(url).json()["confirmed_by"] == ["Al", "Betty", "Carl"]
    assert recount.log(finished.match_id).version == len(recount.store.read(finished.match_id))  # the game's stream is untouched


@pytest.mark.parametrize(("who", "status"), [(None, 401), ("write", 403), ("other", 403)])
def test_only_a_seat_token_confirms(client: TestClient, finished, who, status) -> None:
    token = {None: None, "write": finished.write_token, "other": "seat_not-a-real-one"}[who]
    reply = client.post(f"/matches/{finished.match_id}/confirmations", headers=auth(token) if token else {})
    assert reply.status_code == status
    assert client.get(f"/matches/{finished.match_id}/confirmations").json()["confirmed_by"] == []


def test_a_running_match_cannot_be_confirmed(client: TestClient) -> None:
    match = create(client)
    reply = client.post(f"/matches/{match['match_id']}/confirmations", headers=auth(match["seat_tokens"]["Al"]))
    assert reply.status_code == 409 and "not finished" in reply.json()["error"]
    assert client.post("/matches/m_nothere/confirmations", headers=auth("x")).status_code == 404


def test_a_dispute_is_stored_with_its_verdict_agree_or_the_first_difference_and_its_step(recount: Recount, client: TestClient, finished) -> None:
    standings = recount.standings(finished.match_id)
    url = f"/matches/{finished.match_id}/disputes"
    recorded = [{"player": p.player, "place": p.place} for p in standings.placings]
    swapped = [{**recorded[0], "place": recorded[-1]["place"]}, *recorded[1:-1], {**recorded[-1], "place": recorded[0]["place"]}]
    agree = client.post(url, json={"placings": recorded}, headers=auth(finished.seat_tokens["Dana"]))
    differ = client.post(url, json={"placings": swapped}, headers=auth(finished.seat_tokens["Betty"]))
    assert agree.status_code == differ.status_code == 201
    assert agree.json()["verdict"]["agree"] is True
    verdict = differ.json()["verdict"]
    assert verdict["agree"] is False and verdict["player"] == recorded[0]["player"]
    assert verdict["step"] == standings.placings[0].steps[-1]
    listed = client.get(url).json()
    assert [(d["number"], d["player"], d["verdict"]["agree"]) for d in listed] == [(1, "Dana", True), (2, "Betty", False)]


@pytest.mark.parametrize(
    ("body", "status"),
    [({"placings": [{"player": "Zed", "place": 1}]}, 422), ({"placings": "first"}, 400), ({"claim": []}, 400)],
)
def test_a_bad_claim_is_refused_and_nothing_stored(client: TestClient, finished, body, status) -> None:
    reply = client.post(f"/matches/{finished.match_id}/disputes", json=body, headers=auth(finished.seat_tokens["Al"]))
    assert reply.status_code == status, reply.text
    assert client.get(f"/matches/{finished.match_id}/disputes").json() == []
