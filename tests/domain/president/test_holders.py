"""Mode "holders": hands entered by their holders (docs/house-rules.md § Hands entered by their holders
(President)). Given/when/then tables on the twelve-card match's game two: Al president, Carl vice-president,
Betty worker, Dana scum; dealt Al 3C 4C 5C, Carl 3D 4D 6C, Betty 5D 6D 7C, Dana 7D 8C 8D (sizes only: each
player enters their own hand)."""

from __future__ import annotations

import pytest

from domain.president import SYSTEM
from domain.president.events import CardsExchanged, HandEntered
from domain.president.notation import parse, write
from domain.protocol import EVERYONE, SPECTATOR, MatchSetup, Perspective
from tests.domain.harness import OK, accepted, verify

C = "president.classic."
ENTERED = "recount.hand-entered"
AS_DEALT = "recount.as-dealt"


def entered(player: str, cards: str) -> HandEntered:
    return HandEntered(player=player, cards=tuple(cards.split()))


DANA = entered("Dana", "7D 8C 8D")
AL = entered("Al", "3C 4C 5C")

# (name, lines after game two's deal, the action, then)
ROWS = [
    ("house rules: each player enters the cards they were dealt", [], DANA, accepted({"hands.Dana.known": ("7D", "8C", "8D"), "hands.Dana.unknown": 0})),
    ("house rules: once a game", [DANA], DANA, ENTERED),
    ("house rules: as many cards as the deal gave that player", [], entered("Dana", "7D 8C"), AS_DEALT),
    ("classic § Preparation: the deck, each card dealt once: a card not in the deck", [], entered("Dana", "7D 8C 9C"), C + "deck"),
    ("classic § Preparation: the deck, each card dealt once: a card entered by two seats", [AL], entered("Carl", "3C 4D 6C"), C + "deal"),
    ("classic § Preparation: the deck, each card dealt once: one card twice in a hand", [], entered("Dana", "7D 8C 8C"), C + "deal"),
    ("house rules: the giver names the cards given", [], CardsExchanged(giver="Dana", receiver="Al", unknown=2), "recount.giver-names"),
    ("classic § End Game: a hand unknown gives named cards, checked as in public mode", [], "Dana gives Al 7D 8C", OK),
    ("classic § End Game: “The scum must give the president his two highest cards”: caught when the scum enters",
     ["Dana gives Al 7D 8C"], DANA, C + "exchange-first"),
    ("classic § End Game: a hand entered is checked exactly: the highest cards", [DANA], "Dana gives Al 7D 8C", C + "exchange-first"),
    ("classic § End Game: a hand entered is checked exactly: a card not held", [DANA], "Dana gives Al 8C 6D", "recount.knowledge"),
    ("house rules: the hand as dealt holds the cards given since", ["Dana gives Al 8C 8D"], entered("Dana", "7D 8C 6D"), AS_DEALT),
    ("house rules: the hand as dealt, not the hand now: cards given out and received",
     ["Dana gives Al 8C 8D", "Al gives Dana 3C 4C"], DANA, accepted({"hands.Dana.known": ("7D", "3C", "4C")})),
    ("house rules: the hand as dealt, cards received are not in it",
     ["Dana gives Al 8C 8D", "Al gives Dana 3C 4C"], entered("Al", "3C 4C 8C"), C + "deal"),
    ("house rules: the hand as dealt: the cards it received left out",
     ["Dana gives Al 8C 8D", "Al gives Dana 3C 4C"], AL, accepted({"hands.Al.known": ("5C", "8C", "8D")})),
]


@pytest.mark.parametrize(("name", "lines", "event", "then"), ROWS, ids=[row[0] for row in ROWS])
def test_hand_entered(kit, name, lines, event, then):
    kit.outcome(kit.small_game_two("holders"), [*lines, event], then)


# Then Al holds 5C 8C 8D, Carl 4D 6C 7C, Betty 5D 6D 3D, Dana 7D 3C 4C; Al leads.
PLAYED = ["Dana gives Al 8C 8D", "Al gives Dana 3C 4C", "Betty gives Carl 7C", "Carl gives Betty 3D", "Al plays 5C"]


