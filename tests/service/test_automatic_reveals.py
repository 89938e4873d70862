"""Edge cases of the follow-ups the service records by itself (a sealed round's reveal,
docs/house-rules.md § Sealed bids), of a log's copy of them sent back (an echo) and of
newcomers' seat tokens, through the HTTP API on a real store: corrections of and around
an automatic reveal, an echo in the same group commit as the action that made it due,
idempotent retries of an echo, restarts and snapshots, and export then import."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

import domain
from domain.protocol import EVERYONE, MatchSetup
from service.reads.readmodel import MatchIndex
from service.store.matchlog import MatchLog
from service.usecases import handlers
from service.usecases.app import Recount
from service.usecases.results import AppendResult
from service.web.routes import create_app
from tests.support.stores import open_recount
from tests.support.api import auth

UP_7 = {"type": "DistrictRevealed", "district": "7C"}
UP_8 = {"type": "DistrictRevealed", "district": "8C"}
AL_KH = {"type": "BidCommitted", "player": "Al", "card": "KH"}
BETTY_QS = {"type": "BidCommitted", "player": "Betty", "card": "QS"}
BETTY_JS = {"type": "BidCommitted", "player": "Betty", "card": "JS"}
# what the service records by itself after Betty's commit (the bids in seat order)
REVEAL = {"type": "BidsRevealed", "bids": [{"player": "Al", "card": "KH"}, {"player": "Betty", "card": "QS"}]}
REVEAL_JS = {"type": "BidsRevealed", "bids": [{"player": "Al", "card": "KH"}, {"player": "Betty", "card": "JS"}]}

DECK = json.loads((Path(__file__).parents[2] / "fixtures" / "president" / "deck-five-leave-join.json").read_text())
JOINED_AT = next(i for i, e in enumerate(DECK["events"]) if e["type"] == "PlayerJoined")
NEWCOMER = DECK["events"][JOINED_AT]["player"]


def post(client: TestClient, match: dict[str, Any], events: list[dict[str, Any]], expected: int | None = None, **headers: str) -> Any:
    body: dict[str, Any] = {"events": events}
    if expected is not None:
        body["expected_version"] = expected
    return client.post(f"/matches/{match['match_id']}/events", json=body, headers={**auth(match["write_token"]), **headers})


def bid_match(client: TestClient) -> dict[str, Any]:
    """Presidential Bid, two players, one sealed round committed: the service recorded the
    reveal (step 5) with Betty's commit (step 4)."""
    match = client.post("/matches", json={"system": "bid", "players": ["Al", "Betty"]}).json()
    reply = post(client, match, [UP_7, AL_KH, BETTY_QS])
    assert reply.status_code == 201 and reply.json()["version"] == 5, reply.text
    return match


def events_of(client: TestClient, match: dict[str, Any]) -> list[dict[str, Any]]:
    return client.get(f"/matches/{match['match_id']}/events", params={"limit": 1000}, headers=auth(match["write_token"])).json()["events"]


def stored(recount: Recount, match_id: str) -> list[tuple[int, dict[str, Any], bool]]:
    return [(r.version, msgspec.json.decode(msgspec.json.encode(r.event)), r.meta.automatic) for r in recount.store.read(match_id)]


def replay_agrees(client: TestClient, recount: Recount, match: dict[str, Any]) -> int:
    """The live state, every step's /state, /frames and /events agree with each other and
    with the stored stream folded afresh (no cache); the version."""
    match_id, write = match["match_id"], auth(match["write_token"])
    live = client.get(f"/matches/{match_id}/state", headers=write).json()
    version = live["version"]
    frames = client.get(f"/matches/{match_id}/frames", params={"limit": 1000}, headers=write).json()
    assert frames["version"] == version and [f["step"] for f in frames["frames"]] == list(range(1, version + 1))
    events = events_of(client, match)
    assert [e["step"] for e in events] == list(range(1, version + 1))
    assert [e["type"] for e in events] == [f["type"] for f in frames["frames"]]
    records = recount.store.read(match_id)
    fresh = MatchLog.load(domain.find(records[0].system), records)
    assert fresh.version == version
    # The write token's: a running match's recorder sees no sealed bid before its reveal.
    seen = EVERYONE if fresh.system.finished(fresh.state) else domain.protocol.RECORDER
    for frame in frames["frames"]:
        step = frame["step"]
        at = client.get(f"/matches/{match_id}/state", params={"step": step}, headers=write).json()
        assert at["view"] == frame["view"], step
        assert msgspec.to_builtins(fresh.system.view(fresh.state_at(step), seen)) == frame["view"], step
    assert frames["frames"][-1]["view"] == live["view"]
    assert msgspec.to_builtins(fresh.system.view(fresh.state, seen)) == live["view"]
    return version


