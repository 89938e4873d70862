"""Given/when/then tables for the deal, the exchange between games and the end of a match
(president-classic.md § Preparation, § End Game), in full and public records."""

from __future__ import annotations

import pytest

from domain.president import SYSTEM
from domain.protocol import MatchSetup
from tests.domain.harness import OK, accepted, cases, params, verify

C = "president.classic."
K = "recount.knowledge"

FIVE = ["Al", "Betty", "Carl", "Dana", "Eve"]



# (id, mode, dealer, hands or sizes, expected)
DEALS = [
    ("deal: all the cards in the deck, one at a time", "full", "Dana", "classic", accepted({"phase": "playing", "turn": "Al", "hands.Al.known": lambda cards: len(cards) == 13})),
    ("deal: a card missing", "full", "Dana", "missing", C + "deal"),
    ("deal: a card twice", "full", "Dana", "twice", C + "deal"),
    ("deal: the dealer is a player of the match", "full", "Zed", "classic", "recount.in-match"),
    ("deal: extra cards to the first players after the dealer", "public", "Eve", {"Al": 11, "Betty": 11, "Carl": 10, "Dana": 10, "Eve": 10}, accepted({"hands.Al.unknown": 11, "hands.Eve.unknown": 10})),
    ("deal: one at a time from the dealer's left", "public", "Eve", {"Al": 10, "Betty": 11, "Carl": 11, "Dana": 10, "Eve": 10}, C + "extra-card"),
    ("deal: the hands hold the whole deck", "public", "Eve", {"Al": 11, "Betty": 11, "Carl": 10, "Dana": 10, "Eve": 9}, C + "deal"),
    ("deal: every player gets a hand", "public", "Eve", {"Al": 13, "Betty": 13, "Carl": 13, "Dana": 13}, C + "deal"),
    ("knowledge: a public record takes sizes, not cards", "public", "Dana", "classic", K),
]


@pytest.mark.parametrize("case", params(cases(DEALS, "name mode dealer hands then")))
def test_deal(kit, case):
    mode, dealer, hands = case.setup["mode"], case.setup["dealer"], case.setup["hands"]
    if isinstance(hands, dict):
        state = kit.new_match(players=FIVE, mode=mode)
        event = kit.deal(dealer, **hands)
    else:
        state = kit.new_match(mode=mode)
        cards = dict(kit.CLASSIC_HANDS)
        if hands == "missing":
            cards["Al"] = cards["Al"].replace("2C", "").strip() + " 3C"
        if hands == "twice":
            cards["Al"] = cards["Al"].replace("2C", "2H")
        event = kit.deal(dealer, cards)
    verify(SYSTEM, state, event, case.then)


def test_deal_moves_left_with_next_dealer_option(kit):
    """ruleset next_dealer="left_of_previous" (Friday's “In each game, the dealer shifts to the left by one
    player.”): after Dana's deal, Al (her left, seats kept) deals."""
    state = kit.small_match(next_dealer="left_of_previous", reseat_by_finishing_order=False)
    kit.outcome(state, [kit.deal("Betty", kit.SMALL_GAME_TWO)], C + "next-dealer")
    kit.outcome(state, [kit.deal("Al", kit.SMALL_GAME_TWO)], OK)


