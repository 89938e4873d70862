"""NOMINATION (mr-president.md § ADVANCED GAME): Candidate cards laid out face up
from the match's deck, each player's choice (four players), the nominee settled
by agreement, a deal, the higher Effective Total or a recorded dice roll, and the
running mate from the remaining nine; two players choose both from seven."""

from __future__ import annotations

from msgspec.structs import replace

from domain.mrpresident import rules_advanced, rules
from domain.mrpresident.board import PARTIES
from domain.mrpresident.campaign import require_player
from domain.mrpresident.events import CandidatePicked, CandidatesLaidOut, TicketChosen
from domain.mrpresident.state import MatchState
from domain.protocol import IllegalAction

LAID_OUT = {4: 5, 2: 7}  # cards per player: “five of his party's cards”, “seven cards”


def require_nomination(state: MatchState) -> None:
    if state.incumbent()[0]:
        raise IllegalAction("in the incumbent year the candidates are selected from any of the party's cards", rules_advanced.INCUMBENT_CHALLENGERS)
    if not state.created.ruleset.nomination:
        raise IllegalAction("this match's ruleset leaves Nomination off: the basic SETUP chooses the tickets", rules.ADVANCED)
    if not state.party_of:
        raise IllegalAction("draw the parties before the candidates", rules.PARTY_LOT)


def partners(state: MatchState, party: int) -> list[str]:
    return [name for name, p in zip(state.players, state.party_of) if p == party]


def laid_rule(state: MatchState):
    return rules_advanced.NOMINATION_FOUR if state.four else rules_advanced.NOMINATION_TWO


def check_candidates_laid_out(state: MatchState, event: CandidatesLaidOut) -> None:
    """mr-president.md § NOMINATION: “Each player receives five of his party's cards
    and places them face up, in front of him.” (two players: “places seven cards face
    up”): cards of the party's deck, none laid out twice."""
    require_nomination(state)
    seat = require_player(state, event.player)
    party = state.party_of[seat]
    if event.player in state.laid_out or state.tickets[party] is not None:
        raise IllegalAction(f"{event.player} has laid out Candidate cards already", laid_rule(state))
    want = LAID_OUT[len(state.players)]
    if len(event.cards) != want or len(set(event.cards)) != want:
        raise IllegalAction(f"{event.player} lays out {want} different Candidate cards, not {len(event.cards)}", laid_rule(state))
    assert state.tables is not None
    unknown = [name for name in event.cards if state.tables.card(party, name) is None]
    if unknown:
        raise IllegalAction(f"{', '.join(unknown)} is not a {PARTIES[party]} Candidate card of this match", laid_rule(state))
    taken = {name for who in partners(state, party) for name in state.laid_out.get(who, ())}
    if taken & set(event.cards):
        raise IllegalAction(f"{', '.join(sorted(taken & set(event.cards)))} lies in front of the partner already", laid_rule(state))


def evolve_candidates_laid_out(state: MatchState, event: CandidatesLaidOut) -> MatchState:
    return replace(state, laid_out={**state.laid_out, event.player: tuple(event.cards)})


def all_laid_out(state: MatchState) -> bool:
    """Every player's Candidate cards lie face up: the players “may study their
    opponents' cards” and only “then” pick up their own."""
    return all(player in state.laid_out for player in state.players)


def check_candidate_picked(state: MatchState, event: CandidatePicked) -> None:
    """mr-president.md § NOMINATION: “Each player receives five of his party's cards and
    places them face up, in front of him. Players may study their opponents' cards ...
    Each player then picks up his five cards and, from them, chooses the candidate he
    feels is best qualified.”: no one picks until every player's cards are laid out."""
    require_nomination(state)
    require_player(state, event.player)
    if not state.four:
        raise IllegalAction("two players choose both candidates at once", rules_advanced.NOMINATION_TWO_PICK)
    if not all_laid_out(state):
        waiting = ", ".join(p for p in state.players if p not in state.laid_out)
        raise IllegalAction(f"every player lays out five Candidate cards before anyone picks his up: {waiting} not yet", rules_advanced.NOMINATION_PICK)
    if event.player in state.picked:
        raise IllegalAction(f"{event.player} has chosen a candidate already", rules_advanced.NOMINATION_PICK)
    if event.card not in state.laid_out[event.player]:
        raise IllegalAction(f"{event.card} is not among {event.player}'s five cards", rules_advanced.NOMINATION_PICK)


def evolve_candidate_picked(state: MatchState, event: CandidatePicked) -> MatchState:
    return replace(state, picked={**state.picked, event.player: event.card})


