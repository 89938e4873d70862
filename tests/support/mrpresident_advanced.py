"""The advanced game's setup for rule tables and worked examples (mr-president.md § ADVANCED
GAME): four players, the reconstructed decks; Republicans Al (President, Harlan Whitcomb)
and Carl (VP, Margaret Ellery), Democrats Betty (President, Thomas Rourke) and Dot (VP,
Lucille Barrow); Al plays first. Builders of the advanced game's actions."""

from __future__ import annotations

from domain.fold import record
from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.mrpresident.board import named
from domain.mrpresident.tables import default_tables
from domain.protocol import IllegalAction, MatchSetup
from tests.domain.harness import Case
from tests.support.mrpresident import FOUR, ballot, cast, roll


OK = "accepted"


TABLES = default_tables(named("1964"))


REP = [c.name for c in TABLES.candidates["Republican"]]


DEM = [c.name for c in TABLES.candidates["Democratic"]]


def rep(name: str) -> ev.CandidateCard:
    return next(c for c in TABLES.candidates["Republican"] if c.name == name)


def dem(name: str) -> ev.CandidateCard:
    return next(c for c in TABLES.candidates["Democratic"] if c.name == name)


NOMINATION = [
    ev.PartiesDrawn(republican=["Al", "Carl"], democratic=["Betty", "Dot"]),
    ev.CandidatesLaidOut(player="Al", cards=REP[:5]),
    ev.CandidatesLaidOut(player="Carl", cards=REP[5:]),
    ev.CandidatesLaidOut(player="Betty", cards=DEM[:5]),
    ev.CandidatesLaidOut(player="Dot", cards=DEM[5:]),
    ev.CandidatePicked(player="Al", card="Harlan Whitcomb"),
    ev.CandidatePicked(player="Carl", card="Eugene Marchetti"),
    ev.CandidatePicked(player="Betty", card="Thomas Rourke"),
    ev.CandidatePicked(player="Dot", card="Edna Pruitt"),
]


TICKETS = [
    ev.TicketChosen(party="Republican", president=rep("Harlan Whitcomb"), vice_president=rep("Margaret Ellery"), president_player="Al", vice_president_player="Carl", settled="effective total"),
    ev.TicketChosen(party="Democratic", president=dem("Thomas Rourke"), vice_president=dem("Lucille Barrow"), president_player="Betty", vice_president_player="Dot", settled="effective total"),
]


SETUP = [*NOMINATION, *TICKETS, ev.UndecidedVotersSetAside(count=12), ev.FirstPlayerRolled(player="Al")]


def given_advanced(*events, players=FOUR, mode="electoral", setup=None, **options):
    created = SYSTEM.start(MatchSetup(system="mrpresident", players=players, mode=mode, preset="advanced", options=options))
    before = SETUP if setup is None else setup
    return record(SYSTEM, SYSTEM.initial(created), [*before, *events])


def outcome(state, action) -> str:
    try:
        SYSTEM.check(state, action)
    except IllegalAction as error:
        return error.rule.id
    SYSTEM.evolve(state, action)
    return OK


def row(id, given_events, action, expected, **kw) -> Case:
    """A row of a rule table (tests/domain/harness.py): `kw` goes to `given_advanced`."""
    return Case(id, given_events, action, expected, setup=kw)


def advertise(player, region, drawn, *states, seal="P"):
    return ev.Advertised(player=player, region=region, drawn=drawn, ballots=[ballot(s, seal) for s in states])


def funds(player, state, a, b, amount):
    return ev.FundsRaised(player=player, state=state, chart_dice=[a, b], amount=amount)


def raise_roll(player, region, a, b):
    return ev.DiceRolled(player=player, regions=[region], dice=[a, b], raising_funds=True)


def debate(player="Al", issue="Civil Rights", risked=("NY", "FL", "OH", "CA"), against=("PA", "TX", "IL"), dice=(4, 4, 1, 1), opponent_dice=(3, 4, 3, 4), seal="P", **kw):
    return ev.Debated(
        player=player,
        issue=issue,
        risked=[ballot(s, seal) for s in risked],
        opponent_risked=[ballot(s, seal) for s in against],
        dice=list(dice),
        opponent_dice=list(opponent_dice),
        **kw,
    )


# Betty, Carl and Dot each take a plain turn, so that Al plays again.
ROUND = [roll("Betty", "Southern", 1, 5), cast("Betty", "TX"), roll("Carl", "Southern", 1, 5), cast("Carl", "TX", seal="VP"), roll("Dot", "Southern", 1, 5), cast("Dot", "TX", seal="VP")]


PARTIES_DRAWN = [ev.PartiesDrawn(republican=["Al", "Carl"], democratic=["Betty", "Dot"])]


CHALLENGERS = ev.TicketChosen(party="Republican", president=rep(REP[3]), vice_president=rep(REP[8]), president_player="Carl", vice_president_player="Al")
