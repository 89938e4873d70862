"""Given/when/then tables for the Friday preset (president-friday.txt): values 3 … A, 2, Joker; counts met
or exceeded; a single 2 onto any set, winning the round at once; jokers; revolution; dealer and leader
after the first game; Blind President."""

from __future__ import annotations

import pytest

from domain.president import SYSTEM
from domain.protocol import MatchSetup
from tests.domain.harness import OK, accepted, cases, params, verify

F = "president.friday."
K = "recount.knowledge"

# Dana deals; Al (her left) leads. Al holds the four 4s, so a revolution is one play away.
HANDS = {
    "Al": "4C 4D 4H 4S 5C 7C 9C 9D JC QC KC AC 2C",
    "Betty": "3C 3D 5D 6C 6D 7D 9H 10C 10D JD QD KD AD",
    "Carl": "3H 5H 6H 7H 8C 8D 9S 10H JH QH KH AH 2D",
    "Dana": "2H 2S 3S 5S 6S 7S 8H 8S 10S JS QS KS AS",
}
WITH_JOKERS = dict(HANDS, Al=HANDS["Al"] + " JK1", Betty=HANDS["Betty"] + " JK2")
REVOLT = ["Al plays 4C 4D 4H 4S", "Betty passes", "Carl passes", "Dana passes"]



def friday(kit, hands=HANDS, **options):
    return kit.play(kit.new_match(preset="friday", **options), [kit.deal("Dana", hands)])


ROWS = [
    ("first-lead: the player to left of the dealer starts", {}, [], "Betty plays 3C", F + "first-lead"),
    ("values: 3 is the lowest", {}, ["Al plays 5C", "Betty passes", "Carl passes"], "Dana plays 3S", F + "higher"),
    ("values: a 2 is above an ace", {}, ["Al plays AC", "Betty passes"], "Carl plays 2D", accepted(turn="Carl")),
    ("same-count: met or exceeded", {}, ["Al plays 5C"], "Betty plays 6C 6D", OK),
    ("same-count: not fewer", {}, ["Al plays 9C 9D"], "Betty plays 10C", F + "same-count"),
    ("same-count: a higher double", {}, ["Al plays 9C 9D"], "Betty plays 10C 10D", OK),
    ("single-top: a single 2 onto any DTQ", {}, ["Al plays 9C 9D", "Betty passes"], "Carl plays 2D", OK),
    ("single-top: not a single ace", {}, ["Al plays 9C 9D", "Betty passes"], "Carl plays AH", F + "same-count"),
    ("unbeatable: a 2 wins the round immediately", {}, ["Al plays 2C"], "Al plays 5C", OK),
    ("unbeatable: nobody answers a 2", {}, ["Al plays 2C"], "Betty passes", F + "lead"),
    ("unbeatable: a 2 on a DTQ wins it too", {}, ["Al plays 9C 9D", "Betty passes", "Carl plays 2D"], "Carl plays 3H", OK),
    ("higher: an equal value does not beat", {}, ["Al plays 9C"], "Betty plays 9H", F + "higher"),
    ("pass: chooses not to play a card", {}, ["Al plays 5C"], "Betty passes", OK),
    ("revolution: off, a quadruple changes nothing", {}, [*REVOLT, "Al plays 5C"], "Betty plays 3C", F + "higher"),
    ("revolution: a quadruple reverses the values", {"revolution": True}, [*REVOLT, "Al plays 5C"], "Betty plays 3C", accepted(reversed=True)),
    ("revolution: a 6 is now below a 5", {"revolution": True}, [*REVOLT, "Al plays 5C"], "Betty plays 6C", F + "higher"),
    ("revolution: single 3s beat any DTQ", {"revolution": True}, [*REVOLT, "Al plays 9C 9D"], "Betty plays 3C", OK),
    ("revolution: a single 2 no longer does", {"revolution": True}, [*REVOLT, "Al plays 9C 9D", "Betty passes"], "Carl plays 2D", F + "same-count"),
    ("revolution: a reversed 3 wins the round", {"revolution": True}, [*REVOLT, "Al plays 9C", "Betty plays 3C"], "Betty plays 5D", OK),
]


@pytest.mark.parametrize("case", params(cases(ROWS, "name options given when then")))
def test_friday_play(kit, case):
    verify(SYSTEM, lambda: kit.play(friday(kit, **case.setup["options"]), case.given), kit.action(case.when), case.then)


JOKER_ROWS = [
    ("jokers: a single joker beats a lower DTQ", ["Al plays 9C 9D"], "Betty plays JK2", OK),
    ("jokers: a 2 no longer wins the round", ["Al plays 9C", "Betty passes", "Carl plays 2D"], "Dana passes", OK),
    ("jokers: a joker beats a 2", ["Al plays 2C"], "Betty plays JK2", OK),
    ("jokers: nothing beats a joker", ["Al plays 2C", "Betty plays JK2"], "Betty plays 3C", OK),
    ("deal: the Joker cards are dealt too", None, None, F + "deal"),
]


