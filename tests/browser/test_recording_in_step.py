"""Phones recording one match stay in step with it: whatever order a phone's reads,
its taps' replies and the live stream's messages arrive in, each phone soon shows
every step recorded anywhere and offers what may be recorded after it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.browser import all_events, expect, open_record, phone, settle

pytestmark = pytest.mark.browser
__all__ = ["phone"]


@pytest.mark.parametrize("held", ["allowed", "frames", "standings"])
def test_a_phone_whose_read_is_held_while_another_records_shows_that_step(phone: Any, served: Any, held: str) -> None:
    """Phone A records Al's bid; A's next read of `held` is held while phone B records
    Betty's; once it goes on, A shows Betty's step and offers what follows it (Cy's bid),
    as B does."""
    match = served.create({"system": "bid", "preset": "text", "players": ["Al", "Betty", "Cy"]})
    first, second = phone(), phone()
    open_record(first, served, match)
    first.locator("#actions .choice-values button.value").first.click()  # the club up for bid
    version = settle(first)
    open_record(second, served, match)
    assert settle(second) == version
    waiting: list[Any] = []
    pattern = re.compile(rf".*/matches/[^/?]+/{held}(\?.*)?$")
    first.route(pattern, lambda route: waiting.append(route))
    first.locator('#actions .choice-group[data-player="Al"] button.value').first.click()
    expect(first.locator("#ack")).to_have_attribute("data-state", "ok")
    expect(second.locator("#actions")).to_have_attribute("data-version", str(version + 1))
    settle(second)
    second.locator('#actions .choice-group[data-player="Betty"] button.value').first.click()
    expect(second.locator("#actions")).to_have_attribute("data-version", str(version + 2))
    settle(second)
    first.unroute(pattern)  # and what it held goes on
    expect(first.locator("#caption .step-no")).to_have_text(f"Step {version + 2}")
    expect(first.locator("#actions")).to_have_attribute("data-version", str(version + 2))
    expect(first.locator("#actions")).to_have_attribute("data-settled", "true")
    expect(first.locator("#turn")).to_have_text("Cy to act")
    expect(first.locator("#history")).to_contain_text("Betty")


def test_actions_queued_offline_go_out_once_each_at_the_version_they_follow(phone: Any, served: Any) -> None:
    """Three sealed bids tapped offline (docs/house-rules.md § Sealed bids (Presidential
    Bid)) are sent once back online, in order, each at the version the one before it
    made: no 409 when nothing else was recorded meanwhile, every bid stored once."""
    match = served.create({"system": "bid", "preset": "text", "players": ["Al", "Betty", "Cy"]})
    page = phone()
    open_record(page, served, match)
    page.locator("#actions .choice-values button.value").first.click()
    version = settle(page)
    replies: list[tuple[str, int]] = []
    page.on("response", lambda response: replies.append((response.request.method, response.status)))
    page.context.set_offline(True)
    for player in ["Al", "Betty", "Cy"]:
        page.locator(f'#actions .choice-group[data-player="{player}"] button.value').first.click()
        expect(page.locator(f'#actions .choice-group[data-player="{player}"]')).to_have_count(0)
    expect(page.locator("#queue li")).to_have_count(3)
    page.context.set_offline(False)
    expect(page.locator("#queue")).to_be_hidden()
    settle(page)
    posted = [status for method, status in replies if method == "POST"]
    assert 409 not in posted, posted
    assert posted.count(201) == 3, posted
    recorded = [event for event in all_events(served, match) if event["step"] > version]
    assert [event["type"] for event in recorded] == ["BidCommitted"] * 3 + ["BidsRevealed"]
    assert [event["event"]["player"] for event in recorded[:3]] == ["Al", "Betty", "Cy"]