# --- corrections of and around an automatic reveal ------------------------------------


def test_a_commit_the_service_s_reveal_shows_voided_alone_is_refused_saying_how_to_correct_it(client: TestClient, recount: Recount) -> None:
    """docs/house-rules.md § Sealed bids: the bids are shown “each showing the card
    committed”, so without Betty's commit the reveal at step 5 shows a bid nobody made. The
    refusal cites that rule and says the way out: the reveal was recorded by the service,
    void it first in the same request (it gave no way out before: voiding the reveal alone
    re-recorded it)."""
    match = bid_match(client)
    reply = post(client, match, [{"type": "EventVoided", "step": 4}])
    assert reply.status_code == 422
    assert reply.json()["rule"]["id"] == "bid.sealed.reveal"
    assert "send a void of step 5 first, then this correction, in the same request" in reply.json()["error"]
    assert replay_agrees(client, recount, match) == 5


@pytest.mark.parametrize(
    ("given_", "amended", "player", "shown", "back"),
    [
        ("Betty's commit amended", {"type": "EventAmended", "step": 4, "event": BETTY_JS}, "Betty", "JS", "QS"),
        ("Al's commit amended", {"type": "EventAmended", "step": 3, "event": {**AL_KH, "card": "AH"}}, "Al", "AH", "KH"),
    ],
)
def test_a_commit_the_service_s_reveal_shows_amended_alone_is_what_the_reveal_shows(
    client: TestClient, recount: Recount, given_: str, amended: dict[str, Any], player: str, shown: str, back: str
) -> None:
    """docs/house-rules.md § Sealed bids: “each showing the card committed”. The reveal is
    the service's, made by that rule: in the corrected history it shows the amended card,
    with nothing else to record (the amendment was refused, and voiding the reveal first
    failed once another round had begun)."""
    match = bid_match(client)
    reply = post(client, match, [amended], expected=5)
    assert reply.status_code == 201 and reply.json()["version"] == 6, reply.text
    view = client.get(f"/matches/{match['match_id']}/state", headers=auth(match["write_token"])).json()["view"]
    hand = next(row["hand"] for row in view["players"] if row["player"] == player)
    assert shown not in hand and back in hand
    assert replay_agrees(client, recount, match) == 6
    # the round is over as the corrected reveal leaves it: the next district may be turned up
    assert post(client, match, [UP_8], expected=6).json()["version"] == 7
    assert replay_agrees(client, recount, match) == 7


def test_a_correction_refused_for_another_step_than_the_reveal_gives_no_such_advice(client: TestClient, recount: Recount) -> None:
    """presidential-bid.txt § play (“That card represents the district that is now up for
    bid”): voiding the club turned up makes Al's commit illegal, whatever the reveal; and
    the reveal amended to bids nobody committed is refused for itself."""
    match = bid_match(client)
    reply = post(client, match, [{"type": "EventVoided", "step": 2}])
    assert reply.status_code == 422 and reply.json()["rule"]["id"] == "bid.district-up"
    assert "step 3" in reply.json()["error"] and "void of step" not in reply.json()["error"]
    reply = post(client, match, [{"type": "EventAmended", "step": 5, "event": REVEAL_JS}])
    assert reply.status_code == 422 and reply.json()["rule"]["id"] == "bid.sealed.reveal"
    assert "step 5" in reply.json()["error"] and "void of step" not in reply.json()["error"]
    assert replay_agrees(client, recount, match) == 5


