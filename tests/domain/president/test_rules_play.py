"""Given/when/then tables for the play of a classic game (president-classic.md § Play Game, § End Game).

Given: the four-player classic deal of conftest.CLASSIC_HANDS (Dana deals, Al leads) and the lines
recorded after it; when: one more action; then: accepted, or refused citing the rule id."""

from __future__ import annotations

import pytest

from domain.president import SYSTEM
from tests.domain.harness import OK, accepted, cases, params, verify

C = "president.classic."

# (id naming the sentence, options, given lines, action, expected rule id or OK)
PLAY = [
    ("first-lead: the player to the dealer's left plays first", {}, [], "Al plays 3C", accepted(turn="Betty", trick=lambda trick: len(trick) == 1)),
    ("first-lead: nobody else plays first", {}, [], "Betty plays 4C", C + "first-lead"),
    ("set: one, two, three, or four cards", {}, [], "Al plays 3C 3D 3H 3S", accepted({"hands.Al.known": lambda cards: not {"3C", "3D", "3H", "3S"} & set(cards)})),
    ("set: cards of the same kind", {}, [], "Al plays 3C 5C", C + "set"),
    ("set: at most four cards (max_set)", {"max_set": 2}, [], "Al plays 3C 3D 3H", C + "set"),
    ("deck: a card of the deck", {}, [], "Al plays 1C", C + "deck"),
    ("knowledge: a card from the player's hand", {}, [], "Al plays 4C", "recount.knowledge"),
    ("knowledge: not the same card twice", {}, [], "Al plays 3C 3C", C + "deal"),
    ("same-count: the same number of cards", {}, ["Al plays 3C 3D"], "Betty plays 4C", C + "same-count"),
    ("same-count: a pair on a pair", {}, ["Al plays 3C 3D"], "Betty plays 4C 4D", OK),
    ("same-count: not more cards either", {}, ["Al plays 9C"], "Betty plays 10C 10D", C + "same-count"),
    ("higher: a higher rank", {}, ["Al plays 9C"], "Betty plays 10C", accepted(turn="Carl")),
    ("higher: an equal rank does not beat", {}, ["Al plays 9C"], "Betty plays 9H", C + "higher"),
    ("higher: a 2 is the lowest rank", {}, ["Al plays 5C", "Betty passes"], "Carl plays 2D", C + "higher"),
    ("equal-or-outrank: equal beats with equal_rank_beats", {"equal_rank_beats": True}, ["Al plays 9C"], "Betty plays 9H", OK),
    ("equal-or-outrank: lower still refused", {"equal_rank_beats": True}, ["Al plays 9C"], "Betty plays 7D", C + "equal-or-outrank"),
    ("pass: you can pass even if you have a legal move", {}, ["Al plays 3C"], "Betty passes", accepted(turn="Carl", passed=("Betty",))),
    ("turn: the opportunity to play progresses clockwise", {}, ["Al plays 3C", "Betty passes"], "Betty plays 4C", C + "turn"),
    ("turn: the next player after a pass", {}, ["Al plays 3C", "Betty passes"], "Carl plays 4H", accepted(turn="Dana")),
    ("leader-plays: the text lets no leader pass (house rule)", {}, [], "Al passes", "recount.leader-plays"),
    ("leader_may_pass: the leader may pass with the option", {"leader_may_pass": True}, [], "Al passes", OK),
    ("leader_may_pass: the lead goes to the next player", {"leader_may_pass": True}, ["Al passes"], "Betty plays 4C", OK),
    ("leader_may_pass: not back to the passer", {"leader_may_pass": True}, ["Al passes"], "Al plays 3C", C + "first-lead"),
    (
        "lead: whoever played last starts the new round",
        {},
        ["Al plays 2C", "Betty passes", "Carl passes", "Dana passes"],
        "Al plays 3C 3D",
        accepted(turn="Betty", trick=lambda trick: len(trick) == 1),
    ),
    (
        "lead: nobody else starts it",
        {},
        ["Al plays 2C", "Betty passes", "Carl passes", "Dana passes"],
        "Betty plays 4C",
        C + "lead",
    ),
    (
        "pass: a pass does not shut a player out of the round",
        {},
        ["Al plays 3C", "Betty passes", "Carl plays 4H", "Dana plays 5S", "Al passes"],
        "Betty plays 6C",
        OK,
    ),
    (
        "pass_locks_out: the house rule skips who passed",
        {"pass_locks_out": True},
        ["Al plays 3C", "Betty passes", "Carl plays 4H", "Dana plays 5S", "Al passes"],
        "Betty plays 6C",
        C + "turn",
    ),
    (
        "pass_locks_out: the round goes on without them",
        {"pass_locks_out": True},
        ["Al plays 3C", "Betty passes", "Carl plays 4H", "Dana plays 5S", "Al passes"],
        "Carl plays 6H",
        accepted(turn="Dana"),
    ),
]


