"""A seat enters the hand it was dealt from its own phone (President's mode `holders`,
docs/house-rules.md § Hands entered by their holders): the cards in rows by rank, one tap
each, the count shown, and a 13-card hand recorded in at most about 20 taps."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

import domain
from domain.protocol import MatchSetup
from tests.support.browser import expect, phone, settle
from tests.support.reach import Reach

pytestmark = pytest.mark.browser
__all__ = ["phone"]  # the fixture: phones opened on demand (tests/support/browser.py)

PLAYERS = ["Al", "Betty", "Carl", "Dana"]
SETUP = {"system": "president", "preset": "classic", "mode": "holders", "players": PLAYERS}


def dealt_hands(seed: int) -> dict[str, list[str]]:
    """The hands a shuffled classic deck deals, 13 cards each: what the table holds, which
    the service does not know in mode `holders` (the dealer records the sizes only)."""
    deck = list(domain.find("president").start(MatchSetup(**SETUP)).ruleset.deck)
    random.Random(seed).shuffle(deck)
    return {player: deck[13 * seat : 13 * (seat + 1)] for seat, player in enumerate(PLAYERS)}


def api(served: Any, match: dict[str, Any], path: str, token: str) -> Any:
    with httpx.Client(base_url=served.url, timeout=10) as client:
        reply = client.get(f"/matches/{match['match_id']}{path}", headers={"Authorization": f"Bearer {token}"})
        assert reply.status_code == 200, reply.text
        return reply.json()


def test_a_seat_enters_its_thirteen_cards_in_fifteen_taps(phone: Any, served: Any) -> None:
    """house-rules.md § Hands entered by their holders: “each seat enters the cards it was
    dealt”. The phone's composer draws the 52 cards the hand may hold in rows by rank (no
    text box for the cards), counts the cards tapped and records them as the hand."""
    match = served.create(SETUP)
    served.record(match, [{"type": "CardsDealt", "dealer": "Al", "sizes": {player: 13 for player in PLAYERS}}])
    hand = dealt_hands(7)["Betty"]
    token = match["seat_tokens"]["Betty"]
    offered = [c for c in api(served, match, "/allowed", token)["choices"] if c["type"] == "HandEntered"]
    assert [c["player"] for c in offered] == ["Betty"] and offered[0]["hints"]["held"] == []

    page = phone()
    page.goto(f"{served.url}/record/{match['match_id']}#token={token}")
    settle(page)
    reach = Reach(page)
    reach.tap(page.locator('#actions button.choice[data-type="HandEntered"]'), "enter the hand")
    grid = page.locator("#actions .composer .pres-enter-hand")
    expect(grid.locator(".hand-rank")).to_have_count(13)
    expect(grid.locator(".hand-card")).to_have_count(52)
    expect(page.locator('#actions .composer .pick.supply[data-field="cards"]')).to_have_count(0)
    expect(grid.locator(".hand-count")).to_have_text("0 of 13")
    for number, code in enumerate(hand, 1):
        reach.tap(grid.locator(f'.hand-card[data-code="{code}"]'), code)
        if number == 7:
            expect(grid.locator(".hand-count")).to_have_text("7 of 13")
            expect(grid.locator(".hand-card.on")).to_have_count(7)
    expect(grid.locator(".hand-count")).to_have_text("13 of 13")
    reach.tap(page.locator("#actions .composer .confirm"), "Record")
    settle(page)

    assert len(reach.taps) == 15 <= 20
    seen = api(served, match, "/state", token)
    assert sorted(seen["view"]["hands"]["Betty"]["cards"]) == sorted(hand), seen["view"]["hands"]["Betty"]
    assert not [c for c in api(served, match, "/allowed", token)["choices"] if c["type"] == "HandEntered"]


def test_a_fourteenth_card_is_refused_beside_the_cards_and_a_tap_takes_one_back(phone: Any, served: Any) -> None:
    """A hand has the size dealt: a card tapped once the hand is full is said to wait for one
    taken back; a card tapped again is taken back; Record asks for what is missing."""
    match = served.create(SETUP)
    served.record(match, [{"type": "CardsDealt", "dealer": "Al", "sizes": {player: 13 for player in PLAYERS}}])
    hand = dealt_hands(8)["Carl"]
    other = dealt_hands(8)["Dana"][0]
    page = phone()
    page.goto(f"{served.url}/record/{match['match_id']}#token={match['seat_tokens']['Carl']}")
    settle(page)
    page.locator('#actions button.choice[data-type="HandEntered"]').click()
    grid = page.locator("#actions .composer .pres-enter-hand")
    for code in hand:
        grid.locator(f'.hand-card[data-code="{code}"]').click()
    grid.locator(f'.hand-card[data-code="{other}"]').click()
    expect(grid.locator(".pick-note")).to_contain_text("13 of 13 taken")
    expect(grid.locator(".hand-count")).to_have_text("13 of 13")
    grid.locator(f'.hand-card[data-code="{hand[0]}"]').click()
    expect(grid.locator(".hand-count")).to_have_text("12 of 13")
    expect(grid.locator(f'.hand-card[data-code="{hand[0]}"]')).to_have_attribute("aria-pressed", "false")
    page.locator("#actions .composer .confirm").click()
    expect(page.locator("#actions .composer .pick-note")).to_contain_text("choose 1 more card")


def test_a_card_played_before_the_entry_is_taken_from_the_start_and_stays(phone: Any, served: Any) -> None:
    """house-rules.md § Hands entered by their holders: a hand not entered is checked as in
    public mode, and the entry must hold the cards played from it since the deal (`held`):
    Betty leads a card, then enters her hand with that card already taken."""
    match = served.create(SETUP)
    served.record(match, [{"type": "CardsDealt", "dealer": "Al", "sizes": {player: 13 for player in PLAYERS}}])
    hand = dealt_hands(7)["Betty"]
    token = match["seat_tokens"]["Betty"]
    with httpx.Client(base_url=served.url, timeout=10) as client:
        led = client.post(f"/matches/{match['match_id']}/events", json={"events": [{"type": "CardsPlayed", "player": "Betty", "cards": [hand[0]]}]}, headers={"Authorization": f"Bearer {token}"})
        assert led.status_code == 201, led.text
    page = phone()
    page.goto(f"{served.url}/record/{match['match_id']}#token={token}")
    settle(page)
    page.locator('#actions button.choice[data-type="HandEntered"]').click()
    grid = page.locator("#actions .composer .pres-enter-hand")
    expect(grid.locator(".hand-count")).to_have_text("1 of 13")
    expect(grid.locator(".hand-card.on")).to_have_count(1)
    played = grid.locator(f'.hand-card[data-code="{hand[0]}"]')
    expect(played).to_have_attribute("aria-pressed", "true")
    played.click()
    expect(grid.locator(".pick-note")).to_contain_text("must be in the hand")
    expect(played).to_have_attribute("aria-pressed", "true")
    for code in hand[1:]:
        grid.locator(f'.hand-card[data-code="{code}"]').click()
    expect(grid.locator(".hand-count")).to_have_text("13 of 13")
    page.locator("#actions .composer .confirm").click()
    settle(page)
    assert sorted(api(served, match, "/state", token)["view"]["hands"]["Betty"]["cards"]) == sorted(hand[1:])