def test_the_reveal_voided_then_a_commit_amended_in_one_request_reveals_the_amended_bids(client: TestClient, recount: Recount) -> None:
    """Corrections sent together are one fix: the reveal due after them is that of the
    amended bids, recorded by the service (it was refused: the void re-recorded the old
    reveal, which the amendment then made illegal)."""
    match = bid_match(client)
    reply = post(client, match, [{"type": "EventVoided", "step": 5}, {"type": "EventAmended", "step": 4, "event": BETTY_JS}], expected=5)
    assert reply.status_code == 201, reply.text
    assert reply.json()["version"] == 8
    assert stored(recount, match["match_id"])[5:] == [
        (6, {"type": "EventVoided", "step": 5, "reason": ""}, False),
        (7, {"type": "EventAmended", "step": 4, "event": BETTY_JS, "reason": ""}, False),
        (8, REVEAL_JS, True),
    ]
    assert replay_agrees(client, recount, match) == 8
    # the log's own copy of the new reveal is an echo; the old one is refused
    assert post(client, match, [REVEAL_JS], expected=7).json() == {"match_id": match["match_id"], "version": 8, "first_step": 8, "replayed": True}
    assert post(client, match, [REVEAL]).status_code == 422
    assert post(client, match, [UP_8], expected=8).json()["version"] == 9
    assert replay_agrees(client, recount, match) == 9


def test_the_reveal_and_a_commit_voided_in_one_request_leave_the_round_open(client: TestClient, recount: Recount) -> None:
    match = bid_match(client)
    reply = post(client, match, [{"type": "EventVoided", "step": 5}, {"type": "EventVoided", "step": 4}])
    assert reply.status_code == 201 and reply.json()["version"] == 7, reply.text
    assert not any(automatic for _, _, automatic in stored(recount, match["match_id"])[5:])
    assert replay_agrees(client, recount, match) == 7
    # Betty commits again: the service reveals the round with her new card
    assert post(client, match, [BETTY_JS], expected=7).json()["version"] == 9
    assert stored(recount, match["match_id"])[-1] == (9, REVEAL_JS, True)
    assert replay_agrees(client, recount, match) == 9


def test_the_reveal_voided_alone_is_recorded_again_as_it_is_still_due(client: TestClient, recount: Recount) -> None:
    """A consistent state: every bid is still committed, so the reveal is due again."""
    match = bid_match(client)
    reply = post(client, match, [{"type": "EventVoided", "step": 5}])
    assert reply.status_code == 201 and reply.json()["version"] == 7
    assert stored(recount, match["match_id"])[-1] == (7, REVEAL, True)
    assert replay_agrees(client, recount, match) == 7
    # the same reveal amended in place changes nothing, and is no follow-up of its own
    assert post(client, match, [{"type": "EventAmended", "step": 7, "event": REVEAL}]).json()["version"] == 8
    assert replay_agrees(client, recount, match) == 8


def test_a_commit_amended_while_its_round_is_open_is_the_card_the_service_reveals(client: TestClient, recount: Recount) -> None:
    match = client.post("/matches", json={"system": "bid", "players": ["Al", "Betty"]}).json()
    post(client, match, [UP_7, AL_KH])
    reply = post(client, match, [{"type": "EventAmended", "step": 3, "event": {**AL_KH, "card": "AH"}}, BETTY_QS], expected=3)
    assert reply.status_code == 201 and reply.json()["version"] == 6, reply.text
    shown = {"type": "BidsRevealed", "bids": [{"player": "Al", "card": "AH"}, {"player": "Betty", "card": "QS"}]}
    assert stored(recount, match["match_id"])[-1] == (6, shown, True)
    assert replay_agrees(client, recount, match) == 6


def test_a_commit_then_its_void_in_one_request_is_refused_as_the_reveal_followed_the_commit(client: TestClient, recount: Recount) -> None:
    """The reveal is recorded right after the commit that makes it due, so the void that
    follows in the request meets it: refused citing the sealed-bid rule, nothing recorded."""
    match = client.post("/matches", json={"system": "bid", "players": ["Al", "Betty"]}).json()
    post(client, match, [UP_7, AL_KH])
    reply = post(client, match, [BETTY_QS, {"type": "EventVoided", "step": 4}])
    assert reply.status_code == 422 and reply.json()["rule"]["id"] == "bid.sealed.reveal"
    assert replay_agrees(client, recount, match) == 3


