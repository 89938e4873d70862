"""`allowed` for President: given/when/then tables of what is listed in typical states, and a property
test that plays random matches of every preset and mode by choosing only among `allowed` (players.py),
asserting at random states that every listed choice, filled at random, passes `check`, and that sampled
candidates no listed choice covers (another player, a value outside `among`, a card more or fewer, a
pass or another action where none is listed) are refused."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from domain.president import SYSTEM
from domain.president.choices import DIRECTIONS
from domain.president.ruleset import Ruleset
from domain.protocol import Choice, IllegalAction, MatchSetup, Pick
from fixtures.random_player import build_data, decode, play_random, pool
from tests.support.president import DECK_HANDS

# -- given/when/then ------------------------------------------------------------------------------------

CLASSIC_LEAD = [
    "Play a 2", "Play a 3", "Play two 3s", "Play three 3s", "Play four 3s", "Play a 5", "Play a 7", "Play a 9",
    "Play two 9s", "Play a jack", "Play a queen", "Play a king", "Play an ace",
]


def given_state(kit, given: str, lines: list[str]):
    if given == "deck":
        state = kit.play(kit.new_match(preset="deck"), [kit.deal("Dana", DECK_HANDS)])
    elif given == "small":
        state = kit.small_match()
    elif given.startswith("game two"):
        state = kit.small_game_two(given.removeprefix("game two").strip() or "full")
    elif given == "new":
        state = kit.new_match()
    elif given == "friday public":
        state = kit.play(kit.new_match(preset="friday", mode="public"), [kit.deal("Dana", Al=13, Betty=13, Carl=13, Dana=13)])
    elif given == "equal beats":
        state = kit.classic_dealt(equal_rank_beats=True)
    else:
        state = kit.classic_dealt(given.removeprefix("classic").strip() or "full")
    return kit.play(state, lines)


# (id naming the rules sentence, given, lines recorded, labels listed (exactly, or at least with "…"), labels not listed)
ROWS = [
    ("classic first-lead: the leader plays any set of one kind from the hand, no pass", "classic", [], CLASSIC_LEAD, ["Pass"]),
    ("classic same-count + higher: a pair above two 9s, or a pass", "classic", ["Al plays 9C 9D"], ["Pass", "Play two 10s"], []),
    ("classic higher: nothing outranks an ace, so only the pass", "classic", ["Al plays AC"], ["Pass"], []),
    (
        "classic equal-or-outrank (equal_rank_beats): an equal card answers too",
        "equal beats", ["Al plays 9C"],
        ["Pass", "Play a 9", "Play a 10", "Play a jack", "Play a queen", "Play a king", "Play an ace"], [],
    ),
    (
        "knowledge, public mode: any triple of a rank not played yet, above the 3s",
        "classic public", ["Al plays 3C 3D 3H"],
        ["Pass"] + [f"Play three {rank}" for rank in ("4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings", "aces")],
        [],
    ),
    ("friday same-count: a set may be met or exceeded", "friday public", ["Al plays 5C 5D"], ["…", "Play two 6s", "Play three 6s"], ["Play a 6"]),
    ("friday single-top: a single 2 beats a pair", "friday public", ["Al plays 5C 5D"], ["…", "Play a 2"], ["Play an ace"]),
    ("classic game-end: the match ends only after a game", "new", [], ["Al deals", "Betty deals", "Carl deals", "Dana deals"], []),
    ("classic next-dealer: any player deals the next game; or the match ends", "small", [], ["…", "Dana deals", "End the match"], []),
    (
        "classic exchange-first/-second: the scum's and the worker's highest cards, the returns wait",
        "game two", [],
        ["Dana gives Al the highest two cards", "Betty gives Carl the highest card"], [],
    ),
    (
        "classic exchange-first: the president returns any two cards after the gift",
        "game two", ["Dana gives Al 8C 8D"],
        ["Al gives Dana two cards back", "Betty gives Carl the highest card"], [],
    ),
    (
        "knowledge, public mode: cards exchanged unseen or named",
        "game two public", [],
        ["…", "Dana gives Al two cards unseen", "Dana gives Al the highest two cards, naming the cards"], [],
    ),
    (
        "deck first-lead: the dealer chooses the direction and names who goes first",
        "deck", [],
        ["Play clockwise, naming who goes first", "Play counter-clockwise, naming who goes first"], [],
    ),
    ("deck set: a Doppelgänger duplicates any card", "deck", ["Dana chooses clockwise Al"], ["…", "Play two Citizens (or with Da)", "Play a Doppelgänger"], []),
    (
        "deck wild: a Doppelgänger only on a clean slate",
        "deck", ["Dana chooses clockwise Al", "Al plays 1a"],
        ["…", "Play a Bomb", "Play a Turd"], ["Play a Doppelgänger"],
    ),
    ("deck pass: “Players may pass at any time”: the leader too (leader_may_pass)", "deck", ["Dana chooses clockwise Al"], ["…", "Pass", "Play a Turd (or with Da)"], []),
    ("deck bomb: the Bomb resets whatever lies on the pile", "deck", ["Dana chooses clockwise Al", "Al plays 12a"], ["Pass", "Play a Bomb", "Play a President"], []),
]


@pytest.mark.parametrize("name, given, lines, listed, unlisted", ROWS, ids=[row[0] for row in ROWS])
def test_allowed_lists(kit, name, given, lines, listed, unlisted):
    state = given_state(kit, given, lines)
    labels = [choice.label for choice in SYSTEM.allowed(state)]
    if listed[:1] == ["…"]:
        assert set(listed[1:]) <= set(labels), labels
    else:
        assert labels == listed
    assert not set(unlisted) & set(labels)


def test_a_play_is_one_choice_per_rank_and_count_with_its_cards(kit):
    """classic § Play Game: “putting one, two, three, or four cards of the same kind”: two taps, the set
    and then its cards."""
    state = given_state(kit, "classic", [])
    threes = next(choice for choice in SYSTEM.allowed(state) if choice.label == "Play two 3s")
    assert threes.event == {"type": "CardsPlayed", "player": "Al"}
    assert threes.hints == {"rank": "3", "count": 2, "bomb": False, "wild": False}
    assert threes.picks == [Pick(field="cards", among=["3C", "3D", "3H", "3S"], least=2, most=2, label="which cards")]


def test_public_play_offers_the_cards_not_seen_elsewhere(kit):
    """DESIGN.md § Principles: “the checks use everything known and nothing more”."""
    state = given_state(kit, "classic public", ["Al plays 9C", "Betty plays 10C"])
    jacks = next(choice for choice in SYSTEM.allowed(state) if choice.label == "Play a jack")
    assert jacks.picks[0].among == ["JC", "JD", "JH", "JS"]
    state = kit.play(kit.classic_dealt("public", equal_rank_beats=True), ["Al plays 9C"])
    nines = next(choice for choice in SYSTEM.allowed(state) if choice.label == "Play a 9")
    assert nines.picks[0].among == ["9D", "9H", "9S"]


def test_full_deal_hints_what_the_page_supplies(kit):
    """classic § Preparation: the dealer “deals out all the cards in the deck face-down, clockwise, and one
    at a time”: the page deals `deck` round `order`."""
    deal = next(choice for choice in SYSTEM.allowed(kit.new_match()) if choice.label == "Dana deals")
    assert deal.event == {"type": "CardsDealt", "dealer": "Dana"} and deal.picks == []
    assert deal.hints["supply"] == ["hands"] and deal.hints["order"] == ["Al", "Betty", "Carl", "Dana"]
    assert deal.hints["sizes"] == {"Al": 13, "Betty": 13, "Carl": 13, "Dana": 13} and len(deal.hints["deck"]) == 52
    public = next(choice for choice in SYSTEM.allowed(kit.new_match(mode="public")) if choice.label == "Dana deals")
    assert public.event["sizes"] == {"Al": 13, "Betty": 13, "Carl": 13, "Dana": 13} and "supply" not in public.hints


def test_nothing_once_the_match_has_ended(kit):
    """domain/protocol.py § GameSystem.allowed: “Empty when the match is over.”"""
    assert SYSTEM.allowed(kit.play(kit.small_match(), ["end"])) == []


# -- random matches driven by `allowed` -----------------------------------------------------------------

NAMES = ["Al", "Betty", "Carl", "Dana", "Eve", "Fay", "Gus"]
MISSING = object()


def within(pick: Pick, value: Any) -> bool:
    if pick.most is None:
        return value in pick.among
    if not isinstance(value, list) or not pick.least <= len(value) <= pick.most:
        return False
    room = Counter(pool(pick))
    return all(room[item] >= taken for item, taken in Counter(value).items())


def supplied(field: str, value: Any, hints: dict[str, Any]) -> bool:
    if field == "hands":
        dealt = Counter(card for cards in value.values() for card in cards)
        return dealt == Counter(hints["deck"]) and {p: len(cards) for p, cards in value.items()} == hints["sizes"]
    if field == "cards":  # a hand entered by its holder: every card held, the rest among those it may be
        rest = Counter(value) - Counter(hints["held"])
        return len(value) == hints["size"] and rest.total() == len(value) - len(hints["held"]) and not rest - Counter(hints["may"])
    return isinstance(value, str) and bool(value.strip()) and value not in hints["taken"]


def covers(choice: Choice, event: dict[str, Any]) -> bool:
    """`event` can be built from `choice` within its bounds."""
    rest = dict(event)
    if rest.pop("type") != choice.type:
        return False
    if any(rest.pop(field, MISSING) != value for field, value in choice.event.items() if field != "type"):
        return False
    if not all(within(pick, rest.pop(pick.field, MISSING)) for pick in choice.picks):
        return False
    if not all(supplied(field, rest.pop(field, MISSING), choice.hints) for field in choice.hints.get("supply", [])):
        return False
    return not rest


def alternatives(state, pick: Pick, value: Any) -> list[Any]:
    """Values for a pick's field other than those it allows."""
    universe = {
        "cards": list(state.deck.copies),
        "card": list(state.deck.copies),
        "asked": ["high", "low", "middle"],
        "direction": [*DIRECTIONS, "up"],
    }.get(pick.field, [*state.seating, "Zed"])
    if pick.most is None:
        return universe
    more = [value + [extra] for extra in universe]
    fewer = [value[:index] + value[index + 1 :] for index in range(len(value))]
    swapped = [value[:-1] + [other] for other in universe]
    return more + fewer + swapped


