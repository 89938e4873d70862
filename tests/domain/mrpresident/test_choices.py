"""What `allowed` lists, and that it agrees with `check`.

The tables give the events after the standard setup (tests/support/mrpresident.py setup_events: four
players, Republicans Al (President, Kentucky, Campaign Ability 7, Press Support 4)
and Carl (VP, Ohio); Democrats Betty (President, Texas) and Dot (VP); Al plays first)
and what is then listed; each row's id names the sentence of mr-president.md.
The property test plays random games of every preset choosing only among `allowed`.
"""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.fold import replay
from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.mrpresident.ruleset import PRESETS, Ruleset
from domain.protocol import MatchSetup
from fixtures.random_player import build, play_random
from tests.support import mrpresident
from tests.support.mrpresident import TWO, cast, roll, setup_events, turn
from tests.support.mrpresident_choices import audit, raises

AT_HEADQUARTERS = [roll("Al", "Eastern", 3, 4), ev.HeadquartersVisited(player="Al")]
RUMOR_ON_BETTY = [*AT_HEADQUARTERS, ev.RumorDrawn(player="Al", state="DC")]


def types(choices) -> dict[str, int]:
    return dict(Counter(c.type for c in choices))


def picks_of(choices, type_: str, field: str) -> list[tuple]:
    """(among, least, most, limits) of each pick on `field` in choices of `type_`."""
    return [(p.among, p.least, p.most, p.limits) for c in choices if c.type == type_ for p in c.picks if p.field == field]


def row(id, given_events, listed, picks=None, **kw):
    return pytest.param(given_events, listed, picks or {}, kw, id=id)


TABLE = [
    row("Party affiliation is determined by lot or dice roll: each split of four into two parties", [], {"PartiesDrawn": 6, "UndecidedVotersSetAside": 1}, setup=False),
    row("Party affiliation is determined by lot: two players, one each", [], {"PartiesDrawn": 2, "UndecidedVotersSetAside": 1}, setup=False, players=TWO),
    row(
        "When four play, dice are rolled to see which player will be the presidential candidate",
        setup_events(mrpresident.FOUR)[:1],
        {"TicketChosen": 4, "UndecidedVotersSetAside": 1},
        setup=False,
    ),
    row(
        "When two play, each player chooses which of his Candidate Cards will be the presidential candidate",
        setup_events(TWO)[:1],
        {"TicketChosen": 2, "UndecidedVotersSetAside": 1},
        setup=False,
        players=TWO,
    ),
    row(
        "The two presidential candidates roll the dice to determine who will play first",
        setup_events(mrpresident.FOUR)[:4],
        {"FirstPlayerRolled": 2},
        setup=False,
    ),
    row(
        "After selecting a region, announce your choice and roll the dice: one region, two dice",
        [],
        {"DiceRolled": 1},
        {("DiceRolled", "regions"): [(["Eastern", "Southern", "Midwestern", "Western"], 1, 1, {})],
         ("DiceRolled", "dice"): [([1, 2, 3, 4, 5, 6], 2, 2, {str(d): 2 for d in range(1, 7)})]},
    ),
    row(
        "Example 1: Midwestern 2 and 4 reach Illinois, Michigan and Missouri; 7 cards held; a blunder is always possible",
        [roll("Al", "Midwestern", 2, 4)],
        {"BallotsCast": 1, "HeadquartersVisited": 2},
        {("BallotsCast", "ballots"): [(["IL", "MI", "MO"], 1, 7, {"IL": 5, "MI": 4, "MO": 3})]},
    ),
    row(
        "you may only cast two Ballots in D. C.: a full state is not offered to the party, the room left is",
        [roll("Al", "Eastern", 6, 6), cast("Al", "DC", "DC", "NY"), *turn("Betty", "Eastern", 1, 2, "CT"), roll("Carl", "Eastern", 6, 6)],
        {"BallotsCast": 1, "HeadquartersVisited": 4},
        {("BallotsCast", "ballots"): [(["NY", "VT"], 1, 6, {"NY": 4, "VT": 2})]},
    ),
    row(
        "You may go to Campaign Headquarters when you roll 7: go, or go and cast in Kentucky, blundering or not",
        [roll("Al", "Eastern", 3, 4)],
        {"BallotsCast": 1, "HeadquartersVisited": 4},
        {("HeadquartersVisited", "ballots"): [(["KY"], 1, 3, {"KY": 3})] * 2},
    ),
    row(
        "In the two-player game, the player must choose whether he is going to his President's home state or his V. P.'s",
        [roll("Al", "Eastern", 2, 3)],
        {"BallotsCast": 1, "HeadquartersVisited": 3},
        {("HeadquartersVisited", "ballots"): [(["KY"], 1, 3, {"KY": 3}), (["OH"], 1, 5, {"OH": 5})]},
        players=TWO,
    ),
    row(
        "Most of the cards are self-explanatory: at Headquarters only a card is drawn",
        AT_HEADQUARTERS,
        {"RumorDrawn": 1, "PressEndorsed": 1, "BulletinDrawn": 1, "HeadquartersCardDrawn": 3},
        {("PressEndorsed", "dice"): [([1, 2, 3, 4, 5, 6], 1, 2, {str(d): 2 for d in range(1, 7)})]},
    ),
    row(
        "If the candidate who drew the Rumor card is given cards by his opponent: Betty, between turns",
        RUMOR_ON_BETTY,
        {"DiceRolled": 1, "RumorBallotsGiven": 1},
    ),
    row(
        "At this point, each player may select two regions in which to campaign on his turn",
        [],
        {"DiceRolled": 1},
        {("DiceRolled", "regions"): [(["Eastern", "Southern", "Midwestern", "Western"], 1, 2, {})]},
        players=TWO,
        ballot_deck_size=4,
    ),
]