# --- an echo in the same group commit as the action that made it due ------------------


def group(recount: Recount, *appends: tuple[str, str, list[dict[str, Any]], dict[str, Any]]) -> list[AppendResult | BaseException]:
    """The appends checked and committed as one group (as the writer groups requests that
    arrive together: service/usecases/writer.py), each answered on its own."""
    jobs = [handlers.prepare(recount.services, match_id, token, events, **kwargs) for match_id, token, events, kwargs in appends]
    writer = recount.services.writer
    with writer._commit_lock:  # noqa: SLF001 - as commit_now, with a group of jobs
        writer._commit(jobs)  # noqa: SLF001
    return [job.future.exception() or job.future.result() for job in jobs]


@pytest.mark.parametrize(
    ("given_", "second", "expected", "answer", "version"),
    [
        ("the reveal, no version", [REVEAL], None, (5, 5), 5),
        ("the reveal, counted without it", [REVEAL], 4, (5, 5), 5),
        ("the reveal, counted with it", [REVEAL], 5, (5, 5), 5),
        ("the reveal and the next club", [REVEAL, UP_8], 4, (6, 6), 6),
        ("the next club only", [UP_8], 5, (6, 6), 6),
    ],
)
def test_an_echo_in_the_same_group_commit_as_the_commit_that_made_it_due(
    client: TestClient, recount: Recount, given_: str, second: list[dict[str, Any]], expected: int | None, answer: tuple[int, int], version: int
) -> None:
    """Two requests of one log committed in one group: Betty's commit (the service adds the
    reveal), then the log's own copy of the reveal. Answered as one at a time answers it
    (the reveal recorded once); it was refused (422 'shown at step 5 already', or 409)."""
    match = client.post("/matches", json={"system": "bid", "players": ["Al", "Betty"]}).json()
    post(client, match, [UP_7, AL_KH])
    kwargs = {} if expected is None else {"expected_version": expected}
    first, then = group(recount, (match["match_id"], match["write_token"], [BETTY_QS], {"expected_version": 3}), (match["match_id"], match["write_token"], second, kwargs))
    assert isinstance(first, AppendResult) and (first.first_step, first.version) == (4, 5)
    assert isinstance(then, AppendResult), then
    assert (then.first_step, then.version) == answer
    assert [(v, automatic) for v, _, automatic in stored(recount, match["match_id"])][3:] == [(4, False), (5, True), (6, False)][: version - 3]
    assert replay_agrees(client, recount, match) == version


def test_an_echo_in_the_same_group_says_it_was_recorded_already(client: TestClient, recount: Recount) -> None:
    match = client.post("/matches", json={"system": "bid", "players": ["Al", "Betty"]}).json()
    post(client, match, [UP_7, AL_KH])
    _, then = group(recount, (match["match_id"], match["write_token"], [BETTY_QS], {}), (match["match_id"], match["write_token"], [REVEAL], {}))
    assert then == AppendResult(match["match_id"], 5, 5, replayed=True)


def test_an_echo_in_a_group_whose_write_fails_is_not_told_it_was_recorded(client: TestClient, recount: Recount, monkeypatch: pytest.MonkeyPatch) -> None:
    """The echo is answered with the records of the job before it: if the store refuses
    the group, both are refused (a 201 'recorded already' would be a lie)."""
    match = client.post("/matches", json={"system": "bid", "players": ["Al", "Betty"]}).json()
    post(client, match, [UP_7, AL_KH])

    def down(records: Any) -> Any:
        raise OSError("the disk is full")

    monkeypatch.setattr(recount.services.writer.store, "append", down)
    first, then = group(recount, (match["match_id"], match["write_token"], [BETTY_QS], {}), (match["match_id"], match["write_token"], [REVEAL], {}))
    monkeypatch.undo()
    assert isinstance(first, OSError) and isinstance(then, OSError)
    assert replay_agrees(client, recount, match) == 3


