"""The recording page on a 390×844 touch phone, as a new scorekeeper uses it: the
control for the next action is on screen without scrolling (inside the viewport, not
under the sticky header, nothing over it) in at least 9 of 10 actions of every
system, and nothing is wider than the screen.

President (public mode) and Presidential Bid are recorded from their fixtures, each
action tapped among what the page offers (GET /allowed tells which of its controls
makes the fixture's event); Mr. President by a seeded random player tapping the
page's own controls. Every control is measured just before it is tapped."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from tests.support.browser import all_events, api_get, expect, fill_composer_once, open_record, phone, settle
from tests.support.reach import Reach, SETUP, WIDTH, fixture

pytestmark = pytest.mark.browser
__all__ = ["phone"]  # the fixture: phones opened on demand (tests/support/browser.py)


# --- which of the page's controls makes an event -------------------------------------------


def read_path(event: dict[str, Any], path: str) -> Any:
    """The value at a pick's field ("bids.0.card": event["bids"][0]["card"])."""
    value: Any = event
    for part in path.split("."):
        value = value[int(part)] if isinstance(value, list) else value.get(part)
        if value is None:
            return None
    return value


def write_path(event: dict[str, Any], path: str, value: Any) -> None:
    parts = path.split(".")
    target: Any = event
    for part in parts[:-1]:
        target = target[int(part)] if isinstance(target, list) else target.setdefault(part, {})
    if isinstance(target, list):
        target[int(parts[-1])] = value
    else:
        target[parts[-1]] = value


def makes(choice: dict[str, Any], event: dict[str, Any]) -> bool:
    """Whether filling the choice's picks with the event's values gives the event."""
    if choice["type"] != event["type"] or (choice.get("hints") or {}).get("supply"):
        return False
    built = copy.deepcopy(choice["event"]) | {"type": choice["type"]}
    for pick in choice.get("picks") or []:
        value = read_path(event, pick["field"])
        if value is None:
            return False
        values = value if pick["most"] is not None else [value]
        if any(each not in pick["among"] for each in values):
            return False
        if pick["most"] is not None and not pick["least"] <= len(values) <= pick["most"]:
            return False
        write_path(built, pick["field"], value)
    return built == event


def chosen(pick: Any) -> list[Any]:
    """The values picked in a composer's pick, in the order shown."""
    return [json.loads(value) for value in pick.locator(".chip-button.on").evaluate_all("chips => chips.map((c) => c.dataset.value)")]


def tap_event(reach: Reach, served: Any, match: dict[str, Any], event: dict[str, Any]) -> None:
    """Record `event` by tapping the page's controls: the choice, the values of its
    picks (a preselected card replaced by a tap on the one played), then Play or Record."""
    page = reach.page
    choices = api_get(served, match, "/allowed")["choices"]
    found = [index for index, choice in enumerate(choices) if makes(choice, event)]
    assert found, f"no choice makes {event}: {[c['label'] for c in choices]}"
    index = found[0]
    choice = choices[index]
    picks = choice.get("picks") or []
    what = f"{choice['label']}"
    actions = page.locator("#actions")
    if not picks:
        reach.tap(actions.locator(f'button.choice[data-index="{index}"]'), what)
        return
    if len(picks) == 1 and picks[0]["most"] is None:
        value = json.dumps(read_path(event, picks[0]["field"]))
        reach.tap(actions.locator(f'.choice-values[data-index="{index}"] button[data-value=\'{value}\']'), what)
        return
    opener = actions.locator(f'button.choice[data-index="{index}"]')
    if "opened" not in (opener.get_attribute("class") or ""):
        reach.tap(opener, what)
    composer = actions.locator(".composer")
    for pick in picks:
        if not composer.count():
            return  # the last one-value pick recorded it (a bid per player)
        box = composer.locator(f'.pick[data-field="{pick["field"]}"]')
        wanted = read_path(event, pick["field"])
        if pick["most"] is None:
            chip = box.locator(f".chip-button[data-value='{json.dumps(wanted)}']")
            if "on" not in (chip.get_attribute("class") or "").split():
                reach.tap(chip, f"{what}: {wanted}")
            continue
        for _ in range(3 * len(wanted) + 2):
            taken = chosen(box)
            missing = [value for value in wanted if value not in taken]
            extra = [value for value in taken if value not in wanted]
            if not missing and not extra:
                break
            value = (missing or extra)[0]
            reach.tap(box.locator(f".chip-button[data-value='{json.dumps(value)}']"), f"{what}: {value}")
            if missing and extra and taken == chosen(box):
                # Refused (“take one back first”): a card picked that was not played goes first.
                reach.tap(box.locator(f".chip-button[data-value='{json.dumps(extra[0])}']"), f"{what}: {extra[0]} back")
        else:
            raise AssertionError(f"{what}: the cards picked did not become {wanted}")
    if composer.count():
        reach.tap(composer.locator(".confirm"), f"{what}: confirm")


