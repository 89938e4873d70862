"""A table's session on a phone, in headless Chromium against the real app: the slips a
person makes at the table (a setup sent without a choice the rules ask for, taps while the
network is gone, a fix of a card), each shown in words and recording nothing wrong."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.helpers import expect

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    opened = context.new_page()
    opened.set_default_timeout(5000)
    try:
        yield opened
    finally:
        context.close()


def test_a_mode_left_unchosen_is_asked_for_with_its_rule_before_anything_is_sent(phone: Any, served: Any) -> None:
    """mr-president.md § SETUP: “Players must decide if they will play the game for popular
    votes or for electoral votes.” The page offers both and chooses neither; Create without a
    choice is answered on the page with that sentence (it showed the server's “(got None)”),
    and no match is created."""
    posted: list[str] = []
    phone.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    phone.goto(f"{served.url}/new?system=mrpresident")
    expect(phone.locator("body[data-ready=true]")).to_have_count(1)
    names = phone.locator("#players .player-name")
    names.nth(0).fill("Al")
    names.nth(1).fill("Betty")
    expect(phone.locator("#modes input:checked")).to_have_count(0)
    phone.locator("#create").tap()
    refused = phone.locator("#refused")
    expect(refused).to_be_visible()
    expect(refused.locator(".refused-what")).to_have_text("Not created: choose the mode first: popular or electoral.")
    expect(refused.locator("blockquote.rule")).to_contain_text("Players must decide if they will play the game for popular votes or for electoral votes.")
    expect(refused.locator("blockquote.rule cite")).to_have_text("mr-president.md § SETUP")
    expect(refused).not_to_contain_text("None")
    assert posted == []
    # Chosen, the match is created.
    phone.locator('#modes input[value="popular"]').check()
    expect(phone.locator("#refused")).to_be_hidden()
    phone.locator("#create").tap()
    expect(phone.locator("#created")).to_be_visible()
