"""What a tap costs the recording page on the wire: once the page has loaded, each step
recorded by a tap brings its acknowledgement, the step (a patch of the one before), the
standings when they change and what may be recorded next (a patch) over the live
stream; nothing is read again as a whole view. Counted from Chrome's own network events
(Network.dataReceived over CDP: a live stream's bytes as they come)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.support.browser import Counter, open_record, phone, settle, tap_once

pytestmark = pytest.mark.browser
__all__ = ["phone"]
# A step of Presidential Bid: the acknowledgement (~80 B), the frame's patch (~300 B), the
# allowed actions' patch (60 B - 1.6 kB: a new district's bids) and, at each reveal, a
# patch of the standings: about 2 kB a step here. The old page read whole frames, allowed
# actions and standings after every tap: 8.3 kB a step.
MEAN_STEP_BYTES = 3_000
MAX_STEP_BYTES = 5_000


def test_each_step_recorded_by_a_tap_costs_a_few_kilobytes(phone: Any, served: Any) -> None:
    match = served.create({"system": "bid", "preset": "text", "players": ["Al", "Betty", "Cy"]})
    page = phone()
    counter = Counter(page)
    open_record(page, served, match)
    rng = random.Random(2)
    version = settle(page)
    loaded, _ = counter.totals()
    start, costs, before = version, [], loaded
    while version < start + 20:
        tap_once(page, rng)
        now = settle(page)
        if now == version:
            continue  # a pick in a composer: nothing sent
        page.wait_for_timeout(150)  # what the live stream still brings for this step
        body, _ = counter.totals()
        costs.append((body - before) / (now - version))
        version, before = now, body
    assert sum(costs) / len(costs) <= MEAN_STEP_BYTES, costs
    assert max(costs) <= MAX_STEP_BYTES, costs