def test_something_else_than_the_follow_up_in_the_same_group_is_checked_as_ever(client: TestClient, recount: Recount) -> None:
    match = client.post("/matches", json={"system": "bid", "players": ["Al", "Betty"]}).json()
    post(client, match, [UP_7, AL_KH])
    first, stale, shuffled = group(
        recount,
        (match["match_id"], match["write_token"], [BETTY_QS], {}),
        (match["match_id"], match["write_token"], [UP_8], {"expected_version": 4}),  # the reveal was news to it
        (match["match_id"], match["write_token"], [{"type": "BidsRevealed", "bids": REVEAL["bids"][::-1]}], {}),
    )
    assert isinstance(first, AppendResult) and first.version == 5
    assert type(stale).__name__ == "Conflict" and "version 5" in str(stale)
    assert type(shuffled).__name__ == "IllegalAction" and "shown at step 5 already" in str(shuffled)
    assert replay_agrees(client, recount, match) == 5


# --- idempotency keys and echoes --------------------------------------------------------


def test_an_echo_sent_twice_with_its_key_is_answered_the_same_even_after_the_match_moved_on(client: TestClient, recount: Recount) -> None:
    """An Idempotency-Key promises the same answer to the same request. An echo stores no
    record, so no key: a retry once the match has moved on was a 409 (or a 422 without a
    version); the expected version says which reveal it echoes."""
    match = bid_match(client)
    for expected in (4, 5):  # counted without the reveal, and with it
        once = post(client, match, [REVEAL], expected=expected, **{"Idempotency-Key": f"echo-{expected}"})
        again = post(client, match, [REVEAL], expected=expected, **{"Idempotency-Key": f"echo-{expected}"})
        assert once.status_code == again.status_code == 201
        assert once.json() == again.json() == {"match_id": match["match_id"], "version": 5, "first_step": 5, "replayed": True}
    assert post(client, match, [UP_8], expected=5, **{"Idempotency-Key": "next"}).json()["version"] == 6
    for expected in (4, 5):
        late = post(client, match, [REVEAL], expected=expected, **{"Idempotency-Key": f"echo-{expected}"})
        assert late.status_code == 201, late.text
        assert late.json() == {"match_id": match["match_id"], "version": 5, "first_step": 5, "replayed": True}
    # not the reveal recorded there: a stale request as any other
    assert post(client, match, [{"type": "BidsRevealed", "bids": REVEAL["bids"][::-1]}], expected=4).status_code == 409
    assert post(client, match, [REVEAL, UP_8], expected=4).status_code == 409
    # the request that made the reveal due, sent again, is answered with both records
    commit = client.post("/matches", json={"system": "bid", "players": ["Al", "Betty"]}).json()
    post(client, commit, [UP_7, AL_KH])
    answers = [post(client, commit, [BETTY_QS], expected=3, **{"Idempotency-Key": "betty"}).json() for _ in range(2)]
    assert [(a["first_step"], a["version"], a["replayed"]) for a in answers] == [(4, 5, False), (4, 5, True)]
    with_next = [post(client, commit, [REVEAL, UP_8], expected=4, **{"Idempotency-Key": "on"}).json() for _ in range(2)]
    assert [(a["first_step"], a["version"], a["replayed"]) for a in with_next] == [(6, 6, False), (6, 6, True)]
    assert replay_agrees(client, recount, match) == 6 and replay_agrees(client, recount, commit) == 6


# --- restarts and snapshots -------------------------------------------------------------


