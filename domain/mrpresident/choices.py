"""What the rules allow now (the protocol's `allowed`): one function per kind of
action, each built on the checks' own helpers so that it agrees with `check`.

The record knows hands and decks as counts only, never which state a Ballot card
lists, so a Ballot's state is offered among the states the rules open (reached,
within the limits), not among the cards held.

Some fields cannot be offered as picks with independent bounds; for them the
Choice carries the decided fields and `hints` saying what the page supplies:

- `hints["ballots"] = {"field": f, "seals": {"P": n, "VP": m}}`: the pick on `f`
  takes states (abbreviations, each at most `limits[state]` times: the room left
  under the party's limit). The page turns each picked state into a Ballot
  `{"seal": s, "state": state}` with at most n President and m Vice President
  seals (the hand; a state's room is shared by both seals, so a pick per seal would
  overrun it), adding `"votes"` (hundred thousands) or leaving them for the tally.
- `hints["remainder"] = {"field": "set_aside", "of": d}`: Absentee Ballots: the
  field is `d` minus the number of Ballots picked.
- `hints["press"] = {"field": "ballots", "most", "room", "seals", ...}`: a Press
  Endorsement's Ballots from the Undecided Voter stack, which the dice and the
  places on the card bound together: at most the sum of the dice and at most
  `most`, only in the places picked (a region stands for its states, listed in
  `regions`), at most
  `room[state]` per state, any seal. The event as listed casts none (“return it to
  the bottom of the Undecided Voter stack”), which is legal.
- `hints["count"] = [{"state", "party", "least", "ballots"}, ...]`: at the tally,
  the totals of Ballots whose votes were left for the count; the event holds
  `least` (the votes already typed in) and the page asks for the counted total.
- `hints["cards"]`: a ticket's two Candidate Cards, typed in from the table
  (home state among `home_states`, `effective_total` the sum of the ratings).
- `hints["text"]`: free-text fields the page may fill from the card; no rule reads them.

Helpers shared with choices_cards_and_tally.py (Headquarters cards, Absentee
Ballots, the tally) live there, so that module imports nothing from this one.
"""

from __future__ import annotations

from itertools import combinations

from domain.mrpresident.choices_advanced import (
    announce_choices,
    fund_raising_choices,
    incumbent_ticket_choices,
    lucky_turn_choices,
    nomination_choices,
)
from domain.mrpresident.board import PARTIES
from domain.mrpresident.campaign import squelching
from domain.mrpresident.choices_cards_and_tally import (
    BOTH_DICE,
    DIE,
    absentee_choices,
    ballots_hint,
    ballots_pick,
    card_choices,
    count_choices,
    room,
    seal_caps,
)
from domain.mrpresident.headquarters import home_states, may_visit
from domain.mrpresident.setup import CANDIDATES, UNDECIDED_PER_CANDIDATE
from domain.mrpresident.state import MatchState
from domain.mrpresident.words import listing
from domain.protocol import Choice, Pick

RATINGS = ["campaign_ability", "financial_support", "press_support", "fund_raising", "advertising"]


def allowed(state: MatchState) -> list[Choice]:
    if state.phase == "setup":
        return setup_choices(state)
    if state.phase == "campaign":
        return campaign_choices(state)
    if state.phase == "absentee":
        return absentee_choices(state)
    if state.phase == "tally":
        return count_choices(state)
    return []


# Setup (mr-president.md § SETUP and § PLAY)


def setup_choices(state: MatchState) -> list[Choice]:
    if not state.party_of:
        found = parties_choices(state)
    else:
        ruleset = state.created.ruleset
        tickets = incumbent_ticket_choices if state.incumbent()[0] else nomination_choices if ruleset.nomination else ticket_choices
        found = [c for party in (0, 1) if state.tickets[party] is None for c in tickets(state, party)]
    # check_undecided_set_aside asks only that the stack is not formed yet: it may
    # come before the parties are drawn.
    if not state.undecided_formed:
        count = UNDECIDED_PER_CANDIDATE * CANDIDATES
        found.append(
            Choice(
                type="UndecidedVotersSetAside",
                label=f"Set aside {count} Undecided Voters",
                event={"type": "UndecidedVotersSetAside", "count": count},
            )
        )
    if None not in state.tickets and state.undecided_formed:
        found += first_player_choices(state)
    return found