def candidates(state, choices: list[Choice], rng: random.Random) -> list[dict[str, Any]]:
    """Events near the listed ones, and one of each kind for every seat."""
    found: list[dict[str, Any]] = [{"type": "MatchEnded"}]
    for seat in state.seating:
        found += [{"type": "PlayerPassed", "player": seat}, {"type": "CardDrawn", "player": seat}]
        found += [{"type": "PlayerLeft", "player": seat}, {"type": "DirectionChosen", "player": seat, "direction": "clockwise"}]
        deck = list(state.ruleset.deck)
        rng.shuffle(deck)
        dealt: dict[str, Any] = {"type": "CardsDealt", "dealer": seat}
        order = [*state.seating[state.seating.index(seat) + 1 :], *state.seating[: state.seating.index(seat) + 1]]
        if state.mode == "full":
            dealt["hands"] = {player: deck[place :: len(order)] for place, player in enumerate(order)}
        else:
            base, extra = divmod(len(deck), len(order))
            dealt["sizes"] = {player: base + (place < extra) for place, player in enumerate(order)}
        found.append(dealt)
    found.append({"type": "PlayerJoined", "player": state.seating[0]})
    for choice in choices:
        event = build_data(SYSTEM, state, choice, rng)
        for actor in ("player", "giver"):
            if actor in event and choice.type != "PlayerJoined":
                found += [event | {actor: seat} for seat in state.seating if seat != event[actor]]
        for pick in choice.picks:
            found += [event | {pick.field: other} for other in alternatives(state, pick, event[pick.field])]
    return found


