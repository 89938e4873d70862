"""Tap to acknowledgement on the recording page: from a tap on /record/{id} (headless
Chromium, 390×844, loopback) to the page showing the server's acknowledgement of the
recorded step; the bare append's time (the same actions POSTed by a script to a
second match on the same server) is measured in the same run, interleaved: after each
recording page's taps, as many bare appends of the actions it recorded. Printed, not
asserted.

The page measures each of its own taps (window.recountTimings: from the tap queuing
the action to the frame after the acknowledgement is drawn) and splits each into the
page's work before the request, the request itself (POST to 201) and the page's work
until the acknowledgement is painted (window.recountPhases), to show where a tail goes.

Run: .venv/bin/python -m bench.tap_to_ack [--quick]"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from bench.common import CHROMIUM, free_port, machine_load, options, spread, wait_for, workdir

ACTIONS = int(os.environ.get("BENCH_TAPS", "150"))
ROUNDS = 3  # recording pages at least, each followed by its bare appends
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
SETUP = {"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "public"}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def settle(page: Any) -> None:
    page.wait_for_selector('#actions[data-settled="true"]')


def tap_through(page: Any, rng: random.Random, wanted: int) -> None:
    """Tap what the page offers (a play's confirm counts as its tap) until `wanted`
    acknowledgements or the match ends."""
    while page.evaluate("window.recountTimings.length") < wanted:
        settle(page)
        if page.locator("#actions .done").count():
            return
        composer = page.locator("#actions .composer .confirm")
        if composer.count():
            composer.click()
            continue
        ending = page.locator('#actions button.choice[data-type="MatchEnded"]')
        offered = ending if ending.count() else page.locator("#actions button.choice:not(.forbidden)")
        offered.nth(rng.randrange(offered.count())).click()


def bare_appends(client: httpx.Client, events: list[dict[str, Any]]) -> list[float]:
    """The same actions POSTed one at a time to a new match: ms per append."""
    match = client.post("/matches", json=SETUP).json()
    headers = {"Authorization": f"Bearer {match['write_token']}"}
    timings = []
    for version, event in enumerate(events, start=1):
        started = time.perf_counter()
        reply = client.post(f"/matches/{match['match_id']}/events", json={"events": [event], "expected_version": version}, headers=headers)
        timings.append((time.perf_counter() - started) * 1000)
        assert reply.status_code == 201, reply.text
    return timings


def main() -> None:
    global ACTIONS, ROUNDS
    if options(__doc__).quick:
        ACTIONS, ROUNDS = 2, 1
    with workdir("tap-to-ack") as work:
        measure(work)


def measure(work: Path) -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "bench.serve", str(work / "bench.sqlite"), str(port)])
    url = f"http://127.0.0.1:{port}"
    taps: list[float] = []
    phases: list[dict[str, float]] = []
    bare: list[float] = []
    rounds: list[tuple[float, float]] = []  # each recording page's (tap p50, bare append p50)
    per_page = -(-ACTIONS // ROUNDS)
    try:
        wait_for(port)
        rng = random.Random(1)
        with httpx.Client(base_url=url, timeout=10) as client, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            while len(taps) < ACTIONS:
                match = client.post("/matches", json={**SETUP, "title": f"tap bench {len(taps)}"}).json()
                context = browser.new_context(viewport={"width": 390, "height": 844})
                page = context.new_page()
                page.set_default_timeout(10000)
                page.goto(f"{url}/record/{match['match_id']}#token={match['write_token']}")
                tap_through(page, rng, min(per_page, ACTIONS - len(taps)))
                tapped = page.evaluate("window.recountTimings")
                taps += tapped
                phases += page.evaluate("window.recountPhases")
                context.close()
                recorded = client.get(f"/matches/{match['match_id']}/events?limit=1000", headers={"Authorization": f"Bearer {match['write_token']}"}).json()
                # The baseline now, between two recording pages: as many bare appends as taps.
                appended = bare_appends(client, [entry["event"] | {"type": entry["type"]} for entry in recorded["events"][1 : len(tapped) + 1]])
                bare += appended
                rounds.append((percentile(tapped, 0.5), percentile(appended, 0.5)))
            browser.close()
    finally:
        server.terminate()
        server.wait()

    print(f"tap to acknowledgement: {len(taps)} taps on /record (headless Chromium 390x844, loopback, one uvicorn process), "
          f"{len(bare)} bare appends between the pages; {machine_load()}")
    print(f"{'':<26}{'n':>6}{'p50 ms':>10}{'p99 ms':>10}{'mean ms':>10}")
    rows = [("tap -> ack shown", taps)]
    rows += [(f"  {phase.replace('_', ' ')}", [p[phase] for p in phases]) for phase in ("page_before", "request", "page_after")]
    rows += [("bare append (httpx)", bare)]
    for name, values in rows:
        print(f"{name:<26}{len(values):>6}{percentile(values, 0.5):>10.1f}{percentile(values, 0.99):>10.1f}{statistics.fmean(values):>10.1f}")
    print(f"per recording page ({len(rounds)} pages, each followed by its bare appends), median [min–max]: tap p50 "
          f"{spread([t for t, _ in rounds], '.1f')} ms, bare append p50 {spread([b for _, b in rounds], '.1f')} ms, "
          f"tap/bare {spread([t / b for t, b in rounds])}x")
    print(f"target: tap -> ack p99 <= 150 ms ({'met' if percentile(taps, 0.99) <= 150 else 'NOT met'})")


if __name__ == "__main__":
    main()
