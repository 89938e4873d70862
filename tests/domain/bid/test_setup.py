"""Rule tables for `start`: the players, the ruleset and the board a match is created with."""

from __future__ import annotations

import msgspec
import pytest

from domain.bid import SYSTEM
from domain.bid.board import DEFAULT_BOARD, validate
from domain.protocol import IllegalAction, MatchSetup

TWO = ["Al", "Betty"]


def as_json(value) -> dict:
    return msgspec.json.decode(msgspec.json.encode(value))


def default_board() -> dict:
    return as_json(DEFAULT_BOARD)


def board_with(change) -> dict:
    board = default_board()
    change(board)
    return board


def refusal(**fields) -> str | None:
    try:
        SYSTEM.start(MatchSetup(system="bid", **({"players": TWO} | fields)))
    except IllegalAction as refused:
        return refused.rule.id
    return None


SETUP_ROWS = [
    pytest.param({}, None, id="header: 2 players"),
    pytest.param({"players": ["Al", "Betty", "Cy"]}, None, id="header: 3 players"),
    pytest.param({"players": ["Al"]}, "bid.players", id="header: 2 or 3 players, not 1"),
    pytest.param({"players": ["Al", "Betty", "Cy", "Di"]}, "bid.players", id="header: 2 or 3 players, not 4"),
    pytest.param({"players": ["Al", "Al"]}, "bid.players", id="header: two players, not one twice"),
    pytest.param({"players": ["Al", " "]}, "bid.players", id="header: each player has a name"),
    pytest.param({"mode": "full"}, None, id="recording: everything is shown, mode full"),
    pytest.param({"mode": "partial"}, "bid.mode", id="recording: no partial knowledge to record"),
    pytest.param({"preset": "all-cards"}, None, id="ruleset: the all-cards preset"),
    pytest.param({"preset": "house"}, "bid.setup", id="ruleset: an unknown preset"),
    pytest.param({"options": {"region_tie_cards": "all"}}, None, id="ruleset: an option override"),
    pytest.param({"options": {"region_tie_cards": "three"}}, "bid.setup", id="ruleset: an option of the wrong value"),
    pytest.param({"options": {"jokers": True}}, "bid.setup", id="ruleset: an unknown option"),
    pytest.param({"options": {"suits": ["S", "D"]}}, None, id="setup: which suit each player holds is an option"),
    pytest.param({"options": {"suits": ["C", "H"]}}, "bid.suits", id="setup: the remaining suits, not the clubs"),
    pytest.param({"options": {"suits": ["H", "H"]}}, "bid.suits", id="setup: one suit to each player"),
    pytest.param({"options": {"suits": ["H"]}}, "bid.suits", id="setup: a suit for each player in the game"),
]


@pytest.mark.parametrize(("fields", "refused_by"), SETUP_ROWS)
def test_setup(fields, refused_by):
    assert refusal(**fields) == refused_by


def _move(board, label, to_region):
    for region in board["regions"]:
        if label in region["districts"]:
            region["districts"].remove(label)
    board["regions"][to_region]["districts"].append(label)


BOARD_ROWS = [
    pytest.param(board_with(lambda b: None), None, id="board: the default board as a user's board"),
    pytest.param(board_with(lambda b: _move(b, "AC", 0) or b["regions"][5]["districts"].append("AC")), "bid.board.districts", id="board: a club labels one district only"),
    pytest.param(board_with(lambda b: b["regions"][0]["districts"].pop()), "bid.board.districts", id="board: districts totaling thirteen, not twelve"),
    pytest.param(board_with(lambda b: b["regions"][0]["districts"].append("5H")), "bid.board.labels", id="board: districts are labeled with a club"),
    pytest.param(board_with(lambda b: b["regions"][0]["districts"].append("XC")), "bid.board.labels", id="board: a label is a card"),
    pytest.param(board_with(lambda b: b["regions"][1].update(votes=0)), "bid.board.labels", id="board: each region is worth votes"),
    pytest.param(board_with(lambda b: b["regions"].pop()), "bid.board.regions", id="board: six regions, not five"),
    pytest.param(board_with(lambda b: b["regions"][1].update(name="North")), "bid.board.regions", id="board: six different regions"),
    pytest.param(board_with(lambda b: _move(b, "AC", 4)), "bid.board.districts", id="board: each region is made up of districts"),
    pytest.param(board_with(lambda b: b["regions"][0].pop("votes")), "bid.board.regions", id="board: a region without votes is malformed"),
    pytest.param(board_with(lambda b: b.update(colour="red")), "bid.board.regions", id="board: unknown fields are malformed"),
    pytest.param(
        board_with(lambda b: (_move(b, "AC", 0), _move(b, "KC", 5), _move(b, "2C", 4))),
        None,
        id="board: any card-to-district map that keeps six regions of thirteen clubs",
    ),
]


@pytest.mark.parametrize(("board", "refused_by"), BOARD_ROWS)
def test_user_board(board, refused_by):
    assert refusal(board=board) == refused_by


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
