"""The board is data (named boards, a user's own board, validated), the match's
setup, and the rules' quotes as the text words them."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import msgspec
import pytest

from domain import find
from domain.mrpresident import SYSTEM, rules
from domain.mrpresident.board import named, named_boards
from domain.protocol import MatchSetup, Rule
from tests.domain.harness import Case, params, verify
from tests.rules_texts import RULES_TEXTS

SHARED = Path(__file__).resolve().parents[4] / "shared"


def board_data(name: str = "1964") -> dict:
    return msgspec.to_builtins(named(name))


def setup(**kw) -> MatchSetup:
    return MatchSetup(**{"system": "mrpresident", "players": ["Al", "Betty"], "mode": "popular", **kw})


def test_registry_finds_the_system():
    assert find("mrpresident") is SYSTEM


def test_named_boards_hold_538_electoral_votes_and_the_texts_hints():
    assert set(named_boards()) >= {"1964", "1964-edge-b", "2024"}
    for board in named_boards().values():
        assert board.electoral_votes == 538 and board.majority == 270
    board = named("1964")
    entries = {s.abbr: s for r in board.regions for s in r.states}
    # Example 1: Missouri (2), Michigan (4), Illinois (6); NY and PA 5 Ballots, D.C. 2;
    # Connecticut's edge is 1,000 votes for the Republicans.
    assert (entries["MO"].dice, entries["MI"].dice, entries["IL"].dice) == (2, 4, 6)
    assert (entries["NY"].limit, entries["PA"].limit, entries["DC"].limit) == (5, 5, 2)
    assert (entries["CT"].edge_party, entries["CT"].edge_votes) == ("Republican", 1000)
    assert entries["DC"].dice == entries["VT"].dice == 12


@pytest.mark.parametrize("name, column", [("1964", "ev_1964_1968"), ("2024", "ev_2024")])
def test_electoral_votes_are_the_facts(name, column):
    # Fails, not skips, without the reference data: a check that silently stops running proves nothing.
    assert (SHARED / "data").is_dir(), "the reference data (shared/data) must be beside this checkout"
    with open(SHARED / "data" / "mr-president" / "electoral-votes.csv", newline="") as f:
        facts = {r["abbr"]: int(r[column]) for r in csv.DictReader(f) if r["abbr"]}
    assert {s.abbr: s.electoral_votes for r in named(name).regions for s in r.states} == facts


def test_every_quote_is_the_texts_own_words():
    assert (RULES_TEXTS / rules.TEXT).is_file(), f"{RULES_TEXTS / rules.TEXT} is not there (tests/rules_texts.py)"
    text = (RULES_TEXTS / rules.TEXT).read_text().replace("*", "").replace("\\", "")
    text = re.sub(r"\s+", " ", text)
    quoted = [v for v in vars(rules).values() if isinstance(v, Rule) and v.source.startswith("mr-president.md")]
    assert len(quoted) > 40
    for rule in quoted:
        assert re.sub(r"\s+", " ", rule.quote) in text, rule.id


def broken(change) -> dict:
    data = board_data()
    change(data)
    return data


# A user's board, broken one way per row: `start` refuses it citing the rule.
BOARD_ROWS = [
    Case("538 electoral votes", None, setup(board=broken(lambda d: d["regions"][0]["states"][0].update(electoral_votes=44))), "mrpresident.board"),
    Case("a dice number no roll reaches (13)", None, setup(board=broken(lambda d: d["regions"][0]["states"][0].update(dice=13))), "mrpresident.reach"),
    Case("a dice number no roll reaches (0)", None, setup(board=broken(lambda d: d["regions"][0]["states"][0].update(dice=0))), "mrpresident.reach"),
    Case("a roll that reaches no state (Midwest 6)", None, setup(board=broken(lambda d: d["regions"][2]["states"][0].update(dice=2))), "mrpresident.reach"),
    Case("limits positive", None, setup(board=broken(lambda d: d["regions"][0]["states"][0].update(limit=0))), "mrpresident.limit"),
    Case("a state twice", None, setup(board=broken(lambda d: d["regions"][0]["states"][1].update(abbr="NY"))), "mrpresident.board"),
    Case("an unknown field", None, setup(board=broken(lambda d: d.update(colour="red"))), "mrpresident.board"),
    Case(
        "One party will have the built-in edge in the state: a state without one",
        None,
        setup(board=broken(lambda d: d["regions"][0]["states"][0].update(edge_party=None, edge_votes=0))),
        "mrpresident.tally.edge.every-state",
    ),
]


@pytest.mark.parametrize("case", params(BOARD_ROWS))
def test_a_users_board_is_validated(case):
    verify(SYSTEM, None, case.when, case.then)


@pytest.mark.parametrize("name", ["1964", "1964-edge-b", "2024"])
def test_one_party_has_the_built_in_edge_in_every_state_of_every_shipped_board(name):
    """mr-president.md § ELECTION TALLY: “One party will have the built-in edge in the state.” (The 1964
    board's NY, TN, KY, IL, MO, CA and NM, once 0, hold the smallest edge, a reconstruction its notes say.)"""
    board = named(name)
    assert all(s.edge_party is not None and s.edge_votes > 0 for r in board.regions for s in r.states)
    if name != "1964-edge-b":
        entries = {s.abbr: s for r in board.regions for s in r.states}
        assert {a: entries[a].edge_party for a in ("NY", "TN", "KY", "IL", "MO", "CA", "NM")} == {
            "NY": "Republican", "TN": "Republican", "KY": "Democratic", "IL": "Democratic", "MO": "Democratic",
            "CA": "Republican", "NM": "Democratic",
        }
        assert any("One party will have the built-in edge in the state." in note for note in board.notes)


def test_a_users_board_is_embedded_in_the_first_event():
    data = board_data()
    data["name"] = "my tally board"
    data["regions"][0]["states"][0].update(edge_party="Democratic", edge_votes=5000)
    created = SYSTEM.start(setup(board=data))
    assert created.board.name == "my tally board" == created.ruleset.board
    assert created.board.regions[0].states[0].edge_votes == 5000


SETUP_ROWS = [
    Case("Number of players: 2 or 4", None, setup(players=["Al", "Betty", "Carl"]), "mrpresident.players"),
    Case("Number of players: 2 or 4, each with a name (a blank one is none)", None, setup(players=["Al", " "]), "mrpresident.players"),
    Case("Players must decide popular or electoral votes", None, setup(mode=None), "mrpresident.mode"),
    Case("an unknown preset", None, setup(preset="expert"), "mrpresident.options"),
    Case("INCUMBENT YEAR (Electoral Vote Tally only): not in popular play", None, setup(mode="popular", options={"incumbent": "Democratic", "incumbent_president": "Thomas Rourke"}), "mrpresident.incumbent.electoral"),
    Case("the elected President's Candidate card is used again: a card of the incumbent's deck", None, setup(mode="electoral", options={"incumbent": "Democratic", "incumbent_president": "Harlan Whitcomb"}), "mrpresident.incumbent.card"),
    Case("a match's own advanced tables are validated", None, setup(preset="advanced", options={"tables": {"name": "mine"}}), "mrpresident.advanced"),
    Case("each candidate removes three cards", None, setup(options={"ballot_deck_size": 3}), "mrpresident.undecided"),
    Case("an unknown named board", None, setup(options={"board": "1812"}), "mrpresident.board"),
]


@pytest.mark.parametrize("case", params(SETUP_ROWS))
def test_setup_refused(case):
    verify(SYSTEM, None, case.when, case.then)


def test_presets_resolve_into_the_first_event():
    created = SYSTEM.start(setup(preset="basic-2024", mode="electoral", options={"electoral_no_majority": "most electoral votes"}))
    assert created.board.name == "2024" and created.mode == "electoral"
    assert created.ruleset.electoral_no_majority == "most electoral votes"
    ny = next(s for r in created.board.regions for s in r.states if s.abbr == "NY")
    assert ny.electoral_votes == 28
