"""What the advanced game allows (mr-president.md § ADVANCED GAME, § DEBATE), built
on the checks' own helpers so that `allowed` agrees with `check`. Hints beyond
those choices.py describes:

- `hints["amount"] = {"field": "amount", "by": "chart_dice", "amounts": {sum: $}}`:
  Fund Raising: the amount is the Chart's for the sum of the dice picked.
- `hints["debate"] = {"regions": {region: [states]}, "risked": {...},
  "opponent_risked": {...}, "unrecorded": "risked"}`: each risked field takes
  `least`..`most` Ballots, at most one per region, seals within `seals`;
  `unrecorded` any of the states risked (every risked Ballot is cast by someone).
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.mrpresident.advertising import LEAST_FUNDS, ballots_drawn, cost_of, fund_raising_rating, lucky, open_fund_states
from domain.mrpresident.board import PARTIES
from domain.mrpresident.choices_cards_and_tally import BOTH_DICE, DIE, ballots_hint, ballots_pick, room, seal_caps
from domain.mrpresident.debate import card_identified
from domain.mrpresident.nomination import LAID_OUT, all_laid_out, partners
from domain.mrpresident.state import MatchState
from domain.mrpresident.tables import DICE_SUMS, MOST_RISKED
from domain.picks import field_path
from domain.protocol import Choice, Pick

OFFICES = {"P": "President", "VP": "Vice President"}


def card_value(card) -> dict:
    return msgspec.to_builtins(card)


def dice_pick(field: str, times: int, label: str) -> Pick:
    """Two dice per roll (“may roll the dice twice”: four dice, recorded in order)."""
    return Pick(field=field, among=DIE, least=2 * times, most=2 * times, limits={str(d): 2 * times for d in DIE}, label=label)


# NOMINATION


def nomination_choices(state: MatchState, party: int) -> list[Choice]:
    """mr-president.md § NOMINATION: cards laid out, each player's choice (four
    players), then the ticket: the nominee among the chosen (by agreement, a deal or
    the higher Effective Total), the running mate “from the remaining nine cards”;
    two players select both from their seven. A tie of Totals settled by dice is
    not listed (the dice and the nominee tie together)."""
    assert state.tables is not None
    members = partners(state, party)
    deck = [c.name for c in state.tables.candidates[PARTIES[party]]]
    taken = {n for m in members for n in state.laid_out.get(m, ())}
    found = []
    for member in members:
        if member not in state.laid_out:
            n = LAID_OUT[len(state.players)]
            free = [name for name in deck if name not in taken]
            if len(free) >= n:
                found.append(
                    Choice(
                        type="CandidatesLaidOut",
                        label=f"{member} lays out {n} Candidate cards",
                        player=member,
                        event={"type": "CandidatesLaidOut", "player": member},
                        picks=[Pick(field="cards", among=free, least=n, most=n, label="Candidate cards")],
                    )
                )
        elif state.four and member not in state.picked and all_laid_out(state):
            found.append(
                Choice(
                    type="CandidatePicked",
                    label=f"{member} chooses a candidate",
                    player=member,
                    event={"type": "CandidatePicked", "player": member},
                    picks=[Pick(field="card", among=list(state.laid_out[member]), label="Candidate")],
                )
            )
    if state.four and all(m in state.picked for m in members):
        found += four_player_tickets(state, party, members)
    if not state.four and members[0] in state.laid_out and all_laid_out(state):
        cards = [state.tables.card(party, n) for n in state.laid_out[members[0]]]
        for president in cards:
            found.append(ticket_choice(state, party, president, [c for c in cards if c is not president], {}))
    return found


def four_player_tickets(state: MatchState, party: int, members: list[str]) -> list[Choice]:
    assert state.tables is not None
    found = []
    for player in members:
        other = next(m for m in members if m != player)
        president = state.tables.card(party, state.picked[player])
        rival = state.tables.card(party, state.picked[other])
        nine = [state.tables.card(party, n) for m in members for n in state.laid_out[m] if n != president.name]
        ways = ["agreed", "deal"] + (["effective total"] if president.effective_total > rival.effective_total else [])
        for settled in ways:
            fields = {"president_player": player, "vice_president_player": other, "settled": settled}
            found.append(ticket_choice(state, party, president, nine, fields))
        if president.effective_total == rival.effective_total:
            found += dice_tickets(state, party, president, nine, player, other)
    return found


PAIRS = [[a, b] for a in range(1, 7) for b in range(1, 7)]


def dice_tickets(state: MatchState, party: int, president, nine: list, player: str, other: str) -> list[Choice]:
    """“if Totals are equal, dice are rolled”: one choice per winning total, since the
    two rolls are tied together (the winner's higher)."""
    found = []
    fields = {"president_player": player, "vice_president_player": other, "settled": "dice"}
    for total in range(3, 13):
        plain = ticket_choice(state, party, president, nine, fields)
        found.append(
            replace(
                plain,
                label=f"{plain.label}: {player} rolls {total}",
                picks=[
                    *plain.picks,
                    Pick(field=field_path("dice", player), among=[p for p in PAIRS if sum(p) == total], label=f"{player}'s dice"),
                    Pick(field=field_path("dice", other), among=[p for p in PAIRS if sum(p) < total], label=f"{other}'s dice"),
                ],
            )
        )
    return found


def ticket_choice(state: MatchState, party: int, president, mates: list, fields: dict) -> Choice:
    how = f" ({fields['settled']})" if fields.get("settled") else ""
    return Choice(
        type="TicketChosen",
        label=f"{president.name} for President{how}",
        event={"type": "TicketChosen", "party": PARTIES[party], "president": card_value(president), **fields},
        picks=[Pick(field="vice_president", among=[card_value(c) for c in mates], label="Running mate")],
    )


def incumbent_ticket_choices(state: MatchState, party: int) -> list[Choice]:
    """INCUMBENT YEAR: the challengers “may select their presidential and vice
    presidential candidates from any of their party's Candidate cards”; the incumbent,
    “after the challengers have nominated”, runs again with any running mate."""
    assert state.tables is not None
    office, president = state.incumbent()
    incumbent = PARTIES.index(office)
    cards = list(state.tables.candidates[PARTIES[party]])
    if party == incumbent:
        if state.tickets[1 - incumbent] is None:
            return []
        if state.in_office is not None:
            # The card he won with, which a basic first game may have brought from outside the deck.
            cards = [state.in_office, *(c for c in cards if c.name != president)]
        presidents = [c for c in cards if c.name == president]
    else:
        presidents = list(cards)
    members = partners(state, party)
    orders = [{"president_player": a, "vice_president_player": b} for a, b in ([members, members[::-1]] if state.four else [])] or [{}]
    return [
        ticket_choice(state, party, president, [c for c in cards if c is not president], fields)
        for president in presidents
        for fields in orders
    ]


# FUND RAISING


def announce_choices(state: MatchState, name: str) -> list[Choice]:
    """“At the beginning of your turn, announce your intention of raising funds and
    select a region.”"""
    if not state.created.ruleset.fund_raising:
        return []
    return [
        Choice(
            type="DiceRolled",
            label="Raise funds: choose a region and roll",
            player=name,
            event={"type": "DiceRolled", "player": name, "raising_funds": True},
            picks=[
                Pick(field="regions", among=list(state.board.by_region), least=1, most=1, label="Region"),
                Pick(field="dice", among=DIE, least=2, most=2, limits=BOTH_DICE, label="Dice"),
            ],
        )
    ]


def fund_raising_choices(state: MatchState, seat: int) -> list[Choice]:
    """“You must select one of these states in which to raise funds.” “Roll the dice
    again”; the amount is the Chart's. “A party may only raise funds once in a state.”"""
    assert state.tables is not None
    name = state.players[seat]
    places = open_fund_states(state, seat)
    if not places:
        return [Choice(type="FundsRaised", label="No state open to fund raising", player=name, event={"type": "FundsRaised", "player": name, "state": ""})]
    rating = fund_raising_rating(state, seat)
    found = []
    for place in places:
        entry = state.board.places[place].entry
        amounts = {str(d): state.tables.fund_raising_amount(entry.electoral_votes, d, rating) for d in DICE_SUMS}
        found.append(
            Choice(
                type="FundsRaised",
                label=f"Raise funds in {entry.name}",
                player=name,
                event={"type": "FundsRaised", "player": name, "state": entry.abbr},
                picks=[Pick(field="chart_dice", among=DIE, least=2, most=2, limits=BOTH_DICE, label="Dice for the Chart")],
                hints={"amount": {"field": "amount", "by": "chart_dice", "amounts": amounts}},
            )
        )
    return found


# ADVERTISING and DEBATE, on a roll of 7 or doubles


def lucky_turn_choices(state: MatchState, seat: int) -> list[Choice]:
    turn = state.turn
    assert turn is not None
    if not lucky(turn.dice):
        return []
    return [*advertising_choices(state, seat), *debate_choices(state, seat)]


def advertising_choices(state: MatchState, seat: int) -> list[Choice]:
    """ADVERTISING: “if you roll 7 or doubles and have at least $1 million”; Ballots
    drawn by the Advertising rating, cast in the region's states not advertised in,
    within the limits and what the opponent can replenish; each state's cost within
    the funds. States whose costs together exceed the funds are offered one by one."""
    party = state.seats[seat].party
    if not state.created.ruleset.advertising or state.funds[party] < LEAST_FUNDS:
        return []
    turn = state.turn
    assert turn is not None
    name = state.players[seat]
    drawn = ballots_drawn(state, seat)
    most = min(drawn, state.decks[state.opponent(seat)])
    found = []
    for region in turn.regions:
        region_name = state.board.board.regions[region].name
        base = {"type": "Advertised", "player": name, "region": region_name, "drawn": drawn}
        found.append(Choice(type="Advertised", label=f"Advertise in the {region_name} region: cast none", player=name, event=base))
        rooms = {}
        for place in state.board.region_states[region]:
            entry = state.board.places[place].entry
            left = min(room(state, party, place), most)
            if place not in state.advertised[party] and left > 0 and entry.advertising_cost <= state.funds[party]:
                rooms[entry.abbr] = left
        groups = [{abbr: n} for abbr, n in rooms.items()]
        if len(rooms) > 1 and cost_of(state, rooms) <= state.funds[party]:
            groups.append(rooms)
        for group in groups:
            found.append(
                Choice(
                    type="Advertised",
                    label=f"Advertise in {', '.join(group)}",
                    player=name,
                    event=base,
                    picks=[ballots_pick("Undecided Ballots cast", group, 1, min(most, sum(group.values())))],
                    hints=ballots_hint({"P": most, "VP": most}),
                )
            )
    return found


def debate_choices(state: MatchState, seat: int) -> list[Choice]:
    """DEBATE: “If you roll a 7 or doubles, you may use your turn to debate”; an issue
    not won before, the offices debating (two players choose); the challenger “must
    risk four Ballots from your hand”, the opponent by his Debate rating; each rolls,
    twice if identified with the issue."""
    if not state.created.ruleset.debates or state.hands[seat].total < MOST_RISKED:
        return []
    assert state.tables is not None
    name = state.players[seat]
    regions = {r.name: [e.abbr for e in r.states] for r in state.board.board.regions}
    won = state.issues_won()
    found = []
    for office in state.seats[seat].offices:
        opponent = state.opponent(seat) if state.four else 1 - seat
        mine = state.seats[seat].cards[state.seats[seat].offices.index(office)]
        theirs = state.seats[opponent].cards[state.seats[opponent].offices.index(office)]
        held = state.hands[opponent].total
        least = min(state.tables.debate_least_risk[str(state.tables.debate_rating(theirs))], held)
        hint = {
            "debate": {
                "regions": regions,
                "risked": {"least": MOST_RISKED, "most": MOST_RISKED, "seals": seal_caps(state.hands[seat])},
                "opponent_risked": {"least": least, "most": min(MOST_RISKED, held), "seals": seal_caps(state.hands[opponent])},
                "unrecorded": "risked",
            }
        }
        for issue in state.tables.issues:
            if issue in won:
                continue
            times = [2 if card_identified(card, issue) else 1 for card in (mine, theirs)]
            found.append(
                Choice(
                    type="Debated",
                    label=f"Debate {issue} ({OFFICES[office]} vs. {OFFICES[office]})",
                    player=name,
                    event={"type": "Debated", "player": name, "issue": issue, "office": office},
                    picks=[
                        dice_pick("dice", times[0], f"{mine.name}'s dice"),
                        dice_pick("opponent_dice", times[1], f"{theirs.name}'s dice"),
                    ],
                    hints=hint,
                )
            )
    return found
