"""Benchmark: what recording offline costs the recording page while it is online.

To offer choices with no network, the page remembers, at every step, the kinds of
choices the service listed per seat (record-offline.js `Kinds.saw`), and keeps the
match as last seen in localStorage for a reload with no network (`LastSeen`, written at
most every 250 ms). A match is recorded through the page in headless Chromium by the
seeded random player of bench/record_bytes.py, per system. Printed: the page's time per
change in `saw` against its drawing of the same change (the baseline, measured in the
same run, change by change), the time of each last-seen write, and the bytes both keep
in localStorage against the bytes of the match's events. Median [min-max]; printed,
not asserted.

Run: .venv/bin/python -m bench.offline_cost [--quick]"""

from __future__ import annotations

import random
from typing import Any

import httpx

from bench.common import machine_load, options, served_with_chromium, spread, workdir
from bench.record_bytes import SETUPS, events_bytes, tap


def record(browser: Any, base: str, system: str, limit: int) -> dict[str, Any]:
    with httpx.Client(base_url=base, timeout=30) as client:
        match = client.post("/matches", json=SETUPS[system]).json()
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{base}/record/{match['match_id']}#token={match['write_token']}")
    rng = random.Random(7)
    for _ in range(limit):
        page.wait_for_selector('#actions[data-settled="true"]', state="attached")
        if not tap(page, system, rng):
            break
    page.wait_for_selector('#actions[data-settled="true"]', state="attached")
    page.wait_for_timeout(400)  # the last last-seen write
    found = page.evaluate(
        """() => ({
            cost: window.recountOfflineCost,
            kept: window.recountKeptMs || [],
            kinds: Object.keys(localStorage).filter((k) => k.startsWith("recount.kinds.")).reduce((n, k) => n + localStorage.getItem(k).length, 0),
            seen: Object.keys(localStorage).filter((k) => k.startsWith("recount.seen.")).reduce((n, k) => n + localStorage.getItem(k).length, 0),
        })"""
    )
    context.close()
    found["steps"], found["events"] = events_bytes(base, match)
    return found


def main() -> None:
    quick = options(__doc__).quick
    systems = ["president"] if quick else list(SETUPS)
    with workdir("offline-cost") as work, served_with_chromium(work / "bench.sqlite") as (base, browser):
        print(f"what offline recording costs the recording page per change, against drawing the change; {machine_load()}")
        for system in systems:
            found = record(browser, base, system, 4 if quick else 400)
            kinds = [each["kinds"] for each in found["cost"]]
            draw = [each["draw"] for each in found["cost"]]
            ratios = [k / d for k, d in zip(kinds, draw) if d > 0]
            print(f"  {system:<12} {found['steps']:>4} steps, {len(kinds)} changes: remembering the kinds {spread(kinds)} ms, drawing {spread(draw)} ms "
                  f"(kinds/draw {spread(ratios)}); last-seen writes {spread(found['kept'] or [0])} ms ({len(found['kept'])} writes)")
            print(f"  {'':<12} localStorage: kinds {found['kinds']:,} chars, last seen {found['seen']:,} chars; the events alone {found['events']:,} bytes")


if __name__ == "__main__":
    main()
