"""The recording page on a 390×844 touch phone: a tap on another card (another
region) replaces the one preselected, and what a tap cannot do is said beside it; Mr.
President's counts at the tally are typed as numbers, the steppers kept; the
Candidate Cards fit the screen and the header breaks no word."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.support.browser import all_events, expect, open_record, phone, settle
from tests.support.reach import Reach, SETUP, WIDTH, fixture

pytestmark = pytest.mark.browser
__all__ = ["phone"]  # the fixture: phones opened on demand (tests/support/browser.py)



def first_lead(page: Any, served: Any) -> Any:
    """A public five-player match dealt, opened at its first lead (Eli's); the match."""
    match = served.create(fixture("president/classic-five-public")["setup"])
    served.record(match, fixture("president/classic-five-public")["events"][:1])
    open_record(page, served, match)
    return match


def test_a_tap_on_another_card_replaces_the_preselected_one(phone: Any, served: Any) -> None:
    """president-classic.md § Play Game: in public mode the cards played are picked; a
    single 3 preselects 3♣, and a tap on 3♥ takes its place at once (no “take one back
    first” at the top of the page); a pair's first card gives way to a third tapped."""
    page = phone()
    match = first_lead(page, served)
    eli = page.locator('#actions .choice-group[data-player="Eli"]')
    reach = Reach(page)
    reach.tap(eli.locator('button[aria-label="Play a 3"]'), "a single 3")
    cards = page.locator('#actions .composer .pick[data-field="cards"]')
    expect(cards.locator(".chip-button.on")).to_have_text(["3♣"])
    reach.tap(cards.locator("[data-value='\"3H\"']"), "3♥")
    expect(cards.locator(".chip-button.on")).to_have_text(["3♥"])
    expect(cards.locator(".pick-count")).to_have_text("1")
    assert page.locator("#explain").is_hidden()
    reach.tap(page.locator("#actions .composer .confirm"), "Play")
    settle(page)
    assert all_events(served, match)[-1]["event"]["cards"] == ["3H"]
    assert reach.out_of_view() == []


def test_a_tap_on_another_region_replaces_the_one_picked(phone: Any, served: Any) -> None:
    """mr-president.md § CAMPAIGNING “After selecting a region, announce your choice and
    roll the dice”: the roll's region is changed by one tap on another region."""
    data = fixture("mrpresident/two-player-popular")
    match = served.create(data["setup"])
    served.record(match, data["events"][:5])
    page = phone()
    open_record(page, served, match)
    regions = page.locator('#actions .composer[data-type="DiceRolled"] .pick[data-field="regions"]')
    expect(regions.locator(".chip-button.on")).to_have_text(["Eastern"])
    regions.locator("[data-value='\"Western\"']").click()
    expect(regions.locator(".chip-button.on")).to_have_text(["Western"])
    assert page.locator("#explain").is_hidden()


def test_a_tap_the_pick_cannot_take_is_explained_beside_it(phone: Any, served: Any) -> None:
    """mr-president.md § CAMPAIGNING: a roll lets Al cast at most seven Ballots; an
    eighth state tapped is refused beside the states, on screen, not at the page's top."""
    data = fixture("mrpresident/two-player-popular")
    match = served.create(data["setup"])
    served.record(match, data["events"][:6])
    page = phone()
    open_record(page, served, match)
    page.locator('#actions button.choice[data-type="BallotsCast"]').click()
    ballots = page.locator('#actions .composer .pick[data-field="ballots"]')
    for state, times in (("PA", 5), ("MA", 2)):
        for _ in range(times):
            ballots.locator(f"[data-value='\"{state}\"']").click()
    expect(ballots.locator(".pick-count")).to_have_text("7")
    reach = Reach(page)
    reach.tap(ballots.locator("[data-value='\"ME\"']"), "an eighth Ballot")
    note = ballots.locator(".pick-note")
    expect(note).to_have_text("ME: at most 7: tap one to take it back first.")
    assert reach.in_view(note) and reach.out_of_view() == []
    assert page.locator("#explain").is_hidden()
    expect(ballots.locator(".pick-count")).to_have_text("7")


def without_votes(event: dict[str, Any]) -> dict[str, Any]:
    """The event with each Ballot's votes left for the count (as the page records them)."""
    stripped = copy.deepcopy(event)
    for value in stripped.values():
        if isinstance(value, list):
            for ballot in value:
                if isinstance(ballot, dict):
                    ballot.pop("votes", None)
    return stripped


def counted(votes: dict[str, dict[str, int]]) -> dict[tuple[str, str], int]:
    return {(state, party): n for state, parties in votes.items() for party, n in parties.items() if n}


def at_the_tally(page: Any, served: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The two-player popular fixture recorded up to its tally, each Ballot's votes left
    for the count, opened on the page; the match and the fixture's four counts."""
    data = fixture("mrpresident/two-player-popular")
    first = next(i for i, event in enumerate(data["events"]) if event["type"] == "RegionCounted")
    match = served.create(data["setup"])
    served.record(match, [without_votes(event) for event in data["events"][:first]])
    open_record(page, served, match)
    return match, data["events"][first : first + 4]


def test_the_tally_s_counts_are_typed_as_numbers(phone: Any, served: Any) -> None:
    """mr-president.md § ELECTION TALLY: the votes of the Ballots left for the count are
    typed on the number pad (Enter goes to the next count, the last to Record): the
    two-player popular fixture's four regions, counts of 365, 160, 361 and 222 hundred
    thousand votes, take two taps each (the region, its first count) and the digits."""
    page = phone()
    match, counts = at_the_tally(page, served)
    taps: list[int] = []
    keys: list[int] = []
    for event in counts:
        settle(page)
        reach = Reach(page)
        reach.tap(page.locator("#actions button.choice", has_text=f"Count the {event['region']} region"), "region")
        lines = page.locator("#actions .composer .count-line")
        inputs = lines.locator("input.count-input")
        expect(inputs.first).to_have_attribute("inputmode", "numeric")
        reach.tap(inputs.first, "first count")
        pressed = 0
        for line in lines.all():
            typed = str(event["votes"][line.get_attribute("data-state")].get(line.get_attribute("data-party"), 0))
            page.keyboard.type(typed)
            page.keyboard.press("Enter")
            pressed += len(typed) + 1
        page.keyboard.press("Enter")  # on Record
        taps.append(len(reach.taps))
        keys.append(pressed + 1)
        settle(page)
        last = all_events(served, match)[-1]["event"]
        assert (last["region"], counted(last["votes"])) == (event["region"], counted(event["votes"]))
    print(f"taps per region {taps}, keys per region {keys}")
    assert taps == [2, 2, 2, 2]


def test_the_steppers_still_change_a_typed_count_by_one(phone: Any, served: Any) -> None:
    """The − and + beside a count change it by one; a count left empty is named."""
    page = phone()
    at_the_tally(page, served)
    page.locator("#actions button.choice", has_text="Count the Eastern region").click()
    line = page.locator('#actions .composer .count-line[data-state="NY"][data-party="Republican"]')
    line.locator("input.count-input").fill("49")
    line.locator("button.step-up").click()
    expect(line.locator("input.count-input")).to_have_value("50")
    line.locator("input.count-input").fill("")
    page.locator("#actions .composer .confirm").click()
    expect(page.locator("#actions .composer .pick-note")).to_contain_text("type the votes counted for NY Republican")


def test_the_ticket_s_candidate_cards_fit_the_phone(phone: Any, served: Any) -> None:
    """mr-president.md § SETUP (Illustration I): the Republican ticket's two Candidate
    Cards fit 390 px (a fieldset is as wide as its content unless told otherwise)."""
    match = served.create(SETUP)
    page = phone()
    open_record(page, served, match)
    page.locator("#actions button.choice").first.click()
    settle(page)
    page.locator('#actions button.choice[data-type="TicketChosen"]').first.click()
    expect(page.locator("#actions fieldset.candidate-card")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def test_the_header_breaks_no_word_with_the_offline_badge_showing(phone: Any, served: Any) -> None:
    """With the offline badge showing an action kept on the phone, the title
    “Presidential Bid match” breaks between words only, and the page is no wider than
    the phone."""
    page = phone()
    bid = served.create({key: value for key, value in fixture("bid/three-player")["setup"].items() if key != "title"})
    open_record(page, served, bid)
    page.context.set_offline(True)
    page.evaluate("window.dispatchEvent(new Event('offline'))")
    page.locator("#actions button.choice").first.click()  # kept on the phone: the badge grows
    expect(page.locator("#net")).to_have_text("offline · 1 queued")
    expect(page.locator("#title")).to_have_text("Presidential Bid match")
    broken = page.evaluate(
        """() => {
            const text = document.getElementById("title").firstChild;
            const broken = [];
            let at = 0;
            for (const word of text.textContent.split(" ")) {
                const range = document.createRange();
                range.setStart(text, at);
                range.setEnd(text, at + word.length);
                if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) broken.push(word);
                at += word.length + 1;
            }
            return broken;
        }"""
    )
    assert broken == []
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    page.context.set_offline(False)