def test_an_echo_after_a_restart_and_from_a_snapshot_at_the_reveal_reads_no_past(db_file: Path | str, tmp_path: Path) -> None:
    """`meta.automatic` is stored: a restarted service takes the echo as recorded. A log
    loaded from the snapshot taken with the reveal (the state before it, the head) holds
    only the records from there: the echo is found there without reading the past from the
    store (the append path runs on the event loop)."""
    first = open_recount(db_file)
    match = first.create(MatchSetup(system="bid", players=["Al", "Betty"]))
    assert first.append(match.match_id, match.write_token, [UP_7, AL_KH, BETTY_QS]).version == 5
    first.close()

    again = open_recount(db_file)
    assert again.append(match.match_id, match.write_token, [REVEAL], expected_version=4) == AppendResult(match.match_id, 5, 5, replayed=True)
    again.close()

    snapshot = open_recount(db_file)
    snapshot.logs.snapshot_writer.every = 2
    snapshot.log(match.match_id)
    snapshot.logs.snapshot_writer.flush()
    snapshot.logs.forget(match.match_id)
    log = snapshot.log(match.match_id)
    assert log.records.base == 4  # the snapshot holds the state before the head, the reveal
    with TestClient(app=create_app(snapshot, MatchIndex(snapshot, str(tmp_path / "index.sqlite")))) as client:
        reply = client.post(f"/matches/{match.match_id}/events", json={"events": [REVEAL, UP_8], "expected_version": 4}, headers=auth(match.write_token))
        assert reply.status_code == 201 and reply.json()["version"] == 6, reply.text
        assert snapshot.log(match.match_id).records.base == 4  # the past was not read
        assert replay_agrees(client, snapshot, {"match_id": match.match_id, "write_token": match.write_token}) == 6
    snapshot.close()


def test_a_snapshot_loaded_log_corrects_a_revealed_round_as_a_log_folded_from_the_start(db_file: Path | str, tmp_path: Path) -> None:
    first = open_recount(db_file)
    match = first.create(MatchSetup(system="bid", players=["Al", "Betty"]))
    first.append(match.match_id, match.write_token, [UP_7, AL_KH, BETTY_QS])
    first.close()
    again = open_recount(db_file)
    again.logs.snapshot_writer.every = 2
    again.log(match.match_id)
    again.logs.snapshot_writer.flush()
    again.logs.forget(match.match_id)
    assert again.log(match.match_id).records.base == 4  # the snapshot holds the state before the head, the reveal
    written = {"match_id": match.match_id, "write_token": match.write_token}
    with TestClient(app=create_app(again, MatchIndex(again, str(tmp_path / "index.sqlite")))) as client:
        # the amendment alone: the service's reveal shows it in the corrected history
        alone = post(client, written, [{"type": "EventAmended", "step": 4, "event": BETTY_JS}])
        assert alone.status_code == 201 and alone.json()["version"] == 6, alone.text
        assert replay_agrees(client, again, written) == 6
        # and the way of before, the reveal voided with it, records the reveal again
        together = post(client, written, [{"type": "EventVoided", "step": 5}, {"type": "EventAmended", "step": 4, "event": BETTY_QS}])
        assert together.status_code == 201 and together.json()["version"] == 9, together.text
        assert stored(again, match.match_id)[-1] == (9, REVEAL, True)
        assert replay_agrees(client, again, written) == 9
    again.close()


def deck_match_with_newcomer(client: TestClient, upto: int | None = None) -> tuple[dict[str, Any], dict[str, str]]:
    match = client.post("/matches", json=DECK["setup"]).json()
    reply = post(client, match, DECK["events"][:upto])
    assert reply.status_code == 201, reply.text
    seats = client.get(f"/matches/{match['match_id']}/seats", headers=auth(match["write_token"])).json()
    assert NEWCOMER in seats and NEWCOMER not in match["seat_tokens"]
    return match, seats


def newcomer_match_loaded_from_a_snapshot(db_file: Path | str, tmp_path: Path) -> tuple[Recount, dict[str, Any], dict[str, str]]:
    """A presidents-deck match with a newcomer, recorded, then opened again by a new
    application that loads it from a snapshot taken after the join."""
    recount = open_recount(db_file)
    with TestClient(app=create_app(recount, MatchIndex(recount, str(tmp_path / "index.sqlite")))) as client:
        match, seats = deck_match_with_newcomer(client, JOINED_AT + 20)
    recount.close()
    again = open_recount(db_file)
    again.logs.snapshot_writer.every = 5
    again.log(match["match_id"])
    again.logs.snapshot_writer.flush()
    again.logs.forget(match["match_id"])
    assert again.log(match["match_id"]).records.base > JOINED_AT + 2
    return again, match, seats


