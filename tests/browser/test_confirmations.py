"""The viewer shows "confirmed by N of M" beside the standings, lists the disputes
with a link to each verdict's step, and offers a player who opened it with their
seat token a button to confirm, at the end of a finished match."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from service.records import fixtures
from tests.support.browser import expect

pytestmark = pytest.mark.browser


def test_a_player_confirms_at_the_end_and_a_dispute_links_to_its_step(served: Any, page: Any) -> None:
    created = fixtures.record(served.recount, fixtures.read(fixtures.FIXTURES / "president/classic-four-full.json"))
    standings = served.recount.standings(created.match_id)
    first, last = standings.placings[0], standings.placings[-1]
    swapped = [{"player": first.player, "place": last.place}, {"player": last.player, "place": first.place}]
    with httpx.Client(base_url=served.url, timeout=10) as client:
        path = f"/matches/{created.match_id}"
        assert client.post(f"{path}/confirmations", headers={"Authorization": f"Bearer {created.seat_tokens['Betty']}"}).status_code == 201
        raised = client.post(f"{path}/disputes", json={"placings": swapped}, headers={"Authorization": f"Bearer {created.seat_tokens['Dana']}"})
        assert raised.status_code == 201, raised.text
    step = raised.json()["verdict"]["step"]

    page.goto(f"{served.url}/view/{created.match_id}?step=2#token={created.seat_tokens['Al']}")
    expect(page.locator("#confirmed")).to_have_text("confirmed by 1 of 4 (Betty)")
    expect(page.locator("#confirm")).to_be_hidden()  # not at the end yet
    page.keyboard.press("End")
    button = page.get_by_role("button", name="Confirm these standings (as Al)")
    expect(button).to_be_visible()
    button.click()
    expect(page.locator("#confirmed")).to_have_text("confirmed by 2 of 4 (Betty, Al)")
    expect(button).to_be_hidden()

    dispute = page.locator("#disputes li")
    expect(dispute).to_have_count(1)
    # Said once, as the standings say places: no "1. Betty claims 1. Betty".
    nth = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
    expect(dispute).to_contain_text(f"Dana claims {nth[last.place]} {first.player}, {nth[first.place]} {last.player}. The record gives")
    assert page.locator("#disputes").evaluate("list => list.tagName") == "UL"
    dispute.get_by_role("link", name=f"see step {step}").click()
    expect(page).to_have_url(re.compile(rf"[?&]step={step}\b"))
    expect(page.locator("#position")).to_contain_text(f"{step} /")


def test_a_spectator_sees_the_count_but_no_button(served: Any, page: Any) -> None:
    created = fixtures.record(served.recount, fixtures.read(fixtures.FIXTURES / "bid/two-player.json"))
    page.goto(f"{served.url}/view/{created.match_id}")
    page.keyboard.press("End")
    expect(page.locator("#confirmed")).to_have_text("confirmed by 0 of 2")
    expect(page.locator("#confirm")).to_be_hidden()
