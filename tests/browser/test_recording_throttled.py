"""A recording phone and a viewer of the same match stay in step through 50 taps on a
slow network (Chrome's own throttling, Network.emulateNetworkConditions): after every
step the phone records, the viewer following live shows that step, and the phone
offers what may be recorded after it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.support.browser import WAIT_MS, api_get, expect, open_record, phone, settle, tap_once

pytestmark = pytest.mark.browser
__all__ = ["phone"]
# A slow phone network: 150 ms each way, 400 kB/s down, 100 kB/s up.
SLOW = {"offline": False, "latency": 150, "downloadThroughput": 400_000, "uploadThroughput": 100_000}


def throttled(page: Any) -> Any:
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", SLOW)
    return session


def test_a_recording_phone_and_a_viewer_stay_in_step_through_fifty_taps_on_a_slow_network(phone: Any, served: Any) -> None:
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "public"})
    recorder, viewer = phone(), phone()
    throttled(recorder)
    throttled(viewer)
    open_record(recorder, served, match)
    viewer.goto(f"{served.url}/view/{match['match_id']}")
    expect(viewer.locator("#live")).to_have_attribute("data-state", "open")
    rng = random.Random(5)
    taps = 0
    while taps < 50:
        version = settle(recorder)
        expect(viewer.locator("#caption .step-no")).to_have_text(f"Step {version}", timeout=WAIT_MS)
        made = tap_once(recorder, rng)
        assert made, "the match ended before 50 taps"
        taps += made
    head = api_get(served, match, "")["version"]
    expect(recorder.locator("#actions")).to_have_attribute("data-version", str(head))
    assert settle(recorder) == head
    expect(viewer.locator("#caption .step-no")).to_have_text(f"Step {head}")
    expect(recorder.locator("#caption .step-no")).to_have_text(f"Step {head}")
    assert recorder.locator("#caption .description").inner_text() == viewer.locator("#caption .description").inner_text()
