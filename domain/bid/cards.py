"""Card codes as recorded in JSON: rank then suit, "2C".."AC", "10H", "KS".

Ranks run 2 (low) to Ace (high): presidential-bid.txt § setup, “In this game, 2’s
are low and Aces are high.”
"""

from __future__ import annotations

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_VALUE = {rank: value for value, rank in enumerate(RANKS, start=2)}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
CLUBS = "C"
RANK_NAMES = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def is_card(code: object) -> bool:
    return isinstance(code, str) and code[-1:] in SUITS and code[:-1] in RANK_VALUE


def rank(code: str) -> int:
    return RANK_VALUE[code[:-1]]


def suit(code: str) -> str:
    return code[-1]


def suit_cards(suit_letter: str) -> tuple[str, ...]:
    """The thirteen cards of a suit, 2 first."""
    return tuple(r + suit_letter for r in RANKS)


def rank_name(code: str) -> str:
    return RANK_NAMES.get(code[:-1], code[:-1])


def card_name(code: str) -> str:
    """“the 9 of hearts”, “the king of spades” (for sentences)."""
    if not is_card(code):
        return repr(code)
    return f"the {rank_name(code)} of {SUITS[suit(code)]}"


def district_name(code: str) -> str:
    """A district by its club label: “district 7♣”, “district K♣”."""
    return f"district {short(code)}"


SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def short(code: str) -> str:
    """“K♥”, “10♠” (for lists of cards in sentences)."""
    return code[:-1] + SYMBOLS.get(code[-1:], code[-1:])
