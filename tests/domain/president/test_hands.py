"""What the record knows of a hand (domain/president/hands.py): docs/house-rules.md § Recording, “the checks use
everything known and nothing more”."""

from __future__ import annotations

import pytest

from domain.president.hands import Hand, seen_in


@pytest.mark.parametrize(
    "known, unknown, cards, expected",
    [
        (("9H", "9H", "KS"), 0, ("9H", "9H"), True),  # each copy listed is seen
        (("9H", "KS"), 0, ("9H", "9H"), False),  # one copy seen, two played
        (("9H", "KS"), 3, ("9H", "QS"), False),  # QS may be among the unseen: not known to be held
        ((), 5, ("9H",), False),  # nothing seen
        (("KS",), 0, (), True),  # no cards asked
    ],
)
def test_given_a_hand_when_asked_whether_cards_are_seen_in_it_then_only_seen_copies_count(known, unknown, cards, expected):
    assert seen_in(Hand(known, unknown), cards) is expected
