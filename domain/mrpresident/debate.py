"""DEBATE (mr-president.md § DEBATE): on a roll of 7 or doubles the challenger picks
an issue not won before, both debaters risk Ballots face down, roll (twice if
identified with the issue), and the winner casts every risked Ballot; a stalemate
returns each debater's own to be cast by him."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from domain.mrpresident import rules_advanced, rules
from domain.mrpresident.advertising import lucky
from domain.mrpresident.campaign import check_hand, check_on_board, check_votes, end_turn, from_hand, put_in_box, require_turn
from domain.mrpresident.events import Ballot, Debated
from domain.mrpresident.state import MatchState
from domain.mrpresident.tables import MOST_RISKED, CandidateCard
from domain.protocol import IllegalAction


def debaters(state: MatchState, seat: int, office: str) -> tuple[int, CandidateCard, int, CandidateCard]:
    """The challenger's seat and card, the opponent's seat and card (same office)."""
    opponent = state.opponent(seat) if state.four else 1 - seat
    mine = state.seats[seat].cards[state.seats[seat].offices.index(office)]
    theirs = state.seats[opponent].cards[state.seats[opponent].offices.index(office)]
    return seat, mine, opponent, theirs


def card_identified(card: CandidateCard, issue: str) -> bool:
    return any(issue.casefold() == i.casefold() for i in card.issues)


def rolls(dice: Sequence[int]) -> list[int]:
    """The sums of each roll: the dice recorded two by two."""
    return [dice[i] + dice[i + 1] for i in range(0, len(dice) - 1, 2)]


def wins(state: MatchState, card: CandidateCard, dice: Sequence[int]) -> int:
    """DEBATE 5: “To win, you must roll one of the numbers listed for your rating.”"""
    assert state.tables is not None
    numbers = state.tables.debate_wins[str(state.tables.debate_rating(card))]
    return sum(1 for total in rolls(dice) if total in numbers)


def outcome(state: MatchState, event: Debated) -> int | None:
    """The winning seat, or None for a stalemate (“If both debators roll their winning
    number ... If neither rolls his winning number, the issue is stalemated”)."""
    seat = state.current
    assert seat is not None
    challenger, mine, opponent, theirs = debaters(state, seat, event.office)
    ours, others = wins(state, mine, event.dice), wins(state, theirs, event.opponent_dice)
    if ours == others:
        return None
    return challenger if ours > others else opponent


def check_risked(state: MatchState, seat: int, ballots: Sequence[Ballot], least: int) -> None:
    """DEBATE 3-4: one Ballot per region, no more than four, never the “Home State” one."""
    name = state.players[seat]
    check_votes(ballots)
    check_on_board(state, ballots, rules_advanced.DEBATE_RISK)
    if any(b.home_state_card for b in ballots):
        raise IllegalAction('No "Home State" Ballots may be risked', rules_advanced.DEBATE_HOME_STATE)
    regions = [state.board.places[state.board.by_abbr[b.state]].region for b in ballots]
    if len(set(regions)) != len(regions) or len(ballots) > MOST_RISKED:
        raise IllegalAction(f"{name} risks at most one Ballot per region and at most four", rules_advanced.DEBATE_RISK)
    check_hand(state, seat, ballots)
    if len(ballots) < least:
        rule = rules_advanced.DEBATE_CHALLENGER if seat == state.current else rules_advanced.DEBATE_RATING
        raise IllegalAction(f"{name} must risk at least {least} Ballots, not {len(ballots)}", rule)


def casts(state: MatchState, event: Debated) -> list[tuple[int, list[Ballot]]]:
    """Who casts which risked Ballots: the winner all, else each debater his own."""
    seat = state.current
    assert seat is not None
    _, _, opponent, _ = debaters(state, seat, event.office)
    winner = outcome(state, event)
    if winner is None:
        return [(seat, list(event.risked)), (opponent, list(event.opponent_risked))]
    return [(winner, [*event.risked, *event.opponent_risked])]


def check_debated(state: MatchState, event: Debated) -> None:
    """mr-president.md § DEBATE: “If you roll a 7 or doubles, you may use your turn to
    debate”; an issue of the list, not won before; the challenger “must risk four
    Ballots from your hand ... one for each region”; the opponent by his Debate rating;
    the rolls (twice if identified with the issue); the Ballots cast “in the region in
    which they were risked” and recorded unless left unrecorded (or past the state's
    limit, where they cannot be)."""
    if not state.created.ruleset.debates:
        raise IllegalAction("this match's ruleset leaves Debates off", rules.ADVANCED)
    seat = require_turn(state, event.player)
    turn = state.turn
    assert turn is not None and state.tables is not None
    if not lucky(turn.dice):
        raise IllegalAction(f"a roll of {turn.dice[0]} and {turn.dice[1]} is neither 7 nor doubles", rules_advanced.DEBATE_ROLL_FIRST)
    if event.issue not in state.tables.issues:
        raise IllegalAction(f"{event.issue!r} is not an issue on the back of the Tally Board", rules_advanced.DEBATE_ISSUES)
    if event.issue in state.issues_won():
        raise IllegalAction(f"{event.issue} has been won and may not be debated again", rules_advanced.DEBATE_ISSUE)
    if event.office not in state.seats[seat].offices:
        rule = rules_advanced.DEBATE_WHO if not state.four else rules_advanced.DEBATE_OPPONENT
        raise IllegalAction(f"{event.player} runs for {' and '.join(state.seats[seat].offices)}, not {event.office}", rule)
    _, mine, opponent, theirs = debaters(state, seat, event.office)
    four = min(MOST_RISKED, len(state.board.board.regions))
    if len(event.risked) != four:
        raise IllegalAction(f"the challenger must risk four Ballots, one for each region, not {len(event.risked)}", rules_advanced.DEBATE_CHALLENGER)
    check_risked(state, seat, event.risked, four)
    least = state.tables.debate_least_risk[str(state.tables.debate_rating(theirs))]
    check_risked(state, opponent, event.opponent_risked, min(least, state.hands[opponent].total))
    for card, dice in ((mine, event.dice), (theirs, event.opponent_dice)):
        times = 2 if card_identified(card, event.issue) else 1
        if len(dice) != 2 * times or not all(1 <= d <= 6 for d in dice):
            raise IllegalAction(f"{card.name} rolls two dice {times} time{'s' if times > 1 else ''} on {event.issue}", rules_advanced.DEBATE_ROLL)
    # Every risked Ballot is cast, by the winner or (stalemate) by its owner.
    cast = {b.state for b in [*event.risked, *event.opponent_risked]}
    stray = [s for s in event.unrecorded if s not in cast]
    if stray:
        raise IllegalAction(f"no risked Ballot is cast in {', '.join(stray)}", rules_advanced.DEBATE_CAST)


def evolve_debated(state: MatchState, event: Debated) -> MatchState:
    seat = state.current
    assert seat is not None
    _, _, opponent, _ = debaters(state, seat, event.office)
    winner = outcome(state, event)
    plan = casts(state, event)
    state = from_hand(state, seat, event.risked)
    state = from_hand(state, opponent, event.opponent_risked)
    unrecorded = {state.board.by_abbr[s] for s in event.unrecorded}
    for caster, ballots in plan:
        party = state.seats[caster].party
        for ballot in ballots:
            # “do not have to be recorded”: a Ballot past the state's limit cannot be, the others as the caster chooses.
            place = state.board.by_abbr[ballot.state]
            full = state.record[party][place] >= state.board.places[place].entry.limit
            skip = {place} if place in unrecorded or full else set()
            state = put_in_box(state, state.players[caster], party, [ballot], "debate", skip)
    won = None if winner is None else state.seats[winner].party
    state = replace(state, debates=state.debates + ((event.issue, won),))
    return end_turn(state, seat)
