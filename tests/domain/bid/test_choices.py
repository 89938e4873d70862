"""`allowed` for Presidential Bid: rule tables for what is listed in typical states
(given the events so far, then these choices), the ruleset's option descriptions,
and a property test that `allowed` agrees with `check` in random legal games of
every preset, played only through `allowed` (fixtures/random_player.py)."""

from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.bid import SYSTEM
from domain.cards import RANKS, suit_cards
from domain.cards import SUIT_NAMES as SUITS
from domain.cards import suit_of as suit
from domain.bid.ruleset import PRESETS, Ruleset
from domain.fold import checked_states
from domain.protocol import Choice, IllegalAction, MatchSetup
from fixtures.random_player import covered, decode, fill, play_random

THREE = ("Al", "Betty", "Cy")


def cards_words(among: list[str]) -> str:
    """A pick's cards in short: “hearts”, “spades but QS”, “only AC”."""
    suits = {suit(card) for card in among}
    if len(suits) != 1:
        return " ".join(among)
    full = suit_cards(suits.pop())
    missing = [card for card in full if card not in among]
    if not missing:
        return SUITS[suit(among[0])]
    if len(among) < len(missing):
        return "only " + " ".join(among)
    return f"{SUITS[suit(among[0])]} but {' '.join(missing)}"


def summary(choice: Choice) -> str:
    """A choice as a row of the table reads it: who, what, and what is left to pick
    (or, when nothing is, the decided bids)."""
    head = f"{choice.player or 'table'} {choice.type}"
    if choice.picks:
        return head + " " + "; ".join(f"{pick.label}: {cards_words(pick.among)}" for pick in choice.picks)
    return head + " " + " ".join(f"{bid['player']} {bid['card']}" for bid in choice.event["bids"])


SHOWN_TWO = "table BidsRevealed Al's card: hearts; Betty's card: spades"
COMMITS_TWO = ["Al BidCommitted Al's sealed card: hearts", "Betty BidCommitted Betty's sealed card: spades"]

LISTED_ROWS = [
    pytest.param([], "text", ["table DistrictRevealed Club turned up: clubs"], id="play: “Play begins with the top card of the club draw pile being drawn and displayed.”: any club"),
    pytest.param(["round 7C Al 9H Betty QS"], "text", ["table DistrictRevealed Club turned up: clubs but 7C"], id="setup: “Shuffle all of the clubs together and place them face down as a draw pile.”: each club once"),
    pytest.param(["rounds 12"], "text", ["table DistrictRevealed Club turned up: only AC"], id="setup: the draw pile's last club"),
    pytest.param(["up 7C"], "table", [SHOWN_TWO], id="play: “Each player chooses a card from their hand and shows it simultaneously.”"),
    pytest.param(["up 7C"], "text", [SHOWN_TWO, *COMMITS_TWO], id="sealed: “When the ruleset allows sealed bids, a player may commit a bid before the bids are shown.”"),
    pytest.param(["round 7C Al 9H Betty QS", "up 8C"], "table", ["table BidsRevealed Al's card: hearts but 9H; Betty's card: spades but QS"], id="play: a card shown (“They place their card on that district space.”) is out of the hand"),
    pytest.param(["round 7C Al 9H Betty 9S", "up 8C"], "all-cards", ["table BidsRevealed Al's card: hearts but 9H; Betty's card: spades but 9S", "Al BidCommitted Al's sealed card: hearts but 9H", "Betty BidCommitted Betty's sealed card: spades but 9S"], id="play: “If there is a tie, the district remains neutral”: the tied cards are used too"),
    pytest.param(["up 7C", "commit Al 9H"], "text", ["Betty BidCommitted Betty's sealed card: spades"], id="sealed: “A committed bid cannot be changed.” and the reveal waits for Betty"),
    pytest.param(["up 7C", "commit Al 9H", "commit Betty QS"], "text", ["table BidsRevealed Al 9H Betty QS"], id="sealed: “…the bids are shown when every player has committed, each showing the card committed.”"),
    pytest.param(["rounds 13"], "text", [], id="play: “Play like this continues for thirteen rounds.”: then nothing"),
]


@pytest.mark.parametrize(("given_events", "preset", "listed"), LISTED_ROWS)
def test_what_is_listed(table, given_events, preset, listed):
    assert [summary(choice) for choice in SYSTEM.allowed(table.state(given_events, preset=preset))] == listed


THREE_PLAYER_ROWS = [
    pytest.param(["up 7C"], "table", ["table BidsRevealed Al's card: hearts; Betty's card: spades; Cy's card: diamonds"], id="setup: “Give one of the remaining suits to each player in the game.”: three bids"),
    pytest.param(["up 7C", "commit Cy 2D"], "text", ["Al BidCommitted Al's sealed card: hearts", "Betty BidCommitted Betty's sealed card: spades"], id="sealed: Cy has committed, Al and Betty may"),
]


@pytest.mark.parametrize(("given_events", "preset", "listed"), THREE_PLAYER_ROWS)
def test_what_is_listed_for_three(table, given_events, preset, listed):
    assert [summary(choice) for choice in SYSTEM.allowed(table.state(given_events, THREE, preset=preset))] == listed


