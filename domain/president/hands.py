"""What the record knows of a hand: the cards it has seen there, and how many it
has not seen. In full mode every card is seen; in public mode a hand starts unseen
and cards become known only when an exchange reveals them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

import msgspec

from domain.president.cards import Deck


class Hand(msgspec.Struct, frozen=True):
    known: tuple[str, ...] = ()
    unknown: int = 0

    @property
    def size(self) -> int:
        return len(self.known) + self.unknown


def take(hand: Hand, cards: Iterable[str], unknown: int = 0) -> Hand:
    """The hand without `cards` (each a seen card if it was seen there, else one of
    the unseen ones) and `unknown` more unseen cards."""
    known = list(hand.known)
    hidden = hand.unknown - unknown
    for card in cards:
        if card in known:
            known.remove(card)
        else:
            hidden -= 1
    return Hand(tuple(known), hidden)


def add(hand: Hand, cards: Iterable[str], unknown: int = 0) -> Hand:
    return Hand(hand.known + tuple(cards), hand.unknown + unknown)


def draw(hand: Hand, pile: Hand, count: int, seen: str | None = None) -> tuple[Hand, Hand]:
    """`count` cards from the top of `pile` into `hand`: the cards themselves when the
    record knows the pile (full mode, top card first), else unseen cards (or `seen`,
    the one card the table saw)."""
    count = min(count, pile.size)
    if pile.known:
        return add(hand, pile.known[:count]), Hand(pile.known[count:], pile.unknown)
    if seen is not None:
        return add(hand, (seen,), count - 1), Hand((), pile.unknown - count)
    return add(hand, (), count), Hand((), pile.unknown - count)


def forget(hand: Hand, keep: Iterable[str]) -> Hand:
    """The hand once the record can no longer tell which of its seen cards are
    still there, except `keep`."""
    kept = tuple(card for card in hand.known if card in set(keep))
    return Hand(kept, hand.size - len(kept))


def seen_in(hand: Hand, cards: Iterable[str]) -> bool:
    """Whether every card of `cards` (as often as it is listed) is seen in `hand`: then
    nothing else need be known to say the hand holds them (always so for a legal play in
    full mode, where every card is seen)."""
    known = list(hand.known)
    for card in cards:
        if card not in known:
            return False
        known.remove(card)
    return True


def unseen_copies(deck: Deck, holdings: Iterable[Mapping[str, Hand]], played: Iterable[str]) -> Counter[str]:
    """How many copies of each card may still be among the unseen cards of some hand
    (or pile): the deck less the cards played and the cards seen anywhere."""
    left = Counter(deck.copies)
    left.subtract(played)
    for group in holdings:
        for hand in group.values():
            left.subtract(hand.known)
    return left


def missing(hand: Hand, cards: Iterable[str], unseen: Counter[str]) -> list[str]:
    """The cards of `cards` that cannot be in `hand`: neither seen there nor among
    its unseen cards (a card seen elsewhere or played already is not unseen)."""
    wanted = Counter(cards)
    have = Counter(hand.known)
    from_unseen = 0
    short: list[str] = []
    for card, count in wanted.items():
        rest = count - min(count, have[card])
        if rest > max(unseen[card], 0):
            short.append(card)
        from_unseen += rest
    if from_unseen > hand.unknown and not short:
        short = [card for card, count in wanted.items() if count > have[card]]
    return short
