"""A random but legal player that knows no rule: it records only what `allowed` lists, each pick filled at
random within its bounds, and the fields a Choice leaves to the page (`hints["supply"]`) filled the way
a page does. Built on the protocol alone, so any game system whose `allowed` follows it can use it;
the suppliers below are the ones President's choices name (see domain/president/choices.py).

(bench/president_bot.py is an older random President player that proposes candidates and filters them
through `check`; it is left as it is.)"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any, Union

import msgspec

from domain.protocol import Choice, GameSystem, Pick

NEWCOMERS = ["Zoe", "Yan", "Xia", "Walt", "Vera", "Uma", "Ted", "Sam"]


def pool(pick: Pick) -> list[Any]:
    """Every value a list pick may take, each as often as it may be taken."""
    distinct = list(dict.fromkeys(pick.among))
    return [value for value in distinct for _ in range(max(pick.limits.get(value, 1), pick.among.count(value)))]


def pick_value(pick: Pick, rng: random.Random) -> Any:
    if pick.most is None:
        return rng.choice(pick.among)
    values = pool(pick)
    return rng.sample(values, rng.randint(pick.least, min(pick.most, len(values))))


def set_field(event: dict[str, Any], path: str, value: Any) -> None:
    """`path` is a field, or a dotted path into a mapping field ("bids.Al")."""
    *outer, last = path.split(".")
    for key in outer:
        event = event.setdefault(key, {})
    event[last] = value


def deal_hands(hints: dict[str, Any], rng: random.Random) -> dict[str, list[str]]:
    """President's full-mode deal: the shuffled deck, one card at a time round the dealing order."""
    deck = list(hints["deck"])
    rng.shuffle(deck)
    order = hints["order"]
    hands: dict[str, list[str]] = {player: [] for player in order}
    for place, card in enumerate(deck):
        hands[order[place % len(order)]].append(card)
    assert {player: len(cards) for player, cards in hands.items()} == hints["sizes"]
    return hands


def newcomer(hints: dict[str, Any], rng: random.Random) -> str:
    return rng.choice([name for name in NEWCOMERS if name not in hints["taken"]])


SUPPLIERS: dict[str, Callable[[dict[str, Any], random.Random], Any]] = {"hands": deal_hands, "player": newcomer}


def fill(choice: Choice, rng: random.Random) -> dict[str, Any]:
    """An event (as JSON-able data) built from `choice`: every pick filled at random within its bounds."""
    event = copy.deepcopy(choice.event)
    for pick in choice.picks:
        set_field(event, pick.field, pick_value(pick, rng))
    for field in choice.hints.get("supply", []):
        event[field] = SUPPLIERS[field](choice.hints, rng)
    return event


def decode(system: GameSystem, event: dict[str, Any]) -> msgspec.Struct:
    return msgspec.convert(event, Union[system.action_types])  # noqa: UP007 (a tuple of types)


def play_random(system: GameSystem, created: msgspec.Struct, rng: random.Random, steps: int = 2000) -> list[msgspec.Struct]:
    """The actions of a match played by choosing at random among what `allowed` lists, until it lists
    nothing (the match is over, or, if `allowed` misses something, stuck) or after `steps` actions. Every
    action is checked before it is folded."""
    state = system.initial(created)
    events: list[msgspec.Struct] = []
    for _ in range(steps):
        choices = system.allowed(state)
        if not choices:
            break
        event = decode(system, fill(rng.choice(choices), rng))
        system.check(state, event)
        state = system.evolve(state, event)
        events.append(event)
    return events

