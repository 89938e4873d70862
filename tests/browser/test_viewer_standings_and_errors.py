"""A new user's first hour, in headless Chromium: the standings a table reads at a
glance (places, points, what each game gave, the result headlined at the end and first on a
phone, no spoiler in a replay), and the viewer's error states (an unknown match, a wrong token)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.support.browser import WAIT_MS, expect

pytestmark = pytest.mark.browser


def standings_of(served: Any, match_id: str) -> dict[str, Any]:
    return httpx.get(f"{served.url}/matches/{match_id}/standings", timeout=10).json()


def test_a_replay_shows_the_standings_as_of_the_step_and_headlines_the_result_at_the_end(page: Any, served: Any) -> None:
    created = served.matches["president/classic-four-full"]
    final = standings_of(served, created.match_id)
    assert final["final"]
    page.goto(f"{served.url}/view/{created.match_id}?step=1")
    expect(page.locator("#caption .step-no")).to_have_text("Step 1")
    # At step 1 nothing is decided: no final standings, no result, every score 0.
    expect(page.locator("#standings-title")).to_have_text("Standings after step 1")
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#standings td.score")).to_have_text(["0"] * 4)
    page.keyboard.press("End")
    expect(page.locator("#standings-title")).to_have_text("Final standings")
    winner = final["placings"][0]
    expect(page.locator("#result .headline")).to_have_text(re.compile(rf"^Match over: {winner['player']} (wins|and .* tie for 1st)"))
    # Each row: the place as an ordinal, the points, and what each game gave, labelled.
    first_row = page.locator(f'#standings tr[data-player="{winner["player"]}"]')
    expect(first_row.locator("td.place")).to_have_text("1st")
    expect(first_row.locator("td.reason")).to_contain_text("game 1 ")
    expect(page.locator("#standings th")).to_have_text(["Place", "Player", "Points", "How"])
    # One step back, the result is hidden again.
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#standings-title")).to_have_text(re.compile(r"^Standings after step \d+$"))
    expect(page.locator("#result")).to_be_hidden()


def test_on_a_phone_the_result_is_the_first_thing_shown_at_the_end(browser: Any, served: Any) -> None:
    created = served.matches["president/classic-four-full"]
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.goto(f"{served.url}/view/{created.match_id}?step=1")
        expect(page.locator("#caption .step-no")).to_have_text("Step 1")
        page.keyboard.press("End")
        expect(page.locator("#result")).to_be_visible()
        result = page.locator("#result").bounding_box()
        for other in ("#board", ".controls", ".who", ".standings-box"):
            assert result["y"] < page.locator(other).bounding_box()["y"], other
        assert result["y"] + result["height"] <= 844  # on the first screen, no scrolling
    finally:
        context.close()


def test_an_unknown_match_says_so_with_a_link_back_and_no_live_controls(page: Any, served: Any) -> None:
    page.goto(f"{served.url}/view/m_nosuchmatch")
    expect(page.locator("#title")).to_have_text("No such match")
    expect(page.locator("#board a[href='/']")).to_be_visible()
    expect(page.locator("#board")).to_contain_text("m_nosuchmatch")
    for control in ("#first", "#prev", "#play", "#next", "#last", "#slider", "#token"):
        expect(page.locator(control)).to_be_disabled()


def test_a_wrong_token_is_said_and_the_board_falls_back_to_the_spectators_view(page: Any, served: Any) -> None:
    created = served.matches["president/classic-four-full"]
    page.goto(f"{served.url}/view/{created.match_id}?step=20#token=not-the-token")
    expect(page.locator("#token")).to_have_text("Token ✗")
    expect(page.locator("#notice")).to_contain_text("spectator")
    expect(page.locator("#caption .step-no")).to_have_text("Step 20")
    expect(page.locator(".pres-seat")).to_have_count(4)
    expect(page.locator("#perspective")).to_have_text("Showing what the table saw")
