"""Every option of every game system's ruleset is bounded (`limits` on the fields of each ruleset.py, checked
at creation by domain/option_bounds.py; President's bounds that depend on the deck or the players in
domain/president/ruleset_bounds.py). Just past a bound, starting the match is refused by a rule naming the
option, yet a ruleset stored so still decodes (a match is never checked again on replay); at a bound, the match
starts and a random legal game (built only on `allowed`, fixtures/random_player.py) plays on without an
exception and without a dead match: a state where nothing is allowed and the match is not finished.

The edges come from the rulesets themselves: every bound a field declares (a number's minimum and maximum, a
text's or a list's length) and, for President, the bounds of ruleset_bounds.py."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple

import msgspec
import msgspec.inspect as mi
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domain
from domain.cards import JOKER
from domain.president import checks as president_checks
from domain.mrpresident.setup import UNDECIDED_PER_CANDIDATE
from domain.president.cards import Deck
from domain.president.ruleset_bounds import SHORTEST_SEQUENCE, largest_set, longest_sequence, smallest_hand
from domain.protocol import IllegalAction, MatchSetup
from fixtures.random_player import Stuck, play_random

MODES = {"president": ["full", "public"], "bid": [None], "mrpresident": ["popular", "electoral"]}
NAMES = ["Al", "Betty", "Carl", "Dana", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu", "Mo", "Ned", "Oz", "Pam", "Quin", "Rex", "Sue", "Tom"]
# President's bounds of ruleset_bounds.py, drawn by `president_edges` rather than from the field's type alone.
BOUNDED_BY_RULES = {"exchange", "max_set", "sequences", "revolution_sequence"}
FEW = 1000  # gifts an exchange may check: a few hundred at most (choices.GIFTS_MAX for each ask)
PLAYED_STEPS = 40
# Bounds a rule of the game says (and cites) in its own words, without the option's name.
REFUSED_BY_RULE = {
    # SETUP 4: "Each candidate shuffles his Ballot deck and removes three cards" (mrpresident/setup.py)
    ("mrpresident", "ballot_deck_size"): "mrpresident.undecided",
}
LOWEST_BY_RULE = {("mrpresident", "ballot_deck_size"): UNDECIDED_PER_CANDIDATE + 1}
# Fields a rule other than a bound keeps in check.
CHECKED_OTHERWISE = {
    # one of the named boards (refused otherwise), then the name of the board the match brings
    ("mrpresident", "board"),
}  # events of a match at a bound, enough to deal, play and, in a short game, exchange


class Edge(NamedTuple):
    """Options at (`fits`) or just past a bound of `field`, and the players of the match."""

    system: str
    preset: str
    field: str
    options: dict[str, Any]
    players: int
    fits: bool

    def setup(self, mode: str | None) -> MatchSetup:
        return MatchSetup(system=self.system, preset=self.preset, players=NAMES[: self.players], options=self.options, mode=mode)


def preset_players(system: str, ruleset: Any) -> int:
    if system == "president":
        return ruleset.blind_min_players if ruleset.blind else ruleset.min_players
    return 2


def filler(field: str, ruleset: Any, length: int) -> list[str]:
    """`length` codes for a list field: the preset's deck for `deck` and card lists, the ranks and new ones
    for `ranks`, single letters for suits."""
    if field == "ranks":
        return [*ruleset.ranks, *(f"X{i}" for i in range(length))][:length]
    if field == "suit_order":
        return [*"CDHSX"][:length]
    cards = list(getattr(ruleset, "deck", ())) or ["H", "S", "D", "C"]
    return (cards * (length // len(cards) + 1))[:length]


def declared(kind: Any) -> tuple[Any, dict[str, Any]]:
    """A field's or item's type and the bounds it declares (domain/option_bounds.py `limits`)."""
    if isinstance(kind, mi.Metadata):
        return kind.type, kind.extra_json_schema or {}
    return kind, {}


def sized(field: str, ruleset: Any, kind: Any, length: int) -> Any:
    """A value of `length` for a text, list or dict field, each item within its own bounds."""
    if isinstance(kind, mi.StrType):
        return "x" * length
    if isinstance(kind, mi.DictType):
        return {f"R{i}": "n" * (declared(kind.value_type)[1].get("maxLength") or 1) for i in range(length)}
    return filler(field, ruleset, length)


def typed_edges(system: str, preset: str) -> Iterator[Edge]:
    """At and just past every bound a ruleset field declares (`limits`: a number's, a text's or a list's)."""
    ruleset = domain.find(system).presets[preset]
    players = preset_players(system, ruleset)
    for field in mi.type_info(type(ruleset)).fields:
        if field.name in BOUNDED_BY_RULES and system == "president":
            continue
        kind, bounds = declared(field.type)
        items = kind.item_types if isinstance(kind, mi.TupleType) else [kind.item_type] if isinstance(kind, mi.VarTupleType) else []
        item_kind, item_bounds = declared(items[0]) if items else (None, {})
        base = list(getattr(ruleset, field.name, ()) or ()) if items else []
        if isinstance(kind, mi.IntType):
            low = bounds.get("minimum", LOWEST_BY_RULE.get((system, field.name)))
            high = bounds["maximum"]
            for value, fits in ((low, True), (high, True), (low - 1, False), (high + 1, False)):
                yield from _number_edge(system, preset, ruleset, field.name, value, fits, players)
        elif isinstance(item_kind, mi.IntType):
            low, high = item_bounds["minimum"], item_bounds["maximum"]
            for value, fits in ((low, True), (high, True), (low - 1, False), (high + 1, False)):
                yield Edge(system, preset, field.name, {field.name: [value, *base[1:]]}, players, fits)
        elif isinstance(kind, mi.TupleType) and isinstance(item_kind, mi.StrType):
            most = item_bounds["maxLength"]
            for length, fits in ((most, True), (most + 1, False)):
                yield Edge(system, preset, field.name, {field.name: ["x" * length, *base[1:]]}, players, fits)
        most = bounds.get("maxLength", bounds.get("maxItems", bounds.get("maxProperties")))
        if most is not None:
            for length, fits in ((most, True), (most + 1, False)):
                yield Edge(system, preset, field.name, {field.name: sized(field.name, ruleset, kind, length)}, players, fits)


def _number_edge(system: str, preset: str, ruleset: Any, field: str, value: int, fits: bool, players: int) -> Iterator[Edge]:
    """A player range at a bound moves its other end with it (a range of 20 to 7 is refused for its order);
    jokers get a rank where the preset has none."""
    options: dict[str, Any] = {field: value}
    pairs = {"min_players": "max_players", "max_players": "min_players", "blind_min_players": "blind_max_players", "blind_max_players": "blind_min_players"}
    if field in pairs and fits:
        options[pairs[field]] = value
        if field in ("min_players", "max_players") and not ruleset.blind:
            players = value
        if field in ("blind_min_players", "blind_max_players") and ruleset.blind:
            players = value
    if field == "jokers" and value and JOKER not in ruleset.ranks:
        options["ranks"] = [*ruleset.ranks, JOKER]
    if system == "president" and fits and players > 8:
        options["decks"] = 2  # every player a hand worth exchanging
    yield Edge(system, preset, field, options, players, fits)


def president_edges(preset: str) -> Iterator[Edge]:
    """At and just past the bounds of ruleset_bounds.py, each from the preset's deck and players."""
    ruleset = domain.find("president").presets[preset]
    players = preset_players("president", ruleset)
    deck = Deck.of(ruleset.deck, ruleset.ranks)
    hand, _ = smallest_hand(ruleset, deck, players)
    most = largest_set(ruleset, deck)
    longest = longest_sequence(ruleset)
    exchange = list(ruleset.exchange)
    for value, fits in ((hand, True), (hand + 1, False), (0, True)):
        yield Edge("president", preset, "exchange", {"exchange": [value, *exchange[1:]]}, players, fits)
    yield Edge("president", preset, "exchange", {"exchange": [hand] * (players // 2)}, players, True)
    for value, fits in ((most, True), (most + 1, False), (1, True), (0, False)):
        yield Edge("president", preset, "max_set", {"max_set": value}, players, fits)
    for field in ("sequences", "revolution_sequence"):
        for value, fits in ((0, True), (SHORTEST_SEQUENCE, True), (longest, True), (SHORTEST_SEQUENCE - 1, False), (longest + 1, False), (-1, False)):
            options = {field: value} | ({"sequences": SHORTEST_SEQUENCE} if field == "revolution_sequence" else {})
            yield Edge("president", preset, field, options, players, fits)


def every_edge() -> list[Edge]:
    edges = []
    for system in sorted(domain.systems()):
        for preset in domain.find(system).presets:
            edges += typed_edges(system, preset)
            if system == "president":
                edges += president_edges(preset)
    return edges


EDGES = every_edge()
PAST = [edge for edge in EDGES if not edge.fits]
AT = [edge for edge in EDGES if edge.fits]


def test_every_field_of_every_ruleset_has_its_edges_drawn() -> None:
    """No option is left unbounded: every number, text and list field of every ruleset has an edge past
    its bound (the rest are booleans and choices among named values)."""
    for system in domain.systems():
        fields = {
            field.name
            for field in mi.type_info(type(next(iter(domain.find(system).presets.values())))).fields
            if not isinstance(field.type.type if isinstance(field.type, mi.Metadata) else field.type, (mi.BoolType, mi.LiteralType))
        }
        fields -= {field for named, field in CHECKED_OTHERWISE if named == system}
        assert fields <= {edge.field for edge in PAST if edge.system == system}, system


@pytest.mark.parametrize("edge", PAST, ids=[f"{e.system}-{e.preset}-{e.field}-{list(e.options.values())[0]!r:.20}" for e in PAST])
def test_just_past_a_bound_the_match_is_refused_naming_the_option(edge: Edge) -> None:
    for mode in MODES[edge.system]:
        with pytest.raises(IllegalAction) as refused:
            domain.find(edge.system).start(edge.setup(mode))
        assert edge.field in str(refused.value) or refused.value.rule.id == REFUSED_BY_RULE.get((edge.system, edge.field))


# given options past a bound, then the words of the refusal (domain/option_bounds.py)
WORDED = [
    ("president", "classic", {"exchange": [100000000, 1]}, "exchange[0] must be at most 224, not 100000000"),
    ("president", "classic", {"rank_names": {"A": "x" * 41}}, "rank_names['A'] must be at most 40 characters, not 41"),
    ("president", "classic", {"ranks": []}, "ranks must hold at least 1 item, not 0"),
    ("president", "classic", {"min_players": 1}, "min_players must be at least 2, not 1"),
    ("bid", "text", {"suits": ["H", "S", "D", "C"]}, "suits must hold at most 3 items, not 4"),
    ("mrpresident", "basic", {"ballot_deck_size": 101}, "ballot_deck_size must be at most 100, not 101"),
]


@pytest.mark.parametrize(("system", "preset", "options", "words"), WORDED, ids=[row[3] for row in WORDED])
def test_a_refusal_names_the_option_its_place_and_its_bound(system: str, preset: str, options: dict[str, Any], words: str) -> None:
    setup = MatchSetup(system=system, preset=preset, players=NAMES[:4] if system == "president" else NAMES[:2], options=options, mode=MODES[system][0])
    with pytest.raises(IllegalAction) as refused:
        domain.find(system).start(setup)
    assert refused.value.what == words


@pytest.mark.parametrize("edge", PAST, ids=[f"{e.system}-{e.preset}-{e.field}-{list(e.options.values())[0]!r:.20}" for e in PAST])
def test_past_a_bound_a_stored_ruleset_still_decodes(edge: Edge) -> None:
    """DESIGN.md: "Check before append, never on replay": a match stored before a bound was tightened holds
    its ruleset as it was, and its first event decodes with the types of today (only creation checks)."""
    system = domain.find(edge.system)
    base = system.presets[edge.preset]
    stored = msgspec.convert(msgspec.to_builtins(base) | edge.options, type(base))
    assert msgspec.json.decode(msgspec.json.encode(stored), type=type(base)) == stored


@pytest.mark.parametrize("edge", AT, ids=[f"{e.system}-{e.preset}-{e.field}-{list(e.options.values())[0]!r:.20}" for e in AT])
def test_at_a_bound_the_match_starts(edge: Edge) -> None:
    for mode in MODES[edge.system]:
        created = domain.find(edge.system).start(edge.setup(mode))
        assert len(msgspec.json.encode(created)) < 64 * 1024


def playing_on(state: Any, choices: list[Any], rng: random.Random) -> Any:
    """Any choice but ending the match, so that later games (and their exchanges) are reached."""
    return rng.choice([choice for choice in choices if choice.type != "MatchEnded"] or choices)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edge=st.sampled_from(AT), seed=st.integers(0, 2**16), which=st.integers(0, 1))
def test_at_a_bound_a_random_legal_game_plays_on(edge: Edge, seed: int, which: int) -> None:
    system = domain.find(edge.system)
    modes = MODES[edge.system]
    created = system.start(edge.setup(modes[which % len(modes)]))
    try:
        play_random(system, created, random.Random(seed), steps=PLAYED_STEPS, choose=playing_on)
    except Stuck as stuck:  # pragma: no cover - the failure this test is for
        pytest.fail(f"{edge.options}: {stuck}")


def test_a_gift_of_most_of_a_large_hand_checks_few_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    """classic § End Game: “The scum must give the president his two highest cards”: with four decks and two
    players, a legal exchange of 40 of the 104 cards once listed its gifts by choosing 40 among every card
    at or above the 40th highest (about 10^13 sets: minutes, then a MemoryError). The highest cards are given;
    only those level with the cut are chosen among."""
    system = domain.find("president")
    setup = MatchSetup(system="president", players=["Al", "Betty"], options={"decks": 4, "min_players": 2, "exchange": [40]})
    created = system.start(setup)
    events = play_random(system, created, random.Random(1), steps=500, until=lambda state, _: state.phase == "exchanging")
    state = system.initial(created)
    for event in events:
        state = system.evolve(state, event)
    checked = []
    real = president_checks.check_exchange

    def counting(state: Any, event: Any) -> None:
        checked.append(event)
        if len(checked) > 10 * FEW:
            raise AssertionError("the exchange's gifts are chosen among the whole hand")
        real(state, event)

    monkeypatch.setattr(president_checks, "check_exchange", counting)
    listed = system.allowed(state)
    assert listed and all(choice.type == "CardsExchanged" for choice in listed)
    assert len(checked) <= FEW
