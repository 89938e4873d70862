"""Benchmark: what a replay weighs, and how soon a step's address is drawn.

1. For every fixture match (fixtures/*/*.json, recorded as service/records/fixtures.py
   does), the bytes the replay page downloads to read the whole match as a
   spectator (every response of the API it asks for: the summary, the frames, the
   standings), against the bytes of the stored events. Measured in headless
   Chromium (/usr/bin/chromium) on the real page, so it is what the page fetches,
   not what it might. Two ratios: against the events alone (each event as JSON,
   what the match is) and against the stored rows (the event with its metadata:
   who recorded it, when, the request's hash and key, 61-73% of a row for Bid and
   President), both as the page reads them and as they crossed the network (smaller
   when the server compresses them). Target: at most 3x the stored rows on the
   network, for every system. A response whose bytes cannot be read stops the bench
   (its bytes would be missing from a figure).
2. The first paint of a step's address (/view/{id}?step=900) of a 1,000-event
   President match: from the navigation to the board of that step drawn; the first
   visit after the server started (nothing built yet) and visits after it,
   min / median / max.

The server runs as `make run` does (bench.serve, SQLite), in a process of its own.
Printed, not asserted.

Run: .venv/bin/python -m bench.replay_bytes [--quick]"""

from __future__ import annotations

import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import msgspec

from fixtures.random_player import play_president as play
from bench.common import machine_load, options, served_with_chromium, spread, workdir
from service.records import fixtures
from service.store.match_store import MatchStore, default_env
from service.usecases.app import Recount

EVENTS = 1000
STEP = 900
VISITS = 7
TARGET = 3.0


def record_matches(db: Path, paths: list[Path]) -> tuple[dict[str, tuple[str, int, int, int]], str]:
    """Every fixture (name -> match id, steps, bytes of its events as JSON, bytes of its
    stored rows) and the 1,000-event match's id."""
    recount = Recount(MatchStore(default_env(str(db))))
    found = {}
    for path in paths:
        created = fixtures.record(recount, fixtures.read(path))
        stored = recount.store.recorder.select_events(created.match_id)
        events = sum(len(msgspec.json.encode(r.event)) for r in recount.store.read(created.match_id))
        found[f"{path.parent.name}/{path.stem}"] = (created.match_id, len(stored), events, sum(len(s.state) for s in stored))
    setup, actions = play(EVENTS - 1, seed=5)
    big = fixtures.record(recount, fixtures.EventFile(name="bench", setup=setup, events=[msgspec.to_builtins(a) for a in actions[: EVENTS - 1]]))
    recount.close()
    return found, big.match_id


def replay_bytes(page: Any, base: str, match_id: str, steps: int) -> dict[str, int]:
    """Bytes of each kind of API response while the replay page reads the whole match: the
    bodies as the page reads them (`frames`, `other`) and as they crossed the network
    (`wire`: compressed when the server compresses them)."""
    sizes: dict[str, int] = defaultdict(int)
    unread: list[str] = []

    def counted(request: Any) -> None:
        path = request.url.split("?", 1)[0]
        if "/matches/" not in path:
            return
        kind = path.rsplit("/", 1)[-1] if path.count("/") > 2 else "summary"
        try:
            response = request.response()
            body = len(response.body())
            sizes["frames" if kind == "frames" else "other"] += body
            # The body as sent: its Content-Length (compressed when it is); Chromium's own count
            # (request.sizes()) came short for some responses.
            sizes["wire"] += int(response.headers.get("content-length", body))
        except Exception as error:  # noqa: BLE001 - Playwright drops an error raised in a listener: kept, raised below
            unread.append(f"{request.url}: {error}")

    page.on("requestfinished", counted)
    page.goto(f"{base}/view/{match_id}?as=spectator")
    page.wait_for_function(f"document.querySelectorAll('#events li').length === {steps}")
    page.wait_for_timeout(400)  # the standings of the step shown, asked for once it settles
    page.remove_listener("requestfinished", counted)
    if unread:
        raise RuntimeError(f"the bytes of {len(unread)} response(s) could not be read: {unread}")
    return dict(sizes)


def first_paint(page: Any, base: str, match_id: str) -> float:
    start = time.perf_counter()
    page.goto(f"{base}/view/{match_id}?step={STEP}&as=spectator", wait_until="commit")
    page.wait_for_function(f"document.querySelector('#caption .step-no')?.textContent === 'Step {STEP}' && document.querySelector('#board').dataset.renderer")
    return (time.perf_counter() - start) * 1e3


def main() -> None:
    global EVENTS, STEP, VISITS
    paths = fixtures.fixture_files()
    if options(__doc__).quick:
        EVENTS, STEP, VISITS = 120, 100, 1
        paths = paths[:2]
    with workdir("replay-bytes") as work:
        measure(work / "bench.sqlite", paths)


def measure(db: Path, paths: list[Path]) -> None:
    matches, big = record_matches(db, paths)
    with served_with_chromium(db) as (base, browser):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(30_000)
        paints = [first_paint(page, base, big)]  # the first, before anything of the match is built
        for _ in range(VISITS):
            page.goto("about:blank")
            paints.append(first_paint(page, base, big))
        print(f"first paint of /view/<id>?step={STEP} of a {EVENTS}-event President match, headless Chromium; {machine_load()}")
        print(f"  first visit after the server started {paints[0]:7.1f} ms")
        print(f"  later visits, median [min–max]        {spread(paints[1:], '.1f')} ms")
        print()
        print(f"bytes a spectator's replay of the whole match downloads (as read, and on the network), against the events alone (as JSON) "
              f"and the stored rows (with their metadata; target <= {TARGET:.0f}x)")
        print(f"  {'match':<46} {'steps':>5} {'events':>9} {'rows':>9} {'frames':>9} {'other':>7} {'/events':>8} {'/rows':>6} {'network':>9} {'/rows':>6}")
        worst: dict[str, tuple[float, float, float]] = {}
        for name, (match_id, steps, events, stored) in matches.items():
            page.goto("about:blank")
            sizes = replay_bytes(page, base, match_id, steps)
            total = sizes.get("frames", 0) + sizes.get("other", 0)
            system = name.split("/")[0]
            worst[system] = max(worst.get(system, (0.0, 0.0, 0.0)), (sizes["wire"] / stored, total / events, total / stored))
            print(f"  {name:<46} {steps:>5} {events:>9,} {stored:>9,} {sizes.get('frames', 0):>9,} {sizes.get('other', 0):>7,} "
                  f"{total / events:>7.2f}x {total / stored:>5.2f}x {sizes['wire']:>9,} {sizes['wire'] / stored:>5.2f}x")
        for system, (wire, of_events, of_rows) in worst.items():
            print(f"  {system:<12} worst {wire:.2f}x the stored rows on the network ({'met' if wire <= TARGET else 'NOT met'}); "
                  f"as read {of_rows:.2f}x the stored rows, {of_events:.2f}x the events")

if __name__ == "__main__":
    main()