def assert_agrees(state, choices: list[Choice], rng: random.Random, unlisted: int = 12) -> None:
    for choice in choices:
        event = build_data(SYSTEM, state, choice, rng)
        assert covers(choice, event)
        SYSTEM.check(state, decode(SYSTEM, event))
    near = candidates(state, choices, rng)
    rng.shuffle(near)
    refused = 0
    for event in near:
        if refused == unlisted:
            break
        if any(covers(choice, event) for choice in choices):
            continue
        try:
            action = decode(SYSTEM, event)
        except msgspec.ValidationError:
            continue
        refused += 1
        with pytest.raises(IllegalAction):
            SYSTEM.check(state, action)


TABLES = st.one_of(
    *[st.tuples(st.just(preset), st.integers(ruleset.min_players, min(ruleset.max_players, 6)), st.just({})) for preset, ruleset in SYSTEM.presets.items()],
    st.tuples(st.just("friday"), st.integers(2, 4), st.fixed_dictionaries({"blind": st.just(True)}, optional={"jokers": st.just(2)})),
    st.tuples(st.just("friday"), st.integers(3, 5), st.just({"jokers": 2, "revolution": True})),
)
STEPS = 400


# Shrinking a match of hundreds of steps takes minutes; a failure prints its table, mode and seed instead.
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(table=TABLES, mode=st.sampled_from(["full", "public", "holders"]), seed=st.integers(0, 2**32 - 1))
def test_random_matches_driven_by_allowed_agree_with_check(table, mode, seed):
    preset, count, options = table
    assume(not (mode == "holders" and options.get("blind")))  # docs/house-rules.md: Blind President's piles are face down
    created = SYSTEM.start(MatchSetup(system="president", players=NAMES[:count], preset=preset, options=options, mode=mode))
    rng = random.Random(seed)
    events = play_random(SYSTEM, created, rng, steps=STEPS)
    state = SYSTEM.initial(created)
    for event in events:
        if rng.random() < 0.08:
            assert_agrees(state, SYSTEM.allowed(state), rng)
        state = SYSTEM.evolve(state, event)
    assert SYSTEM.finished(state) or len(events) == STEPS, f"allowed lists nothing in phase {state.phase}"
    if SYSTEM.finished(state):
        assert SYSTEM.allowed(state) == []
    else:
        assert_agrees(state, SYSTEM.allowed(state), rng)