@pytest.mark.parametrize("case", params(cases(JOKER_ROWS, "name given when then")))
def test_friday_jokers(kit, case):
    if case.given is None:  # the deal itself is the question
        verify(SYSTEM, kit.new_match(preset="friday", jokers=2), kit.deal("Dana", HANDS), case.then)
        return
    verify(SYSTEM, lambda: kit.play(friday(kit, WITH_JOKERS, jokers=2), case.given), kit.action(case.when), case.then)


# A twelve-card Friday match; 8 is the top value, so an 8 wins its round at once.
GAME_ONE = {"Al": "3C 3D 8C", "Betty": "4C 4D 7C", "Carl": "5C 5D 6C", "Dana": "6D 7D 8D"}
GAME_ONE_PLAY = [
    "Al plays 8C", "Al plays 3C 3D",
    "Betty plays 4C 4D", "Carl plays 5C 5D", "Dana passes", "Betty passes",
    "Carl plays 6C", "Dana plays 7D", "Betty passes", "Dana plays 6D", "Betty plays 7C",
]
# Game two: Al deals (the deal moved left from Dana); Dana, the Idiot, starts.
GAME_TWO = {"Betty": "5D 6D 7C", "Carl": "3D 4D 6C", "Dana": "7D 8C 8D", "Al": "3C 4C 5C"}


def small_friday(kit, **options):
    state = kit.new_match(preset="friday", deck=kit.SMALL_DECK, **options)
    return kit.play(state, [kit.deal("Dana", GAME_ONE), *GAME_ONE_PLAY])


def test_friday_game_one_titles(kit):
    state = small_friday(kit)
    assert state.ranking == ("Al", "Carl", "Betty", "Dana")
    assert [p.reason.split(": ")[-1] for p in SYSTEM.standings(state).placings] == [
        "game 1 President +2", "game 1 Vice President +1", "game 1 Vice Idiot −1", "game 1 Idiot −2",
    ]


EXCHANGED = ["Dana gives Al 8C 8D", "Al gives Dana 3C 4C", "Betty gives Carl 7C", "Carl gives Betty 3D"]
NEXT_GAME = [
    ("next-dealer: the dealer shifts to the left", [], "Betty deals", F + "next-dealer"),
    ("next-dealer: Al, at Dana's left, deals", [], "Al deals", accepted(dealer="Al")),
    ("exchange-first: the Idiot gives the two highest", ["Al deals"], "Dana gives Al 8C 7D", F + "exchange-first"),
    ("exchange-first: any two cards they were dealt", ["Al deals", "Dana gives Al 8C 8D"], "Al gives Dana 8C 3C", F + "exchange-first"),
    ("exchange-second: one card between Vice Idiot and Vice President", ["Al deals"], "Betty gives Carl 7C", OK),
    ("next-lead: the Idiot starts the first round", ["Al deals", *EXCHANGED], "Dana plays 3C", OK),
    ("next-lead: not the President", ["Al deals", *EXCHANGED], "Al plays 5C", F + "next-lead"),
]


@pytest.mark.parametrize("case", params(cases(NEXT_GAME, "name given when then")))
def test_friday_next_game(kit, case):
    def action(line):
        return kit.deal(line.split()[0], GAME_TWO) if line.endswith("deals") else kit.action(line)

    verify(SYSTEM, lambda: kit.play(small_friday(kit), [action(line) for line in case.given]), action(case.when), case.then)


SETUPS = [
    ("too-few: the standard rules require three or more players", {}, 2, F + "too-few"),
    ("players: 2-13", {}, 14, F + "players"),
    ("players: thirteen play", {}, 13, accepted(players=lambda players: len(players) == 13)),
    ("blind: Blind President for two", {"blind": True}, 2, OK),
    ("blind: 2-4 players", {"blind": True}, 5, F + "blind"),
]


@pytest.mark.parametrize("case", params(cases(SETUPS, "name options count then")))
def test_friday_setup(case):
    names = [f"P{i}" for i in range(case.setup["count"])]
    verify(SYSTEM, None, MatchSetup(system="president", players=names, preset="friday", options=case.setup["options"], mode="full"), case.then)


# Blind President, two players with a twelve-card deck: six cards each in face-down piles, hands of four.
BLIND_PILES = {"Bo": "3C 5C 7C 8C 4D 6D", "Al": "3D 4C 5D 6C 7D 8D"}


def blind(kit, mode="full"):
    state = kit.new_match(players=["Al", "Bo"], preset="friday", deck=kit.SMALL_DECK, blind=True, blind_hand=4, mode=mode)
    dealt = kit.deal("Al", BLIND_PILES) if mode == "full" else kit.deal("Al", Al=6, Bo=6)
    return kit.play(state, [dealt])


