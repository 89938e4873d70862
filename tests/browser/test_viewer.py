"""The viewer in headless Chromium against the real app served by uvicorn: fixture
replays stepped with the keyboard, step addresses that survive a reload, a running
match followed live, and a spectator's page that never receives a hidden card."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.browser import PLAYERS, expect, frames_of, open_replay, play_one, running_match, step_shown

pytestmark = pytest.mark.browser
STATIC = Path(__file__).resolve().parents[2] / "replay" / "static"


# --- fixture replays ------------------------------------------------------------------


def test_the_index_lists_every_match_and_links_to_its_replay(page: Any, served: Any) -> None:
    page.goto(served.url + "/")
    # Other tests of the session may have created matches of their own: every fixture must be listed.
    for created in served.matches.values():
        expect(page.locator(f'#matches a[href="/view/{created.match_id}"]')).to_have_count(1)
    created = served.matches["bid/three-player"]
    link = page.locator(f'a[href="/view/{created.match_id}"]')
    expect(link).to_have_count(1)
    page.locator("#search").fill("Cy")
    expect(page.locator("#matches tr", has_text="Cy").first).to_be_visible()
    assert all("Cy" in row for row in page.locator("#matches tr").all_inner_texts())
    link.click()
    expect(page).to_have_url(re.compile(rf"/view/{created.match_id}"))
    expect(page.locator("#title")).not_to_have_text("Loading…")


def test_a_bid_replay_steps_with_the_keyboard_and_draws_each_step(page: Any, served: Any) -> None:
    created = served.matches["bid/three-player"]
    frames = frames_of(served, created.match_id)
    last = len(frames)
    open_replay(page, served, created.match_id)
    assert step_shown(page) == last  # a finished match opens at its end
    page.keyboard.press("Home")
    expect(page.locator("#caption .step-no")).to_have_text("Step 1")

    def assert_drawn(step: int) -> None:
        frame = frames[step - 1]
        expect(page.locator("#caption .step-no")).to_have_text(f"Step {step}")
        expect(page.locator("#caption .description")).to_have_text(frame["description"])
        expect(page).to_have_url(re.compile(rf"[?&]step={step}\b"))
        up = frame["view"]["up"]
        expect(page.locator('.district[data-status="up"]')).to_have_count(1 if up else 0)
        if up:
            expect(page.locator('.district[data-status="up"]')).to_have_attribute("data-district", up)
        won = [d for r in frame["view"]["board"]["regions"] for d in r["districts"] if d["status"] == "won"]
        expect(page.locator('.district[data-status="won"]')).to_have_count(len(won))
        for seat in frame["view"]["players"]:
            expect(page.locator(f'.bid-seat[data-player="{seat["player"]}"] .hand .card')).to_have_count(len(seat["hand"]))

    page.keyboard.press("ArrowRight")
    assert_drawn(2)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert_drawn(4)
    page.keyboard.press("ArrowLeft")
    assert_drawn(3)
    page.keyboard.press("End")
    assert_drawn(last)
    expect(page.locator("#next")).to_be_disabled()
    # At the end every region is decided; the board names the winners the server's tally names.
    standings = httpx.get(f"{served.url}/matches/{created.match_id}/standings").json()
    for region in standings["details"]["regions"]:
        expect(page.locator(f'.region[data-region="{region["region"]}"]')).to_have_attribute("data-winner", region["winner"] or "")
    page.keyboard.press("Home")
    assert_drawn(1)
    page.keyboard.press(" ")  # play
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("() => Number(new URLSearchParams(location.search).get('step')) >= 3", timeout=5000)
    page.keyboard.press(" ")  # pause
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "false")
    paused_at = step_shown(page)
    page.wait_for_timeout(1200)
    assert step_shown(page) == paused_at


def test_a_step_address_opens_at_that_step_and_a_reload_keeps_it(page: Any, served: Any) -> None:
    created = served.matches["president/classic-four-full"]
    frames = frames_of(served, created.match_id)
    open_replay(page, served, created.match_id, "?step=15")
    assert step_shown(page) == 15
    expect(page.locator("#slider")).to_have_value("15")
    expect(page.locator("#events li.current")).to_have_attribute("data-step", "15")
    page.reload()
    expect(page.locator("#caption .step-no")).to_have_text("Step 15")
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"step=16\b"))
    page.reload()
    expect(page.locator("#caption .step-no")).to_have_text("Step 16")
    # What is drawn is that step's view: each seat's hand and the cards on the table.
    view = frames[15]["view"]
    for player, hand in view["hands"].items():
        expect(page.locator(f'.pres-seat[data-player="{player}"] .hand .card:not(.back)')).to_have_count(len(hand.get("cards", [])))
    on_table = [card for play in view["trick"][-5:] for card in play["cards"]]  # a long trick shows its latest five plays
    expect(page.locator(".trick .card")).to_have_count(len(on_table))
    # A click in the event list jumps there; so does a deciding step in the standings.
    page.locator('#events a[data-step="5"]').click()
    expect(page.locator("#caption .step-no")).to_have_text("Step 5")
    # The standings are those as of the step shown: at step 5 no game has ended, so go to the end.
    page.keyboard.press("End")
    expect(page.locator("#standings-title")).to_have_text("Final standings")
    deciding = page.locator("#standings a[data-step]").first
    target = deciding.get_attribute("data-step")
    deciding.click()
    expect(page.locator("#caption .step-no")).to_have_text(f"Step {target}")
    expect(page).to_have_url(re.compile(rf"step={target}\b"))


def test_a_mr_president_tally_colours_each_counted_state_as_the_server_counted_it(page: Any, served: Any) -> None:
    created = served.matches["mrpresident/two-player-electoral-votes-at-tally"]
    frames = frames_of(served, created.match_id)
    standings = httpx.get(f"{served.url}/matches/{created.match_id}/standings").json()
    states = standings["details"]["electoral"]["states"]
    assert states, "the fixture reaches the tally"
    open_replay(page, served, created.match_id, f"?step={len(frames)}")
    for state in states:
        expect(page.locator(f'.mrp-state[data-state="{state["state"]}"]')).to_have_attribute("data-carried", state["carried_by"] or "")
    for party, votes in standings["details"]["electoral"]["totals"].items():
        expect(page.locator(f'.total[data-party="{party}"]')).to_contain_text(f"{votes} electoral")
    # Before the first region is counted no state is coloured, whatever the end.
    first_count = next(f["step"] for f in frames if f["view"]["counted"])
    page.keyboard.press("Home")
    page.locator(f'#events a[data-step="{first_count - 1}"]').click()
    expect(page.locator(".mrp-state[data-carried]:not([data-carried=''])")).to_have_count(0)
    page.keyboard.press("ArrowRight")
    counted = frames[first_count - 1]["view"]["counted"]
    in_region = [s for s in states if s["region"] in counted and s["carried_by"]]
    expect(page.locator(".mrp-state[data-carried]:not([data-carried=''])")).to_have_count(len(in_region))


def test_every_fixture_draws_with_its_renderer_at_a_phones_width_and_a_desktops(browser: Any, served: Any) -> None:
    """No sideways scrolling at 390 px; with RECOUNT_SCREENSHOTS=dir, a screenshot of
    each for a person to look at (nobody looks at one thrown away)."""
    keep = os.environ.get("RECOUNT_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
    middles = {name: len(frames_of(served, created.match_id)) // 2 for name, created in served.matches.items()}
    for width, height in ((390, 844), (1280, 900)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        for name, created in served.matches.items():
            system = name.split("/")[0]
            open_replay(page, served, created.match_id, f"?step={middles[name]}")
            expect(page.locator("#board")).to_have_attribute("data-renderer", system)  # its own renderer, not the generic tree
            overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{name} scrolls sideways by {overflow}px at {width}px"
            if keep:
                page.screenshot(path=str(Path(keep) / f"{name.replace('/', '-')}-{width}.png"), full_page=width > 600)
        assert errors == []
        context.close()


def test_a_system_without_a_renderer_is_drawn_as_a_readable_tree(page: Any, served_with_toy: Any) -> None:
    match = served_with_toy.create({"system": "toy", "players": ["Al", "Betty"], "title": "No renderer yet"})
    served_with_toy.record(match, [{"type": "WordDrawn", "player": "Al", "word": "quokka"}])
    open_replay(page, served_with_toy, match["match_id"], fragment=f"#token={match['write_token']}")
    expect(page.locator("#board")).to_have_attribute("data-renderer", "generic")
    expect(page.locator("#title")).to_have_text("No renderer yet")
    tree = page.locator("#board .generic")
    expect(tree).to_contain_text("players")
    expect(tree).to_contain_text("quokka")  # the write token sees Al's word
    if os.environ.get("RECOUNT_SCREENSHOTS"):
        page.screenshot(path=str(Path(os.environ["RECOUNT_SCREENSHOTS"]) / "toy-generic-1280.png"))
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#caption .step-no")).to_have_text("Step 1")
    expect(tree).not_to_contain_text("quokka")


# --- live ----------------------------------------------------------------------------


def test_a_running_match_shows_a_newly_recorded_event_without_a_reload(page: Any, served: Any) -> None:
    """The live stream brings each new step to the open page (how soon is bench/spectators.py's figure)."""
    match, _ = running_match(served)
    open_replay(page, served, match["match_id"])
    assert step_shown(page) == 2  # a running match opens at its latest step
    expect(page.locator("#live")).to_have_attribute("data-state", "open")
    for step in (3, 4):
        play_one(served, match)
        expect(page.locator("#caption .step-no")).to_have_text(f"Step {step}")
    expect(page.locator("#events li")).to_have_count(4)
    expect(page.locator("#slider")).to_have_attribute("max", "4")
    # A reader looking back is not pulled forward; the new step joins the list.
    page.keyboard.press("Home")
    play_one(served, match)
    expect(page.locator("#events li")).to_have_count(5)
    assert step_shown(page) == 1
    # When the reader goes, the server stops listening for it.
    assert served.recount.listeners.by_stream[match["match_id"]]
    page.close()
    deadline = time.monotonic() + 5
    while served.recount.listeners.by_stream[match["match_id"]] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not served.recount.listeners.by_stream[match["match_id"]]


def test_a_spectator_page_of_a_running_match_receives_no_hidden_card(page: Any, served: Any) -> None:
    match, dealt = running_match(served)
    played = [card for _ in range(5) for card in play_one(served, match)]
    bodies: list[str] = []
    assets: dict[str, str] = {}
    streamed: list[str] = []

    def keep_body(response: Any) -> None:
        if "text/event-stream" in (response.headers.get("content-type") or ""):
            return  # an open stream has no end to wait for: its messages come through CDP below
        try:
            text = response.text()
        except Exception as error:  # noqa: BLE001 - a body the browser did not keep is a test failure
            text = f"<unreadable {response.url}: {error}>"
        path = httpx.URL(response.url).path
        if path.startswith("/static/"):
            assets[path] = text
        else:
            bodies.append(text)

    page.on("response", keep_body)
    devtools = page.context.new_cdp_session(page)
    devtools.send("Network.enable")
    devtools.on("Network.eventSourceMessageReceived", lambda message: streamed.append(message["data"]))
    open_replay(page, served, match["match_id"])
    expect(page.locator("#live")).to_have_attribute("data-state", "open")
    played += play_one(served, match)
    played += play_one(served, match)
    expect(page.locator("#caption .step-no")).to_have_text(f"Step {2 + 5 + 2}")
    page.wait_for_timeout(300)

    # The page's code and styles are the files as they are on disk, the same for every
    # reader (their comments name card codes); everything else is checked for cards.
    assert "/static/replay.js" in assets and "/static/render-president.js" in assets
    for path, text in assets.items():
        assert text == (STATIC / path.removeprefix("/static/")).read_text(), path
    hidden = {card for hand in dealt["hands"].values() for card in hand} - set(played)
    assert len(hidden) >= 40
    assert streamed, "the live stream sent the new steps"
    received = "\n".join(bodies + streamed)
    assert not any(body.startswith("<unreadable") for body in bodies)
    leaked = sorted(card for card in hidden if f'"{card}"' in received)
    assert leaked == [], f"a spectator received hidden cards: {leaked}"
    shown = page.locator(".card:not(.back)").evaluate_all("cards => cards.map(card => card.title)")
    assert not set(shown) & hidden
    assert played and all(f'"{card}"' in received for card in played)  # what was played face up is public

    # The same page with the write token does show the hands: the check above can fail.
    open_replay(page, served, match["match_id"], fragment=f"#token={match['write_token']}")
    shown = page.locator(".pres-seat .card:not(.back)").evaluate_all("cards => cards.map(card => card.title)")
    assert set(shown) == hidden


def test_the_replay_page_downloads_the_match_s_notation_and_export_with_the_write_token(page: Any, served: Any) -> None:
    """docs/notation.md § Importing: a match's notation, from its replay page, is a file that
    /new brings back in; both files are the whole record, so a spectator of a match whose
    hands stay private is told why there is none."""
    created = served.matches["president/classic-four-full"]
    open_replay(page, served, created.match_id, fragment=f"#token={created.write_token}")
    with page.expect_download() as notation:
        page.locator("#download-notation").click()
    assert notation.value.suggested_filename == f"{created.match_id}.txt"
    text = Path(notation.value.path()).read_text()
    with httpx.Client(base_url=served.url) as client:
        assert text == client.get(f"/matches/{created.match_id}/notation", headers={"Authorization": f"Bearer {created.write_token}"}).text
    with page.expect_download() as export:
        page.locator("#download-export").click()
    assert export.value.suggested_filename == f"{created.match_id}.jsonl"
    assert '"format"' in Path(export.value.path()).read_text().splitlines()[0]
    running = served.create({"system": "president", "preset": "classic", "players": PLAYERS, "mode": "full"})
    open_replay(page, served, running["match_id"])
    page.locator("#download-notation").click()
    expect(page.locator("#notice")).to_contain_text("No file")