@pytest.mark.parametrize("case", params(cases(PLAY, "name options given when then")))
def test_play(kit, case):
    verify(SYSTEM, lambda: kit.play(kit.classic_dealt(**case.setup["options"]), case.given), kit.action(case.when), case.then)


# The twelve-card game of conftest: Al, Betty, Carl, Dana hold three cards each; Dana dealt.
SMALL_GAME_ONE = {"Al": "3C 3D 8C", "Betty": "4C 4D 7C", "Carl": "5C 5D 6C", "Dana": "6D 7D 8D"}
END = [
    (
        "out-lead: the player to his left starts the next round",
        ["Al plays 8C", "Betty passes", "Carl passes", "Dana passes", "Al plays 3C 3D", "Betty passes", "Carl passes", "Dana passes"],
        "Betty plays 4C",
        OK,
    ),
    (
        "out-lead: not the next after the passer (the End Game note is cited)",
        ["Al plays 8C", "Betty passes", "Carl passes", "Dana passes", "Al plays 3C 3D", "Betty passes", "Carl passes", "Dana passes"],
        "Carl plays 5C",
        C + "out-lead",
    ),
    (
        "out-lead: a player who is out does not play",
        ["Al plays 8C", "Betty passes", "Carl passes", "Dana passes", "Al plays 3C 3D"],
        "Al passes",
        C + "turn",
    ),
    (
        "game-end: play goes on after the first person out",
        ["Al plays 8C", "Betty passes", "Carl passes", "Dana passes", "Al plays 3C 3D"],
        "Betty plays 4C 4D",
        accepted(out=("Al",), turn="Carl"),
    ),
    (
        "game-end: no new deal while two players hold cards",
        ["Al plays 8C", "Betty passes", "Carl passes", "Dana passes", "Al plays 3C 3D"],
        "deal",
        C + "game-end",
    ),
    (
        "game-end: the match cannot end in the middle of a game",
        ["Al plays 8C"],
        "end",
        C + "game-end",
    ),
]


@pytest.mark.parametrize("case", params(cases(END, "name given when then")))
def test_end_of_game(kit, case):
    action = kit.deal("Al", SMALL_GAME_ONE) if case.when == "deal" else kit.action(case.when)
    verify(SYSTEM, lambda: kit.play(kit.new_match(deck=kit.SMALL_DECK), [kit.deal("Dana", SMALL_GAME_ONE), *case.given]), action, case.then)


def test_game_end_scores_the_finishing_order(kit):
    """End Game: “The winner … gets 2 points, and the runner-up … 1 point. The scum … loses 2 points, and
    … the worker, loses 1 point.” Game one of the small match ends Al, Carl, Betty, Dana."""
    state = kit.small_match()
    assert state.phase == "between"
    assert state.ranking == ("Al", "Carl", "Betty", "Dana")
    assert state.points == {"Al": 2, "Carl": 1, "Betty": -1, "Dana": -2}
    assert state.hands["Dana"].known == ("8D",)


def test_citizens_score_nothing(kit):
    """End Game: “All players in between (which are not used in a four-player game) score nothing”."""
    names = ["Al", "Betty", "Carl", "Dana", "Eve", "Fay"]
    deck = [f"{rank}{suit}" for rank in ("3", "4", "5") for suit in "CD"]
    state = kit.new_match(players=names, deck=deck)
    hands = {"Al": "3C", "Betty": "3D", "Carl": "4C", "Dana": "4D", "Eve": "5C", "Fay": "5D"}
    # Fay deals one card each. Al, Carl and Eve go out in the first round; Fay (Eve's left) leads and goes out;
    # Betty leads her 3D after Fay and goes out, leaving Dana alone with 4D.
    state = kit.play(
        state,
        [
            kit.deal("Fay", hands),
            "Al plays 3C", "Betty passes", "Carl plays 4C", "Dana passes", "Eve plays 5C",
            "Fay passes", "Betty passes", "Dana passes",
            "Fay plays 5D", "Betty passes", "Dana passes",
            "Betty plays 3D",
        ],
    )
    assert state.ranking == ("Al", "Carl", "Eve", "Fay", "Betty", "Dana")
    assert state.points == {"Al": 2, "Carl": 1, "Eve": 0, "Fay": 0, "Betty": -1, "Dana": -2}
