"""A recording page that catches up (the network is back, a refusal, a conflict) reads
what it lacks, not what the live stream has already brought: a phone in step with the
match reads the frames after its last (none) and neither the allowed actions nor the
standings again as a whole."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.browser import open_record, phone, settle

pytestmark = pytest.mark.browser
__all__ = ["phone"]


def test_a_phone_in_step_that_catches_up_reads_no_whole_choices_or_standings(phone: Any, served: Any) -> None:
    match = served.create({"system": "bid", "preset": "text", "players": ["Al", "Betty", "Cy"]})
    page = phone()
    open_record(page, served, match)
    page.locator("#actions .choice-values button.value").first.click()  # the club up for bid
    settle(page)  # the step and what may follow it came on the live stream
    page.locator('#actions .choice-group[data-player="Al"] button.value').first.click()
    version = settle(page)
    reads: list[str] = []
    page.on("request", lambda request: reads.append(request.url) if request.method == "GET" else None)
    changes = page.evaluate("() => window.recountOfflineCost.length")
    # The network comes back: the page catches up (record.js), and is told once it has.
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    page.wait_for_function(f"() => window.recountOfflineCost.length > {changes}")
    assert any(re.search(r"/frames\?", url) for url in reads), reads
    assert not [url for url in reads if re.search(r"/(allowed|standings)(\?|$)", url)], reads
    assert settle(page) == version
