"""The rules texts' statements beyond their worked examples (/work/shared/rules/, docs/daifugo.md), scripted against the HTTP API.

tests/service/test_worked_examples.py scripts the examples the texts set out as such ("for example …",
"Example Gameplay"); this file scripts the rest of what the texts give with cards, counts, points, votes or
dice: the scoring tables, the exchanges, who leads after a player goes out, the tie rules, the variations.
Each test cites its text and drives the situation through POST /matches/{id}/events the way a scorekeeper
would: a step the text allows is a 201, one it forbids a 422 naming the rule (and recording nothing); where
the text says whose turn it is, who holds what or what a tally comes to, GET /state or /standings says the
same."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from domain.mrpresident import events as mr
from tests.support.mrpresident import TWO, ballot, roll
from tests.support.mrpresident_advanced import CHALLENGERS, DEM, NOMINATION, PARTIES_DRAWN, ROUND, SETUP as ADVANCED_SETUP, TABLES, TICKETS, advertise, debate, dem, funds, raise_roll, rep
from tests.support.api import auth, sqlite_app
from tests.support.scripted import MR_FOUR, act, allowed_now, batch, board_entry, cast_by, event_json, mr_match, ok, open_match, play, refused, standings, state

FOUR = ["Al", "Betty", "Carl", "Dana"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """One app over a real SQLite file per test, as in tests/service/test_worked_examples.py."""
    with sqlite_app(tmp_path) as test_client:
        yield test_client


def dealt(dealer: str, hands: dict[str, str], **extra: Any) -> dict[str, Any]:
    return {"type": "CardsDealt", "dealer": dealer, "hands": {player: cards.split() for player, cards in hands.items()}, **extra}


def gives(giver: str, receiver: str, cards: str, asked: str = "") -> dict[str, Any]:
    event: dict[str, Any] = {"type": "CardsExchanged", "giver": giver, "receiver": receiver, "cards": cards.split()}
    if asked:
        event["asked"] = asked.split()
    return event


def lines(client: TestClient, match: dict[str, Any], text: str) -> None:
    """Plays written “Al 8C ; Betty passes ; …”, recorded in one batch."""
    batch(client, match, [act(line.strip()) for line in text.split(";")])


# --- president-classic.md ---------------------------------------------------------------------------------
# A twelve-card deck (3 to 8 in clubs and diamonds, a match option) so that a game plays out in a few lines.
SMALL_DECK = "3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D".split()
SMALL_ONE = {"Al": "3C 3D 8C", "Betty": "4C 4D 7C", "Carl": "5C 5D 6C", "Dana": "6D 7D 8D"}
# Al goes out first, then Carl, then Betty; Dana is left holding the 8D.
SMALL_ONE_PLAY = (
    "Al 8C ; Betty passes ; Carl passes ; Dana passes ; Al 3C 3D ; Betty 4C 4D ; Carl 5C 5D ; Dana passes ; "
    "Betty passes ; Carl 6C ; Dana 7D ; Betty passes ; Dana 6D ; Betty 7C"
)


def classic_game_one(client: TestClient, preset: str = "classic", **options: Any) -> dict[str, Any]:
    match = open_match(client, "president", preset, FOUR, "full", deck=SMALL_DECK, **options)
    ok(client, match, dealt("Dana", SMALL_ONE))
    lines(client, match, SMALL_ONE_PLAY)
    return match


def test_president_classic_end_game_scoring_four_players(client: TestClient) -> None:
    """president-classic.md § End Game: “Whoever runs out first wins and becomes the president on the next
    game. But play doesn't end at the first person out; you continue until only one player is left holding
    cards. The unlucky cardholder becomes the scum. … The winner, and president for the next game, gets 2
    points, and the runner-up, or vice-president, gets 1 point. The scum, or beggar, loses 2 points, and the
    second-to-last player, the worker, loses 1 point.”"""
    match = open_match(client, "president", "classic", FOUR, "full", deck=SMALL_DECK)
    ok(client, match, dealt("Dana", SMALL_ONE))
    lines(client, match, "Al 8C ; Betty passes ; Carl passes ; Dana passes ; Al 3C 3D")
    # “play doesn't end at the first person out”
    view = state(client, match)
    assert view["phase"] != "between" and view["finishing_order"] == ["Al"] and view["turn"] == "Betty"
    assert standings(client, match)["details"]["games"] == []
    lines(client, match, SMALL_ONE_PLAY.split(" ; Al 3C 3D ; ")[1])
    view = state(client, match)
    # “you continue until only one player is left holding cards. The unlucky cardholder becomes the scum.”
    assert view["finishing_order"] == ["Al", "Carl", "Betty", "Dana"] and view["hands"]["Dana"]["cards"] == ["8D"]
    assert view["roles"] == {"Al": "president", "Carl": "vice-president", "Betty": "worker", "Dana": "scum"}
    table = standings(client, match)
    assert [(p["player"], p["place"], p["score"]) for p in table["placings"]] == [("Al", 1, 2), ("Carl", 2, 1), ("Betty", 3, -1), ("Dana", 4, -2)]
    assert table["details"]["points"] == {"Al": 2, "Carl": 1, "Betty": -1, "Dana": -2}
    assert "Al president +2, Carl vice-president +1, Betty worker −1, Dana scum −2" in " ".join(table["explanation"])


def test_president_classic_end_game_players_in_between_score_nothing(client: TestClient) -> None:
    """president-classic.md § End Game: “All players in between (which are not used in a four-player game)
    score nothing and lose nothing.” Six players, one card each (a match deck of six): Al, Carl and Eve go out
    on the first round; Fay (at Eve's left) leads her last card; Betty then leads hers; Dana is the scum."""
    six = ["Al", "Betty", "Carl", "Dana", "Eve", "Fay"]
    match = open_match(client, "president", "classic", six, "full", deck="3C 3D 4C 4D 5C 5D".split())
    ok(client, match, dealt("Fay", {"Al": "3C", "Betty": "3D", "Carl": "4C", "Dana": "4D", "Eve": "5C", "Fay": "5D"}))
    lines(client, match, "Al 3C ; Betty passes ; Carl 4C ; Dana passes ; Eve 5C ; Fay passes ; Betty passes ; Dana passes")
    # “If a player goes out when he's the last to play on a round, … the player to his left starts up the next round.”
    assert state(client, match)["turn"] == "Fay"
    lines(client, match, "Fay 5D ; Betty passes ; Dana passes ; Betty 3D")
    table = standings(client, match)
    assert [(p["player"], p["score"]) for p in table["placings"]] == [("Al", 2), ("Carl", 1), ("Eve", 0), ("Fay", 0), ("Betty", -1), ("Dana", -2)]
    assert state(client, match)["roles"] == {"Al": "president", "Carl": "vice-president", "Eve": "citizen", "Fay": "citizen", "Betty": "worker", "Dana": "scum"}


def test_president_classic_goes_out_last_to_play_left_starts(client: TestClient) -> None:
    """president-classic.md § End Game: “(If a player goes out when he's the last to play on a round, he
    obviously can't lead to the next round, so the player to his left starts up the next round.)” Al leads
    his last two cards, a pair of 3s, and nobody tops them: Betty, at his left, leads; Carl may not."""
    match = open_match(client, "president", "classic", FOUR, "full", deck=SMALL_DECK)
    ok(client, match, dealt("Dana", SMALL_ONE))
    lines(client, match, "Al 8C ; Betty passes ; Carl passes ; Dana passes ; Al 3C 3D ; Betty passes ; Carl passes")
    view = play(client, match, "Dana passes", turn_after="Betty")
    assert view["trick"] == [] and view["finishing_order"] == ["Al"]
    refused(client, match, act("Carl plays 5C"), "president.classic.out-lead")
    refused(client, match, act("Al passes"), "president.classic.out-lead")  # he is out: he cannot lead
    play(client, match, "Betty plays 4C", turn_after="Carl")


# Game two: the players sit in finishing order (Al, Carl, Betty, Dana); Dana, the scum, deals.
SMALL_TWO = {"Al": "3C 4C 5C", "Carl": "3D 4D 6C", "Betty": "5D 6D 7C", "Dana": "7D 8C 8D"}


def test_president_classic_exchange_scum_and_worker(client: TestClient) -> None:
    """president-classic.md § End Game: “The scum must give the president his two highest cards and receive
    any two cards from the president's hand in return. Similarly, the worker must give the vice-president his
    highest card and receive any one card in return. No one else exchanges cards.” and “The finishing order
    determines who plays first, second, third, and so on for the next game.”"""
    match = classic_game_one(client)
    ok(client, match, dealt("Dana", SMALL_TWO))
    view = state(client, match)
    assert view["seating"] == ["Al", "Carl", "Betty", "Dana"]
    assert {"giver": "Dana", "receiver": "Al", "count": 2} in view["exchanges_due"]
    assert {"giver": "Betty", "receiver": "Carl", "count": 1} in view["exchanges_due"]
    # “his two highest cards”: the 8s, not the 7.
    refused(client, match, gives("Dana", "Al", "7D 8C"), "president.classic.exchange-first")
    # “No one else exchanges cards.”
    refused(client, match, gives("Carl", "Al", "3D"), "president.classic.no-other-exchange")
    refused(client, match, gives("Dana", "Carl", "8C"), "president.classic.no-other-exchange")
    ok(client, match, gives("Dana", "Al", "8C 8D"))
    # “receive any two cards from the president's hand in return”: two, any two
    refused(client, match, gives("Al", "Dana", "3C"), "president.classic.exchange-first")
    ok(client, match, gives("Al", "Dana", "3C 4C"))
    # “the worker must give the vice-president his highest card”: the 7C, not the 6D
    refused(client, match, gives("Betty", "Carl", "6D"), "president.classic.exchange-second")
    ok(client, match, gives("Betty", "Carl", "7C"), gives("Carl", "Betty", "3D"))
    view = state(client, match)
    assert sorted(view["hands"]["Al"]["cards"]) == sorted("5C 8C 8D".split())
    assert sorted(view["hands"]["Dana"]["cards"]) == sorted("3C 4C 7D".split())
    assert sorted(view["hands"]["Carl"]["cards"]) == sorted("4D 6C 7C".split())
    assert sorted(view["hands"]["Betty"]["cards"]) == sorted("3D 5D 6D".split())
    # “The finishing order determines who plays first”: the president.
    assert view["turn"] == "Al"
    refused(client, match, act("Carl plays 4D"), "president.classic.next-lead")
    play(client, match, "Al plays 5C", turn_after="Carl")


# --- president-friday.txt -----------------------------------------------------------------------------------


def test_president_friday_playing_your_last_card(client: TestClient) -> None:
    """president-friday.txt § Playing your last card: “When a player plays the last card in their hand they are
    out of the game, but the round doesn't end immediately. Play continues to their left with the top card as
    normal. If no other players choose to play onto the top card, the round is over and the player to the left
    of the player who went out gets to start the next round.” Al's 8 is the top value of this twelve-card
    deck (“Nothing can beat a 2, so if a player uses one they win the round immediately”: here an 8)."""
    match = open_match(client, "president", "friday", FOUR, "full", deck=SMALL_DECK)
    ok(client, match, dealt("Dana", SMALL_ONE))
    view = play(client, match, "Al plays 8C", turn_after="Al")
    assert view["trick"] == []
    # Al's last cards: “Play continues to their left with the top card as normal.”
    view = play(client, match, "Al plays 3C 3D", turn_after="Betty")
    assert view["finishing_order"] == ["Al"] and view["trick"][-1]["cards"] == ["3C", "3D"]
    allowed_now(client, match, "Betty plays 4C 4D")
    # “If no other players choose to play onto the top card … the player to the left of the player who went
    # out gets to start the next round.”
    lines(client, match, "Betty passes ; Carl passes")
    view = play(client, match, "Dana passes", turn_after="Betty")
    assert view["trick"] == []
    refused(client, match, act("Carl plays 5C"), "president.friday.out-lead")
    play(client, match, "Betty plays 4C", turn_after="Carl")


FRIDAY_ONE_PLAY = (
    "Al 8C ; Al 3C 3D ; Betty 4C 4D ; Carl 5C 5D ; Dana passes ; Betty passes ; Carl 6C ; Dana 7D ; Betty passes ; "
    "Dana 6D ; Betty 7C"
)
# Game two, Al deals (the deal moved left from Dana): the hands of the classic game two, the seats kept.
FRIDAY_TWO = {"Betty": "5D 6D 7C", "Carl": "3D 4D 6C", "Dana": "7D 8C 8D", "Al": "3C 4C 5C"}


def test_president_friday_ranking_exchange_and_next_game(client: TestClient) -> None:
    """president-friday.txt § Ranking: “The first player to be out of a game is the winner and is labelled the
    "President". The second player out is called the "Vice President". The player who finishes second to last
    is called the "Vice Idiot", and the last player holding cards at the end of the game is the "Idiot".” and
    “At the start of a game, the Idiot must give the two highest-value cards they were dealt to the President,
    who in return must give any two cards they were dealt to the Idiot. The same exchange takes place between
    the Vice Idiot and the Vice President, but only one card is swapped instead of two.” § Dealing: “In each
    game, the dealer shifts to the left by one player.” and “In future games, the Idiot (see "Ranking") starts
    the first round.”"""
    match = open_match(client, "president", "friday", FOUR, "full", deck=SMALL_DECK)
    ok(client, match, dealt("Dana", SMALL_ONE))
    lines(client, match, FRIDAY_ONE_PLAY)
    view = state(client, match)
    assert view["roles"] == {"Al": "President", "Carl": "Vice President", "Betty": "Vice Idiot", "Dana": "Idiot"}
    assert view["seating"] == FOUR  # the seats are kept: the dealer “shifts to the left”
    # “the dealer shifts to the left by one player”: Al, at Dana's left; not Betty.
    refused(client, match, dealt("Betty", FRIDAY_TWO), "president.friday.next-dealer")
    ok(client, match, dealt("Al", FRIDAY_TWO))
    # “the two highest-value cards they were dealt”
    refused(client, match, gives("Dana", "Al", "8C 7D"), "president.friday.exchange-first")
    ok(client, match, gives("Dana", "Al", "8C 8D"))
    # “any two cards they were dealt”: not the 8 just received.
    refused(client, match, gives("Al", "Dana", "8C 3C"), "president.friday.exchange-first")
    ok(client, match, gives("Al", "Dana", "3C 4C"))
    # “only one card is swapped instead of two”
    refused(client, match, gives("Betty", "Carl", "7C 6D"), "president.friday.exchange-second")
    ok(client, match, gives("Betty", "Carl", "7C"), gives("Carl", "Betty", "3D"))
    view = state(client, match)
    assert sorted(view["hands"]["Dana"]["cards"]) == ["3C", "4C", "7D"] and sorted(view["hands"]["Al"]["cards"]) == ["5C", "8C", "8D"]
    # “In future games, the Idiot … starts the first round.”
    assert view["turn"] == "Dana"
    refused(client, match, act("Al plays 5C"), "president.friday.next-lead")
    play(client, match, "Dana plays 3C", turn_after="Al")


# Dana deals; Al (her left) leads. Al holds the four 4s, Al and Betty a Joker each.
FRIDAY_FULL = {
    "Al": "4C 4D 4H 4S 5C 7C 9C 9D JC QC KC AC 2C",
    "Betty": "3C 3D 5D 6C 6D 7D 9H 10C 10D JD QD KD AD",
    "Carl": "3H 5H 6H 7H 8C 8D 9S 10H JH QH KH AH 2D",
    "Dana": "2H 2S 3S 5S 6S 7S 8H 8S 10S JS QS KS AS",
}
FRIDAY_JOKERS = dict(FRIDAY_FULL, Al=FRIDAY_FULL["Al"] + " JK1", Betty=FRIDAY_FULL["Betty"] + " JK2")


def test_president_friday_jokers_variation(client: TestClient) -> None:
    """president-friday.txt § Variations, Jokers: “Jokers are the only cards with a higher value than a 2,
    meaning that playing a 2 is no longer a guaranteed way to win the round. Single Jokers also share the 2s'
    property of being able to beat any lower-value DTQ, so there are now six cards that can beat a DTQ instead
    of four.” and § Dealing: “The dealer deals the entire deck of cards to the players, including the Joker
    cards if playing with them”."""
    match = open_match(client, "president", "friday", FOUR, "full", jokers=2)
    # “the entire deck … including the Joker cards”: a deal without them is refused.
    refused(client, match, dealt("Dana", FRIDAY_FULL), "president.friday.deal")
    ok(client, match, dealt("Dana", FRIDAY_JOKERS))
    # “playing a 2 is no longer a guaranteed way to win the round”: the round goes on after Al's 2 …
    view = play(client, match, "Al plays 2C", turn_after="Betty")
    assert view["trick"][-1]["cards"] == ["2C"]
    # … and a Joker, “the only cards with a higher value than a 2”, beats it and wins the round.
    view = play(client, match, "Betty plays JK2", turn_after="Betty")
    assert view["trick"] == []
    # “Single Jokers also share the 2s' property of being able to beat any lower-value DTQ”
    play(client, match, "Betty plays 10C 10D", turn_after="Carl")
    play(client, match, "Carl passes", turn_after="Dana")
    refused(client, match, act("Dana plays KS AS"), "president.friday.set")  # a pair is of one value
    play(client, match, "Dana passes", turn_after="Al")
    view = play(client, match, "Al plays JK1", turn_after="Al")
    assert view["trick"] == []


def test_president_friday_revolution_variation(client: TestClient) -> None:
    """president-friday.txt § Variations, Revolution: “any time a quadruple is played the value of all cards
    (except Jokers) is immediately reversed. This change remains in place until the end of the game, or until
    another quadruple is played. When reversed, the values of cards is as follows: 2, A, K, Q, J, 10, 9, 8, 7,
    6, 5, 4, 3, Joker (if used)” and “While values are reversed, single 3s gain the ability to beat any DTQ.”"""
    sets = dict(
        FRIDAY_FULL,
        Betty="3C 3D 5D 6C 6D 7D 10H 10C 10D JD QD KD AD",
        Carl="3H 5H 6H 7H 5S 6S 9S 9H JH QH KH AH 2D",
        Dana="2H 2S 3S 8C 8D 7S 8H 8S 10S JS QS KS AS",
    )
    match = open_match(client, "president", "friday", FOUR, "full", revolution=True)
    ok(client, match, dealt("Dana", sets))
    view = play(client, match, "Al plays 4C 4D 4H 4S", turn_after="Betty")
    assert view["reversed"] is True
    lines(client, match, "Betty passes ; Carl passes ; Dana passes")
    play(client, match, "Al plays 9C 9D", turn_after="Betty")
    # reversed, a 10 is below a 9 …
    refused(client, match, act("Betty plays 10C 10D"), "president.friday.higher")
    # … a single 2 no longer beats a DTQ (it is the lowest value now), “single 3s” do
    lines(client, match, "Betty passes")
    refused(client, match, act("Carl plays 2D"), "president.friday.same-count")
    allowed_now(client, match, "Carl plays 3H")
    view = play(client, match, "Carl plays 3H", turn_after="Carl")  # nothing beats a 3 now: the round is Carl's
    assert view["trick"] == []
    play(client, match, "Carl plays 9S", turn_after="Dana")
    # “or until another quadruple is played”: Dana's four 8s turn the values back.
    view = play(client, match, "Dana plays 8C 8D 8H 8S", turn_after="Al")
    assert view["reversed"] is False
    lines(client, match, "Al passes ; Betty passes ; Carl passes")
    play(client, match, "Dana plays 10S", turn_after="Al")
    refused(client, match, act("Al plays 5C"), "president.friday.higher")
    play(client, match, "Al plays JC", turn_after="Betty")


# --- presidents-deck.txt ------------------------------------------------------------------------------------
# A twelve-card deck (the match's own `deck`): two Turds, two Couch Potatoes, two Citizens, two Presidents, a
# Bomb, a Bomb (Reverse) and two Doppelgängers; three cards each.
DECK_SMALL = "1a 1b 2a 2b 3a 3b 12a 12b 0a 0Ra Da Db".split()
DECK_ONE = {"Al": "1a 12a 0a", "Betty": "1b 2a Da", "Carl": "2b 3a 3b", "Dana": "12b 0Ra Db"}


def test_presidents_deck_final_card_passed_by_all_clean_slate(client: TestClient) -> None:
    """presidents-deck.txt § Resetting The Pile: “If a player's final card is passed by all players, it is a
    clean slate to the player who is next.” Al's President, his final card (skipping Betty, as the same card
    as Dana's), is passed by Carl and Dana: Betty, the player next after Al, starts on a clean slate."""
    match = open_match(client, "president", "deck", FOUR, "full", deck=DECK_SMALL)
    ok(client, match, dealt("Dana", DECK_ONE), {"type": "DirectionChosen", "player": "Dana", "direction": "clockwise", "leader": "Al"})
    play(client, match, "Al plays 0a", turn_after="Al")  # a Bomb: the pile is reset, Al plays again
    play(client, match, "Al plays 1a", turn_after="Betty")
    play(client, match, "Betty plays 1b", turn_after="Dana")  # the same card skips Carl
    play(client, match, "Dana plays 12b", turn_after="Al")
    view = play(client, match, "Al plays 12a", turn_after="Carl")  # Al's final card, skipping Betty
    assert view["finishing_order"] == ["Al"]
    play(client, match, "Carl passes", turn_after="Dana")
    view = play(client, match, "Dana passes", turn_after="Betty")
    assert view["trick"] == []
    refused(client, match, act("Carl plays 3a 3b"), "president.deck.out-lead")
    play(client, match, "Betty plays 2a Da", turn_after="Carl")


def test_presidents_deck_final_card_a_bomb_clean_slate(client: TestClient) -> None:
    """presidents-deck.txt § Resetting The Pile: “If a player's final card is passed by all players, it is a
    clean slate to the player who is next. The same is true if someone's final card is a Bomb”. Al's final
    card is a Bomb: the pile is reset and Betty, next after him, plays whatever she likes."""
    match = open_match(client, "president", "deck", FOUR, "full", deck=DECK_SMALL)
    hands = {"Al": "3a 1a 0a", "Betty": "1b 2a Da", "Carl": "2b 3b 12a", "Dana": "12b 0Ra Db"}
    ok(client, match, dealt("Dana", hands), {"type": "DirectionChosen", "player": "Dana", "direction": "clockwise", "leader": "Al"})
    lines(client, match, "Al 3a ; Betty passes ; Carl passes ; Dana passes")
    play(client, match, "Al plays 1a", turn_after="Betty")
    play(client, match, "Betty plays 1b", turn_after="Dana")
    play(client, match, "Dana plays 12b", turn_after="Al")
    view = play(client, match, "Al plays 0a", turn_after="Betty")
    assert view["trick"] == [] and view["finishing_order"] == ["Al"]
    refused(client, match, act("Carl plays 2b"), "president.deck.out-lead")
    play(client, match, "Betty plays 2a Da", turn_after="Carl")  # any set on the clean slate


def test_presidents_deck_skipping_with_final_2(client: TestClient) -> None:
    """presidents-deck.txt § Skipping with Final 2: “If someone in the final 2 plays the same card that was
    previously played, it skips the other remaining player and resets the pile like usual.” Cy goes out first;
    Al and Bo are the final 2: Bo's Turd on Al's Turd skips Al and the pile is reset for Bo."""
    match = open_match(client, "president", "deck", ["Al", "Bo", "Cy"], "full", deck="1a 1b 2a 2b 3a 12a 0a Da Db".split())
    ok(client, match, dealt("Cy", {"Al": "1a 2a Da", "Bo": "1b 2b Db", "Cy": "12a 0a 3a"}))
    ok(client, match, {"type": "DirectionChosen", "player": "Cy", "direction": "clockwise", "leader": "Cy"})
    play(client, match, "Cy plays 0a", turn_after="Cy")
    play(client, match, "Cy plays 3a", turn_after="Al")
    lines(client, match, "Al passes ; Bo passes")
    view = play(client, match, "Cy plays 12a")  # Cy's last card
    assert view["finishing_order"] == ["Cy"]
    lines(client, match, "Al passes ; Bo passes")
    assert state(client, match)["turn"] == "Al"  # the clean slate goes to the player next after Cy
    play(client, match, "Al plays 1a", turn_after="Bo")
    view = play(client, match, "Bo plays 1b", turn_after="Bo")  # “skips the other remaining player and resets the pile”
    assert view["trick"] == []
    refused(client, match, act("Al plays 2a"), "president.deck.lead")
    play(client, match, "Bo plays 2b", turn_after="Al")


# Game two of the small deck match (the seats kept): Dana, the Turd, holds a President, the Bomb (Reverse) and a
# Doppelgänger; Carl, the Couch Potato, a President and the Bomb.
DECK_ONE_PLAY = (
    "Al 0a ; Al 1a ; Betty 1b ; Dana 12b ; Al 12a ; Carl passes ; Dana passes ; Betty 2a Da ; Carl 3a 3b ; Dana passes ; Carl 2b"
)
DECK_TWO = {"Al": "1a 2a 3a", "Betty": "1b 2b 3b", "Carl": "12a 0a Da", "Dana": "12b 0Ra Db"}


def deck_game_two(client: TestClient) -> dict[str, Any]:
    match = open_match(client, "president", "deck", FOUR, "full", deck=DECK_SMALL)
    ok(client, match, dealt("Dana", DECK_ONE), {"type": "DirectionChosen", "player": "Dana", "direction": "clockwise", "leader": "Al"})
    lines(client, match, DECK_ONE_PLAY)
    view = state(client, match)
    assert view["roles"] == {"Al": "President", "Betty": "Vice President", "Carl": "Couch Potato", "Dana": "Turd"}
    return match


def test_presidents_deck_stealing_one_high_one_low_and_no_giving_back(client: TestClient) -> None:
    """presidents-deck.txt § Stealing Based on Ranking: “The President may ask for 2 low cards, 2 high cards,
    or one of each.” “The order for the highest cards is President (12), Vice President (11) … The order for
    the lowest cards is Bomb (0), Turd (1) …” “The President and Vice President may look at what cards they
    received before they give back cards, but may not give back the same cards they received.” “The players
    being stolen from may not lie about their highest or lowest cards.”"""
    match = deck_game_two(client)
    ok(client, match, dealt("Dana", DECK_TWO))
    # Al asks Dana for one high and one low: her President (12) and her Bomb (Reverse) (0).
    refused(client, match, gives("Dana", "Al", "12b Db", "high low"), "president.deck.ask")  # a Doppelgänger has no #
    ok(client, match, gives("Dana", "Al", "12b 0Ra", "high low"))
    # “may not give back the same cards they received”
    refused(client, match, gives("Al", "Dana", "12b 1a"), "president.deck.give-back")
    ok(client, match, gives("Al", "Dana", "1a 2a"))
    # Betty asks Carl for a high card: his President, not his Bomb (“may not lie”).
    refused(client, match, gives("Carl", "Betty", "0a", "high"), "president.deck.no-lying")
    ok(client, match, gives("Carl", "Betty", "12a", "high"), gives("Betty", "Carl", "1b"))
    view = state(client, match)
    assert sorted(view["hands"]["Al"]["cards"]) == ["0Ra", "12b", "3a"] and sorted(view["hands"]["Dana"]["cards"]) == ["1a", "2a", "Db"]
    assert sorted(view["hands"]["Betty"]["cards"]) == ["12a", "2b", "3b"] and sorted(view["hands"]["Carl"]["cards"]) == ["0a", "1b", "Da"]


FIVE = ["Al", "Betty", "Carl", "Dana", "Eve"]


def deck_five_played(client: TestClient) -> dict[str, Any]:
    """Five players, one card each: they go out in seat order; Eve is the Turd."""
    match = open_match(client, "president", "deck", FIVE, "full", deck="1a 2a 3a 4a 5a".split())
    ok(client, match, dealt("Eve", {"Al": "1a", "Betty": "2a", "Carl": "3a", "Dana": "4a", "Eve": "5a"}))
    ok(client, match, {"type": "DirectionChosen", "player": "Eve", "direction": "clockwise", "leader": "Al"})
    lines(client, match, "Al 1a ; Betty 2a ; Carl 3a ; Dana 4a")
    view = state(client, match)
    assert view["finishing_order"] == FIVE
    assert view["roles"] == {"Al": "President", "Betty": "Vice President", "Carl": "Citizen", "Dana": "Couch Potato", "Eve": "Turd"}
    return match


def test_presidents_deck_the_president_leaves_between_rounds(client: TestClient) -> None:
    """presidents-deck.txt § Players Leaving/Entering Between Rounds: “If a player leaves between rounds, the
    remaining players would shift up one or down one depending on their rank. If the President leaves, then the
    Vice President becomes President and whoever was 3rd becomes Vice President.”"""
    match = deck_five_played(client)
    ok(client, match, {"type": "PlayerLeft", "player": "Al"})
    view = state(client, match)
    assert view["seating"] == ["Betty", "Carl", "Dana", "Eve"]
    assert view["roles"] == {"Betty": "President", "Carl": "Vice President", "Dana": "Couch Potato", "Eve": "Turd"}
    ok(client, match, dealt("Eve", {"Betty": "1a", "Carl": "2a", "Dana": "3a", "Eve": "4a 5a"}))
    dues = {(d["giver"], d["receiver"], d["count"]) for d in state(client, match)["exchanges_due"]}
    # The new President and Vice President are Eve's and Dana's receivers. Betty holds one card of her own and
    # "may not give back the same cards they received", so one card goes each way (docs/silent-choices.md).
    assert ("Eve", "Betty", 1) in dues and ("Betty", "Eve", 1) in dues and ("Dana", "Carl", 1) in dues


def test_presidents_deck_the_turd_leaves_between_rounds(client: TestClient) -> None:
    """presidents-deck.txt § Players Leaving/Entering Between Rounds: “The same is true for the Turd (last place)
    and Could Potato (2nd to last place).”: the Couch Potato becomes the Turd, whoever was 3rd from last the
    Couch Potato."""
    match = deck_five_played(client)
    ok(client, match, {"type": "PlayerLeft", "player": "Eve"})
    view = state(client, match)
    assert view["roles"] == {"Al": "President", "Betty": "Vice President", "Carl": "Couch Potato", "Dana": "Turd"}


def test_presidents_deck_a_newcomer_enters_as_a_citizen(client: TestClient) -> None:
    """presidents-deck.txt § Players Leaving/Entering Between Rounds: “If someone enters between rounds, they
    enter as a “citizen” with no benefits or punishment.”"""
    match = deck_five_played(client)
    ok(client, match, {"type": "PlayerJoined", "player": "Fay", "after": "Betty"})
    view = state(client, match)
    assert view["seating"] == ["Al", "Betty", "Fay", "Carl", "Dana", "Eve"] and view["roles"]["Fay"] == "Citizen"
    # Five cards for six players: Eve, the Turd, deals; the newcomer takes no part in the exchange.
    ok(client, match, dealt("Eve", {"Al": "1a", "Betty": "2a", "Fay": "3a", "Carl": "4a", "Dana": "5a", "Eve": ""}))
    dues = {(d["giver"], d["receiver"]) for d in state(client, match)["exchanges_due"]}
    # Eve, dealt no card, has no best card to give (docs/silent-choices.md): only Dana and Betty trade.
    assert not any("Fay" in due for due in dues) and ("Dana", "Betty") in dues and not any("Eve" in due for due in dues)


# --- presidential-bid.txt ------------------------------------------------------------------------------------
# The default board (a reconstruction, domain/bid/board.py): North (9 votes) the 2-5 of clubs, South (7) the
# 6-8, East (5) the 9 and 10, West (5) the J and Q, Coast (3) the K, Capital (3) the A. Al bids hearts, Betty
# spades, Cy diamonds.


def bid_round(client: TestClient, match: dict[str, Any], club: str, **bids: str) -> None:
    ok(
        client,
        match,
        {"type": "DistrictRevealed", "district": club},
        {"type": "BidsRevealed", "bids": [{"player": player, "card": card} for player, card in bids.items()]},
    )


def bid_regions(client: TestClient, match: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["region"]: r for r in standings(client, match)["details"]["regions"]}


def test_presidential_bid_region_tie_second_cards_also_the_same(client: TestClient) -> None:
    """presidential-bid.txt § tally: “In the event of a tie, the player with the highest card in that region
    wins the votes. If there is a tie for the highest card, the second highest cards are compared. If the second
    cards are also the same, the region remains neutral. No one gets those votes.” North: Al wins two districts
    with a King and a 9, Betty two with a King and a 9."""
    match = open_match(client, "bid", None, ["Al", "Betty"], "full")
    bid_round(client, match, "2C", Al="KH", Betty="2S")
    bid_round(client, match, "3C", Al="2H", Betty="KS")
    bid_round(client, match, "4C", Al="9H", Betty="3S")
    bid_round(client, match, "5C", Al="3H", Betty="9S")
    north = bid_regions(client, match)["North"]
    assert north["winner"] is None and north["rule"] == "bid.region.neutral"
    assert sorted(north["won"]["Al"]) == ["9H", "KH"] and sorted(north["won"]["Betty"]) == ["9S", "KS"]
    assert standings(client, match)["details"]["votes"] == {"Al": 0, "Betty": 0}


def test_presidential_bid_region_tie_second_cards_decide(client: TestClient) -> None:
    """presidential-bid.txt § tally: “If there is a tie for the highest card, the second highest cards are
    compared.” As above, but Betty's second card is a 10 against Al's 9: North (9 votes) is hers."""
    match = open_match(client, "bid", None, ["Al", "Betty"], "full")
    bid_round(client, match, "2C", Al="KH", Betty="2S")
    bid_round(client, match, "3C", Al="2H", Betty="KS")
    bid_round(client, match, "4C", Al="9H", Betty="3S")
    bid_round(client, match, "5C", Al="3H", Betty="10S")
    north = bid_regions(client, match)["North"]
    assert (north["winner"], north["rule"], north["depth"]) == ("Betty", "bid.region.second", 2)
    assert standings(client, match)["details"]["votes"] == {"Al": 0, "Betty": 9}


# A three-player game, thirteen rounds: (club, Al, Betty, Cy).
BID_GAME = [
    ("2C", "AH", "KS", "2D"),  # “2's are low and Aces are high”: Al
    ("3C", "3H", "2S", "4D"),  # Cy
    ("4C", "5H", "QS", "3D"),  # Betty
    ("5C", "4H", "3S", "5D"),  # Cy: North is Cy's, two districts to one and one
    ("6C", "KH", "AS", "6D"),  # Betty
    ("7C", "6H", "4S", "7D"),  # Cy
    ("8C", "8H", "8S", "8D"),  # a tie: neutral; South one each, Betty's Ace over Cy's 7
    ("9C", "9H", "9S", "AD"),  # Cy
    ("10C", "10H", "6S", "9D"),  # Al; East one each, Cy's Ace over Al's 10
    ("JC", "QH", "JS", "10D"),  # Al
    ("QC", "2H", "10S", "JD"),  # Cy; West one each, Al's Queen over Cy's Jack
    ("KC", "JH", "7S", "QD"),  # Cy: Coast
    ("AC", "7H", "5S", "KD"),  # Cy: Capital
]


def test_presidential_bid_three_player_game_and_tally(client: TestClient) -> None:
    """presidential-bid.txt: “Each player chooses a card from their hand and shows it simultaneously. The player
    who showed the highest card wins the district. … If there is a tie, the district remains neutral” “In this
    game, 2's are low and Aces are high.” “Play like this continues for thirteen rounds.” “If you have won more
    districts in a region than your opponents, you win the votes for that region. In the event of a tie, the
    player with the highest card in that region wins the votes.” “Whoever has the most votes at the end of the
    game wins.”"""
    match = open_match(client, "bid", None, ["Al", "Betty", "Cy"], "full")
    # “Give one of the remaining suits to each player”: a card of another player's suit is refused.
    ok(client, match, {"type": "DistrictRevealed", "district": "2C"})
    refused(client, match, {"type": "BidsRevealed", "bids": [{"player": "Al", "card": "AS"}, {"player": "Betty", "card": "KS"}, {"player": "Cy", "card": "2D"}]}, "bid.suits")
    # “Each player chooses a card”: all three show one.
    refused(client, match, {"type": "BidsRevealed", "bids": [{"player": "Al", "card": "AH"}, {"player": "Betty", "card": "KS"}]}, "bid.show")
    club, al, betty, cy = BID_GAME[0]
    ok(client, match, {"type": "BidsRevealed", "bids": [{"player": "Al", "card": al}, {"player": "Betty", "card": betty}, {"player": "Cy", "card": cy}]})
    for club, al, betty, cy in BID_GAME[1:]:
        bid_round(client, match, club, Al=al, Betty=betty, Cy=cy)
    view = state(client, match)
    assert view["finished"] and view["round"] == 13
    districts = {d["district"]: d for r in view["board"]["regions"] for d in r["districts"]}
    assert (districts["2C"]["winner"], districts["3C"]["winner"]) == ("Al", "Cy")  # the Ace high, the 2 low
    assert (districts["8C"]["status"], districts["8C"]["winner"]) == ("neutral", None)
    regions = bid_regions(client, match)
    assert {name: (r["winner"], r["rule"]) for name, r in regions.items()} == {
        "North": ("Cy", "bid.region.most"),
        "South": ("Betty", "bid.region.highest"),
        "East": ("Cy", "bid.region.highest"),
        "West": ("Al", "bid.region.highest"),
        "Coast": ("Cy", "bid.region.most"),
        "Capital": ("Cy", "bid.region.most"),
    }
    table = standings(client, match)
    assert table["final"] and table["details"]["votes"] == {"Al": 5, "Betty": 7, "Cy": 20}
    assert [(p["player"], p["place"], p["score"]) for p in table["placings"]] == [("Cy", 1, 20), ("Betty", 2, 7), ("Al", 3, 5)]
    assert "Cy wins the election with 20 of 32 votes" in " ".join(table["explanation"])


# --- mr-president.md ----------------------------------------------------------------------------------------
# The tables of tests/support/mrpresident.py (basic game) and mrpresident_advanced.py (advanced game), as in
# tests/service/test_worked_examples.py: Al runs for President and plays first.

PARTIES = ("Republican", "Democratic")


def cast_votes(player: str, *ballots: tuple[str, int]) -> mr.BallotsCast:
    return mr.BallotsCast(player=player, ballots=[ballot(abbr, votes=votes) for abbr, votes in ballots])


def absentee_set_aside(client: TestClient, match: dict[str, Any]) -> None:
    parties = state(client, match)["parties"]
    batch(client, match, [mr.AbsenteeBallotsCast(party=party, set_aside=parties[party]["absentee_ballots_due"]) for party in PARTIES])


def counted_all(client: TestClient, match: dict[str, Any], totals: dict[str, dict[str, int]]) -> None:
    board = state(client, match)["board"]
    for region in board["regions"]:
        members = {s["abbr"] for s in region["states"]}
        ok(client, match, mr.RegionCounted(region=region["name"], votes={s: v for s, v in totals.items() if s in members}))


@pytest.mark.parametrize(
    "al, betty, regional, national",
    [
        pytest.param(
            [("CT", 2), ("MD", 2)], [("CT", 2)],
            {"Eastern": "Republican", "Southern": "Republican", "Midwestern": "Republican", "Western": "Republican"}, "Republican",
            id="the most states in the region; a tie there goes to the most states in the nation",
        ),
        pytest.param(
            [("CT", 2), ("MA", 2)], [("CT", 2), ("MD", 2)],
            {"Eastern": "divided", "Southern": "divided", "Midwestern": "divided", "Western": "divided"}, "divided",
            id="tied in the region and the nation: divided equally",
        ),
    ],
)
def test_mr_president_popular_vote_additional_votes(client: TestClient, al: list[tuple[str, int]], betty: list[tuple[str, int]], regional: dict[str, str], national: str) -> None:
    """mr-president.md § ELECTION TALLY, Popular Vote: “The party which has been to the most states in the region
    wins that region's additional votes (see bottom of Tally column). This is added to the subtotal. If there is a
    tie for most states in a region, the party which has campaigned in the most states in the nation will win the
    additional votes. If this number is also tied, the regional vote is divided equally between the two parties.”
    “the party campaigning in the most states throughout the nation wins these additional votes. If there is a tie
    for most states in the nation, the additional national votes are divided between the two parties.” “Party with
    the most popular votes (highest grand total) wins”.

    Two players, Ballot decks of 4 (two Ballots in each hand): one turn each in the East ends the campaign."""
    match = mr_match(client, TWO, mode="popular", ballot_deck_size=4)
    batch(client, match, [roll("Al", "Eastern", 1, 2), cast_votes("Al", *al), roll("Betty", "Eastern", 1, 2), cast_votes("Betty", *betty)])
    absentee_set_aside(client, match)
    totals: dict[str, dict[str, int]] = {}
    for party, ballots in (("Republican", al), ("Democratic", betty)):
        for abbr, votes in ballots:
            totals.setdefault(abbr, {})[party] = totals.get(abbr, {}).get(party, 0) + votes
    # the count must be the Ballots' own: one more vote is refused
    wrong = {s: {p: v + 1 for p, v in t.items()} for s, t in totals.items() if s == "CT"}
    refused(client, match, mr.RegionCounted(region="Eastern", votes={**totals, **wrong}), "mrpresident.tally.total")
    counted_all(client, match, totals)
    board = state(client, match)["board"]
    extra = {r["name"]: r["additional_votes"] for r in board["regions"]}
    table = standings(client, match)
    popular = table["details"]["popular"]
    assert {r["region"]: r["additional_to"] for r in popular["regions"]} == regional
    assert popular["national"]["additional_to"] == national
    expected = {party: sum(v for _, v in ballots) for party, ballots in (("Republican", al), ("Democratic", betty))}
    for region, to in regional.items():
        for party in PARTIES:
            expected[party] += extra[region] / 2 if to == "divided" else extra[region] * (to == party)
    for party in PARTIES:
        expected[party] += board["national_additional_votes"] / 2 if national == "divided" else board["national_additional_votes"] * (national == party)
    assert popular["totals"] == expected
    places = {p["player"]: p["place"] for p in table["placings"]}
    if expected["Republican"] > expected["Democratic"]:
        assert places == {"Al": 1, "Betty": 2} and table["placings"][0]["title"] == "Mr. President"
    else:  # the grand totals tie: the text is silent; by default no one is elected
        assert places["Al"] == places["Betty"]


def test_mr_president_electoral_majority_of_270(client: TestClient) -> None:
    """mr-president.md § OBJECT OF THE GAME: “When playing for electoral votes, each party attempts to win a
    majority (270 or more) of the 538 electoral votes.” § ELECTION TALLY, Electoral Vote: “Party with the largest
    popular vote in a state wins that state's electoral votes … Party with the majority (270 or more) of the
    electoral votes wins”."""
    match = mr_match(client, TWO, mode="electoral", ballot_deck_size=4)
    batch(client, match, [roll("Al", "Eastern", 1, 2), cast_votes("Al", ("CT", 1), ("MD", 3)), roll("Betty", "Eastern", 1, 2), cast_votes("Betty", ("CT", 4), ("MD", 1))])
    absentee_set_aside(client, match)
    counted_all(client, match, {"CT": {"Republican": 1, "Democratic": 4}, "MD": {"Republican": 3, "Democratic": 1}})
    table = standings(client, match)
    electoral = table["details"]["electoral"]
    states = {s["state"]: s for s in electoral["states"]}
    assert (states["CT"]["carried_by"], states["MD"]["carried_by"]) == ("Democratic", "Republican")
    totals = {party: sum(s["electoral_votes"] for s in states.values() if s["carried_by"] == party) for party in PARTIES}
    assert electoral["totals"] == totals and sum(totals.values()) == 538
    winner = max(totals, key=totals.__getitem__)
    assert totals[winner] >= 270
    assert table["placings"][0]["player"] == {"Republican": "Al", "Democratic": "Betty"}[winner] and table["placings"][0]["place"] == 1


def test_mr_president_campaign_ability_and_order_of_play(client: TestClient) -> None:
    """mr-president.md § PLAY: “Check your Candidate card for your Campaign Ability; this indicates the number of
    cards you may hold. … (When two play, use the higher of your two ratings …)” “In the four-player game, play
    rotates as follows: President, President, Vice President, Vice President.” “In the two-player game, players
    alternate turns.”"""
    two = mr_match(client, TWO)
    # Al: Sanders 7 and Hale 6; Betty: Morrow 8 and Lindqvist 5.
    assert [p["hand_limit"] for p in state(client, two)["players"]] == [7, 8]
    ok(client, two, roll("Al", "Eastern", 1, 2), cast_by("Al", "CT"))
    refused(client, two, roll("Al", "Eastern", 1, 2), "mrpresident.order.two")
    four = mr_match(client, MR_FOUR)
    assert [p["hand_limit"] for p in state(client, four)["players"]] == [7, 8, 6, 5]
    ok(client, four, roll("Al", "Eastern", 1, 2), cast_by("Al", "CT"))
    refused(client, four, roll("Carl", "Eastern", 1, 2), "mrpresident.order.four")
    ok(client, four, roll("Betty", "Eastern", 1, 2), cast_by("Betty", "CT"))
    refused(client, four, roll("Dot", "Eastern", 1, 2), "mrpresident.order.four")
    ok(client, four, roll("Carl", "Eastern", 1, 2), cast_by("Carl", "CT", seal="VP"))
    ok(client, four, roll("Dot", "Eastern", 1, 2), cast_by("Dot", "CT", seal="VP"))
    assert state(client, four)["next_player"] == "Al"


@pytest.mark.parametrize(
    "dice, allowed",
    [((3, 4), True), ((5, 6), True), ((2, 2), True), ((2, 3), False), ((4, 4), True), ((6, 2), False)],
    ids=["7", "11", "doubles", "5: not", "doubles of 8", "8: not"],
)
def test_mr_president_going_to_campaign_headquarters_on_7_11_or_doubles(client: TestClient, dice: tuple[int, int], allowed: bool) -> None:
    """mr-president.md § GOING TO CAMPAIGN HEADQUARTERS: “You may go to Campaign Headquarters (draw a Campaign
    Headquarters card) instead of campaigning when you roll 7, 11 or doubles. If you “blunder” (cannot cast any
    Ballots when campaigning), you must place the top card from your Ballot deck at the bottom of the Undecided
    Voter stack and go to your Campaign Headquarters.”"""
    match = mr_match(client, MR_FOUR)
    ok(client, match, roll("Al", "Eastern", *dice))
    if allowed:
        ok(client, match, mr.HeadquartersVisited(player="Al"))
        assert state(client, match)["turn"]["at_headquarters"]
        return
    refused(client, match, mr.HeadquartersVisited(player="Al"), "mrpresident.hq.roll")
    # On any roll a blunder sends the player there, the top Ballot of his deck under the Undecided Voter stack.
    before = state(client, match)
    ok(client, match, mr.HeadquartersVisited(player="Al", blundered=True))
    after = state(client, match)
    assert after["undecided"] == before["undecided"] + 1 and after["players"][0]["deck"] == before["players"][0]["deck"] - 1


def test_mr_president_home_state_ballots_at_headquarters(client: TestClient) -> None:
    """mr-president.md § GOING TO CAMPAIGN HEADQUARTERS: “Since Campaign Headquarters is in your home state, you
    may cast any Ballots you hold for this state before drawing a Campaign Headquarters card. … These Ballots are
    recorded on the Tally Board in the usual manner; however, if you cast the Ballot marked “Home State,” do not
    record it on the Tally Board.” Al's Peter J. Sanders is from Kentucky (limit 3)."""
    match = mr_match(client, MR_FOUR)
    ok(client, match, roll("Al", "Eastern", 3, 4))
    refused(client, match, mr.HeadquartersVisited(player="Al", home_state="OH", ballots=[ballot("OH")]), "mrpresident.hq.home-state")
    refused(client, match, mr.HeadquartersVisited(player="Al", home_state="KY", ballots=[ballot("KY")] * 4), "mrpresident.limit")
    ok(client, match, mr.HeadquartersVisited(player="Al", home_state="KY", ballots=[ballot("KY")] * 3 + [ballot("KY", home=True)]))
    view = state(client, match)
    assert [(b["state"], b["recorded"]) for b in view["ballots"]] == [("KY", True)] * 3 + [("KY", False)]
    assert view["parties"]["Republican"]["campaign_record"] == {"KY": "PPP"}


def test_mr_president_ballot_limits_new_york_and_dc(client: TestClient) -> None:
    """mr-president.md § CAMPAIGNING: “Note that each party is limited in the number of Ballots it may cast in a
    particular state; while you may cast five Ballots in New York or Pennsylvania, you may only cast two Ballots in
    D. C.”"""
    match = mr_match(client, MR_FOUR)
    ok(client, match, roll("Al", "Eastern", 6, 6))  # 6 and their total 12: New York, D.C. and Vermont
    assert board_entry(state(client, match), "NY")["limit"] == 5 and board_entry(state(client, match), "DC")["limit"] == 2
    refused(client, match, cast_by("Al", "DC", "DC", "DC"), "mrpresident.limit")
    refused(client, match, cast_by("Al", "NY", "NY", "NY", "NY", "NY", "NY"), "mrpresident.limit")
    ok(client, match, cast_by("Al", "NY", "NY", "NY", "NY", "NY", "DC"))
    # The running mate's Ballots count against the party's limit; the other party's do not.
    ok(client, match, roll("Betty", "Eastern", 6, 6), cast_by("Betty", "DC", "DC"))
    ok(client, match, roll("Carl", "Eastern", 6, 6))
    refused(client, match, cast_by("Carl", "DC", "DC", seal="VP"), "mrpresident.limit")
    ok(client, match, cast_by("Carl", "DC", seal="VP"))
    assert state(client, match)["parties"]["Republican"]["campaign_record"]["DC"] == "PV"


@pytest.mark.parametrize("mode, allowed", [("popular", False), ("electoral", True)])
def test_mr_president_absentee_ballots_in_a_state_at_its_maximum(client: TestClient, mode: str, allowed: bool) -> None:
    """mr-president.md § ABSENTEE BALLOTS: “When playing for popular votes, a party which has campaigned in a
    state the maximum number of times may not cast an Absentee Ballot in that state. … When playing for electoral
    votes, a party which has been to a state the maximum number of times may still cast Absentee Ballots in that
    state”. Al fills West Virginia (limit 2) on the campaign's only turns."""
    match = mr_match(client, TWO, mode=mode, ballot_deck_size=4)
    ok(client, match, roll("Al", "Eastern", 3, 4))  # 3, 4 and 7: Massachusetts, New Jersey, West Virginia
    assert board_entry(state(client, match), "WV")["limit"] == 2
    ok(client, match, cast_by("Al", "WV", "WV"), roll("Betty", "Eastern", 1, 2), cast_by("Betty", "CT", "MD"))
    due = state(client, match)["parties"]["Republican"]["absentee_ballots_due"]
    in_wv = mr.AbsenteeBallotsCast(party="Republican", ballots=[ballot("WV")], set_aside=due - 1)
    if allowed:
        ok(client, match, in_wv)
    else:
        refused(client, match, in_wv, "mrpresident.absentee.popular")
        ok(client, match, mr.AbsenteeBallotsCast(party="Republican", ballots=[ballot("NJ")], set_aside=due - 1))


def test_mr_president_advertising(client: TestClient) -> None:
    """mr-president.md § ADVERTISING: “1. … add the Financial Support ratings of both your candidates” “2. … you may
    advertise in this region rather than campaign if you roll 7 or doubles and have at least $1 million” “3. Check
    your Advertising rating … to see how many Ballots you may take from the Undecided Voter stack.” “6. … your
    opponent … must replenish the stack by adding Ballots from his deck equal to the number of Ballots you cast.”
    “7. A party may only advertise once in a state” “8. … The cost per state is the same whether you cast one Ballot
    or several Ballots in that state.” “9. Subtract the total amount spent for advertising from your Available
    Advertising Funds.”

    The advanced table: Al (Harlan Whitcomb: Financial Support 6, Advertising 5) and Carl (Margaret Ellery: 5, 4)
    against Betty and Dot: $11 million each."""
    match = mr_match(client, MR_FOUR, mode="electoral", preset="advanced", setup=ADVANCED_SETUP)
    view = state(client, match)
    al, carl = rep("Harlan Whitcomb"), rep("Margaret Ellery")
    assert view["parties"]["Republican"]["funds"] == al.financial_support + carl.financial_support == 11
    ok(client, match, roll("Al", "Eastern", 3, 5))
    refused(client, match, advertise("Al", "Eastern", 5, "NY"), "mrpresident.advertising.roll")  # 8 is not 7 or doubles
    match = mr_match(client, MR_FOUR, mode="electoral", preset="advanced", setup=ADVANCED_SETUP)
    ok(client, match, roll("Al", "Eastern", 6, 6))
    refused(client, match, advertise("Al", "Eastern", 6, "NY"), "mrpresident.advertising.rating")  # Advertising 5
    refused(client, match, advertise("Al", "Eastern", 5, "TX"), "mrpresident.advertising.region")
    # New York and Pennsylvania cost $4 million each: $14 million for four states is more than the $11 million.
    refused(client, match, advertise("Al", "Eastern", 5, "NY", "PA", "NJ", "MA"), "mrpresident.advertising.cost")
    before = state(client, match)
    costs = {s: board_entry(before, s)["advertising_cost"] for s in ("NY", "PA")}
    ok(client, match, advertise("Al", "Eastern", 5, "NY", "NY", "PA"))
    after = state(client, match)
    republicans = after["parties"]["Republican"]
    assert republicans["funds"] == 11 - costs["NY"] - costs["PA"]  # New York once, for its two Ballots
    assert republicans["campaign_record"] == {"NY": "PP", "PA": "P"}
    # the opponent (Betty, President against President) replenishes the stack by the three cast
    assert after["undecided"] == before["undecided"]
    assert before["players"][1]["deck"] - after["players"][1]["deck"] == 3
    batch(client, match, ROUND[:2])  # Betty
    ok(client, match, roll("Carl", "Eastern", 3, 4))
    refused(client, match, advertise("Carl", "Eastern", 4, "NY", seal="VP"), "mrpresident.advertising.once")


def test_mr_president_an_issue_won_is_not_debated_again(client: TestClient) -> None:
    """mr-president.md § DEBATE 8: “When an issue has been won, it is written at the bottom of the Tally Board and
    may not be debated again during the game.” Al wins Civil Rights (his 8 against Betty's two 7s); Carl may not
    challenge Dot on it."""
    match = mr_match(client, MR_FOUR, mode="electoral", preset="advanced", setup=ADVANCED_SETUP)
    ok(client, match, roll("Al", "Eastern", 3, 4), debate(risked=("NJ", "FL", "OH", "CA"), against=("NY", "NV", "IL")))
    assert state(client, match)["debates"] == [{"issue": "Civil Rights", "won_by": "Republican"}]
    batch(client, match, ROUND[:2])
    ok(client, match, roll("Carl", "Eastern", 3, 4))
    refused(client, match, debate(player="Carl", seal="VP", risked=("NJ", "FL", "OH", "CA"), against=("NY", "NV", "IL")), "mrpresident.debate.issue")


def test_mr_president_nomination_effective_total(client: TestClient) -> None:
    """mr-president.md § NOMINATION: “If no agreement is reached, candidate with the higher Effective Total wins the
    nomination; if Totals are equal, dice are rolled … Winning nominee has the right to pick his running mate from
    the remaining nine cards (losing candidate plus the eight cards not chosen).” Al's Harlan Whitcomb (26) and
    Carl's Eugene Marchetti (21)."""
    match = open_match(client, "mrpresident", "advanced", MR_FOUR, "electoral")
    batch(client, match, NOMINATION)
    whitcomb, marchetti = rep("Harlan Whitcomb"), rep("Eugene Marchetti")
    assert whitcomb.effective_total > marchetti.effective_total
    lower = mr.TicketChosen(party="Republican", president=marchetti, vice_president=whitcomb, president_player="Carl", vice_president_player="Al", settled="effective total")
    refused(client, match, lower, "mrpresident.nomination.winner")
    dice = mr.TicketChosen(party="Republican", president=whitcomb, vice_president=rep("Margaret Ellery"), president_player="Al", vice_president_player="Carl", settled="dice", dice={"Al": [6, 6], "Carl": [1, 1]})
    refused(client, match, dice, "mrpresident.nomination.winner")  # the Totals differ: no dice
    himself = mr.TicketChosen(party="Republican", president=whitcomb, vice_president=whitcomb, president_player="Al", vice_president_player="Carl", settled="effective total")
    refused(client, match, himself, "mrpresident.nomination.mate")
    # “Deals may be made”: the lower Total may run for President by agreement.
    deal = mr.TicketChosen(party="Republican", president=marchetti, vice_president=whitcomb, president_player="Carl", vice_president_player="Al", settled="deal")
    allowed = client.post(f"/matches/{match['match_id']}/events/check", json={"events": [event_json(deal)]}, headers=auth(match["write_token"]))
    assert allowed.status_code == 200, allowed.text
    ok(client, match, TICKETS[0])
    assert state(client, match)["parties"]["Republican"]["president"]["name"] == "Harlan Whitcomb"


# --- docs/daifugo.md (the UECda standard rules) ---------------------------------------------------------------
# Five players, the 53-card deal of tests/domain/president/test_rules_daifugo.py: Eve deals; Al holds the 3 of
# diamonds.
FIVE_D = ["Al", "Betty", "Carl", "Dana", "Eve"]
DAIFUGO_HANDS = {
    "Al": "3C 3D 4C 4H 5H 6H 7H 9C 9H 9S JK1",
    "Betty": "3S 5C 6C 10C 10D 10H QC QD KC KD AH",
    "Carl": "4D 5D 6D 7D 8D 9D JC JD JH QH KH",
    "Dana": "3H 4S 5S 6S 7S 8S 10S JS QS KS",
    "Eve": "7C 8C 8H AC AD AS 2C 2D 2H 2S",
}


def dact(line: str) -> dict[str, Any]:
    """“Al plays 9C JK1 as 9D”: the Joker standing for a card; otherwise as `act`."""
    if " as " not in line:
        return act(line)
    played, stands_for = line.split(" as ")
    return {**act(played), "joker_as": stands_for}


def dplay(client: TestClient, match: dict[str, Any], line: str, turn_after: str | None = None) -> dict[str, Any]:
    reply = post_events(client, match, [dact(line)])
    assert reply.status_code == 201, (line, reply.text)
    view = state(client, match)
    if turn_after is not None:
        assert view["turn"] == turn_after, (line, view["turn"])
    return view


def post_events(client: TestClient, match: dict[str, Any], events: list[dict[str, Any]]) -> Any:
    return client.post(f"/matches/{match['match_id']}/events", json={"events": events}, headers=auth(match["write_token"]))


def daifugo_dealt(client: TestClient) -> dict[str, Any]:
    match = open_match(client, "president", "daifugo", FIVE_D, "full")
    ok(client, match, dealt("Eve", DAIFUGO_HANDS))
    return match


def test_daifugo_three_of_diamonds_leads_sequences_and_the_eight_cut(client: TestClient) -> None:
    """docs/daifugo.md: “The holder of the 3 of diamonds after the exchange leads every game (the lead need not
    contain it).” “A play is a group … or a sequence (3 or more consecutive ranks of one suit; the Joker may fill
    one rank …). A later play must be of the same kind and the same number of cards, and higher (sequences compare
    end to end).” “8-cut: a play that contains an 8 (a group of 8s, a sequence through an 8, or the Joker standing
    for an 8) ends the trick at once, and the same player leads.”"""
    match = daifugo_dealt(client)
    refused(client, match, act("Betty plays 5C"), "president.daifugo.diamond-lead")
    refused(client, match, act("Al plays 4H 5H 7H"), "president.daifugo.play")  # a rank missing
    dplay(client, match, "Al plays 4H 5H 6H", turn_after="Betty")  # without the 3 of diamonds
    refused(client, match, act("Betty plays 10C 10D 10H"), "president.daifugo.later-play")  # not the same kind
    dplay(client, match, "Betty passes", turn_after="Carl")
    refused(client, match, act("Carl plays 6D 7D 8D 9D"), "president.daifugo.later-play")  # not the same number
    refused(client, match, act("Carl plays 6D 7D 8D"), "president.daifugo.later-play")  # 6-8 does not clear 4-6 end to end
    view = dplay(client, match, "Carl plays 7D 8D 9D", turn_after="Carl")  # through an 8: the trick ends, Carl leads
    assert view["trick"] == []
    refused(client, match, act("Dana plays 3H"), "president.daifugo.lead")
    dplay(client, match, "Carl plays JC", turn_after="Dana")


def test_daifugo_joker_alone_and_the_three_of_spades(client: TestClient) -> None:
    """docs/daifugo.md: “Joker alone beats any single, even under a suit lock; only the 3 of spades beats a lone
    Joker, and that ends the trick.”"""
    match = daifugo_dealt(client)
    for line, after in (("Al plays 9C", "Betty"), ("Betty plays AH", "Carl"), ("Carl passes", "Dana"), ("Dana passes", "Eve"), ("Eve plays 2S", "Al")):
        dplay(client, match, line, turn_after=after)
    dplay(client, match, "Al plays JK1", turn_after="Betty")  # on a 2: a lone Joker beats any single
    refused(client, match, act("Betty plays KC"), "president.daifugo.joker-alone")
    view = dplay(client, match, "Betty plays 3S", turn_after="Betty")  # “and that ends the trick”
    assert view["trick"] == []
    refused(client, match, act("Carl plays 4D"), "president.daifugo.lead")
    dplay(client, match, "Betty plays 5C", turn_after="Carl")


def test_daifugo_suit_lock(client: TestClient) -> None:
    """docs/daifugo.md: “Suit lock: when a play has exactly the same suits as the play before it on the table
    (passes in between allowed), later plays of the trick must have those suits.” and “Joker alone beats any
    single, even under a suit lock”."""
    match = daifugo_dealt(client)
    dplay(client, match, "Al plays 4H", turn_after="Betty")
    dplay(client, match, "Betty passes", turn_after="Carl")
    dplay(client, match, "Carl plays JH", turn_after="Dana")  # hearts on hearts: locked
    refused(client, match, act("Dana plays QS"), "president.daifugo.suit-lock")
    dplay(client, match, "Dana passes", turn_after="Eve")
    dplay(client, match, "Eve plays 2H", turn_after="Al")
    dplay(client, match, "Al plays JK1")  # a lone Joker, even under the lock
    # Pairs lock by their suits: clubs and diamonds on clubs and diamonds.
    match = daifugo_dealt(client)
    dplay(client, match, "Al plays 3C 3D", turn_after="Betty")
    dplay(client, match, "Betty plays 10C 10D", turn_after="Carl")
    refused(client, match, act("Carl plays JC JH"), "president.daifugo.suit-lock")
    dplay(client, match, "Carl plays JC JD", turn_after="Dana")


def test_daifugo_passing_shuts_out_and_the_turn_comes_back(client: TestClient) -> None:
    """docs/daifugo.md: “Passing shuts a player out until the trick ends. The trick ends when every player still in
    has passed, including the one who played last: that player gets the turn back and may play again on their own
    cards. The last player to play leads the next trick”."""
    match = daifugo_dealt(client)
    for line, after in (("Al plays 3C", "Betty"), ("Betty passes", "Carl"), ("Carl plays 4D", "Dana"), ("Dana plays 5S", "Eve"), ("Eve plays 7C", "Al")):
        dplay(client, match, line, turn_after=after)
    dplay(client, match, "Al plays 9C", turn_after="Carl")  # Betty, who passed, is shut out
    refused(client, match, act("Betty plays 10C"), "president.daifugo.shut-out")
    # every other player passes: the turn comes back to Al, who may play on his own 9 …
    for line in ("Carl passes", "Dana passes", "Eve passes"):
        dplay(client, match, line)
    view = state(client, match)
    assert view["turn"] == "Al" and view["trick"] != []
    refused(client, match, act("Al plays 4C"), "president.daifugo.later-play")  # … with a higher card
    allowed_now(client, match, "Al plays JK1")
    # … or pass; then the trick ends and he, the last to play, leads the next one.
    view = dplay(client, match, "Al passes", turn_after="Al")
    assert view["trick"] == []
    refused(client, match, act("Betty plays 5C"), "president.daifugo.lead")
    dplay(client, match, "Al plays 4C", turn_after="Betty")


def test_daifugo_revolution(client: TestClient) -> None:
    """docs/daifugo.md: “Revolution: a group of four or more (the Joker counts) or a sequence of five or more
    reverses the order of ranks until the next revolution (not only for the trick).”"""
    match = daifugo_dealt(client)
    view = dplay(client, match, "Al plays 9C 9H 9S JK1 as 9D", turn_after="Betty")
    assert view["reversed"] is True
    for line in ("Betty passes", "Carl passes", "Dana passes", "Eve passes", "Al passes"):
        dplay(client, match, line)
    dplay(client, match, "Al plays 7H", turn_after="Betty")  # a new trick: still reversed
    refused(client, match, act("Betty plays 10C"), "president.daifugo.later-play")
    dplay(client, match, "Betty plays 6C", turn_after="Carl")
    # A sequence of five (the Joker standing for the 8H) reverses too; one of four does not.
    match = daifugo_dealt(client)
    view = dplay(client, match, "Al plays 4H 5H 6H 7H JK1 as 8H", turn_after="Al")  # an 8 in it: cut, Al leads
    assert view["reversed"] is True
    match = daifugo_dealt(client)
    view = dplay(client, match, "Al plays 4H 5H 6H 7H", turn_after="Betty")
    assert view["reversed"] is False


# A ten-card deck (3 to 7 of clubs and diamonds, the match's `deck`), two cards each.
DAIFUGO_SMALL = "3C 3D 4C 4D 5C 5D 6C 6D 7C 7D".split()
DAIFUGO_ONE = {"Al": "3D 7D", "Betty": "3C 7C", "Carl": "4C 6D", "Dana": "4D 6C", "Eve": "5C 5D"}
# Betty goes out first, then Dana, Al, Carl; Eve is left holding 5D.
DAIFUGO_ONE_PLAY = (
    "Al 3D ; Betty 7C ; Carl passes ; Dana passes ; Eve passes ; Al passes ; Betty passes ; Betty 3C ; Carl 4C ; "
    "Dana 6C ; Eve passes ; Al passes ; Carl passes ; Dana passes ; Dana 4D ; Eve 5C ; Al 7D ; Carl passes ; "
    "Eve passes ; Carl 6D"
)


def test_daifugo_points_exchange_and_no_miyako_ochi(client: TestClient) -> None:
    """docs/daifugo.md: “Points per game: 5, 4, 3, 2, 1 by place.” “Exchange before each game but the first: the
    daihinmin's two highest cards go to the daifugō and the hinmin's highest to the fugō; the daifugō then returns
    any two and the fugō any one (cards just received may go back).” “Within a rank the suits order ♠ > ♥ > ♦ > ♣
    where the exchange needs a "highest" card.” “The holder of the 3 of diamonds after the exchange leads every
    game”. “Seats may be redrawn between games …: seating per game is recorded, not assumed.” “No miyako-ochi (the
    former daifugō is not sent to last place when beaten).”"""
    match = open_match(client, "president", "daifugo", FIVE_D, "full", deck=DAIFUGO_SMALL)
    ok(client, match, dealt("Eve", DAIFUGO_ONE))
    lines(client, match, DAIFUGO_ONE_PLAY)
    table = standings(client, match)
    assert [(p["player"], p["score"]) for p in table["placings"]] == [("Betty", 5), ("Dana", 4), ("Al", 3), ("Carl", 2), ("Eve", 1)]
    assert state(client, match)["seating"] == FIVE_D  # no reseating by finishing order
    seats = ["Betty", "Dana", "Al", "Carl", "Eve"]
    hands = {"Betty": "3C 3D", "Dana": "4C 4D", "Al": "5C 5D", "Carl": "7C 7D", "Eve": "6C 6D"}
    ok(client, match, dealt("Eve", hands, seating=seats))
    assert state(client, match)["seating"] == seats
    ok(client, match, gives("Eve", "Betty", "6C 6D"))
    refused(client, match, gives("Carl", "Dana", "7C"), "president.daifugo.suit-order")  # ♦ above ♣
    ok(client, match, gives("Carl", "Dana", "7D"))
    ok(client, match, gives("Betty", "Eve", "6C 6D"))  # “cards just received may go back”
    ok(client, match, gives("Dana", "Carl", "4C"))
    # Betty holds the 3 of diamonds: she leads.
    refused(client, match, act("Dana plays 7D"), "president.daifugo.diamond-lead")
    dplay(client, match, "Betty plays 3C", turn_after="Dana")
    # Dana goes out first (her 7D cuts nothing: 8s cut); Betty, beaten, is not sent to last place.
    lines(client, match, "Dana 7D ; Al passes ; Carl passes ; Eve passes ; Betty passes ; Dana passes")
    lines(client, match, "Dana 4D")
    view = state(client, match)
    assert view["finishing_order"] == ["Dana"]
    # Betty, beaten, plays on (under miyako-ochi she would be out, last): Carl and Eve go out, then Betty, Al last.
    assert view["hands"]["Betty"]["count"] == 1
    lines(client, match, "Al 5C ; Carl 7C ; Eve passes ; Betty passes ; Al passes ; Carl passes ; Carl 4C")
    lines(client, match, "Eve 6C ; Betty passes ; Al passes ; Eve passes ; Eve 6D ; Betty passes ; Al passes ; Betty 3D")
    view = state(client, match)
    assert view["finishing_order"] == ["Dana", "Carl", "Eve", "Betty", "Al"] and view["games_played"] == 2
    assert standings(client, match)["details"]["points"] == {"Betty": 5 + 2, "Dana": 4 + 5, "Al": 3 + 1, "Carl": 2 + 4, "Eve": 1 + 3}


def test_mr_president_most_debates_won_first_five_absentee_ballots(client: TestClient) -> None:
    """mr-president.md § DEBATE 10: “At the end of the game, the party winning the most debates will receive the
    first five Absentee Ballots.” § ABSENTEE BALLOTS: “party with the larger number of states will receive one card
    for each state more than its opponent.” “Remaining Absentee Ballots are dealt one at a time to the parties
    beginning with the party which campaigned in the most states.” § Campaign's End: “After you cast your last
    Ballot, other players may take one more turn before the campaign ends. Ballots remaining in players' hands are
    put into the Undecided Voter stack.”

    The advanced table with Ballot decks of 7 (four Ballots each after the three set aside): Al (Campaign Ability
    8) holds his four and Carl's; he wins the Civil Rights debate (seven states: his four risked Ballots and
    Betty's three), then casts his last four Ballots in New York, Connecticut and West Virginia (nine states).
    Betty casts one of her last four in Texas; her three others join the twelve Undecided: fifteen Absentee
    Ballots, the Republicans' five for the debate, eight for the states more, then one each."""
    match = mr_match(client, MR_FOUR, mode="electoral", preset="advanced", setup=ADVANCED_SETUP, ballot_deck_size=7)
    ok(client, match, roll("Al", "Eastern", 3, 4), debate(risked=("NJ", "FL", "OH", "CA"), against=("NY", "NV", "IL")))
    assert state(client, match)["debates"] == [{"issue": "Civil Rights", "won_by": "Republican"}]
    ok(client, match, roll("Betty", "Southern", 1, 5), cast_by("Betty", "TX"))
    ok(client, match, roll("Al", "Eastern", 6, 1), cast_by("Al", "NY", "NY", "CT", "WV", seal="VP"))
    view = state(client, match)
    assert view["phase"] == "campaign" and view["players"][0]["hand"] == 0 and view["next_player"] == "Betty"
    ok(client, match, roll("Betty", "Southern", 1, 5), cast_by("Betty", "TX", seal="VP"))
    view = state(client, match)
    assert view["phase"] == "absentee" and view["undecided"] == 12 + 3
    republicans, democrats = view["parties"]["Republican"], view["parties"]["Democratic"]
    assert (republicans["states_campaigned"], democrats["states_campaigned"]) == (9, 1)
    assert (republicans["absentee_ballots_due"], democrats["absentee_ballots_due"]) == (5 + 8 + 1, 1)


# --- president-friday.txt: Blind President --------------------------------------------------------------------
# Two players and the full deck: 26 cards each in face-down piles (the deal lists each pile from its top).
BLIND_PILES = {
    "Bo": "3C 5C 7C 9C JC KC 2C 4D 6D 8D 10D QD AD 3H 5H 7H 9H JH KH 2H 4S 6S 8S 10S QS AS".split(),
    "Al": "4C 6C 8C 10C QC AC 3D 5D 7D 9D JD KD 2D 4H 6H 8H 10H QH AH 3S 5S 7S 9S JS KS 2S".split(),
}


def test_president_friday_blind_president(client: TestClient) -> None:
    """president-friday.txt: “If playing with only two players be sure to check the "Blind President" section under
    "Variations", as the standard rules require three or more players.” § Blind President (2-4 players): “The whole
    deck is still dealt to all players, but into face-down piles that the players are not allowed to look at.
    Before the game starts, each player takes the top seven cards from their pile to form their hand. At the end of
    each round, players top up their hands to seven cards using cards from the top of their pile.”"""
    reply = client.post("/matches", json={"system": "president", "preset": "friday", "players": ["Al", "Bo"], "mode": "full", "title": "two", "options": {}})
    assert reply.status_code == 422 and reply.json()["rule"]["id"] == "president.friday.too-few"
    match = open_match(client, "president", "friday", ["Al", "Bo"], "full", blind=True)
    ok(client, match, {"type": "CardsDealt", "dealer": "Al", "hands": BLIND_PILES})
    view = state(client, match)
    for player, pile in BLIND_PILES.items():  # “the top seven cards from their pile”
        assert view["hands"][player]["cards"] == pile[:7] and view["piles"][player]["count"] == 26 - 7
    assert view["turn"] == "Bo"  # the player to left of the dealer
    refused(client, match, act(f"Bo plays {BLIND_PILES['Bo'][7]}"), "recount.knowledge")  # still in the pile
    play(client, match, "Bo plays 3C", turn_after="Al")
    play(client, match, "Al plays 4C", turn_after="Bo")
    play(client, match, "Bo plays 5C", turn_after="Al")
    view = play(client, match, "Al passes", turn_after="Bo")  # the round is Bo's: both top up to seven
    assert view["trick"] == []
    assert view["hands"]["Bo"]["cards"] == ["7C", "9C", "JC", "KC", "2C", "4D", "6D"] and view["piles"]["Bo"]["count"] == 26 - 9
    assert view["hands"]["Al"]["count"] == 7 and view["piles"]["Al"]["count"] == 26 - 8


def test_president_friday_blind_president_draw_and_play(client: TestClient) -> None:
    """president-friday.txt § Blind President: “If a player runs out of cards in their hand during a round, they may
    take one card from the top of their pile and play it if it can be played.” Hands of one card (the `blind_hand`
    option) so that a hand runs out at once."""
    deck = "3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D".split()
    match = open_match(client, "president", "friday", ["Al", "Bo"], "full", blind=True, blind_hand=1, deck=deck)
    ok(client, match, {"type": "CardsDealt", "dealer": "Al", "hands": {"Bo": "3C 5C 7C 8C 4D 6D".split(), "Al": "4C 3D 5D 6C 7D 8D".split()}})
    play(client, match, "Bo plays 3C", turn_after="Al")
    play(client, match, "Al plays 4C", turn_after="Bo")
    # Bo's hand is empty: he may take the top card of his pile (the 5C) …
    refused(client, match, act("Bo plays 5C"), "president.friday.blind-draw")
    ok(client, match, {"type": "CardDrawn", "player": "Bo"})
    assert state(client, match)["hands"]["Bo"]["cards"] == ["5C"]
    refused(client, match, {"type": "CardDrawn", "player": "Bo"}, "president.friday.blind-draw")  # one card
    play(client, match, "Bo plays 5C", turn_after="Al")  # … and play it, as it can be played


def classic_five_hands(extras: tuple[str, str]) -> dict[str, str]:
    """52 cards for five players (Eve deals): eleven for the two players in `extras`, ten for the others."""
    deck = [f"{rank}{suit}" for rank in "2 3 4 5 6 7 8 9 10 J Q K A".split() for suit in "CDHS"]
    hands: dict[str, list[str]] = {p: [] for p in FIVE_D}
    order = [p for p in FIVE_D if p in extras] + [p for p in FIVE_D if p not in extras]
    for i, card in enumerate(deck):
        hands[order[i % 5]].append(card)
    return {p: " ".join(cards) for p, cards in hands.items()}


def test_president_classic_extra_cards_go_to_the_first_to_play(client: TestClient) -> None:
    """president-classic.md § Preparation: “deals out all the cards in the deck face-down, clockwise, and one at a
    time.” “Due to the number of players at the table, some people may get an extra card, but this doesn't really
    present a problem. Because these players are the first to play, the inequality evens out.” Five players, 52
    cards, Eve deals: Al and Betty, the first two at her left, hold eleven."""
    match = open_match(client, "president", "classic", FIVE_D, "full")
    refused(client, match, dealt("Eve", classic_five_hands(("Carl", "Dana"))), "president.classic.extra-card")
    ok(client, match, dealt("Eve", classic_five_hands(("Al", "Betty"))))
    view = state(client, match)
    assert [view["hands"][p]["count"] for p in FIVE_D] == [11, 11, 10, 10, 10] and view["turn"] == "Al"


@pytest.mark.parametrize(
    "al_dice, betty_dice, won_by",
    [
        pytest.param((4, 4, 1, 2), (4, 4, 3, 4), "Republican", id="8 and 3 against 8 and 7: twice against once"),
        pytest.param((3, 4, 4, 4), (1, 1, 3, 4), None, id="7 and 8 against 2 and 7: once each, a stalemate"),
        pytest.param((3, 4, 3, 4), (4, 3, 2, 5), None, id="neither rolls his winning number"),
        pytest.param((3, 4, 2, 5), (5, 6, 1, 1), "Democratic", id="7 and 7 against 11 and 2: twice against none"),
    ],
)
def test_mr_president_debate_both_identified_roll_twice(client: TestClient, al_dice: tuple[int, ...], betty_dice: tuple[int, ...], won_by: str | None) -> None:
    """mr-president.md § DEBATE 5: “Each debator rolls the dice; any debator identified with the issue being debated
    may roll the dice twice. To win, you must roll one of the numbers listed for your rating.” § DEBATE 6: “If both
    debators roll their winning number, the debate is a stalemate and each may cast his own Ballots. If neither rolls
    his winning number, the issue is stalemated and both cast their risked Ballots. If one debator rolls his winning
    number more times than his opponent (twice), he is the winner.” Al (Harlan Whitcomb) and Betty (Thomas Rourke),
    both rated 4 (2, 3, 8 or 11 wins) and both identified with Civil Rights."""
    match = mr_match(client, MR_FOUR, mode="electoral", preset="advanced", setup=ADVANCED_SETUP)
    ok(client, match, roll("Al", "Eastern", 3, 4))
    # identified with the issue, each rolls twice: one roll is not the record of it
    refused(client, match, debate(risked=("NJ", "FL", "OH", "CA"), against=("NY", "NV", "IL"), dice=al_dice, opponent_dice=betty_dice[:2]), "mrpresident.debate.dice")
    ok(client, match, debate(risked=("NJ", "FL", "OH", "CA"), against=("NY", "NV", "IL"), dice=al_dice, opponent_dice=betty_dice))
    view = state(client, match)
    assert view["debates"] == [{"issue": "Civil Rights", "won_by": won_by}]
    cast = sorted(b["party"] for b in view["ballots"])
    expected = {"Republican": ["Republican"] * 7, "Democratic": ["Democratic"] * 7, None: ["Democratic"] * 3 + ["Republican"] * 4}[won_by]
    assert cast == expected


def test_mr_president_incumbent_year_built_in_edge(client: TestClient) -> None:
    """mr-president.md § INCUMBENT YEAR (Electoral Vote Tally only): “In the second game, the elected President's
    Candidate card is used again but he may change running mates if desired. … The incumbent announces his choice
    after the challengers have nominated their candidates.” “When an incumbent runs for re-election, disregard the
    built-in edge listed on the Tally Board. Instead, use the built-in edge for Republican or Democrat (depending on
    incumbent) as shown in storage box lid.”

    The Democrats' Thomas Rourke runs again. In Connecticut, where the Tally Board gives the Republicans the edge
    (the Connecticut example: 100,000 against 100,000 carried by the Republicans by 1,000 votes), the incumbent's
    table decides instead. Ballot decks of 4: Carl and Betty cast two Ballots each, one vote in Connecticut and in
    Maryland each."""
    plain = open_match(client, "mrpresident", "advanced", MR_FOUR, "electoral")
    printed = board_entry(state(client, plain), "CT")
    assert (printed["edge_party"], printed["edge_votes"]) == ("Republican", 1000)
    reply = client.post("/matches", json={"system": "mrpresident", "preset": "advanced", "players": MR_FOUR, "mode": "popular", "title": "x", "options": {"incumbent": "Democratic", "incumbent_president": "Thomas Rourke"}})
    assert reply.status_code == 422 and reply.json()["rule"]["id"] == "mrpresident.incumbent.electoral"

    match = open_match(client, "mrpresident", "advanced", MR_FOUR, "electoral", incumbent="Democratic", incumbent_president="Thomas Rourke", ballot_deck_size=4)
    rourke = mr.TicketChosen(party="Democratic", president=dem("Thomas Rourke"), vice_president=dem(DEM[9]), president_player="Betty", vice_president_player="Dot")
    ok(client, match, *PARTIES_DRAWN)
    refused(client, match, rourke, "mrpresident.incumbent.last")  # after the challengers
    ok(client, match, CHALLENGERS)
    refused(client, match, mr.TicketChosen(party="Democratic", president=dem(DEM[9]), vice_president=dem("Thomas Rourke"), president_player="Betty", vice_president_player="Dot"), "mrpresident.incumbent.card")
    ok(client, match, rourke, mr.UndecidedVotersSetAside(count=12), mr.FirstPlayerRolled(player="Carl"))
    one_each = [mr.Ballot(seal="P", state="CT", votes=1), mr.Ballot(seal="VP", state="MD", votes=1)]
    ok(client, match, roll("Carl", "Eastern", 1, 2), mr.BallotsCast(player="Carl", ballots=one_each))
    ok(client, match, roll("Betty", "Eastern", 1, 2), mr.BallotsCast(player="Betty", ballots=one_each))
    absentee_set_aside(client, match)
    counted_all(client, match, {"CT": {"Republican": 1, "Democratic": 1}, "MD": {"Republican": 1, "Democratic": 1}})
    table = standings(client, match)
    states = {s["state"]: s for s in table["details"]["electoral"]["states"]}
    for abbr in ("CT", "NY"):
        signed = TABLES.incumbent_edges["Democratic"][abbr]  # positive favours the Democrats
        party = "Democratic" if signed > 0 else "Republican"
        assert states[abbr]["edge"] == {"party": party, "votes": abs(signed)}
    ct = states["CT"]
    assert ct["popular_votes"][ct["edge"]["party"]] == 100_000 + ct["edge"]["votes"]
    assert ct["carried_by"] == ct["edge"]["party"]
    assert any("incumbent" in line for line in table["explanation"])


def test_mr_president_rumor_squelched(client: TestClient) -> None:
    """mr-president.md § GOING TO CAMPAIGN HEADQUARTERS: “When drawing a Rumor card, remember that your opponent is
    always the candidate who is seeking the same office that you are, i.e., Pres. vs. Pres., V. P. vs. V. P. If you
    are the opponent and you do get to the state, you have squelched the rumor; you must cast at least one Ballot you
    hold for this state even though you have been there the maximum number of times. You may cast as many Ballots as
    you wish for this state. Do not record the Ballots cast. (You may also cast any Ballots you wish for the other
    states you get to on this turn but must record these Ballots.)”

    Betty's Democrats fill D.C. (its limit of 2); Al goes to Headquarters on a 7 and draws a Rumor naming D.C."""
    match = mr_match(client, MR_FOUR)
    batch(client, match, [
        roll("Al", "Eastern", 1, 2), cast_by("Al", "CT"),
        roll("Betty", "Eastern", 6, 6), cast_by("Betty", "DC", "DC"),
        roll("Carl", "Eastern", 1, 2), cast_by("Carl", "CT", seal="VP"),
        roll("Dot", "Eastern", 1, 2), cast_by("Dot", "CT", seal="VP"),
        roll("Al", "Eastern", 3, 4), mr.HeadquartersVisited(player="Al"),
    ])
    refused(client, match, mr.RumorDrawn(player="Al", state="ZZ"), "mrpresident.hq.rumor")
    ok(client, match, mr.RumorDrawn(player="Al", state="DC"))
    assert state(client, match)["rumors"] == [{"drawn_by": "Al", "against": "Betty", "state": "DC"}]
    ok(client, match, roll("Betty", "Eastern", 6, 6))  # New York (6), D.C. and Vermont (12)
    ok(client, match, cast_by("Betty", "DC", "DC", "NY"))  # over D.C.'s maximum: the rumor's Ballots
    view = state(client, match)
    assert view["rumors"] == []
    mine = [(b["state"], b["recorded"]) for b in view["ballots"] if b["player"] == "Betty"]
    assert mine == [("DC", True), ("DC", True), ("DC", False), ("DC", False), ("NY", True)]
    assert view["parties"]["Democratic"]["campaign_record"]["DC"] == "PP" and view["parties"]["Democratic"]["campaign_record"]["NY"] == "P"


def test_mr_president_rumor_only_on_the_same_office_and_ballots_given(client: TestClient) -> None:
    """mr-president.md § GOING TO CAMPAIGN HEADQUARTERS: “your opponent is always the candidate who is seeking the same
    office that you are” and “If the candidate who drew the Rumor card is given cards by his opponent, he must cast
    them immediately but does not record them.” Al's Rumor on D.C. is Betty's, not Dot's: Dot, at D.C.'s maximum,
    may not cast there; Betty gives Al a Texas Ballot, cast unrecorded."""
    match = mr_match(client, MR_FOUR)
    batch(client, match, [
        roll("Al", "Eastern", 1, 2), cast_by("Al", "CT"),
        roll("Betty", "Eastern", 6, 6), cast_by("Betty", "DC", "DC"),
        roll("Carl", "Eastern", 1, 2), cast_by("Carl", "CT", seal="VP"),
        roll("Dot", "Eastern", 1, 2), cast_by("Dot", "CT", seal="VP"),
        roll("Al", "Eastern", 3, 4), mr.HeadquartersVisited(player="Al"), mr.RumorDrawn(player="Al", state="DC"),
    ])
    refused(client, match, mr.RumorBallotsGiven(player="Dot", ballots=[ballot("TX", seal="VP")]), "mrpresident.hq.rumor.given")
    ok(client, match, mr.RumorBallotsGiven(player="Betty", ballots=[ballot("TX")]))
    texas = [b for b in state(client, match)["ballots"] if b["state"] == "TX"]
    assert [(b["party"], b["recorded"]) for b in texas] == [("Republican", False)]
    batch(client, match, [roll("Betty", "Eastern", 1, 2), cast_by("Betty", "CT"), roll("Carl", "Eastern", 1, 2), cast_by("Carl", "CT", seal="VP")])
    ok(client, match, roll("Dot", "Eastern", 6, 6))
    refused(client, match, cast_by("Dot", "DC", seal="VP"), "mrpresident.limit")


def test_mr_president_advertising_only_as_many_as_the_opponent_can_replenish(client: TestClient) -> None:
    """mr-president.md § ADVERTISING 6: “your opponent (Pres. vs. Pres., V. P. vs. V. P.) must replenish the stack by
    adding Ballots from his deck equal to the number of Ballots you cast. (If your opponent's deck does not contain
    enough Ballots to replenish the stack, you may only cast as many Ballots as he can replenish.)” Ballot decks of
    12: Betty's holds one Ballot after the hands are drawn."""
    match = mr_match(client, MR_FOUR, mode="electoral", preset="advanced", setup=ADVANCED_SETUP, ballot_deck_size=12)
    assert state(client, match)["players"][1]["deck"] == 1
    ok(client, match, roll("Al", "Eastern", 6, 6))
    refused(client, match, advertise("Al", "Eastern", 5, "NY", "PA"), "mrpresident.advertising.replenish")
    before = state(client, match)
    ok(client, match, advertise("Al", "Eastern", 5, "NY"))
    after = state(client, match)
    assert after["players"][1]["deck"] == 0 and after["undecided"] == before["undecided"]


def test_mr_president_funds_raised_once_in_a_state(client: TestClient) -> None:
    """mr-president.md § FUND RAISING 4: “Add the amount indicated to your Available Advertising Funds and check (✓)
    the state in the Funds column on your Tally Board. A party may only raise funds once in a state.” Al raises funds
    in Pennsylvania (the Fund Raising example); next round his running mate Carl may not raise them there again."""
    match = mr_match(client, MR_FOUR, mode="electoral", preset="advanced", setup=ADVANCED_SETUP)
    ok(client, match, raise_roll("Al", "Eastern", 4, 5), funds("Al", "PA", 4, 4, 3))
    batch(client, match, ROUND[:2])  # Betty
    ok(client, match, raise_roll("Carl", "Eastern", 4, 5))
    refused(client, match, funds("Carl", "PA", 4, 4, 3), "mrpresident.funds.once")


def test_presidential_bid_region_tie_is_between_the_players_with_the_most_districts(client: TestClient) -> None:
    """presidential-bid.txt § tally: “If you have won more districts in a region than your opponents, you win the
    votes for that region. In the event of a tie, the player with the highest card in that region wins the votes.”
    Three players on a board of the user's own (a region of five districts, as “Each region is made up of a number
    of districts totaling thirteen” allows): Al and Betty win two districts each, Cy one with an Ace. The tie is Al's
    and Betty's: Betty's 10 beats Al's 9, and Cy's Ace, with fewer districts, does not count."""
    board = {"name": "five-district board", "regions": [
        {"name": "Big", "votes": 11, "districts": ["2C", "3C", "4C", "5C", "6C"]},
        {"name": "Two", "votes": 5, "districts": ["7C", "8C"]},
        {"name": "Three", "votes": 5, "districts": ["9C", "10C"]},
        {"name": "Four", "votes": 3, "districts": ["JC", "QC"]},
        {"name": "Five", "votes": 3, "districts": ["KC"]},
        {"name": "Six", "votes": 3, "districts": ["AC"]},
    ]}
    reply = client.post("/matches", json={"system": "bid", "players": ["Al", "Betty", "Cy"], "mode": "full", "title": "own board", "options": {}, "board": board})
    assert reply.status_code == 201, reply.text
    match = reply.json()
    bid_round(client, match, "2C", Al="9H", Betty="4S", Cy="4D")
    bid_round(client, match, "3C", Al="8H", Betty="5S", Cy="5D")
    bid_round(client, match, "4C", Al="3H", Betty="10S", Cy="3D")
    bid_round(client, match, "5C", Al="2H", Betty="3S", Cy="2D")
    bid_round(client, match, "6C", Al="4H", Betty="6S", Cy="AD")
    big = bid_regions(client, match)["Big"]
    assert {p: len(cards) for p, cards in big["won"].items()} == {"Al": 2, "Betty": 2, "Cy": 1}
    assert (big["winner"], big["rule"]) == ("Betty", "bid.region.highest")
    assert standings(client, match)["details"]["votes"]["Betty"] == 11


def test_mr_president_advertising_in_the_home_stretch_one_of_the_two_regions(client: TestClient) -> None:
    """mr-president.md § ADVERTISING 2: “After declaring your region in the usual manner, you may advertise in this
    region rather than campaign if you roll 7 or doubles … (If the campaign is in the "home stretch," you must pick
    one of the two regions in which to do your advertising.)” Ballot decks of 12: Al's first turn spends the
    Republicans' decks (home stretch); Carl rolls doubles for the East and the West and advertises in one of them
    (Dot, his opponent, holds two Ballots in her deck to replenish the stack)."""
    match = mr_match(client, MR_FOUR, mode="electoral", preset="advanced", setup=ADVANCED_SETUP, ballot_deck_size=12)
    ok(client, match, roll("Al", "Eastern", 1, 2), cast_by("Al", "CT", "MD", "MA"))
    assert state(client, match)["home_stretch"]
    ok(client, match, roll("Betty", ["Eastern", "Western"], 1, 2), cast_by("Betty", "CT"))
    ok(client, match, roll("Carl", ["Eastern", "Western"], 6, 6))
    refused(client, match, advertise("Carl", "Southern", 4, "TX", seal="VP"), "mrpresident.advertising.home-stretch")
    refused(client, match, mr.Advertised(player="Carl", region="Eastern", drawn=4, ballots=[ballot("NY", "VP"), ballot("CA", "VP")]), "mrpresident.advertising.region")
    ok(client, match, advertise("Carl", "Eastern", 4, "NY", seal="VP"))
    assert state(client, match)["parties"]["Republican"]["campaign_record"]["NY"] == "V"


@pytest.mark.parametrize(
    "system, preset, count, rule",
    [
        pytest.param("president", "classic", 3, "president.classic.players", id="classic: _player_: 4-7 (not 3)"),
        pytest.param("president", "classic", 8, "president.classic.players", id="classic: _player_: 4-7 (not 8)"),
        pytest.param("president", "classic", 7, None, id="classic: seven play"),
        pytest.param("president", "friday", 14, "president.friday.players", id="friday: 2-13 players (not 14)"),
        pytest.param("president", "friday", 13, None, id="friday: thirteen play"),
        pytest.param("president", "daifugo", 4, "president.daifugo.players", id="daifugo: five players (not 4)"),
        pytest.param("bid", None, 4, "bid.players", id="bid: 2 or 3 (not 4)"),
        pytest.param("bid", None, 3, None, id="bid: three play"),
        pytest.param("mrpresident", None, 3, "mrpresident.players", id="mr-president: 2 or 4 (not 3)"),
        pytest.param("mrpresident", None, 4, None, id="mr-president: four play"),
    ],
)
def test_number_of_players_each_text_gives(client: TestClient, system: str, preset: str | None, count: int, rule: str | None) -> None:
    """The players each text names: president-classic.md “_player_: 4-7”; president-friday.txt “2-13 players (ideally
    4-8)”; docs/daifugo.md “five players”; presidential-bid.txt “NUMBER OF PLAYERS: 2 or 3, best with 3”;
    mr-president.md “Number of players: 2 or 4”. A match outside them is refused at creation, citing the text."""
    setup: dict[str, Any] = {"system": system, "players": [f"P{i}" for i in range(count)], "mode": "popular" if system == "mrpresident" else "full", "title": "players", "options": {}}
    if preset is not None:
        setup["preset"] = preset
    reply = client.post("/matches", json=setup)
    if rule is None:
        assert reply.status_code == 201, reply.text
    else:
        assert reply.status_code == 422 and reply.json()["rule"]["id"] == rule, reply.text
        assert reply.json()["rule"]["quote"]