def parties_choices(state: MatchState) -> list[Choice]:
    """“Party affiliation is determined by lot or dice roll.”: one choice per split."""
    players = state.players
    found = []
    for republicans in combinations(players, len(players) // 2):
        democrats = [p for p in players if p not in republicans]
        found.append(
            Choice(
                type="PartiesDrawn",
                label=f"Republicans: {listing(list(republicans))}; Democrats: {listing(democrats)}",
                event={"type": "PartiesDrawn", "republican": list(republicans), "democratic": democrats},
            )
        )
    return found


def ticket_choices(state: MatchState, party: int) -> list[Choice]:
    """Four players: one choice per player running for President (“dice are rolled
    to see which player will be the presidential candidate”); two: the party's one
    player plays both cards and says which runs for President."""
    members = [name for name, p in zip(state.players, state.party_of) if p == party]
    orders = [members, members[::-1]] if len(members) == 2 else [["", ""]]
    hints = {
        "cards": {
            "fields": ["president", "vice_president"],
            "home_states": list(state.board.by_abbr),
            "ratings": RATINGS,
            "total": "effective_total",
        }
    }
    found = []
    for president, vice_president in orders:
        who = f": {president} for President, {vice_president} for Vice President" if president else ""
        found.append(
            Choice(
                type="TicketChosen",
                label=f"The {PARTIES[party]} ticket{who}",
                event={
                    "type": "TicketChosen",
                    "party": PARTIES[party],
                    "president_player": president,
                    "vice_president_player": vice_president,
                },
                hints=hints,
            )
        )
    return found


def first_player_choices(state: MatchState) -> list[Choice]:
    """“The two presidential candidates roll the dice to determine who will play first.”"""
    presidents = [t.president_player for t in state.tickets if t is not None]
    return [
        Choice(
            type="FirstPlayerRolled",
            label=f"{name} rolls higher and plays first",
            event={"type": "FirstPlayerRolled", "player": name},
        )
        for name in presidents
    ]


# The campaign (mr-president.md § CAMPAIGNING, § GOING TO CAMPAIGN HEADQUARTERS)


def campaign_choices(state: MatchState) -> list[Choice]:
    seat = state.current
    assert seat is not None
    name = state.players[seat]
    turn = state.turn
    if turn is None:
        return [roll_choice(state, name), *announce_choices(state, name), *rumor_gift_choices(state)]
    if turn.at_headquarters:
        return card_choices(state, seat)
    if turn.raising_funds:
        return fund_raising_choices(state, seat)
    return [*cast_choices(state, seat), *headquarters_choices(state, seat), *lucky_turn_choices(state, seat)]


def roll_choice(state: MatchState, name: str) -> Choice:
    """“After selecting a region, announce your choice and roll the dice.”; in the
    home stretch “each player may select two regions”."""
    regions = list(state.board.by_region)
    most = 2 if state.home_stretch else 1
    return Choice(
        type="DiceRolled",
        label="Choose a region and roll" if most == 1 else "Choose one or two regions and roll",
        player=name,
        event={"type": "DiceRolled", "player": name},
        picks=[
            Pick(field="regions", among=regions, least=1, most=most, label="Region" if most == 1 else "Regions"),
            Pick(field="dice", among=DIE, least=2, most=2, limits=BOTH_DICE, label="Dice"),
        ],
    )


def rumor_gift_choices(state: MatchState) -> list[Choice]:
    """“If the candidate who drew the Rumor card is given cards by his opponent, he
    must cast them immediately but does not record them.”: between turns, by the
    target of an open Rumor who holds Ballots."""
    found = []
    for target in sorted({r.target for r in state.rumors}):
        hand = state.hands[target].total
        if not hand:
            continue
        name = state.players[target]
        drawer = state.players[next(r.drawer for r in state.rumors if r.target == target)]
        rooms = dict.fromkeys(state.board.by_abbr, hand)
        found.append(
            Choice(
                type="RumorBallotsGiven",
                label=f"{name} gives {drawer} Ballots (Rumor)",
                player=name,
                event={"type": "RumorBallotsGiven", "player": name},
                picks=[ballots_pick("Ballots given", rooms, 1, hand)],
                hints=ballots_hint(seal_caps(state.hands[target])),
            )
        )
    return found


def cast_choices(state: MatchState, seat: int) -> list[Choice]:
    """“Each Ballot cast must list one of the three states in which you may
    campaign.” “At least one Ballot must be cast per turn.” Within the limits, except
    in a Rumor's state the player squelches (those Ballots are not recorded)."""
    turn = state.turn
    assert turn is not None
    hand = state.hands[seat].total
    party = state.seats[seat].party
    squelched = squelching(state, seat, turn.reach)
    rooms = {}
    for place in sorted(turn.reach):
        left = hand if place in squelched else min(room(state, party, place), hand)
        if left > 0:
            rooms[state.board.places[place].entry.abbr] = left
    if not rooms:
        return []
    name = state.players[seat]
    return [
        Choice(
            type="BallotsCast",
            label="Cast Ballots in " + listing([state.board.places[state.board.by_abbr[a]].entry.name for a in rooms]),
            player=name,
            event={"type": "BallotsCast", "player": name},
            picks=[ballots_pick("Ballots, one per card, by state", rooms, 1, hand)],
            hints=ballots_hint(seal_caps(state.hands[seat])),
        )
    ]


def headquarters_choices(state: MatchState, seat: int) -> list[Choice]:
    """“You may go to Campaign Headquarters ... when you roll 7, 11 or doubles.” A
    blunder (“cannot cast any Ballots when campaigning”) sends you on any roll: the
    record does not know the cards, so it is always offered. “you may cast any
    Ballots you hold for this state before drawing a Campaign Headquarters card.”"""
    turn = state.turn
    assert turn is not None
    name = state.players[seat]
    hand = state.hands[seat]
    party = state.seats[seat].party
    found = []
    for blundered in ([False] if may_visit(turn.dice) else []) + [True]:
        base = {"type": "HeadquartersVisited", "player": name, "blundered": blundered}
        went = "Blunder: go to Campaign Headquarters" if blundered else "Go to Campaign Headquarters"
        found.append(Choice(type="HeadquartersVisited", label=went, player=name, event=base))
        if not (blundered or state.created.ruleset.home_state_ballots_on_any_visit) or not hand.total:
            continue
        for home in dict.fromkeys(home_states(state, seat)):
            left = min(room(state, party, state.board.by_abbr[home]), hand.total)
            if left > 0:
                found.append(
                    Choice(
                        type="HeadquartersVisited",
                        label=f"{went} and cast Ballots in {state.board.places[state.board.by_abbr[home]].entry.name}",
                        player=name,
                        event={**base, "home_state": home},
                        picks=[ballots_pick(f"Ballots for {home}", {home: left}, 1, left)],
                        hints=ballots_hint(seal_caps(hand)),
                    )
                )
    return found
