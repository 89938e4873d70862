"""What each perspective sees: a sealed bid is seen by its player (and everyone: a
finished match's replay) only, in the view, the redacted event and the description
alike; not by the recorder while the match runs, who may be a player too."""

from __future__ import annotations

import msgspec
import pytest

from domain.bid import SYSTEM
from domain.cards import card_name
from domain.cards import label as short
from domain.bid.events import Bid, BidCommitted, BidsRevealed, DistrictRevealed
from domain.protocol import EVERYONE, RECORDER, SPECTATOR, Perspective
from tests.support.bid import FILES, load

AL = Perspective("seat", "Al")
BETTY = Perspective("seat", "Betty")


def bid_of(view, player):
    return next(p["bid"] for p in view["players"] if p["player"] == player)


@pytest.mark.parametrize(
    ("perspective", "sees"),
    [
        pytest.param(SPECTATOR, "committed", id="spectator: public information only"),
        pytest.param(BETTY, "committed", id="another seat: not Al's bid"),
        pytest.param(AL, "9H", id="Al's seat: Al's own bid"),
        pytest.param(EVERYONE, "9H", id="everyone: all that is recorded"),
        pytest.param(RECORDER, "committed", id="the recorder while the match runs: nobody but Al until the reveal"),
    ],
)
def test_a_sealed_bid(table, perspective, sees):
    before = table.state(["up 7C"])
    commit = BidCommitted(player="Al", card="9H")
    after = SYSTEM.evolve(before, commit)
    assert bid_of(SYSTEM.view(after, perspective), "Al") == sees
    assert SYSTEM.redact(before, commit, perspective) == {"type": "BidCommitted", "player": "Al", "card": sees}
    if sees == "committed":
        # Nothing tells a 9 from a 10: the hand still holds the card, as at the table.
        other = BidCommitted(player="Al", card="10H")
        assert SYSTEM.view(after, perspective) == SYSTEM.view(SYSTEM.evolve(before, other), perspective)
        assert SYSTEM.redact(before, commit, perspective) == SYSTEM.redact(before, other, perspective)
        assert SYSTEM.describe(before, commit, perspective=perspective) == SYSTEM.describe(before, other, perspective=perspective)
        assert SYSTEM.describe(before, commit, perspective=perspective) == "Al commits a sealed bid"
    else:
        assert SYSTEM.describe(before, commit, perspective=perspective) == "Al commits a sealed bid: the 9 of hearts"


def test_a_commit_is_described_without_its_card_by_default(table):
    """A caller that does not say who reads gets the spectator's words."""
    before = table.state(["up 7C"])
    line = SYSTEM.describe(before, BidCommitted(player="Al", card="9H"))
    assert line == "Al commits a sealed bid"
    assert "9" not in line and "heart" not in line


def test_the_reveal_shows_every_card_to_everyone(table):
    before = table.state(["up 7C", "commit Al 9H", "commit Betty QS"])
    reveal = BidsRevealed(bids=(Bid(player="Al", card="9H"), Bid(player="Betty", card="QS")))
    after = SYSTEM.evolve(before, reveal)
    view = SYSTEM.view(after, SPECTATOR)
    assert view["history"] == [
        {"district": "7C", "bids": [{"player": "Al", "card": "9H"}, {"player": "Betty", "card": "QS"}],
         "winner": "Betty", "card": "QS", "step": 5}
    ]
    assert [p["bid"] for p in view["players"]] == [None, None]
    assert SYSTEM.redact(before, reveal, SPECTATOR) == msgspec.to_builtins(reveal)
    assert SYSTEM.describe(before, reveal) == (
        f"Al shows {card_name('9H')}, Betty shows {card_name('QS')}: Betty wins district {short('7C')}"
    )


def test_the_view_shape(table):
    state = table.state(["round 7C Al 9H Betty 9S", "round 2C Al 2H Betty 3S", "up AC"])
    view = SYSTEM.view(state, SPECTATOR)
    assert (view["step"], view["round"], view["rounds"], view["up"], view["draw_pile"], view["finished"]) == (6, 3, 13, "AC", 10, False)
    assert [(p["player"], p["suit"], len(p["hand"]), p["districts_won"]) for p in view["players"]] == [
        ("Al", "H", 11, 0),
        ("Betty", "S", 11, 1),
    ]
    districts = {d["district"]: d for region in view["board"]["regions"] for d in region["districts"]}
    assert districts["7C"] == {"district": "7C", "status": "neutral", "winner": None, "card": None}
    assert districts["2C"] == {"district": "2C", "status": "won", "winner": "Betty", "card": "3S"}
    assert districts["AC"]["status"] == "up"
    assert districts["KC"]["status"] == "open"
    assert view["board"]["reconstruction"] is True
    msgspec.json.encode(view)


