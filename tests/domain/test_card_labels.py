"""How a card is named in the service's words (choices' labels, steps' descriptions,
refusals): as printed on a table, and a Joker as the pages' cards.js names it. The
words read 'gives Aki 2♠ JK1' and 'Play JK1 3♥ 4♥' where the page's buttons read 'Joker'."""

from __future__ import annotations

import pytest

from domain.cards import label, labels


@pytest.mark.parametrize(
    ("code", "named"),
    [("KS", "K♠"), ("10H", "10♥"), ("JK1", "Joker"), ("JK", "Joker"), ("JK2", "Joker 2"), ("XY", "XY")],
)
def test_a_card_is_named_as_printed_on_a_table(code: str, named: str) -> None:
    assert label(code) == named


def test_a_play_holding_the_joker_names_it() -> None:
    assert labels(["2S", "JK1"]) == "2♠ Joker"
