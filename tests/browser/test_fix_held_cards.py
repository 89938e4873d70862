"""The fix form offers the cards a player held before the step, as its game's renderer
reads them from the view (heldCards, docs/renderer-contract.md): the page itself knows
no game's view."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import expect, open_record, phone, sealed_round_shown

pytestmark = pytest.mark.browser
__all__ = ["phone"]


def test_a_reveal_s_fix_offers_each_bidder_the_cards_they_held(phone: Any, served: Any) -> None:
    """Step 5 shows Al's KH and Betty's QS: each bid's card is a toggle among the
    thirteen cards of its bidder's hand before the step, the recorded one on."""
    match = sealed_round_shown(served)
    page = phone()
    open_record(page, served, match)
    page.locator("#history-box summary").click()
    page.locator('#history li[data-step="5"] button.fix-step').click()
    for field, recorded, other in [("bids.0.card", "KH", "2H"), ("bids.1.card", "QS", "JS")]:
        card = page.locator(f'#fix [data-field="{field}"]')
        expect(card.locator(".chip-button")).to_have_count(13)
        expect(card.locator(f'.chip-button[data-value="{recorded}"]')).to_have_attribute("aria-pressed", "true")
        expect(card.locator(f'.chip-button[data-value="{other}"]')).to_have_attribute("aria-pressed", "false")