def record_fixture_by_taps(page: Any, served: Any, name: str, count: int, through_api: range = range(0)) -> tuple[Reach, dict[str, Any], list[dict[str, Any]]]:
    """The fixture's first `count` events, each tapped; those `through_api` (a stretch
    that brings no new kind of step) are recorded at once through the API instead, and
    the page follows them live."""
    data = fixture(name)
    match = served.create(data["setup"])
    open_record(page, served, match)
    reach = Reach(page)
    events = data["events"][:count]
    for index, event in enumerate(events):
        if index in through_api:
            if index == through_api.start:
                served.record(match, events[through_api.start : through_api.stop])
                expect(page.locator("#actions")).to_have_attribute("data-version", str(1 + through_api.stop))
            continue
        settle(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, f"wider than the phone before {event}"
        reach.next_action()
        tap_event(reach, served, match, event)
    settle(page)
    return reach, match, events


def test_a_public_president_game_is_tapped_with_each_next_control_on_screen(phone: Any, served: Any) -> None:
    """president-classic.md § Play Game: the first deal's game and the next deal of a
    five-player public record, each play tapped by its rank and count and the cards
    played; at 390×844 nine taps in ten find their control on screen. Tapped: the deal
    and the first tricks (pairs, singles, passes, tricks won), then from the last
    tricks on (a pair, players going out, the game's end), the next deal and its
    exchanges; the plays between are recorded through the API."""
    page = phone()
    reach, match, events = record_fixture_by_taps(page, served, "president/classic-five-public", 103, through_api=range(25, 86))
    assert [event["type"] for event in all_events(served, match)[1:]] == [event["type"] for event in events]
    assert [sorted(e["event"].get("cards") or []) for e in all_events(served, match)[1:]] == [sorted(e.get("cards") or []) for e in events]
    reach.assert_nine_in_ten()
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def test_a_presidential_bid_match_is_tapped_with_each_next_control_on_screen(phone: Any, served: Any) -> None:
    """presidential-bid.txt: every district turned up and every bid shown, tapped among
    the page's cards; at 390×844 nine taps in ten find their control on screen."""
    page = phone()
    reach, match, events = record_fixture_by_taps(page, served, "bid/three-player", 26)
    assert [(event["type"], event["event"].get("bids"), event["event"].get("district")) for event in all_events(served, match)[1:]] == [
        (event["type"], event.get("bids"), event.get("district")) for event in events
    ]
    reach.assert_nine_in_ten()
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


# --- Mr. President: a campaign tapped by a seeded random player ---------------------------


def tap_mrpresident_once(reach: Reach, rng: random.Random) -> bool:
    """One tap (or select) among what the page offers: in an open composer the first
    thing still unfilled, else its confirm; else any offered choice. False at the end."""
    page = reach.page
    if page.locator("#actions .done").count():
        return False
    if page.locator("#actions .composer").count():
        kind = page.locator("#actions .composer").get_attribute("data-type")
        fill_composer_once(page, rng, lambda locator, what: reach.tap(locator, f"{kind}: {what}"), lambda select, value, what: reach.select(select, value, f"{kind}: {what}"))
        return True
    offered = page.locator("#actions button.choice:not(.forbidden), #actions .choice-values button.choice.value")
    reach.tap(offered.nth(rng.randrange(offered.count())), "choice")
    return True


# Three Ballots left per candidate (ruleset option `ballot_deck_size`, three removed):
# the same phases to the tally in three fifths of the taps SETUP's seven take.
SHORT_CAMPAIGN = SETUP | {"options": {"ballot_deck_size": 6}}


def test_a_mr_president_campaign_is_tapped_with_each_next_control_on_screen(phone: Any, served: Any) -> None:
    """mr-president.md § CAMPAIGNING “After selecting a region, announce your choice and
    roll the dice” … § ELECTION TALLY: a whole campaign tapped on a phone; nine taps in
    ten find their control on screen (region chips and Record not under the header nor
    below the screen), and no box is wider than the screen."""
    match = served.create(SHORT_CAMPAIGN)
    page = phone()
    open_record(page, served, match)
    reach = Reach(page)
    rng = random.Random(7)
    widest = 0
    version = 0
    for _ in range(400):
        now = settle(page)
        if now != version:  # a new action: what was tapped has been recorded
            version = now
            reach.next_action()
        widest = max(widest, page.evaluate("document.documentElement.scrollWidth"))
        if not tap_mrpresident_once(reach, rng):
            break
    else:
        raise AssertionError(f"the campaign did not end within 400 taps: {reach.taps[-10:]}")
    assert [event["type"] for event in all_events(served, match)].count("RegionCounted") == 4
    reach.assert_nine_in_ten()
    assert widest <= WIDTH
