"""Random legal matches of the daifugo preset (docs/daifugo.md), every action chosen among what `allowed` lists
(fixtures/random_player.py `play_random`). Invariants: cards are conserved; each game scores 5, 4, 3, 2, 1; replaying the
events without checks gives the same state; every event round-trips through JSON; a public record of the same
table (hand sizes at the deal, exchanges unseen) accepts every action and ends with the same standings."""

from __future__ import annotations

import json
import random
from collections import Counter

import msgspec
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from domain.fold import replay
from domain.president import SYSTEM
from domain.president.events import Action, CardsPlayed, PlayerPassed
from domain.protocol import SPECTATOR, MatchSetup
from fixtures.random_player import play_random
from tests.support.president import public_twin

DECODE = msgspec.json.Decoder(Action)
FIVE = ["Al", "Betty", "Carl", "Dana", "Eve"]


def conserved(state) -> bool:
    held = Counter(card for hand in state.hands.values() for card in hand.known)
    return held + Counter(state.played) == Counter(state.ruleset.deck)


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_daifugo_matches(seed):
    setups = [MatchSetup(system="president", players=FIVE, preset="daifugo", mode=mode) for mode in ("full", "public")]
    created, public_created = (SYSTEM.start(setup) for setup in setups)
    events = play_random(SYSTEM, created, random.Random(seed), steps=500)
    state, public = SYSTEM.initial(created), SYSTEM.initial(public_created)
    for event in events:
        twin = public_twin(event)
        SYSTEM.check(public, twin)
        assert DECODE.decode(msgspec.json.encode(event)) == event
        SYSTEM.describe(state, event)
        json.dumps(SYSTEM.redact(state, event, SPECTATOR))
        state, public = SYSTEM.evolve(state, event), SYSTEM.evolve(public, twin)
        if state.phase == "playing":
            assert conserved(state)
            assert {p: h.size for p, h in public.hands.items()} == {p: h.size for p, h in state.hands.items()}
            assert public.reversed == state.reversed and public.trick == state.trick
    assert state.games, "a game is played out within the steps"
    for game in state.games:
        assert sorted(game.points) == [1, 2, 3, 4, 5] and len(set(game.order)) == 5
    assert replay(SYSTEM, created, events) == state
    assert SYSTEM.standings(public).placings == SYSTEM.standings(state).placings


def test_the_random_player_reaches_the_special_plays():
    """Not a rule: a guard that the random player of the matches above reaches the shaped plays (two seeds that
    do, deterministic for a seed): sequences, a Joker standing for a card, a Joker past the ends of a sequence, a
    revolution and a leader's pass."""
    sequences = jokers = past_ends = revolutions = leader_passes = 0
    for seed in (49, 119):
        created = SYSTEM.start(MatchSetup(system="president", players=FIVE, preset="daifugo"))
        events = play_random(SYSTEM, created, random.Random(seed), steps=600)
        state = SYSTEM.initial(created)
        for event in events:
            after = SYSTEM.evolve(state, event)
            if isinstance(event, CardsPlayed):
                ranks = {state.deck.rank[card] for card in event.cards} - {"JK"}
                sequences += len(ranks) > 1
                jokers += event.joker_as is not None
                past_ends += (event.joker_as or "")[:1] in ("-", "+")
                revolutions += after.reversed != state.reversed
            elif isinstance(event, PlayerPassed):
                leader_passes += state.phase == "playing" and not state.trick
            state = after
    assert sequences and jokers and past_ends and revolutions and leader_passes


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_random_daifugo_match_round_trips_through_its_notation(seed):
    """docs/notation.md § President: a play with a Joker standing for a card is written `… as 5H` (`as 7` for a
    fifth 7, `as -S` / `as +S` past the ends of a sequence) and read back to the same event: the whole match is
    written in words (no `Tag {json}` line) and parsed back to the same events."""
    from domain.notation_file import parse_match, write_match

    created = SYSTEM.start(MatchSetup(system="president", players=FIVE, preset="daifugo"))
    events = play_random(SYSTEM, created, random.Random(seed), steps=300)
    text = write_match([created, *events])
    assert "{" not in text.split("\n\n", 1)[1]
    parsed_setup, parsed = parse_match(text)
    assert SYSTEM.start(parsed_setup) == created
    assert parsed == events


def test_the_jokers_new_stands_are_written_and_read_back(kit):
    """docs/daifugo.md § The rules: “1–5 cards of one rank” and “including one past either end”: five of a kind
    (`as 9`) and a Joker below the 3 (`as -H`) in words, and the terse forms typed at the table."""
    from domain.notation import parse_line, write_line

    hands = {
        "Al": "3D 3H 4H 5H 6H 7H 9C 9D 9H 9S JK1", "Betty": "3S 5C 6C 10C 10D 10H QC QD KC KD AH",
        "Carl": "3C 4D 5D 6D 7D 8D JC JD JH QH KH", "Dana": "4C 4S 5S 6S 7S 8S 10S JS QS KS",
        "Eve": "7C 8C 8H AC AD AS 2C 2D 2H 2S",
    }
    state = kit.play(kit.new_match(FIVE, preset="daifugo"), [kit.deal("Eve", hands)])
    for event, words, terse in (
        (CardsPlayed(player="Al", cards=("9C", "9D", "9H", "9S", "JK1"), joker_as="9"), "Al plays 9C 9D 9H 9S JK1 as 9", "a 9c 9d 9h 9s jk1 as 9"),
        (CardsPlayed(player="Al", cards=("JK1", "3H", "4H"), joker_as="-H"), "Al plays JK1 3H 4H as -H", "a jk1 3h 4h as -h"),
        (CardsPlayed(player="Al", cards=("4H", "5H", "JK1"), joker_as="6H"), "Al plays 4H 5H JK1 as 6H", "a 4h 5h jk1 as 6h"),
    ):
        assert write_line(SYSTEM, state, event) == words
        assert parse_line(SYSTEM, state, words) == event == parse_line(SYSTEM, state, terse)
    # "as" is the ace of spades too: without a Joker before it, a card.
    assert parse_line(SYSTEM, state, "e ac ad as").cards == ("AC", "AD", "AS")
