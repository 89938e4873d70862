"""Each player records from their own phone: the recording page opened with a seat token
offers that seat's own actions only, and what it taps is recorded as that seat's
(README § At the table, "Each player on their own phone")."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import httpx
import pytest

from tests.support.browser import PHONE, WAIT_MS, expect, opened_tab

pytestmark = pytest.mark.browser


def settle(page: Any) -> None:
    """Wait until the recording page offers what its token may record at the head."""
    expect(page.locator("#actions")).to_have_attribute("data-settled", "true")


def test_two_bidders_each_commit_from_their_own_phone_and_the_service_reveals(browser: Any, served: Any) -> None:
    """docs/house-rules.md § Sealed bids: “a player may commit a bid before the bids are shown”;
    the bids are shown when every player has committed (the service records the reveal)."""
    match = served.create({"system": "bid", "preset": "text", "players": ["Al", "Betty"]})
    served.record(match, [{"type": "DistrictRevealed", "district": "7C"}])
    with ExitStack() as tabs:
        phones = {player: tabs.enter_context(opened_tab(browser, WAIT_MS, viewport=PHONE, is_mobile=True, has_touch=True)) for player in ("Al", "Betty")}
        two_phones(served, match, phones)
    with httpx.Client(base_url=served.url, timeout=10) as client:
        events = client.get(f"/matches/{match['match_id']}/events", headers={"Authorization": f"Bearer {match['write_token']}"}).json()["events"]
    assert [(e["type"], e["recorded_as"]) for e in events[2:]] == [("BidCommitted", "Al"), ("BidCommitted", "Betty"), ("BidsRevealed", "Betty")]


def two_phones(served: Any, match: dict[str, Any], phones: dict[str, Any]) -> None:
    """Each phone opens the recording page with its seat's token, sees its own choices only, and commits."""
    for player, page in phones.items():
        page.goto(f"{served.url}/record/{match['match_id']}#token={match['seat_tokens'][player]}")
        settle(page)
        other = "Betty" if player == "Al" else "Al"
        expect(page.locator(f'#actions .choice-group[data-player="{player}"]')).to_have_count(1)
        expect(page.locator(f'#actions .choice-group[data-player="{other}"]')).to_have_count(0)
    for player, page in phones.items():
        page.locator(f'#actions .choice-group[data-player="{player}"] button.value').first.click()
        expect(page.locator(f'#actions .choice-group[data-player="{player}"]')).to_have_count(0)
        settle(page)


def test_the_replay_says_whose_phone_recorded_each_step(browser: Any, served: Any) -> None:
    """Each recorded action says who recorded it, shown in the replay: a seat's “recorded from
    Betty’s phone”, nothing for the write token's."""
    match = served.create({"system": "bid", "preset": "text", "players": ["Al", "Betty"]})
    served.record(match, [{"type": "DistrictRevealed", "district": "7C"}])
    with httpx.Client(base_url=served.url, timeout=10) as client:
        for player in ("Al", "Betty"):
            allowed = client.get(f"/matches/{match['match_id']}/allowed", headers={"Authorization": f"Bearer {match['seat_tokens'][player]}"}).json()
            [commit] = [c for c in allowed["choices"] if c["type"] == "BidCommitted"]
            event = {**commit["event"], commit["picks"][0]["field"]: commit["picks"][0]["among"][0]}
            reply = client.post(f"/matches/{match['match_id']}/events", json={"events": [event]}, headers={"Authorization": f"Bearer {match['seat_tokens'][player]}"})
            assert reply.status_code == 201, reply.text
    with opened_tab(browser, WAIT_MS, viewport=PHONE, is_mobile=True, has_touch=True) as page:
        page.goto(f"{served.url}/view/{match['match_id']}?step=2")
        expect(page.locator("#caption")).not_to_contain_text("recorded from")
        page.goto(f"{served.url}/view/{match['match_id']}?step=4")
        expect(page.locator("#caption .recorded-by")).to_have_text("recorded from Betty’s phone")