def test_a_newcomer_s_seat_token_from_a_snapshot_loaded_log_reads_every_view_and_records_nothing(db_file: Path | str, tmp_path: Path) -> None:
    again, match, seats = newcomer_match_loaded_from_a_snapshot(db_file, tmp_path)
    with TestClient(app=create_app(again, MatchIndex(again, str(tmp_path / "index.sqlite")))) as client:
        mine = auth(seats[NEWCOMER])
        for path in ("state", "events", "frames"):
            reply = client.get(f"/matches/{match['match_id']}/{path}", params={"as": NEWCOMER}, headers=mine)
            assert reply.status_code == 200 and reply.json()["perspective"] == NEWCOMER, (path, reply.text)
        refused = post(client, {**match, "write_token": seats[NEWCOMER]}, DECK["events"][JOINED_AT + 20 : JOINED_AT + 21])
        assert refused.status_code == 403
        assert again.log(match["match_id"]).version == JOINED_AT + 21
    again.close()


@pytest.mark.parametrize("correction", ["voided", "amended to another name"])
def test_a_join_corrected_away_seats_nobody_its_token_reads_nothing_however_the_log_is_loaded(db_file: Path | str, tmp_path: Path, correction: str) -> None:
    """presidents-deck.txt: players join between games. A join voided (or amended to
    another name) seated nobody: its seat token is refused, live, after a restart and from
    a snapshot alike (it read the match as a seat of nobody while the log that recorded the
    join was held, and was refused once loaded from a snapshot); the name amended in is
    seated with its own token."""
    join = JOINED_AT + 2
    fixed = {"type": "EventVoided", "step": join} if correction == "voided" else {"type": "EventAmended", "step": join, "event": {**DECK["events"][JOINED_AT], "player": "Fae"}}
    recount = open_recount(db_file)
    with TestClient(app=create_app(recount, MatchIndex(recount, str(tmp_path / "index.sqlite")))) as client:
        match, seats = deck_match_with_newcomer(client, JOINED_AT + 1)
        assert post(client, match, [fixed]).status_code == 201
        now = client.get(f"/matches/{match['match_id']}/seats", headers=auth(match["write_token"])).json()
        assert NEWCOMER not in now and ("Fae" in now) == (correction != "voided")

        def reads(token: str) -> list[Any]:
            return [
                client.get(f"/matches/{match['match_id']}/{path}", headers=auth(token)).json().get("perspective")
                or client.get(f"/matches/{match['match_id']}/{path}", headers=auth(token)).status_code
                for path in ("state", "events", "frames")
            ]

        assert reads(seats[NEWCOMER]) == [403, 403, 403]
        if "Fae" in now:
            assert reads(now["Fae"]) == ["Fae"] * 3
    recount.close()
    for snapshot in (False, True):
        again = open_recount(db_file)
        if snapshot:
            again.logs.snapshot_writer.every = 5
            again.log(match["match_id"])
            again.logs.snapshot_writer.flush()
            again.logs.forget(match["match_id"])
            assert again.log(match["match_id"]).records.base > join
        with TestClient(app=create_app(again, MatchIndex(again, str(tmp_path / "index.sqlite")))) as client:
            assert reads(seats[NEWCOMER]) == [403, 403, 403], snapshot
            if "Fae" in now:
                assert reads(now["Fae"]) == ["Fae"] * 3, snapshot
        again.close()


def test_a_newcomer_s_seat_token_is_told_why_it_cannot_record_from_a_snapshot_loaded_log(db_file: Path | str, tmp_path: Path) -> None:
    again, match, seats = newcomer_match_loaded_from_a_snapshot(db_file, tmp_path)
    with TestClient(app=create_app(again, MatchIndex(again, str(tmp_path / "index.sqlite")))) as client:
        refused = post(client, {**match, "write_token": seats[NEWCOMER]}, DECK["events"][JOINED_AT + 20 : JOINED_AT + 21])
        assert refused.status_code == 403 and "seat token" in refused.json()["error"]
    again.close()


def test_a_newcomer_confirms_the_final_standings_with_their_seat_token(client: TestClient) -> None:
    match, seats = deck_match_with_newcomer(client)
    assert client.get(f"/matches/{match['match_id']}/state").json()["finished"]
    reply = client.post(f"/matches/{match['match_id']}/confirmations", headers=auth(seats[NEWCOMER]))
    assert reply.status_code == 201, reply.text
    assert reply.json()["you"] == NEWCOMER and NEWCOMER in reply.json()["confirmed_by"]


