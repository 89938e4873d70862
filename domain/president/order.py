"""The value of a play: the rank order of the ruleset, turned over by a revolution
(president-friday.txt § Revolution: every value but the Jokers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.cards import JOKER

if TYPE_CHECKING:
    from domain.president.state import State


def rank_value(state: State, rank: str) -> int:
    deck = state.deck
    position = deck.order[rank]
    if state.reversed and rank != JOKER:
        return deck.plain_top + deck.plain_low - position
    return position


def set_rank(state: State, cards: tuple[str, ...]) -> str:
    """The rank a set of cards plays as: its cards' rank, a Doppelgänger duplicating the others
    (presidents-deck: “The Doppelgänger card duplicates any card.”); wild cards alone are their own rank."""
    wild = state.ruleset.wild_rank
    ranks = state.deck.rank
    return next((ranks[card] for card in cards if ranks[card] != wild), ranks[cards[0]])


def value(state: State, cards: tuple[str, ...]) -> int:
    """The value of a set of cards of one rank."""
    return rank_value(state, set_rank(state, cards))


def is_bomb(state: State, cards: tuple[str, ...]) -> bool:
    return bool(state.ruleset.bomb_rank) and set_rank(state, cards) == state.ruleset.bomb_rank


def is_lone_wild(state: State, cards: tuple[str, ...]) -> bool:
    wild = state.ruleset.wild_rank
    return bool(wild) and all(state.deck.rank[card] == wild for card in cards)


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
