"""The rules texts' own worked examples (/work/shared/rules/), scripted against the HTTP API.

Each test cites the text (file, section, the example's words) and drives the example through
POST /matches/{id}/events: each step the text shows as legal is a 201, each it forbids a 422 naming
the rule; where the text says whose turn it is or what a tally comes to, GET /state or /standings
says the same. One app over a real SQLite file per test, as tests/service/test_api.py's `client`
(here on SQLite only: these are the rules' examples, not a store's behaviour)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from domain.mrpresident import events as mr
from tests.support.mrpresident import TWO, ballot, roll
from tests.support.mrpresident_advanced import NOMINATION, ROUND, SETUP as ADVANCED_SETUP, TICKETS, debate, dem, funds, raise_roll
from tests.support.api import sqlite_app
from tests.support.scripted import MR_FOUR, act, allowed_now, batch, board_entry, cast_by, mr_match, ok, open_match, play, refused, standings, state


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with sqlite_app(tmp_path) as test_client:
        yield test_client


# --- President card games -------------------------------------------------------------------------


SIX = ["Al", "Betty", "Christine", "Don", "Ed", "Frank"]
# Game one, dealt by Al “as evenly as possible” (54 cards, nine each): what the example says each holds is
# there (Betty and Christine a Turd each, Don a President, Ed two Couch Potatoes and one Citizen but no
# Turd, Frank a Vice President, a Doppelgänger, a Police and no doubles, Al a Bomb (Reverse) and double
# Citizens but no President); the rest is fixtures/president/make_deck.py's search for a game that ends
# in the example's order.
DECK_GAME_ONE = {
    "Al": ["0Ra", "3a", "3b", "8a", "5d", "6d", "4b", "10d", "8b"],
    "Betty": ["1a", "9a", "0b", "7c", "11d", "7b", "12d", "2c", "9c"],
    "Christine": ["1b", "10a", "Db", "7d", "9b", "12b", "9d", "2d", "1c"],
    "Don": ["12a", "11b", "6c", "4c", "5b", "3d", "8d", "0Rb", "12c"],
    "Ed": ["2a", "2b", "3c", "8c", "4a", "5c", "11c", "10c", "6b"],
    "Frank": ["Da", "11a", "5a", "7a", "10b", "1d", "4d", "0a", "6a"],
}
# After Frank's Police, “Play continues until players get rid of all their cards” in the example's order.
DECK_GAME_ONE_REST = (
    "Ed 5c ; Christine 7d ; Betty 7c ; Frank 10b ; Ed 10c ; Christine 12b ; Betty passes ; Al passes ; Frank 0a ; "
    "Frank 1d ; Ed 2a ; Don passes ; Christine 2d ; Al 4b ; Frank 4d ; Don 4c ; Betty 7b ; Al 8b ; Frank passes ; "
    "Ed 8c ; Christine passes ; Betty 9c ; Al 10d ; Frank passes ; Ed 11c ; Don 11b ; Betty 11d ; Frank passes ; "
    "Ed passes ; Don 12c ; Christine passes ; Betty passes ; Al passes ; Frank passes ; Ed passes ; Don 3d ; "
    "Christine 9b ; Betty 12d ; Al passes ; Frank passes ; Ed passes ; Don 0Rb ; Don 5b ; Ed 6b ; Frank 6a ; "
    "Betty 0b ; Betty 2c ; Christine 9d ; Don passes ; Ed passes ; Al passes ; Christine 1c ; Don 6c ; Ed passes ; "
    "Al 6d ; Don 8d ; Ed passes ; Al passes ; Christine passes ; Ed 2b ; Al 5d ; Christine passes ; Ed passes ; "
    "Christine Db"
)
# Game two, dealt by Ed (the Turd): Ed holds two Presidents, Frank a Turd and a Couch Potato as his worst,
# Christine a Bomb (and no Bomb (Reverse)) as her lowest, Betty a Turd.
DECK_GAME_TWO = {
    "Al": ["1b", "8b", "0Ra", "5c", "3a", "4d", "5d", "5a", "11d"],
    "Betty": ["3b", "0b", "12c", "6b", "9c", "4b", "9d", "1a", "Da"],
    "Christine": ["11c", "8c", "11a", "2c", "2d", "12d", "0a", "7c", "7a"],
    "Don": ["4c", "0Rb", "7d", "8d", "1d", "3c", "10c", "9a", "2a"],
    "Ed": ["5b", "10a", "6a", "8a", "10b", "12a", "3d", "7b", "12b"],
    "Frank": ["9b", "10d", "4a", "Db", "6c", "1c", "6d", "11b", "2b"],
}


def dealt(dealer: str, hands: dict[str, list[str]], mode: str) -> dict[str, Any]:
    """The deal as each mode records it: every hand (full), or only their sizes (public)."""
    if mode == "full":
        return {"type": "CardsDealt", "dealer": dealer, "hands": hands}
    return {"type": "CardsDealt", "dealer": dealer, "sizes": {player: len(hand) for player, hand in hands.items()}}


@pytest.mark.parametrize("mode", ["full", "public"])
def test_presidents_deck_example_gameplay(client: TestClient, mode: str) -> None:
    """presidents-deck.txt § Example Gameplay: “The cards are dealt as evenly as possible by Al who decides
    Betty goes first and the direction is clockwise” … “Christine plays a Turd (1) as well, which skips
    Don” … “Al decides to play his Bomb (Reverse) card which resets the pile (and changes the direction),
    allowing him to play double Citizens” … “it is now Frank's turn” … “he plays double Vice Presidents
    using his Doppelgänger” … “Everyone says “pass,” resetting the pile for Frank. Frank plays a single
    Police” … Frank, Betty, …, Christine, Ed; “1st place takes 2 cards from last place and 2nd place takes
    1 card from 2nd to last place”; “Next round, Frank (first place) goes first and Betty (2nd place)
    chooses the direction.”

    In full mode every hand is recorded at the deal; in public mode only what is played face up (and the
    cards seen changing hands at the exchange)."""
    match = open_match(client, "president", "deck", SIX, mode)
    ok(client, match, dealt("Al", DECK_GAME_ONE, mode))
    refused(client, match, {"type": "DirectionChosen", "player": "Betty", "direction": "clockwise", "leader": "Betty"}, "president.deck.first-lead")
    ok(client, match, {"type": "DirectionChosen", "player": "Al", "direction": "clockwise", "leader": "Betty"})
    view = state(client, match)
    assert (view["turn"], view["direction"], view["dealer"]) == ("Betty", "clockwise", "Al")

    play(client, match, "Betty plays 1a", turn_after="Christine")  # “Betty starts the round by laying down a single Turd (1).”
    play(client, match, "Christine plays 1b", turn_after="Ed")  # “Christine plays a Turd (1) as well, which skips Don.”
    # “Ed's next highest card is a Couch Potato (2), but since he has 2 of them, he decides to not break up
    # his doubles and instead plays his single Citizen (3).”
    play(client, match, "Ed plays 3c", turn_after="Frank")
    # “Play continues for a bit with higher and higher single cards being played.”
    for line, after in (("Frank 7a", "Al"), ("Al 8a", "Betty"), ("Betty 9a", "Christine"), ("Christine 10a", "Don"), ("Don 12a", "Ed"), ("Ed passes", "Frank"), ("Frank passes", "Al")):
        play(client, match, line, turn_after=after)
    # “It's Al's turn and the last card played is a President (12), which he cannot beat.”
    view = state(client, match)
    assert view["trick"][-1]["cards"] == ["12a"] and view["turn"] == "Al"
    refused(client, match, act("Al plays 8b"), "president.deck.equal-or-outrank")
    # “Al decides to play his Bomb (Reverse) card which resets the pile (and changes the direction)”
    view = play(client, match, "Al plays 0Ra", turn_after="Al")
    assert view["trick"] == [] and view["direction"] == "counter-clockwise"
    # “… allowing him to play double Citizens (3). Because Al reversed the direction, it is now Frank's turn.”
    view = play(client, match, "Al plays 3a 3b", turn_after="Frank")
    # “Frank has no doubles, but he does have a Vice President (11) and a Doppelgänger, so he plays double
    # Vice Presidents using his Doppelgänger”; a single card would not do on doubles.
    refused(client, match, act("Frank plays 11a"), "president.deck.same-count")
    play(client, match, "Frank plays 11a Da", turn_after="Ed")
    # “Everyone says “pass,” resetting the pile for Frank.”
    for line, after in (("Ed passes", "Don"), ("Don passes", "Christine"), ("Christine passes", "Betty"), ("Betty passes", "Al")):
        play(client, match, line, turn_after=after)
    view = play(client, match, "Al passes", turn_after="Frank")
    assert view["trick"] == [] and view["trick_leader"] == "Frank"
    # “Frank plays a single Police (5) card.”
    play(client, match, "Frank plays 5a", turn_after="Ed")

    # “Play continues until players get rid of all their cards in the following order: Frank – President,
    # Betty – Vice President, Christine – Couch Potato (2nd to last), Ed – Turd (last)”
    batch(client, match, [act(line) for line in DECK_GAME_ONE_REST.split(" ; ")])
    view = state(client, match)
    order = view["finishing_order"]
    assert (order[0], order[1], order[4], order[5]) == ("Frank", "Betty", "Christine", "Ed")
    assert view["games_played"] == 1

    # “The next round, 1st place takes 2 cards from last place and 2nd place takes 1 card from 2nd to last place.”
    ok(client, match, dealt("Ed", DECK_GAME_TWO, mode))
    dues = state(client, match)["exchanges_due"]
    assert {"giver": "Ed", "receiver": "Frank", "count": 2} in dues and {"giver": "Christine", "receiver": "Betty", "count": 1} in dues
    # “Frank (first place) asks for 2 “high” cards from Ed (last place) and gives his 2 worst cards: he receives
    # 2 President cards and gives Ed 1 Turd and 1 Couch Potato”
    if mode == "full":  # “The players being stolen from may not lie about their highest or lowest cards.”
        refused(client, match, {"type": "CardsExchanged", "giver": "Ed", "receiver": "Frank", "cards": ["12a", "10a"], "asked": ["high", "high"]}, "president.deck.no-lying")
    ok(client, match, {"type": "CardsExchanged", "giver": "Ed", "receiver": "Frank", "cards": ["12a", "12b"], "asked": ["high", "high"]})
    ok(client, match, {"type": "CardsExchanged", "giver": "Frank", "receiver": "Ed", "cards": ["1c", "2b"]})
    # “Betty (2nd place) asks for 1 “low” card from Christine (2nd to last place) and gives her 1 bad card: she
    # receive a Bomb card and gives Christine 1 Turd card.”
    ok(client, match, {"type": "CardsExchanged", "giver": "Christine", "receiver": "Betty", "cards": ["0a"], "asked": ["low"]})
    ok(client, match, {"type": "CardsExchanged", "giver": "Betty", "receiver": "Christine", "cards": ["1a"]})
    view = state(client, match)
    assert "12a" in view["hands"]["Frank"]["cards"] and "12b" in view["hands"]["Frank"]["cards"]
    assert {"1c", "2b"} <= set(view["hands"]["Ed"]["cards"])
    assert "0a" in view["hands"]["Betty"]["cards"] and "1a" in view["hands"]["Christine"]["cards"]
    # “Next round, Frank (first place) goes first and Betty (2nd place) chooses the direction.”
    refused(client, match, {"type": "DirectionChosen", "player": "Frank", "direction": "counter-clockwise"}, "president.deck.next-lead")
    ok(client, match, {"type": "DirectionChosen", "player": "Betty", "direction": "counter-clockwise"})
    view = state(client, match)
    assert (view["turn"], view["direction"]) == ("Frank", "counter-clockwise")
    play(client, match, "Frank plays 4a", turn_after="Ed")


# Frank deals and sends Al first, clockwise: Al, Betty, Don and Ed hold a Police each; Al three Governors
# and two Turds, Betty double Vice Presidents and a Doppelgänger, Christine the other Doppelgänger, Don the
# Bombs, Ed four Speakers of the House.
DECK_SMALL = {
    "Al": ["5a", "7a", "7b", "7c", "1a", "1b", "2a", "2b", "9a"],
    "Betty": ["5b", "11a", "11b", "Da", "1c", "1d", "2c", "3a", "9b"],
    "Christine": ["3b", "3c", "3d", "4a", "4b", "4c", "6a", "6b", "Db"],
    "Don": ["5c", "0a", "0b", "0Ra", "6c", "6d", "8a", "8b", "9c"],
    "Ed": ["5d", "4d", "8c", "8d", "9d", "10a", "10b", "10c", "10d"],
    "Frank": ["2d", "7d", "11c", "11d", "12a", "12b", "12c", "12d", "0Rb"],
}


def deck_small(client: TestClient, leader: str = "Al") -> dict[str, Any]:
    match = open_match(client, "president", "deck", SIX, "full")
    ok(client, match, {"type": "CardsDealt", "dealer": "Frank", "hands": DECK_SMALL}, {"type": "DirectionChosen", "player": "Frank", "direction": "clockwise", "leader": leader})
    return match


def test_presidents_deck_skipping_with_same_card_example(client: TestClient) -> None:
    """presidents-deck.txt § Skipping With Same Card: “For example, if Player 1 plays a Police card, then
    Player 2 plays a Police card, it skips Player 3. If Player 4 also plays a Police card, it skips Player
    5.” (Players 1-6: Al, Betty, Christine, Don, Ed, Frank.)"""
    match = deck_small(client)
    play(client, match, "Al plays 5a", turn_after="Betty")
    play(client, match, "Betty plays 5b", turn_after="Don")  # “it skips Player 3”
    refused(client, match, act("Christine plays 6a"), "president.deck.turn")
    play(client, match, "Don plays 5c", turn_after="Frank")  # “If Player 4 also plays a Police card, it skips Player 5.”
    refused(client, match, act("Ed plays 5d"), "president.deck.turn")


def test_presidents_deck_doppelganger_example(client: TestClient) -> None:
    """presidents-deck.txt § Cards Overview: “If someone lays Triple Governors (#7) and you have Double Vice
    Presidents (#11), you may add a Doppelgänger to duplicate a Vice President to make it Triple Vice
    Presidents. If you are unable to play the Doppelgänger with another card, it counts as the lowest value
    (even lower than a Turd) and can therefore only be played on a clean slate.”"""
    match = deck_small(client)
    play(client, match, "Al plays 7a 7b 7c", turn_after="Betty")  # Triple Governors
    refused(client, match, act("Betty plays 11a 11b"), "president.deck.same-count")
    view = play(client, match, "Betty plays 11a 11b Da", turn_after="Christine")  # Triple Vice Presidents
    assert view["trick"][-1]["cards"] == ["11a", "11b", "Da"]
    # A lone Doppelgänger on a pile that is not clean: refused.
    refused(client, match, act("Christine plays Db"), "president.deck.wild")
    for line in ("Christine passes", "Don passes", "Ed passes", "Frank passes", "Al passes"):
        play(client, match, line)
    view = state(client, match)
    assert view["trick"] == [] and view["turn"] == "Betty"
    play(client, match, "Betty plays 1c", turn_after="Christine")
    refused(client, match, act("Christine plays Db"), "president.deck.wild")  # “even lower than a Turd”
    # On a clean slate it may lead: Christine sent first by the dealer.
    allowed_now(client, deck_small(client, leader="Christine"), "Christine plays Db")


def test_presidents_deck_doubles_and_bombs_examples(client: TestClient) -> None:
    """presidents-deck.txt § How To Play: “Whoever starts plays any card (ex. a single Couch Potato) or set of
    cards of equal rank (ex. 2 Turds). … If someone starts by playing Doubles, then only Doubles can be
    played (not Singles, Triples, or Quadruples).” § Resetting The Pile: “After playing the Bomb card, the
    player may play any card or set of cards of the same rank. You are allowed to play multiple Bombs in a
    row.” § Cards Overview: “You can “Bomb” a “Bomb” – meaning, multiple Bomb cards may be played at a
    time.” and “The Bomb (Reverse) card resets the pile and changes the direction.”"""
    match = deck_small(client)
    play(client, match, "Al plays 1a 1b", turn_after="Betty")  # 2 Turds
    refused(client, match, act("Betty plays 2c"), "president.deck.same-count")  # not Singles
    refused(client, match, act("Betty plays 11a 11b Da"), "president.deck.same-count")  # not Triples
    play(client, match, "Betty plays 1c 1d", turn_after="Don")  # the same doubles skip Christine
    play(client, match, "Don passes", turn_after="Ed")
    refused(client, match, act("Ed plays 10a 10b 10c 10d"), "president.deck.same-count")  # not Quadruples
    play(client, match, "Ed plays 8c 8d", turn_after="Frank")
    play(client, match, "Frank plays 12a 12b", turn_after="Al")
    play(client, match, "Al passes", turn_after="Betty")
    play(client, match, "Betty passes", turn_after="Christine")
    play(client, match, "Christine passes", turn_after="Don")
    view = play(client, match, "Don plays 0a 0b", turn_after="Don")  # two Bombs at a time reset the pile
    assert view["trick"] == []
    view = play(client, match, "Don plays 0Ra", turn_after="Don")  # a Bomb in a row; this one reverses
    assert view["trick"] == [] and view["direction"] == "counter-clockwise"
    play(client, match, "Don plays 6c 6d", turn_after="Christine")


FOUR = ["Al", "Betty", "Carl", "Dana"]
# Dana deals; Al, on her left, leads. Betty holds the double 6, Carl the triple 9, Dana the 2s.
FRIDAY_HANDS = {
    "Al": "5C 3C 3D 3H 3S 4C 4D 4H 4S JC JD JH JS".split(),
    "Betty": "6C 6D QC QD QH QS KC KD KH KS 8C 8D 8H".split(),
    "Carl": "7C 7D 9C 9D 9H 5D 5H AC AD AH 8S 10C 2C".split(),
    "Dana": "6H 6S 7H 7S 9S 10D 10H 10S 5S AS 2D 2H 2S".split(),
}


def test_president_friday_dtq_example(client: TestClient) -> None:
    """president-friday.txt § Doubles, triples and quadruples: “if a double 6 is played onto a single 5, the
    next player must play a double, triple or quadruple with a vaue of 7 or higher. If a triple 9 is
    played onto the double 6, the next player must play a triple or quadruple with a value of 10 or higher.
    However, a single 2 may be played onto any DTQ up to the value of Ace.” (and § Rounds: “Nothing can beat
    a 2, so if a player uses one they win the round immediately.”)"""
    match = open_match(client, "president", "friday", FOUR, "full")
    ok(client, match, {"type": "CardsDealt", "dealer": "Dana", "hands": FRIDAY_HANDS})
    play(client, match, "Al plays 5C", turn_after="Betty")
    # “a double 6 is played onto a single 5”
    play(client, match, "Betty plays 6C 6D", turn_after="Carl")
    # “the next player must play a double, triple or quadruple with a vaue of 7 or higher”
    refused(client, match, act("Carl plays 7C"), "president.friday.same-count")
    refused(client, match, act("Carl plays 5D 5H"), "president.friday.higher")
    allowed_now(client, match, "Carl plays 7C 7D")
    # “If a triple 9 is played onto the double 6”
    play(client, match, "Carl plays 9C 9D 9H", turn_after="Dana")
    # “the next player must play a triple or quadruple with a value of 10 or higher”
    refused(client, match, act("Dana plays 10D 10H"), "president.friday.same-count")
    refused(client, match, act("Dana plays 7H 7S"), "president.friday.same-count")
    allowed_now(client, match, "Dana plays 10D 10H 10S")
    # “However, a single 2 may be played onto any DTQ up to the value of Ace” — a single Ace may not.
    refused(client, match, act("Dana plays AS"), "president.friday.same-count")
    view = play(client, match, "Dana plays 2D")
    # “Nothing can beat a 2, so if a player uses one they win the round immediately.”
    assert view["trick"] == [] and view["turn"] == "Dana"


def test_president_friday_single_two_onto_a_triple_ace(client: TestClient) -> None:
    """president-friday.txt § Doubles, triples and quadruples: “a single 2 may be played onto any DTQ up to
    the value of Ace”: a triple Ace is such a DTQ."""
    match = open_match(client, "president", "friday", FOUR, "full")
    ok(client, match, {"type": "CardsDealt", "dealer": "Dana", "hands": FRIDAY_HANDS})
    play(client, match, "Al plays 3C 3D 3H", turn_after="Betty")
    play(client, match, "Betty plays QC QD QH", turn_after="Carl")
    play(client, match, "Carl plays AC AD AH", turn_after="Dana")
    view = play(client, match, "Dana plays 2S")
    assert view["trick"] == [] and view["turn"] == "Dana"


# Dana deals; Al leads. Al holds three 5s; Betty three 6s (and four 4s); Carl three 7s.
CLASSIC_HANDS = {
    "Al": "5C 5D 5H 2C 2D 2H 2S 3C 3D 3H 3S 9C 9D".split(),
    "Betty": "6C 6D 6H 4C 4D 4H 4S 10C 10D 10H 10S 9H 9S".split(),
    "Carl": "7C 7D 7H 6S 5S 8C 8D 8H 8S JC JD JH JS".split(),
    "Dana": "7S QC QD QH QS KC KD KH KS AC AD AH AS".split(),
}


def test_president_classic_play_example(client: TestClient) -> None:
    """president-classic.md § Play Game: “for any other player to put down a card, she must put down the same
    number of cards as the previous lay down — for example, if the first player puts down three cards, all
    subsequent players must put down three cards. And to make it even tougher, the cards you put down must
    have a higher rank than the cards already played.”"""
    match = open_match(client, "president", "classic", FOUR, "full")
    ok(client, match, {"type": "CardsDealt", "dealer": "Dana", "hands": CLASSIC_HANDS})
    # “The player to the dealer's left plays first”
    refused(client, match, act("Betty plays 4C"), "president.classic.first-lead")
    play(client, match, "Al plays 5C 5D 5H", turn_after="Betty")  # “the first player puts down three cards”
    # “all subsequent players must put down three cards”: not one, two or four
    refused(client, match, act("Betty plays 6C"), "president.classic.same-count")
    refused(client, match, act("Betty plays 6C 6D"), "president.classic.same-count")
    refused(client, match, act("Betty plays 10C 10D 10H 10S"), "president.classic.same-count")
    # “the cards you put down must have a higher rank than the cards already played”
    refused(client, match, act("Betty plays 4C 4D 4H"), "president.classic.higher")
    play(client, match, "Betty plays 6C 6D 6H", turn_after="Carl")
    refused(client, match, act("Carl plays 7C 7D"), "president.classic.same-count")
    play(client, match, "Carl plays 7C 7D 7H", turn_after="Dana")
    play(client, match, "Dana plays QC QD QH", turn_after="Al")


def test_president_classic_pass_with_a_legal_move_example(client: TestClient) -> None:
    """president-classic.md § Play Game: “You can pass even if you have a legal move — and you may well want
    to. For example, say that someone leads a single card, and you have a high pair and a low card. If you
    would have to split up the pair to play, you should pass.” Al leads a single 9; Betty, with her tens and
    her 4s, passes; “When you play a card (or cards) that nobody can or wants to top, the round is over”:
    Al leads again."""
    match = open_match(client, "president", "classic", FOUR, "full")
    ok(client, match, {"type": "CardsDealt", "dealer": "Dana", "hands": CLASSIC_HANDS})
    play(client, match, "Al plays 9C", turn_after="Betty")
    allowed_now(client, match, "Betty plays 10C")
    play(client, match, "Betty passes", turn_after="Carl")
    play(client, match, "Carl passes", turn_after="Dana")
    view = play(client, match, "Dana passes", turn_after="Al")
    assert view["trick"] == []


# --- Mr. President (mr-president.md) ------------------------------------------------------------------
# The standard table of tests/support/mrpresident.py: four players, Republicans Al (President,
# Peter J. Sanders of Kentucky, Campaign Ability 7) and Carl (VP), Democrats Betty (President, Press
# Support 5) and Dot (VP); Al plays first. Two players: Al and Betty, each holding both candidates.


def test_mr_president_campaigning_examples_1_and_2(client: TestClient) -> None:
    """mr-president.md § CAMPAIGNING, Example 1: “If you select the Midwestern region and roll 2 and 4 for a
    total of 6, you could campaign in Missouri (2), Michigan (4) and/or Illinois (6).” Example 2: “I've cast
    two President Ballots in Missouri, one in Michigan and three in Illinois.”"""
    match = mr_match(client, MR_FOUR)
    ok(client, match, roll("Al", "Midwestern", 2, 4))
    view = state(client, match)
    assert sorted(view["turn"]["reachable"]) == ["IL", "MI", "MO"]
    assert [board_entry(view, s)["dice"] for s in ("MO", "MI", "IL")] == [2, 4, 6]
    # “Each Ballot cast must list one of the three states in which you may campaign”: not Ohio (5).
    refused(client, match, cast_by("Al", "MO", "OH"), "mrpresident.ballot.state")
    ok(client, match, cast_by("Al", "MO", "MO", "MI", "IL", "IL", "IL"))
    view = state(client, match)
    republicans = view["parties"]["Republican"]
    assert republicans["campaign_record"] == {"MO": "PP", "MI": "P", "IL": "PPP"}
    assert republicans["states_campaigned"] == 3
    # “After casting your Ballots, refill your hand”; then Betty: “President, President, …”
    assert view["players"][0]["hand"] == 7 and view["next_player"] == "Betty"


def test_mr_president_press_endorsement_example(client: TestClient) -> None:
    """mr-president.md § GOING TO CAMPAIGN HEADQUARTERS, the Endorsement example: “There are only six cards
    remaining in the Ballot decks (four in one deck and two in the other). You draw a major Endorsement card
    which permits you to cast nine Ballots in any state. Of the nine cards, you may cast six as only six can
    be replaced. The remaining three cards must be returned to the bottom of the Undecided Voter stack.”

    Two players, Ballot decks of 9 (each party's two shuffled together: 18 - 6 = 12, less a hand of 7 for Al
    and 8 for Betty): Al's deck holds 5 and Betty's 4; Al casts three and refills, so 2 and 4 are left."""
    match = mr_match(client, TWO, ballot_deck_size=9)
    ok(client, match, roll("Al", "Eastern", 1, 2), cast_by("Al", "CT", "MD", "MD"))
    view = state(client, match)
    assert [p["deck"] for p in view["players"]] == [2, 4] and view["undecided"] == 12
    # Betty rolls 7, goes to Campaign Headquarters and draws an Endorsement: the dice say nine, any state.
    ok(client, match, roll("Betty", "Western", 3, 4), mr.HeadquartersVisited(player="Betty"))
    anywhere = ["Eastern", "Southern", "Midwestern", "Western"]
    endorsed = lambda n: mr.PressEndorsed(player="Betty", dice=[4, 5], press_support=5, places=anywhere, ballots=[ballot(s) for s in ["CA", "TX", "NY", "IL", "FL", "OH", "PA", "MI", "GA"][:n]])
    refused(client, match, endorsed(9), "mrpresident.hq.press.replace")
    refused(client, match, endorsed(7), "mrpresident.hq.press.replace")
    ok(client, match, endorsed(6))
    view = state(client, match)
    # Six cast and replaced from the decks, three back under the stack: the stack keeps its twelve.
    assert [p["deck"] for p in view["players"]] == [0, 0] and view["undecided"] == 12
    assert sum(1 for b in view["ballots"] if b["party"] == "Democratic") == 6


def test_mr_president_absentee_ballots_example(client: TestClient) -> None:
    """mr-president.md § ABSENTEE BALLOTS: “If the Republicans campaigned in 36 states and the Democrats in
    32 states, the Republicans would receive the top four Ballots from the Undecided Voter stack as they
    campaigned in four more states than the Democrats did.” and “Remaining Absentee Ballots are dealt one at
    a time to the parties beginning with the party which campaigned in the most states.”

    Two players, Ballot decks of 21 (36 Ballots a party). Al casts each of his 36 in a new state; Betty goes
    to 32 states and, on the turn after Al's last Ballot (“other players may take one more turn”), casts one
    more in Connecticut, two Ballots left in her hand: 12 + 2 = 14 Absentee Ballots, 4 to the Republicans
    first, the other 10 dealt 5 and 5."""
    match = mr_match(client, TWO, ballot_deck_size=21)
    triples = [
        ("Eastern", 1, 2), ("Eastern", 4, 5), ("Eastern", 6, 6), ("Southern", 1, 2), ("Southern", 4, 5), ("Southern", 6, 6),
        ("Western", 1, 2), ("Western", 4, 5), ("Western", 6, 6), ("Midwestern", 1, 2),
    ]
    board = state(client, match)["board"]
    events: list[Any] = []

    def turn(player: str, region: str, a: int, b: int, only: list[str] | None = None) -> None:
        """A roll, then one Ballot in each state it reaches (on the board the match shows), or only in `only`."""
        states = next(r["states"] for r in board["regions"] if r["name"] == region)
        reached = [s["abbr"] for s in states if s["dice"] in {a, b, a + b}]
        assert only is None or set(only) <= set(reached)
        events.extend([roll(player, region, a, b), cast_by(player, *(only or reached))])

    for region, a, b in triples:  # three new states a turn each
        turn("Al", region, a, b)
        turn("Betty", region, a, b)
    turn("Al", "Midwestern", 4, 5)  # Michigan, Ohio, Kansas: Al's 33rd state
    turn("Betty", "Midwestern", 6, 6)  # Illinois, South Dakota: Betty's 32nd state
    turn("Al", "Midwestern", 6, 6)  # Illinois, South Dakota
    turn("Betty", "Eastern", 1, 2, ["CT"])  # Connecticut again
    turn("Al", "Eastern", 3, 4, ["WV"])  # West Virginia: Al's 36th state and last Ballot
    batch(client, match, events)
    # § Campaign's End: “After you cast your last Ballot, other players may take one more turn”.
    view = state(client, match)
    assert view["phase"] == "campaign" and view["final_round"] == ["Betty"] and view["players"][0]["hand"] == 0
    events.clear()
    turn("Betty", "Eastern", 1, 2, ["CT"])
    batch(client, match, events)
    view = state(client, match)
    assert view["phase"] == "absentee"
    assert (view["parties"]["Republican"]["states_campaigned"], view["parties"]["Democratic"]["states_campaigned"]) == (36, 32)
    assert view["undecided"] == 14
    assert (view["parties"]["Republican"]["absentee_ballots_due"], view["parties"]["Democratic"]["absentee_ballots_due"]) == (4 + 5, 5)
    # The Republicans take their nine (the four, then every other one of the rest), not eight.
    refused(client, match, mr.AbsenteeBallotsCast(party="Republican", ballots=[ballot("CA")], set_aside=7), "mrpresident.absentee.count")
    ok(client, match, mr.AbsenteeBallotsCast(party="Republican", ballots=[ballot("CA"), ballot("TX")], set_aside=7))
    ok(client, match, mr.AbsenteeBallotsCast(party="Democratic", set_aside=5))
    assert state(client, match)["phase"] == "tally"


def short_electoral_campaign(client: TestClient, democratic_ct: int) -> dict[str, Any]:
    """Two players, Ballot decks of 4 (two Ballots in each hand): Al casts Connecticut (1) and Maryland (3),
    Betty Connecticut (`democratic_ct`) and Maryland (1); the Absentee Ballots are set aside."""
    match = mr_match(client, TWO, mode="electoral", ballot_deck_size=4)
    batch(client, match, [
        roll("Al", "Eastern", 1, 2), mr.BallotsCast(player="Al", ballots=[ballot("CT", votes=1), ballot("MD", votes=3)]),
        roll("Betty", "Eastern", 1, 2), mr.BallotsCast(player="Betty", ballots=[ballot("CT", votes=democratic_ct), ballot("MD", votes=1)]),
    ])
    parties = state(client, match)["parties"]
    batch(client, match, [mr.AbsenteeBallotsCast(party=party, set_aside=parties[party]["absentee_ballots_due"]) for party in ("Republican", "Democratic")])
    return match


@pytest.mark.parametrize(
    "democratic_ct, carried_by",
    [
        pytest.param(4, "Democratic", id="100,000 plus the edge of 1,000 against 400,000"),
        pytest.param(1, "Republican", id="100,000 plus the edge against 100,000: carried by 1,000"),
    ],
)
def test_mr_president_connecticut_built_in_edge_example(client: TestClient, democratic_ct: int, carried_by: str) -> None:
    """mr-president.md § ELECTION TALLY, Electoral Vote: “In Connecticut 100,000 votes were cast for the
    Republicans and 400,000 votes were cast for the Democrats. Since the Republicans have the built-in edge
    in this state, their total comes to 101,000 popular votes (100,000 cast plus the built-in edge of 1,000)
    – not enough to carry the state. (If only 100,000 votes had been cast for the Democrats, the Republicans
    would have carried the state by 1,000 votes.)”"""
    match = short_electoral_campaign(client, democratic_ct)
    ct = board_entry(state(client, match), "CT")
    assert (ct["edge_party"], ct["edge_votes"]) == ("Republican", 1000)
    # “count the total number of votes cast”: a count that is not the Ballots' is refused.
    refused(client, match, mr.RegionCounted(region="Eastern", votes={"CT": {"Republican": 2, "Democratic": democratic_ct}, "MD": {"Republican": 3, "Democratic": 1}}), "mrpresident.tally.total")
    ok(client, match, mr.RegionCounted(region="Eastern", votes={"CT": {"Republican": 1, "Democratic": democratic_ct}, "MD": {"Republican": 3, "Democratic": 1}}))
    for region in ("Southern", "Midwestern", "Western"):
        ok(client, match, mr.RegionCounted(region=region, votes={}))
    states = {s["state"]: s for s in standings(client, match)["details"]["electoral"]["states"]}
    assert states["CT"]["popular_votes"] == {"Republican": 101_000, "Democratic": democratic_ct * 100_000}
    assert states["CT"]["carried_by"] == carried_by
    margin = states["CT"]["popular_votes"]["Republican"] - states["CT"]["popular_votes"]["Democratic"]
    assert margin == (1_000 if carried_by == "Republican" else -299_000)


def test_mr_president_fund_raising_example(client: TestClient) -> None:
    """mr-president.md § FUND RAISING: “You wish to raise funds in the East and announce your intention of
    doing so. You roll 4 and 5 for a total of 9. Since Pennsylvania has a higher electoral vote count than do
    New Jersey and New Hampshire, you select Pennsylvania. You find the section on the Fund Raising Chart for
    21-27 Electorals and roll an 8 on the dice. Since your candidate is a strong fund raiser (3 rating), you
    find that you have raised $3 million for your party. You add this $3 million to your Available
    Advertising Funds and place a check mark in the Funds column for Pennsylvania.”

    The advanced setup of tests/support/mrpresident_advanced.py: Al runs for President as Harlan
    Whitcomb (Fund Raising 3); the Republicans start with $11 million."""
    match = mr_match(client, MR_FOUR, mode="electoral", preset="advanced", setup=ADVANCED_SETUP)
    ok(client, match, raise_roll("Al", "Eastern", 4, 5))
    view = state(client, match)
    assert sorted(view["turn"]["reachable"]) == ["NH", "NJ", "PA"] and view["turn"]["raising_funds"]
    electorals = {s: board_entry(view, s)["electoral_votes"] for s in ("PA", "NJ", "NH")}
    assert electorals["PA"] > max(electorals["NJ"], electorals["NH"])
    funds_before = view["parties"]["Republican"]["funds"]
    refused(client, match, funds("Al", "NY", 4, 4, 3), "mrpresident.funds.state")  # not among the three
    refused(client, match, funds("Al", "PA", 4, 4, 4), "mrpresident.funds.chart")  # the chart says 3
    ok(client, match, funds("Al", "PA", 4, 4, 3))
    republicans = state(client, match)["parties"]["Republican"]
    assert republicans["funds"] == funds_before + 3 and republicans["funds_raised"] == 3
    assert republicans["funds_column"] == ["PA"]


def test_mr_president_debate_example(client: TestClient) -> None:
    """mr-president.md § DEBATE 7: “If you win the debate, you cast all risked Ballots. These Ballots must be
    cast in the region in which they were risked but do not have to be recorded on the Tally Boards.”
    Example: “Your opponent risked Ballots for New York and Nevada. As you won the debate, you may cast his
    risked Ballots in addition to your own. You do not wish to record the New York Ballot … You do, however,
    record the Nevada Ballot”.

    Al (Harlan Whitcomb, four issues: he wins on 2, 3, 8 or 11) rolls 7 and challenges Betty (Thomas Rourke,
    rating 4: she risks three, New York, Nevada and Illinois); Al rolls 8, Betty 7 and 7."""
    match = mr_match(client, MR_FOUR, mode="electoral", preset="advanced", setup=ADVANCED_SETUP)
    ok(client, match, roll("Al", "Eastern", 3, 4))
    won = lambda unrecorded: debate(risked=("NJ", "FL", "OH", "CA"), against=("NY", "NV", "IL"), unrecorded=unrecorded)
    refused(client, match, won(["TX"]), "mrpresident.debate.cast")  # no risked Ballot was Texas
    # DEBATE 4: “Thus, an opponent with a rating of 4 must risk at least three Ballots.”
    refused(client, match, debate(risked=("NJ", "FL", "OH", "CA"), against=("NY", "NV")), "mrpresident.debate.rating")
    ok(client, match, won(["NY"]))
    view = state(client, match)
    republicans = view["parties"]["Republican"]
    assert "NV" in republicans["campaign_record"] and "NY" not in republicans["campaign_record"]
    assert sum(1 for b in view["ballots"] if b["party"] == "Republican") == 7
    assert [(b["state"], b["recorded"]) for b in view["ballots"] if b["state"] in ("NY", "NV")] == [("NY", False), ("NV", True)]
    assert view["debates"] == [{"issue": "Civil Rights", "won_by": "Republican"}]
    # “You do not wish to record the New York Ballot as it would limit the times you could campaign in this
    # state. You do, however, record the Nevada Ballot as you may not campaign in Nevada again and you need
    # the record to prove you went there.”: Nevada counts as a state campaigned in, New York does not.
    assert republicans["states_campaigned"] == 6  # NJ, FL, OH, CA, NV, IL
    batch(client, match, ROUND)  # Betty, Carl and Dot take a turn each
    ok(client, match, roll("Al", "Western", 6, 6))
    refused(client, match, cast_by("Al", "NV", "NV"), "mrpresident.limit")  # Nevada's two: one recorded already
    ok(client, match, cast_by("Al", "NV"))
    batch(client, match, ROUND)
    ok(client, match, roll("Al", "Eastern", 6, 1))
    ok(client, match, cast_by("Al", "NY", "NY", "NY", "NY", "NY"))  # New York's five, none used by the debate


# The advanced table with the Democrats' nomination going to Francis O'Day (Effective Total 22 over Edna
# Pruitt's 20; two issues: Debate rating 2) and Lucille Barrow as his running mate.
O_DAY_SETUP = [
    *NOMINATION[:7],
    mr.CandidatePicked(player="Betty", card="Francis O'Day"),
    NOMINATION[8],
    TICKETS[0],
    mr.TicketChosen(party="Democratic", president=dem("Francis O'Day"), vice_president=dem("Lucille Barrow"), president_player="Betty", vice_president_player="Dot", settled="effective total"),
    mr.UndecidedVotersSetAside(count=12),
    mr.FirstPlayerRolled(player="Al"),
]


@pytest.mark.parametrize(
    "al_dice, betty_dice, won_by",
    [
        pytest.param((1, 1), (3, 4), "Republican", id="rating 4 rolls 2"),
        pytest.param((1, 2), (6, 6), "Republican", id="rating 4 rolls 3"),
        pytest.param((5, 3), (2, 3), "Republican", id="rating 4 rolls 8"),
        pytest.param((5, 6), (1, 1), "Republican", id="rating 4 rolls 11"),
        pytest.param((3, 4), (1, 3), "Democratic", id="rating 2 rolls 4"),
        pytest.param((4, 5), (4, 6), "Democratic", id="rating 2 rolls 10, rating 4 rolls 9"),
        pytest.param((2, 6), (6, 4), None, id="both roll their winning number: stalemate"),
        pytest.param((3, 3), (2, 4), None, id="neither rolls his winning number: stalemate"),
    ],
)
def test_mr_president_debate_winning_numbers_example(client: TestClient, al_dice: tuple[int, int], betty_dice: tuple[int, int], won_by: str | None) -> None:
    """mr-president.md § DEBATE 5: “To win, you must roll one of the numbers listed for your rating. Thus, if
    you have a rating of 4, you will have to roll a 2, 3, 8 or 11 to win. If your opponent has a rating of 2,
    he will have to roll a 4 or 10 to win.” § DEBATE 6: “If both debators roll their winning number, the
    debate is a stalemate … If neither rolls his winning number, the issue is stalemated and both cast their
    risked Ballots.” And § DEBATE 4: an opponent of rating 2 risks at least one Ballot.

    Al (Harlan Whitcomb, four issues) challenges Betty (Francis O'Day, two issues) on Labor, an issue neither
    is identified with: one roll each."""
    match = mr_match(client, MR_FOUR, mode="electoral", preset="advanced", setup=O_DAY_SETUP)
    ok(client, match, roll("Al", "Eastern", 3, 4))
    debated = debate(issue="Labor", risked=("NJ", "FL", "OH", "CA"), against=("NV",), dice=al_dice, opponent_dice=betty_dice)
    refused(client, match, debate(issue="Labor", risked=("NJ", "FL", "OH", "CA"), against=(), dice=al_dice, opponent_dice=betty_dice), "mrpresident.debate.rating")
    ok(client, match, debated)
    view = state(client, match)
    assert view["debates"] == [{"issue": "Labor", "won_by": won_by}]
    cast = sorted(b["party"] for b in view["ballots"])
    expected = {"Republican": ["Republican"] * 5, "Democratic": ["Democratic"] * 5, None: ["Democratic"] + ["Republican"] * 4}[won_by]
    assert cast == expected


def test_mr_president_home_stretch_six_states(client: TestClient) -> None:
    """mr-president.md § CAMPAIGNING, Home Stretch: “When a party depletes both of its Ballot decks, the
    election is “in the home stretch.” At this point, each player may select two regions in which to
    campaign on his turn. After rolling the dice, you may campaign in any or all of the six states (three
    per region) which match the numbers (and total) on the dice.”

    Two players, Ballot decks of 8: Al's party holds 3 after his hand of 7; he casts three and refills."""
    match = mr_match(client, TWO, ballot_deck_size=8)
    refused(client, match, roll("Al", ["Eastern", "Western"], 1, 2), "mrpresident.home-stretch")
    ok(client, match, roll("Al", "Eastern", 1, 2), cast_by("Al", "CT", "MA", "MD"))
    assert state(client, match)["home_stretch"]
    refused(client, match, roll("Betty", ["Eastern", "Western", "Southern"], 1, 2), "mrpresident.home-stretch")
    ok(client, match, roll("Betty", ["Eastern", "Western"], 1, 2))
    assert sorted(state(client, match)["turn"]["reachable"]) == ["AZ", "CT", "HI", "MA", "MD", "OR"]
    ok(client, match, cast_by("Betty", "CT", "MA", "MD", "HI", "AZ", "OR"))
    assert state(client, match)["parties"]["Democratic"]["states_campaigned"] == 6


# --- Presidential Bid (presidential-bid.txt) -----------------------------------------------------------
# The text has no worked example; its tie rules are the nearest thing, scripted here on the text's board
# (North: the 2-5 of clubs; East: the 9 and 10), Al bidding hearts and Betty spades.


def test_presidential_bid_ties(client: TestClient) -> None:
    """presidential-bid.txt: “If there is a tie, the district remains neutral and the club card is placed
    upside down on it.” and “In the event of a tie, the player with the highest card in that region wins the
    votes. If there is a tie for the highest card, the second highest cards are compared.”"""
    match = open_match(client, "bid", None, ["Al", "Betty"], "full")
    # “Play begins with the top card of the club draw pile being drawn and displayed.”: no bids before.
    refused(client, match, {"type": "BidsRevealed", "bids": [{"player": "Al", "card": "KH"}, {"player": "Betty", "card": "2S"}]}, "bid.district-up")
    rounds = [("2C", "KH", "2S"), ("3C", "2H", "KS"), ("4C", "9H", "3S"), ("5C", "3H", "7S"), ("9C", "8H", "8S")]
    for club, al, betty in rounds:
        ok(client, match, {"type": "DistrictRevealed", "district": club}, {"type": "BidsRevealed", "bids": [{"player": "Al", "card": al}, {"player": "Betty", "card": betty}]})
    regions = {r["region"]: r for r in standings(client, match)["details"]["regions"]}
    # North: two districts each, K against K, then 9 against 7: Al's.
    assert (regions["North"]["winner"], regions["North"]["by"], regions["North"]["depth"]) == ("Al", "card", 2)
    # East: 8 against 8 at the 9 of clubs, the district neutral; nobody has the region.
    east = next(r for r in state(client, match)["board"]["regions"] if r["name"] == "East")
    assert (east["districts"][0]["district"], east["districts"][0]["status"], east["districts"][0]["winner"]) == ("9C", "neutral", None)
    assert regions["East"]["winner"] is None
