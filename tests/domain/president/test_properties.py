"""Random legal matches played start to finish, each choice drawn by hypothesis.

The candidates (every set of one rank from the hand, a pass, a draw, the highest
cards for a gift, any cards for a return) are filtered by `check`: the rule tables
test the checks; this tests what a stream of legal actions does. Invariants: cards
are conserved, every game ends, the match ends; replaying the events without checks
gives the state built step by step with checks; every event round-trips through
JSON; a public record of the same table (hand sizes, unseen exchanges and draws)
accepts every action and scores the same; a spectator never sees a hand."""

from __future__ import annotations

import json
from collections import Counter

import msgspec
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from domain.fold import replay
from domain.president import SYSTEM
from domain.president.events import (
    Action,
    CardDrawn,
    CardsDealt,
    CardsExchanged,
    CardsPlayed,
    DirectionChosen,
    MatchEnded,
    PlayerJoined,
    PlayerLeft,
    PlayerPassed,
)
from domain.president.order import value
from domain.president.exchanges import received_from
from domain.protocol import SPECTATOR, IllegalAction, MatchSetup, Perspective
from tests.support.president import public_twin

DECODE = msgspec.json.Decoder(Action)
NAMES = ["Al", "Betty", "Carl", "Dana", "Eve", "Fay", "Gus", "Hal"]


def legal(state, event) -> bool:
    try:
        SYSTEM.check(state, event)
    except IllegalAction:
        return False
    return True


def deal_from(state, dealer: str, order: list[str]) -> CardsDealt:
    seats = state.seating
    start = seats.index(dealer)
    receivers = [seats[(start + k) % len(seats)] for k in range(1, len(seats) + 1)]
    hands: dict[str, list[str]] = {p: [] for p in receivers}
    for i, card in enumerate(order):
        hands[receivers[i % len(receivers)]].append(card)
    return CardsDealt(dealer=dealer, hands={p: tuple(c) for p, c in hands.items()})


ASKS = {1: [("high",), ("low",)], 2: [("high", "high"), ("high", "low"), ("low", "low")]}


def exchange_candidates(state, due, data) -> list[CardsExchanged]:
    hand = sorted(state.hands[due.giver].known, key=lambda card: value(state, (card,)))
    if due.returning:
        # the lowest cards not just received: in a blind game the hand is short, and the random picks may all
        # hold a card the giver may not give back (president-friday.txt: "any two cards they were dealt")
        received = received_from(state, due.giver, due.receiver)
        dealt = [card for card in hand if card not in received]
        picks = [data.draw(st.permutations(hand))[: due.count] for _ in range(3)] + [hand[: due.count], dealt[: due.count]]
        return [CardsExchanged(giver=due.giver, receiver=due.receiver, cards=tuple(cards)) for cards in picks]
    if not state.ruleset.exchange_asks:
        return [CardsExchanged(giver=due.giver, receiver=due.receiver, cards=tuple(hand[-due.count :]))]
    numbered = [card for card in hand if state.deck.rank[card] != state.ruleset.wild_rank]
    found = []
    for asked in ASKS[due.count]:
        lows = asked.count("low")
        cards = numbered[:lows] + numbered[len(numbered) - (due.count - lows) :]
        found.append(CardsExchanged(giver=due.giver, receiver=due.receiver, cards=tuple(cards), asked=asked))
    return found


def legal_action(state, data, lead_pass: bool = False) -> msgspec.Struct:
    if state.phase in ("dealing", "between"):
        if state.ruleset.players_may_change and state.games:
            change = data.draw(st.sampled_from(["deal", "deal", "leave", "join"]))
            if change == "leave" and len(state.seating) > state.ruleset.min_players:
                return PlayerLeft(player=data.draw(st.sampled_from(state.seating)))
            newcomer = next((name for name in NAMES if name not in state.seating), None)
            if change == "join" and newcomer and len(state.seating) < len(NAMES):
                return PlayerJoined(player=newcomer, after=data.draw(st.sampled_from(state.seating)))
        shuffled = data.draw(st.permutations(state.ruleset.deck))
        deals = [deal_from(state, dealer, shuffled) for dealer in state.seating]
        return data.draw(st.sampled_from([deal for deal in deals if legal(state, deal)]))
    if state.phase == "exchanging":
        for due in state.dues:
            for event in exchange_candidates(state, due, data):
                if legal(state, event):
                    return event
        raise AssertionError(f"no legal exchange among {state.dues}")
    if state.phase == "choosing":
        choices = [
            DirectionChosen(player=chooser, direction=direction, leader=leader)
            for chooser in state.seating
            for direction in ("clockwise", "counter-clockwise")
            for leader in (None, *state.seating)
        ]
        return data.draw(st.sampled_from([choice for choice in choices if legal(state, choice)]))
    player = state.turn
    by_rank: dict[str, list[str]] = {}
    for card in state.hands[player].known:
        by_rank.setdefault(state.deck.rank[card], []).append(card)
    candidates: list[msgspec.Struct] = [CardDrawn(player=player)]
    # A leader's pass (deck: "Players may pass at any time") moves no card: offered only when the caller says
    # (every tenth action of a game), so that a random table still plays its games out.
    if state.trick or lead_pass:
        candidates.append(PlayerPassed(player=player))
    for cards in by_rank.values():
        candidates += [CardsPlayed(player=player, cards=tuple(cards[:n])) for n in range(1, len(cards) + 1)]
    options = [event for event in candidates if legal(state, event)]
    assert options, f"{player} has no legal action"
    return data.draw(st.sampled_from(options))


