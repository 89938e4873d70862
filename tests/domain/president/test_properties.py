"""Random legal matches played start to finish, each choice drawn by hypothesis.

Invariants: cards are conserved, every game ends, the match ends; replaying the
events without checks gives the state built step by step with checks; every event
round-trips through JSON; a public record of the same table (hand sizes, unseen
exchanges) accepts every action and scores the same; a spectator never sees a hand."""

from __future__ import annotations

import json
from collections import Counter

import msgspec
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from domain.fold import replay
from domain.president import SYSTEM
from domain.president.events import Action, CardsDealt, CardsExchanged, CardsPlayed, MatchEnded, PlayerPassed
from domain.president.state import received_from
from domain.protocol import SPECTATOR, MatchSetup, Perspective

DECODE = msgspec.json.Decoder(Action)
NAMES = ["Al", "Betty", "Carl", "Dana", "Eve", "Fay", "Gus"]


def deal_from(state, dealer: str, order: list[str]) -> CardsDealt:
    seats = state.seating
    start = seats.index(dealer)
    receivers = [seats[(start + k) % len(seats)] for k in range(1, len(seats) + 1)]
    hands: dict[str, list[str]] = {p: [] for p in receivers}
    for i, card in enumerate(order):
        hands[receivers[i % len(receivers)]].append(card)
    return CardsDealt(dealer=dealer, hands={p: tuple(c) for p, c in hands.items()})


def legal_action(state, data) -> msgspec.Struct:
    deck = state.deck
    if state.phase in ("dealing", "between"):
        dealer = data.draw(st.sampled_from(state.seating))
        if state.ruleset.next_dealer == "left_of_previous" and state.dealer:
            dealer = state.seating[(state.seating.index(state.dealer) + 1) % len(state.seating)]
        return deal_from(state, dealer, data.draw(st.permutations(state.ruleset.deck)))
    if state.phase == "exchanging":
        due = next(d for d in state.dues if not (d.returning and any(
            o.giver == d.receiver and o.receiver == d.giver for o in state.dues)))
        hand = sorted(state.hands[due.giver].known, key=deck.rank_value)
        if due.returning:
            if not state.ruleset.return_received_allowed:
                hand = [card for card in hand if card not in received_from(state, due.giver, due.receiver)]
            cards = data.draw(st.permutations(hand))[: due.count]
        else:
            cards = hand[-due.count:]
        return CardsExchanged(giver=due.giver, receiver=due.receiver, cards=tuple(cards))
    hand = state.hands[state.turn].known
    by_rank: dict[str, list[str]] = {}
    for card in hand:
        by_rank.setdefault(deck.rank[card], []).append(card)
    options: list[msgspec.Struct] = []
    top = state.trick[-1].cards if state.trick else None
    for rank, cards in by_rank.items():
        for count in range(1, min(len(cards), state.ruleset.max_set) + 1):
            if top is not None:
                if count != len(top):
                    continue
                beaten = deck.rank_value(top[0])
                value = deck.order[rank]
                if value < beaten or (value == beaten and not state.ruleset.equal_rank_beats):
                    continue
            options.append(CardsPlayed(player=state.turn, cards=tuple(cards[:count])))
    if top is not None:
        options.append(PlayerPassed(player=state.turn))
    return data.draw(st.sampled_from(options))


def public_twin(event: msgspec.Struct) -> msgspec.Struct:
    """The same action as a public record takes it: sizes at the deal, exchanged cards unseen."""
    if isinstance(event, CardsDealt):
        return CardsDealt(dealer=event.dealer, sizes={p: len(c) for p, c in event.hands.items()})
    if isinstance(event, CardsExchanged):
        return CardsExchanged(giver=event.giver, receiver=event.receiver, unknown=len(event.cards))
    return event


def conserved(state) -> bool:
    held = Counter(card for hand in state.hands.values() for card in hand.known)
    return held + Counter(state.played) == Counter(state.ruleset.deck)


# Shrinking a match of hundreds of draws takes minutes; a failure prints its seed to replay instead.
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(
    data=st.data(),
    count=st.integers(4, 7),
    games=st.integers(1, 3),
    options=st.fixed_dictionaries(
        {},
        optional={
            "equal_rank_beats": st.booleans(),
            "pass_locks_out": st.booleans(),
            "reseat_by_finishing_order": st.booleans(),
            "next_dealer": st.sampled_from(["any", "left_of_previous"]),
            "return_received_allowed": st.booleans(),
        },
    ),
)
def test_random_legal_matches(data, count, games, options):
    players = NAMES[:count]
    created = SYSTEM.start(MatchSetup(system="president", players=players, options=options, mode="full"))
    public_created = SYSTEM.start(MatchSetup(system="president", players=players, options=options, mode="public"))
    state, public = SYSTEM.initial(created), SYSTEM.initial(public_created)
    events: list[msgspec.Struct] = []
    game_steps = 0
    while True:
        if state.phase == "between" and len(state.games) == games:
            event: msgspec.Struct = MatchEnded()
        else:
            event = legal_action(state, data)
        SYSTEM.check(state, event)
        SYSTEM.check(public, public_twin(event))
        assert DECODE.decode(msgspec.json.encode(event)) == event
        SYSTEM.describe(state, event)
        json.dumps(SYSTEM.redact(state, event, SPECTATOR))
        state, public = SYSTEM.evolve(state, event), SYSTEM.evolve(public, public_twin(event))
        events.append(event)
        if state.phase == "playing":
            assert conserved(state)
            assert state.turn is not None and state.hands[state.turn].size > 0
            assert public.turn == state.turn
            assert {p: h.size for p, h in public.hands.items()} == {p: h.size for p, h in state.hands.items()}
            game_steps += 1
            assert game_steps < 2000, "a game that never ends"
        else:
            game_steps = 0
        seen = SYSTEM.view(state, SPECTATOR)
        assert all("cards" not in hand for hand in seen["hands"].values())
        if state.phase == "ended":
            break
    assert state.step == len(events) + 1
    assert replay(SYSTEM, created, events) == state
    assert len(state.games) == games
    for game in state.games:
        assert sorted(game.order) == sorted(players) and sum(game.points) == 0
    assert sum(state.points.values()) == 0
    assert SYSTEM.standings(public).placings == SYSTEM.standings(state).placings
    json.dumps(SYSTEM.view(state, Perspective("seat", players[0])))