def test_a_play_before_the_hand_is_entered_must_be_in_it(kit):
    """house rules: “among them every card the player has played or given since the deal”: Al played 5C unseen."""
    kit.outcome(kit.small_game_two("holders"), [*PLAYED, entered("Al", "3C 4C 6D")], AS_DEALT)
    kit.outcome(kit.small_game_two("holders"), [*PLAYED, AL], accepted({"hands.Al.known": ("8C", "8D")}))


def test_a_card_played_by_another_cannot_be_entered(kit):
    """classic § Preparation: each card dealt once: Al played 5C, so nobody else was dealt it."""
    kit.outcome(kit.small_game_two("holders"), [*PLAYED, entered("Betty", "5C 6D 7C")], C + "deal")


def test_a_play_after_the_hand_is_entered_is_checked_exactly(kit):
    """Full-mode knowledge from the entry on: Al holds 8C 8D, not 7D."""
    state = kit.play(kit.small_game_two("holders"), [*PLAYED, "Carl passes", "Betty passes", "Dana passes", AL])
    kit.outcome(state, ["Al plays 7D"], "recount.knowledge")
    kit.outcome(state, ["Al plays 8C 8D"], OK)


def test_no_hand_is_entered_between_games_or_in_other_modes(kit):
    kit.outcome(kit.small_match("holders"), [AL], ENTERED)
    kit.outcome(kit.small_game_two("public"), [AL], ENTERED)


def test_two_decks_hold_two_copies_of_a_card(kit):
    """classic § Preparation, counted per copy: a deck of two decks deals each card twice."""
    state = kit.play(kit.new_match(mode="holders", deck=kit.SMALL_DECK * 2), [kit.deal("Dana", Al=6, Betty=6, Carl=6, Dana=6)])
    state = verify(SYSTEM, state, entered("Al", "3C 3C 4C 4D 5C 5D"), OK)
    verify(SYSTEM, state, entered("Betty", "3C 6C 6D 7C 7D 8C"), C + "deal")
    verify(SYSTEM, state, entered("Betty", "6C 6C 6D 7C 7D 8C"), OK)


def test_blind_president_is_not_entered_by_its_holders():
    """friday § Blind President: “face-down piles that the players are not allowed to look at”."""
    setup = MatchSetup(system="president", players=["Al", "Bo"], preset="friday", options={"blind": True}, mode="holders")
    verify(SYSTEM, None, setup, "recount.blind-holders")


def test_each_hand_is_seen_by_its_holder_and_the_scorekeeper_only(kit):
    state = kit.play(kit.small_game_two("holders"), ["Dana gives Al 8C 8D"])
    after = SYSTEM.evolve(state, DANA)
    betty, dana = Perspective("seat", "Betty"), Perspective("seat", "Dana")
    assert SYSTEM.view(after, betty)["hands"]["Dana"] == {"count": 1}
    assert SYSTEM.view(after, dana)["hands"]["Dana"] == {"count": 1, "cards": ["7D"]}
    assert SYSTEM.view(after, EVERYONE)["hands"]["Dana"]["cards"] == ["7D"]
    assert SYSTEM.view(after, SPECTATOR)["entered"] == ["Dana"]
    # the gift is Dana's and Al's, not Betty's
    assert SYSTEM.view(after, betty)["exchanges"][0]["cards"] == []
    assert SYSTEM.redact(state, DANA, betty) == {"type": "HandEntered", "player": "Dana", "cards": [], "count": 3}
    assert SYSTEM.redact(state, DANA, dana)["cards"] == ["7D", "8C", "8D"]
    assert SYSTEM.describe(state, DANA, perspective=betty) == "Dana enters their hand (three cards)"
    assert SYSTEM.describe(state, DANA, perspective=dana) == "Dana enters their hand (three cards): 7♦ 8♣ 8♦"


