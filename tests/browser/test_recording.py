"""The recording page (/record/{id}) in headless Chromium at a phone's size (390×844),
against the real app: games recorded through taps alone, the taps a President play
and a pass take, a forbidden tap explained by its rule, actions queued while offline,
and two phones recording the same match at once.

A seeded random player taps what the page lists (tests pick among the page's own
buttons, never the API), so every game is the page's doing; what it recorded is then
compared with the API's standings and event list."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.support.browser import all_events, api_get, expect, open_record, phone, settle, standings_shown, tap_once

pytestmark = pytest.mark.browser
__all__ = ["phone"]  # the fixture: phones opened on demand (tests/support/browser.py)


def play_through(page: Any, rng: random.Random, limit: int) -> int:
    """Tap until the match is over; the number of taps."""
    taps = 0
    for _ in range(limit):
        settle(page)
        made = tap_once(page, rng)
        if not made:
            return taps
        taps += made
    raise AssertionError(f"the match did not end within {limit} taps")


def assert_standings_agree(page: Any, served: Any, match: dict[str, Any]) -> None:
    settle(page)
    standings = api_get(served, match, "/standings")
    assert standings["final"]
    expect(page.locator("#standings-title")).to_have_text("Final standings")
    assert standings_shown(page) == [(placing["player"], placing["place"]) for placing in standings["placings"]]


# --- Presidential Bid ----------------------------------------------------------------


def test_a_whole_presidential_bid_game_is_recorded_through_taps(phone: Any, served: Any) -> None:
    """presidential-bid.txt § play: “That card represents the district that is now up for
    bid.” “Each player chooses a card from their hand and shows it simultaneously.”: the
    club is one tap, then one tap per player's card; the reveal needs no tap."""
    match = served.create({"system": "bid", "preset": "table", "players": ["Al", "Betty", "Cy"]})
    page = phone()
    open_record(page, served, match)
    rng = random.Random(7)
    taps = play_through(page, rng, 200)
    # Per round: the club, then each player's card (a card left without choice is
    # pre-selected, and then one tap confirms the bids instead).
    assert 13 * 2 <= taps <= 13 * (1 + 3)
    assert_standings_agree(page, served, match)


# --- President ---------------------------------------------------------------------


def tap_hand_card(page: Any, rng: random.Random) -> int:
    """Full mode: a tap on a card of the acting player's hand drawn on the table (one
    that makes a listed play), when no composer is open; 0 when there is none."""
    playable = page.locator("#board .pres-seat .hand .card.playable")
    if page.locator("#actions .composer").count() or not playable.count() or rng.random() < 0.2:
        return 0
    playable.nth(rng.randrange(playable.count())).click()
    expect(page.locator('#actions .composer[data-type="CardsPlayed"]')).to_have_count(1)
    return 1


def record_president(phone: Any, served: Any, preset: str, mode: str, seed: int, hand_taps: bool = False) -> tuple[Any, dict[str, Any], list[int]]:
    """One President game through taps (with `hand_taps`, most plays start with a tap on
    a card of the hand on the table); the taps each action took, by its step."""
    match = served.create({"system": "president", "preset": preset, "players": ["Al", "Betty", "Carl", "Dana"], "mode": mode})
    page = phone()
    open_record(page, served, match)
    rng = random.Random(seed)
    taps_per_action: dict[int, int] = {}
    taps = hand_tapped = 0
    for _ in range(400):
        version = settle(page)
        from_hand = hand_taps and tap_hand_card(page, rng)
        hand_tapped += from_hand
        made = from_hand or tap_once(page, rng)
        if not made:
            break
        taps += made
        if page.locator("#actions .composer").count() == 0:
            expect(page.locator("#actions")).not_to_have_attribute("data-version", str(version))
            taps_per_action[version + 1] = taps
            taps = 0
    else:
        raise AssertionError("the game did not end within 400 taps")
    assert hand_tapped or not hand_taps, "no play was started from the hand on the table"
    return page, match, [taps_per_action.get(event["step"], 0) for event in all_events(served, match)]


def assert_taps_per_play(served: Any, match: dict[str, Any], taps: list[int]) -> None:
    events = all_events(served, match)
    plays = [n for n, event in zip(taps, events, strict=True) if event["type"] == "CardsPlayed"]
    passes = [n for n, event in zip(taps, events, strict=True) if event["type"] == "PlayerPassed"]
    assert plays and passes
    assert max(plays) <= 2, plays
    assert set(passes) == {1}, passes


def test_a_whole_classic_president_game_in_full_mode_is_recorded_through_taps(phone: Any, served: Any) -> None:
    """president-classic.md: a deal shuffled on the phone, every play at most two taps
    (a card of the hand on the table, or the play's button, then Play) and every pass
    one; the standings shown are the record's."""
    page, match, taps = record_president(phone, served, "classic", "full", seed=3, hand_taps=True)
    assert_taps_per_play(served, match, taps)
    assert_standings_agree(page, served, match)