# Game two of the twelve-card match: Al president, Carl vice-president, Betty worker, Dana scum.
# Al 3C 4C 5C; Carl 3D 4D 6C; Betty 5D 6D 7C; Dana 7D 8C 8D.
EXCHANGES = [
    ("exchange-first: the scum gives his two highest", {}, [], "Dana gives Al 8C 8D", accepted({"hands.Al.known": lambda cards: {"8C", "8D"} <= set(cards), "hands.Dana.known": ("7D",)})),
    ("exchange-first: not a lower card", {}, [], "Dana gives Al 8C 7D", C + "exchange-first"),
    ("exchange-first: two cards", {}, [], "Dana gives Al 8C", C + "exchange-first"),
    ("exchange-first: the return comes after", {}, [], "Al gives Dana 3C 4C", C + "exchange-first"),
    ("exchange-first: any two cards in return", {}, ["Dana gives Al 8C 8D"], "Al gives Dana 3C 4C", OK),
    ("exchange-first: even a card just received", {}, ["Dana gives Al 8C 8D"], "Al gives Dana 8C 3C", OK),
    (
        "return_received_allowed: off, the cards received stay",
        {"return_received_allowed": False},
        ["Dana gives Al 8C 8D"],
        "Al gives Dana 8C 3C",
        C + "exchange-first",
    ),
    ("exchange-second: the worker gives his highest", {}, [], "Betty gives Carl 7C", accepted({"hands.Carl.known": lambda cards: "7C" in cards})),
    ("exchange-second: not a lower one", {}, [], "Betty gives Carl 6D", C + "exchange-second"),
    ("exchange-second: one card", {}, [], "Betty gives Carl 7C 6D", C + "exchange-second"),
    ("no-other-exchange: no one else", {}, [], "Carl gives Dana 3D", C + "no-other-exchange"),
    ("knowledge: the giver holds the cards", {}, [], "Dana gives Al 8C 6C", K),
    ("knowledge: a full record names the cards", {}, [], "Dana gives Al 2 unseen", K),
    ("exchange-first: no play before the exchange", {}, [], "Al plays 3C", C + "exchange-first"),
    (
        "next-lead: the president plays first",
        {},
        ["Dana gives Al 8C 8D", "Al gives Dana 3C 4C", "Betty gives Carl 7C", "Carl gives Betty 3D"],
        "Al plays 5C",
        accepted(phase="playing", turn="Carl"),
    ),
    (
        "next-lead: nobody else does",
        {},
        ["Dana gives Al 8C 8D", "Al gives Dana 3C 4C", "Betty gives Carl 7C", "Carl gives Betty 3D"],
        "Carl plays 4D",
        C + "next-lead",
    ),
    (
        "no-other-exchange: not twice",
        {},
        ["Dana gives Al 8C 8D", "Al gives Dana 3C 4C", "Betty gives Carl 7C", "Carl gives Betty 3D"],
        "Dana gives Al 3C 4C",
        C + "no-other-exchange",
    ),
]


@pytest.mark.parametrize("case", params(cases(EXCHANGES, "name options given when then")))
def test_exchange(kit, case):
    verify(SYSTEM, lambda: kit.play(kit.small_game_two(**case.setup["options"]), case.given), kit.action(case.when), case.then)


def test_players_sit_in_finishing_order_for_the_next_game(kit):
    """End Game: “The finishing order determines who plays first, second, third, and so on for the next
    game.” — the vice-president plays after the president; with the seats kept, Betty would."""
    exchanged = ["Dana gives Al 8C 8D", "Al gives Dana 3C 4C", "Betty gives Carl 7C", "Carl gives Betty 3D"]
    state = kit.play(kit.small_game_two(), [*exchanged, "Al plays 5C"])
    assert state.seating == ("Al", "Carl", "Betty", "Dana") and state.turn == "Carl"
    kept = kit.small_match(reseat_by_finishing_order=False)
    kept = kit.play(kept, [kit.deal("Dana", kit.SMALL_GAME_TWO), *exchanged, "Al plays 5C"])
    assert kept.seating == ("Al", "Betty", "Carl", "Dana") and kept.turn == "Betty"


