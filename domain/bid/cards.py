"""Presidential Bid's own card words: a bid's value, the club pile, the districts. The codes
themselves ("2C".."AC", "10H", "KS"), suits and names are the standard deck's, domain/cards.py.

Ranks run 2 (low) to Ace (high): presidential-bid.txt § setup, “In this game, 2’s
are low and Aces are high.”
"""

from __future__ import annotations

from domain.cards import RANKS, label

VALUE = {rank: value for value, rank in enumerate(RANKS, start=2)}
CLUBS = "C"


def value(code: str) -> int:
    """A card's value in a bid: 2 for a 2 up to 14 for an ace."""
    return VALUE[code[:-1]]


def district_name(code: str) -> str:
    """A district by its club label: “district 7♣”, “district K♣”."""
    return f"district {label(code)}"