def test_descriptions(table):
    state = table.state(["round 7C Al 9H Betty 9S"])
    assert SYSTEM.describe(state, DistrictRevealed(district="AC")) == "Round 2: district A♣ in Capital is up for bid"
    up = table.state(["round 7C Al 9H Betty 9S", "up AC"])
    tie = BidsRevealed(bids=(Bid(player="Al", card="10H"), Bid(player="Betty", card="10S")))
    assert SYSTEM.describe(up, tie).endswith("a tie: district A♣ stays neutral")
    created = SYSTEM.start(table.setup())
    assert SYSTEM.describe(SYSTEM.initial(created), created) == (
        "Presidential Bid on the Recount default board (a reconstruction): Al holds the hearts, Betty holds the spades"
    )


def test_the_reveal_a_sealed_round_calls_for(table):
    """Sealed bids: once every player has committed, the reveal is the committed cards."""
    from domain.bid.state import reveal_due

    assert reveal_due(table.state(["up 7C"])) is None
    assert reveal_due(table.state(["up 7C", "commit Betty QS"])) is None
    state = table.state(["up 7C", "commit Betty QS", "commit Al 9H"])
    due = reveal_due(state)
    assert table.refusal(state, "show " + " ".join(f"{b.player} {b.card}" for b in due.bids)) is None
    assert {(b.player, b.card) for b in due.bids} == {("Al", "9H"), ("Betty", "QS")}


# Each region's result in the view is the tally's (domain/bid/tally.py), given so far
# while the region is played: (winner, by, depth, how, final) for the region named.
RESULT_ROWS = [
    pytest.param([], "North", (None, "neutral", 0, "", False), id="no district drawn: open, nobody leads"),
    pytest.param(["up 2C"], "North", (None, "neutral", 0, "", False), id="a district up for bid decides nothing yet"),
    pytest.param(["round 2C Al 9H Betty 3S"], "North", ("Al", "districts", 0, "most districts", False), id="so far: Al leads North on districts"),
    pytest.param(
        ["round 2C Al 9H Betty 3S", "round 3C Al 2H Betty 4S", "round 4C Al KH Betty 5S", "round 5C Al 3H Betty QS"],
        "North", ("Al", "card", 1, "highest card", True), id="tally: a tie on districts, the highest card wins",
    ),
    pytest.param(
        ["round 2C Al KH Betty 3S", "round 3C Al 2H Betty KS", "round 4C Al 5H Betty 4S", "round 5C Al 3H Betty 6S"],
        "North", ("Betty", "card", 2, "second highest card", True), id="tally: a tie on the highest card, the second decides",
    ),
    pytest.param(["round 9C Al KH Betty 2S", "round 10C Al 2H Betty KS"], "East", (None, "neutral", 0, "tied", True), id="tally: the cards the same, the region remains neutral"),
    pytest.param(["round KC Al 5H Betty 5S"], "Coast", (None, "neutral", 0, "", True), id="play: its one district tied, nobody won the region"),
    pytest.param(["round AC Al 2H Betty 3S"], "Capital", ("Betty", "districts", 0, "most districts", True), id="tally: Betty won the Capital's one district"),
]


@pytest.mark.parametrize(("given", "region", "expected"), RESULT_ROWS)
def test_a_regions_result_in_the_view(table, given, region, expected):
    state = table.state(given)
    shown = {r["name"]: r["result"] for r in SYSTEM.view(state, SPECTATOR)["board"]["regions"]}[region]
    assert (shown["winner"], shown["by"], shown["depth"], shown["how"], shown["final"]) == expected
    tallied = {r["region"]: r for r in SYSTEM.standings(state).details["regions"]}[region]
    assert (shown["rule"], shown["sentence"]) == (tallied["rule"], tallied["sentence"])


def test_the_view_gives_the_tallys_results_at_every_step_of_every_fixture():
    """Whatever the game and the step, each region's result in every perspective's
    view is the standings' (winner, rule, depth), final once all its districts are bid
    for. The ruleset counts: the all-cards preset's third card is the tally's too."""
    for path in FILES:
        _, system, created, actions = load(path)
        state = system.initial(created)
        perspectives = [SPECTATOR, EVERYONE] + [Perspective("seat", p) for p in system.players(state)]
        for action in actions:
            state = system.evolve(state, action)
            tallied = system.standings(state).details["regions"]
            views = [system.view(state, p)["board"]["regions"] for p in perspectives]
            for regions in views:
                assert [r["result"] for r in regions] == [r["result"] for r in views[0]]
                for region, result in zip(regions, tallied, strict=True):
                    shown = region["result"]
                    assert (shown["winner"], shown["by"], shown["depth"], shown["rule"]) == (
                        result["winner"], result["by"], result["depth"], result["rule"])
                    assert shown["final"] == all(d["status"] in ("won", "neutral") for d in region["districts"])
