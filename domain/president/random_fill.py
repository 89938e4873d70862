"""What President's choices leave to the page (`hints["supply"]`, domain/president/choices.py),
filled at random for the random legal player (fixtures/random_player.py): the system offers it as
`supply_at_random`. It draws from the generator it is given and makes none, so a seeded player
plays the same match every time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.protocol import Choice

NEWCOMERS = ["Zoe", "Yan", "Xia", "Walt", "Vera", "Uma", "Ted", "Sam"]


def deal_hands(hints: dict[str, Any], rng: Any) -> dict[str, list[str]]:
    """The full-mode deal: the shuffled deck, one card at a time round the dealing order."""
    deck = list(hints["deck"])
    rng.shuffle(deck)
    order = hints["order"]
    hands: dict[str, list[str]] = {player: [] for player in order}
    for place, card in enumerate(deck):
        hands[order[place % len(order)]].append(card)
    assert {player: len(cards) for player, cards in hands.items()} == hints["sizes"]
    return hands


def newcomer(hints: dict[str, Any], rng: Any) -> str:
    """PlayerJoined: a name not at the table."""
    return rng.choice([name for name in NEWCOMERS if name not in hints["taken"]])


def entered_hand(hints: dict[str, Any], rng: Any) -> list[str]:
    """HandEntered (mode "holders"): the cards the hand must hold, and the rest among those it may."""
    held = list(hints["held"])
    return held + rng.sample(hints["may"], hints["size"] - len(held))


FIELDS: dict[str, Callable[[dict[str, Any], Any], Any]] = {
    "hands": deal_hands,
    "player": newcomer,
    "cards": entered_hand,
}


def supply(state: Any, choice: Choice, event: dict[str, Any], rng: Any) -> dict[str, Any]:
    """The fields `hints["supply"]` names."""
    for field in choice.hints.get("supply", []):
        event[field] = FIELDS[field](choice.hints, rng)
    return event
