"""The viewer reading patches: a step's address far into a long match is drawn
from its own page first (step 1's view, then the page from that step), the rest of the
match follows, and every step drawn is the one the full frames describe; a match
followed live gets its standings from the stream, not by asking again per step."""

from __future__ import annotations

import time
from typing import Any

import msgspec
import pytest

from fixtures.random_player import play_president as play
from service.records import fixtures
from tests.support.browser import expect, frames_of, open_replay, play_one, running_match, step_shown

pytestmark = pytest.mark.browser
STEPS = 620


@pytest.fixture(scope="module")
def long_match(served: Any) -> str:
    setup, actions = play(STEPS - 1, seed=3)
    match = fixtures.EventFile(name="long", setup=setup, events=[msgspec.to_builtins(a) for a in actions[: STEPS - 1]])
    return fixtures.record(served.recount, match).match_id


def test_a_step_far_into_a_long_match_is_drawn_from_its_own_page_then_the_rest_follows(page: Any, served: Any, long_match: str) -> None:
    frames = frames_of(served, long_match)
    assert len(frames) == STEPS
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/frames" in request.url else None)
    open_replay(page, served, long_match, "?step=600")
    expect(page.locator("#caption .step-no")).to_have_text("Step 600")
    expect(page.locator("#caption .description")).to_have_text(frames[599]["description"])
    # Step 1's view first, then the page from the step asked for; the steps before it after it is drawn.
    assert "from=1&to=1" in asked[0] and "from=600" in asked[1], asked
    expect(page.locator("#events li")).to_have_count(STEPS)
    expect(page.locator("#events li.current")).to_have_attribute("data-step", "600")
    for key, step in (("ArrowLeft", 599), ("Home", 1), ("End", STEPS)):
        page.keyboard.press(key)
        expect(page.locator("#caption .step-no")).to_have_text(f"Step {step}")
        expect(page.locator("#caption .description")).to_have_text(frames[step - 1]["description"])
    # The seats drawn at a step put back from patches hold the hand sizes of the full frame.
    page.locator('#events a[data-step="450"]').click()
    expect(page.locator("#caption .step-no")).to_have_text("Step 450")
    for player, hand in frames[449]["view"]["hands"].items():
        expect(page.locator(f'.pres-seat[data-player="{player}"]')).to_contain_text(str(hand["count"]))
    # A step past the end of the match shows its last step.
    open_replay(page, served, long_match, "?step=5000")
    expect(page.locator("#caption .step-no")).to_have_text(f"Step {STEPS}")
    expect(page.locator("#events li")).to_have_count(STEPS)


def test_a_match_followed_live_takes_its_standings_from_the_stream(page: Any, served: Any) -> None:
    match, _ = running_match(served)
    standings: list[str] = []
    page.on("request", lambda request: standings.append(request.url) if "/standings" in request.url else None)
    open_replay(page, served, match["match_id"])
    expect(page.locator("#live")).to_have_attribute("data-state", "open")
    expect(page.locator("#standings-title")).to_have_text("Standings after step 2")
    asked_before = len(standings)
    for step in (3, 4, 5):
        play_one(served, match)
        expect(page.locator("#caption .step-no")).to_have_text(f"Step {step}", timeout=2000)
        expect(page.locator("#standings-title")).to_have_text(f"Standings after step {step}")
    time.sleep(0.3)  # past the settling time after which the page would ask
    assert len(standings) == asked_before, standings[asked_before:]
    assert step_shown(page) == 5


@pytest.mark.parametrize("as_", ["spectator", ""])
def test_a_match_followed_to_its_end_shows_the_result_and_is_read_again_only_for_a_new_perspective(page: Any, served: Any, as_: str) -> None:
    recorded = fixtures.read(next(p for p in fixtures.fixture_files() if f"{p.parent.name}/{p.stem}" == "bid/three-player"))
    match = served.create(msgspec.to_builtins(recorded.setup))
    served.record(match, recorded.events[:-1])
    steps = len(recorded.events) + 1
    open_replay(page, served, match["match_id"], f"?as={as_}" if as_ else "")
    expect(page.locator("#live")).to_have_attribute("data-state", "open")
    expect(page.locator("#subtitle .status")).to_have_text("running")
    expect(page.locator("#perspective")).to_have_text("Showing what the table saw")
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/frames" in request.url else None)
    served.record(match, recorded.events[-1:])
    expect(page.locator("#caption .step-no")).to_have_text(f"Step {steps}")
    expect(page.locator("#subtitle .status")).to_have_text("finished")
    expect(page.locator("#standings-title")).to_have_text("Final standings")
    expect(page.locator("#result .headline")).to_contain_text("Match over")
    if as_:
        # The perspective asked for stays: one small page to learn it, not the match again.
        page.wait_for_timeout(200)
        assert len(asked) == 1 and "to=1" in asked[0], asked
    else:
        # A reader without a token sees every hand once the match is over: read again.
        expect(page.locator("#perspective")).to_have_text("Showing every hand")
        assert any("limit=" in url for url in asked), asked
