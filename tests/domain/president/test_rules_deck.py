"""Given/when/then tables for the commercial deck (presidents-deck.txt): ranks 0-12, equal or higher, an
equal play skipping the next player, the Bomb and the Bomb (Reverse), the Doppelgänger, the direction
chosen each game, high/low asks, players leaving and joining, two decks past ten players."""

from __future__ import annotations

import pytest

from domain.president import SYSTEM
from domain.president.presets import PRESETS
from domain.president.exchanges import exchange_dues
from domain.president.titles import title_of
from domain.protocol import SPECTATOR as SYSTEM_SPECTATOR
from domain.protocol import IllegalAction
from tests.domain.harness import OK, accepted, cases, params, verify
from tests.support.president import DECK_CHOSEN as CHOSEN, DECK_HANDS as HANDS

D = "president.deck."
K = "recount.knowledge"


def dealt(kit, **options):
    return kit.play(kit.new_match(preset="deck", **options), [kit.deal("Dana", HANDS)])


ROWS = [
    ("first-lead: the dealer chooses the direction and who goes first", [], "Dana chooses clockwise Al", accepted(phase="playing", turn="Al", direction=1)),
    ("first-lead: nobody else chooses", [], "Betty chooses clockwise Al", D + "first-lead"),
    ("first-lead: the dealer names someone to go first", [], "Dana chooses clockwise", D + "first-lead"),
    ("first-lead: no play before the choice", [], "Al plays 1a", D + "first-lead"),
    ("first-lead: the chosen player goes first", CHOSEN, "Betty plays 1c", D + "first-lead"),
    ("set: any card or set of equal rank", CHOSEN, "Al plays 1a 1b", OK),
    ("set: not two ranks", CHOSEN, "Al plays 1a 3a", D + "set"),
    ("set: a Doppelgänger duplicates a card", CHOSEN, "Al plays 3a 3b Da", OK),
    ("wild: a lone Doppelgänger leads a clean slate", CHOSEN, "Al plays Da", OK),
    ("wild: and only a clean slate", [*CHOSEN, "Al plays 4a", "Betty plays 4b"], "Dana plays Db", D + "wild"),
    ("same-count: only doubles after doubles", [*CHOSEN, "Al plays 1a 1b"], "Betty plays 2b", D + "same-count"),
    ("same-count: a double on a double", [*CHOSEN, "Al plays 1a 1b"], "Betty plays 2b 2c", OK),
    ("equal-or-outrank: an equal card", [*CHOSEN, "Al plays 5a"], "Betty plays 5b", accepted(turn="Dana")),
    ("equal-or-outrank: not a lower one", [*CHOSEN, "Al plays 5a"], "Betty plays 4b", D + "equal-or-outrank"),
    ("skip: the same card skips the next person", [*CHOSEN, "Al plays 5a", "Betty plays 5b"], "Carl plays 6c", D + "turn"),
    ("skip: the one after plays", [*CHOSEN, "Al plays 5a", "Betty plays 5b"], "Dana plays 6d", OK),
    (
        "lead: every other player passes or is skipped, the pile is reset",
        [*CHOSEN, "Al plays 5a", "Betty plays 5b", "Dana passes", "Al passes"],
        "Betty plays 1c",
        OK,
    ),
    ("pass: at any time", [*CHOSEN, "Al plays 1a"], "Betty passes", OK),
    ("pass: at any time, the leader too", CHOSEN, "Al passes", accepted(turn="Betty")),
    ("pass: the leader's pass hands the lead on", [*CHOSEN, "Al passes"], "Betty plays 1c", OK),
    ("bomb: a Bomb on a President", [*CHOSEN, "Al plays 12a"], "Betty plays 0a", accepted(turn="Betty", trick=())),
    ("bomb: then its player plays any card", [*CHOSEN, "Al plays 12a", "Betty plays 0a"], "Betty plays 1c", OK),
    ("bomb: nobody else", [*CHOSEN, "Al plays 12a", "Betty plays 0a"], "Carl plays 1d", D + "lead"),
    ("bomb: whatever the count", [*CHOSEN, "Al plays 1a 1b"], "Betty plays 0a", OK),
    ("bomb: Bombs in a row", [*CHOSEN, "Al plays 12a", "Betty plays 0a"], "Betty plays 0a", K),
    ("bomb reverse: the direction changes", [*CHOSEN, "Al plays 0Ra", "Al plays 2a"], "Dana plays 4d", accepted(direction=-1, turn="Carl")),
    ("bomb reverse: Betty no longer follows Al", [*CHOSEN, "Al plays 0Ra", "Al plays 2a"], "Betty plays 2b", D + "turn"),
    ("set: double Vice Presidents with a Doppelgänger", CHOSEN, "Al plays 11a Da", OK),
]


