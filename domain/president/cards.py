"""Decks and their card codes, and the words for them.

A card is a short string: a standard deck's code (domain/cards.py: "3C", "10H",
"QS", "JK1") or whatever codes a ruleset's `deck` lists for another deck. A card's rank is the longest prefix of
its code that the ruleset names as a rank, so "10H" is a 10, not a 1, and a
commercial deck can name its cards "12", "0R" or "D1" as long as each starts
with its rank. Two decks shuffled together simply list a code twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import msgspec

from domain.cards import JOKER, RANK_NAMES, RANKS, SUIT_SYMBOLS, SUITS, symbols_as_letters

COUNT_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def suited_deck(ranks: Iterable[str] = RANKS, jokers: int = 0, copies: int = 1) -> tuple[str, ...]:
    """A shuffled-together pile of `copies` suited decks, each with `jokers` jokers."""
    one = [f"{rank}{suit}" for rank in ranks for suit in SUITS] + [f"{JOKER}{i}" for i in range(1, jokers + 1)]
    return tuple(one * copies)


class Deck(msgspec.Struct, frozen=True):
    """What a ruleset's deck says about each card code, computed once per match."""

    rank: dict[str, str]  # card code -> its rank
    order: dict[str, int]  # rank -> position in the ruleset's order, 0 lowest
    copies: dict[str, int]  # card code -> how many the deck holds
    size: int
    # Positions of the lowest and highest ranks but the jokers (a revolution turns that range over) and of
    # the highest rank the deck holds (jokers rank above every other card).
    plain_low: int = 0
    plain_top: int = 0
    top: int = 0

    @classmethod
    def of(cls, codes: tuple[str, ...], ranks: tuple[str, ...]) -> Deck:
        by_length = sorted(ranks, key=len, reverse=True)
        rank = {}
        for code in codes:
            rank[code] = next((r for r in by_length if code.startswith(r)), "")
        order = {r: i for i, r in enumerate(ranks)}
        held = [order[r] for r in set(rank.values()) if r]
        plain = [order[r] for r in set(rank.values()) if r and r != JOKER]
        return cls(
            rank=rank,
            order=order,
            copies=dict(Counter(codes)),
            size=len(codes),
            plain_low=min(plain, default=0),
            plain_top=max(plain, default=0),
            top=max(held, default=0),
        )


def rank_words(rank: str, count: int, names: dict[str, str] | None = None) -> str:
    """"a 9", "three 9s", "an ace", "two kings", "a Turd", "two Vice Presidents"."""
    word = (names or {}).get(rank) or RANK_NAMES.get(rank, rank)
    if count == 1:
        article = "an" if word[:1] in "aeiou8" or word in ("11", "18") else "a"
        return f"{article} {word}"
    plural = f"{word}es" if word.endswith("o") else f"{word}s"
    return f"{COUNT_WORDS.get(count, str(count))} {plural}"


def count_words(count: int) -> str:
    return "one card" if count == 1 else f"{COUNT_WORDS.get(count, str(count))} cards"


def meant(code: str, deck: Deck) -> str | None:
    """The deck's code that `code` most likely means ("10h", "10♥", "♥10", " qs" → "10H", "QS"), or
    None. A code is compared without case and with suit symbols read as their letters, so "1A" finds a
    commercial deck's "1a"."""
    text = symbols_as_letters(code.strip())
    by_fold = {known.casefold(): known for known in deck.copies}
    return by_fold.get(text.casefold())


def code_examples(deck: Deck, count: int = 4) -> list[str]:
    """A few codes of the deck that show its shapes: the lowest rank, a two-character rank (10H),
    the highest plain rank and a joker, each of another suit where the deck has suits."""
    ranks = sorted({rank for rank in deck.rank.values() if rank}, key=lambda rank: deck.order[rank])
    plain = [rank for rank in ranks if rank != JOKER]
    wanted = [plain[0], next((r for r in plain if len(r) > 1), plain[len(plain) // 2]), plain[-1]] if plain else []
    wanted += [JOKER] if JOKER in ranks else ranks[-1:]
    picked: list[str] = []
    for i, rank in enumerate(dict.fromkeys(wanted)):
        codes = [code for code in deck.copies if deck.rank[code] == rank]
        picked.append(codes[i % len(codes)])
    return picked[:count]


def code_format(deck: Deck) -> str:
    """What a card code of this deck looks like, in words with examples."""
    examples = ", ".join(code_examples(deck))
    plain = [code for code, rank in deck.rank.items() if rank != JOKER]
    if plain and all(code[-1:] in SUITS and deck.rank[code] == code[:-1] for code in plain):
        suits = ", ".join(f"{letter} {symbol}" for letter, symbol in SUIT_SYMBOLS.items())
        jokers = " (jokers JK1, JK2)" if any(rank == JOKER for rank in deck.rank.values()) else ""
        return f"a card is its rank then its suit letter ({suits}){jokers}, e.g. {examples}"
    return f"a card is one of the codes of this match's deck, e.g. {examples}"
