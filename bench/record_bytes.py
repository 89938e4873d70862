"""Benchmark: what recording a match on the recording page downloads, per system.

For President (classic, public mode), Presidential Bid (sealed bids) and Mr. President
(two players, a 4-card Ballot deck), a new match is recorded through the recording page
(/record/{id}) in headless Chromium by a seeded random player tapping what the page
offers (as tests/browser/test_recording*.py do), to its end. Counted: every response of
the API the page reads (/matches/…: the summary, frames, allowed actions, standings,
the acknowledgements and the live stream, whose messages are counted as they come:
Chrome's Network.dataReceived over CDP), as body bytes and as bytes on the wire (with
headers). Against: the bytes of the match's events alone (each event's payload as
`GET /matches/{id}/events` gives it, without its metadata), and the bytes of its rows
as the store holds them (each event with its metadata). Printed per system: the whole
match against both, as bodies and on the wire (target: on the wire at most 3x the
stored rows), and the bytes each recorded step cost (median, max; target: a few kB), and what the body bytes were, by kind of request
(the page's load, the acknowledgements, the live stream, reads when it was behind).

The server runs as `make run` does (bench.serve, SQLite), in a process of its own.
Printed, not asserted.

Run: .venv/bin/python -m bench.record_bytes [--quick]"""

from __future__ import annotations

import random
import statistics
from pathlib import Path
from typing import Any

import httpx
import msgspec

from bench.common import machine_load, options, served_with_chromium, workdir
from service.store.match_store import MatchStore, default_env
from tests.support.browser import Counter

TARGET = 3.0
SETUPS = {
    "bid": {"system": "bid", "preset": "text", "players": ["Al", "Betty", "Cy"]},
    "president": {"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "public"},
    "mrpresident": {"system": "mrpresident", "mode": "popular", "players": ["Al", "Betty"], "options": {"ballot_deck_size": 4}},
}
TAPS = 600


# What a response is, by its address (the first that fits).
KINDS = [("live", "/live"), ("frames", "/frames"), ("allowed", "/allowed"), ("standings", "/standings"), ("acks", "/events"), ("summary", "/matches/")]


def by_kind(counter: Counter) -> dict[str, tuple[int, int]]:
    """Body bytes of the API's responses and how many there were, by kind of request."""
    kinds: dict[str, tuple[int, int]] = {kind: (0, 0) for kind, _ in KINDS}
    for rid, url in counter.urls.items():
        path = url.split("?")[0]
        kind = next((kind for kind, part in KINDS if part in path), None)
        if kind:
            size, count = kinds[kind]
            kinds[kind] = (size + counter.body.get(rid, 0), count + 1)
    return kinds


def events_bytes(base: str, match: dict[str, Any]) -> tuple[int, int]:
    """(steps, bytes of the events alone) of a match."""
    total, steps, start = 0, 0, 1
    with httpx.Client(base_url=base, timeout=30, headers={"Authorization": f"Bearer {match['write_token']}"}) as client:
        while start:
            page = client.get(f"/matches/{match['match_id']}/events", params={"from": start, "limit": 1000}).json()
            total += sum(len(msgspec.json.encode(entry["event"])) for entry in page["events"])
            steps += len(page["events"])
            start = page["next_step"]
    return steps, total


def tap(page: Any, system: str, rng: random.Random) -> bool:
    """One tap among what the page offers (a composer's next pick, else a choice);
    False once the match is over."""
    from tests.support.browser import fill_composer_once, tap_once

    if page.locator("#actions .done").count():
        return False
    if system == "mrpresident":  # as test_a_mr_president_campaign_is_recorded_through_taps_to_its_tally taps
        if page.locator("#actions .composer").count():
            fill_composer_once(page, rng)
        else:
            offered = page.locator("#actions button.choice:not(.forbidden)")
            offered.nth(rng.randrange(offered.count())).click()
        return True
    return bool(tap_once(page, rng))


def stored_rows_bytes(db: Path, match_id: str) -> int:
    """Bytes of the match's rows as the store holds them (each event with its metadata)."""
    store = MatchStore(default_env(str(db)))
    try:
        return sum(len(row.state) for row in store.recorder.select_events(match_id))
    finally:
        store.close()


def record(browser: Any, base: str, db: Path, system: str, limit: int) -> dict[str, Any]:
    with httpx.Client(base_url=base, timeout=30) as client:
        match = client.post("/matches", json=SETUPS[system]).json()
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    counter = Counter(page)
    page.goto(f"{base}/record/{match['match_id']}#token={match['write_token']}")
    rng = random.Random(7)
    per_step: list[int] = []
    taps = 0
    version, before = None, 0
    for _ in range(limit):
        page.wait_for_selector('#actions[data-settled="true"]', state="attached")
        now = int(page.locator("#actions").get_attribute("data-version"))
        page.wait_for_timeout(100)  # what the live stream still brings for this step
        body, _ = counter.totals()
        if version is not None and now != version:
            per_step.append((body - before) // max(1, now - version))
        version, before = now, body
        if not tap(page, system, rng):
            break
        taps += 1
    page.wait_for_timeout(300)
    body, wire = counter.totals()
    kinds = by_kind(counter)
    context.close()
    steps, events = events_bytes(base, match)
    rows = stored_rows_bytes(db, match["match_id"])
    return {"taps": taps, "steps": steps, "events": events, "rows": rows, "body": body, "wire": wire, "per_step": per_step or [0], "kinds": kinds}


def main() -> None:
    quick = options(__doc__).quick
    systems = ["bid"] if quick else list(SETUPS)
    with workdir("record-bytes") as work:
        measure(work / "bench.sqlite", systems, 4 if quick else TAPS)


def measure(db: Path, systems: list[str], limit: int) -> None:
    with served_with_chromium(db) as (base, browser):
        print(f"bytes the recording page downloads to record a match by taps (API responses: body as read / on the wire), against the events alone "
              f"and against the stored rows (each event with its metadata); target: on the wire <= {TARGET:.0f}x the stored rows; {machine_load()}")
        print(f"  {'system':<12} {'taps':>5} {'steps':>5} {'events':>9} {'rows':>9} {'body':>10} {'wire':>10} {'body/events':>11} {'wire/events':>11} {'wire/rows':>9} {'per step: median':>17} {'max':>8}")
        for system in systems:
            found = record(browser, base, db, system, limit)
            of_rows = found["wire"] / max(1, found["rows"])
            print(f"  {system:<12} {found['taps']:>5} {found['steps']:>5} {found['events']:>9,} {found['rows']:>9,} {found['body']:>10,} {found['wire']:>10,} "
                  f"{found['body'] / max(1, found['events']):>10.2f}x {found['wire'] / max(1, found['events']):>10.2f}x {of_rows:>8.2f}x "
                  f"{statistics.median(found['per_step']):>15,.0f} B {max(found['per_step']):>6,} B  ({'met' if of_rows <= TARGET else 'NOT met'})")
            print(f"  {'':<12} body by request: " + ", ".join(f"{kind} {size:,} ({count})" for kind, (size, count) in found["kinds"].items()))


if __name__ == "__main__":
    main()