def check_nominated_ticket(state: MatchState, event: TicketChosen) -> None:
    """The ticket under NOMINATION: mr-president.md § NOMINATION: “If no agreement is
    reached, candidate with the higher Effective Total wins the nomination; if Totals
    are equal, dice are rolled ...” “Winning nominee has the right to pick his running
    mate from the remaining nine cards”. The cards are the deck's own."""
    party = PARTIES.index(event.party)
    members = partners(state, party)
    assert state.tables is not None
    for card in (event.president, event.vice_president):
        if state.tables.card(party, card.name) != card:
            raise IllegalAction(f"{card.name} is not a {event.party} Candidate card of this match as printed", rules.CANDIDATES)
    if event.president.name == event.vice_president.name:
        raise IllegalAction("a ticket is two different candidates", rules_advanced.NOMINATION_MATE)
    if not state.four:
        cards = state.laid_out.get(members[0], ())
        if not cards:
            raise IllegalAction(f"{members[0]} lays out seven Candidate cards first", rules_advanced.NOMINATION_TWO)
        if not all_laid_out(state):
            # “Each player may study his opponent's cards ... the player then selects the two”.
            waiting = ", ".join(p for p in state.players if p not in state.laid_out)
            raise IllegalAction(f"both players lay out seven Candidate cards before either selects his two: {waiting} not yet", rules_advanced.NOMINATION_TWO_PICK)
        if event.president.name not in cards or event.vice_president.name not in cards:
            raise IllegalAction(f"{members[0]} selects both candidates from his seven", rules_advanced.NOMINATION_TWO_PICK)
        return
    if any(m not in state.picked for m in members):
        raise IllegalAction(f"{' and '.join(members)} each choose a candidate first", rules_advanced.NOMINATION_PICK)
    by_card = {state.picked[m]: m for m in members}
    if event.president.name not in by_card or by_card[event.president.name] != event.president_player:
        raise IllegalAction("the presidential candidate is one of the two chosen, played by the player who chose him", rules_advanced.NOMINATION_WINNER)
    if event.vice_president_player != next(m for m in members if m != event.president_player):
        raise IllegalAction("the partner plays the running mate", rules.TICKET_FOUR)
    nine = {name for m in members for name in state.laid_out[m]} - {event.president.name}
    if event.vice_president.name not in nine:
        raise IllegalAction(f"{event.vice_president.name} is not among the remaining nine cards", rules_advanced.NOMINATION_MATE)
    other = state.tables.card(party, next(n for n in by_card if n != event.president.name))
    assert other is not None
    mine, theirs = event.president.effective_total, other.effective_total
    if event.settled == "effective total" and mine <= theirs:
        raise IllegalAction(f"{event.president.name}'s Effective Total {mine} is not higher than {theirs}", rules_advanced.NOMINATION_WINNER)
    if event.settled == "dice":
        totals = {name: sum(d) for name, d in event.dice.items()}
        if mine != theirs:
            raise IllegalAction("dice are rolled only when the Effective Totals are equal", rules_advanced.NOMINATION_WINNER)
        if set(totals) != set(members) or any(len(d) != 2 or not all(1 <= x <= 6 for x in d) for d in event.dice.values()):
            raise IllegalAction("record two dice for each partner", rules_advanced.NOMINATION_WINNER)
        if totals[event.president_player] <= totals[event.vice_president_player]:
            raise IllegalAction(f"{event.president_player} did not roll the higher number", rules_advanced.NOMINATION_WINNER)


def check_incumbent_ticket(state: MatchState, event: TicketChosen) -> None:
    """mr-president.md § INCUMBENT YEAR: “the elected President's Candidate card is
    used again but he may change running mates”, “from any of the party's
    Candidates”; “The incumbent announces his choice after the challengers have
    nominated their candidates.” “The challengers may select ... from any of their
    party's Candidate cards.”"""
    party = PARTIES.index(event.party)
    office, president = state.incumbent()
    incumbent = PARTIES.index(office)
    assert state.tables is not None
    for card in (event.president, event.vice_president):
        # The elected President's card is the one he won with (this match's first game may have been the basic one).
        printed = state.in_office if state.in_office is not None and card.name == president and party == incumbent else state.tables.card(party, card.name)
        if printed != card:
            raise IllegalAction(f"{card.name} is not a {event.party} Candidate card of this match as printed", rules_advanced.INCUMBENT_CHALLENGERS)
    if event.president.name == event.vice_president.name:
        raise IllegalAction("a ticket is two different candidates", rules_advanced.INCUMBENT_CARD)
    if party != incumbent:
        return
    if state.tickets[1 - incumbent] is None:
        raise IllegalAction("the challengers nominate their candidates first", rules_advanced.INCUMBENT_LAST)
    if event.president.name != president:
        raise IllegalAction(f"{president} runs for re-election, not {event.president.name}", rules_advanced.INCUMBENT_CARD)
