"""The pages that analyse a record, in headless Chromium against the real app: an action typed in the
terse notation on the recording page (390×844), the leaderboard page, and What if…
in the viewer."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.browser import expect
from tests.support.api import classic_deal

pytestmark = pytest.mark.browser


def version(served: Any, match: dict[str, Any]) -> int:
    with httpx.Client(base_url=served.url, timeout=10) as client:
        return client.get(f"/matches/{match['match_id']}", headers={"Authorization": f"Bearer {match['write_token']}"}).json()["version"]


def test_a_play_and_a_pass_typed_tersely_are_recorded_and_a_bad_line_is_explained(served: Any, phone: Any) -> None:
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "full"})
    deal = classic_deal()
    served.record(match, [deal])
    phone.goto(f"{served.url}/record/{match['match_id']}#token={match['write_token']}")
    expect(phone.locator("#actions")).to_have_attribute("data-settled", "true")
    line, preview = phone.locator("#quick-line"), phone.locator("#quick-preview")
    card = deal["hands"]["Al"][0]

    line.fill(f"a {card.lower()}")
    expect(preview).to_have_attribute("data-state", "ready")
    expect(preview).to_contain_text("Enter records: Al plays")
    line.press("Enter")
    expect(line).to_have_value("")
    phone.wait_for_function(f"() => document.querySelector('#actions').dataset.version === '3'")

    line.fill("b p")
    expect(preview).to_contain_text("Enter records: Betty passes")
    line.press("Enter")
    phone.wait_for_function(f"() => document.querySelector('#actions').dataset.version === '4'")
    assert version(served, match) == 4

    line.fill("zed 9c")
    expect(preview).to_have_attribute("data-state", "error")
    expect(preview).to_contain_text("“zed”")
    line.press("Enter")
    line.fill("a p")  # Al is not the one to act: the rules refuse it, with their sentence
    expect(preview).to_have_attribute("data-state", "refused")
    line.press("Enter")
    expect(phone.locator("#explain")).to_be_visible()
    assert version(served, match) == 4


def test_the_leaderboard_page_draws_a_table_and_a_rating_line_per_player(served: Any, page: Any) -> None:
    page.goto(f"{served.url}/leaderboards")
    expect(page.locator(".lb-table tbody tr").first).to_be_visible()
    rows = page.locator(".lb-table tbody tr").count()
    assert rows >= 2
    assert page.locator("svg.lb-chart polyline").count() == rows


def test_what_if_in_the_viewer_names_the_step_another_preset_forbids(served: Any, page: Any) -> None:
    match = served.matches["president/classic-four-full"]
    page.goto(f"{served.url}/view/{match.match_id}#token={match.write_token}")
    # The side panel grows as the standings and the claims load, moving the what-if
    # summary down: a click during that shift can miss it (it did once, on a busy CI).
    expect(page.locator("#caption .step-no")).to_be_visible()
    page.wait_for_load_state("networkidle")  # a finished match opens no live stream
    page.locator("#whatif summary").click()
    expect(page.locator("#whatif")).to_have_attribute("open", "")
    page.locator("#whatif-preset").select_option("deck")
    page.locator("#whatif-run").click()
    expect(page.locator("#whatif-result")).to_contain_text("is not allowed")
    page.locator("#whatif-preset").select_option("")
    page.locator("#whatif-options").fill('{"role_points": [3, 1, 0, -1, -3]}')
    page.locator("#whatif-run").click()
    expect(page.locator("#whatif-result table tbody tr")).to_have_count(4)
