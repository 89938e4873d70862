"""A Pick's field as a path (domain/picks.py): a player's name with a dot or a tilde in it
stays one part, and a random legal match of four players with such names is played
through `allowed` (a Nomination's tied totals settled by dice name both players)."""

from __future__ import annotations

import random

import pytest

import domain
from domain.picks import field_path, get_path, path_parts, set_path
from domain.protocol import MatchSetup
from fixtures.random_player import play_random


@pytest.mark.parametrize(
    ("parts", "field"),
    [
        (["cards"], "cards"),
        (["bids", 0, "card"], "bids.0.card"),
        (["dice", "Al"], "dice.Al"),
        (["dice", "Smith, Jr."], "dice.Smith, Jr~1"),
        (["dice", "a~b.c"], "dice.a~0b~1c"),
        (["dice", "~1"], "dice.~01"),
    ],
)
def test_given_parts_when_written_as_a_path_then_read_back_the_same(parts, field):
    assert field_path(*parts) == field
    assert path_parts(field) == [str(part) for part in parts]


@pytest.mark.parametrize(
    ("given", "field", "value", "then"),
    [
        ({}, "dice.Smith, Jr~1", [1, 2], {"dice": {"Smith, Jr.": [1, 2]}}),
        ({"bids": [{"player": "Al"}]}, "bids.0.card", "5C", {"bids": [{"player": "Al", "card": "5C"}]}),
        ({"dice": {}}, "dice.42", [6, 6], {"dice": {"42": [6, 6]}}),  # a player called "42" is a key
    ],
)
def test_given_an_event_when_a_path_is_set_then_only_its_slot_changes(given, field, value, then):
    set_path(given, field, value)
    assert given == then
    assert get_path(given, field) == value


def test_a_nomination_settled_by_dice_names_players_with_dots_in_their_names():
    """mr-president.md, the advanced game's Nomination: “if Totals are equal, dice are
    rolled”; the two players' dice picks keep "Smith, Jr." whole (this seed settles a
    ticket by dice; it broke the random player before paths were escaped)."""
    setup = MatchSetup(system="mrpresident", players=["Smith, Jr.", 'Bo "B"', "Carl", "Dot"], preset="advanced", mode="electoral")
    system = domain.find("mrpresident")
    created = system.start(setup)
    events = play_random(system, created, random.Random(4), until=lambda state, n: n > 40)
    rolled = [event for event in events if type(event).__name__ == "TicketChosen" and event.settled == "dice"]
    assert rolled and any("Smith, Jr." in event.dice for event in rolled)
