"""The standard deck every card game here shares: card codes, ranks, suits and their names.

A card is recorded as a short string, its rank then its suit letter: "2C", "10H", "QS", "AD"
(suits C, D, H, S); jokers are "JK1", "JK2". Ranks run 2 (low) to ace (high) in the ordinary
order; a game that orders them otherwise says so in its own rules (President's ruleset, for one).
A game's own cards module (domain/president/cards.py, domain/bid/cards.py) keeps only what is
its own: decks of other shapes, values, words.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
# The suit symbols a reply prints (and their outline forms) back to the suit letters of a code.
SYMBOL_SUITS = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"}
# The ordinary order of a 52-card deck, low to high (2 low, ace high).
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER = "JK"
RANK_NAMES = {"J": "jack", "Q": "queen", "K": "king", "A": "ace", JOKER: "joker"}


def is_card(code: object) -> bool:
    """A card of the 52 (no joker): a rank of `RANKS` then a suit letter."""
    return isinstance(code, str) and code[-1:] in SUIT_NAMES and code[:-1] in RANKS


def rank_of(code: str) -> str:
    return code[:-1]


def suit_of(code: str) -> str:
    return code[-1:]


def suit_cards(suit: str) -> tuple[str, ...]:
    """The thirteen cards of a suit, 2 first."""
    return tuple(rank + suit for rank in RANKS)


def label(code: str) -> str:
    """A card as printed on a table: "K♠", "10♥", "Joker" (a second Joker "Joker 2", as the
    pages' cards.js names them); a code of another deck as it is."""
    number = code.removeprefix(JOKER) if code.startswith(JOKER) else None
    if number in ("", "1"):
        return "Joker"
    if number and number.isdigit():
        return f"Joker {number}"
    suit = SUIT_SYMBOLS.get(code[-1:])
    if suit and code[:-1] and not code.startswith(JOKER):
        return code[:-1] + suit
    return code


def labels(codes: Iterable[str]) -> str:
    return " ".join(label(code) for code in codes)


def card_name(code: str) -> str:
    """“the 9 of hearts”, “the king of spades” (for sentences); anything else quoted as it is."""
    if not is_card(code):
        return repr(code)
    rank = rank_of(code)
    return f"the {RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit_of(code)]}"


def symbols_as_letters(text: str) -> str:
    """A card typed with a suit symbol, before or after its rank ("♥10", "10♥"), with the suit's letter
    after the rank instead ("10H"); other text as it is."""
    for symbol, letter in SYMBOL_SUITS.items():
        if text.startswith(symbol):
            text = text[len(symbol) :] + letter
        text = text.replace(symbol, letter)
    return text