@pytest.mark.parametrize("case", params(cases(ROWS, "name given when then")))
def test_deck_play(kit, case):
    verify(SYSTEM, lambda: kit.play(dealt(kit), case.given), kit.action(case.when), case.then)


def test_skip_with_final_two_resets_the_pile(kit):
    """deck § Skipping with Final 2: “If someone in the final 2 plays the same card that was previously
    played, it skips the other remaining player and resets the pile like usual.”"""
    deck = "1a 1b 2a 2b 3a 3b 12a 12b 0a 0Ra Da Db".split()
    state = kit.new_match(players=["Al", "Bo"], preset="deck", deck=deck)
    state = kit.play(state, [kit.deal("Al", {"Al": "1a 2a 3a 12a 0a Da", "Bo": "1b 2b 3b 12b 0Ra Db"}), "Al chooses clockwise Bo"])
    state = kit.play(state, ["Bo plays 1b", "Al plays 1a"])
    assert state.trick == () and state.turn == "Al"
    kit.outcome(state, ["Bo plays 2b"], D + "lead")
    kit.play(state, ["Al plays 2a"])


# A twelve-card deck for short matches: game one ends Al, Betty, Carl, Dana.
SMALL = "1a 1b 2a 2b 3a 3b 12a 12b 0a 0Ra Da Db".split()
GAME_ONE = {"Al": "1a 12a 0a", "Betty": "1b 2a Da", "Carl": "2b 3a 3b", "Dana": "12b 0Ra Db"}
GAME_ONE_PLAY = [
    "Dana chooses clockwise Al",
    "Al plays 0a", "Al plays 1a", "Betty plays 1b", "Dana plays 12b", "Al plays 12a", "Carl passes", "Dana passes",
    "Betty plays 2a Da", "Carl plays 3a 3b", "Dana passes", "Carl plays 2b",
]
GAME_TWO = {"Al": "1a 2a 3a", "Betty": "1b 2b 3b", "Carl": "12a 0a Da", "Dana": "12b 0Ra Db"}


def small_match(kit, **options):
    state = kit.new_match(preset="deck", deck=SMALL, **options)
    return kit.play(state, [kit.deal("Dana", GAME_ONE), *GAME_ONE_PLAY])


def test_game_one_of_the_small_match(kit):
    state = small_match(kit)
    assert state.ranking == ("Al", "Betty", "Carl", "Dana")
    assert state.games[0].out_steps == (8, 11, 14, 14)
    assert [p.reason.split(": ")[-1] for p in SYSTEM.standings(state).placings] == [
        "game 1 President +2", "game 1 Vice President +1", "game 1 Couch Potato −1", "game 1 Turd −2",
    ]