def test_the_club_choice_names_the_round_and_each_club_s_region(table):
    """board: “Districts are labeled with a club suited card”: the page shows where each is."""
    [choice] = SYSTEM.allowed(table.state(["round 7C Al 9H Betty QS"]))
    assert choice.label == "Turn up the club for round 2"
    assert choice.hints["round"] == 2
    assert choice.hints["regions"]["2C"] == "North" and "7C" not in choice.hints["regions"]


def test_labels_are_words(table):
    labels = [choice.label for choice in SYSTEM.allowed(table.state(["up 7C"]))]
    assert labels == ["Show the bids for district 7♣", "Al commits a sealed bid", "Betty commits a sealed bid"]


def test_every_ruleset_option_has_a_description_and_the_presets_round_trip():
    """The /new page shows each option's description beside it."""
    schema = msgspec.json.schema(Ruleset)
    properties = schema["$defs"]["Ruleset"]["properties"]
    assert set(properties) == set(Ruleset.__struct_fields__)
    assert [name for name, field in properties.items() if not field.get("description", "").strip()] == []
    for preset in PRESETS.values():
        assert msgspec.convert(msgspec.to_builtins(preset), Ruleset) == preset
        assert msgspec.json.decode(msgspec.json.encode(preset), type=Ruleset) == preset


# --- agreement with `check` in random legal games -------------------------------


def candidate_card(rng: random.Random, own_suit: str) -> str:
    """Mostly a card of the bidder's own suit (used or not), else any card or none."""
    roll = rng.random()
    if roll < 0.6:
        return rng.choice(RANKS) + own_suit
    if roll < 0.95:
        return rng.choice(RANKS) + rng.choice("CDHS")
    return rng.choice(["1H", "XS", ""])


def candidates(state, rng: random.Random, count: int) -> list[dict]:
    """Events of every kind, for any player (and one not in the match), with cards in
    and out of hand, bids missing, doubled or from a stranger: mostly not listed."""
    seats = [(seat.player, seat.suit) for seat in state.match.players] + [("Ed", "H")]
    out: list[dict] = []
    for _ in range(count):
        kind = rng.randrange(3)
        if kind == 0:
            out.append({"type": "DistrictRevealed", "district": candidate_card(rng, "C")})
        elif kind == 1:
            player, own = rng.choice(seats)
            out.append({"type": "BidCommitted", "player": player, "card": candidate_card(rng, own)})
        else:
            bids = [{"player": player, "card": candidate_card(rng, own)} for player, own in seats[:-1]]
            change = rng.randrange(4)
            if change == 1:
                bids.pop(rng.randrange(len(bids)))
            elif change == 2:
                bids.append(dict(rng.choice(bids)))
            elif change == 3:
                bids.append({"player": "Ed", "card": candidate_card(rng, "H")})
            out.append({"type": "BidsRevealed", "bids": bids})
    return out


def refusal(state, data: dict) -> IllegalAction | None:
    try:
        SYSTEM.check(state, decode(SYSTEM, data))
    except IllegalAction as refused:
        return refused
    return None


def assert_agrees_with_check(state, rng: random.Random) -> None:
    choices = SYSTEM.allowed(state)
    for choice in choices:
        for _ in range(3):
            data = fill(choice, rng)
            assert covered(choice, data), (choice, data)
            assert refusal(state, data) is None, (choice.label, data)
    for data in candidates(state, rng, 12):
        listed = any(covered(choice, data) for choice in choices)
        assert (refusal(state, data) is None) == listed, (data, [choice.label for choice in choices])


@settings(max_examples=30, deadline=None)
@given(
    preset=st.sampled_from(sorted(SYSTEM.presets)),
    players=st.sampled_from([("Al", "Betty"), THREE]),
    seed=st.integers(0, 2**32 - 1),
)
def test_allowed_agrees_with_check_in_random_games_of_every_preset(preset, players, seed):
    """Every listed choice filled at random passes `check`; a candidate no choice lists
    is refused; a game played only through `allowed` ends after thirteen rounds
    (presidential-bid.txt § play: “Play like this continues for thirteen rounds.”),
    and then nothing is listed."""
    rng = random.Random(seed)
    created = SYSTEM.start(MatchSetup(system="bid", players=list(players), preset=preset))
    events = play_random(SYSTEM, created, rng, steps=200)
    state = SYSTEM.initial(created)
    assert_agrees_with_check(state, rng)
    for state in checked_states(SYSTEM, state, events):
        assert_agrees_with_check(state, rng)
    assert SYSTEM.finished(state)
    assert SYSTEM.allowed(state) == []
    assert len(state.districts) == 13


def test_every_preset_is_played_through_allowed():
    """The property test above samples presets; this pins that each one ends."""
    for preset in SYSTEM.presets:
        created = SYSTEM.start(MatchSetup(system="bid", players=list(THREE), preset=preset))
        events = play_random(SYSTEM, created, random.Random(preset), steps=200)
        assert SYSTEM.finished(list(checked_states(SYSTEM, SYSTEM.initial(created), events))[-1])
