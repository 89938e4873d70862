"""The value of a play: the rank order of the ruleset, turned over by a revolution
(president-friday.txt § Revolution: every value but the Jokers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.president.cards import JOKER

if TYPE_CHECKING:
    from domain.president.state import State


def rank_value(state: State, rank: str) -> int:
    deck = state.deck
    position = deck.order[rank]
    if state.reversed and rank != JOKER:
        return deck.plain_top + deck.plain_low - position
    return position


def value(state: State, cards: tuple[str, ...]) -> int:
    """The value of a set of cards of one rank."""
    return rank_value(state, state.deck.rank[cards[0]])


def beats_any_set(state: State, cards: tuple[str, ...]) -> bool:
    """A single joker, or a single card of the highest plain rank (a 2, a 3 while reversed): it may be
    played onto a set of any size of lower value (`single_top_beats_sets`)."""
    if not state.ruleset.single_top_beats_sets or len(cards) != 1:
        return False
    return state.deck.rank[cards[0]] == JOKER or value(state, cards) == state.deck.plain_top


def unbeatable(state: State, cards: tuple[str, ...]) -> bool:
    """No rank is above this play's (jokers rank above every other card)."""
    return value(state, cards) >= state.deck.top


def ranks_in_order(state: State) -> list[str]:
    """The ranks the deck holds, lowest value first, as they stand now."""
    held = set(state.deck.rank.values())
    return sorted((rank for rank in state.ruleset.ranks if rank in held), key=lambda rank: rank_value(state, rank))
