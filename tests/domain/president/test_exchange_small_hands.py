"""Given/when/then: an exchange owed where a hand holds fewer cards than the ruleset's count (a deck of the
options smaller than the text's, a Blind President hand of one card). classic § End Game: “The scum must
give the president his two highest cards and receive any two cards from the president’s hand in return.”:
from a hand of one card, his highest cards are that card, and one comes back. Before, the match owed two
cards nobody held, so nothing was allowed and the match could not go on."""

from __future__ import annotations

import random

from msgspec.structs import replace

import pytest

from domain.president import SYSTEM
from domain.president.exchanges import exchange_dues
from domain.protocol import MatchSetup
from fixtures.random_player import play_random
from tests.domain.harness import OK, accepted, cases, params, verify

C = "president.classic."
ONE_EACH = ["3C", "4C", "5C", "6C"]  # four players, one card each
GAME_ONE = {"Al": "3C", "Betty": "4C", "Carl": "5C", "Dana": "6C"}
GAME_ONE_PLAY = ["Al plays 3C", "Betty plays 4C", "Carl plays 5C"]  # Dana is left holding 6C: the scum
GAME_TWO = {"Al": "3C", "Betty": "5C", "Carl": "4C", "Dana": "6C"}


def game_two(kit, mode: str = "full"):
    state = kit.new_match(mode=mode, deck=ONE_EACH)
    if mode == "full":
        deals = [kit.deal("Dana", GAME_ONE), *GAME_ONE_PLAY, kit.deal("Dana", GAME_TWO)]
    else:
        deals = [kit.deal("Dana", Al=1, Betty=1, Carl=1, Dana=1), *GAME_ONE_PLAY, kit.deal("Dana", Al=1, Betty=1, Carl=1, Dana=1)]
    return kit.play(state, deals)


EXCHANGES = [
    ("exchange-first: the scum's highest cards are his one card", "full", [], "Dana gives Al 6C", accepted({"hands.Al.known": lambda cards: "6C" in cards, "hands.Dana.size": 0})),
    ("exchange-first: not two cards he does not hold", "full", [], "Dana gives Al 6C 6C", C + "exchange-first"),
    ("exchange-first: one card in return", "full", ["Dana gives Al 6C"], "Al gives Dana 3C", OK),
    ("exchange-second: the worker gives his one card", "full", [], "Carl gives Betty 4C", OK),
    ("exchange-first: unseen, one card", "public", [], "Dana gives Al 1 unseen", OK),
    ("exchange-first: unseen, not two", "public", [], "Dana gives Al 2 unseen", C + "exchange-first"),
]


@pytest.mark.parametrize("case", params(cases(EXCHANGES, "name mode given when then")))
def test_an_exchange_is_of_no_more_cards_than_the_hands_hold(kit, case):
    verify(SYSTEM, lambda: kit.play(game_two(kit, case.setup["mode"]), case.given), kit.action(case.when), case.then)


# deck § Stealing Based on Ranking: “The President may ask for 2 low cards, 2 high cards, or one of each.” —
# “This is based on the # on the card.”: a Doppelgänger has none and answers no ask. Bo, the scum, holds one
# card with a # and a Doppelgänger: two asked are the one card he can give.
ASKED = {"ranks": ["D", "3", "4", "5"], "deck": ["D1", "3C", "4C", "5C"], "wild_rank": "D", "exchange_asks": True, "min_players": 2, "exchange": [2]}
ASKED_GAME_ONE = [{"Al": "4C 5C", "Bo": "3C D1"}, "Al plays 5C", "Bo passes", "Al plays 4C"]
ASKED_EXCHANGES = [
    ("ask: the one card with a # of the two asked", [], "Bo gives Al 5C asking high", accepted({"dues": lambda dues: [d.count for d in dues] == [1]})),
    ("exchange-first: not the Doppelgänger besides", [], "Bo gives Al 5C D1 asking high high", C + "exchange-first"),
    ("give-back: one card in return", ["Bo gives Al 5C asking high"], "Al gives Bo 3C", OK),
]


@pytest.mark.parametrize("case", params(cases(ASKED_EXCHANGES, "name given when then")))
def test_cards_asked_are_no_more_than_the_hand_holds_with_a_number(kit, case):
    def game_two():
        deal_one, *plays = ASKED_GAME_ONE
        state = kit.play(kit.new_match(players=["Al", "Bo"], **ASKED), [kit.deal("Bo", deal_one), *plays])
        return kit.play(state, [kit.deal("Bo", {"Al": "3C 4C", "Bo": "5C D1"}), *case.given])

    verify(SYSTEM, game_two, kit.action(case.when), case.then)


@pytest.mark.parametrize(
    ("preset", "players", "options", "mode"),
    [
        ("classic", 4, {"deck": ONE_EACH}, "full"),
        ("classic", 4, {"deck": ONE_EACH}, "public"),
        ("classic", 4, {"deck": [*ONE_EACH, "7C", "8C"]}, "full"),
        # friday § Blind President: "each player takes the top seven cards from their pile": here one.
        ("friday", 2, {"blind": True, "blind_hand": 1}, "full"),
    ],
)
def test_a_match_of_small_hands_always_has_something_allowed(preset, players, options, mode):
    created = SYSTEM.start(MatchSetup(system="president", preset=preset, players=[f"P{i}" for i in range(players)], options=options, mode=mode))
    playing_on = lambda state, choices, rng: rng.choice([c for c in choices if c.type != "MatchEnded"] or choices)  # noqa: E731
    for seed in range(3):
        assert len(play_random(SYSTEM, created, random.Random(seed), steps=150, choose=playing_on)) == 150



# classic § End Game: the president gives "any two cards from the president’s hand in return", after the
# gift, so a president holding one card of her own still receives two and gives two back (one may be a card
# just received: classic lets it). friday forbids giving back a card received, and there her own hand bounds
# the exchange (deck's case is in tests/service/test_rules_texts_scripted.py).
@pytest.mark.parametrize(
    ("preset", "owed"),
    [("classic", [("Dana", "Al", 2), ("Al", "Dana", 2)]), ("friday", [("Dana", "Al", 1), ("Al", "Dana", 1)])],
)
def test_a_president_holding_fewer_cards_receives_and_returns_what_her_rules_allow(preset, owed):
    ruleset = SYSTEM.start(MatchSetup(system="president", preset=preset, players=["Al", "Betty", "Carl", "Dana"])).ruleset
    ranking = ("Al", "Betty", "Carl", "Dana")
    dues = exchange_dues(replace(ruleset, exchange=(2,)), ranking, {"Al": 1, "Betty": 5, "Carl": 5, "Dana": 6})
    assert [(due.giver, due.receiver, due.count) for due in dues] == owed
