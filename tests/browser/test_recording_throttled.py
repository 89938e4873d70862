"""A recording phone and a viewer of the same match stay in step through 50 taps on a
slow network (Chrome's own throttling, Network.emulateNetworkConditions): after every
step the phone records, the viewer following live shows that step, and the phone
offers what may be recorded after it."""

from __future__ import annotations

import random
import time
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


def in_step_with_the_record(recorder: Any, served: Any, match: dict[str, Any]) -> int:
    """The head once the phone shows it: the last tap's action (or what the service records
    after it) may still be on its way over the slow network when the taps end, so the head
    is read again until the phone, settled, agrees with it."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        head = api_get(served, match, "")["version"]
        expect(recorder.locator("#actions")).to_have_attribute("data-version", str(head))
        if settle(recorder) == head == api_get(served, match, "")["version"]:
            return head
        assert time.monotonic() < deadline, f"the phone never settled at the record's head ({head})"


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
    head = in_step_with_the_record(recorder, served, match)
    expect(viewer.locator("#caption .step-no")).to_have_text(f"Step {head}")
    expect(recorder.locator("#caption .step-no")).to_have_text(f"Step {head}")
    assert recorder.locator("#caption .description").inner_text() == viewer.locator("#caption .description").inner_text()