def conserved(state) -> bool:
    held = Counter(card for group in (state.hands, state.piles) for hand in group.values() for card in hand.known)
    return held + Counter(state.played) == Counter(state.ruleset.deck)


CLASSIC = st.tuples(
    st.just("classic"),
    st.integers(4, 7),
    st.fixed_dictionaries(
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
FRIDAY = st.tuples(
    st.just("friday"),
    st.integers(3, 8),
    st.fixed_dictionaries({}, optional={"jokers": st.sampled_from([0, 2]), "revolution": st.booleans()}),
)
BLIND = st.tuples(
    st.just("friday"),
    st.integers(2, 4),
    st.fixed_dictionaries({"blind": st.just(True)}, optional={"jokers": st.sampled_from([0, 2]), "revolution": st.booleans()}),
)


DECK = st.tuples(st.just("deck"), st.integers(2, 7), st.just({}))


# Shrinking a match of hundreds of draws takes minutes; a failure prints its seed to replay instead.
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(data=st.data(), table=st.one_of(CLASSIC, FRIDAY, BLIND, DECK), games=st.integers(1, 3))
def test_random_legal_matches(data, table, games):
    preset, count, options = table
    players = NAMES[:count]
    setups = [MatchSetup(system="president", players=players, preset=preset, options=options, mode=mode) for mode in ("full", "public")]
    created, public_created = (SYSTEM.start(setup) for setup in setups)
    state, public = SYSTEM.initial(created), SYSTEM.initial(public_created)
    events: list[msgspec.Struct] = []
    game_steps = 0
    while state.phase != "ended":
        if state.phase == "between" and len(state.games) == games:
            event: msgspec.Struct = MatchEnded()
        else:
            event = legal_action(state, data, lead_pass=game_steps % 10 == 0)
        SYSTEM.check(state, event)
        SYSTEM.check(public, public_twin(event))
        assert DECODE.decode(msgspec.json.encode(event)) == event
        SYSTEM.describe(state, event)
        json.dumps(SYSTEM.redact(state, event, SPECTATOR))
        state, public = SYSTEM.evolve(state, event), SYSTEM.evolve(public, public_twin(event))
        events.append(event)
        if state.phase == "playing":
            assert conserved(state)
            holders = [p for p in state.seating if state.hands[p].size or (p in state.piles and state.piles[p].size)]
            assert set(holders).isdisjoint(state.out) and len(holders) + len(state.out) == len(state.seating)
            assert public.turn == state.turn and public.reversed == state.reversed
            assert {p: h.size for p, h in public.hands.items()} == {p: h.size for p, h in state.hands.items()}
            game_steps += 1
            assert game_steps < 3000, "a game that never ends"
        else:
            game_steps = 0
        seen = SYSTEM.view(state, SPECTATOR)
        assert all("cards" not in hand for hand in seen["hands"].values())
        assert all("cards" not in pile for pile in seen.get("piles", {}).values())
    assert state.step == len(events) + 1
    assert replay(SYSTEM, created, events) == state
    assert len(state.games) == games
    for game in state.games:
        assert len(set(game.order)) == len(game.order)
        assert sum(game.points) == 0 or len(game.order) < 4
    assert set(state.players) >= set(players)
    assert SYSTEM.standings(public).placings == SYSTEM.standings(state).placings
    json.dumps(SYSTEM.view(state, Perspective("seat", players[0])))
