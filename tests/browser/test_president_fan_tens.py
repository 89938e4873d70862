"""The President hand fan on a phone (390×844) in headless Chromium: a 10's corner index
("10") fits inside the part of its card the next card leaves showing, so it never runs
into the next card's index ("10J")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import expect
from tests.support.api import classic_deal

pytestmark = pytest.mark.browser

# For every 10 in a fanned hand followed by another card: the box of the 10's index (its
# rank's text), the left edge of the next card and the box of the next card's index.
MEASURE = """() => [...document.querySelectorAll('.pres-seat .hand.fanned .card.wide')].filter((ten) => ten.nextElementSibling
  && ten.nextElementSibling.classList.contains('card')).map((ten) => {
  const index = (card) => { const range = document.createRange(); range.selectNodeContents(card.firstChild); return range.getBoundingClientRect(); };
  const next = ten.nextElementSibling, mine = index(ten), theirs = index(next);
  return { ten: ten.dataset.code, next: next.dataset.code, right: mine.right, edge: next.getBoundingClientRect().left,
           next_left: theirs.left, top: mine.top, bottom: mine.bottom, next_top: theirs.top, next_bottom: theirs.bottom };
})"""


def test_a_ten_s_index_in_a_fanned_hand_never_touches_the_next_card(served: Any, phone: Any) -> None:
    match = served.create({"system": "president", "preset": "classic", "players": ["Al", "Betty", "Carl", "Dana"], "mode": "full"})
    served.record(match, [classic_deal()])
    phone.goto(f"{served.url}/view/{match['match_id']}#token={match['write_token']}")
    expect(phone.locator(".pres-seat .hand.fanned .card.wide").first).to_be_visible()
    phone.evaluate("document.fonts.ready")
    pairs = phone.evaluate(MEASURE)
    assert len(pairs) >= 3, pairs  # the deal puts 10s inside hands, not only last
    for pair in pairs:
        assert pair["bottom"] > pair["next_top"] and pair["next_bottom"] > pair["top"], pair  # side by side
        # A pixel clear of the next card's edge: the "0" is not under it (it was, by 0.9 px: "10J").
        assert pair["right"] + 1 <= pair["edge"], f"the 10's index runs under {pair['next']}: {pair}"
        assert pair["right"] < pair["next_left"], f"the 10's index touches {pair['next']}'s: {pair}"