def test_blind_president_hands_piles_and_draws(kit):
    state = blind(kit)
    assert state.hands["Bo"].known == ("3C", "5C", "7C", "8C") and state.piles["Bo"].known == ("4D", "6D")
    kit.outcome(state, ["Bo plays 4D"], K)
    # Bo's 3C, Al passes: the round is over, Bo's hand is topped up from the pile.
    state = kit.play(state, ["Bo plays 3C", "Al passes"])
    assert state.hands["Bo"].known == ("5C", "7C", "8C", "4D") and state.piles["Bo"].known == ("6D",)
    # Bo leads 4D, Al 5D, Bo 7C; Al cannot beat it: Bo wins the round and both hands are topped up.
    state = kit.play(state, ["Bo plays 4D", "Al plays 5D", "Bo plays 7C", "Al passes"])
    assert state.turn == "Bo" and state.trick == ()
    assert state.hands["Al"].known == ("3D", "4C", "6C", "7D") and state.piles["Al"].known == ("8D",)
    assert state.hands["Bo"].known == ("5C", "8C", "6D") and state.piles["Bo"].size == 0


def test_blind_draw_and_play(kit):
    """friday § Blind President: “If a player runs out of cards in their hand during a round, they may take one
    card from the top of their pile and play it if it can be played.” Hands of one card here."""
    state = kit.new_match(players=["Al", "Bo"], preset="friday", deck=kit.SMALL_DECK, blind=True, blind_hand=1)
    state = kit.play(state, [kit.deal("Al", {"Bo": "3C 5C 7C 8C 4D 6D", "Al": "4C 3D 5D 6C 7D 8D"})])
    state = kit.play(state, ["Bo plays 3C", "Al plays 4C"])
    kit.outcome(state, ["Bo plays 5C"], F + "blind-draw")
    kit.outcome(state, ["Bo passes"], OK)
    kit.outcome(state, ["Bo draws 7C"], K)
    kit.outcome(state, ["Al draws"], F + "turn")
    drawn = kit.play(state, ["Bo draws"])
    assert drawn.hands["Bo"].known == ("5C",) and drawn.piles["Bo"].known == ("7C", "8C", "4D", "6D")
    kit.outcome(drawn, ["Bo draws"], F + "blind-draw")
    kit.play(drawn, ["Bo plays 5C"])


def test_blind_public_record_draws_unseen(kit):
    state = blind(kit, mode="public")
    assert state.hands["Bo"].unknown == 4 and state.piles["Bo"].unknown == 2
    state = kit.play(state, ["Bo plays 3C", "Al passes"])
    assert state.hands["Bo"].size == 4 and state.piles["Bo"].size == 1


def test_blind_player_with_cards_in_the_pile_is_not_out(kit):
    """friday § Blind President: a player whose hand runs out still has their pile: they are not out."""
    state = kit.new_match(players=["Al", "Bo"], preset="friday", deck=kit.SMALL_DECK, blind=True, blind_hand=1)
    state = kit.play(state, [kit.deal("Al", {"Bo": "3C 5C 7C 8C 4D 6D", "Al": "4C 3D 5D 6C 7D 8D"}), "Bo plays 3C"])
    assert state.hands["Bo"].size == 0 and state.out == ()
    assert state.phase == "playing" and state.turn == "Al"


# Betty holds three 10s (Carl's 10H for her 9H); Dana holds four 8s (Carl's 8C 8D for her 5S 6S).
SETS = dict(
    HANDS,
    Betty="3C 3D 5D 6C 6D 7D 10H 10C 10D JD QD KD AD",
    Carl="3H 5H 6H 7H 5S 6S 9S 9H JH QH KH AH 2D",
    Dana="2H 2S 3S 8C 8D 7S 8H 8S 10S JS QS KS AS",
)
# Reversed by Al's four 4s; Dana's reversed 3 wins her the lead, and her four 8s turn the values back.
REVOLT_AND_BACK = [
    *REVOLT, "Al plays 5C", "Betty passes", "Carl passes", "Dana plays 3S", "Dana plays 8C 8D 8H 8S",
    "Al passes", "Betty passes", "Carl passes", "Dana plays 10S",
]
SET_ROWS = [
    ("same-count: a triple on a double (met or exceeded)", {}, ["Al plays 9C 9D"], "Betty plays 10C 10D 10H", OK),
    ("same-count: then at least a triple", {}, ["Al plays 9C 9D", "Betty plays 10C 10D 10H"], "Carl plays JH", F + "same-count"),
    ("revolution: until another quadruple is played: a jack beats a 10 again", {"revolution": True}, REVOLT_AND_BACK, "Al plays JC", accepted(reversed=False)),
    ("revolution: until another quadruple is played: a 9 is below a 10 again", {"revolution": True}, REVOLT_AND_BACK, "Al plays 9C", F + "higher"),
]


@pytest.mark.parametrize("case", params(cases(SET_ROWS, "name options given when then")))
def test_friday_sets_and_the_revolution_turned_back(kit, case):
    """friday § Doubles, triples and quadruples: “that number of cards must be met or exceeded”; § Revolution:
    “This change remains in place until the end of the game, or until another quadruple is played.”"""
    verify(SYSTEM, lambda: kit.play(friday(kit, SETS, **case.setup["options"]), case.given), kit.action(case.when), case.then)