# --- export then import ------------------------------------------------------------------


def exported_then_imported(client: TestClient, match: dict[str, Any], tmp_path: Path, name: str) -> tuple[Recount, TestClient]:
    body = client.get(f"/matches/{match['match_id']}/export", headers=auth(match["write_token"]))
    assert body.status_code == 200
    other = open_recount(tmp_path / f"{name}.sqlite")
    imported = TestClient(app=create_app(other, MatchIndex(other, str(tmp_path / f"{name}.index.sqlite"))))
    imported.__enter__()
    reply = imported.post("/imports", content=body.content)
    assert reply.status_code == 201 and reply.json()["match_id"] == match["match_id"], reply.text
    return other, imported


def same_replay(source: TestClient, copy: TestClient, match: dict[str, Any], token: str) -> None:
    for path in ("events", "frames"):
        mine = source.get(f"/matches/{match['match_id']}/{path}", params={"limit": 1000}, headers=auth(token)).json()
        theirs = copy.get(f"/matches/{match['match_id']}/{path}", params={"limit": 1000}, headers=auth(token)).json()
        assert theirs == mine, path


def test_an_imported_match_keeps_its_automatic_reveals_tokens_and_replay(client: TestClient, recount: Recount, tmp_path: Path) -> None:
    """The export keeps each record's metadata: the imported reveal is still the service's
    own (a log's copy of it is an echo there too), the same write and seat tokens work,
    and the replay is the same, corrections included."""
    match = bid_match(client)
    post(client, match, [{"type": "EventVoided", "step": 5}, {"type": "EventAmended", "step": 4, "event": BETTY_JS}])
    other, imported = exported_then_imported(client, match, tmp_path, "bid")
    try:
        assert stored(other, match["match_id"]) == stored(recount, match["match_id"])
        same_replay(client, imported, match, match["write_token"])
        for player, token in match["seat_tokens"].items():
            assert imported.get(f"/matches/{match['match_id']}/state", headers=auth(token)).json()["perspective"] == player
        assert imported.get(f"/matches/{match['match_id']}/seats", headers=auth(match["write_token"])).json() == match["seat_tokens"]
        assert post(imported, match, [REVEAL_JS], expected=7).json() == {"match_id": match["match_id"], "version": 8, "first_step": 8, "replayed": True}
        assert post(imported, match, [UP_8], expected=8).json()["version"] == 9
        assert replay_agrees(imported, other, match) == 9
    finally:
        imported.__exit__(None, None, None)
        other.close()


def test_an_imported_match_with_a_newcomer_accepts_their_seat_token(client: TestClient, tmp_path: Path) -> None:
    match, seats = deck_match_with_newcomer(client, JOINED_AT + 10)
    other, imported = exported_then_imported(client, match, tmp_path, "deck")
    try:
        assert imported.get(f"/matches/{match['match_id']}/seats", headers=auth(match["write_token"])).json() == seats
        reply = imported.get(f"/matches/{match['match_id']}/state", headers=auth(seats[NEWCOMER]))
        assert reply.status_code == 200 and reply.json()["perspective"] == NEWCOMER
        same_replay(client, imported, match, seats[NEWCOMER])
        same_replay(client, imported, match, match["write_token"])
        # recording goes on there with the same write token
        assert post(imported, match, DECK["events"][JOINED_AT + 10 : JOINED_AT + 11], expected=JOINED_AT + 11).status_code == 201
    finally:
        imported.__exit__(None, None, None)
        other.close()


# --- player names -----------------------------------------------------------------------


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
def test_a_name_that_would_end_a_notation_line_is_refused_or_reads_back(client: TestClient, separator: str) -> None:
    from domain.notation_file import parse_match

    players = [f"Al{separator}Bo", "Betty", "Carl", "Dana"]
    reply = client.post("/matches", json={"system": "president", "preset": "classic", "players": players, "mode": "public"})
    if reply.status_code == 400:
        return
    assert reply.status_code == 201
    match = reply.json()
    notation = client.get(f"/matches/{match['match_id']}/notation", headers=auth(match["write_token"]))
    assert notation.status_code == 200
    assert parse_match(notation.text)[0].players == players
