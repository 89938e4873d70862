"""Corrections (DESIGN.md principle 5: history is never rewritten): a later event
voids or amends an earlier one, everything after it is checked again, and the replay
shows both the mistake and its correction."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from litestar.testing import TestClient

from domain.protocol import EVERYONE
from tests.support.stores import open_recount
from tests.support.api import PLAYERS, auth, post

SIZES = {"type": "CardsDealt", "dealer": "Dana", "sizes": {p: 13 for p in PLAYERS}}


def public_match(client: TestClient, *plays: dict[str, Any]) -> dict[str, Any]:
    match = client.post("/matches", json={"system": "president", "players": PLAYERS, "mode": "public"}).json()
    assert post(client, match, [SIZES, *plays]).status_code == 201
    return match


def played(player: str, *cards: str) -> dict[str, Any]:
    return {"type": "CardsPlayed", "player": player, "cards": list(cards)}


def passed(player: str) -> dict[str, Any]:
    return {"type": "PlayerPassed", "player": player}


def trick(client: TestClient, match: dict[str, Any], step: int | None = None) -> list[list[str]]:
    query = f"?step={step}" if step else ""
    view = client.get(f"/matches/{match['match_id']}/state{query}", headers=auth(match["write_token"])).json()["view"]
    return [[play["player"], *play["cards"]] for play in view["trick"]]


def test_a_voided_action_is_out_of_the_state_from_the_correction_on_and_both_stay_in_the_replay(client: TestClient) -> None:
    match = public_match(client, played("Al", "4C"), passed("Betty"))  # steps 3, 4: Betty really played
    reply = post(client, match, [{"type": "EventVoided", "step": 4, "reason": "Betty played, she did not pass"}], expected=4)
    assert reply.status_code == 201 and reply.json()["version"] == 5
    assert post(client, match, [played("Betty", "7H")], expected=5).status_code == 201
    assert trick(client, match) == [["Al", "4C"], ["Betty", "7H"]]
    assert trick(client, match, step=4) == [["Al", "4C"]]  # the record as it stood before the correction
    events = client.get(f"/matches/{match['match_id']}/events").json()["events"]
    assert [e["type"] for e in events[2:]] == ["CardsPlayed", "PlayerPassed", "EventVoided", "CardsPlayed"]
    assert "step 4" in events[4]["description"] and "Betty passes" in events[4]["description"]


def test_an_amendment_puts_the_right_action_in_place_and_later_actions_are_checked_again(client: TestClient) -> None:
    match = public_match(client, played("Al", "4C"), played("Betty", "9H"), played("Carl", "JH"))
    amend = {"type": "EventAmended", "step": 4, "event": played("Betty", "10H"), "reason": "it was the 10"}
    assert post(client, match, [amend], expected=5).status_code == 201
    assert trick(client, match) == [["Al", "4C"], ["Betty", "10H"], ["Carl", "JH"]]
    # Amending Betty's card to a queen would make Carl's jack at step 5 illegal.
    too_high = {"type": "EventAmended", "step": 4, "event": played("Betty", "QH")}
    reply = post(client, match, [too_high], expected=6)
    assert reply.status_code == 422
    assert "step 5" in reply.json()["error"] and reply.json()["rule"]["source"].startswith("president-classic.md")
    assert client.get(f"/matches/{match['match_id']}").json()["version"] == 6


def test_what_cannot_be_corrected(client: TestClient) -> None:
    match = public_match(client, played("Al", "4C"))
    void = lambda step: {"type": "EventVoided", "step": step}  # noqa: E731
    for step in (1, 0, 9):
        assert post(client, match, [void(step)]).status_code == 422
    assert post(client, match, [void(3)]).status_code == 201
    assert post(client, match, [void(3)]).status_code == 422  # voided already
    assert post(client, match, [void(4)]).status_code == 422  # step 4 is a correction itself
    assert post(client, match, [{"type": "EventAmended", "step": 2, "event": {"type": "Nonsense"}}]).status_code == 400
    assert client.get(f"/matches/{match['match_id']}").json()["version"] == 4


def test_corrections_replay_from_the_store(client: TestClient, db_file: Path) -> None:
    match = public_match(client, played("Al", "4C"), played("Betty", "9H"), played("Carl", "JH"))
    post(client, match, [{"type": "EventVoided", "step": 5}, played("Carl", "KH"), passed("Dana")])
    expected = trick(client, match)
    assert expected == [["Al", "4C"], ["Betty", "9H"], ["Carl", "KH"]]
    fresh = open_recount(db_file)
    try:
        log = fresh.log(match["match_id"])
        assert [[p.player, *p.cards] for p in log.state.trick] == expected
        assert log.state.step == log.version == 8
        assert [[p.player, *p.cards] for p in log.state_at(5).trick] == [["Al", "4C"], ["Betty", "9H"], ["Carl", "JH"]]
    finally:
        fresh.close()


def test_frames_show_the_mistake_then_its_correction(client: TestClient) -> None:
    match = public_match(client, played("Al", "4C"), passed("Betty"))
    post(client, match, [{"type": "EventVoided", "step": 4, "reason": "she played"}, played("Betty", "7H")])
    frames = client.get(f"/matches/{match['match_id']}/frames", headers=auth(match["write_token"])).json()["frames"]
    assert [f["type"] for f in frames[3:]] == ["PlayerPassed", "EventVoided", "CardsPlayed"]
    assert frames[3]["view"]["passed"] == ["Betty"] and frames[4]["view"]["passed"] == []
    assert "did not happen" in frames[4]["description"]
    assert [[p["player"], *p["cards"]] for p in frames[5]["view"]["trick"]] == [["Al", "4C"], ["Betty", "7H"]]


def test_an_amendment_the_words_do_not_tell_apart_names_what_it_changed(client: TestClient) -> None:
    """A play's words name its rank, not its suit: amending the 9 of hearts to the 9 of spades read
    “at step 4, Betty plays a 9 (not Betty plays a 9)”, a correction that seemed to change nothing."""
    match = public_match(client, played("Al", "4C"), played("Betty", "9H"))
    amend = {"type": "EventAmended", "step": 4, "event": played("Betty", "9S"), "reason": "the other 9"}
    assert post(client, match, [amend], expected=4).status_code == 201
    described = client.get(f"/matches/{match['match_id']}/events").json()["events"][-1]["description"]
    assert described == "correction: at step 4, Betty plays a 9: cards 9S, not 9H: the other 9", described


def test_a_sealed_bid_amended_rounds_later_is_shown_as_amended_by_its_reveal(client: TestClient, db_file: Path) -> None:
    """docs/house-rules.md § Sealed bids: the bids are shown “each showing the card committed”, and the
    service records that reveal by itself. A commit amended after later rounds was refused: the reveal still
    showed the old card, and voiding the reveal left the round unrevealed under the next district
    (“district K♣ is still up for bid”). In the corrected history the reveal shows the amended card."""
    fixture = json.loads(Path("fixtures/bid/sealed-all-cards.json").read_text())
    match = client.post("/matches", json=fixture["setup"]).json()
    # steps 2-5: district K♣ up, Betty 2S, Cy AD, Al KH; step 6: the service's reveal (Cy wins); step 7: Q♣ up
    events = fixture["events"]
    assert post(client, match, [*events[:4], events[5]]).status_code == 201
    assert client.get(f"/matches/{match['match_id']}/events").json()["events"][5]["automatic"] is True
    before = client.get(f"/matches/{match['match_id']}/standings").json()
    amend = {"type": "EventAmended", "step": 4, "event": {"type": "BidCommitted", "player": "Cy", "card": "3D"}, "reason": "the 3, not the ace"}
    reply = post(client, match, [amend], expected=7)
    assert reply.status_code == 201, reply.json()
    assert reply.json()["version"] == 8  # the amendment alone: nothing else recorded

    def won(view: dict[str, Any]) -> dict[str, int]:
        return {row["player"]: row["districts_won"] for row in view["players"]}

    def hand(view: dict[str, Any], player: str) -> list[str]:
        return next(row["hand"] for row in view["players"] if row["player"] == player)

    view = client.get(f"/matches/{match['match_id']}/state", headers=auth(match["write_token"])).json()["view"]
    assert won(view) == {"Al": 1, "Betty": 0, "Cy": 0}  # the king of hearts beats the 3 of diamonds
    assert "AD" in hand(view, "Cy") and "3D" not in hand(view, "Cy")
    assert client.get(f"/matches/{match['match_id']}/standings").json() != before
    # the history as it stood is kept: at step 6 Cy won with the ace
    at_six = client.get(f"/matches/{match['match_id']}/state?step=6", headers=auth(match["write_token"])).json()["view"]
    assert won(at_six) == {"Al": 0, "Betty": 0, "Cy": 1}
    # what-if under the match's own rules replays the corrected history as the standings do
    whatif = client.post(f"/matches/{match['match_id']}/what-if", json={"options": {}}, headers=auth(match["write_token"])).json()
    assert whatif["legal"] is True, whatif
    assert whatif["standings"] == whatif["recorded_standings"]
    # and a replay from the store folds the same
    fresh = open_recount(db_file)
    try:
        state = fresh.log(match["match_id"]).state
        assert fresh.log(match["match_id"]).system.view(state, EVERYONE) == view
    finally:
        fresh.close()
