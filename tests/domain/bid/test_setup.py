"""Rule tables for `start` (tests/domain/harness.py: when a setup, then accepted, with what the first state holds,
or refused by the rule named): the players, the ruleset and the board a match is created with."""

from __future__ import annotations

import msgspec
import pytest

from domain.bid import SYSTEM
from domain.bid.board import DEFAULT_BOARD, validate
from domain.protocol import MatchSetup
from tests.domain.harness import OK, Case, accepted, params, verify

TWO = ["Al", "Betty"]


def as_json(value) -> dict:
    return msgspec.json.decode(msgspec.json.encode(value))


def default_board() -> dict:
    return as_json(DEFAULT_BOARD)


def board_with(change) -> dict:
    board = default_board()
    change(board)
    return board


def bid_setup(**fields) -> MatchSetup:
    """A setup of two players (Al, Betty) unless `fields` say otherwise."""
    return MatchSetup(system="bid", **({"players": TWO} | fields))


SETUP_ROWS = [
    Case("header: 2 players", None, bid_setup(), OK),
    Case("header: 3 players", None, bid_setup(players=["Al", "Betty", "Cy"]), accepted({"match.players": lambda seats: len(seats) == 3})),
    Case("header: 2 or 3 players, not 1", None, bid_setup(players=["Al"]), "bid.players"),
    Case("header: 2 or 3 players, not 4", None, bid_setup(players=["Al", "Betty", "Cy", "Di"]), "bid.players"),
    Case("header: two players, not one twice", None, bid_setup(players=["Al", "Al"]), "bid.players"),
    Case("header: each player has a name", None, bid_setup(players=["Al", " "]), "bid.players"),
    Case("recording: everything is shown, mode full", None, bid_setup(mode="full"), OK),
    Case("recording: no partial knowledge to record", None, bid_setup(mode="partial"), "bid.mode"),
    Case("ruleset: the all-cards preset", None, bid_setup(preset="all-cards"), OK),
    Case("ruleset: an unknown preset", None, bid_setup(preset="house"), "bid.setup"),
    Case("ruleset: an option override", None, bid_setup(options={"region_tie_cards": "all"}), OK),
    Case("ruleset: an option of the wrong value", None, bid_setup(options={"region_tie_cards": "three"}), "bid.setup"),
    Case("ruleset: an unknown option", None, bid_setup(options={"jokers": True}), "bid.setup"),
    Case("setup: which suit each player holds is an option", None, bid_setup(options={"suits": ["S", "D"]}), accepted({"match.players": lambda seats: [seat.suit for seat in seats] == ["S", "D"]})),
    Case("setup: the remaining suits, not the clubs", None, bid_setup(options={"suits": ["C", "H"]}), "bid.suits"),
    Case("setup: one suit to each player", None, bid_setup(options={"suits": ["H", "H"]}), "bid.suits"),
    Case("setup: a suit for each player in the game", None, bid_setup(options={"suits": ["H"]}), "bid.suits"),
]


@pytest.mark.parametrize("case", params(SETUP_ROWS))
def test_setup(case):
    verify(SYSTEM, None, case.when, case.then)


def _move(board, label, to_region):
    for region in board["regions"]:
        if label in region["districts"]:
            region["districts"].remove(label)
    board["regions"][to_region]["districts"].append(label)


BOARD_ROWS = [
    Case("board: the default board as a user's board", None, bid_setup(board=board_with(lambda b: None)), OK),
    Case("board: a club labels one district only", None, bid_setup(board=board_with(lambda b: _move(b, "AC", 0) or b["regions"][5]["districts"].append("AC"))), "bid.board.districts"),
    Case("board: districts totaling thirteen, not twelve", None, bid_setup(board=board_with(lambda b: b["regions"][0]["districts"].pop())), "bid.board.districts"),
    Case("board: districts are labeled with a club", None, bid_setup(board=board_with(lambda b: b["regions"][0]["districts"].append("5H"))), "bid.board.labels"),
    Case("board: a label is a card", None, bid_setup(board=board_with(lambda b: b["regions"][0]["districts"].append("XC"))), "bid.board.labels"),
    Case("board: each region is worth votes", None, bid_setup(board=board_with(lambda b: b["regions"][1].update(votes=0))), "bid.board.labels"),
    Case("board: six regions, not five", None, bid_setup(board=board_with(lambda b: b["regions"].pop())), "bid.board.regions"),
    Case("board: six different regions", None, bid_setup(board=board_with(lambda b: b["regions"][1].update(name="North"))), "bid.board.regions"),
    Case("board: each region is made up of districts", None, bid_setup(board=board_with(lambda b: _move(b, "AC", 4))), "bid.board.districts"),
    Case("board: a region without votes is malformed", None, bid_setup(board=board_with(lambda b: b["regions"][0].pop("votes"))), "bid.board.regions"),
    Case("board: unknown fields are malformed", None, bid_setup(board=board_with(lambda b: b.update(colour="red"))), "bid.board.regions"),
    Case(
        "board: any card-to-district map that keeps six regions of thirteen clubs",
        None,
        bid_setup(board=board_with(lambda b: (_move(b, "AC", 0), _move(b, "KC", 5), _move(b, "2C", 4)))),
        OK,
    ),
]


@pytest.mark.parametrize("case", params(BOARD_ROWS))
def test_user_board(case):
    verify(SYSTEM, None, case.when, case.then)


def test_the_default_board_is_a_valid_reconstruction():
    validate(DEFAULT_BOARD)
    assert DEFAULT_BOARD.reconstruction
    assert "Reconstruction" in DEFAULT_BOARD.source


def test_the_created_event_embeds_the_resolved_ruleset_and_board():
    board = board_with(lambda b: (b.update(name="Mine", reconstruction=False), _move(b, "AC", 0), _move(b, "KC", 5), _move(b, "2C", 4)))
    created = SYSTEM.start(
        MatchSetup(system="bid", players=["Al", "Betty"], preset="all-cards", options={"suits": ["S", "D", "H"]}, board=board)
    )
    assert created.preset == "all-cards"
    assert created.ruleset.region_tie_cards == "all"
    assert [(seat.player, seat.suit) for seat in created.players] == [("Al", "S"), ("Betty", "D")]
    assert created.board.name == "Mine"
    assert as_json(created.board) == board
    decoded = msgspec.json.decode(msgspec.json.encode(created), type=SYSTEM.created_type)
    assert decoded == created


def test_a_two_player_game_sets_the_third_suit_aside():
    created = SYSTEM.start(MatchSetup(system="bid", players=TWO))
    state = SYSTEM.initial(created)
    assert [seat.suit for seat in created.players] == ["H", "S"]
    assert [len(hand) for hand in state.hands] == [13, 13]
    assert not any(card.endswith("D") for hand in state.hands for card in hand)
