"""The players around the table as a state has them: who still holds cards, who comes next in the
direction of play, and who leads a game's first round. Read by the evolvers (state.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domain.president.state import State


def holding(state: State, player: str) -> bool:
    """Still in the game: cards in hand, or (Blind President) in the pile. (Hot: folded for every
    seat on every play, so it reads the fields rather than `Hand.size`.)"""
    hand = state.hands.get(player)
    if hand is not None and (hand.known or hand.unknown):
        return True
    pile = state.piles.get(player) if state.piles else None
    return pile is not None and bool(pile.known or pile.unknown)


def still_in(state: State) -> int:
    """How many players still hold cards: every seated player was dealt some, so all but those out."""
    return len(state.seating) - len(state.out)


def next_holding(state: State, after: str, skip: tuple[str, ...] = ()) -> str | None:
    """The next player from `after` in the direction of play who still holds cards."""
    seats = state.seating
    start = seats.index(after)
    for offset in range(1, len(seats) + 1):
        player = seats[(start + state.direction * offset) % len(seats)]
        if player not in skip and holding(state, player):
            return player
    return None


def first_leader(state: State, dealer: str) -> str | None:
    """Who leads the game's first round; None while the dealer has still to name them."""
    if state.game > 1 and state.ranking:
        return state.ranking[0] if state.ruleset.next_leader == "president" else state.ranking[-1]
    if state.ruleset.first_leader == "chosen":
        return None
    return next_holding(state, dealer) or dealer
