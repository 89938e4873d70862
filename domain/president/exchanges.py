"""What an exchange between games owes and what it has moved: the dues of `ruleset.exchange`
bounded by the hands that pay them, and the exchanges done this game (`State.dues`,
`State.exchanged`). The evolvers that fold them are in state.py; the checks in between.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from domain.president.hands import Hand
from domain.president.ruleset import Ruleset

if TYPE_CHECKING:
    from domain.president.state import State


class ExchangeDue(msgspec.Struct, frozen=True):
    """Cards `giver` owes `receiver` before play; `returning` is the answer to a gift."""

    giver: str
    receiver: str
    count: int
    returning: bool = False


class Exchange(msgspec.Struct, frozen=True):
    giver: str
    receiver: str
    cards: tuple[str, ...]
    unknown: int
    step: int
    asked: tuple[str, ...] = ()  # as events.CardsExchanged: a hand entered later is checked against them


def exchange_dues(ruleset: Ruleset, ranking: tuple[str, ...], holding: dict[str, int] | None = None) -> tuple[ExchangeDue, ...]:
    """The exchanges of `ruleset.exchange`; with the cards each player `holding` may give, none of more cards
    than the giver holds: classic's “his two highest cards” from a hand of one card (a deck smaller than the
    text's, a Blind hand of one) are that card, and one comes back (docs/silent-choices.md). The return comes
    after the gift, from a hand the gift filled, so the receiver's own hand bounds it only where the cards
    received may not go back (`return_received_allowed` off)."""
    dues: list[ExchangeDue] = []
    count = len(ranking)
    for place, cards in enumerate(ruleset.exchange):
        if place >= count // 2 or cards <= 0:
            break
        low, high = ranking[count - 1 - place], ranking[place]
        if holding is not None:
            cards = min(cards, holding[low], holding[high] if not ruleset.return_received_allowed else cards)
            if not cards:
                continue
        dues += [ExchangeDue(low, high, cards), ExchangeDue(high, low, cards, returning=True)]
    return tuple(dues)


def givable(state: State, hand: Hand) -> int:
    """The cards of `hand` an exchange may take: every one, but where cards are asked for (deck: “This is based
    on the # on the card.”) not a Doppelgänger the record has seen there, which has no # and answers no ask."""
    wild = state.ruleset.wild_rank if state.ruleset.exchange_asks else ""
    return hand.size - sum(1 for card in hand.known if wild and state.deck.rank[card] == wild)


def received_from(state: State, player: str, giver: str) -> tuple[str, ...]:
    """The cards `player` was seen to receive from `giver` in this game's exchanges."""
    return tuple(card for done in state.exchanged if done.giver == giver and done.receiver == player for card in done.cards)
