"""A random but legal President player, to make long real matches for the benchmarks.

It proposes candidate actions from the state and keeps those the rules accept, so it
needs no rules of its own beyond what a candidate looks like."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from domain.fold import record
from domain.president import SYSTEM
from domain.president.events import (
    CardsDealt,
    CardsExchanged,
    CardsPlayed,
    MatchEnded,
    PlayerPassed,
)
from domain.protocol import IllegalAction, MatchSetup

PLAYERS = ["Al", "Betty", "Carl", "Dana", "Ed"]


def deal(state: Any, rng: random.Random) -> CardsDealt:
    deck = list(state.ruleset.deck)
    rng.shuffle(deck)
    seats = list(state.seating)
    dealer = seats[(state.game) % len(seats)]
    order = seats[seats.index(dealer) + 1 :] + seats[: seats.index(dealer) + 1]
    hands: dict[str, list[str]] = {p: [] for p in seats}
    for i, card in enumerate(deck):
        hands[order[i % len(order)]].append(card)
    return CardsDealt(dealer=dealer, hands={p: tuple(h) for p, h in hands.items()})


def value(state: Any, card: str) -> int:
    return state.ruleset.ranks.index(state.deck.rank[card])


def candidates(state: Any, rng: random.Random) -> list[Any]:
    if state.phase in ("dealing", "between"):
        return [deal(state, rng)]
    if state.phase == "exchanging":
        out = []
        for due in state.dues:
            hand = sorted(state.hands[due.giver].known, key=lambda card: value(state, card))
            out.append(CardsExchanged(giver=due.giver, receiver=due.receiver, cards=tuple(hand[-due.count :])))
            out.append(CardsExchanged(giver=due.giver, receiver=due.receiver, cards=tuple(hand[: due.count])))
        return out
    player = state.turn
    by_rank: dict[str, list[str]] = defaultdict(list)
    for card in state.hands[player].known:
        by_rank[state.deck.rank[card]].append(card)
    plays: list[Any] = [
        CardsPlayed(player=player, cards=tuple(cards[:n])) for cards in by_rank.values() for n in range(1, len(cards) + 1)
    ]
    rng.shuffle(plays)
    plays.sort(key=lambda p: value(state, p.cards[0]))
    return plays + [PlayerPassed(player=player)]


def legal_actions(state: Any, rng: random.Random) -> list[Any]:
    legal = []
    for action in candidates(state, rng):
        try:
            SYSTEM.check(state, action)
        except IllegalAction:
            continue
        legal.append(action)
    return legal


def play(events: int, seed: int = 1, players: list[str] = PLAYERS) -> tuple[MatchSetup, list[Any]]:
    """A full-mode classic match of about `events` events, ended between games."""
    rng = random.Random(seed)
    setup = MatchSetup(system="president", preset="classic", players=players, mode="full", title=f"bot match {seed}")
    state = SYSTEM.initial(SYSTEM.start(setup))
    actions: list[Any] = []
    while len(actions) < events - 2 or state.phase not in ("between",):
        legal = legal_actions(state, rng)
        # Mostly play the lowest legal set, like the text's advice; sometimes pass.
        plays = [a for a in legal if not isinstance(a, PlayerPassed)]
        action = plays[0] if plays and rng.random() < 0.75 else legal[-1] if rng.random() < 0.5 or not plays else rng.choice(legal)
        state = record(SYSTEM, state, [action])
        actions.append(action)
    actions.append(MatchEnded())
    return setup, actions
