"""Creating a match and the setup at the table: parties, tickets, the Undecided
Voter stack, who plays first (mr-president.md § SETUP and § PLAY)."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.mrpresident import board as boards
from domain.mrpresident import rules_advanced, rules
from domain.mrpresident.board import PARTIES
from domain.mrpresident.campaign import refill_all
from domain.mrpresident.events import (
    CandidateCard,
    FirstPlayerRolled,
    MatchCreated,
    PartiesDrawn,
    TicketChosen,
    UndecidedVotersSetAside,
)
from domain.mrpresident.ruleset import DEFAULT_PRESET, PRESETS, Ruleset
from domain.mrpresident.nomination import check_incumbent_ticket, check_nominated_ticket
from domain.mrpresident.state import Hand, MatchState, Seat, Ticket
from domain.mrpresident.tables import default_tables
from domain.mrpresident.tables import from_data as from_tables_data
from domain.mrpresident.tables import validate as validate_tables
from domain.option_bounds import check_limits
from domain.protocol import IllegalAction, MatchSetup

UNDECIDED_PER_CANDIDATE = 3
CANDIDATES = 4  # two per party, whether two or four play
ADVANCED_FLAGS = ("nomination", "advertising", "fund_raising", "debates", "incumbent", "incumbent_year")


def start(setup: MatchSetup) -> MatchCreated:
    """The match-created event: players, mode, the resolved ruleset and board."""
    players = list(setup.players)
    check_seats(players, setup.mode)
    options = dict(setup.options)
    own_tables = options.pop("tables", None)
    ruleset = resolve_ruleset(setup.preset or DEFAULT_PRESET, options)
    board = boards.from_data(setup.board) if setup.board is not None else boards.named(ruleset.board)
    if setup.board is None:
        boards.validate(board)
    if own_tables is not None and not isinstance(own_tables, dict):
        raise IllegalAction("the advanced tables are an object (see domain/mrpresident/tables.py)", rules.ADVANCED)
    tables = None
    if advanced(ruleset):
        tables = default_tables(board) if own_tables is None else from_tables_data(own_tables, board)
        validate_tables(tables, board)
    check_incumbent_rules(ruleset, setup.mode, tables)
    return MatchCreated(
        ruleset=replace(ruleset, board=board.name),
        board=board,
        mode=setup.mode,
        players=players,
        preset=setup.preset or DEFAULT_PRESET,
        title=setup.title,
        tables=tables,
    )


def check_created(created: MatchCreated) -> None:
    """What `start` checks, of the event: the players and mode, the ruleset (as recorded), the board, the
    advanced tables (there when, and only when, a part of the advanced game is on), the incumbent year."""
    check_seats(created.players, created.mode)
    check_ruleset(created.ruleset)
    boards.validate(created.board)
    if advanced(created.ruleset) != (created.tables is not None):
        raise IllegalAction("the advanced tables come with the advanced game, and only with it", rules.ADVANCED)
    if created.tables is not None:
        validate_tables(created.tables, created.board)
    check_incumbent_rules(created.ruleset, created.mode, created.tables)


def check_seats(players: list[str], mode: str | None) -> None:
    """mr-president.md: two or four players, each a name of their own; the votes are tallied by the popular or
    the electoral vote."""
    if len(players) not in (2, 4) or len(set(players)) != len(players) or not all(player.strip() for player in players):
        raise IllegalAction(f"Mr. President needs 2 or 4 players with distinct names, not {players}", rules.PLAYERS)
    if mode not in ("popular", "electoral"):
        raise IllegalAction(f"choose mode 'popular' or 'electoral' (got {mode!r})", rules.MODE)


def advanced(ruleset: Ruleset) -> bool:
    """Whether any part of the advanced game is on (it plays with the advanced tables)."""
    return any(getattr(ruleset, flag) for flag in ADVANCED_FLAGS)


def check_incumbent_rules(ruleset: Ruleset, mode: str | None, tables) -> None:
    """The incumbent (a second game) and the incumbent year (two games) are electoral, and not both."""
    if ruleset.incumbent:
        check_incumbent_setup(ruleset, mode, tables)
    if ruleset.incumbent_year and mode != "electoral":
        raise IllegalAction("the incumbent year is played for electoral votes only", rules_advanced.INCUMBENT_ELECTORAL)
    if ruleset.incumbent_year and ruleset.incumbent:
        raise IllegalAction("a two-game incumbent year elects its incumbent in its first game: name none", rules_advanced.INCUMBENT_ELECTORAL)


def check_incumbent_setup(ruleset: Ruleset, mode: str | None, tables) -> None:
    """mr-president.md § INCUMBENT YEAR (Electoral Vote Tally only): “The first game
    is played in the usual manner using the electoral vote tally.” The second game
    names the elected President's card from the incumbent party's deck."""
    if mode != "electoral":
        raise IllegalAction("the incumbent year is played for electoral votes only", rules_advanced.INCUMBENT_ELECTORAL)
    if tables.card(PARTIES.index(ruleset.incumbent), ruleset.incumbent_president) is None:
        raise IllegalAction(
            f"name the elected President's card in the {ruleset.incumbent} deck (not {ruleset.incumbent_president!r})",
            rules_advanced.INCUMBENT_CARD,
        )


def resolve_ruleset(preset: str, options: dict) -> Ruleset:
    if preset not in PRESETS:
        raise IllegalAction(f"there is no preset {preset!r} (known: {', '.join(PRESETS)})", rules.OPTIONS)
    try:
        ruleset = msgspec.convert({**msgspec.to_builtins(PRESETS[preset]), **options}, Ruleset)
    except msgspec.ValidationError as error:
        raise IllegalAction(f"bad option: {error}", rules.OPTIONS) from None
    check_ruleset(ruleset)
    return ruleset


def check_ruleset(ruleset: Ruleset) -> None:
    """Each option within its bounds, and more Ballot cards than the three Undecided cards removed."""
    check_limits(ruleset, rules.OPTIONS)
    if ruleset.ballot_deck_size <= UNDECIDED_PER_CANDIDATE:
        raise IllegalAction("a Ballot deck must hold more than the three cards removed", rules.UNDECIDED)


def initial(created: MatchCreated) -> MatchState:
    return MatchState(step=1, created=created, board=boards.index(created.board))


def check_parties_drawn(state: MatchState, event: PartiesDrawn) -> None:
    """mr-president.md § SETUP: “Party affiliation is determined by lot or dice roll.”
    Every player in exactly one party, one or two each (two or four players)."""
    if state.party_of:
        raise IllegalAction("the parties are already drawn", rules.PARTY_LOT)
    named = event.republican + event.democratic
    size = len(state.players) // 2
    if sorted(named) != sorted(state.players) or len(event.republican) != size:
        raise IllegalAction(
            f"each party takes {size} of the players {', '.join(state.players)}, each player one party", rules.PARTY_LOT
        )


def evolve_parties_drawn(state: MatchState, event: PartiesDrawn) -> MatchState:
    party_of = tuple(0 if name in event.republican else 1 for name in state.players)
    return replace(state, party_of=party_of)


def check_card(state: MatchState, card: CandidateCard) -> None:
    """mr-president.md § SETUP (Illustration I): the Effective Total is the “sum of
    all ratings”; the home state is a state of the board; Campaign Ability is the
    number of cards held, so at least one."""
    if card.home_state not in state.board.by_abbr:
        raise IllegalAction(f"{card.name}'s home state {card.home_state!r} is not on the board", rules.CANDIDATES)
    if card.effective_total != card.ratings_sum:
        raise IllegalAction(
            f"{card.name}'s Effective Total is {card.effective_total} but the ratings add up to {card.ratings_sum}",
            rules.EFFECTIVE_TOTAL,
        )
    if card.campaign_ability < 1 or min(card.financial_support, card.press_support, card.fund_raising, card.advertising) < 0:
        raise IllegalAction(f"{card.name}'s ratings must not be negative, Campaign Ability at least 1", rules.HAND)


def check_ticket_chosen(state: MatchState, event: TicketChosen) -> None:
    """mr-president.md § SETUP: two Candidate Cards per party, “one in front of each of
    its players”; who runs for President is rolled for (four players) or chosen (two)."""
    if not state.party_of:
        raise IllegalAction("draw the parties before the candidates", rules.PARTY_LOT)
    if event.party not in PARTIES:
        raise IllegalAction(f"there is no {event.party!r} party", rules.PARTY_LOT)
    party = PARTIES.index(event.party)
    if state.tickets[party] is not None:
        raise IllegalAction(f"the {event.party} ticket is already chosen", rules.CANDIDATES)
    members = [name for name, p in zip(state.players, state.party_of) if p == party]
    if state.four:
        if sorted([event.president_player, event.vice_president_player]) != sorted(members):
            raise IllegalAction(
                f"{' and '.join(members)} each run: one for President, the other for Vice President", rules.TICKET_FOUR
            )
    elif {event.president_player, event.vice_president_player} - {"", members[0]}:
        raise IllegalAction(f"{members[0]} plays both {event.party} candidates", rules.TICKET_TWO)
    check_card(state, event.president)
    check_card(state, event.vice_president)
    if state.incumbent()[0]:
        check_incumbent_ticket(state, event)
    elif state.created.ruleset.nomination:
        check_nominated_ticket(state, event)
    if (event.settled or event.dice) and not (state.created.ruleset.nomination and not state.incumbent()[0]):
        raise IllegalAction("how a nomination was settled is recorded only with Nomination on", rules.ADVANCED)


def evolve_ticket_chosen(state: MatchState, event: TicketChosen) -> MatchState:
    party = PARTIES.index(event.party)
    members = [name for name, p in zip(state.players, state.party_of) if p == party]
    ticket = Ticket(
        president=event.president,
        vice_president=event.vice_president,
        president_player=event.president_player or members[0],
        vice_president_player=event.vice_president_player or members[-1],
        step=state.step,
    )
    tickets = (ticket, state.tickets[1]) if party == 0 else (state.tickets[0], ticket)
    # ADVERTISING 1: “add the Financial Support ratings of both your candidates”.
    funds = event.president.financial_support + event.vice_president.financial_support if state.created.ruleset.advertising else 0
    funded = (funds, state.funds[1]) if party == 0 else (state.funds[0], funds)
    return replace(state, tickets=tickets, funds=funded)


def check_undecided_set_aside(state: MatchState, event: UndecidedVotersSetAside) -> None:
    """mr-president.md § SETUP: “Each candidate shuffles his Ballot deck and removes
    three cards. The twelve removed cards ... become the Undecided Voter stack.”"""
    if state.undecided_formed:
        raise IllegalAction("the Undecided Voter stack is already formed", rules.UNDECIDED)
    if event.count != UNDECIDED_PER_CANDIDATE * CANDIDATES:
        raise IllegalAction(f"the Undecided Voter stack starts with 12 Ballots, not {event.count}", rules.UNDECIDED)


def evolve_undecided_set_aside(state: MatchState, event: UndecidedVotersSetAside) -> MatchState:
    return replace(state, undecided=event.count, undecided_formed=True)


def check_first_player(state: MatchState, event: FirstPlayerRolled) -> None:
    """mr-president.md § PLAY: “The two presidential candidates roll the dice to
    determine who will play first.” Needs parties, tickets and the Undecided stack."""
    if state.phase != "setup":
        raise IllegalAction("the campaign has already begun", rules.FIRST_PLAYER)
    if None in state.tickets or not state.undecided_formed:
        raise IllegalAction("choose both tickets and set aside the Undecided Voters first", rules.FIRST_PLAYER)
    presidents = [t.president_player for t in state.tickets]  # type: ignore[union-attr]
    if event.player not in presidents:
        raise IllegalAction(f"only the presidential candidates ({' and '.join(presidents)}) roll to play first", rules.FIRST_PLAYER)
    if event.dice:
        totals = {name: sum(d) for name, d in event.dice.items()}
        if set(totals) != set(presidents) or any(len(d) != 2 or not all(1 <= x <= 6 for x in d) for d in event.dice.values()):
            raise IllegalAction("record two dice for each presidential candidate", rules.FIRST_PLAYER)
        if sorted(totals.values())[-1] == sorted(totals.values())[0] or max(totals, key=totals.get) != event.player:
            raise IllegalAction(f"{event.player} did not roll higher", rules.FIRST_PLAYER)


def seats(state: MatchState) -> tuple[Seat, ...]:
    """Who plays which candidates; hand limit from Campaign Ability (the higher of two
    when two play), likewise Press Support."""
    found = []
    for seat, name in enumerate(state.players):
        party = state.party_of[seat]
        ticket = state.tickets[party]
        assert ticket is not None
        offices = tuple(o for o, who in (("P", ticket.president_player), ("VP", ticket.vice_president_player)) if who == name)
        cards = tuple(ticket.president if o == "P" else ticket.vice_president for o in offices)
        partner = next((s for s, p in enumerate(state.party_of) if p == party and s != seat), None)
        found.append(
            Seat(
                name=name,
                party=party,
                offices=offices,
                cards=cards,
                deck_seal=offices[0] if len(offices) == 1 else "either",
                partner=partner,
                hand_limit=max(c.campaign_ability for c in cards),
                press_support=max(c.press_support for c in cards),
            )
        )
    return tuple(found)


def play_order(state: MatchState, table: tuple[Seat, ...], first: int) -> tuple[int, ...]:
    """Two players alternate; four play President, President, Vice President, Vice
    President, the first player's running mate third."""
    other = next(s for s, seat in enumerate(table) if seat.party != table[first].party and "P" in seat.offices)
    if not state.four:
        return (first, other)
    return (first, other, table[first].partner, table[other].partner)  # type: ignore[return-value]


def evolve_first_player(state: MatchState, event: FirstPlayerRolled) -> MatchState:
    table = seats(state)
    first = state.seat_of(event.player)
    assert first is not None
    deck = state.created.ruleset.ballot_deck_size - UNDECIDED_PER_CANDIDATE
    n = len(table)
    begun = replace(
        state,
        phase="campaign",
        seats=table,
        order=play_order(state, table, first),
        at=0,
        hands=(Hand(),) * n,
        decks=tuple(deck * len(seat.offices) for seat in table),
        record=((0,) * len(state.board.places),) * 2,
        absentee=((0,) * len(state.board.places),) * 2,
        lost_turns=(0,) * n,
        extra_turns=(0,) * n,
        counted=(0,) * len(state.board.board.regions),
        tallied=(None,) * len(state.board.places),
    )
    return refill_all(begun, first)