# -- the ruleset's options, described for the /new page ------------------------------------------------


def test_every_ruleset_option_is_described():
    """The /new page shows each field's description beside it (msgspec.json.schema of the Ruleset)."""
    fields = msgspec.json.schema(Ruleset)["$defs"]["Ruleset"]["properties"]
    assert set(fields) == set(Ruleset.__struct_fields__)
    assert [name for name, field in fields.items() if not field.get("description", "").strip()] == []


@pytest.mark.parametrize("preset", list(SYSTEM.presets))
def test_presets_round_trip(preset):
    ruleset = SYSTEM.presets[preset]
    assert msgspec.convert(msgspec.to_builtins(ruleset), Ruleset) == ruleset
    assert msgspec.json.decode(msgspec.json.encode(ruleset), type=Ruleset) == ruleset


def test_daifugo_groups_are_listed_lowest_value_first(kit):
    """docs/daifugo.md § The rules: ranks “3 (lowest) … K, A, 2 (highest)”; the plays are listed lowest value
    first (choices_play.py), so a 10 comes after a 9 and a 2 after an ace, not in the order of their codes."""
    hands = {
        "Al": "3D 4H 5S 9C 10S JD QD KD AS 2C JK1",
        "Betty": "3C 3H 3S 4C 4D 4S 5C 5D 5H 6C 6D",
        "Carl": "6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 9D",
        "Dana": "9H 9S 10C 10D 10H JC JH JS QC QH",
        "Eve": "QS KC KH KS AC AD AH 2D 2H 2S",
    }
    state = kit.play(kit.new_match(["Al", "Betty", "Carl", "Dana", "Eve"], preset="daifugo"), [kit.deal("Eve", hands)])
    singles = [choice.event["cards"][0] for choice in SYSTEM.allowed(state) if choice.player == "Al" and len(choice.event.get("cards", ())) == 1]
    assert singles == ["3D", "4H", "5S", "9C", "10S", "JD", "QD", "KD", "AS", "2C", "JK1"]
