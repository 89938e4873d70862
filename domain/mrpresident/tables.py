"""The advanced game's printed tables as data: the Candidate card decks, the Fund
Raising Chart, the debate issues and table, the incumbent's built-in edges.

The real cards, the back of the Tally Board and the storage box lid are not
published (../shared/data/mr-president/README.md), so every default here is a
RECONSTRUCTION, except what the rules text itself states (quoted where used):
the Fund Raising example (21–27 electorals, a roll of 8, rating 3 → $3 million)
and the debate numbers of ratings 4 and 2. The Advertising Cost of each state is
on the board (`StateEntry.advertising_cost`, itself a reconstruction). A match may
bring its own tables (typed in from the real game): they are validated and, like
the defaults, embedded in the match's first event.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.mrpresident import rules_advanced, rules
from domain.mrpresident.board import PARTIES, Board
from domain.protocol import IllegalAction

DICE_SUMS = range(2, 13)
RATINGS = (1, 2, 3)  # “Your rating will be 1, 2 or 3.”
MOST_RISKED = 4  # “No player may risk more than four Ballots.”


class CandidateCard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A Candidate Card as it lies on the table (Illustration I)."""

    name: str
    home_state: str
    issues: list[str] = []
    office: str = ""  # e.g. "Senator from"
    campaign_ability: int
    financial_support: int
    press_support: int
    fund_raising: int
    advertising: int
    effective_total: int

    @property
    def ratings_sum(self) -> int:
        return self.campaign_ability + self.financial_support + self.press_support + self.fund_raising + self.advertising