@pytest.mark.parametrize("given_events, listed, picks, kw", TABLE)
def test_listed(given_events, listed, picks, kw):
    state = mrpresident.given(*given_events, **kw)
    choices = SYSTEM.allowed(state)
    assert types(choices) == listed
    for (type_, field), expected in picks.items():
        assert picks_of(choices, type_, field) == expected
    rng = random.Random(0)
    for choice in choices:
        SYSTEM.check(state, build(SYSTEM, state, choice, rng))


def test_seals_offered_are_those_the_hand_holds():
    """“announce whether it is a President or a Vice President Ballot (according to
    seal)”: four players hold their own deck's seal; two hold both decks' cards unseen."""
    four = SYSTEM.allowed(mrpresident.given(roll("Al", "Eastern", 1, 3)))
    two = SYSTEM.allowed(mrpresident.given(roll("Al", "Eastern", 1, 3), players=TWO))
    assert [c.hints["ballots"]["seals"] for c in four if c.type == "BallotsCast"] == [{"P": 7}]
    assert [c.hints["ballots"]["seals"] for c in two if c.type == "BallotsCast"] == [{"P": 7, "VP": 7}]


def test_press_endorsement_uses_the_candidates_press_support_rating():
    """“Check your Candidate card to determine your Press Support rating”: Al's 4 is decided."""
    (press,) = [c for c in SYSTEM.allowed(mrpresident.given(*AT_HEADQUARTERS)) if c.type == "PressEndorsed"]
    assert press.event["press_support"] == 4 and press.hints["press"]["most"] == 12


def test_a_squelched_rumor_state_is_offered_beyond_the_limit():
    """“you must cast at least one Ballot you hold for this state even though you have
    been there the maximum number of times”: Betty filled D.C., Al's Rumor names it."""
    state = mrpresident.given(
        *turn("Al", "Eastern", 1, 2, "CT"), roll("Betty", "Eastern", 6, 6), cast("Betty", "DC", "DC"),
        *turn("Carl", "Eastern", 1, 2, "CT", seal="VP"), *turn("Dot", "Eastern", 1, 2, "CT", seal="VP"),
        *RUMOR_ON_BETTY, roll("Betty", "Eastern", 6, 6),
    )
    (cast_,) = [c for c in SYSTEM.allowed(state) if c.type == "BallotsCast"]
    assert cast_.picks[0].limits["DC"] == state.hands[1].total


def state_in(phase: str, seed: int = 3, **kw):
    created = mrpresident.created(**kw)
    state = SYSTEM.initial(created)
    for event in play_random(SYSTEM, created, random.Random(seed)):
        if state.phase == phase:
            return state
        state = SYSTEM.evolve(state, event)
    raise AssertionError(f"no {phase} phase")


@pytest.mark.parametrize("mode", ["popular", "electoral"])
def test_absentee_ballots_are_listed_per_party_all_set_aside_until_picked(mode):
    """“Remaining Absentee Ballots are dealt one at a time to the parties”; “Any unused
    Ballots are set aside.” For popular votes a state at its limit is not offered."""
    state = state_in("absentee", mode=mode)
    choices = SYSTEM.allowed(state)
    assert [(c.event["party"], c.event["set_aside"]) for c in choices] == list(zip(("Republican", "Democratic"), state.absentee_due))
    for party, choice in enumerate(choices):
        if not choice.picks:
            continue
        full = {p.entry.abbr for p in state.board.places if state.record[party][p.index] >= p.entry.limit}
        among = set(choice.picks[0].among)
        assert not (among & full) if mode == "popular" else among == set(state.board.by_abbr)


def test_each_region_is_tallied_separately():
    """“Each region is tallied separately.”: one count per region not yet counted,
    holding the votes typed in with the Ballots."""
    state = state_in("tally")
    choices = SYSTEM.allowed(state)
    assert [c.event["region"] for c in choices] == list(state.board.by_region)
    state = SYSTEM.evolve(state, build(SYSTEM, state, choices[0], random.Random(1)))
    assert [c.event["region"] for c in SYSTEM.allowed(state)] == list(state.board.by_region)[1:]


# Agreement with `check`: what is listed passes, what is not fails.


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    four=st.booleans(),
    mode=st.sampled_from(["popular", "electoral"]),
    deck=st.sampled_from([8, 40]),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_game_driven_only_by_allowed_agrees_with_check(preset, four, mode, deck, seed):
    players = mrpresident.FOUR if four else TWO
    created = SYSTEM.start(MatchSetup(system="mrpresident", players=players, mode=mode, preset=preset, options={"ballot_deck_size": deck}))
    rng = random.Random(seed)
    actions = play_random(SYSTEM, created, rng)
    state = SYSTEM.initial(created)
    for event in actions:
        if rng.random() < 0.2:
            audit(state, rng)
        state = SYSTEM.evolve(state, event)
    assert SYSTEM.finished(state) and SYSTEM.allowed(state) == []
    assert replay(SYSTEM, created, actions) == state
    assert raises(state, {"type": "RegionCounted", "region": next(iter(state.board.by_region)), "votes": {}})


def test_every_ruleset_option_is_described_and_the_presets_round_trip():
    properties = msgspec.json.schema(Ruleset)["$defs"]["Ruleset"]["properties"]
    assert set(properties) == set(Ruleset.__struct_fields__)
    assert all(p.get("description") for p in properties.values())
    for preset in PRESETS.values():
        assert msgspec.convert(msgspec.to_builtins(preset), Ruleset) == preset