GIVEN = ["Dana gives Al 12b 0Ra asking high low", "Al gives Dana 1a 2a", "Carl gives Betty 0a asking low", "Betty gives Carl 1b"]
NEXT = [
    ("ask: one high and one low", [], "Dana gives Al 12b 0Ra asking high low", OK),
    ("ask: two high: the two highest numbers", [], "Dana gives Al 12b 0Ra asking high high", OK),
    ("ask: the President asks for each card", [], "Dana gives Al 12b 0Ra", D + "ask"),
    ("ask: a Doppelgänger has no #", [], "Dana gives Al 12b Db asking high low", D + "ask"),
    ("no-lying: the highest card when asked high", [], "Carl gives Betty 0a asking high", D + "no-lying"),
    ("no-lying: the Bomb is the lowest", [], "Carl gives Betty 0a asking low", OK),
    ("exchange-second: one card to the Vice President", [], "Carl gives Betty 12a 0a asking high low", D + "exchange-second"),
    ("give-back: not the cards received", ["Dana gives Al 12b 0Ra asking high low"], "Al gives Dana 12b 1a", D + "give-back"),
    ("give-back: any other cards", ["Dana gives Al 12b 0Ra asking high low"], "Al gives Dana 1a 2a", OK),
    ("next-lead: the Vice President chooses the direction", GIVEN, "Betty chooses counter-clockwise", accepted(direction=-1, turn="Al")),
    ("next-lead: not the President", GIVEN, "Al chooses clockwise", D + "next-lead"),
    ("next-lead: the President goes first", GIVEN, "Betty chooses clockwise Carl", D + "next-lead"),
    ("next-lead: the President plays first", [*GIVEN, "Betty chooses counter-clockwise"], "Al plays 3a", OK),
    ("next-lead: then the chosen direction", [*GIVEN, "Betty chooses counter-clockwise", "Al plays 3a"], "Betty plays 3b", D + "turn"),
]


@pytest.mark.parametrize("case", params(cases(NEXT, "name given when then")))
def test_deck_next_game(kit, case):
    verify(SYSTEM, lambda: kit.play(small_match(kit), [kit.deal("Dana", GAME_TWO), *case.given]), kit.action(case.when), case.then)


TABLE = [
    ("leave: a player leaves between games", [], "Carl leaves", accepted(seating=("Al", "Betty", "Dana"))),
    ("leave: not in the middle of a game", ["deal"], "Carl leaves", D + "game-end"),
    ("leave: only a player at the table", [], "Zed leaves", D + "leave"),
    ("join: someone enters between games", [], "Eve joins after Betty", accepted(seating=("Al", "Betty", "Eve", "Carl", "Dana"))),
    ("join: not someone already seated", [], "Betty joins", D + "join"),
]


@pytest.mark.parametrize("case", params(cases(TABLE, "name given when then")))
def test_players_leave_and_join(kit, case):
    state = small_match(kit)
    if case.given:
        state = kit.play(state, [kit.deal("Dana", GAME_TWO)])
    verify(SYSTEM, state, kit.action(case.when), case.then)


def test_the_vice_president_becomes_president_when_the_president_leaves(kit):
    """deck: “If the President leaves, then the Vice President becomes President and whoever was 3rd becomes
    Vice President.”"""
    state = kit.play(small_match(kit), ["Al leaves"])
    assert SYSTEM.view(state, SYSTEM_SPECTATOR)["roles"] == {"Betty": "President", "Carl": "Vice President", "Dana": "Turd"}
    assert state.seating == ("Betty", "Carl", "Dana")


def test_a_newcomer_is_a_citizen_outside_the_exchange(kit):
    """deck: “If someone enters between rounds, they enter as a “citizen” with no benefits or punishment.”"""
    state = kit.play(small_match(kit), ["Eve joins after Betty"])
    assert state.seating == ("Al", "Betty", "Eve", "Carl", "Dana")
    assert SYSTEM.view(state, SYSTEM_SPECTATOR)["roles"]["Eve"] == "Citizen"
    five = {"Al": "1a 2a 3a", "Betty": "1b 2b 3b", "Eve": "12a 0a", "Carl": "Da 12b", "Dana": "0Ra Db"}
    state = kit.play(state, [kit.deal("Dana", five)])
    assert {(due.giver, due.receiver) for due in state.dues} == {("Dana", "Al"), ("Al", "Dana"), ("Carl", "Betty"), ("Betty", "Carl")}
    kit.outcome(state, ["Eve gives Al 12a asking high"], D + "no-other-exchange")