class FundRaisingSection(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One section of the Fund Raising Chart: states of `least`..`most` electoral
    votes; per dice sum ("2".."12") the $ millions for Fund Raising ratings 1, 2, 3."""

    least: int
    most: int
    amounts: dict[str, list[int]]


class AdvancedTables(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str
    candidates: dict[str, list[CandidateCard]]  # per party ("Republican", "Democratic")
    issues: list[str]
    fund_raising: list[FundRaisingSection]
    debate_wins: dict[str, list[int]]  # Debate rating ("1".."4") -> the winning dice sums
    debate_least_risk: dict[str, int]  # the opponent's Debate rating -> the fewest Ballots he risks
    incumbent_edges: dict[str, dict[str, int]]  # incumbent party -> state -> votes (+ Democrats, - Republicans)
    notes: list[str] = []

    def fund_raising_amount(self, electoral_votes: int, dice_sum: int, rating: int) -> int | None:
        for section in self.fund_raising:
            if section.least <= electoral_votes <= section.most:
                return section.amounts[str(dice_sum)][min(max(rating, 1), 3) - 1]
        return None

    def debate_rating(self, card: CandidateCard) -> int:
        """“his Debate rating (equal to the number of issues he is identified with as
        shown on his Candidate card)”, within the table's ratings."""
        top = max(int(r) for r in self.debate_wins)
        return min(max(len(card.issues), 1), top)

    def card(self, party: int, name: str) -> CandidateCard | None:
        return next((c for c in self.candidates[PARTIES[party]] if c.name == name), None)


# RECONSTRUCTION: ten fictional candidates per party (a four-player party lays out
# 5 + 5, a two-player party 7). Ratings are Campaign Ability, Financial Support,
# Press Support, Fund Raising (1-3), Advertising; issues 1-4 (the Debate rating).
_ISSUES = [
    "Civil Rights",
    "Foreign Policy",
    "Space Program",
    "Balanced Budget",
    "Farm Policy",
    "Labor",
    "Medicare",
    "Education",
    "National Defense",
    "Tax Reform",
]
_DECKS = {
    "Republican": [
        ("Harlan Whitcomb", "Governor of", "NY", (8, 6, 4, 3, 5), (0, 1, 2, 3)),
        ("Margaret Ellery", "Senator from", "OH", (7, 5, 5, 2, 4), (3, 9)),
        ("Curtis Banning", "Senator from", "CA", (7, 7, 3, 3, 3), (1, 8, 9)),
        ("Lyle Thorvald", "Governor of", "MN", (6, 4, 4, 2, 4), (4,)),
        ("Prescott Hale", "Senator from", "PA", (8, 5, 3, 1, 5), (0, 6)),
        ("Eugene Marchetti", "Governor of", "MI", (6, 6, 5, 2, 2), (5, 7, 9)),
        ("Ruth Vandermeer", "Senator from", "IL", (7, 3, 4, 3, 4), (2, 3)),
        ("Owen Carraway", "Governor of", "TX", (5, 8, 2, 3, 3), (1, 4, 8, 9)),
        ("Dwight Saltonstall", "Senator from", "MA", (6, 5, 5, 1, 3), (7,)),
        ("Ansel Brightwater", "Governor of", "AZ", (7, 4, 3, 2, 5), (1, 3, 8)),
    ],
    "Democratic": [
        ("Thomas Rourke", "Senator from", "MA", (8, 5, 5, 3, 4), (0, 1, 6, 7)),
        ("Lucille Barrow", "Governor of", "CA", (7, 6, 4, 2, 5), (2, 7)),
        ("Henry Castellano", "Senator from", "TX", (7, 7, 3, 3, 3), (4, 5, 9)),
        ("Walter Kinsey", "Senator from", "MN", (6, 4, 5, 2, 3), (5,)),
        ("Francis O'Day", "Governor of", "NY", (8, 5, 3, 1, 5), (0, 6)),
        ("Edna Pruitt", "Senator from", "MO", (6, 6, 4, 2, 2), (4, 6, 9)),
        ("Carl Hollister", "Governor of", "PA", (7, 3, 4, 3, 4), (3, 5)),
        ("Jesse Langford", "Senator from", "GA", (5, 8, 2, 3, 3), (1, 4, 8, 9)),
        ("Ida Marlowe", "Governor of", "WA", (6, 5, 5, 1, 3), (2,)),
        ("Samuel Okafor", "Senator from", "IL", (7, 4, 3, 2, 5), (0, 7, 8)),
    ],
}


def _card(name: str, office: str, home: str, ratings: tuple[int, ...], issues: tuple[int, ...]) -> CandidateCard:
    ability, financial, press, fund_raising, advertising = ratings
    return CandidateCard(
        name=name,
        home_state=home,
        issues=[_ISSUES[i] for i in issues],
        office=office,
        campaign_ability=ability,
        financial_support=financial,
        press_support=press,
        fund_raising=fund_raising,
        advertising=advertising,
        effective_total=sum(ratings),
    )


def _fund_raising_chart() -> list[FundRaisingSection]:
    """RECONSTRUCTION: five sections by electoral votes; rating - 1, plus one from
    21 electorals up, minus one on the rarest rolls (2, 3, 11, 12), never below 0.
    The text's example holds: 21-27 electorals, a roll of 8, rating 3 → 3."""
    sections = [(3, 6, 0), (7, 12, 0), (13, 20, 0), (21, 27, 1), (28, 99, 1)]
    return [
        FundRaisingSection(
            least=least,
            most=most,
            amounts={str(d): [max(0, r - 1 + bonus - (d in (2, 3, 11, 12))) for r in RATINGS] for d in DICE_SUMS},
        )
        for least, most, bonus in sections
    ]


INCUMBENT_SHIFT = 2000  # RECONSTRUCTION: the incumbent's party gains this many votes of edge in every state
# RECONSTRUCTION: the incumbent's edge where the shift leaves none (the challenger's edge was
# INCUMBENT_SHIFT): mr-president.md § ELECTION TALLY: “One party will have the built-in edge in the state”.
INCUMBENT_EDGE_AT_ZERO = 500


def incumbent_edges(board: Board) -> dict[str, dict[str, int]]:
    """RECONSTRUCTION of the storage box lid: the board's edge moved INCUMBENT_SHIFT
    votes toward the incumbent's party in every state; where that comes to no edge,
    the incumbent holds INCUMBENT_EDGE_AT_ZERO (one party holds an edge in every state)."""
    found: dict[str, dict[str, int]] = {}
    for party in PARTIES:
        toward = 1 if party == "Democratic" else -1
        edges = {}
        for region in board.regions:
            for entry in region.states:
                signed = entry.edge_votes * (1 if entry.edge_party == "Democratic" else -1)
                edges[entry.abbr] = signed + toward * INCUMBENT_SHIFT or toward * INCUMBENT_EDGE_AT_ZERO
        found[party] = edges
    return found


def default_tables(board: Board) -> AdvancedTables:
    return AdvancedTables(
        name="reconstruction",
        candidates={party: [_card(*row) for row in rows] for party, rows in _DECKS.items()},
        issues=list(_ISSUES),
        fund_raising=_fund_raising_chart(),
        # Ratings 4 and 2 are the text's (DEBATE 5); 1 and 3 are the reconstruction's.
        debate_wins={"1": [6], "2": [4, 10], "3": [5, 9, 12], "4": [2, 3, 8, 11]},
        # The text: “an opponent with a rating of 4 must risk at least three Ballots”;
        # RECONSTRUCTION for the other ratings: one fewer than the rating, at least one.
        debate_least_risk={"1": 1, "2": 1, "3": 2, "4": 3},
        incumbent_edges=incumbent_edges(board),
        notes=[
            "RECONSTRUCTION: the Candidate cards, the Fund Raising Chart (except the text's example), the issues, "
            "the debate numbers of ratings 1 and 3, the opponent's fewest risked Ballots for ratings 1-3 and the "
            "incumbent's edges are invented; the real ones are not published.",
        ],
    )


def from_data(data: dict[str, Any], board: Board) -> AdvancedTables:
    try:
        tables = msgspec.convert(data, AdvancedTables)
    except msgspec.ValidationError as error:
        raise IllegalAction(f"the advanced tables are not readable: {error}", rules.ADVANCED) from None
    validate(tables, board)
    return tables


def validate(tables: AdvancedTables, board: Board) -> None:
    """Raise IllegalAction unless the tables can answer every question the advanced
    rules ask: ten or more cards per party with home states on the board, Effective
    Totals that are the “sum of all ratings”, Fund Raising ratings 1-3, issues of the
    list; a Fund Raising amount for every state's electoral votes and every roll;
    debate numbers for every Debate rating; an incumbent edge in every state, held by
    one party (not 0)."""
    states = {e.abbr: e for r in board.regions for e in r.states}
    for party in PARTIES:
        cards = tables.candidates.get(party, [])
        if len(cards) < 7 or len({c.name for c in cards}) != len(cards):
            raise IllegalAction(f"the {party} deck needs at least seven Candidate cards with distinct names", rules_advanced.NOMINATION_TWO)
        for card in cards:
            if card.home_state not in states:
                raise IllegalAction(f"{card.name}'s home state {card.home_state!r} is not on the board", rules.CANDIDATES)
            if card.effective_total != card.ratings_sum:
                raise IllegalAction(f"{card.name}'s Effective Total is not the sum of the ratings", rules.EFFECTIVE_TOTAL)
            if card.fund_raising not in RATINGS:
                raise IllegalAction(f"{card.name}'s Fund Raising rating must be 1, 2 or 3", rules_advanced.FUND_CHART)
            if card.campaign_ability < 1 or min(card.financial_support, card.press_support, card.advertising) < 0:
                raise IllegalAction(f"{card.name}'s ratings must not be negative", rules.HAND)
            unknown = [i for i in card.issues if i not in tables.issues]
            if unknown or not card.issues:
                raise IllegalAction(f"{card.name} needs issues from the list (not {unknown})", rules_advanced.DEBATE_RATING)
    for entry in states.values():
        for dice in DICE_SUMS:
            for rating in RATINGS:
                amount = tables.fund_raising_amount(entry.electoral_votes, dice, rating)
                if amount is None or amount < 0:
                    raise IllegalAction(f"the Fund Raising Chart has no amount for {entry.name} ({entry.electoral_votes} electorals)", rules_advanced.FUND_CHART)
        for party in PARTIES:
            if entry.abbr not in tables.incumbent_edges.get(party, {}):
                raise IllegalAction(f"the incumbent's edges lack {entry.name}", rules_advanced.INCUMBENT_EDGE)
            if not tables.incumbent_edges[party][entry.abbr]:
                raise IllegalAction(f"the {party} incumbent's edges give {entry.name} none: one party holds one in every state", rules.EDGE_EVERY_STATE)
    ratings = {str(r) for r in range(1, max(int(r) for r in tables.debate_wins or {"0": []}) + 1)}
    if not tables.debate_wins or set(tables.debate_wins) != ratings or set(tables.debate_least_risk) != ratings:
        raise IllegalAction("the debate table needs winning numbers and the fewest risked Ballots for ratings 1 up", rules_advanced.DEBATE_ROLL)
    if any(not 0 <= n <= MOST_RISKED for n in tables.debate_least_risk.values()):
        raise IllegalAction("No player may risk more than four Ballots", rules_advanced.DEBATE_RISK)
    if any(not 2 <= n <= 12 for wins in tables.debate_wins.values() for n in wins):
        raise IllegalAction("a debate's winning numbers are dice sums, 2 to 12", rules_advanced.DEBATE_ROLL)
