"""The recording page records a Mr. President campaign through taps alone: the Candidate
Cards (home state a select, ratings steppers, the Effective Total added up; cards typed
before on this phone offered again), the dice as two rows of faces, Ballots by state
with each state's limit filling up, the Absentee Ballots and the tally; the standings
shown are the record's (GET /standings).

The smallest legal setup keeps it short: two players and a Ballot deck of 4 cards
(ruleset option `ballot_deck_size`: “Each candidate shuffles his Ballot deck and removes
three cards”, so one card is left to campaign with)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.support.browser import all_events, api_get, expect, fill_composer_once, open_record, phone, settle, standings_shown

pytestmark = pytest.mark.browser
__all__ = ["phone"]  # the fixture: phones opened on demand (tests/support/browser.py)

SETUP = {"system": "mrpresident", "mode": "popular", "players": ["Al", "Betty"], "options": {"ballot_deck_size": 4}}


def test_a_mr_president_campaign_is_recorded_through_taps_to_its_tally(phone: Any, served: Any) -> None:
    """mr-president.md § SETUP “Players must decide if they will play the game for popular
    votes”, § CAMPAIGNING “After selecting a region, announce your choice and roll the
    dice”, “each party is limited in the number of Ballots it may cast in a particular
    state”, § ELECTION TALLY: every action a tap among what the page lists."""
    match = served.create(SETUP)
    page = phone()
    open_record(page, served, match)
    rng = random.Random(4)
    done: list[str] = []
    saw_limits = saw_dice = saw_remembered = False
    for _ in range(300):
        settle(page)
        if page.locator("#actions .done").count():
            break
        if page.locator("#actions .composer").count():
            saw_dice |= page.locator("#actions .composer .pick.dice .die-row").count() == 2
            # A state's limit is shown as it fills: "0/3" on each Ballot state.
            saw_limits |= bool(page.locator("#actions .composer .pick[data-field=ballots] .limit").count())
            did = fill_composer_once(page, rng)
            saw_remembered |= did == "remembered card"
            done.append(did)
            continue
        offered = page.locator("#actions button.choice:not(.forbidden)")
        offered.nth(rng.randrange(offered.count())).click()
        done.append("choice")
    else:
        raise AssertionError(f"the campaign did not reach its tally within 300 taps: {done[-20:]}")
    events = all_events(served, match)
    types = [event["type"] for event in events]
    assert types.count("TicketChosen") == 2 and types.count("RegionCounted") == 4, types
    assert "DiceRolled" in types and saw_dice
    assert saw_remembered, "the second ticket was not offered the cards typed for the first"
    tickets = [event["event"] for event in events if event["type"] == "TicketChosen"]
    for ticket in tickets:
        for card in (ticket["president"], ticket["vice_president"]):
            ratings = card["campaign_ability"] + card["financial_support"] + card["press_support"] + card["fund_raising"] + card["advertising"]
            assert card["effective_total"] == ratings
    standings = api_get(served, match, "/standings")
    assert standings["final"]
    expect(page.locator("#standings-title")).to_have_text("Final standings")
    assert standings_shown(page) == [(placing["player"], placing["place"]) for placing in standings["placings"]]
    assert saw_limits or "BallotsCast" not in types


def test_a_candidate_card_adds_up_its_total_and_its_ballots_fill_their_limits(phone: Any, served: Any) -> None:
    """mr-president.md § SETUP (Illustration I) “EFFECTIVE TOTAL … sum of all ratings”: the
    card's steppers change the total shown; § CAMPAIGNING “you may only cast two Ballots
    in D. C.”: a state's chip shows the Ballots picked against the room left."""
    match = served.create(SETUP)
    page = phone()
    open_record(page, served, match)
    # Parties, stack and both tickets by taps; then Al's roll.
    while not page.locator('#actions button.choice[data-type="TicketChosen"]').count():
        page.locator("#actions button.choice:not(.forbidden)").first.click()
        settle(page)
    page.locator('#actions button.choice[data-type="TicketChosen"]').first.click()
    card = page.locator("#actions fieldset.candidate-card").first
    total = card.locator("output.card-total")
    before = int(total.inner_text())
    card.locator('.card-rating[data-rating="press_support"] button.step-up').click()
    card.locator('.card-rating[data-rating="advertising"] button.step-up').click()
    card.locator('.card-rating[data-rating="fund_raising"] button.step-down').click()
    expect(total).to_have_text(str(before + 1))
    assert page.locator("#actions .composer .confirm.forbidden").count() == 1  # no home state yet
    for home in page.locator("#actions select.card-home").all():
        home.select_option("NY")
    page.locator("#actions .composer .confirm").click()
    settle(page)
    recorded = [event for event in all_events(served, match) if event["type"] == "TicketChosen"][0]["event"]["president"]
    assert recorded["effective_total"] == before + 1 and recorded["home_state"] == "NY"
    # The other ticket: the cards typed on this phone are offered; then the first player.
    page.locator('#actions button.choice[data-type="TicketChosen"]').first.click()
    page.locator("#actions fieldset.candidate-card").first.locator("button.remembered-card").first.click()
    page.locator("#actions fieldset.candidate-card").nth(1).locator("button.remembered-card").first.click()
    page.locator("#actions .composer .confirm").click()
    settle(page)
    while not page.locator('#actions button.choice[data-type="FirstPlayerRolled"]').count():  # the Undecided stack
        page.locator("#actions button.choice").first.click()
        settle(page)
    page.locator('#actions button.choice[data-type="FirstPlayerRolled"]').first.click()
    settle(page)
    # The roll: two rows of faces; double sixes in the East.
    composer = page.locator('#actions .composer[data-type="DiceRolled"]')
    composer.locator('.pick[data-field="regions"] .chip-button[data-value=\'"Eastern"\']').click()
    for die in (1, 2):
        composer.locator(f'.die-row[data-die="{die}"] .chip-button[data-value="6"]').click()
    composer.locator(".confirm").click()
    settle(page)
    page.locator('#actions button.choice[data-type="BallotsCast"]').click()
    state = page.locator('#actions .composer .pick[data-field="ballots"] .chip-button:not(.seal)').first
    room = state.locator(".limit").inner_text().strip().split("/")[1]
    state.click()
    expect(state_again := page.locator('#actions .composer .pick[data-field="ballots"] .chip-button:not(.seal)').first).to_have_class(re.compile(r"\bon\b"))
    expect(state_again.locator(".limit")).to_have_text(f" 1/{room}")
    # Two players hold both decks' cards: the seal of each Ballot is chosen.
    expect(page.locator("#actions .composer .seals .seal")).to_have_count(2)
