"""The text notation (domain/notation.py and domain/notation_file.py, docs/notation.md): whole matches round-trip,
terse lines typed at the table parse to the events the long lines say, and a line that
does not parse is refused naming the token at fault."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domain
from domain.fold import replay
from domain.notation import NotationError, parse_line, write_line
from domain.notation_file import parse_match, write_match
from domain.protocol import MatchSetup
from fixtures.random_player import play_random

SETUPS = [
    *(MatchSetup(system="president", players=["Al", "Betty", "Carl", "Dana"], preset=p, mode=m)
      for p in ("classic", "friday", "deck") for m in ("full", "public")),
    MatchSetup(system="president", players=["Al", "Bo"], preset="friday", options={"blind": True}, mode="full", title="blind"),
    MatchSetup(system="president", players=["Al", "Betty", "Carl", "Dana"], mode="holders"),
    *(MatchSetup(system="bid", players=["Al", "Betty", "Carl"], preset=p) for p in ("text", "all-cards", "table")),
    *(MatchSetup(system="mrpresident", players=["Al", "Betty", "Carl", "Dot"], preset=p, mode=m)
      for p in ("basic", "basic-2024") for m in ("popular", "electoral")),
    MatchSetup(system="mrpresident", players=["Al", "Betty"], mode="popular"),
    *(MatchSetup(system="mrpresident", players=players, preset="advanced", mode=m)
      for players, m in ((["Al", "Betty", "Carl", "Dot"], "electoral"), (["Al", "Betty"], "popular"))),
    MatchSetup(system="mrpresident", players=["Al", "Betty", "Carl", "Dot"], preset="advanced", mode="electoral",
               options={"incumbent": "Democratic", "incumbent_president": "Thomas Rourke"}),
    # names the lines and the Players tag must carry: a comma, a quote
    MatchSetup(system="president", players=["Al", "Smith, Jr.", 'Bo "B"', "Dana"], mode="full"),
    MatchSetup(system="mrpresident", players=["Smith, Jr.", 'Bo "B"', "Carl", "Dot"], preset="advanced", mode="electoral"),
]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**32 - 1))
def test_a_random_legal_match_round_trips_through_its_notation(setup, seed):
    """Any legal match (President, Presidential Bid, Mr. President basic and advanced,
    names with commas and quotes) is written, parsed back to the same setup and events
    (its Result tag agreeing), and written again to the same text."""
    system = domain.find(setup.system)
    created = system.start(setup)
    events = play_random(system, created, random.Random(seed))
    text = write_match([created, *events])
    parsed_setup, parsed = parse_match(text)
    assert system.start(parsed_setup) == created
    assert parsed == events
    assert write_match([created, *parsed]) == text
    if setup.system == "mrpresident" and all(name.isalpha() for name in setup.players):
        assert "{" not in text.split("\n\n", 1)[1]  # every Mr. President action in words


def _state(setup: MatchSetup, seed: int = 0, steps: int = 0):
    system = domain.find(setup.system)
    created = system.start(setup)
    events = play_random(system, created, random.Random(seed), steps=steps) if steps else []
    return system, replay(system, created, events)


FULL = MatchSetup(system="president", players=["Al", "Betty", "Carl", "Dana"], mode="full")
HANDS = {
    "Al": "3C 3D 3H 3S 5C 7C 9C 9D JC QC KC AC 2C",
    "Betty": "4C 4D 5D 6C 6D 7D 9H 10C 10D JD QD KD AD",
    "Carl": "4H 5H 6H 7H 8C 8D 9S 10H JH QH KH AH 2D",
    "Dana": "2H 2S 4S 5S 6S 7S 8H 8S 10S JS QS KS AS",
}
DEAL_TERSE = "deal d: " + "; ".join(f"{p[:1].lower()} {cards.lower()}" for p, cards in HANDS.items())


def _dealt():
    system, state = _state(FULL)
    event = parse_line(system, state, DEAL_TERSE)
    return system, system.evolve(state, event)


@pytest.mark.parametrize(
    ("terse", "long"),
    [
        ("a p", "Al passes"),
        ("a 4x3", "Al plays 3C 3D 3H 3S"),
        ("a 9c 9d", "Al plays 9C 9D"),
        ("al plays 9c", "Al plays 9C"),
        ("1. a 2x9", "Al plays 9C 9D"),  # a step number in front is read past
        ("end", "the match ends"),
    ],
)
def test_president_terse_lines_say_what_the_long_lines_say(terse, long):
    """Given Dana's deal (Al leads), when a terse line is typed, then it is the event
    the long line says, and that event is written back as the long line."""
    system, state = _dealt()
    event = parse_line(system, state, terse)
    assert event == parse_line(system, state, long)
    assert write_line(system, state, event) == long.removeprefix("1. ")


def test_a_full_deal_typed_tersely_names_every_hand():
    system, state = _state(FULL)
    event = parse_line(system, state, DEAL_TERSE)
    assert write_line(system, state, event).startswith("Dana deals: Al 3C 3D 3H 3S 5C")
    system.check(state, event)


def test_a_public_deal_is_typed_as_who_deals():
    system, state = _state(MatchSetup(system="president", players=["Al", "Betty", "Carl", "Dana"], mode="public"))
    event = parse_line(system, state, "deal d")
    assert write_line(system, state, event).startswith("Dana deals: ")
    assert event.sizes == {"Al": 13, "Betty": 13, "Carl": 13, "Dana": 13}


@pytest.mark.parametrize(
    ("line", "token", "words"),
    [
        ("x p", "x", "not a player"),
        ("a 9z", "9z", "not a card"),
        ("a 5x9", "5x9", "cannot play"),
        ("a 3x3", "3x3", "which 3? type the cards, from 3C 3D 3H 3S"),
        ("a", "Al", "what does Al do"),
        ("a g", "Al", "to whom"),
        ("a cw", None, None),  # parses (the rules refuse it: no direction in classic)
        ("Zed 9c", "Zed", "not a player"),
        ('CardsPlayed {"player": 3}', "CardsPlayed", "do not fit"),
        ('Bogus {"a": 1}', "Bogus", "not an event"),
    ],
)
def test_a_president_line_that_does_not_parse_names_its_token(line, token, words):
    system, state = _dealt()
    if token is None:
        parse_line(system, state, line)
        return
    with pytest.raises(NotationError) as refused:
        parse_line(system, state, line)
    assert refused.value.token == token
    assert words in str(refused.value)


def test_a_prefix_two_players_share_is_refused_naming_both():
    system, state = _state(MatchSetup(system="president", players=["Al", "Alma", "Carl", "Dana"], mode="public"))
    with pytest.raises(NotationError, match="Al or Alma|could be"):
        parse_line(system, state, "deal a")
    assert parse_line(system, state, "deal al").dealer == "Al"  # an exact name wins


BID = MatchSetup(system="bid", players=["Al", "Betty", "Carl"], preset="table")


@pytest.mark.parametrize(
    ("steps", "terse", "long"),
    [
        (0, "7c", "7C turned up"),
        (1, "a 9h b ks c 2d", "bids shown: Al 9H, Betty KS, Carl 2D"),
    ],
)
def test_bid_terse_lines(steps, terse, long):
    system, state = _state(BID, steps=steps)
    event = parse_line(system, state, terse)
    assert write_line(system, state, event) == long
    assert parse_line(system, state, long) == event


def test_a_sealed_bid_is_one_player_and_a_card():
    system, state = _state(MatchSetup(system="bid", players=["Al", "Betty"], preset="text"), steps=1)
    event = parse_line(system, state, "a 9h")
    assert write_line(system, state, event) == "Al seals 9H"


def test_a_bid_line_with_a_lone_player_is_refused_naming_it():
    system, state = _state(BID, steps=1)
    with pytest.raises(NotationError) as refused:
        parse_line(system, state, "a 9h b")
    assert refused.value.token == "b"


MRP = MatchSetup(system="mrpresident", players=["Al", "Betty"], mode="popular")


@pytest.mark.parametrize(
    ("terse", "long"),
    [
        ("a roll midwest 3 4", "Al rolls 3 4 for Midwestern"),
        ("a r mid 3 4", "Al rolls 3 4 for Midwestern"),
        ("a cast oh p, in vp", "Al casts P in OH, VP in IN"),
        ("a cast oh p 5", "Al casts P in OH (5)"),
        ("a hq blunder", "Al goes to headquarters after a blunder"),
        ("b rumor nv", "Betty draws a rumor on NV"),
        ("undecided 6", "6 undecided voters set aside"),
    ],
)
def test_mr_president_terse_lines(terse, long):
    system, state = _state(MRP)
    event = parse_line(system, state, terse)
    assert write_line(system, state, event) == long
    assert parse_line(system, state, long) == event


@pytest.mark.parametrize(
    ("line", "token"),
    [("a roll atlantis 3 4", "atlantis"), ("a cast zz p", "zz"), ("a fly", "fly"), ("a cast oh", "oh")],
)
def test_a_mr_president_line_that_does_not_parse_names_its_token(line, token):
    system, state = _state(MRP)
    with pytest.raises(NotationError) as refused:
        parse_line(system, state, line)
    assert refused.value.token == token


def test_a_file_with_an_illegal_line_is_refused_at_that_line():
    text = '[System "president"]\n[Players "Al, Betty, Carl, Dana"]\n[Mode "public"]\n\ndeal d\nb p\n'
    with pytest.raises(NotationError, match="line 6: step 3 is against the rules"):
        parse_match(text)


def test_a_header_without_players_is_refused():
    with pytest.raises(NotationError, match="no Players tag"):
        parse_match('[System "president"]\n')


WORDS = ("a b c d al p g > dr cw ccw deal : ; , 3x9 0x3 9c 10h jk +2 unseen ask h l join after end roll r cast hq "
         "rumor give first parties undecided 12 in oh vp mid turned up bids shown seals ( ) -1 {} CardsPlayed 1. é "
         "ticket lay out pick langford carl press support bulletin labor card [a: [ ] lose gain discards ad east raise $3 "
         "debate risks absentee count counted home dice eff total settled by \"x\" \" \"\\q\" Democratic r d").split()
STATES = [
    _state(MatchSetup(system="president", players=["Al", "Betty", "Carl", "Dana"], preset="deck"), steps=3),
    _state(MatchSetup(system="president", players=["Al", "Betty", "Carl", "Dana"], mode="public"), steps=10),
    _state(BID, steps=1),
    _state(MRP, steps=8),
    _state(MatchSetup(system="mrpresident", players=["Al", "Betty", "Carl", "Dot"], preset="advanced", mode="electoral"), steps=40),
]


@settings(max_examples=300, deadline=None)
@given(at=st.sampled_from(STATES), words=st.lists(st.sampled_from(WORDS), min_size=0, max_size=6))
def test_any_typed_line_parses_or_is_refused_in_words(at, words):
    """Whatever is typed, the answer is an event or a NotationError (a 422), never a crash."""
    system, state = at
    try:
        parse_line(system, state, " ".join(words))
    except NotationError as refused:
        assert refused.message


def test_names_with_a_comma_or_a_quote_are_quoted_in_the_players_tag():
    setup = MatchSetup(system="bid", players=["Al", "Smith, Jr.", 'Bo "B"'], preset="text")
    created = domain.find("bid").start(setup)
    text = write_match([created])
    assert r'[Players "Al, \"Smith, Jr.\", \"Bo \\\"B\\\"\""]' in text
    assert parse_match(text)[0].players == ["Al", "Smith, Jr.", 'Bo "B"']


def _finished_bid():
    system = domain.find("bid")
    created = system.start(BID)
    events = play_random(system, created, random.Random(3))
    return write_match([created, *events])


def test_a_result_tag_that_agrees_with_the_standings_is_read():
    text = _finished_bid()
    assert '[Result "*"]' not in text
    parse_match(text)  # the written Result is the standings recomputed


@pytest.mark.parametrize("result", ["*", "Al 1, Betty 1, Carl 1", "Zed 1", "Al first"])
def test_a_file_whose_result_disagrees_is_refused_naming_the_tag(result):
    """Given a finished match's file, when its Result tag is changed, then the file is
    refused naming the Result tag and its line."""
    text = _finished_bid()
    altered = re.sub(r'\[Result "[^"]*"\]', f'[Result "{result}"]', text)
    with pytest.raises(NotationError) as refused:
        parse_match(altered)
    assert refused.value.token == "Result"
    assert refused.value.line == text.splitlines().index(next(l for l in text.splitlines() if l.startswith("[Result"))) + 1


def test_a_running_match_says_star_and_a_result_for_it_is_refused():
    text = '[System "president"]\n[Players "Al, Betty, Carl, Dana"]\n[Mode "public"]\n[Result "*"]\n\ndeal d\n'
    parse_match(text)
    with pytest.raises(NotationError, match="Result tag says"):
        parse_match(text.replace('"*"', '"Al 1, Betty 2, Carl 3, Dana 4"'))
