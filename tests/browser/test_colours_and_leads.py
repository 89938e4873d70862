"""In headless Chromium: the LEADS badge marks who leads the trick being played (not whoever
led the game's first round), a player keeps one colour for the whole match whatever seat they take,
and the per-system guide page reads as a page."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.support.browser import expect, frames_of, open_at

pytestmark = pytest.mark.browser
FIXTURE = "president/classic-four-full"  # seats are changed between games (finishing order)


def owner_colour(page: Any, player: str) -> str:
    seat = page.locator(f'.pres-seat[data-player="{player}"]')
    return seat.evaluate("element => element.style.getPropertyValue('--owner')").strip()


def test_the_leads_badge_marks_who_leads_the_trick_being_played(page: Any, served: Any) -> None:
    """classic § Play Game: “whoever played last on the previous round starts the new round of plays
    again”. Given a step of game 1 where someone other than the game's first leader leads the trick, then
    the badge is on that player, and only there."""
    match_id = served.matches[FIXTURE].match_id
    frames = frames_of(served, match_id)
    frame = next(f for f in frames if f["view"]["phase"] == "playing" and f["view"]["trick"] and f["view"]["trick"][0]["player"] != f["view"]["leader"])
    open_at(page, served, match_id, frame["step"])
    trick_leader = frame["view"]["trick"][0]["player"]
    expect(page.locator(".pres-seat .marker.leads")).to_have_count(1)
    expect(page.locator(f'.pres-seat[data-player="{trick_leader}"] .marker.leads')).to_have_count(1)
    # On an empty pile the badge is on the player whose lead it is.
    empty = next(f for f in frames if f["view"]["phase"] == "playing" and not f["view"]["trick"] and f["view"]["turn"] != f["view"]["leader"])
    open_at(page, served, match_id, empty["step"])
    expect(page.locator(f'.pres-seat[data-player="{empty["view"]["turn"]}"] .marker.leads')).to_have_count(1)
    expect(page.locator(".pres-empty")).to_have_text(f"{empty['view']['turn']} leads")


def test_a_player_keeps_a_colour_when_reseated_between_games(page: Any, served: Any) -> None:
    """Given a match whose seats change between games, when game 1 and game 2 are shown, then every
    player has the same colour in both (by the match's player list, not the seat), and no two share one."""
    match_id = served.matches[FIXTURE].match_id
    frames = frames_of(served, match_id)
    first = next(f for f in frames if f["view"]["game"] == 1 and f["view"]["phase"] == "playing")
    second = next(f for f in frames if f["view"]["game"] == 2 and f["view"]["phase"] == "playing")
    assert first["view"]["seating"].index("Al") != second["view"]["seating"].index("Al"), "the fixture no longer re-seats Al"
    open_at(page, served, match_id, first["step"])
    before = {player: owner_colour(page, player) for player in first["view"]["seating"]}
    open_at(page, served, match_id, second["step"])
    after = {player: owner_colour(page, player) for player in second["view"]["seating"]}
    assert before == after
    assert len(set(after.values())) == len(after) and all(re.fullmatch(r"var\(--seat-[a-g]\)", colour) for colour in after.values())


def test_the_recording_page_colours_players_as_the_replay_does(page: Any, served: Any) -> None:
    """The recording page draws with the same renderer and the match's player list: a re-seated match's
    players keep the colours the replay gives them."""
    created = served.matches[FIXTURE]
    frames = frames_of(served, created.match_id)
    last = frames[-1]["view"]
    page.goto(f"{served.url}/record/{created.match_id}#token={created.write_token}")
    expect(page.locator(".pres-seat").first).to_be_visible()
    recorded = {player: owner_colour(page, player) for player in last["seating"]}
    open_at(page, served, created.match_id, len(frames))
    assert recorded == {player: owner_colour(page, player) for player in last["seating"]}
    summary_players = httpx.get(f"{served.url}/matches/{created.match_id}").json()["players"]
    assert recorded["Al"] == f"var(--seat-{'abcdefg'[summary_players.index('Al')]})"


def test_the_guide_page_shows_every_action_with_an_example(page: Any, served: Any) -> None:
    """GET /guide/president in a browser: a section per action, each with an example and its rules, and a
    table of contents that jumps to them."""
    page.goto(f"{served.url}/guide/president")
    expect(page.locator("h1")).to_contain_text("President")
    sections = page.locator("section.action")
    expect(sections.first).to_be_visible()
    count = sections.count()
    president = next(system for system in httpx.get(f"{served.url}/systems").json() if system["name"] == "president")
    assert count == len(president["events"])
    expect(page.locator("section.action pre.example")).to_have_count(count)
    expect(page.locator("section.action .missing")).to_have_count(0)
    page.locator("nav a[href='#CardsPlayed']").click()
    expect(page).to_have_url(re.compile(r"#CardsPlayed$"))
    expect(page.locator("#CardsPlayed .rules")).to_contain_text("the cards you put down must have a higher rank than the cards already played")