def test_classic_keeps_its_players(kit):
    with pytest.raises(IllegalAction) as refused:
        kit.play(kit.small_match(), ["Carl leaves"])
    assert refused.value.rule.id == "recount.no-table-change"


def test_two_decks_past_ten_players(kit):
    """deck § Playing With More Than 10 People: “It’s recommended that you combine 2 decks together when playing
    with more than 10 people.”"""
    assert len(kit.new_match(players=[f"P{i}" for i in range(10)], preset="deck").ruleset.deck) == 54
    state = kit.new_match(players=[f"P{i}" for i in range(11)], preset="deck")
    assert len(state.ruleset.deck) == 108 and state.deck.copies["12a"] == 2 and state.ruleset.max_set == 8


def test_deck_describes_plays_in_its_names(kit):
    state = kit.play(dealt(kit), CHOSEN)
    assert SYSTEM.describe(state, kit.action("Al plays 1a")) == "Al plays a Turd"
    assert SYSTEM.describe(state, kit.action("Al plays 11a Da")) == "Al plays two Vice Presidents (with a Doppelgänger)"
    assert SYSTEM.describe(state, kit.action("Al plays 0Ra")) == "Al plays a Bomb: the pile is reset, the direction changes"
    state = kit.play(state, ["Al plays 5a"])
    assert SYSTEM.describe(state, kit.action("Betty plays 5b")) == "Betty plays a Police, skipping Carl"




# Betty holds both Bombs (Carl's 0b for her 1c).
TWO_BOMBS = dict(
    HANDS,
    Betty=" ".join("0b" if card == "1c" else card for card in HANDS["Betty"].split()),
    Carl=" ".join("1c" if card == "0b" else card for card in HANDS["Carl"].split()),
)
BOMB_ROWS = [
    ("bomb: several Bombs at a time", [*CHOSEN, "Al plays 12a"], "Betty plays 0a 0b", accepted(turn="Betty", trick=())),
    ("bomb: then their player plays any card", [*CHOSEN, "Al plays 12a", "Betty plays 0a 0b"], "Betty plays 2b", OK),
    ("bomb: and nobody else", [*CHOSEN, "Al plays 12a", "Betty plays 0a 0b"], "Carl plays 2d", D + "lead"),
]


@pytest.mark.parametrize("case", params(cases(BOMB_ROWS, "name given when then")))
def test_several_bombs_at_once(kit, case):
    """deck § Cards Overview: “You can “Bomb” a “Bomb” – meaning, multiple Bomb cards may be played at a time.”"""
    state = kit.play(kit.new_match(preset="deck"), [kit.deal("Dana", TWO_BOMBS)])
    verify(SYSTEM, lambda: kit.play(state, case.given), kit.action(case.when), case.then)


def test_three_players_after_the_president_leaves_exchange_once(kit):
    """deck: “whoever was 3rd becomes Vice President”; with three players no second-to-last is left to give
    the Vice President a card, so only the Turd and the President exchange (docs/silent-choices.md row 4)."""
    state = kit.play(small_match(kit), ["Al leaves"])
    assert state.ranking == ("Betty", "Carl", "Dana")
    dues = {(due.giver, due.receiver, due.count) for due in exchange_dues(state.ruleset, state.ranking)}
    assert dues == {("Dana", "Betty", 2), ("Betty", "Dana", 2)}


@pytest.mark.parametrize(
    "preset, titles",
    [
        pytest.param("deck", ("President", "Vice President", "Turd"), id="deck: whoever was 3rd becomes Vice President"),
        pytest.param("friday", ("President", "citizen", "Idiot"), id="friday, silent with three players: the middle is a citizen"),
    ],
)
def test_titles_of_three_players(preset, titles):
    """ruleset `vice_below_four`: deck § Players Leaving/Entering Between Rounds."""
    ruleset = PRESETS[preset]
    assert tuple(title_of(ruleset, place, 3) for place in range(3)) == titles
