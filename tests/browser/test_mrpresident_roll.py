"""The Mr. President board shows the last roll from its own frame's view (`last_roll`), with no
other frame at hand: opened at a step address, a frame whose turn is open marks the roll as
current and the states it reaches; a frame whose turn has ended shows the roll it ended with,
by the step it was rolled at, and marks no state reached."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import expect, frames_of, open_at

pytestmark = pytest.mark.browser


def test_the_roll_shown_is_the_frames_last_roll(page: Any, served: Any) -> None:
    created = served.matches["mrpresident/two-player-popular"]
    frames = frames_of(served, created.match_id)
    by_step = {f["step"]: f for f in frames}
    campaign = [f for f in frames if f["view"]["phase"] == "campaign" and f["view"]["last_roll"]]
    open_turn = next(f for f in campaign if f["view"]["turn"] and f["view"]["last_roll"]["reachable"])
    # A turn that outlasted its roll's step (a visit to Campaign Headquarters): the roll shown
    # once it ends is the roll's, by the roll's step, not the turn's last frame.
    ended = next(
        f for f in campaign if not f["view"]["turn"] and by_step[f["step"] - 1]["view"]["turn"] and f["view"]["last_roll"]["step"] < f["step"] - 1
    )
    for frame in (open_turn, ended):
        roll = frame["view"]["last_roll"]
        open_at(page, served, created.match_id, frame["step"])
        shown = page.locator(".mrp-roll")
        expect(shown).to_have_attribute("data-step", str(roll["step"]))
        expect(shown).to_contain_text(f"{roll['player']} rolled")
        expect(shown).to_contain_text(" + ".join(map(str, roll["dice"])))
        if frame is open_turn:
            expect(shown).to_have_class("mrp-roll current")
            expect(page.locator(".mrp-state.reached")).to_have_count(len(roll["reachable"]))
        else:
            expect(shown).to_contain_text(f"(step {roll['step']})")
            expect(page.locator(".mrp-state.reached")).to_have_count(0)