def test_a_game_of_the_deck_preset_in_public_mode_is_recorded_through_taps(phone: Any, served: Any) -> None:
    """presidents-deck.txt, public mode: a rank and a count, then Play."""
    page, match, taps = record_president(phone, served, "deck", "public", seed=5)
    assert_taps_per_play(served, match, taps)
    assert_standings_agree(page, served, match)


def test_a_forbidden_tap_shows_the_rule_and_records_nothing(phone: Any, served: Any) -> None:
    """A greyed card or pass is explained with the rule's sentence and its source (the
    dry run's 422), and nothing is recorded."""
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "full"})
    page = phone()
    open_record(page, served, match)
    page.locator("#actions button.choice.deal").first.click()
    version = settle(page)
    assert version == 2
    greyed = page.locator("#actions button.choice.forbidden")
    assert greyed.count() > 0
    greyed.first.click()
    explain = page.locator("#explain")
    expect(explain).to_be_visible()
    expect(explain.locator(".quote")).not_to_be_empty()
    # The leader's pass: the texts are silent, so the house rule is cited (docs/house-rules.md).
    expect(explain.locator(".source")).to_contain_text(re.compile(r"(president-classic|house-rules)\.md § "))
    assert explain.get_attribute("data-rule")
    assert api_get(served, match, "")["version"] == version
    assert page.locator("#actions").get_attribute("data-version") == str(version)


def test_actions_tapped_offline_are_sent_in_order_once_back_online(phone: Any, served: Any) -> None:
    """Sealed bids (docs/house-rules.md § Sealed bids (Presidential Bid): “a player may commit a bid before
    the bids are shown”) tapped with no network wait on the phone, in localStorage, and
    are recorded once each, in order, when it comes back; the reveal follows them."""
    match = served.create({"system": "bid", "preset": "text", "players": ["Al", "Betty", "Cy"]})
    page = phone()
    open_record(page, served, match)
    page.locator("#actions .choice-values button.value").first.click()
    version = settle(page)
    page.context.set_offline(True)
    for player in ["Al", "Betty", "Cy"]:
        page.locator(f'#actions .choice-group[data-player="{player}"] button.value').first.click()
        expect(page.locator(f'#actions .choice-group[data-player="{player}"]')).to_have_count(0)
    expect(page.locator("#queue li")).to_have_count(3)
    expect(page.locator("#net")).to_have_attribute("data-state", "offline")
    assert len(page.evaluate(f"JSON.parse(localStorage.getItem('recount.outbox.{match['match_id']}'))")) == 3
    assert api_get(served, match, "")["version"] == version
    page.context.set_offline(False)
    settle(page)
    expect(page.locator("#queue")).to_be_hidden()
    recorded = [event for event in all_events(served, match) if event["step"] > version]
    assert [event["type"] for event in recorded] == ["BidCommitted"] * 3 + ["BidsRevealed"]
    assert [event["event"]["player"] for event in recorded[:3]] == ["Al", "Betty", "Cy"]


def test_two_phones_recording_at_once_lose_and_double_nothing(phone: Any, served: Any) -> None:
    """Both phones tap at the same version; the one that comes second gets a 409, checks
    its action again against the new head and records it only if still allowed. Every
    recorded step is one acknowledged tap; each phone sees the other's steps live."""
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "public"})
    first, second = phone(), phone()
    open_record(first, served, match)
    open_record(second, served, match)
    rng = random.Random(11)
    start = settle(first)
    for _ in range(8):
        settle(first)
        settle(second)
        # Each phone picks a one-tap action shown at the same version; both taps are
        # then made back to back (clicked in the page, so neither waits for the other's
        # step to arrive and redraw the buttons).
        targets = []
        for page in (first, second):
            offered = page.locator("#actions button.choice:not(.forbidden):not(.opens)")
            targets.append((page, offered.nth(rng.randrange(offered.count())).element_handle() if offered.count() else None))
        for _page, target in targets:
            if target is not None:
                target.evaluate("button => button.click()")
        if all(target is None for _page, target in targets):  # a lead: only plays, two taps
            tap_once(first, rng)
            tap_once(first, rng)
    head = api_get(served, match, "")["version"]
    for page in (first, second):
        expect(page.locator("#actions")).to_have_attribute("data-version", str(head))
        expect(page.locator("#actions")).to_have_attribute("data-settled", "true")
    acknowledged = sum(page.evaluate("window.recountTimings.length") for page in (first, second))
    assert acknowledged == head - start
    # Both phones tapped at one version: the later tap met a 409 and was checked again.
    assert sum(page.evaluate("window.recountDropped") for page in (first, second)) >= 1
    expect(first.locator("#caption")).to_have_text(second.locator("#caption").inner_text())