# The same exchange in a public record: Dana 3 unseen cards, and so on.
PUBLIC = [
    ("knowledge: unseen cards change hands", [], "Dana gives Al 2 unseen", accepted({"hands.Al.unknown": 5, "hands.Dana.unknown": 1})),
    ("knowledge: or are shown", [], "Dana gives Al 8C 8D", OK),
    ("knowledge: one shown, one unseen", [], "Dana gives Al 8C + 1 unseen", OK),
    ("knowledge: no more cards than the giver holds", [], "Dana gives Al 4 unseen", C + "exchange-first"),
    (
        "knowledge: a card seen in another hand cannot be played",
        ["Dana gives Al 8C 8D", "Al gives Dana 3C 4C", "Betty gives Carl 1 unseen", "Carl gives Betty 1 unseen", "Al plays 5C"],
        "Carl plays 8C",
        K,
    ),
    (
        "knowledge: a card shown to the receiver can be played by them",
        ["Dana gives Al 8C 8D", "Al gives Dana 3C 4C", "Betty gives Carl 1 unseen", "Carl gives Betty 1 unseen"],
        "Al plays 8C 8D",
        OK,
    ),
    (
        "knowledge: a card already played cannot be played again",
        ["Dana gives Al 2 unseen", "Al gives Dana 2 unseen", "Betty gives Carl 1 unseen", "Carl gives Betty 1 unseen",
         "Al plays 5C", "Carl passes", "Betty passes", "Dana passes"],
        "Al plays 5C",
        K,
    ),
    (
        "knowledge: a hand holds only so many cards",
        ["Dana gives Al 2 unseen", "Al gives Dana 2 unseen", "Betty gives Carl 1 unseen", "Carl gives Betty 1 unseen",
         "Al plays 5C", "Carl passes", "Betty passes", "Dana passes",
         "Al plays 4C", "Carl passes", "Betty passes", "Dana passes"],
        "Al plays 3C 3D",
        K,
    ),
    (
        "knowledge: a card shown in the return is known to the receiver's hand",
        ["Dana gives Al 8C 8D", "Al gives Dana 3C 4C", "Betty gives Carl 1 unseen", "Carl gives Betty 1 unseen"],
        "Al plays 3C",
        K,
    ),
]


@pytest.mark.parametrize("case", params(cases(PUBLIC, "name given when then")))
def test_public_record(kit, case):
    verify(SYSTEM, lambda: kit.play(kit.small_game_two(mode="public"), case.given), kit.action(case.when), case.then)


def test_public_record_forgets_shown_cards_passed_on_unseen(kit):
    """DESIGN.md: “the checks use everything known and nothing more”: after Al returns two unseen cards he
    may have returned the 8s he was shown, so Dana may play an 8."""
    lines = ["Dana gives Al 8C 8D", "Al gives Dana 2 unseen", "Betty gives Carl 1 unseen", "Carl gives Betty 1 unseen",
             "Al plays 3C", "Carl passes", "Betty passes"]
    state = kit.play(kit.small_game_two(mode="public"), lines)
    assert state.hands["Al"].known == ()
    kit.play(state, ["Dana plays 8C"])


MATCH_END = [
    ("game-end: the match ends between games", "between", "end", accepted(phase="ended")),
    ("match-end: not before a game is played (house rule)", "start", "end", "recount.match-end"),
    ("recount: nothing after the end", "ended", "Al plays 3C", "recount.match-ended"),
    ("recount: no deal after the end", "ended", "deal", "recount.match-ended"),
]


@pytest.mark.parametrize("case", params(cases(MATCH_END, "name given when then")))
def test_match_end(kit, case):
    state = kit.new_match(deck=kit.SMALL_DECK) if case.given == "start" else kit.small_match()
    if case.given == "ended":
        state = kit.play(state, ["end"])
    action = kit.deal("Dana", kit.SMALL_GAME_TWO) if case.when == "deal" else kit.action(case.when)
    verify(SYSTEM, state, action, case.then)


SETUPS = [
    ("players: 4-7, not 3", {"players": ["Al", "Betty", "Carl"]}, C + "players"),
    ("players: 4-7, not 8", {"players": [f"P{i}" for i in range(8)]}, C + "players"),
    ("players: a house rule widens the range", {"players": ["Al", "Betty", "Carl"], "min_players": 3}, accepted(players=("Al", "Betty", "Carl"))),
    ("ruleset: an unknown option", {"players": ["Al", "Betty", "Carl", "Dana"], "jokerz": 2}, "recount.ruleset"),
    ("ruleset: a deck card of no rank", {"players": ["Al", "Betty", "Carl", "Dana"], "deck": ["3C", "ZZ", "4C", "5C"]}, "recount.ruleset"),
]


@pytest.mark.parametrize("case", params(cases(SETUPS, "name options then")))
def test_setup(case):
    options = dict(case.setup["options"])
    players = options.pop("players")
    verify(SYSTEM, None, MatchSetup(system="president", players=players, preset="classic", options=options, mode="full"), case.then)