def test_before_the_entry_the_hand_is_unknown_to_its_holder_too(kit):
    """The replay shows a hand from the step it was entered; before it, the record knew its size only."""
    state = kit.small_game_two("holders")
    assert SYSTEM.view(state, Perspective("seat", "Dana"))["hands"]["Dana"] == {"count": 3, "cards": [], "unknown": 3}


def test_allowed_offers_each_unentered_hand_with_what_it_must_and_may_hold(kit):
    state = kit.play(kit.small_game_two("holders"), ["Dana gives Al 8C 8D", DANA])
    offered = {choice.player: choice.hints for choice in SYSTEM.allowed(state) if choice.type == "HandEntered"}
    assert set(offered) == {"Al", "Carl", "Betty"}
    assert offered["Carl"] == {"supply": ["cards"], "size": 3, "held": [], "may": ["3C", "3D", "4C", "4D", "5C", "5D", "6C", "6D", "7C"]}
    assert "Dana" not in SYSTEM.to_act(state) and "Al" in SYSTEM.to_act(state)


def test_after_a_gift_the_rest_of_the_hand_is_offered_no_higher(kit):
    """classic § End Game: after “Dana gives Al 7D 8C” Dana's third card was no higher than the 7 given: the hand
    offered holds the cards given and one of 3 to 7, never the 8D."""
    state = kit.play(kit.small_game_two("holders"), ["Dana gives Al 7D 8C"])
    dana = next(choice for choice in SYSTEM.allowed(state) if choice.player == "Dana" and choice.type == "HandEntered")
    assert dana.hints["held"] == ["7D", "8C"]
    assert dana.hints["may"] == ["3C", "3D", "4C", "4D", "5C", "5D", "6C", "6D", "7C"]


def test_the_notation_writes_and_reads_a_hand_entered(kit):
    state = kit.small_game_two("holders")
    assert write(state, DANA) == "Dana enters 7D 8C 8D"
    assert parse(state, "d enter 7d 8c 8d") == DANA


def _daifugo_dealt(kit):
    """A daifugo match of holders, game one dealt by Eve as the rules deal it (sizes only)."""
    state = kit.new_match(players=["Al", "Betty", "Carl", "Dana", "Eve"], preset="daifugo", mode="holders")
    deal = next(choice for choice in SYSTEM.allowed(state) if choice.type == "CardsDealt" and choice.event["dealer"] == "Eve")
    return kit.play(state, [kit.deal("Eve", **deal.event["sizes"])])


def _hand(state, player: str, cards: str, fill: str) -> HandEntered:
    """`cards`, then the cards of `fill` up to the size dealt to `player`."""
    named = cards.split()
    extra = [card for card in fill.split() if card not in named]
    return HandEntered(player=player, cards=tuple(named + extra[: state.dealt_sizes[player] - len(named)]))


FILL = "5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H"


def test_the_hand_entered_says_who_should_have_led(kit):
    """docs/daifugo.md: “The holder of the 3 of diamonds after the exchange leads every game”: nobody had entered
    a hand, so Al led unchecked; the hands entered must agree that Al held the 3♦."""
    state = kit.play(_daifugo_dealt(kit), ["Al plays 4C"])
    kit.outcome(state, [_hand(state, "Betty", "3D", FILL)], "president.daifugo.diamond-lead")
    kit.outcome(state, [_hand(state, "Al", "4C", FILL)], "president.daifugo.diamond-lead")
    kit.outcome(state, [_hand(state, "Al", "3D 4C", FILL)], OK)
    offered = {choice.player: choice.hints for choice in SYSTEM.allowed(state) if choice.type == "HandEntered"}
    assert offered["Al"]["held"] == ["3D", "4C"] and "3D" not in offered["Betty"]["may"]


def test_the_holder_of_the_leading_card_leads_once_entered(kit):
    """docs/daifugo.md: the 3♦'s holder leads: entered before any play, the hand says whose turn it is."""
    state = _daifugo_dealt(kit)
    assert state.turn is None
    after = kit.play(state, [_hand(state, "Carl", "3D", FILL)])
    assert after.turn == "Carl" and after.leader == "Carl"
    kit.outcome(after, ["Al plays 4C"], "president.daifugo.diamond-lead")
