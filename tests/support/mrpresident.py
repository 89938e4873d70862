"""Building match states for the rule tables: a standard table, then events."""

from __future__ import annotations

from domain.fold import record
from domain.mrpresident import SYSTEM
from domain.mrpresident import events as ev
from domain.mrpresident.state import MatchState
from domain.protocol import MatchSetup

FOUR = ["Al", "Betty", "Carl", "Dot"]
TWO = ["Al", "Betty"]


def card(name: str, home: str, ability: int = 7, press: int = 4, issues: tuple[str, ...] = ("Space Program",)) -> ev.CandidateCard:
    ratings = dict(campaign_ability=ability, financial_support=8, press_support=press, fund_raising=3, advertising=5)
    return ev.CandidateCard(name=name, home_state=home, issues=list(issues), effective_total=sum(ratings.values()), **ratings)


SANDERS = card("Peter J. Sanders", "KY", 7, 4, ("Space Program", "Foreign Policy", "Balanced Budget"))
HALE = card("Ruth Hale", "OH", 6, 3, ("Civil Rights",))
MORROW = card("James Morrow", "TX", 8, 5, ("Farm Policy",))
LINDQVIST = card("Anna Lindqvist", "MN", 5, 2, ("Labor", "Civil Rights"))


def setup_events(players: list[str]) -> list:
    if len(players) == 4:
        return [
            ev.PartiesDrawn(republican=["Al", "Carl"], democratic=["Betty", "Dot"]),
            ev.TicketChosen(party="Republican", president=SANDERS, vice_president=HALE, president_player="Al", vice_president_player="Carl"),
            ev.TicketChosen(party="Democratic", president=MORROW, vice_president=LINDQVIST, president_player="Betty", vice_president_player="Dot"),
            ev.UndecidedVotersSetAside(count=12),
            ev.FirstPlayerRolled(player="Al"),
        ]
    return [
        ev.PartiesDrawn(republican=["Al"], democratic=["Betty"]),
        ev.TicketChosen(party="Republican", president=SANDERS, vice_president=HALE),
        ev.TicketChosen(party="Democratic", president=MORROW, vice_president=LINDQVIST),
        ev.UndecidedVotersSetAside(count=12),
        ev.FirstPlayerRolled(player="Al"),
    ]


def created(players: list[str] = FOUR, mode: str = "popular", **options) -> ev.MatchCreated:
    return SYSTEM.start(MatchSetup(system="mrpresident", players=players, mode=mode, options=options))


def given(*events, players: list[str] = FOUR, mode: str = "popular", setup: bool = True, **options) -> MatchState:
    """The state after the standard setup (unless `setup=False`) and `events`, each checked."""
    state = SYSTEM.initial(created(players, mode, **options))
    return record(SYSTEM, state, (setup_events(players) if setup else []) + list(events))


def roll(player: str, region: str | list[str], a: int, b: int) -> ev.DiceRolled:
    return ev.DiceRolled(player=player, regions=[region] if isinstance(region, str) else region, dice=[a, b])


def ballot(state: str, seal: str = "P", votes: int | None = 5, home: bool = False) -> ev.Ballot:
    return ev.Ballot(seal=seal, state=state, votes=votes, home_state_card=home)


def cast(player: str, *states: str, seal: str = "P", votes: int | None = 5) -> ev.BallotsCast:
    return ev.BallotsCast(player=player, ballots=[ballot(s, seal, votes) for s in states])


def turn(player: str, region: str, a: int, b: int, *states: str, seal: str = "P") -> list:
    return [roll(player, region, a, b), cast(player, *states, seal=seal)]


def cards_in_play(state) -> int:
    """Every Ballot card is somewhere: a hand, a deck, the Undecided stack, the Ballot
    Box, or set aside as an unused Absentee Ballot."""
    set_aside = sum(state.absentee_due[p] for p in (0, 1) if state.absentee_steps[p]) - sum(
        1 for b in state.ballots if b.how == "absentee"
    )
    return sum(h.total for h in state.hands) + sum(state.decks) + state.undecided + len(state.ballots) + set_aside
